// The Okey table's rack, as the visitor arranges it and lays tiles down from it: the selection, the engine's check
// of the selected tiles before they are laid down, the order (dragged with the mouse or a finger, moved with
// Alt+arrow keys, sorted or arranged by the engine), the unassisted table's lay-offs by selection, and its drawing.
// The rules are okey-rack.mjs's (pure, tested under node --test); the board is controller.mjs's, through okey.mjs.
// The order is the page's own (the engine's rack has none), kept in the game's meta beside its save.

const version = new URL(import.meta.url).search;
const [{ h, button }, draw, rack] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./okey-draw.mjs${version}`),
  import(`./okey-rack.mjs${version}`),
]);

export class Hand {
  constructor(board, text) {
    this.board = board;
    this.text = text;
    this.order = [];
    this.selected = new Set(); // indexes into this.order
    this.check = null; // the engine's check of the selected tiles
    this.choices = null; // the lay-offs a tile has on one meld, when more than one, to choose from
    this.focusTile = null;
  }

  // A new game (its meta's order) or a new view: the selection goes with a move, the order follows the rack.
  follow(view, start) {
    const meta = this.board.meta;
    if (start) meta.order = rack.checkOrder(start.order);
    if (start || this.board.view?.moves !== view.moves) {
      this.choices = null;
      this.selected.clear();
      this.check = null;
    }
    this.order = meta.order = rack.reconcile(start ? meta.order : this.order, view.rack);
  }

  selectedTiles() {
    return [...this.selected].sort((a, b) => a - b).map((index) => this.order[index]);
  }

  // The one tile selected, or null.
  one() {
    return this.selected.size === 1 ? [...this.selected][0] : null;
  }

  toggle(index) {
    this.choices = null;
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.board.render();
    this.checkSelection();
  }

  clearSelection() {
    this.selected.clear();
    this.check = null;
    this.board.render();
  }

  // The engine checks the selected tiles as a lay-down; the check applies only to the turn it was asked in.
  async checkSelection() {
    const board = this.board;
    const tiles = this.selectedTiles();
    this.check = null;
    if (tiles.length < 2 || board.mode !== "game" || board.view.phase !== "you" || board.view.turnPhase !== "play") {
      return board.render();
    }
    const moves = board.view.moves;
    const game = board.gameId;
    board.actions.end({ key: "check" }); // a newer selection's check replaces the one in flight
    return board.actions.run(
      "check",
      "update",
      () => board.call("lay_check", { game, tiles, kind: "melds" }),
      (check) => {
        if (moves !== board.view.moves || tiles.join() !== this.selectedTiles().join()) return;
        this.check = check;
        board.render();
      },
      (error) => board.failed(error),
    );
  }

  async layDown(kind) {
    const board = this.board;
    if (board.mode !== "game" || board.view.phase !== "you") return;
    const tiles = this.selectedTiles();
    const game = board.gameId;
    let action = null;
    await board.actions.run(
      "lay",
      "update",
      () => board.call("lay_check", { game, tiles, kind }),
      (check) => {
        if (check.ok) return (action = check.action.action);
        board.drawing.message(check.text);
        board.drawing.announce([check.text]);
      },
      (error) => board.failed(error),
    );
    if (action) await board.act(action);
  }

  move(index, to) {
    const moved = rack.moveTile(this.order, this.selected, index, to);
    if (!moved) return;
    this.order = this.board.meta.order = moved.order;
    this.selected = moved.selected;
    this.focusTile = to;
    this.board.keepMeta();
    this.board.render();
  }

  async arrange(how) {
    const board = this.board;
    const game = board.gameId;
    return board.actions.run(
      "arrange",
      "update",
      () => board.call("arrange", { game, how }),
      (result) => {
        this.order = board.meta.order = rack.reconcile(result.order, board.view.rack);
        this.selected.clear();
        this.check = null;
        board.keepMeta();
        board.render();
      },
      (error) => board.failed(error),
    );
  }

  // Alt+Left and Alt+Right move the focused tile along its row, Alt+Up and Alt+Down to the other row.
  key(event) {
    const tile = event.target.closest?.("[data-okey-index]");
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    if (!tile || !event.altKey || !keys.includes(event.key)) return;
    event.preventDefault();
    const index = Number(tile.dataset.okeyIndex);
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") return this.move(index, index + (event.key === "ArrowLeft" ? -1 : 1));
    const to = rack.otherRow(this.order.length, index, event.key === "ArrowDown");
    if (to !== null) this.move(index, to);
  }

  // Drag with the mouse (HTML drag and drop) or a finger (pointer events): drop a tile on another to put it there.
  dragHandlers(index) {
    return {
      draggable: "true",
      ondragstart: (event) => {
        event.dataTransfer.setData("text/plain", String(index));
        event.dataTransfer.effectAllowed = "move";
      },
      ondragover: (event) => event.preventDefault(),
      ondrop: (event) => {
        event.preventDefault();
        const from = Number(event.dataTransfer.getData("text/plain"));
        if (Number.isInteger(from)) this.move(from, index);
      },
      onpointerdown: (event) => {
        if (event.pointerType !== "touch") return;
        this.touch = { index, x: event.clientX, y: event.clientY, moved: false };
      },
      onpointermove: (event) => {
        if (this.touch && Math.hypot(event.clientX - this.touch.x, event.clientY - this.touch.y) > 12) {
          this.touch.moved = true;
        }
      },
      onpointerup: (event) => {
        const touch = this.touch;
        this.touch = null;
        if (!touch?.moved) return;
        const target = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-okey-index]");
        if (target) this.move(touch.index, Number(target.dataset.okeyIndex));
        this.suppressClick = true;
      },
    };
  }

  // The unassisted table lays off by selection: with one tile selected, each meld it fits is a button.
  layoffTarget(to) {
    const board = this.board;
    const view = board.view;
    if (board.mode !== "game" || view.phase !== "you" || view.assisted || this.selected.size !== 1) return null;
    const moves = rack.layoffsOf(view.actions, this.order[this.one()], to);
    if (!moves.length) return null;
    if (moves.length === 1) return () => board.act(moves[0].action);
    return () => {
      this.choices = moves;
      board.render();
    };
  }

  // The focus after a redraw: the tile just moved.
  focus() {
    const focusTile = this.focusTile;
    this.focusTile = null;
    return focusTile !== null && focusTile !== undefined && this.board.section.querySelector(`[data-okey-index="${focusTile}"]`);
  }

  // --- drawing -------------------------------------------------------------------------------------------------------

  // A replay shows the visitor's rack too (the record's racks are all revealed), read-only.
  replayRack(view) {
    const ctx = draw.context(view);
    const tiles = view.seats[0].rack;
    const tile = (index) =>
      h("span", { class: "okey-rack__tile is-static" }, draw.face(tiles[index], ctx), h("span", { class: "okey-sr" }, draw.named(view, tiles[index])));
    return h(
      "section",
      { class: "okey-play__mine", "aria-labelledby": "okey-rack-title" },
      h("h3", { id: "okey-rack-title" }, `${this.text.yourRack} · ${view.seats[0].name}`),
      h(
        "div",
        { class: "okey-rack", "data-okey-revealed": 0 },
        rack.rackRows(tiles.length).map((row) => h("div", { class: "okey-rack__row" }, row.map(tile))),
      ),
    );
  }

  tileButton(view, index, penalty, layoff) {
    const t = this.text;
    const code = this.order[index];
    const marks = [];
    if (penalty.has(code)) marks.push(t.penalty);
    if (code === view.okey) marks.push(t.okeyTile);
    const label = [draw.named(view, code), ...marks].join(", ");
    const extra = (code === view.okey ? " is-okey" : "") + (penalty.has(code) ? " is-penalty" : "");
    const selected = this.selected.has(index);
    return h(
      "button",
      {
        type: "button",
        class: "okey-rack__tile" + (selected ? " is-selected" : "") + (layoff.has(code) ? " can-lay-off" : ""),
        "aria-pressed": selected ? "true" : "false",
        "data-okey-index": index,
        "data-okey-tile": code,
        "data-key": `tile:${index}`,
        onclick: () => {
          if (this.suppressClick) return (this.suppressClick = false);
          this.toggle(index);
        },
        ...this.dragHandlers(index),
      },
      draw.face(code, draw.context(view), extra),
      penalty.has(code) ? h("span", { class: "okey-penalty-mark", "aria-hidden": "true" }, "!") : null,
      h("span", { class: "okey-sr" }, label),
    );
  }

  // The rack, the moves on offer (`moves`), the selection and what can be done with it.
  panel(view, yourTurn, moves) {
    const t = this.text;
    const penalty = new Set(view.assisted ? view.penalty : []);
    const layoff = new Set(view.assisted ? (view.layoffTiles ?? []) : []);
    const selected = this.selectedTiles();
    const canLay = yourTurn && view.turnPhase === "play";
    const targets = !view.assisted && canLay && this.selected.size === 1 && view.table.some((item) => this.layoffTarget(item.index));
    const lay = (label, key, kind) => button(label, key, () => this.layDown(kind), { disabled: !selected.length });
    return h(
      "section",
      { class: "okey-play__mine" + (yourTurn ? " is-your-turn" : ""), "aria-labelledby": "okey-rack-title" },
      h("h3", { id: "okey-rack-title", class: "okey-sr" }, t.yourRack),
      h(
        "div",
        { class: "okey-rack", role: "group", "aria-labelledby": "okey-rack-title", "aria-describedby": "okey-rack-help" },
        rack.rackRows(this.order.length).map((row) =>
          h("div", { class: "okey-rack__row" }, row.map((index) => this.tileButton(view, index, penalty, layoff))),
        ),
      ),
      moves,
      view.hint ? h("p", { class: "okey-play__hint", "data-okey-hint": "" }, view.hint) : null,
      h(
        "div",
        { class: "okey-play__selection", "data-okey-selection": "" },
        h("p", {}, `${t.selected}: `, selected.length ? selected.map((code) => draw.named(view, code)).join(", ") : t.noneSelected),
        this.check?.text ? h("p", { "data-okey-check": "" }, this.check.text) : null,
        targets ? h("p", { class: "okey-play__help", "data-okey-layoff-help": "" }, t.layoffHelp) : null,
        canLay
          ? h(
              "div",
              { class: "okey-play__buttons" },
              lay(t.layMelds, "lay-melds", "melds"),
              lay(t.layPairs, "lay-pairs", "pairs"),
              button(t.clearSelection, "clear-selection", () => this.clearSelection(), { disabled: !selected.length }),
            )
          : null,
      ),
    );
  }

  // Sorting and moving tiles, and how to: below the moves, so the table and the moves stay on a phone's screen.
  tools(view) {
    const t = this.text;
    const one = this.one();
    return h(
      "section",
      { class: "okey-play__tools", "aria-label": t.yourRack },
      h(
        "div",
        { class: "okey-play__buttons" },
        button(t.sortRuns, "sort-runs", () => this.arrange("runs")),
        button(t.sortSets, "sort-sets", () => this.arrange("sets")),
        view.assisted ? button(t.arrangeBest, "arrange-best", () => this.arrange("best")) : null,
        view.assisted ? button(t.arrangePairs, "arrange-pairs", () => this.arrange("pairs")) : null,
        button(t.moveLeft, "move-left", () => this.move(one, one - 1), { disabled: one === null || one === 0 }),
        button(t.moveRight, "move-right", () => this.move(one, one + 1), { disabled: one === null || one === this.order.length - 1 }),
      ),
      h("p", { class: "okey-play__help", id: "okey-rack-help" }, view.assisted ? t.rackHelp : `${t.rackHelp} ${t.layoffHelp}`),
    );
  }
}
