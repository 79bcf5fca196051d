// The Okey table's drawing: the parts of the table that show the game as it stands (okey.mjs puts them in order,
// okey-hand.mjs draws the rack, which the visitor arranges; the end of the game's chart is chart.mjs's). Each takes
// the view (engine/okey/board/view.py), the words (engine/okey/board/page_text.py ui_text) and, for its buttons, the
// table's handlers `on`.

const version = new URL(import.meta.url).search;
const { h, format, button } = await import(`./dom.mjs${version}`);
const { drawChart } = await import(`./chart.mjs${version}`);

const { faceOf, PLACES, shownMoves } = await import(`./okey-rack.mjs${version}`);

// A tile's face (okey-rack.mjs faceOf: the diagrams' number, colour symbol and marks); decorative: the button or
// the label beside it names the tile in words (the view's tileNames). `ctx` is {okey, marks} from the view.
export function face(code, ctx = {}, extra = "", inMeld = false) {
  const f = faceOf(code, { ...ctx, inMeld });
  return h(
    "span",
    {
      class: `okey-tile okey-tile--${f.colour}${f.stands ? " is-wild" : ""}${f.mark ? " has-mark" : ""}${extra}`,
      "aria-hidden": "true",
    },
    f.mark ? h("span", { class: "okey-tile__mark" }, f.mark) : null,
    f.number ? h("span", { class: "okey-tile__number" }, f.number) : null,
    f.symbol ? h("span", { class: "okey-tile__symbol" }, f.symbol) : null,
  );
}

export const context = (view) => ({ okey: view.okey, marks: view.marks ?? {} });
export const named = (view, code) => view.tileNames?.[code] ?? code;

// A meld's tiles, shown, with its name in words for screen readers.
export function meldTiles(view, meld, text) {
  const ctx = context(view);
  return h(
    "span",
    { class: "okey-meld__tiles" },
    meld.split(" ").map((tile) => face(tile, ctx, "", true)),
    h("span", { class: "okey-sr" }, text ?? meld.split(" ").map((code) => named(view, code)).join(", ")),
  );
}

// The middle of the table: the indicator, the okey it makes, the pile and its count.
function centre(view, t) {
  const ctx = context(view);
  const tile = (label, code, extra) =>
    h(
      "p",
      { class: "okey-felt__tile" },
      face(code, ctx, extra),
      h("span", { class: "okey-felt__label" }, label),
      h("span", { class: "okey-sr" }, `: ${named(view, code)}`),
    );
  return h(
    "div",
    { class: "okey-felt__centre", "data-okey-centre": "" },
    tile(t.indicator, view.indicator, ""),
    tile(t.okey, view.okey, " is-okey"),
    h(
      "p",
      { class: "okey-felt__tile okey-felt__pile" },
      h("span", { class: "okey-felt__stack", "aria-hidden": "true" }, String(view.pile)),
      h("span", { class: "okey-felt__label" }, t.pile),
      h("span", { class: "okey-sr" }, `: ${view.pileText}`),
    ),
  );
}

// A seat's discards beside it: the last one on top of the ones before (at most three shown), named in words.
function discards(view, t, seat) {
  const shown = seat.discards.slice(-3);
  const ctx = context(view);
  return h(
    "div",
    { class: "okey-seat__discards", "data-okey-discards": seat.discards.length },
    shown.length
      ? [
          h(
            "span",
            { class: "okey-seat__pile", "aria-hidden": "true" },
            shown.map((code, i) => face(code, ctx, i === shown.length - 1 ? " is-top" : " is-under")),
          ),
          h("span", { class: "okey-sr okey-seat__discard" }, `${t.lastDiscard}: ${named(view, seat.discards.at(-1))}`),
        ]
      : h("span", { class: "okey-seat__empty", "aria-hidden": "true" }),
  );
}

