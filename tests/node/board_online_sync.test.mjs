// When the online table's page asks the server again (docs/assets/board/online-sync.mjs): a skipped version at
// once, a silence after its length, one question at a time, nothing once the table is over or lost.
//
//   node --test tests/node/board_online_sync.test.mjs     (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

const { Resync, skips } = await import("../../docs/assets/board/online-sync.mjs");

// Timers the test moves by hand.
function clock() {
  let now = 0;
  let next = 1;
  const pending = new Map();
  return {
    setTimeout(callback, ms) {
      pending.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout(id) {
      pending.delete(id);
    },
    async advance(ms) {
      now += ms;
      for (const [id, { at, callback }] of [...pending]) {
        if (at <= now) {
          pending.delete(id);
          callback();
        }
      }
      await new Promise((resolve) => setImmediate(resolve)); // what the callbacks started runs
    },
  };
}

test("a version skipped is a gap; the next one, the same one or an older one is not", () => {
  assert.equal(skips(4, 6), true);
  assert.equal(skips(4, 5), false);
  assert.equal(skips(4, 4), false);
  assert.equal(skips(4, 2), false);
  assert.equal(skips(null, 6), false); // no version seen yet: the first state
});

test("a gap asks at once; a silence asks after its length; hearing anything puts the silence off", async () => {
  const timers = clock();
  const asked = [];
  const sync = new Resync(async (reason) => asked.push(reason), { silence: 1000, timers });
  sync.heard(3, 4);
  await timers.advance(900);
  sync.heard(); // an answer, a table event: the server is there
  await timers.advance(900);
  assert.deepEqual(asked, []);
  await timers.advance(100);
  assert.deepEqual(asked, ["silence"]);
  sync.heard(4, 7);
  await Promise.resolve();
  assert.deepEqual(asked, ["silence", "gap"]);
  await timers.advance(1000); // after each question, the silence is counted again
  assert.deepEqual(asked, ["silence", "gap", "silence"]);
});

test("one question at a time, a failed one asked again after the next silence, and none once stopped", async () => {
  const timers = clock();
  const asked = [];
  let answer;
  const sync = new Resync(
    (reason) => {
      asked.push(reason);
      return new Promise((resolve, reject) => (answer = { resolve, reject }));
    },
    { silence: 1000, timers },
  );
  sync.heard(1, 5);
  sync.heard(1, 9); // still asking: not again
  assert.deepEqual(asked, ["gap"]);
  answer.reject(new Error("no answer"));
  await new Promise((resolve) => setImmediate(resolve));
  await timers.advance(1000);
  assert.deepEqual(asked, ["gap", "silence"]);
  answer.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  sync.stop();
  sync.heard(9, 20);
  await timers.advance(5000);
  assert.deepEqual(asked, ["gap", "silence"]);
});
