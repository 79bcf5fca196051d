// The visitor's next game, dealt ahead (docs/assets/board/prepared.mjs) under Node's own test runner: which
// prepared game a New game may draw, and that it is drawn once, even when two tabs claim it at the same moment.
//
//   node --test tests/node/board_prepared.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

import {
  NEXT_VERSION,
  checkNext,
  claimNext,
  fits,
  nextKey,
  nextSaveName,
  offerNext,
  peekNext,
} from "../../docs/assets/board/prepared.mjs";

// localStorage as the page has it: shared by the tabs of an origin.
// `watch()` runs at every access (to check that it happens under the lock).
class Storage {
  constructor(watch = () => {}) {
    this.values = new Map();
    this.watch = watch;
  }
  getItem(key) {
    this.watch();
    return this.values.has(key) ? this.values.get(key) : null;
  }
  setItem(key, value) {
    this.watch();
    this.values.set(key, String(value));
  }
  removeItem(key) {
    this.watch();
    this.values.delete(key);
  }
}

// navigator.locks as the tabs of an origin share it: one holder of a name at a time, the others wait their turn;
// the holder's turn may span awaits (a real tab's claim is one synchronous read and removal, but the rule may not
// rely on it).
class Locks {
  constructor() {
    this.queues = new Map();
    this.held = 0;
    this.most = 0;
  }
  request(name, work) {
    const before = this.queues.get(name) ?? Promise.resolve();
    const turn = before.then(async () => {
      this.most = Math.max(this.most, ++this.held);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1)); // another tab's request arrives meanwhile
        return await work();
      } finally {
        this.held--;
      }
    });
    this.queues.set(name, turn.catch(() => {}));
    return turn;
  }
}

const VIEW = { phase: "you", actions: [{ action: "draw" }], rack: ["R1"], game: null };
const WANTED = { release: "engine-1|v2", lang: "fi", args: { mode: "solo", bots: "greedy" }, resume: { bots: "greedy" } };
const prepared = (id, more = {}) => ({ id, ...WANTED, view: VIEW, ...more });

test("a stored prepared game is checked: anything damaged or of another format is none", () => {
  const good = { version: NEXT_VERSION, ...prepared("a-1") };
  assert.deepEqual(checkNext(good), good);
  for (const bad of [
    null,
    "x",
    { ...good, version: 0 },
    { ...good, id: "bad id" },
    { ...good, id: "x".repeat(65) },
    { ...good, lang: 3 },
    { ...good, args: [] },
    { ...good, resume: null },
    { ...good, view: { ...VIEW, phase: "bot" } }, // a New game draws a game at the visitor's turn only
    { ...good, view: { ...VIEW, actions: [] } },
  ]) {
    assert.equal(checkNext(bad), null, JSON.stringify(bad));
  }
  assert.equal(nextKey("okey"), "okey-board:next");
  assert.equal(nextSaveName("okey", "a-1"), "okey:next:a-1");
});

test("a prepared game fits a New game of the same settings, language and release, whatever the order of keys", () => {
  const entry = checkNext({ version: NEXT_VERSION, ...prepared("a") });
  assert.ok(fits(entry, { ...WANTED, args: { bots: "greedy", mode: "solo" } }));
  assert.ok(!fits(entry, { ...WANTED, args: { mode: "pairs", bots: "greedy" } }));
  assert.ok(!fits(entry, { ...WANTED, resume: { bots: "greedy", assisted: false } }));
  assert.ok(!fits(entry, { ...WANTED, lang: "it" }));
  assert.ok(!fits(entry, { ...WANTED, release: "engine-2|v2" }));
});

test("a New game claims the prepared game that fits once, and a second claim finds none", async () => {
  const storage = new Storage();
  const locks = new Locks();
  assert.deepEqual(await offerNext(storage, locks, "okey", prepared("a")), { kept: true, replaced: null });
  assert.ok(peekNext(storage, "okey", WANTED));
  assert.ok(!peekNext(storage, "sniff", WANTED)); // each game has its own
  const first = await claimNext(storage, locks, "okey", WANTED);
  assert.equal(first.entry.id, "a");
  assert.deepEqual(first.entry.view, VIEW);
  assert.deepEqual(await claimNext(storage, locks, "okey", WANTED), { entry: null, dropped: null });
  assert.ok(!peekNext(storage, "okey", WANTED));
});

