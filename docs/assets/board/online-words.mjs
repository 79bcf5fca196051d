// The online table's words, for every game: the seat list's lines, the "While you were away" summary, the phrases
// said at the table, the watchers, the open tables' lines, worded
// from the page's catalogs (data-online-text, `t`, written by the build: scripts/hooks/online_words.py) over the
// server's engine data (moves in the game's notation). Pure: no DOM state here (tests/node/board_online_words.test.mjs).
//
// A move of the notation is a verb and what it names ("discard R3", "meld R4 R5 R6, B9 R9 K9", "layoff Y4 on 2"),
// a verb alone ("draw", "pass"), or a tile placed ("1|3 on 1|2 low"): t.missed has a clause per verb, and "play" for
// a tile placed; tiles are named by t.tileNames (each tile's name in words) or t.tileName ("[{tile}]").

export const fill = (template, values) => String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

const list = (items, lang, type = "conjunction") => {
  try {
    return new Intl.ListFormat(lang, { style: type === "unit" ? "short" : "long", type }).format(items);
  } catch {
    return items.join(", ");
  }
};

// A tile in words, as the game's board names it.
export function tileWords(code, t) {
  return t.tileNames?.[code] ?? fill(t.tileName ?? "{tile}", { tile: code });
}

// A line of the seat list: each kind of seat has one whole message (the seat's own, a friend's, a bot's, a seat
// whose player is away while the bot plays it), filled in and never added to, so no language reads a phrase twice.
// `name` is the seat's name as the table shows it (a typed name with its seat, or the seat).
export function seatLine(info, mine, t, name) {
  if (info.seat === mine) return fill(t.seatYou, { seat: fill(t.seat, { number: info.seat + 1 }) });
  if (info.kind === "bot") return fill(t.seatBot, { seat: name });
  if (info.kind === "away") return fill(t.seatAway, { seat: name });
  if (info.taken && info.name) return name;
  return fill(info.taken ? t.seatTaken : t.seatFree, { seat: name });
}

// What a seat did, as a clause of the "While you were away" summary: the verb's clause, with the first tile it
// names ({tile}) and all of them ({tiles}: a list; the melds of one lay-down each a list of its own, the melds
// apart), a tile placed is "play".
export function missedClause(action, t) {
  const [verb, ...rest] = action.split(" ");
  if (!Object.hasOwn(t.missed, verb)) return fill(t.missed.play, { tile: tileWords(verb, t) });
  const melds = rest
    .join(" ")
    .split(" on ")[0]
    .split(",")
    .map((meld) => meld.split(/\s+/).filter(Boolean))
    .filter((meld) => meld.length);
  const first = melds[0]?.[0];
  const named = melds.map((meld) => meld.map((code) => tileWords(code, t)));
  const tiles = named.length === 1 ? list(named[0], t.lang) : named.map((meld) => list(meld, t.lang, "unit")).join("; ");
  return fill(t.missed[verb], { tile: first ? tileWords(first, t) : "", tiles });
}

// The moves the bot made for this seat while it was away (the rejoin's `missed`), as lines: the first says the bot
// played, then one per hand or round ({part}: t.part, "Hand 2"), with that part's moves; null if none. `part` is the
// number of the part in play now (the state's board.part): each `deal` entry after a move starts a later part.
export function missedSummary(missed, seat, t, lang, part = null) {
  const entries = missed ?? [];
  const byPart = new Map();
  let deals = entries.filter((entry) => entry.kind === "deal").length;
  for (const entry of entries) {
    if (entry.kind === "deal") deals -= 1;
    if (entry.kind !== "act" || entry.seat !== seat || !entry.auto) continue;
    const number = part === null ? null : part - deals;
    if (!byPart.has(number)) byPart.set(number, []);
    byPart.get(number).push(missedClause(entry.action, t));
  }
  if (!byPart.size) return null;
  const lines = [...byPart].map(([number, moves]) => {
    const said = list(moves, lang);
    return number === null || !t.part ? said : fill(t.awayPart, { part: fill(t.part, { number }), moves: said });
  });
  return [t.away, ...lines];
}

