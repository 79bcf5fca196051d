// The online table's board (online-source.mjs): which of the server's states it still converts, and what a
// new view brings to announce (state.mjs, pure logic).

import assert from "node:assert/strict";
import test from "node:test";

const { takesState, newLines, shuffleCheck } = await import("../../docs/assets/board/state.mjs");
const { createHash } = await import("node:crypto");

test("a state no newer than the one shown or the one waiting is dropped: a version is converted once", () => {
  assert.equal(takesState(5, -1), true); // the first state
  assert.equal(takesState(4, 5), false); // older than the board shows
  assert.equal(takesState(5, 5), false); // the same version again (the broadcast, the acknowledgement, the answer)
  assert.equal(takesState(6, 5), true);
  assert.equal(takesState(6, 5, 7), false); // older than the one already waiting
  assert.equal(takesState(7, 5, 7), false); // the one waiting, heard again
  assert.equal(takesState(8, 5, 7), true); // it replaces the waiting one
});

test("the news of a view: the part's new log lines, or a new part's whole log", () => {
  // The part: every board view's number of the hand or round in play.
  const before = { part: 1, log: ["deal", "East draws"] };
  assert.deepEqual(newLines(before, { part: 1, log: ["deal", "East draws", "East discards R3"] }), ["East discards R3"]);
  assert.deepEqual(newLines(before, { part: 1, log: ["deal", "East draws"] }), []);
  assert.deepEqual(newLines(before, { part: 2, log: ["round 2"] }), ["round 2"]);
  // A log that shrank (a view of another deal) is new whole.
  assert.deepEqual(newLines({ part: 1, log: ["a", "b"] }, { part: 1, log: ["x"] }), ["x"]);
  assert.deepEqual(newLines(null, { part: 1, log: ["Hand 1"] }), ["Hand 1"]);
});

test("the shuffle checks out only against a commitment announced to this page, never the record's own alone", async () => {
  const salt = "0f".repeat(16);
  const commitment = createHash("sha256").update(`${salt}:12345`).digest("hex");
  const record = { seed: 12345, salt, commitment };
  assert.equal(await shuffleCheck(record, commitment), "ok");
  assert.equal(await shuffleCheck(record, "ab".repeat(32)), "bad"); // announced otherwise
  // A joiner whose link lacked c=: the record's commitment is self-consistent, which proves nothing.
  assert.equal(await shuffleCheck(record, undefined), "unknown");
  assert.equal(await shuffleCheck({ ...record, commitment: "ab".repeat(32) }, undefined), "bad");
  assert.equal(await shuffleCheck({ seed: 12345 }, commitment), "bad");
});
