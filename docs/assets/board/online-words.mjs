// The online table's words, for every game: the seat list's lines and the "While you were away" sentence, worded
// from the page's catalogs (data-online-text, `t`, written by the build: scripts/hooks/online_words.py) over the
// server's engine data (moves in the game's notation). Pure: no DOM state here (tests/node/board_online_words.test.mjs).
//
// A move of the notation is a verb and what it names ("discard R3", "meld R4 R5 R6, B9 R9 K9", "layoff Y4 on 2"),
// a verb alone ("draw", "pass"), or a tile placed ("1|3 on 1|2 low"): t.missed has a clause per verb, and "play" for
// a tile placed; tiles are named by t.tileNames (each tile's name in words) or t.tileName ("[{tile}]").

const fill = (template, values) => String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

const list = (items, lang) => {
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
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

// What a seat did, as a clause of the "While you were away" sentence: the verb's clause, with the first tile it
// names ({tile}) and all of them ({tiles}, a list); a tile placed is "play".
export function missedClause(action, t) {
  const [verb, ...rest] = action.split(" ");
  if (!Object.hasOwn(t.missed, verb)) return fill(t.missed.play, { tile: tileWords(verb, t) });
  const codes = rest.join(" ").split(" on ")[0].replace(/,/g, " ").split(/\s+/).filter(Boolean);
  return fill(t.missed[verb], { tile: codes.length ? tileWords(codes[0], t) : "", tiles: list(codes.map((code) => tileWords(code, t)), t.lang) });
}

// The moves the bot made for this seat while it was away (the rejoin's `missed`), as one sentence; null if none.
export function missedSummary(missed, seat, t, lang) {
  const mine = (missed ?? []).filter((entry) => entry.kind === "act" && entry.seat === seat && entry.auto);
  if (!mine.length) return null;
  return fill(t.away, { moves: list(mine.map((entry) => missedClause(entry.action, t)), lang) });
}