// "3 people watching", in the page's language's plural (t.watchers: {one, other}); null for nobody.
export function watchersText(count, t) {
  if (!count) return null;
  let form = "other";
  try {
    form = new Intl.PluralRules(t.lang).select(count);
  } catch {
    form = count === 1 ? "one" : "other";
  }
  return fill(t.watchers[form] ?? t.watchers.other, { count });
}

// A seat as the table names it to the others: the name its player typed, or "Seat 2".
export function seatName(info, t) {
  const seat = fill(t.seat, { number: (info?.seat ?? 0) + 1 });
  return info?.name ? fill(t.seatNamed, { name: info.name, seat }) : seat;
}

// A phrase said at the table, in this page's words: "Ada (Seat 2): Good luck!", "You said: Good luck!", "A
// spectator: Good luck!". An id the page does not know (a newer server's) is not shown: null.
export function phraseLine(said, mine, seats, t) {
  const phrase = t.phrases[said?.phrase];
  if (!phrase || !Object.hasOwn(t.phrases, said.phrase)) return null;
  if (said.seat === null || said.seat === undefined) return fill(t.said, { name: t.spectator, phrase });
  if (said.seat === mine) return fill(t.saidYou, { phrase });
  const info = seats?.find((entry) => entry.seat === said.seat) ?? { seat: said.seat };
  return fill(t.said, { name: seatName(info, t), phrase });
}

// Whether a seat (the `table` event's, or a listed table's) is one a visitor may take: a human seat nobody has
// taken, or an open one a bot holds, that no rematch keeps for its player. A bot's own seat has no `taken`.
export function isFree(info) {
  return !info.taken && !info.reserved && (info.kind === "human" || Boolean(info.open));
}

export function hasFreeSeat(seats) {
  return (seats ?? []).some(isFree);
}

// A listed table's options, as the lobby shows them: "Players: 2 · Rules: … · Time for each move: 60
// seconds", each option the page has words for (a true box by its label alone, a false one left out).
export function optionsText(options, t) {
  const parts = [];
  for (const [name, words] of Object.entries(t.options ?? {})) {
    const value = options?.[name];
    if (value === undefined || value === null || value === false) continue;
    if (value === true) parts.push(words.label);
    else parts.push(`${words.label}: ${words.values?.[String(value)] ?? String(value)}`);
  }
  if (options?.timer) parts.push(`${t.timer}: ${fill(t.seconds, { seconds: options.timer })}`);
  return parts.join(" · ");
}

// A listed table's seats: each by its typed name, a bot, or a free seat; a seat a bot holds until someone comes
// is free.
export function listedSeats(seats, t) {
  return (seats ?? []).map((info) => {
    const name = seatName(info, t);
    if (isFree(info)) return fill(t.listFree, { seat: name });
    if (info.kind === "bot") return fill(t.listBot, { seat: name });
    return name;
  });
}

// The page's own limit on phrases, as the server's (spec/online-tables.md): `burst` at once, then one every
// `every` ms; `take(now)` says whether one may go now. The buttons wait rather than be refused.
export class PhraseLimit {
  constructor(burst = 3, every = 2000) {
    this.burst = burst;
    this.every = every;
    this.tokens = burst;
    this.at = null;
  }

  refill(now) {
    if (this.at !== null) this.tokens = Math.min(this.burst, this.tokens + (now - this.at) / this.every);
    this.at = now;
  }

  take(now) {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  // How long until the next phrase may go (ms), 0 if one may now.
  wait(now) {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * this.every);
  }
}

// Why a table started without its page's Start (the `table` event's seats before and after): a seat that waited
// for a person is a bot's now (the creator started it: "startedCreator"), or the last free seat was taken
// ("startedFull"); the key of the page's words.
export function startedBy(before, after) {
  const waited = new Set(before.filter((info) => info.kind === "human" && !info.taken).map((info) => info.seat));
  return after.some((info) => waited.has(info.seat) && info.kind === "bot") ? "startedCreator" : "startedFull";
}

// The names people typed, by seat (null: a seat without one), for the board's sentences.
export function seatNames(seats, players) {
  return Array.from({ length: players }, (_, seat) => seats?.find((info) => info.seat === seat)?.name || null);
}
