"""A board drawn again in place (docs/assets/board/patch.mjs), in Chromium: what stays, what changes, and what a
kept element does when it is used after the drawing. One page of the built site loads the module, and each case
builds its trees with the boards' own h() (dom.mjs)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

#: Each case returns what it found; the test compares it with what it must be.
CASES = """async () => {
  const { h, listen } = await import("/assets/board/dom.mjs");
  const { patch } = await import("/assets/board/patch.mjs");
  const root = h("div", {});
  document.body.append(root);
  const found = {};
  const draw = (...children) => patch(root, children);

  // Same kinds, by place: the nodes stay and take the new text and attributes; an attribute the new one lacks goes.
  draw(h("p", { class: "a", title: "old" }, "one"), h("p", {}, "two"));
  const [p1, p2] = root.children;
  draw(h("p", { class: "a is-b" }, "uno"), h("p", { hidden: true }, "due"), h("p", {}, "tre"));
  found.kept = root.children[0] === p1 && root.children[1] === p2;
  found.html = root.innerHTML;

  // Keyed elements are matched by key, wherever they moved; one whose key is gone goes with it.
  draw(...["a", "b", "c"].map((key) => h("button", { "data-key": key }, key)));
  const [a, b, c] = root.children;
  draw(...["c", "x", "a"].map((key) => h("button", { "data-key": key }, key.toUpperCase())));
  found.keyed = [root.children[0] === c, root.children[2] === a, b.isConnected, root.textContent];

  // Elements without a key are matched by kind (name, first class) from where the last one was found: a part that
  // comes or goes between two drawings leaves the others as they were; a slot whose children are its owner's
  // (data-patch-keep) never stands for another part, nor another part for it.
  const parts = (moves) => [
    h("div", { class: "status" }, "turn"),
    moves ? h("section", { class: "moves" }, h("p", {}, "a move")) : null,
    h("div", { class: "slot", "data-patch-keep": "" }),
    h("section", { class: "log is-long" }, h("ol", {}, h("li", {}, "line"))),
  ].filter(Boolean);
  draw(...parts(true));
  const [status, moves, slot, logBox] = root.children;
  slot.append(h("p", {}, "message"));
  draw(...parts(false));
  const after = [...root.children];
  draw(...parts(true));
  found.kinds = [
    after[0] === status && after[1] === slot && after[2] === logBox,
    root.children[1] !== moves && root.children[2] === slot && root.children[3] === logBox,
    slot.textContent,
    root.querySelectorAll("ol").length,
  ];

  // Another kind in the same place: the node is replaced (an element by another name, an input of another type).
  draw(h("div", {}, "x"), h("input", { type: "checkbox" }));
  const [div, box] = root.children;
  draw(h("span", {}, "x"), h("input", { type: "radio" }));
  const [span, radio] = root.children;
  found.replaced = [span !== div, span.localName, radio !== box, radio.type];

  // Handlers: the kept element runs the new drawing's handler, and no other; one the new drawing lacks is gone.
  const calls = [];
  draw(h("button", { "data-key": "go", onclick: () => calls.push("old"), onfocus: () => calls.push("focus") }, "Go"));
  const go = root.firstChild;
  draw(h("button", { "data-key": "go", onclick: () => calls.push("new") }, "Go"));
  go.click();
  go.focus();
  found.handlers = [root.firstChild === go, calls];

  // A handler given with listen(), as the Sniff table's SVG has one: the same.
  const svgCalls = [];
  const svg = (name) => {
    const e = h("div", { class: "table" });
    listen(e, "click", () => svgCalls.push(name));
    return e;
  };
  draw(svg("first"));
  const table = root.firstChild;
  draw(svg("second"));
  table.click();
  found.listen = [root.firstChild === table, svgCalls];

  // The focus, and a scroll position, stay on an element that stays.
  const list = (n) => {
    const log = h("ol", { class: "log" }, [...Array(n).keys()].map((i) => h("li", {}, `line ${i}`)));
    log.style.height = "60px"; // (through the CSSOM, as the boards do)
    log.style.overflow = "auto";
    return log;
  };
  draw(h("button", { "data-key": "focus" }, "Focus"), list(40));
  root.firstChild.focus();
  const log = root.lastChild;
  log.scrollTop = 100;
  draw(h("button", { "data-key": "focus" }, "Focus again"), list(41));
  const button = root.firstChild;
  found.focus = [document.activeElement === button, button.textContent, root.lastChild === log, log.scrollTop];
  found.focus.push(log.children.length);

  // A part the board keeps (on the page already) goes in as it is, its own children untouched; an element with
  // data-patch-keep keeps its children.
  const kept = h("section", { "data-part": "kept" }, h("p", {}, "the owner's"));
  draw(h("div", { "data-patch-keep": "", class: "slot" }), kept);
  root.firstChild.append(h("p", { class: "message" }, "a message"));
  const part = kept.firstChild;
  draw(h("div", { "data-patch-keep": "", class: "slot is-open" }), h("p", {}, "before"), kept);
  const owned = root.firstChild;
  found.parts = [root.children[2] === kept, kept.firstChild === part, kept.textContent, owned.textContent];
  found.parts.push(owned.className);

  // Form controls show what the new drawing says, whatever the visitor did to the kept ones.
  const controls = () => [
    h("input", { type: "checkbox", checked: true }),
    h("select", {}, h("option", { value: "1" }, "1"), h("option", { value: "2", selected: true }, "2")),
  ];
  draw(...controls());
  const [check, select] = root.children;
  check.checked = false;
  select.value = "1";
  draw(...controls());
  found.form = [root.children[0] === check, check.checked, root.children[1] === select, select.value];

  root.remove();
  return found;
}"""


def test_a_board_drawn_again_keeps_its_nodes_and_takes_the_new_drawing(page, site_url):
    page.goto(site_url + "/")
    found = page.evaluate(CASES)
    assert found["kept"] is True
    assert found["html"] == '<p class="a is-b">uno</p><p hidden="">due</p><p>tre</p>'
    assert found["keyed"] == [True, True, False, "CXA"]
    assert found["kinds"] == [True, True, "message", 1]
    assert found["replaced"] == [True, "span", True, "radio"]
    assert found["handlers"] == [True, ["new"]]
    assert found["listen"] == [True, ["second"]]
    assert found["focus"] == [True, "Focus again", True, 100, 41]
    assert found["parts"] == [True, True, "the owner's", "a message", "slot is-open"]
    assert found["form"] == [True, True, True, "2"]
