// The sandbox ("Try it"): play/?sandbox=<layout> opens the board on that layout, with no hands and
// no turns. Any remaining tile goes on any legal join; the picture, the caption and the score change
// at once; Undo takes back the last placement. The address keeps the layout in the notation
// (placements joined by ";", URL-encoded: spec/layout-notation.md), so a link reproduces it exactly.
// The engine's op is sandbox_view (engine/sniff/board/sandbox.py); a mode of Sniff's own on the board (game.mjs
// opens it and draws it through this).

const version = new URL(import.meta.url).search;
const [{ h }, table, { format }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./table.mjs${version}`),
  import(`./state.mjs${version}`),
]);

export class Sandbox {
  constructor(board, sniff) {
    this.board = board;
    this.sniff = sniff;
    this.layout = []; // placements in the layout notation
    this.start = []; // the layout the sandbox opened on (the diagram's position): "Start over" goes back to it
    this.view = null;
    this.selected = null;
  }

  // Open the sandbox on the layout of the address; a layout that isn't legal is reported and the sandbox starts empty.
  async open(text) {
    const board = this.board;
    board.mode = "sandbox";
    board.actions.invalidate();
    board.drawing.message(null);
    const placements = text.split(/[;\n]/).map((part) => part.trim()).filter(Boolean);
    let view;
    try {
      view = await board.call("sandbox_view", { layout: placements.join(";") });
    } catch (error) {
      if (!["notation", "layout-too-long", "too-deep"].includes(error?.details?.code)) throw error;
      // The reason in the page's words, quoting at most an excerpt: never the whole value of the address.
      board.drawing.message(format(board.text.badLayout, { reason: board.reason(error) }));
      view = await board.call("sandbox_view", { layout: "" });
    }
    // The page's history entry keeps the layout it opened on: a reload (the address then holds the placements made
    // since) still starts over from the diagram's position.
    const kept = history.state?.sandboxStart;
    this.start = Array.isArray(kept) && kept.every((part) => typeof part === "string") ? kept : [...view.layout];
    history.replaceState({ ...history.state, sandboxStart: this.start }, "");
    this.show(view, false);
  }

  async change(placements) {
    const board = this.board;
    return board.actions.run(
      "sandbox",
      "update",
      () => board.call("sandbox_view", { layout: placements.join(";") }),
      (view) => {
        if (board.mode !== "sandbox") return;
        board.drawing.message(null);
        this.show(view, true);
      },
      (error) => board.failed(error),
    );
  }

  show(view, remember) {
    this.view = view;
    this.layout = view.layout;
    this.selected = null;
    if (remember) {
      const url = new URL(location.href);
      url.search = `?sandbox=${encodeURIComponent(this.layout.join(";"))}`;
      history.replaceState({ ...history.state, sandboxStart: this.start }, "", url);
    }
    this.render();
    this.board.drawing.announce(view.hint ? [view.hint.heading, view.hint.caption] : [this.board.text.emptyLayout]);
  }

  place(action) {
    const tile = this.view.tiles.find((entry) => entry.moves.some((move) => move.action === action));
    if (!tile) return; // not a legal placement: nothing happens
    return this.change([...this.layout, action]);
  }

  clickTile(tile) {
    const entry = this.view.tiles.find((candidate) => candidate.tile === tile);
    if (!entry?.moves.length) return;
    if (entry.moves.length === 1) return this.place(entry.moves[0].action);
    this.selected = this.selected === tile ? null : tile;
    this.focusMoves = this.selected !== null; // a keyboard user goes on to the selected tile's moves
    this.render();
  }

  undo() {
    if (this.layout.length) return this.change(this.layout.slice(0, -1));
  }

  leave() {
    const url = new URL(location.href);
    url.search = "";
    history.replaceState(history.state, "", url);
    const board = this.board;
    board.intent = "continue";
    return board.replays.close(); // the saved game if there is one, else a new game
  }

  render() {
    const board = this.board;
    const t = board.text;
    const view = this.view;
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = board.section.contains(document.activeElement);
    const panned = board.content.querySelector(".sniff-play__table")?.scrollLeft ?? 0;
    const selected = view.tiles.find((entry) => entry.tile === this.selected);
    const options = selected ? selected.moves : [];
    const tiles = view.tiles.map((entry) =>
      table.tileButton(entry.tile, {
        playable: entry.moves.length > 0,
        selected: entry.tile === this.selected,
        onclick: () => this.clickTile(entry.tile),
      }),
    );
    const moves = options.map((move) =>
      table.moveButton(move, { selected: true, onclick: () => this.place(move.action) }),
    );
    const button = (label, key, onclick, disabled = false) =>
      h("button", { type: "button", class: "md-button", "data-key": key, onclick, disabled }, label);
    board.content.replaceChildren(
      h(
        "div",
        { class: "sniff-play__status sniff-play__status--sandbox" },
        h("h3", { class: "sniff-play__title" }, t.sandbox),
        h("p", {}, t.sandboxIntro),
      ),
      h(
        "div",
        { class: "sniff-play__table" },
        table.layoutPicture(view.svg, options, (action) => this.place(action), t.emptyLayout),
      ),
      // An empty table says so once, in the table; the caption waits for the first tile.
      view.hint
        ? h(
            "p",
            { class: "sniff-play__caption", "data-play-caption": "", "data-score": view.score },
            h("strong", {}, view.hint.heading),
            " ",
            view.hint.caption,
          )
        : null,
      h(
        "div",
        { class: "sniff-play__buttons sniff-play__sandbox-controls" },
        button(t.undo, "undo", () => this.undo(), !this.layout.length),
        button(t.clear, "clear", () => this.change(this.start), this.layout.join(";") === this.start.join(";")),
        button(t.leaveSandbox, "leave", () => this.leave()),
      ),
      h(
        "div",
        { class: "sniff-play__mine is-your-turn" },
        h(
          "div",
          { class: "sniff-play__hand", role: "group", "aria-labelledby": "sniff-play-remaining" },
          h("h3", { id: "sniff-play-remaining" }, tiles.length ? t.remaining : t.allPlaced),
          tiles.length ? h("div", { class: "sniff-play__tiles sniff-play__tiles--all" }, tiles) : null,
        ),
        h(
          "div",
          { class: "sniff-play__moves", role: "group", "aria-labelledby": "sniff-play-where", hidden: !moves.length },
          h("h3", { id: "sniff-play-where" }, t.placements),
          h("div", { class: "sniff-play__buttons" }, moves),
        ),
      ),
    );
    table.follow(board.content.querySelector(".sniff-play__table"), panned, t.layoutPans);
    board.drawing.clearExtras("sandbox");
    board.section.dataset.mode = "sandbox";
    board.root.dataset.playPhase = "sandbox";
    const focusMoves = this.focusMoves;
    this.focusMoves = false;
    if (!hadFocus) return;
    const again = focused && board.content.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    const firstMove = focusMoves && board.content.querySelector(".sniff-move");
    const fallback = board.content.querySelector("[data-key=undo]:not([disabled]), .sniff-tile");
    const next = firstMove || (again && !again.disabled ? again : fallback);
    next?.focus({ preventScroll: true });
  }
}