test("a prepared game drawn at once is claimed by its id: one another tab has put in its place is not", async () => {
  const storage = new Storage();
  const locks = new Locks();
  await offerNext(storage, locks, "okey", prepared("a"));
  const drawn = peekNext(storage, "okey", WANTED);
  assert.equal(drawn.id, "a");
  await offerNext(storage, locks, "okey", prepared("b")); // another tab dealt the next one meanwhile
  assert.deepEqual(await claimNext(storage, locks, "okey", WANTED, drawn.id), { entry: null, dropped: null });
  assert.equal(peekNext(storage, "okey", WANTED).id, "b"); // left for a New game to draw
  assert.equal((await claimNext(storage, locks, "okey", WANTED, "b")).entry.id, "b");
});

test("two tabs claiming at the same moment: one draws the prepared game, the other none", async () => {
  for (let round = 0; round < 20; round++) {
    const locks = new Locks();
    // Tabs are processes of their own: a read and a removal are one step only under the lock, which each holds.
    const storage = new Storage(() => assert.equal(locks.held, 1, "the prepared game read or written unlocked"));
    const offers = [1, 2].map((n) => offerNext(storage, locks, "sniff", prepared(`g${round}-${n}`)));
    const claims = await Promise.all([...offers, ...[1, 2, 3].map(() => claimNext(storage, locks, "sniff", WANTED))]);
    assert.deepEqual(claims.slice(0, 2), [{ kept: true, replaced: null }, { kept: true, replaced: `g${round}-1` }]);
    assert.deepEqual(claims.slice(2).filter(({ entry }) => entry).map(({ entry }) => entry.id), [`g${round}-2`]);
    assert.equal(locks.most, 1, "a claim ran while another held the lock");
  }
});

test("a prepared game for other settings or another language stays; one of another release is dropped", async () => {
  const storage = new Storage();
  const locks = new Locks();
  await offerNext(storage, locks, "okey", prepared("a"));
  assert.deepEqual(await claimNext(storage, locks, "okey", { ...WANTED, lang: "id" }), { entry: null, dropped: null });
  assert.deepEqual(await claimNext(storage, locks, "okey", { ...WANTED, args: {} }), { entry: null, dropped: null });
  assert.ok(peekNext(storage, "okey", WANTED));
  // A new release: its view may not be drawn by these modules, and its sealed save is the worker's to forget.
  assert.deepEqual(await claimNext(storage, locks, "okey", { ...WANTED, release: "new" }), { entry: null, dropped: "a" });
  assert.equal(storage.getItem(nextKey("okey")), null);
  // A damaged entry is dropped too, with its id when it has one.
  storage.setItem(nextKey("okey"), JSON.stringify({ version: NEXT_VERSION, id: "b", view: "?" }));
  assert.deepEqual(await claimNext(storage, locks, "okey", WANTED), { entry: null, dropped: "b" });
  storage.setItem(nextKey("okey"), "{not json");
  assert.deepEqual(await claimNext(storage, locks, "okey", WANTED), { entry: null, dropped: null });
  assert.equal(storage.getItem(nextKey("okey")), null);
});

test("a new prepared game replaces the one before, whose sealed save is then to be forgotten", async () => {
  const storage = new Storage();
  const locks = new Locks();
  assert.deepEqual(await offerNext(storage, locks, "okey", prepared("a")), { kept: true, replaced: null });
  assert.deepEqual(await offerNext(storage, locks, "okey", prepared("b")), { kept: true, replaced: "a" });
  assert.equal((await claimNext(storage, locks, "okey", WANTED)).entry.id, "b");
  // A view no New game could draw is not kept (and the worker forgets its save).
  assert.deepEqual(await offerNext(storage, locks, "okey", prepared("c", { view: { phase: "gameOver" } })), {
    kept: false,
    replaced: null,
  });
});

test("storage refused or full: nothing is kept or claimed, and nothing throws", async () => {
  const refused = {
    getItem() {
      throw new Error("SecurityError");
    },
    setItem() {
      throw new Error("QuotaExceededError");
    },
    removeItem() {
      throw new Error("SecurityError");
    },
  };
  assert.deepEqual(await offerNext(refused, null, "okey", prepared("a")), { kept: false, replaced: null });
  assert.deepEqual(await claimNext(refused, null, "okey", WANTED), { entry: null, dropped: null });
  assert.deepEqual(await claimNext(null, undefined, "okey", WANTED), { entry: null, dropped: null });
  assert.ok(!peekNext(null, "okey", WANTED));
  // Full: the entry can be read but not removed, so it is not drawn (it would be drawn again by another tab).
  const full = new Storage();
  await offerNext(full, null, "okey", prepared("a"));
  full.removeItem = () => {
    throw new Error("QuotaExceededError");
  };
  assert.deepEqual(await claimNext(full, null, "okey", WANTED), { entry: null, dropped: null });
});
