// The board's pure logic, for every game: reading and writing what it stores in the browser, which replies it may
// still apply, an online table's states, replay steps, the checks a record's text passes before it is posted to the
// engine, and errors in the page's words. No DOM and no engine here, so Node's own test runner checks every rule
// (tests/node/board_state.test.mjs); controller.mjs and its parts put it to work. (What each game stores, and how it
// is checked: settings.mjs, slots.mjs.)

// --- stored data ------------------------------------------------------------------------------------------------

// Read and write through a Storage (localStorage); storage refused (private mode), full or damaged never throws.
export function readStored(storage, key) {
  try {
    const text = storage?.getItem(key);
    return text === null || text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function writeStored(storage, key, value) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // the game goes on; it just won't survive a reload
  }
}

// --- replies that arrive for an older state ---------------------------------------------------------------------
//
// Every call the board makes is an action with a key ("load", "next-hand", "bot", ...). While an action is in
// flight its key is taken, so a second click does nothing. An action either changes what the board holds
// ("change": a new game, a loaded record, play on, a restored game) or updates it ("update": a move, a bot's
// move, a replay step, the next hand). Nothing is changed until the reply arrives, so a failed action leaves the
// board as it was; a reply is applied only if the board still holds what it held when the action began (and, for
// a change, if no newer change was asked for since). A change that is applied makes every older reply stale.

export class Actions {
  constructor() {
    this.generation = 0; // what the board holds: one more at every change applied
    this.request = 0; // the latest change asked for
    this.inFlight = new Set();
  }

  // A ticket for the action, or null if an action with this key is still in flight.
  begin(key, kind = "update") {
    if (this.inFlight.has(key)) return null;
    this.inFlight.add(key);
    const change = kind === "change";
    return { key, change, generation: this.generation, request: change ? ++this.request : this.request };
  }

  busy(key) {
    return key === undefined ? this.inFlight.size > 0 : this.inFlight.has(key);
  }

  // Whether the ticket's reply still applies to the board as it is.
  fresh(ticket) {
    return ticket.generation === this.generation && (!ticket.change || ticket.request === this.request);
  }

  // Call before applying a reply: false if it is stale (then drop it); a change applied makes older replies stale.
  apply(ticket) {
    if (!this.fresh(ticket)) return false;
    if (ticket.change) this.generation++;
    return true;
  }

  // Make every reply in flight stale (the worker was restarted, the board left a mode).
  invalidate() {
    this.generation++;
  }

  end(ticket) {
    if (ticket) this.inFlight.delete(ticket.key);
  }

  // Run one action: work() calls the engine, then apply(reply) draws it if it is still fresh; a failure of a fresh
  // action goes to failed(error), nothing else changes. Resolves to "applied", "stale", "failed" or "busy".
  async run(key, kind, work, apply, failed) {
    const ticket = this.begin(key, kind);
    if (!ticket) return "busy";
    try {
      let reply;
      try {
        reply = await work();
      } catch (error) {
        if (!this.fresh(ticket)) return "stale";
        await failed?.(error);
        return "failed";
      }
      if (!this.apply(ticket)) return "stale";
      await apply(reply);
      return "applied";
    } finally {
      this.end(ticket);
    }
  }
}

// --- an online table's states -------------------------------------------------------------------------------------
//
// The board of an online table (online-source.mjs) draws the states its server sends, each made into a view
// by the engine in the page. States can arrive faster than they are converted: the board converts one at a time,
// then the newest that came meanwhile, and never draws an older one than it shows. A version is converted once: a
// table's state changes only with its version (the end of the pause between two deals is a version of its own,
// spec/online-tables.md), and the seat that moved hears its new state up to three times.

// The shuffle's check at the end of an online game: "ok" when the commitment announced at the table's creation
// (`announced`: the creator's own answer, or the c= of a joiner's link) is the SHA-256 of "<salt>:<seed>" revealed
// in the record, "bad" when it is not (or the record's own commitment differs), and "unknown" when nothing was
// announced to this page: the record's own commitment proves nothing, since whoever wrote the record wrote it too.
export async function shuffleCheck(record, announced) {
  if (!record?.salt || record.seed === undefined) return "bad";
  const bytes = new TextEncoder().encode(`${record.salt}:${record.seed}`);
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (digest !== record.commitment) return "bad";
  if (!announced) return "unknown";
  return digest === announced ? "ok" : "bad";
}

// Whether a state of `version` is still worth converting, with the board showing `shown` (-1: none yet) and
// `pending` waiting (null: none).
export function takesState(version, shown, pending = null) {
  return version > shown && (pending === null || version > pending);
}

