// The board's worker: Pyodide and the rules engine, off the page's thread.
//
// Protocol (the page side is client.mjs):
//   page -> worker  {id, op, args}
//   worker -> page  {id, ok: true, result} | {id, ok: false, error: {type, message, ...}}
//                   {event: "progress", loaded}   (bytes of the runtime received so far)
//
// The first message must be op "boot" with args {indexURL, lockFileURL, stdLibURL}: absolute
// URLs of the site's copy of Pyodide, of the site's lock file, which registers
// the engine wheel, and of the standard library the engine needs (scripts/hooks/board.py). Everything the boot
// downloads is asked for at once (the wheel as soon as the lock names it, with its sha256 as the fetch's
// integrity), while pyodide.mjs loads, and the saves' store opens meanwhile (vault.mjs prepare), so neither waits
// for the other. The wheel's files are written into site-packages before the interpreter starts (wheel.mjs), not
// installed by Pyodide's package loader once it runs. Its result is {version, timings}: the
// engine's "version" op and how long the boot took, in ms (importMs: pyodide.mjs,
// pyodideMs: Pyodide with the engine in place, engineMs: importing the engine's API). Booting happens once, whatever the
// number of "boot" messages: they all share one ready promise. The result's "files" are the runtime's URLs it
// fetched or imported (client.mjs has the site's service worker keep them). Every other op is
// answered by the engine's Python API, engine.board.session.handle(op, argsJson),
// which returns the reply as JSON text, so no Python object ever crosses over.
// Ops sent before "boot" are refused; ops sent during the boot wait for it.
//
// Saves (vault.mjs): a reply's "save" (the engine's whole record of a game: seed, every seat's tiles, the pile's
// order) never reaches the page. The worker takes it out of every reply; a call sent with
// keep: {name, meta} seals it under that name with the page's meta and answers "stored" (true, or false when the
// storage is full or refused). keep.restore hands the named save to the op as its "save" argument (unless the page
// gives one: a save of an older release, from localStorage) and answers the meta beside the result; keep.from does
// the same with the save sealed under another name, which it takes (it is dropped from the store as it is read, so
// it is taken once, whichever tab asks: a game dealt ahead, "<game>:next:<id>", becomes the tab's game). Two ops are
// the worker's own: "vault.meta" {name, meta} seals new meta beside the save, "vault.forget" {name} drops it.
// A finished game (its record has a winner) is forgotten instead of sealed.

// The saves' store loads beside the boot, not before it: the worker's first lines ask for Pyodide's files.
const store = import("./vault.mjs");
const forget = async (name) => (await store).forget(name);
const open = async (name) => (await store).open(name);
const seal = async (name, value) => (await store).seal(name, value);
const take = async (name) => (await store).take(name);

const ENGINE_PACKAGE = "tile-games-engine";
const ENGINE_MODULE = "engine.board.session";

let ready = null; // the one ready promise: resolves to the engine's handle(op, argsJson)

// --- progress: bytes of the runtime received, fetched or imported ---------------------------------------------

const received = new Map(); // URL -> bytes received so far
const REPORT_EVERY_MS = 100; // a progress bar needs no more; every message costs the page some work
let reported = 0;
let reportedAt = -Infinity;

function note(url, bytes, done = false) {
  if (bytes > (received.get(url) ?? 0)) received.set(url, bytes);
  const loaded = [...received.values()].reduce((sum, value) => sum + value, 0);
  const now = performance.now();
  if (loaded !== reported && (done || now - reportedAt >= REPORT_EVERY_MS)) {
    reported = loaded;
    reportedAt = now;
    self.postMessage({ event: "progress", loaded });
  }
}

// Pyodide fetches the wasm and the standard library, the worker the lock file and the wheel: count
// their bytes as they stream in, on a clone, so the fetcher gets the original response
// (its URL and type intact, for the browser's compiled-wasm cache).
// A file fetched ahead (prefetch) is handed to the first fetch of its URL that asks for it as the prefetch did.
const originalFetch = self.fetch.bind(self);
const early = new Map(); // URL -> {integrity, response: Promise<Response>}
self.fetch = async (input, init) => {
  const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
  const ahead = early.get(url);
  let response;
  if (ahead && ahead.integrity === (init?.integrity ?? "")) {
    early.delete(url);
    response = await ahead.response;
  } else {
    response = await originalFetch(input, init);
  }
  if (response.ok && response.body) count(response.url, response.clone().body);
  return response;
};

