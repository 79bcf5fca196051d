// The saved games, kept by the board's worker and never shown to the page (worker.mjs imports this module).
//
// A game's save is the engine's whole record: its seed, every seat's tiles, the pile in drawing order. The page
// may see only what its seat sees, so the worker keeps the save here, in IndexedDB, sealed with AES-GCM under a
// key the worker makes once and keeps in IndexedDB too, as a non-extractable CryptoKey (its bytes cannot be read
// out, by the page or by anyone). Each sealed value is bound to its name (the additional data), so a save copied
// under another name does not open. What is sealed: {save, meta}; meta is the page's own data about the game (the
// bots, the rack's order, the move timer's deadline), kept beside the save so a reload takes it up too.
//
// Names are "<game>:<slot>": the slot is the browser tab's (saves.mjs), so two tabs keep two games; a game the
// worker dealt ahead for the visitor's next New game is "<game>:next:<id>" until a tab takes it (take()).
// Every function resolves (never rejects): a storage that is full or refused gives false or null.

const DB_NAME = "board-vault";
const DB_VERSION = 1;
const KEYS = "keys";
const SAVES = "saves";
const KEY_NAME = "seal";

let opened = null;

function request(value) {
  return new Promise((resolve, reject) => {
    value.onsuccess = () => resolve(value.result);
    value.onerror = () => reject(value.error);
  });
}

function database() {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(KEYS);
      open.result.createObjectStore(SAVES);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error("the saves' database is blocked"));
  }).catch((error) => {
    opened = null; // storage refused now may be granted later
    throw error;
  });
  return opened;
}

// One transaction on `store`: work(objectStore) gives a request, whose result is the transaction's once it is done.
async function transact(store, mode, work) {
  const db = await database();
  const transaction = db.transaction(store, mode);
  const done = new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error("aborted"));
  });
  const result = await request(work(transaction.objectStore(store)));
  await done;
  return result;
}

let sealKey = null;

// The worker's key: read from IndexedDB, or made (non-extractable) and stored there on the first save.
async function key() {
  sealKey ??= (async () => {
    const stored = await transact(KEYS, "readonly", (store) => store.get(KEY_NAME));
    if (stored) return stored;
    const made = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    // Two workers may make a key at once: add() keeps the first, and both use the one stored.
    try {
      await transact(KEYS, "readwrite", (store) => store.add(made, KEY_NAME));
    } catch {
      // already there (the other worker's) or storage refused: read again below
    }
    const kept = await transact(KEYS, "readonly", (store) => store.get(KEY_NAME));
    if (!kept) throw new Error("the key could not be stored");
    return kept;
  })().catch((error) => {
    sealKey = null;
    throw error;
  });
  return sealKey;
}

// Open the store and find (or make) the key ahead of the first save: the worker does it while Pyodide boots, so a
// new game's first seal (a fresh profile creates the database, then the key) costs nothing at the start.
export async function prepare() {
  try {
    await key();
  } catch {
    // storage refused: seal() says so when it is asked to keep a game
  }
}

const encoder = new TextEncoder();

export async function seal(name, value) {
  try {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(name) },
      await key(),
      encoder.encode(JSON.stringify(value)),
    );
    await transact(SAVES, "readwrite", (store) => store.put({ iv, data }, name));
    return true;
  } catch {
    return false;
  }
}

async function unseal(name, sealed) {
  if (!sealed) return null;
  const data = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: sealed.iv, additionalData: encoder.encode(name) },
    await key(),
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(data));
}

export async function open(name) {
  try {
    return await unseal(name, await transact(SAVES, "readonly", (store) => store.get(name)));
  } catch {
    return null; // missing, forged, sealed by a key that is gone: no save
  }
}

// The value sealed under `name`, dropped from the store in the same transaction: of two workers that ask for it at
// once (two tabs), one gets it and the other null, since IndexedDB runs one store's readwrite transactions one after
// the other. A game dealt ahead is taken so (worker.mjs keep.from): it is played once.
export async function take(name) {
  try {
    const sealed = await transact(SAVES, "readwrite", (store) => {
      const got = store.get(name);
      got.addEventListener("success", () => got.result && store.delete(name));
      return got;
    });
    return await unseal(name, sealed);
  } catch {
    return null;
  }
}

export async function forget(name) {
  try {
    await transact(SAVES, "readwrite", (store) => store.delete(name));
    return true;
  } catch {
    return false;
  }
}
