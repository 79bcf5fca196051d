// The pure parts of the board controller under Node's own test runner: which saved game a tab plays
// (docs/assets/board/slots.mjs), the move timer's deadline, and the Okey rack (docs/assets/board/okey-rack.mjs).
//
//   node --test tests/node/board_slots.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

import {
  SLOTS_VERSION,
  checkSaves,
  chooseSave,
  claimSlot,
  deadlineFor,
  isSlot,
  savesToStore,
  secondsLeft,
} from "../../docs/assets/board/slots.mjs";
import { checkOrder, logWithNotes, moveTile, reconcile } from "../../docs/assets/board/okey-rack.mjs";
import { errorText } from "../../docs/assets/board/state.mjs";

test("the stored list of saves keeps only slots and times, of this version", () => {
  const listed = { a: 5, "b-2": 9, "bad slot": 3, c: "7", d: Infinity };
  assert.deepEqual(checkSaves({ version: SLOTS_VERSION, saves: listed }), { a: 5, "b-2": 9 });
  assert.deepEqual(checkSaves({ version: 0, saves: { a: 5 } }), {});
  for (const value of [null, "x", [], { version: SLOTS_VERSION }, { version: SLOTS_VERSION, saves: [1] }]) {
    assert.deepEqual(checkSaves(value), {});
  }
  assert.deepEqual(savesToStore({ a: 1, "": 2 }), { version: SLOTS_VERSION, saves: { a: 1 } });
  assert.equal(isSlot("x".repeat(64)), true);
  assert.equal(isSlot("x".repeat(65)), false);
});

test("a tab continues its own save, else the newest no open tab holds, never one another tab plays", () => {
  const saves = { mine: 1, older: 2, newest: 3 };
  assert.equal(chooseSave(saves, "mine", new Set()), "mine"); // a reload: the tab's own game, even if older
  assert.equal(chooseSave(saves, "gone", new Set()), "newest"); // a new tab: the newest game left by a closed one
  assert.equal(chooseSave(saves, "gone", new Set(["newest"])), "older"); // the newest is played in another tab
  assert.equal(chooseSave(saves, "mine", new Set(["mine"])), "newest"); // a duplicated tab: its slot is held
  assert.equal(chooseSave(saves, null, new Set(["mine", "older", "newest"])), null); // every game is in a tab
  assert.equal(chooseSave({}, "mine", new Set()), null);
  assert.equal(chooseSave({ b: 4, a: 4 }, null, new Set()), "a"); // a tie: always the same one
});

test("a new game goes in the tab's own slot unless another tab holds it", () => {
  let made = 0;
  const make = () => `new-${++made}`;
  assert.equal(claimSlot("mine", new Set(), make), "mine");
  assert.equal(claimSlot("mine", new Set(["mine"]), make), "new-1");
  assert.equal(claimSlot(null, new Set(), make), "new-2");
  assert.equal(claimSlot("not a slot!", new Set(), make), "new-3");
});

test("the timer's deadline survives a reload for the same turn and timer, never gets its full time again", () => {
  const kept = { at: 10_000, moves: 7, seconds: 15 };
  assert.equal(deadlineFor(kept, { moves: 7, seconds: 15, now: 9_000 }), 10_000);
  assert.equal(deadlineFor(kept, { moves: 7, seconds: 15, now: 50_000 }), 10_000); // already over: runs out now
  assert.equal(deadlineFor(kept, { moves: 8, seconds: 15, now: 9_000 }), 24_000); // the next turn: its full time
  assert.equal(deadlineFor(kept, { moves: 7, seconds: 30, now: 9_000 }), 39_000); // the timer changed
  assert.equal(deadlineFor(kept, { moves: 7, seconds: 0, now: 9_000 }), null); // off
  assert.equal(deadlineFor(null, { moves: 1, seconds: 60, now: 0 }), 60_000);
  assert.equal(deadlineFor({ at: "soon", moves: 1, seconds: 60 }, { moves: 1, seconds: 60, now: 0 }), 60_000);
  assert.equal(secondsLeft(10_000, 8_500), 2);
  assert.equal(secondsLeft(10_000, 10_000), 0);
  assert.equal(secondsLeft(10_000, 12_000), 0);
});

test("the rack's order follows the rack: kept tiles keep their places, new ones go last, gone ones go", () => {
  assert.deepEqual(reconcile(["B2", "R1", "R1"], ["R1", "K5", "B2"]), ["B2", "R1", "K5"]);
  assert.deepEqual(reconcile([], ["R1", "FJ"]), ["R1", "FJ"]);
  assert.deepEqual(reconcile(["R1", "R1"], ["R1", "R1", "R1"]), ["R1", "R1", "R1"]);
  assert.deepEqual(checkOrder(["R1", "FJ", "Y13"]), ["R1", "FJ", "Y13"]);
  assert.deepEqual(checkOrder(["R1", "R14"]), []);
  assert.deepEqual(checkOrder("R1"), []);
});

test("a moved tile takes the selection along; out of range nothing moves", () => {
  const order = ["A1", "B2", "C3", "D4"].map((t) => t.replace(/^./, (c) => ({ A: "R", B: "B", C: "K", D: "Y" })[c]));
  const moved = moveTile(order, new Set([0, 2]), 0, 2);
  assert.deepEqual(moved.order, ["B2", "K3", "R1", "Y4"]);
  assert.deepEqual([...moved.selected].sort(), [1, 2]); // K3 (was 2) is now 1, R1 (was 0) is now 2
  assert.deepEqual(moveTile(order, new Set([3]), 3, 0).order, ["Y4", "R1", "B2", "K3"]);
  assert.deepEqual([...moveTile(order, new Set([3]), 3, 0).selected], [0]);
  for (const [from, to] of [[0, -1], [3, 4], [1, 1], [null, 1]]) assert.equal(moveTile(order, new Set(), from, to), null);
});

test("the table's own lines go into the log where they happened, and only in their round", () => {
  const log = ["dealt", "A", "B", "C"];
  const notes = [
    { round: 1, at: 3, text: "time up 2" },
    { round: 1, at: 1, text: "time up 1" },
    { round: 2, at: 0, text: "other round" },
  ];
  assert.deepEqual(logWithNotes(log, notes, 1), ["dealt", "time up 1", "A", "B", "time up 2", "C"]);
  assert.deepEqual(logWithNotes(log, [{ round: 1, at: 99, text: "late" }], 1), [...log, "late"]);
  assert.deepEqual(logWithNotes(log, notes, 3), log);
});

test("an error the engine worded in the page's language is shown as worded, never the English message", () => {
  const errors = { unknown: "yleinen", "okey-record": ["erä {round}"] };
  const refused = { code: "okey-draw-first", params: { words: "Nosta ensin." }, message: "draw first" };
  assert.equal(errorText(refused, errors), "Nosta ensin.");
  assert.equal(errorText({ code: "okey-record", params: { round: 2, event: null }, message: "x" }, errors), "erä 2");
  assert.equal(errorText({ code: "okey-deal", params: {}, message: "English" }, errors), "yleinen");
});