function prefetch(url, integrity = "") {
  if (early.has(url)) return;
  const response = originalFetch(url, { credentials: "same-origin", ...(integrity ? { integrity } : {}) });
  response.catch(() => early.delete(url)); // Pyodide's own fetch then fails with the reason
  early.set(url, { integrity, response });
}

// The site's lock file: Pyodide's own lock with the engine's wheel registered (its file, sha256 and packages).
async function readLock(lockFileURL) {
  const response = await fetch(lockFileURL, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`the board's lock file could not be downloaded (${response.status}): ${lockFileURL}`);
  return response.json();
}

// The engine's wheel, fetched with its sha256 as the fetch's integrity (the browser refuses other bytes), and the
// import packages to write from it.
async function downloadWheel(lock, lockFileURL) {
  const entry = lock.packages?.[ENGINE_PACKAGE];
  if (!entry?.file_name || !/^[0-9a-f]{64}$/.test(entry.sha256 ?? "")) {
    throw new Error(`the board's lock file does not register the engine (${ENGINE_PACKAGE})`);
  }
  const digest = Uint8Array.from(entry.sha256.match(/../g), (pair) => parseInt(pair, 16));
  const integrity = `sha256-${btoa(String.fromCharCode(...digest))}`;
  const url = new URL(entry.file_name, lockFileURL).href;
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin", integrity });
  } catch (error) {
    throw new Error(`the engine (${ENGINE_PACKAGE}) did not load: its download failed or its checksum did not match (${error.message})`);
  }
  if (!response.ok) throw new Error(`the engine (${ENGINE_PACKAGE}) did not load: ${url} answered ${response.status}`);
  return { bytes: new Uint8Array(await response.arrayBuffer()), packages: entry.imports ?? ["engine"] };
}

async function count(url, body) {
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      note(url, bytes);
    }
    note(url, bytes, true);
  } catch {
    // The download failed: Pyodide, which reads the same response, reports it.
  }
}

// Modules (pyodide.mjs, pyodide.asm.mjs) are imported, not fetched: count them when they arrive.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) note(entry.name, entry.decodedBodySize, true);
}).observe({ type: "resource", buffered: true });

// --- boot and calls ---------------------------------------------------------------------------------------------

async function boot({ indexURL, lockFileURL, stdLibURL }) {
  if (!indexURL || !lockFileURL || !stdLibURL) {
    throw new Error("boot needs the indexURL of Pyodide, the lockFileURL and the stdLibURL of the site");
  }
  const started = performance.now();
  for (const url of [new URL("pyodide.asm.wasm", indexURL).href, stdLibURL]) prefetch(url);
  const lock = readLock(lockFileURL);
  const wheel = lock.then((value) => downloadWheel(value, lockFileURL));
  const writer = import("./wheel.mjs");
  import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {}); // the same module Pyodide imports next
  store.then((vault) => vault.prepare()).catch(() => {});
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const imported = performance.now();
  // The engine's files go into site-packages while the interpreter is not yet started (Pyodide waits for fsInit).
  // A failure there does not stop Pyodide's boot (it only logs it), so the boot fails below with its reason.
  let failure = new Error(`the engine (${ENGINE_PACKAGE}) was not installed`);
  const fsInit = async (FS, { sitePackages }) => {
    try {
      const [{ installWheel }, { bytes, packages }] = await Promise.all([writer, wheel]);
      installWheel(FS, sitePackages, bytes, packages);
      failure = null;
    } catch (error) {
      failure = error;
    }
  };
  const pyodide = await loadPyodide({ indexURL, stdLibURL, lockFileContents: lock, fsInit });
  if (failure) throw failure;
  const booted = performance.now();
  const handle = pyodide.pyimport(ENGINE_MODULE).handle;
  const version = JSON.parse(handle("version", "{}")).result;
  const timings = { importMs: imported - started, pyodideMs: booted - imported, engineMs: performance.now() - booted };
  return { handle, version, timings, files: [...received.keys()] };
}

