// The visitor's next game, dealt ahead: pure rules, tested under node --test (tests/node/board_prepared.test.mjs);
// the board controller puts them to work.
//
// Whenever the board's worker runs anyway, it deals the visitor's next game for the settings on the form
// (engine/board/play.py prepare: a fresh seed, the bots played until it is the visitor's turn) and seals its save
// in the vault under "<game>:next:<id>" (worker.mjs, vault.mjs); the page keeps only that seat's first view, in
// localStorage, with what it was dealt for:
//   <game>-board:next  {version, id, release, lang, args, resume, view}
// On the next visit, New game draws that view at once, before Python has booted, when it was dealt for the
// form's settings (`args`, the new game's arguments, and `resume`, what the game is resumed with), in the page's
// language and by this release of the site (the engine's lock and the board's modules: `release`); the worker
// takes the game up from its sealed save once it runs (keep.from), and a move made meanwhile waits for it.
//
// A prepared game is played once: a tab claims it under a Web Lock that every claim and every new prepared game
// takes, reading and removing it in one go, so two tabs never draw the same one (and the worker takes its save
// out of the vault as it reads it). The view is what the seat would see once the game began: no seed, no tile of
// another seat or of the pile (tests/test_board_hidden.py); the save never leaves the worker.

export const NEXT_VERSION = 1;
const ID = /^[A-Za-z0-9-]{1,64}$/;

export const nextKey = (game) => `${game}-board:next`;
export const nextSaveName = (game, id) => `${game}:next:${id}`;
const lockName = (game) => `${game}-board:next`;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// One text for equal settings whatever the order of their keys.
const canonical = (value) =>
  isObject(value)
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
        .join(",")}}`
    : JSON.stringify(value);

// The stored entry, checked: anything damaged or of another format is no prepared game.
export function checkNext(value) {
  if (!isObject(value) || value.version !== NEXT_VERSION || !ID.test(value.id ?? "")) return null;
  const { release, lang, args, resume, view } = value;
  if (typeof release !== "string" || typeof lang !== "string" || !isObject(args) || !isObject(resume)) return null;
  if (!isObject(view) || view.phase !== "you" || !Array.isArray(view.actions) || view.actions.length === 0) return null;
  return { version: NEXT_VERSION, id: value.id, release, lang, args, resume, view };
}

// Whether `entry` was dealt for a New game as `wanted` would deal it ({release, lang, args, resume}).
export function fits(entry, wanted) {
  return (
    entry.release === wanted.release &&
    entry.lang === wanted.lang &&
    canonical(entry.args) === canonical(wanted.args) &&
    canonical(entry.resume) === canonical(wanted.resume)
  );
}

// The stored value (null: none; a damaged text is read as an empty object, so it is dropped as damaged).
function read(storage, game) {
  let text;
  try {
    text = storage?.getItem(nextKey(game));
  } catch {
    return null; // storage refused
  }
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function write(storage, game, entry) {
  try {
    if (entry === null) storage?.removeItem(nextKey(game));
    else storage?.setItem(nextKey(game), JSON.stringify(entry));
    return true;
  } catch {
    return false; // storage full or refused: no game dealt ahead, New game waits for the engine
  }
}

// Run `work` holding the game's lock, alone among this origin's tabs (navigator.locks); without Web Locks, at once.
function exclusive(locks, game, work) {
  if (!locks?.request) return Promise.resolve().then(work);
  return locks.request(lockName(game), work);
}

// The prepared game that fits `wanted`, or null, without claiming it: the page may draw it at once and claim it
// meanwhile (claimNext with its id), or start the worker as it loads.
export function peekNext(storage, game, wanted) {
  const entry = checkNext(read(storage, game));
  return entry && fits(entry, wanted) ? entry : null;
}

// Claim the prepared game for a New game dealt as `wanted` (`id`: that one only, the one drawn): {entry, dropped}.
// `entry` is the prepared game (now removed, so no other tab draws it) or null when none fits; `dropped` the id of
// one removed unused, whose sealed save the worker may forget: one of another release, or damaged. One of other
// settings or another language stays (the visitor may go back to them; the next game dealt ahead replaces it).
export function claimNext(storage, locks, game, wanted, id = null) {
  return exclusive(locks, game, () => {
    const stored = read(storage, game);
    const entry = checkNext(stored);
    if (!entry) {
      if (stored !== null) write(storage, game, null);
      return { entry: null, dropped: ID.test(stored?.id ?? "") ? stored.id : null };
    }
    if (entry.release !== wanted.release) {
      write(storage, game, null);
      return { entry: null, dropped: entry.id };
    }
    if (!fits(entry, wanted) || (id !== null && entry.id !== id)) return { entry: null, dropped: null };
    return write(storage, game, null) ? { entry, dropped: null } : { entry: null, dropped: null };
  });
}

// Keep a game the worker has just dealt ahead ({id, release, lang, args, resume, view}) in place of the one kept
// before: resolves to {kept, replaced}: whether it is kept (storage full or refused: false, and its sealed save is
// to be forgotten), and the id of the one it replaced (its sealed save is to be forgotten).
export function offerNext(storage, locks, game, prepared) {
  return exclusive(locks, game, () => {
    const entry = checkNext({ ...prepared, version: NEXT_VERSION });
    const before = read(storage, game);
    const replaced = ID.test(before?.id ?? "") && before.id !== entry?.id ? before.id : null;
    const kept = entry !== null && write(storage, game, entry);
    return { kept, replaced: kept ? replaced : null };
  });
}
