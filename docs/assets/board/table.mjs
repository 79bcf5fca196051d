// The board's pictures of a game: the table (layout, seats, your hand and moves), the end of a
// hand or of the game, the log and the score sheet. Pure rendering: every function takes the
// engine's view (engine/sniff/board/view.py) and the words (engine/sniff/board/text.py ui_text), and returns
// elements; what a click does comes in as callbacks. The adapter that puts them on the board is game.mjs.

const version = new URL(import.meta.url).search;
const [dom, { hitRadius }, { drawChart }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./chart.mjs${version}`),
]);
const { h, s, listen, svgFrom, format } = dom;

// "3|4" -> "[3|4]", as the engine writes a tile in sentences and button names.
export const tileName = (notation) => `[${notation}]`;

// Pips of each value on a 3 x 3 grid (along the tile, across it), as engine/sniff/svg.py draws them.
const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[1, -1], [-1, 1]],
  3: [[1, -1], [0, 0], [-1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]],
};

// A domino's face, standing up (one half above the other), in the diagrams' colours
// (the .sniff-svg classes of docs/assets/stylesheets/diagrams.css). Decorative: the
// button around it carries the name.
export function tileFace(notation) {
  const [a, b] = notation.split("|").map(Number);
  const face = s("svg", {
    class: "sniff-svg sniff-face",
    viewBox: "0 0 22 42",
    "aria-hidden": "true",
    focusable: "false",
  });
  face.append(s("rect", { class: "tile-body", x: 1, y: 1, width: 20, height: 40, rx: 3, "stroke-width": 1.2 }));
  face.append(s("line", { class: "tile-divider", x1: 4, y1: 21, x2: 18, y2: 21, "stroke-width": 1.2 }));
  [a, b].forEach((value, half) => {
    const cy = 11 + half * 20;
    for (const [along, across] of PIPS[value]) {
      face.append(s("circle", { class: "pip", cx: 11 + across * 5, cy: cy + along * 5, r: 1.9 }));
    }
  });
  return face;
}

// The back of a tile: someone else's, face down.
export const tileBack = () => h("span", { class: "sniff-back", "aria-hidden": "true" });

// The engine's SVG of the layout, with the places the selected tile may go made clickable.
// options: [{action, target, side, label}] of one tile; choose(action) when one is clicked.
// Clicks anywhere else change nothing. Keyboard users have the move buttons instead.
// An empty layout has no SVG (null): an empty table says so in words.
export function layoutPicture(svgText, options, choose, empty) {
  if (!svgText) return h("p", { class: "sniff-live-empty", "data-layout": "" }, empty);
  const svg = svgFrom(svgText);
  svg.classList.add("sniff-live");
  const marks = svg.querySelector(".marks") ?? svg;
  const places = [];
  for (const option of options) {
    const join = svg.querySelector(`.join[data-tile="${option.target}"][data-side="${option.side}"]`);
    if (!join) continue;
    join.classList.add("is-option");
    places.push({ option, x: Number(join.getAttribute("cx")), y: Number(join.getAttribute("cy")) });
  }
  // Each place: a target as large as its neighbours allow (44 px across at MIN_SCALE when they are far apart), and a
  // dashed ring of the drawing's own size that shows it.
  const r = hitRadius(places, { ring: RING, largest: TARGET_PX / 2 / MIN_SCALE });
  for (const { option, x, y } of places) {
    const hit = s("circle", { class: "join-hit", cx: x, cy: y, r, "data-action": option.action });
    hit.append(s("title", {}, option.label));
    marks.append(hit, s("circle", { class: "join-ring", cx: x, cy: y, r: RING, "aria-hidden": "true" }));
  }
  listen(svg, "click", (event) => {
    const hit = event.target.closest?.(".join-hit");
    if (hit) choose(hit.dataset.action);
  });
  // On a narrow screen the layout keeps at least MIN_SCALE of its drawn size, so pips and joins stay large enough to
  // see and tap (game.css), and the table pans instead (set through the CSSOM, which a strict CSP allows).
  const width = Number((svg.getAttribute("viewBox") ?? "").split(/[\s,]+/)[2]);
  if (width > 0) {
    svg.style.setProperty("--sniff-natural-width", `${Math.round(width)}px`);
    svg.style.setProperty("--sniff-min-width", `${Math.round(width * MIN_SCALE)}px`);
  }
  return svg;
}

// The smallest share of its drawn size a layout is shown at on a narrow screen: pips (r = 3.78) are then 5.7 px
// across, a join's ring (r = RING) 30 px, its target up to TARGET_PX.
export const MIN_SCALE = 0.75;
const RING = 20;
const TARGET_PX = 44;

// Keep in view what matters on a table that pans: a place of the selected tile, else the tile placed last. A table
// already showing one is left where the visitor put it (`panned`: its scroll before the table was drawn anew).
// A table that pans is a region the keyboard can reach and scroll (`label` names it). On any screen, the places
// of the selected tile stay in the window (keepInWindow).
export function follow(table, panned = 0, label = "") {
  if (!table) return;
  const pans = table.scrollWidth > table.clientWidth + 1;
  for (const [name, value] of [["tabindex", "0"], ["role", "region"], ["aria-label", label]]) {
    if (pans) table.setAttribute(name, value);
    else table.removeAttribute(name);
  }
  const hits = [...table.querySelectorAll(".join-hit")];
  if (pans) pan(table, panned, hits.length ? hits : [...table.querySelectorAll(".last-halo")]);
  keepInWindow(hits);
}

function pan(table, panned, marks) {
  table.scrollLeft = panned;
  if (!marks.length) return;
  const box = table.getBoundingClientRect();
  const boxes = marks.map((mark) => mark.getBoundingClientRect());
  if (boxes.some((mark) => mark.left >= box.left && mark.right <= box.right)) return;
  const middle = (boxes[0].left + boxes[0].right) / 2 - box.left + table.scrollLeft;
  table.scrollLeft = Math.max(0, middle - table.clientWidth / 2);
}

// The selected tile's places in the window, none hidden under the page's sticky header (Material's .md-header) or
// below the fold: when the layout grew, the page scrolls to the nearest, the least it can. A window showing one
// already is left as it is.
const MARGIN_PX = 12;
export function keepInWindow(marks) {
  if (!marks.length) return;
  const top = Math.max(0, document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0);
  const bottom = window.innerHeight;
  const boxes = marks.map((mark) => mark.getBoundingClientRect());
  if (boxes.some((mark) => mark.top >= top && mark.bottom <= bottom)) return;
  const distance = (mark) => (mark.top < top ? mark.top - top - MARGIN_PX : mark.bottom - bottom + MARGIN_PX);
  const nearest = boxes.reduce((best, mark) => (Math.abs(distance(mark)) < Math.abs(distance(best)) ? mark : best));
  window.scrollBy({ top: distance(nearest), behavior: "instant" });
}

// A tile you may click: its face, its name "[3|4]"; aria-pressed when selected.
export function tileButton(notation, { playable, selected, onclick }) {
  return h(
    "button",
    {
      type: "button",
      class: "sniff-tile" + (playable ? " is-playable" : "") + (selected ? " is-selected" : ""),
      "aria-pressed": selected ? "true" : "false",
      "aria-disabled": playable ? null : "true",
      "data-tile": notation,
      "data-key": `tile:${notation}`,
      onclick,
    },
    tileFace(notation),
    h("span", { class: "sniff-tile__name" }, tileName(notation)),
  );
}

export function moveButton(move, { selected, onclick }) {
  return h(
    "button",
    {
      type: "button",
      class: "md-button sniff-move" + (selected ? " is-selected" : ""),
      "data-action": move.action,
      "data-key": `move:${move.action}`,
      onclick,
    },
    move.label,
  );
}

function faces(tiles) {
  const face = (tile) => h("span", { class: "sniff-face-small", title: tileName(tile) }, tileFace(tile));
  return h("span", { class: "sniff-faces" }, tiles.map(face));
}

const button = (label, attributes) =>
  h("button", { type: "button", class: "md-button md-button--primary", ...attributes }, label);

// The scores and the other seats: names, tile counts (faces hidden), whose turn.
export function seatsPanel(view, text, { reveal }) {
  const score = (side, index) =>
    h(
      "li",
      { "data-side": index },
      h("span", { class: "sniff-play__side" }, side.name),
      " ",
      h("strong", { "data-score": side.score }, String(side.score)),
    );
  // The visitor's own seat is view.me (seat 0 against the bots; an online table's second seat is 1; none for a
  // spectator): its tiles are in its hand below, so the strip leaves it out until a hand's end reveals every seat.
  const me = view.me;
  const seat = (seat, index) => {
    if (index === me && !reveal) return null;
    const shown = seat.tiles !== null && (reveal || index !== me);
    const backs = () => h("span", { class: "sniff-backs" }, Array.from({ length: seat.count }, tileBack));
    return h(
      "li",
      { class: "sniff-seat" + (seat.current ? " is-current" : ""), "data-seat": index, "data-count": seat.count },
      h("span", { class: "sniff-seat__name" }, seat.name),
      " ",
      h("span", { class: "sniff-seat__count" }, seat.countText),
      shown && seat.tiles.length ? faces(seat.tiles) : backs(),
    );
  };
  return h(
    "div",
    { class: "sniff-play__people" },
    h("ul", { class: "sniff-play__scores" }, view.sides.map(score)),
    h("ul", { class: "sniff-play__seats" }, view.seats.map(seat)),
  );
}

// "Why did that score?": the counted values behind the last placement's score.
export function hintPanel(view, text, { open, toggle }) {
  const toggleButton = h(
    "button",
    {
      type: "button",
      class: "sniff-play__hint-button",
      "aria-expanded": open ? "true" : "false",
      "aria-controls": "sniff-play-hint",
      "data-key": "hint",
      onclick: toggle,
    },
    text.hint,
  );
  const body = h("div", { id: "sniff-play-hint", class: "sniff-play__hint-text", hidden: !open });
  if (view.hint) {
    const counted = (end) => h("li", { "data-tile": end.tile, "data-side": end.side }, end.text);
    // Element.append writes a null as the text "null": only what there is goes in.
    const parts = [
      h("p", {}, h("strong", {}, view.hint.heading), " ", view.hint.caption),
      h("ul", { class: "sniff-play__counted" }, view.hint.counted.map(counted)),
      // Classic Sniff scores in fives: "In fives: 15 → 3 points."
      view.hint.fives ? h("p", { "data-play-fives": "" }, view.hint.fives) : null,
    ];
    body.append(...parts.filter(Boolean));
  } else {
    body.append(h("p", {}, text.hintNone));
  }
  return h("div", { class: "sniff-play__hint" }, toggleButton, body);
}

export function logPanel(view, text) {
  const lines = view.log.map((line) => h("li", {}, line));
  const list = h("ol", { class: "sniff-play__log", tabindex: "0", "aria-label": text.log }, lines);
  return h("section", { class: "sniff-play__box" }, h("h3", {}, text.log), list);
}

// The score sheet: a column per side, a row per hand: each scoring placement, the deductions, the total.
export function sheetPanel(view, text) {
  const hands = view.sheet[0]?.hands ?? [];
  const row = (hand, index) =>
    h(
      "tr",
      { "data-hand": hand.number },
      h(
        "th",
        { scope: "row" },
        format(text.hand, { number: hand.number }),
        hand.over ? null : h("span", { class: "sniff-sheet__live" }, ` (${text.inPlay})`),
      ),
      view.sheet.map((side, sideIndex) => sheetCell(side.hands[index], sideIndex, view, text)),
    );
  const table = h(
    "table",
    { class: "sniff-sheet" },
    h("thead", {}, h("tr", {}, h("td"), view.sides.map((side) => h("th", { scope: "col" }, side.name)))),
    h("tbody", {}, hands.map(row)),
  );
  return h(
    "section",
    { class: "sniff-play__box" },
    h("h3", {}, text.sheet),
    // A long game scrolls within the sheet, which the keyboard can reach.
    h("div", { class: "sniff-sheet__scroll", tabindex: "0", role: "region", "aria-label": text.sheet }, table),
  );
}

function sheetCell(row, side, view, text) {
  // With partners, each entry says whose it is.
  const who = (seat) => (view.partnerships ? `${view.seats[seat].name} ` : "");
  const entries = row.entries.map((entry) =>
    h(
      "li",
      { "data-points": entry.points, "data-seat": entry.seat },
      h("span", { class: "sniff-sheet__points" }, `+${entry.points}`),
      " ",
      who(entry.seat),
      tileName(entry.tile),
    ),
  );
  // A deduction of 0 costs nothing: the end of the hand shows it, the sheet needn't.
  const deductions = row.deductions
    .filter((d) => d.deduction)
    .map((d) =>
      h(
        "li",
        { class: "sniff-sheet__deduction", "data-deduction": d.deduction, "data-seat": d.seat },
        h("span", { class: "sniff-sheet__points" }, `−${d.deduction}`),
        " ",
        who(d.seat),
        h("span", { class: "sniff-sheet__rounding" }, `${d.pips} → ${d.deduction}`),
      ),
    );
  // Classic Sniff: the hand's winner scores the award ("+5 award: 26 → 25 ÷ 5").
  const award = row.award
    ? h(
        "li",
        { class: "sniff-sheet__award", "data-award": row.award.points, "data-seat": row.award.seat },
        h("span", { class: "sniff-sheet__points" }, `+${row.award.points}`),
        " ",
        who(row.award.seat),
        h("span", { class: "sniff-sheet__rounding" }, row.award.text),
      )
    : null;
  const listed = entries.length || deductions.length || award;
  return h(
    "td",
    { "data-side": side },
    listed ? h("ul", { class: "sniff-sheet__entries" }, entries, deductions, award) : null,
    h(
      "p",
      { class: "sniff-sheet__total" },
      `${text.total} `,
      h("strong", { "data-total": row.total }, String(row.total)),
    ),
  );
}

// The end of a hand: every hand shown, each deduction with its rounding, and Next hand.
export function handEndPanel(view, text, { nextHand, canDeal }) {
  const end = view.handEnd;
  // A seat's line: its name, its tiles left, and what they cost or count.
  const seatLine = (entry, data) => {
    const tiles = view.seats[entry.seat].tiles;
    const name = h("strong", {}, view.seats[entry.seat].name);
    return h("li", { "data-seat": entry.seat, ...data }, name, " ", tiles.length ? faces(tiles) : null, " ", entry.text);
  };
  const deduction = (d) => seatLine(d, { "data-deduction": d.deduction });
  // Classic Sniff: no deductions; every seat's tiles left, then the award with its arithmetic.
  const remaining = (r) => seatLine(r, { "data-pips": r.pips });
  return h(
    "section",
    { class: "sniff-play__end", "aria-labelledby": "sniff-play-end-title" },
    h("h3", { id: "sniff-play-end-title" }, text.handOver),
    h("p", {}, end.lines[0]),
    end.deductions.length ? h("ul", { class: "sniff-play__deductions" }, end.deductions.map(deduction)) : null,
    end.remaining?.length ? h("ul", { class: "sniff-play__deductions" }, end.remaining.map(remaining)) : null,
    end.award ? h("p", { "data-play-award": end.award.points ?? "" }, end.award.text) : null,
    end.lines.length > 1 ? h("p", {}, end.lines.at(-1)) : null,
    nextHand && canDeal ? button(text.nextHand, { "data-key": "next-hand", onclick: nextHand }) : null,
  );
}

// The end of the game: the winner and the chart of the scores, hand by hand.
export function gameEndPanel(view, text, { newGame }) {
  return h(
    "section",
    { class: "sniff-play__end sniff-play__end--game", "aria-labelledby": "sniff-play-over-title" },
    h("h3", { id: "sniff-play-over-title" }, text.gameOver),
    h("p", { class: "sniff-play__winner" }, view.gameEnd.text),
    drawChart(view.gameEnd.chart),
    newGame ? button(text.newGame, { "data-key": "new-game-end", onclick: newGame }) : null,
  );
}
