// Small helpers of every game's board: elements, handlers, buttons and words; nothing of any one game.
//
// Nothing here talks to the engine. Elements are built with h() (never from HTML
// text, except the engine's own SVG, which svgFrom() parses), so no inline script
// or style ever reaches the page and a strict Content-Security-Policy holds.

const SVG_NS = "http://www.w3.org/2000/svg";

// h("button", {class: "x", onclick: fn, "aria-pressed": "true"}, "text", child, ...)
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  set(element, attributes);
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

export function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  set(element, attributes);
  element.append(...children.flat().filter(Boolean));
  return element;
}

function set(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) listen(element, name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
}

// An element's handlers, one per event type: the element listens once per type and calls the handler it has now,
// so a board drawn again in place (patch.mjs) hands its kept elements the new drawing's handlers (adoptHandlers).
// A handler of a part the boards draw is always given here (or by h() and s()), never by addEventListener.
const HANDLERS = new WeakMap(); // element -> {type: handler}
const LISTENING = new WeakMap(); // element -> the types it listens to

function dispatch(event) {
  return HANDLERS.get(this)?.[event.type]?.call(this, event);
}

function listening(element, type) {
  let types = LISTENING.get(element);
  if (!types) LISTENING.set(element, (types = new Set()));
  if (types.has(type)) return;
  element.addEventListener(type, dispatch);
  types.add(type);
}

export function listen(element, type, handler) {
  listening(element, type);
  HANDLERS.set(element, { ...HANDLERS.get(element), [type]: handler });
}

// `old` stays on the page in place of `fresh`: from now on it has fresh's handlers, and only those (fresh, built
// for one drawing, is dropped: its handlers are old's from now on).
export function adoptHandlers(old, fresh) {
  const handlers = HANDLERS.get(fresh);
  if (!handlers && !HANDLERS.has(old)) return;
  for (const type of Object.keys(handlers ?? {})) listening(old, type);
  HANDLERS.set(old, handlers ?? {});
}

// A log kept scrolled to its newest line, scrolled again only when its lines changed: a log kept on the page
// (patch.mjs) keeps its scroll, and reading its height makes the browser lay the page out at once.
const LOG_LINES = new WeakMap(); // log -> its lines when last scrolled

export function scrollToEnd(log) {
  if (!log) return;
  const lines = [log.childElementCount, log.firstElementChild?.textContent, log.lastElementChild?.textContent].join("|");
  if (LOG_LINES.get(log) === lines) return;
  LOG_LINES.set(log, lines);
  log.scrollTop = log.scrollHeight;
}

// A button of the game interface; its data-key lets the focus find it again after a redraw.
export function button(label, key, onclick, { primary = false, disabled = false } = {}) {
  const kind = primary ? "md-button md-button--primary" : "md-button";
  return h("button", { type: "button", class: kind, "data-key": key, onclick, disabled }, label);
}

// The buttons that step through a replay, in the words `t`; go(name) is the click handler of the button "first",
// "previous", "next" or "last" (state.mjs replayTarget: the step it leads to).
export function replayButtons(t, step, steps, go) {
  return [
    button(t.first, "replay-first", go("first"), { disabled: step === 0 }),
    button(t.previous, "replay-previous", go("previous"), { disabled: step === 0 }),
    button(t.next, "replay-next", go("next"), { disabled: step === steps - 1 }),
    button(t.last, "replay-last", go("last"), { disabled: step === steps - 1 }),
  ];
}

// A question asked before something is lost, with its answers (buttons).
export function confirmGroup(className, question, ...answers) {
  return h("div", { class: className, role: "group", "aria-label": question }, h("p", {}, question), ...answers);
}

// "Continue the game" in the board's loader, before its start button (which then stops being the primary one):
// a click runs chosen() (the page notes what was asked for) and starts the board. Returns the button.
export function addContinue(root, start, label, attributes, chosen) {
  const resume = h("button", { type: "button", ...attributes }, label);
  resume.addEventListener("click", () => {
    chosen();
    resume.hidden = true;
    root.boardLoader.start();
  });
  start.classList.remove("md-button--primary");
  start.before(resume);
  return resume;
}

// The file input that loads a record; onFile(file) is called with the chosen file.
export function recordInput(className, id, onFile) {
  const input = h("input", {
    type: "file",
    accept: ".json,.jsonl,application/json",
    class: className,
    id,
    "data-key": "load",
  });
  listen(input, "change", () => onFile(input.files[0]));
  return input;
}

// Offer `value` (a game record) as a JSON file named `name`.
export function downloadJson(value, name) {
  const blob = new Blob([JSON.stringify(value, null, 2) + "\n"], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// The engine's SVG text (a drawing of the game's table, a diagram) as an element of this document.
export function svgFrom(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  return document.importNode(parsed.documentElement, true);
}

// "Hand {number}" + {number: 2} -> "Hand 2"
export function format(template, values) {
  return template.replace(/\{([a-z_]+)\}/gi, (match, name) => (name in values ? String(values[name]) : match));
}

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
