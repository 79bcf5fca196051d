// The Okey table's pure parts under Node's own test runner (docs/assets/board/okey-rack.mjs): where each seat
// sits, the rack's two rows, a tile's face as the diagrams draw it, and what the unassisted table offers.
//
//   node --test tests/node/board_okey_table.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

import { PLACES, faceOf, layoffsOf, otherRow, rackRows, shownMoves } from "../../docs/assets/board/okey-rack.mjs";

test("play passes from you to East, North, West: East sits on your right, North opposite", () => {
  assert.deepEqual(PLACES, ["south", "east", "north", "west"]);
});

test("the rack is two rows, the first as long as the second or one longer", () => {
  assert.deepEqual(rackRows(15), [[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]]);
  assert.deepEqual(rackRows(14).map((row) => row.length), [7, 7]);
  assert.deepEqual(rackRows(1), [[0], []]);
  assert.deepEqual(rackRows(0), [[], []]);
});

test("Alt+Up and Alt+Down move a tile to the same place in the other row, or its end", () => {
  // 15 tiles: the top row 0-7, the bottom row 8-14.
  assert.equal(otherRow(15, 2, true), 10);
  assert.equal(otherRow(15, 10, false), 2);
  assert.equal(otherRow(15, 7, true), 14); // the bottom row is one shorter: its last place
  assert.equal(otherRow(15, 2, false), null); // already in the top row
  assert.equal(otherRow(15, 12, true), null); // already in the bottom row
  assert.equal(otherRow(1, 0, true), null); // no bottom row
});

test("a tile's face: its number, its colour's symbol, the okey's and the false joker's marks", () => {
  const marks = { okey: "★", falseJoker: "♣" };
  assert.deepEqual(faceOf("R7", { okey: "K9", marks }), { colour: "r", number: "7", symbol: "●", mark: "" });
  assert.equal(faceOf("B12").symbol, "■");
  assert.equal(faceOf("K1").symbol, "▲");
  assert.equal(faceOf("Y13").symbol, "◆");
  // The okey in the rack: its own face with the okey's mark.
  assert.deepEqual(faceOf("K9", { okey: "K9", marks }), { colour: "k", number: "9", symbol: "▲", mark: "★" });
  // An okey standing for B8 in a meld: the blue 8 it stands for, marked.
  assert.deepEqual(faceOf("*B8", { okey: "K9", marks, inMeld: true }), {
    colour: "b",
    number: "8",
    symbol: "■",
    mark: "★",
    stands: true,
  });
  // A false joker alone is its mark, never the okey's star; in a meld, the okey's face with the false joker's mark.
  assert.deepEqual(faceOf("FJ", { okey: "K9", marks }), { colour: "fj", number: "", symbol: "", mark: "♣" });
  assert.deepEqual(faceOf("FJ", { okey: "K9", marks, inMeld: true }), {
    colour: "k",
    number: "9",
    symbol: "▲",
    mark: "♣",
    stands: true,
  });
});

const ACTIONS = [
  { action: "draw", kind: "draw" },
  { action: "meld R1 R2 R3", kind: "melds", tiles: ["R1", "R2", "R3"] },
  { action: "pairs ...", kind: "pairs", tiles: [] },
  { action: "layoff B5 on 5", kind: "layoff", tile: "B5", to: 5 },
  { action: "layoff B5 on 2", kind: "layoff", tile: "B5", to: 2 },
  { action: "layoff *B9 on 5", kind: "layoff", tile: "K9", to: 5 },
  { action: "seize K10 on 2", kind: "seize", tile: "K10", to: 2 },
  { action: "discard R7", kind: "discard", tile: "R7" },
];

test("the unassisted table shows no solver's lay-down and no one-tap lay-off; the assisted one lays off at the meld", () => {
  assert.deepEqual(
    shownMoves(ACTIONS, false).map((move) => move.kind),
    ["draw", "seize", "discard"],
  );
  assert.deepEqual(
    shownMoves(ACTIONS, true).map((move) => move.kind),
    ["draw", "melds", "pairs", "seize", "discard"],
  );
});

test("a selected tile and a meld make the lay-offs of that tile on that meld, or none", () => {
  assert.deepEqual(layoffsOf(ACTIONS, "B5", 5).map((move) => move.action), ["layoff B5 on 5"]);
  assert.deepEqual(layoffsOf(ACTIONS, "B5", 3), []);
  assert.deepEqual(layoffsOf(ACTIONS, "R7", 5), []); // a discard is no lay-off
  assert.deepEqual(layoffsOf(ACTIONS, "K9", 5).map((move) => move.action), ["layoff *B9 on 5"]);
});
