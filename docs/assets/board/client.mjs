// The board's page side: starts the worker when the visitor asks, and talks to it.
//
// A page with a board (scripts/hooks/board.py) has one root element, whatever its game
//   <div data-board="<game>" aria-busy="true" data-state="idle" data-pyodide=... data-lock=... data-stdlib=...
//        data-worker=... data-bytes=... data-text=...>
// holding a static picture, a start button, a progress bar and a status line. Nothing
// of Pyodide is requested until the start button is pressed (or, on a page for playing, as it opens for a visitor
// with a game dealt ahead, whose browser has the files: preload()). Then:
//   data-state  idle -> loading -> ready | failed (failed -> loading again on "Try again");
//               ready -> restarting -> ready when the worker dies and is restarted (onBoardRestart)
//   aria-busy   "true" until the board can be played (or has failed), then "false": a game dealt ahead can be
//               played while loading (playable()), its moves waiting for the engine.
//
// The board's game interface builds on this module:
//   import { onBoardReady } from "./client.mjs";
//   onBoardReady(async (root, runtime) => { ...draw the game, using await runtime.call(op, args)... });
// Every callback runs once the engine answers, before aria-busy turns "false".
// runtime.call(op, args) resolves to the op's result, or rejects with a BoardError
// (error.type, error.details: e.g. {type: "NotationError", line, reason}).

export class BoardError extends Error {
  constructor(details) {
    super(details.message);
    this.name = "BoardError";
    this.type = details.type;
    this.details = details;
  }

  // The worker died or was stopped, so the call never reached the engine: it says nothing about the arguments
  // (a save is not wrong because of it), and the loader restarts the worker by itself.
  get engineLost() {
    return Boolean(this.details.fatal) || ["WorkerError", "NotStarted", "Stopped"].includes(this.type);
  }
}

// The site's service worker (assets/javascripts/offline.js) keeps the boards' runtime once a board has used it; a
// page it did not control yet (a first visit) says which files the worker fetched, and it keeps them from the
// browser's cache, so the board starts offline next time.
function keepOffline(urls) {
  globalThis.navigator?.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ type: "keep", urls })).catch(() => {});
}

// One worker running Pyodide and the engine. Calls are messages {id, op, args};
// each pending call is settled by the reply with its id, or rejected if the worker dies.
// The runtime's URLs a page's element gives (scripts/hooks/board.py runtime_attributes; the worker's data-worker).
export function runtimeURLs(element) {
  const url = (value) => new URL(value, document.baseURI).href;
  const { worker, pyodide, lock, stdlib } = element.dataset;
  return { workerURL: url(worker), indexURL: url(pyodide), lockFileURL: url(lock), stdLibURL: url(stdlib) };
}

export class BoardRuntime {
  constructor({ workerURL, indexURL, lockFileURL, stdLibURL }) {
    this.urls = { workerURL, indexURL, lockFileURL, stdLibURL };
    this.worker = null;
    this.ready = null;
    this.version = null; // the engine's "version" op, once booted
    this.timings = null; // how long the boot took in the worker (worker.mjs)
    this.pending = new Map();
    this.nextId = 1;
    this.progressListeners = new Set();
    this.failureListeners = new Set();
  }

  // Start the worker and boot Pyodide with the engine (once); resolves to the engine's version.
  start() {
    if (this.ready) return this.ready;
    const worker = new Worker(this.urls.workerURL, { type: "module", name: "tile-board" });
    this.worker = worker;
    // Only the current worker is heard: a dead one's last words change nothing.
    worker.addEventListener("message", (event) => this.worker === worker && this.receive(event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (this.worker !== worker) return;
      this.crash({ type: "WorkerError", message: event.message || "the board's worker could not run" });
    });
    worker.addEventListener("messageerror", () => {
      if (this.worker !== worker) return;
      this.crash({ type: "WorkerError", message: "a message from the board's worker could not be read" });
    });
    const { indexURL, lockFileURL, stdLibURL } = this.urls;
    this.ready = this.send("boot", { indexURL, lockFileURL, stdLibURL }).then(({ version, timings, files }) => {
      this.timings = timings;
      keepOffline(files);
      return (this.version = version);
    });
    return this.ready;
  }

