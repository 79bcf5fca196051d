// The Okey table's drawing: the parts of the table that show the game as it stands (okey.mjs puts them in order
// and keeps the rack, which the visitor arranges). Each takes the view (engine/okey/board/view.py), the words
// (engine/okey/board/text.py ui_text) and, for its buttons, the table's handlers `on`.

const version = new URL(import.meta.url).search;
const { h, s, format, button } = await import(`./dom.mjs${version}`);

const COLOURS = { R: "r", B: "b", K: "k", Y: "y" };

// A tile's face: its colour and number (a false joker as a star); decorative, the button carries the name.
export function face(notation, extra = "") {
  const wild = notation.startsWith("*");
  const tile = wild ? notation.slice(1) : notation;
  const colour = tile === "FJ" ? "fj" : COLOURS[tile[0]];
  return h(
    "span",
    { class: `okey-tile okey-tile--${colour}${wild ? " is-wild" : ""}${extra}`, "aria-hidden": "true" },
    tile === "FJ" ? "★" : tile.slice(1),
  );
}

// A meld's tiles, shown, with its notation for screen readers.
export function meldTiles(meld) {
  return h("span", { class: "okey-meld__tiles" }, meld.split(" ").map((tile) => face(tile)), h("span", { class: "okey-sr" }, meld));
}

export function centre(view, t) {
  return h(
    "div",
    { class: "okey-play__centre" },
    h("p", {}, h("span", { class: "okey-play__label" }, t.indicator, " "), face(view.indicator), " ", h("span", { class: "okey-sr" }, view.indicator)),
    h("p", {}, h("span", { class: "okey-play__label" }, t.okey, " "), face(view.okey, " is-okey"), " ", h("span", { class: "okey-sr" }, view.okey)),
    h("p", {}, h("span", { class: "okey-play__label" }, t.pile, " "), h("span", { class: "okey-play__pile" }, String(view.pile))),
  );
}

export function seatsPanel(view, t) {
  return h(
    "ul",
    { class: "okey-play__seats" },
    view.seats.map((seat) =>
      h(
        "li",
        { class: "okey-seat" + (seat.current ? " is-current" : ""), "data-okey-seat": seat.seat },
        h("strong", {}, seat.name),
        seat.partner ? ` (${t.partner})` : "",
        h("span", {}, ` · ${seat.rackText} · ${seat.openedText}`),
        h("span", { "data-okey-charges": seat.charges }, ` · ${t.charges}: ${seat.charges}`),
        h("span", { "data-okey-total": seat.total }, ` · ${t.total}: ${seat.total}`),
        seat.discards.length
          ? h(
              "span",
              { class: "okey-seat__discard" },
              ` · ${t.lastDiscard}: `,
              face(seat.discards.at(-1)),
              h("span", { class: "okey-sr" }, seat.discards.at(-1)),
            )
          : null,
      ),
    ),
  );
}

export function tablePanel(view, t, yourTurn, on) {
  const oneTap = yourTurn && view.assisted;
  const layoffs = oneTap ? view.actions.filter((move) => move.kind === "layoff") : [];
  return h(
    "section",
    { class: "okey-play__table", "aria-labelledby": "okey-table-melds" },
    h("h3", { id: "okey-table-melds" }, t.tableMelds),
    view.table.length
      ? h(
          "ul",
          { class: "okey-play__melds" },
          view.table.map((item) =>
            h(
              "li",
              { class: "okey-meld", "data-okey-meld": item.index },
              h("span", { class: "okey-meld__owner" }, `${item.ownerName}: `),
              meldTiles(item.meld),
              ` (${item.value})`,
              layoffs
                .filter((move) => move.to === item.index)
                .map((move) =>
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
            ),
          ),
        )
      : h("p", {}, t.noMelds),
  );
}

export function movesPanel(view, t, yourTurn, on) {
  const moves = yourTurn ? view.actions.filter((move) => !(view.assisted && move.kind === "layoff")) : [];
  const buttons = moves.map((move) =>
    h(
      "button",
      {
        type: "button",
        class: "md-button okey-move" + (move.kind === "discard" ? " okey-move--discard" : ""),
        "data-key": `move:${move.action}`,
        "data-okey-kind": move.kind,
        onclick: () => on.act(move.action),
      },
      move.label,
    ),
  );
  const refused = yourTurn ? view.takeRefused : null;
  return h(
    "section",
    { class: "okey-play__moves", "aria-labelledby": "okey-moves-title", hidden: !yourTurn },
    h("h3", { id: "okey-moves-title" }, t.yourMoves),
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
      h("li", {}, h("strong", {}, `${seat.name}: `), seat.rack?.length ? meldTiles(seat.rack.join(" ")) : "—"),
    ),
  );
  return h(
    "section",
    { class: "okey-play__box okey-play__round-end", "aria-labelledby": "okey-round-end" },
    h("h3", { id: "okey-round-end" }, t.roundOver),
    h("p", {}, end.text),
    table,
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
    chart(view, t, end.chart),
    replay ? null : button(t.newGame, "new-game-end", on.newGame, { primary: true }),
  );
}

// The totals round by round: lines drawn in SVG (decorative), and the same figures as a table.
export function chart(view, t, rows) {
  const names = view.seats.map((seat) => seat.name);
  const values = [0, ...rows.flat()];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const width = 320;
  const height = 160;
  const x = (i) => 30 + (i * (width - 60)) / Math.max(1, rows.length);
  const y = (v) => 10 + ((high - v) * (height - 30)) / span;
  const svg = s(
    "svg",
    { class: "okey-chart", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" },
    s("line", { class: "okey-chart__zero", x1: 30, x2: width - 30, y1: y(0), y2: y(0) }),
    names.map((_, seat) =>
      s("polyline", {
        class: `okey-chart__line okey-chart__line--${seat}`,
        points: [0, ...rows.map((row) => row[seat])].map((v, i) => `${x(i)},${y(v)}`).join(" "),
      }),
    ),
  );
  const table = h(
    "table",
    { class: "okey-play__chart-table" },
    h("caption", {}, t.chart),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.seat), rows.map((_, i) => h("th", { scope: "col" }, format(t.round, { number: i + 1 }))))),
    h(
      "tbody",
      {},
      names.map((name, seat) =>
        h("tr", {}, h("th", { scope: "row" }, h("span", { class: `okey-chart__key okey-chart__key--${seat}` }), name), rows.map((row) => h("td", {}, String(row[seat])))),
      ),
    ),
  );
  return h("figure", { class: "okey-play__chart" }, svg, table);
}

export function logPanel(t, lines) {
  return h(
    "section",
    { class: "okey-play__log", "aria-labelledby": "okey-log-title" },
    h("h3", { id: "okey-log-title" }, t.log),
    h("ol", { tabindex: "0", "aria-labelledby": "okey-log-title" }, lines.map((line) => h("li", {}, line))),
  );
}
