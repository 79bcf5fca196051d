// Which saved game a browser tab plays, and the move timer's deadline: pure rules, tested under node --test
// (tests/node/board_slots.test.mjs); saves.mjs puts them to work.
//
// Each tab plays in a slot of its own: its id is kept in sessionStorage (a reload keeps it) and held as a Web Lock
// while the tab is open (navigator.locks: the lock goes when the tab does). The worker keeps each slot's save,
// sealed (vault.mjs); localStorage holds only which slots have one and when each was saved:
//   <game>-board:saves  {version, saves: {<slot>: <time saved, ms>}}
// A tab offers "Continue the game" for its own slot's save, or else for the newest save no open tab holds (a tab
// closed earlier): so two tabs never play, nor overwrite, the same game.

export const SLOTS_VERSION = 1;
const SLOT = /^[A-Za-z0-9-]{1,64}$/;

export const isSlot = (value) => typeof value === "string" && SLOT.test(value);

// The stored list of saves, checked: anything damaged or of another version is no save.
export function checkSaves(value) {
  const saves = {};
  if (value === null || typeof value !== "object" || value.version !== SLOTS_VERSION) return saves;
  const listed = value.saves;
  if (listed === null || typeof listed !== "object" || Array.isArray(listed)) return saves;
  for (const [slot, at] of Object.entries(listed)) if (isSlot(slot) && Number.isFinite(at)) saves[slot] = at;
  return saves;
}

export function savesToStore(saves) {
  return { version: SLOTS_VERSION, saves: checkSaves({ version: SLOTS_VERSION, saves }) };
}

// The save this tab may continue: its own slot's (`own`), else the newest one no open tab holds (`held`: the
// slots whose lock is taken); null when there is none.
export function chooseSave(saves, own, held) {
  const free = Object.keys(saves).filter((slot) => !held.has(slot));
  if (free.includes(own)) return own;
  return free.sort((a, b) => saves[b] - saves[a] || (a < b ? -1 : 1))[0] ?? null;
}

// The slot a tab plays a new game in: its own, unless another tab holds it (a duplicated tab copies
// sessionStorage), else a new one from make().
export function claimSlot(own, held, make) {
  return isSlot(own) && !held.has(own) ? own : make();
}

// The deadline of the visitor's move (ms, as Date.now()): the one kept with the save when it is for this turn
// and this timer, so a reload never gives the timer its full time again; else a new one. null: no timer.
export function deadlineFor(kept, { moves, seconds, now }) {
  if (!seconds) return null;
  if (kept && kept.moves === moves && kept.seconds === seconds && Number.isFinite(kept.at)) return kept.at;
  return now + seconds * 1000;
}

// Whole seconds left before `deadline`, never below 0.
export function secondsLeft(deadline, now) {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