  // Call one op of the engine's API (engine.board.session); waits for the boot. keep: {name, meta, restore}, the
  // save the worker keeps for this call (worker.mjs): the reply never holds a save.
  call(op, args = {}, keep = undefined) {
    if (!this.ready) return Promise.reject(new BoardError({ type: "NotStarted", message: "start the board first" }));
    return this.send(op, args, keep);
  }

  onProgress(listener) {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  // listener(error) when the worker dies on its own (e.g. out of memory), after every pending call is rejected.
  onFailure(listener) {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  // Stop the worker; every pending call is rejected. start() may be called again.
  terminate(reason = { type: "Stopped", message: "the board was stopped" }) {
    this.fail(reason);
  }

  send(op, args, keep) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(keep ? { id, op, args, keep } : { id, op, args });
    });
  }

  receive(message) {
    if (message?.event === "progress") {
      for (const listener of this.progressListeners) listener(message.loaded);
      return;
    }
    const call = this.pending.get(message?.id);
    if (!call) return;
    this.pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new BoardError(message.error));
    // Pyodide failed for good (it reports a fatal error once, then refuses every call): the worker is dead.
    if (!message.ok && message.error?.fatal) this.crash(message.error);
  }

  crash(details) {
    if (!this.worker) return;
    const error = this.fail(details);
    for (const listener of this.failureListeners) listener(error);
  }

  fail(details) {
    const error = new BoardError(details);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    return error;
  }
}

// --- the loader: from the static picture to a board that can be played ---------------------------------------

// The boards this loader starts: every game's shares it, with the same worker and runtime.
const BOARDS = "[data-board]";

// Register the game interface: callback(root, runtime) runs when the engine is ready.
// The callbacks live on each board (root.boardLoader), so they reach it even if this module
// is imported under another URL (another ?v=) and so evaluated twice.
export function onBoardReady(callback) {
  for (const root of document.querySelectorAll(BOARDS)) {
    const board = root.boardLoader ?? new Loader(root);
    board.readyCallbacks.push(callback);
    if (board.state === "ready") callback(root, board.runtime);
  }
}


// Register what the game interface does when the worker was restarted after it died: callback(root, runtime).
export function onBoardRestart(callback) {
  for (const root of document.querySelectorAll(BOARDS)) {
    const board = root.boardLoader ?? new Loader(root);
    board.restartCallbacks.push(callback);
  }
}

const MAX_RESTARTS = 3; // in a minute

