// The board's call client (docs/assets/board/client.mjs BoardRuntime) under Node's own test runner, with a
// stand-in for the Web Worker: replies matched to their calls, errors, a worker that dies, a new one after it.
//
//   node --test tests/node/board_client.test.mjs     (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

// A worker that answers each message with what `answer(message)` says; it can die like a real one.
class FakeWorker extends EventTarget {
  static made = [];
  static answer = (message) => ({ id: message.id, ok: true, result: message.op === "boot" ? { version: "1" } : null });

  constructor(url, options) {
    super();
    this.url = url;
    this.options = options;
    this.posted = [];
    this.terminated = false;
    FakeWorker.made.push(this);
  }

  postMessage(message) {
    this.posted.push(message);
    const reply = FakeWorker.answer(message);
    if (reply) queueMicrotask(() => this.reply(reply));
  }

  reply(data) {
    if (!this.terminated) this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }

  die(message = "out of memory") {
    this.dispatchEvent(Object.assign(new Event("error", { cancelable: true }), { message }));
  }

  terminate() {
    this.terminated = true;
  }
}

globalThis.Worker = FakeWorker;
const { BoardRuntime, BoardError } = await import("../../docs/assets/board/client.mjs");

const urls = { workerURL: "worker.mjs", indexURL: "pyodide/", lockFileURL: "lock.json" };

test("calls are refused before the start, answered after it", async () => {
  const runtime = new BoardRuntime(urls);
  await assert.rejects(
    runtime.call("version"),
    (error) => error instanceof BoardError && error.type === "NotStarted" && error.engineLost,
  );
  assert.equal(await runtime.start(), "1");
  assert.equal(runtime.start(), runtime.ready, "one boot, however often start() is called");
  FakeWorker.answer = (message) => ({ id: message.id, ok: true, result: { op: message.op, args: message.args } });
  assert.deepEqual(await runtime.call("describe", { layout: "1|4" }), { op: "describe", args: { layout: "1|4" } });
  runtime.terminate();
});

test("an engine error rejects its call with the error's code and parameters", async () => {
  FakeWorker.answer = (message) =>
    message.op === "boot"
      ? { id: message.id, ok: true, result: { version: "1" } }
      : { id: message.id, ok: false, error: { type: "NotationError", code: "notation", params: { line: 2 }, message: "line 2" } };
  const runtime = new BoardRuntime(urls);
  await runtime.start();
  await assert.rejects(runtime.call("sandbox_view", { layout: "x" }), (error) => {
    assert.equal(error.type, "NotationError");
    assert.deepEqual(error.details.params, { line: 2 });
    assert.equal(error.engineLost, false, "the engine answered: its refusal is about the arguments");
    return true;
  });
  assert.equal(runtime.worker.terminated, false, "an engine's error does not stop the worker");
  runtime.terminate();
});

test("a fatal error of Pyodide rejects every pending call and reports the worker's death once", async () => {
  let hold = null;
  FakeWorker.answer = (message) => {
    if (message.op === "boot") return { id: message.id, ok: true, result: { version: "1" } };
    if (message.op === "slow") {
      hold = message.id;
      return null;
    }
    return { id: message.id, ok: false, error: { type: "RangeError", message: "Maximum call stack size exceeded", fatal: true } };
  };
  const runtime = new BoardRuntime(urls);
  const failures = [];
  runtime.onFailure((error) => failures.push(error.type));
  await runtime.start();
  const worker = runtime.worker;
  const slow = runtime.call("slow");
  await assert.rejects(runtime.call("replay_open", { text: "[[[[" }), /Maximum call stack/);
  await assert.rejects(slow, (error) => /Maximum call stack/.test(error.message) && error.engineLost);
  assert.equal(worker.terminated, true);
  assert.equal(runtime.ready, null, "start() may be called again");
  assert.deepEqual(failures, ["RangeError"]);
  worker.reply({ id: hold, ok: true, result: "too late" }); // a dead worker's late reply changes nothing
  worker.die();
  assert.deepEqual(failures, ["RangeError"], "a dead worker is reported once");

  // A new worker after it: the board starts again and answers.
  FakeWorker.answer = (message) => ({ id: message.id, ok: true, result: message.op === "boot" ? { version: "2" } : "ok" });
  assert.equal(await runtime.start(), "2");
  assert.notEqual(runtime.worker, worker);
  assert.equal(await runtime.call("version"), "ok");
  worker.die(); // the old worker's death is old news
  assert.deepEqual(failures, ["RangeError"]);
  assert.equal(await runtime.call("version"), "ok");
  runtime.terminate();
});

test("a worker that dies on its own rejects what was pending and tells the listeners", async () => {
  FakeWorker.answer = (message) => (message.op === "boot" ? { id: message.id, ok: true, result: { version: "1" } } : null);
  const runtime = new BoardRuntime(urls);
  const failures = [];
  runtime.onFailure((error) => failures.push(error.type));
  await runtime.start();
  const pending = runtime.call("sniff.bot", { game: "sniff-1" });
  runtime.worker.die("out of memory");
  await assert.rejects(pending, (error) => error.type === "WorkerError" && error.engineLost);
  assert.deepEqual(failures, ["WorkerError"]);
});