// What a new view of the game brings to announce: the new lines of the part's log (the same part, its number the
// view's "part", the log grown), else the whole log of a new part.
export function newLines(before, view) {
  const same = Boolean(before) && before.part === view.part && view.log.length >= before.log.length;
  return same ? view.log.slice(before.log.length) : [...view.log];
}

// --- replay steps -----------------------------------------------------------------------------------------------

// The step a replay button leads to: first, previous, next, last, kept within 0 .. steps - 1.
export function replayTarget(button, step, steps) {
  const last = Math.max(0, steps - 1);
  const target = { first: 0, previous: step - 1, next: step + 1, last }[button];
  if (target === undefined) throw new RangeError(`no replay button "${button}"`);
  return Math.max(0, Math.min(last, target));
}

// --- a drawing's targets --------------------------------------------------------------------------------------------

// The radius of the places' targets (where a selected tile may go), in the drawing's units: as large as `largest`, but never so large that two
// targets overlap (a tap would then go to the wrong place), and never smaller than the ring that shows a place.
export function hitRadius(places, { ring, largest }) {
  let nearest = Infinity;
  for (let i = 0; i < places.length; i++) {
    for (let j = i + 1; j < places.length; j++) {
      nearest = Math.min(nearest, Math.hypot(places[i].x - places[j].x, places[i].y - places[j].y));
    }
  }
  return Math.max(ring, Math.min(largest, nearest / 2));
}

// --- a record's text, before it is posted ------------------------------------------------------------------------
//
// The same limits as the engine's (engine.core.record: MAX_RECORD_BYTES, MAX_RECORD_DEPTH), checked in linear
// time without parsing, so a huge or deeply nested file never reaches a parser. Returns null when the text may be
// posted, or the error as the engine gives it: {type, code, params, message}.

export const MAX_RECORD_BYTES = 4 * 1024 * 1024;
export const MAX_RECORD_DEPTH = 32;

export function checkRecordText(text, { maxBytes = MAX_RECORD_BYTES, maxDepth = MAX_RECORD_DEPTH } = {}) {
  const error = (code, params, message) => ({ type: "RecordEnvelopeError", code, params, message });
  if (typeof text !== "string") return error("record-not-text", {}, "the record is the text of a JSON file");
  if (text.length > maxBytes) {
    return error(
      "record-too-large",
      { size: text.length, limit: maxBytes },
      `the file is too large to be a record (${text.length} characters; at most ${maxBytes})`,
    );
  }
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (char === 0x5c) escaped = true; // backslash
      else if (char === 0x22) inString = false; // "
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      // [ or {
      if (++depth > maxDepth) {
        return error(
          "record-too-deep",
          { limit: maxDepth },
          `the file nests deeper than a record does (more than ${maxDepth} levels)`,
        );
      }
    } else if (char === 0x5d || char === 0x7d) depth--; // ] or }
  }
  return null;
}

// --- words ------------------------------------------------------------------------------------------------------

// "Hand {number}" + {number: 2} -> "Hand 2"
export function format(template, values) {
  return template.replace(/\{([a-z_]+)\}/gi, (match, name) => (name in values ? String(values[name]) : match));
}

// At most `limit` characters of a value quoted in a sentence: a long one is cut, with an ellipsis.
export function excerpt(value, limit = 80) {
  const text = String(value ?? "");
  const chars = Array.from(text);
  return chars.length <= limit ? text : chars.slice(0, limit - 1).join("") + "…";
}

// An engine's error in the page's words: the catalogs' sentence for its code (text.errors, from the engine's
// catalogs at build time; a code may have several, the most precise first), the first whose placeholders the
// error's parameters all fill (each quoted value cut to an excerpt). An error without a sentence in the catalogs
// gets the one the engine worded in the page's language (params.words), else the general one, never English.
export function errorText(error, errors) {
  const details = error?.details ?? error ?? {};
  const params = {};
  for (const [name, value] of Object.entries(details.params ?? {})) {
    if (value !== null && value !== undefined) params[name] = excerpt(value);
  }
  const candidates = [errors?.[details.code] ?? []].flat();
  for (const template of candidates) {
    if ([...template.matchAll(/\{([a-z_]+)\}/gi)].every(([, name]) => name in params)) return format(template, params);
  }
  // A reason the engine already worded in the page's language, from its catalogs (a refused move of a game whose
  // board words its own refusals).
  if (typeof details.params?.words === "string") return details.params.words;
  return errors?.unknown ?? excerpt(details.message ?? String(error));
}
