"""What a board's worker keeps of a game: its sealed save, read in the worker as the worker reads it.

The page never receives a save (docs/assets/board/worker.mjs takes it out of every reply and seals it in
IndexedDB, vault.mjs); a test that needs the whole game (to compute the visitor's moves, or to check what the
page was shown against what it was not) opens it in the worker's own context, with the worker's key.
"""

from __future__ import annotations

import json
import re
import time

OPEN = """async (name) => {
  const vault = await import(new URL("vault.mjs", self.location.href).href);
  return await vault.open(name);
}"""


def slot(page, game: str) -> str | None:
    """The page's tab slot for ``game`` (saves.mjs keeps it in sessionStorage)."""
    return page.evaluate("(key) => sessionStorage.getItem(key)", f"{game}-board:saves")


def board_worker(page):
    """The page's board worker (not Material's search worker, which a reloaded page may start after it)."""
    return [worker for worker in page.workers if "/assets/board/worker.mjs" in worker.url][-1]


def opened(page, name: str) -> dict | None:
    """What the board's worker keeps sealed under ``name``: ``{"save": record, "meta": {...}}``, or None."""
    return board_worker(page).evaluate(OPEN, name)


def sealed(page, game: str) -> dict | None:
    """The tab's game as the worker keeps it: ``{"save": record, "meta": {...}}``, or None."""
    return opened(page, f"{game}:{slot(page, game)}")


def wait_sealed(page, game: str, check, timeout: float = 10) -> dict | None:
    """The sealed game once ``check(it)`` holds (the worker seals a save before it replies, the page's meta
    a moment later)."""
    end = time.monotonic() + timeout
    while True:
        value = sealed(page, game)
        if check(value) or time.monotonic() > end:
            return value
        time.sleep(0.1)


# --- what the page receives and stores: nothing its seat may not see ----------------------------------------------

#: An init script: every message the page receives from a worker, as JSON text, in window.fromWorker (listeners
#: added with addEventListener, and onmessage).
WATCH_WORKER = """(() => {
  window.fromWorker = [];
  const record = (event) => window.fromWorker.push(JSON.stringify(event.data));
  const add = EventTarget.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message" || typeof listener !== "function") return add.call(this, type, listener, options);
    return add.call(this, type, function (event) { record(event); return listener.call(this, event); }, options);
  };
  const onmessage = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage");
  Object.defineProperty(Worker.prototype, "onmessage", {
    configurable: true,
    get() { return onmessage.get.call(this); },
    set(listener) {
      onmessage.set.call(this, listener && function (event) { record(event); return listener.call(this, event); });
    },
  });
})();"""

#: Everything the origin stores that the page can read: localStorage, sessionStorage and every IndexedDB value
#: (bytes as latin-1 text, a CryptoKey as what it says of itself).
STORED = """async () => {
  const plain = (value) => {
    if (value instanceof CryptoKey) {
      return {cryptoKey: {extractable: value.extractable, algorithm: value.algorithm.name, usages: value.usages}};
    }
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      const bytes = new Uint8Array(value instanceof ArrayBuffer ? value : value.buffer);
      return {bytes: String.fromCharCode(...bytes)};
    }
    if (Array.isArray(value)) return value.map(plain);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  };
  const idb = {};
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = no;
    });
    for (const store of db.objectStoreNames) {
      const values = await new Promise((ok, no) => {
        const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => ok(r.result); r.onerror = no;
      });
      idb[`${name}/${store}`] = values.map(plain);
    }
    db.close();
  }
  return {local: {...localStorage}, session: {...sessionStorage}, idb};
}"""


def _strings_lists(value):
    """Every list of text in a JSON value."""
    if isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            yield value
        for item in value:
            yield from _strings_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings_lists(item)


def leaks(texts: list[str], save: dict, parts: str, hidden: dict[int, list[str]]) -> list[str]:
    """What of the hidden game ``texts`` (JSON texts the page received or stored) show: the seed, a save, the
    undrawn pile (boneyard) of the part in play in its order (any four tiles in a row), a deal of another seat
    in its order, or a list of five or more tiles all from the ``hidden`` tiles of one other seat."""
    from collections import Counter

    problems = []
    part = save[parts][-1]
    assert part.get("end") is None, "check the page while a part is in play"
    pile = part.get("pile") or part.get("boneyard")
    drawn = sum(1 for event in part["events"] if "draw" in event)
    rows = [pile[drawn:]] + [rack for seat, rack in enumerate(part["deal"]) if seat != 0]
    windows = {",".join(f'"{t}"' for t in row[i : i + 4]) for row in rows for i in range(len(row) - 3)}
    # A seed as the board deals it (53 bits) is looked for as a number too; a test's small seed (47) is not.
    number = save.get("seed")
    seed = re.compile(rf"(?<![\d.]){number}(?![\d.])") if number is not None and number >= 10**6 else None
    racks = {seat: Counter(tiles) for seat, tiles in hidden.items() if seat != 0 and len(tiles) >= 5}
    for number, text in enumerate(texts):
        where = f"message {number}: {text[:120]}"
        if seed and seed.search(text):
            problems.append(f"{where}: the seed")
        if '"save"' in text or '"seed"' in text:
            problems.append(f"{where}: a save or a seed")
        for window in windows:
            if window in text:
                problems.append(f"{where}: the pile's order or another seat's deal ({window})")
                break
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            continue
        for tiles in _strings_lists(value):
            for seat, rack in racks.items():
                if len(tiles) >= 5 and not Counter(tiles) - rack:
                    problems.append(f"{where}: seat {seat}'s tiles {tiles}")
    return problems


def check_nothing_hidden(page, save: dict, parts: str, hidden: dict[int, list[str]]) -> None:
    """Every message the page received from its worker (WATCH_WORKER), and everything the origin stores, free of
    the hidden game; the worker's key cannot be read out."""
    messages = page.evaluate("window.fromWorker")
    assert messages, "the page's messages are watched (WATCH_WORKER)"
    stored = page.evaluate(STORED)
    keys = [
        v["cryptoKey"] for values in stored["idb"].values() for v in values if isinstance(v, dict) and "cryptoKey" in v
    ]
    assert keys and all(
        key == {"extractable": False, "algorithm": "AES-GCM", "usages": ["encrypt", "decrypt"]} for key in keys
    )
    texts = [*messages, json.dumps(stored["local"]), json.dumps(stored["session"])]
    texts += [json.dumps(values) for values in stored["idb"].values()]
    problems = leaks(texts, save, parts, hidden)
    assert problems == [], "\n".join(problems[:10])
