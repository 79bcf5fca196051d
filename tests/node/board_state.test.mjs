// The board's pure logic (docs/assets/board/state.mjs) under Node's own test runner: reading and writing stored data,
// stale replies, guarded actions, replay steps, the checks of a record's text and the wording of errors. (What each
// game stores, and how it is checked: tests/node/board_settings.test.mjs.)
//
//   node --test tests/node/board_state.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

import { Actions, checkRecordText, errorText, excerpt, hitRadius, readStored, replayTarget, writeStored } from "../../docs/assets/board/state.mjs";

// A Storage as localStorage behaves, optionally refusing every write.
class MemoryStorage {
  constructor(entries = {}, { full = false } = {}) {
    this.map = new Map(Object.entries(entries));
    this.full = full;
  }
  getItem(key) {
    return this.map.has(key) ? this.map.get(key) : null;
  }
  setItem(key, value) {
    if (this.full) throw new Error("QuotaExceededError");
    this.map.set(key, String(value));
  }
  removeItem(key) {
    this.map.delete(key);
  }
}

// A promise settled from outside, to play replies in any order.
function deferred() {
  let resolve, reject;
  const promise = new Promise((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

// --- item 2: stored data -----------------------------------------------------------------------------------------

test("damaged, refused or full storage never throws", () => {
  assert.equal(readStored(new MemoryStorage({ k: "{not json" }), "k"), null);
  assert.equal(readStored(null, "k"), null);
  assert.equal(readStored({ getItem: () => { throw new Error("SecurityError"); } }, "k"), null);
  assert.equal(writeStored(new MemoryStorage({}, { full: true }), "k", { a: 1 }), false);
  const storage = new MemoryStorage({ k: "1" });
  writeStored(storage, "k", null);
  assert.equal(storage.getItem("k"), null);
});

// --- items 1 and 8: stale replies and guarded actions -----------------------------------------------------------

test("a second action with the same key does nothing while the first is in flight", async () => {
  const actions = new Actions();
  const reply = deferred();
  let calls = 0;
  const work = () => (calls++, reply.promise);
  const applied = [];
  const first = actions.run("next-hand", "update", work, (view) => applied.push(view));
  assert.equal(await actions.run("next-hand", "update", work, (view) => applied.push(view)), "busy");
  assert.equal(actions.busy("next-hand"), true);
  reply.resolve("hand 2");
  assert.equal(await first, "applied");
  assert.deepEqual(applied, ["hand 2"]);
  assert.equal(calls, 1);
  assert.equal(actions.busy(), false, "the key is free again");
});

test("a reply for what the board no longer holds is dropped", async () => {
  const actions = new Actions();
  const bot = deferred();
  const load = deferred();
  const shown = [];
  const botMove = actions.run("bot", "update", () => bot.promise, (view) => shown.push(view));
  const loading = actions.run("load", "change", () => load.promise, (view) => shown.push(view));
  load.resolve("replay");
  assert.equal(await loading, "applied");
  bot.resolve("bot moved in the old game");
  assert.equal(await botMove, "stale");
  assert.deepEqual(shown, ["replay"]);
});

test("a failed action leaves the board as it was, and the bots' replies still apply", async () => {
  const actions = new Actions();
  const bot = deferred();
  const shown = [];
  const failures = [];
  const botMove = actions.run("bot", "update", () => bot.promise, (view) => shown.push(view));
  const loading = actions.run(
    "load",
    "change",
    () => Promise.reject(new Error("not a record")),
    (view) => shown.push(view),
    (error) => failures.push(error.message),
  );
  assert.equal(await loading, "failed");
  bot.resolve("North moved");
  assert.equal(await botMove, "applied", "the game goes on: nothing was changed by the failed load");
  assert.deepEqual(shown, ["North moved"]);
  assert.deepEqual(failures, ["not a record"]);
});

test("of two changes in flight, the later one wins, whatever order the replies come in", async () => {
  const actions = new Actions();
  const older = deferred();
  const newer = deferred();
  const shown = [];
  const first = actions.run("load", "change", () => older.promise, (view) => shown.push(view));
  const second = actions.run("new-game", "change", () => newer.promise, (view) => shown.push(view));
  newer.resolve("new game");
  older.resolve("replay");
  assert.deepEqual([await first, await second], ["stale", "applied"]);
  assert.deepEqual(shown, ["new game"]);
});

test("a failure that arrives for an older state is not reported", async () => {
  const actions = new Actions();
  const step = deferred();
  const failures = [];
  const stepping = actions.run("step", "update", () => step.promise, () => {}, (error) => failures.push(error));
  await actions.run("new-game", "change", async () => "game", () => {});
  step.reject(new Error("the board holds no replay"));
  assert.equal(await stepping, "stale");
  assert.deepEqual(failures, []);
});

test("invalidate makes every reply in flight stale (the worker was restarted)", async () => {
  const actions = new Actions();
  const reply = deferred();
  const running = actions.run("act", "update", () => reply.promise, () => assert.fail("applied a stale reply"));
  actions.invalidate();
  reply.resolve("view");
  assert.equal(await running, "stale");
});

// --- replay steps -------------------------------------------------------------------------------------------------

test("replay buttons lead to steps within the replay", () => {
  assert.equal(replayTarget("first", 5, 10), 0);
  assert.equal(replayTarget("previous", 5, 10), 4);
  assert.equal(replayTarget("previous", 0, 10), 0);
  assert.equal(replayTarget("next", 5, 10), 6);
  assert.equal(replayTarget("next", 9, 10), 9);
  assert.equal(replayTarget("last", 2, 10), 9);
  assert.equal(replayTarget("last", 0, 1), 0);
  assert.throws(() => replayTarget("sideways", 0, 10), RangeError);
});

// --- item 7: the layout's targets --------------------------------------------------------------------------------

test("a place's target is as large as its neighbours allow, never smaller than its ring", () => {
  const options = { ring: 20, largest: 29 };
  assert.equal(hitRadius([{ x: 0, y: 0 }], options), 29, "alone: as large as wanted");
  assert.equal(hitRadius([{ x: 0, y: 0 }, { x: 100, y: 0 }], options), 29);
  assert.equal(hitRadius([{ x: 0, y: 0 }, { x: 50, y: 0 }], options), 25, "two targets never overlap");
  assert.equal(hitRadius([{ x: 0, y: 0 }, { x: 30, y: 40 }, { x: 200, y: 0 }], options), 25, "the nearest pair counts");
  assert.equal(hitRadius([{ x: 0, y: 0 }, { x: 10, y: 0 }], options), 20, "at least the ring");
  assert.equal(hitRadius([], options), 29);
});

// --- item 3: a record's text is checked before it is posted -------------------------------------------------------

test("a deeply nested or huge file is refused before it is posted", () => {
  assert.deepEqual(checkRecordText("[".repeat(10_000)).code, "record-too-deep");
  assert.deepEqual(checkRecordText("[".repeat(33)).params, { limit: 32 });
  assert.equal(checkRecordText("[".repeat(32) + "]".repeat(32)), null);
  // Brackets inside strings do not count.
  assert.equal(checkRecordText(JSON.stringify({ note: "[".repeat(1000) + '\\"{' })), null);
  const big = checkRecordText(" ".repeat(4 * 1024 * 1024 + 1));
  assert.equal(big.code, "record-too-large");
  assert.equal(big.params.limit, 4 * 1024 * 1024);
  assert.equal(checkRecordText(""), null, "an empty file is the engine's to refuse, with its own reason");
  assert.equal(checkRecordText(42).code, "record-not-text");
});

// --- items 9 and 15: errors in the page's words, quoting only an excerpt --------------------------------------------

test("errors are worded from the catalogs' sentence for their code", () => {
  const errors = {
    unknown: "raison inconnue",
    notation: "ligne {line}",
    "record-event": "main {hand}, coup {event}",
    "layout-too-long": "trop long ({size})",
  };
  assert.equal(errorText({ details: { code: "notation", params: { line: 3 }, message: "line 3: English" } }, errors), "ligne 3");
  assert.equal(errorText({ code: "record-event", params: { hand: 1, event: 2 } }, errors), "main 1, coup 2");
  // No sentence for the code, or a parameter missing: the general sentence, never the engine's English.
  assert.equal(errorText({ details: { code: "nope", message: "English" } }, errors), "raison inconnue");
  assert.equal(errorText({ details: { code: "notation", params: {}, message: "English" } }, errors), "raison inconnue");
  assert.equal(errorText(new Error("boom"), errors), "raison inconnue");
  // Several sentences for a code: the most precise one its parameters fill (null is no value).
  const record = { record: ["main {hand}, coup {event}", "main {hand}", "pas un enregistrement"] };
  assert.equal(errorText({ code: "record", params: { hand: 2, event: 5, line: null } }, record), "main 2, coup 5");
  assert.equal(errorText({ code: "record", params: { hand: 2, event: null } }, record), "main 2");
  assert.equal(errorText({ code: "record", params: { reason: "English", hand: null } }, record), "pas un enregistrement");
});

test("a long quoted value is cut to an excerpt", () => {
  const long = "1|4;".repeat(15_000);
  const text = errorText({ code: "layout-too-long", params: { size: long } }, { "layout-too-long": "too long: {size}" });
  assert.ok(text.length <= 100, text.length);
  assert.ok(text.endsWith("…"));
  assert.equal(excerpt("short"), "short");
  assert.equal(Array.from(excerpt("🂡".repeat(200), 10)).length, 10, "cut between characters, not inside one");
});