class Loader {
  constructor(root) {
    this.root = root;
    this.text = JSON.parse(root.dataset.text);
    this.lang = root.lang || document.documentElement.lang || "en";
    this.total = Number(root.dataset.bytes);
    // The bar counts the runtime's bytes as received (decompressed); its words say what is downloaded, compressed.
    this.transfer = Number(root.dataset.transfer || root.dataset.bytes);
    // Megabytes as the hook writes them (scripts/hooks/board.py megabytes()), in the page's language.
    const number = new Intl.NumberFormat(this.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.megabytes = (bytes) => this.text.megabytes.replace("{number}", number.format(bytes / 1e6));
    this.runtime = new BoardRuntime(runtimeURLs(root));
    this.runtime.onProgress((loaded) => this.progress(loaded));
    // A worker that dies once the board is playing restarts by itself (while starting, start() handles it).
    this.runtime.onFailure((error) => this.state === "ready" && this.restart(error));
    this.restarts = []; // when the worker was restarted: more than MAX_RESTARTS in a minute, and the board stops
    this.part = (name) => root.querySelector(`[data-board-${name}]`);
    this.part("start").addEventListener("click", () => this.start());
    // Keys pressed inside a board are the board's: Material's single-key shortcuts (search, previous and next
    // page) listen on the window and must not take the visitor away from a game. Set here, when the page is
    // parsed, so the keys are held back from the first moment the start button can be focused; each game's
    // own keys are handled before this, on its elements.
    root.addEventListener("keydown", (event) => event.stopPropagation());
    this.part("retry").addEventListener("click", () => this.start());
    this.state = "idle";
    this.playing = false; // a game is drawn that can be played while the engine loads (playable())
    this.readyCallbacks = [];
    this.restartCallbacks = [];
    root.boardLoader = this;
  }

  // The state, then aria-busy, then the words: a screen reader announces a status
  // line's change only once the region around it is no longer busy.
  setState(state, status) {
    this.state = state;
    this.root.dataset.state = state;
    const idle = state === "ready" || state === "failed" || (state === "loading" && this.playing);
    this.root.setAttribute("aria-busy", idle ? "false" : "true");
    this.root.dataset.restarts = String(this.restarts.length);
    this.part("status").textContent = status;
  }

  // Start the engine in the background, the loader still idle (a page for playing, as it opens: the board's
  // controller asks); New game then finds it started, or starting. While it boots, data-booting is on the root (the
  // site's offline copy waits for it: assets/javascripts/offline.js). A failure says nothing: New game tries again.
  preload() {
    if (this.state !== "idle" || this.runtime.ready) return;
    this.root.dataset.booting = "";
    this.runtime
      .start()
      .catch(() => this.state === "idle" && this.runtime.terminate())
      .finally(() => delete this.root.dataset.booting);
  }

  // The runtime while it boots, or null: a call sent to it waits in the worker until the engine is imported
  // (worker.mjs), so a New game pressed before is dealt then, with no round trip through the page.
  booting() {
    return this.runtime.ready ? this.runtime : null;
  }

  // The board can be played before the engine runs (a game dealt ahead, drawn at once: a move waits for the engine):
  // no longer busy for assistive technology while it loads; the status line still says the engine is starting. New
  // game's own listener draws the game before the loader's sees the press (the start follows at once).
  playable() {
    this.playing = true;
    if (this.state === "loading") this.root.setAttribute("aria-busy", "false");
  }

  async start() {
    if (this.state === "loading" || this.state === "ready" || this.state === "restarting") return;
    this.part("start").hidden = true;
    this.part("retry").hidden = true;
    this.part("loading").hidden = false;
    this.setState("loading", this.text.downloading);
    this.progress(0);
    try {
      await this.runtime.start();
      for (const callback of this.readyCallbacks) await callback(this.root, this.runtime);
    } catch (error) {
      this.runtime.terminate();
      this.failed(error);
      return;
    }
    this.part("loading").hidden = true;
    this.setState("ready", this.text.ready);
  }

  // The worker died (out of memory, a fatal error of Pyodide): start a new one and let the game interface take up
  // where it was (onBoardRestart), saying so; only a worker that keeps dying stops the board.
  async restart(error) {
    console.warn("The board's worker stopped; restarting it:", error);
    const now = Date.now();
    this.restarts = this.restarts.filter((time) => now - time < 60_000);
    if (this.restarts.length >= MAX_RESTARTS) return this.failed(error, this.text.stopped);
    this.restarts.push(now);
    this.setState("restarting", this.text.restarting);
    try {
      await this.runtime.start();
      for (const callback of this.restartCallbacks) await callback(this.root, this.runtime);
    } catch (failure) {
      this.runtime.terminate();
      this.failed(failure, this.text.stopped);
      return;
    }
    this.setState("ready", this.text.ready);
  }

  progress(loaded) {
    const bar = this.part("loading").querySelector("progress");
    bar.value = Math.min(loaded, this.total);
    const share = this.transfer / this.total;
    this.part("bytes").textContent = this.text.progress
      .replace("{loaded}", this.megabytes(bar.value * share))
      .replace("{total}", this.megabytes(this.transfer));
    if (loaded >= this.total && this.state === "loading") this.part("status").textContent = this.text.booting;
  }

  failed(error, message = this.text.failed) {
    // The visitor gets the reason in words, the developer the details in the console.
    console.warn("The board failed:", error);
    this.part("loading").hidden = true;
    this.part("retry").hidden = false;
    this.setState("failed", message);
  }
}

if (typeof document !== "undefined") {
  for (const root of document.querySelectorAll(BOARDS)) if (!root.boardLoader) new Loader(root);
}
