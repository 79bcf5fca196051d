// A board's part: its section in the page, drawn again in place at every change (patch.mjs), the message beside the
// moves, the live region that announces what changed, and the boxes under the game (the record, the settings).
// What a game's board shows is its adapter's (draw()); where the focus goes after a redraw, this part's.

const version = new URL(import.meta.url).search;
const [{ h, button, confirmGroup, recordInput }, { patch }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./patch.mjs${version}`),
]);

export class Drawing {
  constructor(board) {
    this.board = board;
    const { block, attr, label, messageAttributes } = board.game;
    this.live = h("div", { class: `${block}__live`, "aria-live": "polite", [`data-${attr}-live`]: "" });
    this.note = h("p", { class: `${block}__message`, ...messageAttributes, [`data-${attr}-message`]: "", hidden: true });
    this.section = h("section", { class: block, "aria-label": label, hidden: true });
    this.content = h("div", { class: `${block}__content` }); // drawn again at every change of the game (patch.mjs)
    this.boxes = h("div", { class: `${block}__content` }); // records and settings: redrawn only when they change
    this.section.append(this.live, this.note, this.content, this.boxes);
  }

  // A message for the visitor (null: none).
  message(text) {
    this.note.textContent = text ?? "";
    this.note.hidden = !text;
    this.placeMessage();
  }

  // The message goes where the visitor is looking: a game's slot beside its moves, else the top of the board.
  placeMessage() {
    const slot = this.content.querySelector("[data-board-message-slot]");
    if (slot && this.note.parentNode !== slot) slot.append(this.note);
    else if (!slot && this.note.parentNode !== this.section) this.section.insertBefore(this.note, this.content);
  }

  announce(lines) {
    const text = (lines ?? []).filter(Boolean).join(" ");
    if (text) this.live.textContent = text;
  }

  // Focus stays where it was (the same button, by its data-key), or goes where the game goes on: a keyboard
  // player's focus is never dropped on the page's body when the button they pressed disappears.
  render() {
    const board = this.board;
    const { game, view, mode } = board;
    if (mode !== "game" && mode !== "replay") return game.render?.(mode);
    if (!view) return;
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    const kept = game.beforeDraw?.();
    patch(this.content, game.draw().filter((part) => part !== null && part !== undefined));
    this.placeMessage();
    this.extras();
    const phase = mode === "game" ? view.phase : mode;
    this.section.dataset.phase = phase;
    this.section.dataset.mode = mode;
    board.root.dataset[`${game.attr}Phase`] = phase;
    // How far the game has gone (parts dealt + moves made): tests and scripts wait on it.
    board.root.dataset[`${game.attr}Moves`] = mode === "game" ? view.moves : 0;
    const target = game.afterDraw?.(kept);
    if (!hadFocus) return;
    const find = (selector) => this.section.querySelector(selector);
    const again = focused && focused !== "turn" && find(`[data-key="${CSS.escape(focused)}"]`);
    (target || again || find(this.onward(view.phase)) || find("[data-key=turn]"))?.focus({ preventScroll: true });
  }

  // Where the game goes on: the first move on offer, the next part's deal, a new game at the end.
  onward(phase) {
    if (phase === "you") return "[data-key^='move:']";
    if (phase === this.board.partOver) return `[data-key=next-${this.board.schema.part}]`;
    return phase === "gameOver" ? "[data-key=new-game-end]" : "[data-key=turn]";
  }

  // The boxes under a game against the bots: its record and its settings (an online table's are the online panel's
  // and the lobby's). Drawn again only when what they show changed.
  extras(force = false) {
    const board = this.board;
    if (!board.view || (board.mode !== "game" && board.mode !== "replay")) return;
    const key = `${board.mode}|${board.confirming}|${board.view.phase === "gameOver"}|${board.stored}|${Boolean(board.source)}`;
    if (key === this.extrasKey && !force) return;
    this.extrasKey = key;
    const shown = board.mode === "game" && !board.source;
    this.boxes.replaceChildren(...(shown ? [this.recordBox(), this.settingsBox()] : []));
  }

  // Another mode drew the board (an adapter's own): the boxes go, until a game or a replay draws them again.
  clearExtras(key) {
    this.boxes.replaceChildren();
    this.extrasKey = key;
  }

  // A box of the extras, labelled by its heading.
  box(name, title, ...children) {
    const { block, attr } = this.board.game;
    const id = `${attr}-${name}-title`;
    const kind = name === "records" ? "records" : "setup";
    return h("section", { class: `${block}__box ${block}__${kind}`, "aria-labelledby": id }, h("h3", { id }, title), ...children);
  }

  // Whether the game is saved: said, and when it is not, the record download offered beside it.
  savedLine() {
    const board = this.board;
    const { block } = board.game;
    if (board.stored === null || board.view.phase === "gameOver") return null;
    if (board.stored) return h("p", { class: `${block}__help`, "data-board-saved": "true" }, board.text.saved);
    return h("p", { class: `${block}__help ${block}__unsaved`, role: "alert", "data-board-saved": "false" }, board.text.notSaved);
  }

  recordBox() {
    const board = this.board;
    const t = board.text;
    const { block } = board.game;
    const input = recordInput(`${block}__file`, `${block}-file`, (file) => board.replays.open(file));
    return this.box(
      "records",
      t.record,
      h("div", { class: `${block}__buttons` }, button(t.download, "download", () => board.replays.download())),
      h("p", {}, h("label", { for: `${block}-file` }, t.load), " ", input),
      h("p", { class: `${block}__help` }, t.loadHelp),
      this.savedLine(),
    );
  }

  settingsBox() {
    const board = this.board;
    const t = board.text;
    const actions =
      board.confirming === "new"
        ? confirmGroup(
            `${board.game.block}__confirm`,
            t.confirmNew,
            button(t.confirmYes, "confirm-new", () => board.newGame(), { primary: true }),
            button(t.cancel, "cancel-new", () => board.cancelConfirm()),
          )
        : button(t.newGame, "new-game", () => board.askNewGame(), { primary: true });
    return this.box("setup", t.setup, board.form, actions);
  }
}
