// A board drawn again in place: the new tree (built by dom.mjs h() and s(), or parsed from the engine's SVG) is laid
// over the one on the page, node by node, and only what differs changes. The nodes that stay keep what the page
// gave them: the focus, a scroll position, a drag in progress, the browser's layout of everything that did not
// change. A rebuilt board lost all of that at every tap (a selected tile redrew the whole board).
//
// patch(parent, fresh) makes parent's children look like the nodes `fresh` (detached, built for this drawing):
//   - a node is kept when the new one is like it (alike() below); it then takes the new one's text, attributes,
//     form state and handlers (dom.mjs listen), and its children are patched in turn;
//   - elements with a data-key (the buttons, the tiles) are matched by it among their siblings, the others by
//     place: each with the first one like it from where the last one was found (a part that came or went
//     between two drawings leaves the others where they were);
//   - a node in `fresh` that is on the page already (a part the board keeps, such as the review's panel) goes where
//     it belongs as it is; its children are its owner's;
//   - an element with data-patch-keep keeps its children (their owner places them: the board's message slot).

const { adoptHandlers } = await import(`./dom.mjs${new URL(import.meta.url).search}`);

const keyOf = (node) => (node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null);

// Whether `old` may stand for the new node `fresh`: a text for a text; an element of the same name and namespace
// (an input of the same type), whose children are its own or not alike (data-patch-keep), and, unless a key
// matched them, the same first class (the part it is: "<block>__mine" whether or not it is the visitor's turn;
// a class the page's scripts add later, such as "focus-visible", comes after it).
function alike(old, fresh, keyed) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return true;
  if (old.localName !== fresh.localName || old.namespaceURI !== fresh.namespaceURI) return false;
  if (old.localName === "input" && old.type !== fresh.type) return false;
  if (old.hasAttribute("data-patch-keep") !== fresh.hasAttribute("data-patch-keep")) return false;
  return keyed || !fresh.classList[0] || old.classList[0] === fresh.classList[0];
}

export function patch(parent, fresh) {
  const keyed = new Map();
  for (const node of parent.childNodes) {
    const key = keyOf(node);
    if (key !== null && !keyed.has(key)) keyed.set(key, node);
  }
  // Every node before `next` is done; from `next` on, none is taken yet.
  let next = parent.firstChild;
  for (const node of fresh) {
    let placed = node;
    if (!node.isConnected) {
      const key = keyOf(node);
      let old = null;
      if (key !== null) {
        old = keyed.get(key);
        if (old && alike(old, node, true)) keyed.delete(key);
        else old = null;
      } else for (old = next; old && (keyOf(old) !== null || !alike(old, node, false)); old = old.nextSibling);
      if (old) {
        update(old, node);
        placed = old;
      }
    }
    if (placed === next) next = next.nextSibling;
    else parent.insertBefore(placed, next);
  }
  while (next) {
    const after = next.nextSibling;
    next.remove();
    next = after;
  }
}

function update(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) === value) continue;
    // A style goes through the CSSOM, as the boards set it: a strict Content-Security-Policy refuses style attributes.
    if (name === "style") old.style.cssText = fresh.style.cssText;
    else old.setAttribute(name, value);
  }
  adoptHandlers(old, fresh);
  if (!old.hasAttribute("data-patch-keep")) patch(old, [...fresh.childNodes]);
  formState(old, fresh);
}

// A control shows what its new attributes say, as a control built anew would (a file input keeps its file).
function formState(old, fresh) {
  switch (old.localName) {
    case "input":
      if (old.type === "file") return;
      if (old.checked !== fresh.checked) old.checked = fresh.checked;
      if (old.value !== fresh.value) old.value = fresh.value;
      return;
    case "option":
      if (old.selected !== fresh.selected) old.selected = fresh.selected;
      return;
    case "select":
      if (old.selectedIndex !== fresh.selectedIndex) old.selectedIndex = fresh.selectedIndex;
      return;
    case "textarea":
      if (old.value !== fresh.value) old.value = fresh.value;
  }
}
