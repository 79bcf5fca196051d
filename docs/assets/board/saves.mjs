// A board's part: this tab's slot and the list of saved games, for any game (slots.mjs has the rules, tested
// under node --test). The saves themselves never reach the page: the worker seals each under "<game>:<slot>"
// (worker.mjs, vault.mjs); the page keeps in localStorage only which slots have a save and when, under
// "<game>-board:saves", and this tab's slot in sessionStorage under the same key, held as a Web Lock
// "<game>-board:slot:<slot>" while the tab is open.

const version = new URL(import.meta.url).search;
const [slots, { readStored, writeStored }] = await Promise.all([import(`./slots.mjs${version}`), import(`./state.mjs${version}`)]);

export const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode)
  }
};

const session = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

// The slots whose lock an open tab holds (navigator.locks.query; none where locks are not there).
async function heldSlots(prefix) {
  try {
    const { held = [] } = (await navigator.locks?.query()) ?? {};
    return new Set(held.map(({ name }) => name).filter((name) => name.startsWith(prefix)).map((n) => n.slice(prefix.length)));
  } catch {
    return new Set();
  }
}

// Hold the slot's lock while the tab is open; false if another tab holds it.
function holdSlot(name) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(name, { ifAvailable: true }, (lock) => {
        resolve(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined;
      })
      .catch(() => resolve(true));
  });
}

// A save of the release before, in localStorage: taken up once, then dropped. The page can write one, so it is
// checked as a forged save would be, and that is enough: the engine resumes it only with its seed and replays its
// every deal and event against that seed under its own options (engine/board/play.py resume, check_save),
// so what it restores is a game the page could reach anyway (a new game with that seed and those options, then
// those moves: new-game ops take a seed). It cannot touch a game of this release: their seeds never reach the page
// (the worker seals them, vault.mjs), and without a game's seed no save of it passes.
export const LEGACY = "legacy";

export class Saves {
  // game: the game's name; legacy(): a save of the release before ({save, meta}) or null.
  constructor(game, legacy = () => null) {
    this.game = game;
    this.legacy = legacy;
    this.key = `${game}-board:saves`;
    this.lockPrefix = `${game}-board:slot:`;
    this.slot = null; // this tab's, once claimed
  }

  // This tab's own slot after a reload (sessionStorage keeps it), or null.
  own() {
    return session()?.getItem(this.key) ?? null;
  }

  read() {
    return slots.checkSaves(readStored(storage(), this.key));
  }

  // Change the list (change(saves) edits it); whether the list could be stored.
  write(change) {
    const saves = this.read();
    change(saves);
    return writeStored(storage(), this.key, slots.savesToStore(saves));
  }

  // The save this tab may continue (slots.mjs chooseSave), or LEGACY for a save of the release before, or null.
  async find() {
    const found = slots.chooseSave(this.read(), this.own(), await heldSlots(this.lockPrefix));
    return found ?? (this.legacy() ? LEGACY : null);
  }

  // This tab's slot: the one continued, or its own, or a new one; held while the tab is open.
  claim(wanted = null) {
    this.claiming ??= this.claimSlot(wanted); // once: two calls at once claim one slot
    return this.claiming;
  }

  async claimSlot(wanted) {
    const held = await heldSlots(this.lockPrefix);
    const make = () => crypto.randomUUID();
    let slot = wanted && wanted !== LEGACY && !held.has(wanted) ? wanted : slots.claimSlot(this.own(), held, make);
    // Another tab may have taken it since: then a new one, which no tab holds.
    if (!(await holdSlot(this.lockPrefix + slot))) {
      slot = make();
      await holdSlot(this.lockPrefix + slot);
    }
    try {
      session()?.setItem(this.key, slot);
    } catch {
      // the tab keeps its slot until it is closed
    }
    return (this.slot = slot);
  }

  // What the worker is told to keep with a call: the save's name and the page's meta beside it.
  keep(meta, extra = {}) {
    return { name: `${this.game}:${this.slot}`, meta, ...extra };
  }

  // The list after a reply said whether the save was kept: listed while the game goes on and was kept; whether it
  // is saved now (null: a finished game, nothing to keep).
  note(stored, over) {
    const listed = this.write((saves) => {
      if (over || !stored) delete saves[this.slot];
      else saves[this.slot] = Date.now();
    });
    return over ? null : Boolean(stored && listed);
  }

  // The slot's save is gone (it would not restore): out of the worker and the list.
  forget(runtime) {
    runtime.call("vault.forget", this.keep()).catch(() => {});
    this.write((saves) => delete saves[this.slot]);
  }
}