// One meld on the table: a button when the selected tile can be laid off on it (the unassisted table) or the
// assisted table's one-tap lay-offs beside it.
function meldItem(view, t, item, on) {
  const tiles = meldTiles(view, item.meld, item.meldText);
  const value = h("span", { class: "okey-meld__value" }, String(item.value));
  const target = on.layoffTarget?.(item.index);
  const body = target
    ? h(
        "button",
        {
          type: "button",
          class: "okey-meld__target",
          "data-key": `meld:${item.index}`,
          "data-okey-target": item.index,
          "aria-label": `${t.layoffHere}: ${item.meldText}`,
          onclick: target,
        },
        tiles,
        value,
      )
    : [tiles, value];
  const taps = (on.oneTap ?? []).filter((move) => move.to === item.index);
  return h(
    "li",
    { class: "okey-meld" + (target ? " is-target" : ""), "data-okey-meld": item.index },
    body,
    taps.map((move) =>
      h(
        "button",
        {
          type: "button",
          class: "md-button okey-move okey-move--tap",
          "data-key": `move:${move.action}`,
          onclick: () => on.act(move.action),
        },
        move.label,
      ),
    ),
  );
}

// Where a seat sits, seen from the player's own (seat 0 against the bots; an online table's seat, view.me).
const around = (view, seat) => (seat - (view.me ?? 0) + 4) % 4;

function seatBlock(view, t, seat, on) {
  const place = PLACES[around(view, seat.seat)];
  const melds = view.table.filter((item) => item.owner === seat.seat);
  const ctx = context(view);
  const revealed = seat.seat !== view.me && seat.rack?.length && !view.roundEnd;
  return h(
    "section",
    {
      class: `okey-seat okey-seat--${place}` + (seat.current ? " is-current" : "") + (seat.partner ? " is-partner" : ""),
      "data-okey-seat": seat.seat,
      "aria-label": seat.name,
    },
    h(
      "div",
      { class: "okey-seat__tag" },
      h("strong", { class: "okey-seat__name" }, seat.name),
      seat.partner ? h("span", { class: "okey-seat__partner" }, ` (${t.partner})`) : null,
      h(
        "span",
        { class: "okey-seat__facts" },
        h("span", {}, seat.rackText),
        h("span", {}, seat.openedText),
        h("span", { "data-okey-charges": seat.charges }, `${t.charges}: ${seat.charges}`),
        h("span", { "data-okey-total": seat.total }, `${t.total}: ${seat.total}`),
      ),
    ),
    discards(view, t, seat),
    revealed
      ? h(
          "p",
          { class: "okey-seat__rack", "data-okey-revealed": seat.seat },
          seat.rack.map((code) => face(code, ctx)),
          h("span", { class: "okey-sr" }, seat.rack.map((code) => named(view, code)).join(", ")),
        )
      : null,
    melds.length
      ? h(
          "ul",
          { class: "okey-seat__melds", "aria-label": t.tableMelds },
          melds.map((item) => meldItem(view, t, item, on)),
        )
      : null,
  );
}

// The table as players know it: North opposite, East on the right, West on the left, you at the bottom; each
// seat's discards beside it and its melds in front of it; the indicator and the pile in the middle.
export function felt(view, t, on) {
  const seats = [];
  for (const seat of view.seats) seats[around(view, seat.seat)] = seatBlock(view, t, seat, on);
  return h(
    "section",
    { class: "okey-felt", "aria-labelledby": "okey-table-melds", "data-okey-felt": "" },
    h("h3", { id: "okey-table-melds", class: "okey-sr" }, t.table),
    seats[2],
    seats[3],
    centre(view, t),
    seats[1],
    seats[0],
    view.table.length ? null : h("p", { class: "okey-felt__none" }, t.noMelds),
  );
}

