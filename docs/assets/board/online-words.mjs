// The online table's words and pieces: the server's engine data (actions in notation, events in the record's form,
// the seat's view) worded from the page's catalogs (data-online-text, `t`), for Sniff and Okey. No DOM state here.

const fill = (template, values) => String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
const FIELDS = new Set(["seat", "auto", "charge", "opening", "to", "points"]);

// A tile in words: Sniff's as its board names it ([3|4]), Okey's by the Okey table's name (red 7, false joker).
export function tileWords(code, game, t) {
  if (game === "okey") return t.tileNames?.[code] ?? code;
  return `[${code}]`;
}

const list = (items, lang) => {
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
};

// One action of `legal` as its button says it.
export function actionLabel(action, game, t) {
  const a = t.actions;
  if (action === "draw" || action === "pass" || action === "take" || action === "decline") return a[action] ?? action;
  if (game === "sniff") {
    const [tile, , target, side] = action.split(" ");
    if (!target) return fill(a.open, { tile: tileWords(tile, game, t) });
    return fill(a[side] ?? a.open, { tile: tileWords(tile, game, t), target: tileWords(target, game, t) });
  }
  const [verb, ...rest] = action.split(" ");
  const body = rest.join(" ");
  if (verb === "discard") return fill(a.discard, { tile: tileWords(body, game, t) });
  if (verb === "meld" || verb === "pairs") {
    const melds = body.split(",").map((meld) => meld.trim().split(/\s+/).map((code) => tileWords(code, game, t)).join(" "));
    return fill(a[verb], { melds: melds.join("; ") });
  }
  if (verb === "layoff" || verb === "seize") {
    const [tile, , item] = rest;
    return fill(a[verb], { tile: tileWords(tile, game, t), item: Number(item) + 1 });
  }
  return action;
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

// What a seat did, as a clause of the "While you were away" sentence.
function missedClause(action, game, t) {
  if (action === "draw") return t.missedDrew;
  if (action === "pass") return t.missedPassed;
  if (action === "take") return t.missedTook;
  if (action === "decline") return t.missedDeclined;
  const [verb, ...rest] = action.split(" ");
  if (game === "sniff") return fill(t.missedPlayed, { tile: tileWords(verb, game, t) });
  if (verb === "discard") return fill(t.missedDiscarded, { tile: tileWords(rest[0], game, t) });
  if (verb === "layoff") return fill(t.missedLaidOff, { tile: tileWords(rest[0], game, t) });
  if (verb === "seize") return fill(t.missedSeized, { tile: tileWords(rest[0], game, t) });
  const tiles = rest.join(" ").replace(/,/g, " ").split(/\s+/).filter(Boolean);
  return fill(t.missedMelded, { tiles: list(tiles.map((code) => tileWords(code, game, t)), t.lang) });
}

// The moves the bot made for this seat while it was away (the rejoin's `missed`), as one sentence; null if none.
export function missedSummary(missed, seat, game, t, lang) {
  const mine = (missed ?? []).filter((entry) => entry.kind === "act" && entry.seat === seat && entry.auto);
  if (!mine.length) return null;
  return fill(t.away, { moves: list(mine.map((entry) => missedClause(entry.action, game, t)), lang) });
}

// An event of the record's form back in notation, then worded as the move's button words it.
function eventAction(event, game) {
  const kind = Object.keys(event).find((key) => !FIELDS.has(key));
  const value = event[kind];
  if (kind === "play") return value;
  if (kind === "draw" || kind === "pass" || kind === "take" || kind === "decline") return kind;
  if (kind === "meld" || kind === "pairs") return `${kind} ${[].concat(value).join(", ")}`;
  if (kind === "layoff" || kind === "seize") return `${kind} ${value} on ${event.to}`;
  return `${kind} ${value}`;
}

export function eventLine(event, game, t, seatName) {
  const action = eventAction(event, game);
  const line = `${seatName(event.seat)}: ${actionLabel(action, game, t)}`;
  return event.auto ? `${line} (${t.botMark})` : line;
}

// The game's options, the same choices as against bots; values() gives the server's options.
export function optionControls(game, t) {
  const h = (tag, attrs = {}, ...kids) => build(tag, attrs, kids);
  const o = t.options;
  const select = (name, label, choices) => {
    const id = `online-${name}`;
    return h("p", {}, h("label", { for: id }, label), " ", h("select", { id, name }, ...choices.map(([value, text]) => h("option", { value }, text))));
  };
  const box = document.createElement("fieldset");
  box.className = "online-table__options";
  if (game === "sniff") {
    box.append(
      select("players", o.players, [["2", "2"], ["3", "3"], ["4", "4"]]),
      select("rules", o.rules, [["american", o.american], ["classic", o.classic]]),
      h("p", {}, h("input", { type: "checkbox", id: "online-partnerships", name: "partnerships" }), " ", h("label", { for: "online-partnerships" }, o.partnerships)),
    );
  } else {
    box.append(
      select("mode", o.mode, [["solo", o.solo], ["pairs", o.pairs]]),
      h("p", {}, h("input", { type: "checkbox", id: "online-doubling", name: "doubling", checked: true }), " ", h("label", { for: "online-doubling" }, o.doubling)),
      select("rounds", o.rounds, [["1", "1"], ["3", "3"]]),
      h("p", {}, h("input", { type: "checkbox", id: "online-assisted", name: "assisted", checked: true }), " ", h("label", { for: "online-assisted" }, o.assisted)),
    );
  }
  const field = (name) => box.querySelector(`[name=${name}]`);
  const values = () =>
    game === "sniff"
      ? { players: Number(field("players").value), rules: field("rules").value, partnerships: field("partnerships").checked && field("players").value === "4" }
      : { mode: field("mode").value, doubling: field("doubling").checked, rounds: Number(field("rounds").value), assisted: field("assisted").checked };
  const partners = () => (game === "sniff" ? values().partnerships : values().mode === "pairs");
  return { element: box, values, partners };
}

function build(tag, attributes, children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}