function call({ handle }, op, args) {
  const reply = JSON.parse(handle(op, JSON.stringify(args ?? {})));
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { details: reply.error });
  return reply.result;
}

function describeError(error, during) {
  if (error?.details) return error.details;
  // A Python exception (a bug in the engine) or a failed download: keep the type and the whole message.
  const details = { type: error?.type ?? error?.name ?? "Error", message: String(error?.message ?? error) };
  // Anything but a Python exception during a call (a stack overflow in the wasm, Pyodide's own fatal error) leaves
  // Pyodide unusable: the page restarts the worker (client.mjs).
  if (during === "call" && error?.name !== "PythonError") details.fatal = true;
  return details;
}

// --- saves: kept here, sealed, never posted ---------------------------------------------------------------------

const latest = new Map(); // name -> {save, meta}: the last sealed, for new meta without a new save
let sealing = Promise.resolve(); // one seal after the other, in the order the replies came
const queue = (work) => (sealing = sealing.then(work, work));

function keep(name, payload) {
  if (payload.save?.winner !== null && payload.save?.winner !== undefined) {
    latest.delete(name);
    return queue(() => forget(name)).then(() => true);
  }
  latest.set(name, payload);
  return queue(() => seal(name, payload));
}

async function vault(op, { name, meta } = {}) {
  if (typeof name !== "string") throw Object.assign(new Error("a save's name is text"), { details: noSave(name) });
  if (op === "vault.forget") {
    latest.delete(name);
    return { stored: await queue(() => forget(name)) };
  }
  const payload = latest.get(name) ?? (await open(name));
  if (!payload) return { stored: false };
  return { stored: await keep(name, { save: payload.save, meta }) };
}

const noSave = (name) => ({ type: "NoSaveError", code: "no-save", params: {}, message: `no save named ${name}` });

// The save a call resumes: the one under `name`, or (`from`) the one taken from under another name, after every
// seal asked for before (a game dealt ahead is taken once it is sealed).
async function restore({ name, from }, args) {
  let payload;
  if (typeof from === "string") {
    latest.delete(from);
    payload = await queue(() => take(from));
  } else {
    payload = latest.get(name) ?? (await open(name));
  }
  if (!payload && !args?.save) throw Object.assign(new Error("no save"), { details: noSave(from ?? name) });
  // A save of the release before, handed over once: the engine checks it as it would a forged one (saves.mjs
  // LEGACY says why that is enough).
  if (args?.save) return { args, meta: {} };
  return { args: { ...payload.meta?.resume, ...args, save: payload.save }, meta: payload.meta ?? {} };
}

// The reply as the page may see it: no save; "stored" says whether it was sealed.
async function withoutSave(result, options) {
  if (result === null || typeof result !== "object" || !("save" in result)) return result;
  const { save, ...shown } = result;
  if (typeof options?.name !== "string") return shown;
  const meta = options.meta ?? latest.get(options.name)?.meta ?? {};
  return { ...shown, stored: await keep(options.name, { save, meta }) };
}

self.addEventListener("message", async ({ data }) => {
  const { id, op, args, keep: options } = data ?? {};
  let during = "boot";
  try {
    let result;
    if (op === "vault.meta" || op === "vault.forget") {
      result = await vault(op, args);
    } else if (op === "boot") {
      ready ??= boot(args ?? {});
      const { version, timings, files } = await ready;
      result = { version, timings, files };
    } else if (ready === null) {
      throw new Error(`the board is not started: send "boot" before "${op}"`);
    } else {
      const engine = await ready;
      const restored = options?.restore || options?.from ? await restore(options, args) : null;
      during = "call";
      const kept = restored && options.meta === undefined ? { ...options, meta: restored.meta } : options;
      result = await withoutSave(call(engine, op, restored?.args ?? args), kept);
      if (restored) result = { ...result, meta: restored.meta };
    }
    self.postMessage({ id, ok: true, result });
  } catch (error) {
    self.postMessage({ id, ok: false, error: describeError(error, during) });
  }
});
