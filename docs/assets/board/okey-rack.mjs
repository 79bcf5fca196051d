// The Okey rack as the visitor arranges it: pure rules, tested under node --test (tests/node/board_okey_table.test.mjs,
// board_slots.test.mjs); okey-hand.mjs puts them to work. The order is the page's own (the engine's rack has none):
// a list of tile notations, kept with the save's meta, so a reload shows the rack as it was left.

export const TILE = /^(?:[RBKY](?:1[0-3]|[1-9])|FJ)$/;

// A stored order, checked: a list of tiles, or none.
export const checkOrder = (order) =>
  Array.isArray(order) && order.every((tile) => typeof tile === "string" && TILE.test(tile)) ? order : [];

// Put `order` (the player's arrangement) in line with `rack`: tiles still there keep their places, new ones go last.
export function reconcile(order, rack) {
  const left = new Map();
  for (const tile of rack) left.set(tile, (left.get(tile) ?? 0) + 1);
  const kept = [];
  for (const tile of [...order, ...rack]) {
    if (left.get(tile) > 0) {
      kept.push(tile);
      left.set(tile, left.get(tile) - 1);
    }
  }
  return kept;
}

// The tile at `index` moved to `to`: the new order, and the selection (a set of indexes) following its tiles.
// Out of range or in place: null (nothing moves).
export function moveTile(order, selected, index, to) {
  if (!Number.isInteger(index) || !Number.isInteger(to) || to < 0 || to >= order.length || index === to) return null;
  const moved = [...order];
  const [tile] = moved.splice(index, 1);
  moved.splice(to, 0, tile);
  const following = new Set();
  for (const i of selected) {
    if (i === index) continue;
    let j = i > index ? i - 1 : i;
    if (j >= to) j += 1;
    following.add(j);
  }
  if (selected.has(index)) following.add(to);
  return { order: moved, selected: following };
}

// The log of the round with the table's own lines (a bot played the visitor's turn when the timer ran out) put
// where they happened: notes are {round, at, text}, `at` the length the log had then.
export function logWithNotes(log, notes, round) {
  const lines = [...log];
  const here = notes.filter((note) => note.round === round).sort((a, b) => a.at - b.at);
  here.forEach((note, shift) => lines.splice(Math.min(note.at + shift, lines.length), 0, note.text));
  return lines;
}

// --- the table's layout and what the visitor may do on it -------------------------------------------------------

// Where each seat sits, seen from the visitor (seat 0) at the bottom: play passes to East (on the right), North
// (opposite: the partner in pairs), West.
export const PLACES = ["south", "east", "north", "west"];

// The rack as a real one: two rows, the first as long as the second or one tile longer; indexes into the order.
export function rackRows(length) {
  const first = Math.ceil(length / 2);
  const all = Array.from({ length }, (_, index) => index);
  return [all.slice(0, first), all.slice(first)];
}

// The tile one row up or down (Alt+Up, Alt+Down): the same place in the other row, or its last tile; null at an edge.
export function otherRow(length, index, down) {
  const [top, bottom] = rackRows(length);
  const inTop = index < top.length;
  if (down !== inTop) return null;
  const row = down ? bottom : top;
  if (!row.length) return null;
  const place = inTop ? index : index - top.length;
  return row[Math.min(place, row.length - 1)];
}

// A tile's face as the diagrams draw it (engine/okey/render/svg.py): its number in its colour with the colour's
// symbol under it, the okey with `marks.okey`, a false joker alone with `marks.falseJoker`, and in a meld (`*B8`,
// or FJ standing for the okey's face) the tile it stands for with its mark at the top.
export const SYMBOLS = { R: "●", B: "■", K: "▲", Y: "◆" };

export function faceOf(code, { okey = null, marks = {}, inMeld = false } = {}) {
  const wild = code.startsWith("*");
  const tile = wild ? code.slice(1) : code;
  if (tile === "FJ") {
    if (!inMeld || !okey || !TILE.test(okey)) return { colour: "fj", number: "", symbol: "", mark: marks.falseJoker ?? "" };
    return { ...faceOf(okey), mark: marks.falseJoker ?? "", stands: true };
  }
  const colour = tile[0];
  const face = { colour: colour.toLowerCase(), number: tile.slice(1), symbol: SYMBOLS[colour] ?? "", mark: "" };
  if (wild) return { ...face, mark: marks.okey ?? "", stands: true };
  if (tile === okey) return { ...face, mark: marks.okey ?? "" };
  return face;
}

// The moves shown as buttons: the unassisted table neither lays down the solver's melds nor lays off in one tap (the
// visitor selects tiles and lays them down, or a tile and a meld); the assisted one lays off at the meld.
export function shownMoves(actions, assisted) {
  const hidden = assisted ? ["layoff"] : ["layoff", "melds", "pairs"];
  return actions.filter((move) => !hidden.includes(move.kind));
}

// The lay-offs of the selected tile (one: its notation) on the meld `to`: the moves to send, none when it does not fit.
export function layoffsOf(actions, tile, to) {
  return actions.filter((move) => move.kind === "layoff" && move.tile === tile && move.to === to);
}