// The moves on offer; a discard is the selected tile's (one button, not one per tile: the table and the moves stay
// on a phone's screen together), marked "!" on the assisted table when it is a penalty tile.
export function movesPanel(view, t, yourTurn, on) {
  const moves = yourTurn ? shownMoves(view.actions, view.assisted) : [];
  const penalty = new Set(view.assisted ? view.penalty : []);
  const discards = moves.filter((move) => move.kind === "discard");
  const chosen = on.selectedTile ? discards.filter((move) => move.tile === on.selectedTile) : [];
  const shown = [...moves.filter((move) => move.kind !== "discard"), ...chosen];
  const buttons = shown.map((move) => {
    const marked = move.kind === "discard" && penalty.has(move.tile);
    return h(
      "button",
      {
        type: "button",
        class:
          "md-button okey-move" +
          (move.kind === "discard" ? " okey-move--discard md-button--primary" : "") +
          (marked ? " is-penalty" : ""),
        "data-key": `move:${move.action}`,
        "data-okey-kind": move.kind,
        onclick: () => on.act(move.action),
      },
      marked ? h("span", { class: "okey-penalty-mark", "aria-hidden": "true" }, "!") : null,
      move.label,
      marked ? h("span", { class: "okey-sr" }, `, ${t.penalty}`) : null,
    );
  });
  const refused = yourTurn ? view.takeRefused : null;
  return h(
    "section",
    { class: "okey-play__moves", "aria-labelledby": "okey-moves-title", hidden: !yourTurn },
    h("h3", { id: "okey-moves-title", class: "okey-sr" }, t.yourMoves),
    h(
      "div",
      { class: "okey-play__buttons", role: "group", "aria-labelledby": "okey-moves-title" },
      buttons,
      refused
        ? h(
            "button",
            {
              type: "button",
              class: "md-button okey-move okey-move--refused",
              "aria-describedby": "okey-take-why",
              "data-key": "move:take",
              onclick: () => on.act("take"),
            },
            refused.label,
          )
        : null,
    ),
    discards.length && !chosen.length ? h("p", { class: "okey-play__help", "data-okey-discard-help": "" }, t.discardHelp) : null,
    refused ? h("p", { class: "okey-play__help", id: "okey-take-why" }, refused.text) : null,
  );
}

export function roundEndPanel(view, t, replay, on) {
  const end = view.roundEnd;
  const cell = (tag, text, extra = {}) => h(tag, extra, String(text));
  const table = h(
    "table",
    { class: "okey-play__settlement", "data-okey-settlement": "" },
    h("caption", {}, `${t.settlement} · ${format(t.round, { number: view.round })}`),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        [t.seat, t.charges, t.endAmount, t.roundScore, t.total].map((text) => cell("th", text, { scope: "col" })),
      ),
    ),
    h(
      "tbody",
      {},
      end.rows.map((row) =>
        h(
          "tr",
          { "data-okey-row": row.seat },
          cell("th", row.name, { scope: "row" }),
          cell("td", row.charges),
          cell("td", row.end),
          cell("td", row.score),
          cell("td", row.total),
        ),
      ),
    ),
  );
  const racks = h(
    "ul",
    { class: "okey-play__racks" },
    view.seats.map((seat) =>
      h("li", {}, h("strong", {}, `${seat.name}: `), seat.rack?.length ? meldTiles(view, seat.rack.join(" ")) : "—"),
    ),
  );
  return h(
    "section",
    { class: "okey-play__box okey-play__round-end", "aria-labelledby": "okey-round-end" },
    h("h3", { id: "okey-round-end" }, t.roundOver),
    h("p", {}, end.text),
    h("div", { class: "okey-play__table-wrap", tabindex: "0" }, table),
    sidesTable(view, t),
    h("h4", {}, t.racks),
    racks,
    !replay && view.phase === "roundOver" ? button(t.nextRound, "next-round", on.nextRound, { primary: true }) : null,
  );
}

export function gameEndPanel(view, t, replay, on) {
  const end = view.gameEnd;
  return h(
    "section",
    { class: "okey-play__box okey-play__game-end", "aria-labelledby": "okey-game-end" },
    h("h3", { id: "okey-game-end" }, t.gameOver),
    h("p", { "data-okey-winner": "" }, end.text),
    drawChart(end.chart),
    replay ? null : button(t.newGame, "new-game-end", on.newGame, { primary: true }),
  );
}

// In pairs the partnerships' sums decide the winner: each partnership and its total.
export function sidesTable(view, t) {
  if (!view.sides?.length) return null;
  return h(
    "div",
    { class: "okey-play__table-wrap", tabindex: "0" },
    h(
      "table",
      { class: "okey-play__sides", "data-okey-sides": "" },
      h("caption", {}, t.partnerships),
      h(
        "tbody",
        {},
        view.sides.map((side) =>
          h("tr", { "data-okey-side": side.seats.join("+") }, h("th", { scope: "row" }, side.name), h("td", {}, String(side.total))),
        ),
      ),
    ),
  );
}

export function logPanel(t, lines) {
  return h(
    "section",
    { class: "okey-play__log", "aria-labelledby": "okey-log-title" },
    h("h3", { id: "okey-log-title" }, t.log),
    h("ol", { tabindex: "0", "aria-labelledby": "okey-log-title" }, lines.map((line) => h("li", {}, line))),
  );
}
