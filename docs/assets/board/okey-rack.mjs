// The Okey rack as the visitor arranges it: pure rules, tested under node --test (tests/node/board_okey.test.mjs);
// okey.mjs puts them to work. The order is the page's own (the engine's rack has none): a list of tile notations,
// kept with the save's meta (controller.mjs), so a reload shows the rack as it was left.

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
