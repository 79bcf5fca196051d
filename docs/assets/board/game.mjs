// The Sniff board: games against the bots, replays of records, the sandbox; the board controller
// (controller.mjs: settings, calls, saves, replays, records, errors, announcements) with what is Sniff's.
//
// Loaded beside client.mjs by scripts/hooks/board.py. Before the engine runs it adds the game
// settings (rules, players, bots, pace; play/?rules=classic preselects classic Sniff) and, when a game is saved in
// this browser, "Continue the game" to the board's loader; the loader's own start button is "New game". Once the
// engine answers it plays through the engine's ops (engine/board, sniff.<op>; its own in engine/sniff/board/ops.py):
//   game     the visitor at seat 0 against bots; the worker keeps the game's save, sealed, so a reload resumes it;
//   replay   a loaded record, move by move;
//   sandbox  play/?sandbox=<layout> ("Try it"): any tile on any legal join, the layout kept in the
//            address (history.replaceState).
// Words come from the engine's catalogs: the page's fixed words in the root's data-play-text
// (engine/sniff/board/text.py ui_text), every sentence about the game in the engine's replies.

const version = new URL(import.meta.url).search;
const [dom, table, { Sandbox }, state, { Controller, storage, startBoards }, { Review }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./table.mjs${version}`),
  import(`./sandbox.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./review.mjs${version}`),
]);
const { h, button, confirmGroup, scrollToEnd } = dom;
const { GAME_KEY, PACES, RULES, SETTINGS_KEY, checkSavedGame, checkSettings, format } = state;

class Board extends Controller {
  constructor(root) {
    const text = JSON.parse(root.dataset.playText);
    super(root, {
      game: "sniff",
      attr: "play",
      block: "sniff-play",
      label: text.board,
      text,
      parts: "hands",
      partOver: "handOver",
      paces: PACES,
      continueAttributes: { class: "md-button md-button--primary sniff-play__continue", "data-play-continue": "" },
      onward: { you: ".sniff-move", handOver: "[data-key=next-hand]", gameOver: "[data-key=new-game-end]" },
      sectionPhase: (board) => board.view.phase,
    });
    this.selected = null;
    this.hintOpen = false;
    const address = new URLSearchParams(location.search);
    this.intent = address.has("sandbox") ? "sandbox" : "new";
    // play/?rules=classic (the Variants page's "Play classic Sniff") preselects the rules of the next new game.
    if (RULES.includes(address.get("rules"))) this.settings.rules = address.get("rules");
    this.mount();
    this.sandbox = new Sandbox(this);
    this.review = new Review({
      words: text.review,
      practiceUrl: new URL("../practice/", document.baseURI).href,
      call: (record, seat) => this.call("review", { record, seat }),
      reason: (error) => this.reason(error),
    });
    root.sniffPlay = root.boardController = this;
    if (this.intent === "sandbox") root.boardLoader?.start(); // "Try it": the visitor asked for the board
  }

  // --- stored data (state.mjs): the settings; a save of the release before, taken up once ----------------------

  loadSettings() {
    return checkSettings(state.readStored(storage(), SETTINGS_KEY));
  }

  storeSettings() {
    state.writeStored(storage(), SETTINGS_KEY, state.settingsToStore(this.settings));
  }

  legacySave() {
    const saved = checkSavedGame(state.readStored(storage(), GAME_KEY));
    return saved && { save: saved.save, meta: { resume: { bots: saved.bots } } };
  }

  dropLegacy() {
    state.writeStored(storage(), GAME_KEY, null);
  }

  newArgs() {
    const { players, bots, rules, partners } = this.settings;
    // Partnerships are classic Sniff's choice for four players (the engine refuses them with fewer).
    return { players, bots, rules, partnerships: rules === "classic" && players === 4 && partners };
  }

  resumeMeta() {
    return { bots: this.settings.bots };
  }

  // --- before the engine runs: the settings ------------------------------------------------------------------

  buildSettings() {
    const t = this.text;
    const radios = [2, 3, 4].map((n) =>
      h(
        "label",
        { class: "sniff-play__choice" },
        h("input", { type: "radio", name: "sniff-players", value: n, checked: this.settings.players === n }),
        " ",
        h("span", { "data-players-label": n }, t[`players${n}`]),
      ),
    );
    const partners = h(
      "label",
      { class: "sniff-play__choice", "data-play-partners": "" },
      h("input", { type: "checkbox", name: "partners", checked: this.settings.partners }),
      " ",
      t.partners,
    );
    const select = (name, label, options) =>
      h(
        "label",
        { class: "sniff-play__select" },
        h("span", {}, label),
        h(
          "select",
          { name },
          options.map((value) => h("option", { value, selected: this.settings[name] === value }, t[value])),
        ),
      );
    const form = h(
      "form",
      { class: "sniff-play__settings", "data-play-settings": "", autocomplete: "off" },
      select("rules", t.rules, RULES),
      h("fieldset", {}, h("legend", {}, t.players), radios, partners),
      select("bots", t.strength, ["random", "greedy", "strong"]),
      select("pace", t.pace, ["slow", "normal", "fast", "instant"]),
    );
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("change", () => this.readForm(form));
    this.showRules(form);
    return form;
  }

  // The settings as the form shows them (controller.mjs readForm says why it is read again at New game).
  readForm(form = this.form) {
    const data = new FormData(form);
    this.settings = checkSettings({
      ...this.settings,
      rules: data.get("rules"),
      partners: data.get("partners") === "on",
      players: Number(data.get("sniff-players")),
      bots: data.get("bots"),
      pace: data.get("pace"),
    });
    this.storeSettings();
    this.showRules(form);
  }

  // Four players are partners in American Sniff; in classic Sniff they play alone unless the box is ticked.
  showRules(form) {
    const { rules, partners } = this.settings;
    const alone = rules === "classic" && !partners;
    form.querySelector("[data-players-label='4']").textContent = alone ? this.text.players4alone : this.text.players4;
    form.querySelector("[data-play-partners]").hidden = rules !== "classic";
  }

  // --- the game: what is Sniff's -----------------------------------------------------------------------------

  openSandbox() {
    return this.sandbox.open(this.mode === "sandbox" ? this.sandbox.layout.join(";") : (new URLSearchParams(location.search).get("sandbox") ?? ""));
  }

  // A new hand's table is empty, so the engine hasn't loaded its SVG renderer yet: let it do so while the player
  // looks at their tiles, rather than after their first move; not before, where it would hold up the bots' first
  // moves (the worker answers one call at a time).
  onStart(view) {
    this.selected = null;
    this.rendererLoaded = Boolean(view.svg);
  }

  beforeShow(view) {
    if (this.view?.moves !== view.moves) this.selected = null;
  }

  afterShow(view) {
    if (this.rendererLoaded || view.phase !== "you" || this.source) return;
    this.rendererLoaded = true;
    this.runtime.call("sniff.render_svg", { layout: "0|0" }).catch(() => {});
  }

  inProgress(view) {
    return view.moves > view.handNumber; // a move made: more than the hands dealt
  }

  recordName(record) {
    const rules = record.rules === "classic" ? "classic" : "american";
    return `${rules}-sniff-${new Date().toISOString().slice(0, 10)}.json`;
  }

  // A click on a tile of your hand: one place -> play it; several -> select it and light its places.
  clickTile(tile) {
    if (this.actions.busy("act") || this.view?.phase !== "you") return;
    const moves = this.view.actions.filter((move) => move.tile === tile);
    if (!moves.length) return;
    if (moves.length === 1) return this.act(moves[0].action);
    this.selected = this.selected === tile ? null : tile;
    this.focusMoves = this.selected !== null; // a keyboard user goes on to the selected tile's moves
    this.render();
  }

  // "Play on from here" replaces the saved game: asked first, as New game asks.
  askPlayOn() {
    if (!this.gameInProgress()) return this.playOn();
    this.confirm("playOn");
  }

  async playOn() {
    if (this.mode !== "replay") return;
    const { replay, step } = this.view;
    const meta = { resume: this.resumeMeta() };
    await this.claim();
    return this.actions.run(
      "play-on",
      "change",
      () => this.call("replay_play_on", { replay, step, bots: meta.resume.bots }, this.keep({ meta })),
      (view) => {
        this.showMessage(null);
        this.startGame(view, meta);
      },
      (error) => this.failed(error),
    );
  }

  // --- drawing -----------------------------------------------------------------------------------------------

  beforeRender() {
    return this.content.querySelector(".sniff-play__table")?.scrollLeft ?? 0;
  }

  afterRender(panned) {
    this.section.dataset.busy = this.actions.busy() ? "true" : "false";
    this.section.dataset.mode = this.mode;
    scrollToEnd(this.content.querySelector(".sniff-play__log"));
    table.follow(this.content.querySelector(".sniff-play__table"), panned, this.text.layoutPans);
    const focusMoves = this.focusMoves;
    this.focusMoves = false;
    return focusMoves && this.section.querySelector(".sniff-move.is-selected");
  }

  parts() {
    const t = this.text;
    const view = this.view;
    const replay = this.mode === "replay";
    const yourTurn = this.mode === "game" && view.phase === "you";
    const options = yourTurn && this.selected ? view.actions.filter((move) => move.tile === this.selected) : [];
    const toggleHint = () => {
      this.hintOpen = !this.hintOpen;
      this.render();
    };
    const parts = [];
    if (replay) parts.push(this.replayControls());
    parts.push(
      h(
        "div",
        { class: "sniff-play__status" },
        h(
          "p",
          { class: "sniff-play__turn", "data-play-turn": "", "data-key": "turn", tabindex: "-1" },
          replay ? "" : view.turn,
        ),
        h(
          "p",
          { class: "sniff-play__meta" },
          format(t.hand, { number: view.handNumber }),
          " · ",
          h("span", { "data-play-boneyard": view.boneyard }, view.boneyardText),
        ),
      ),
      table.seatsPanel(view, t, { reveal: replay }),
      h(
        "div",
        { class: "sniff-play__table" },
        table.layoutPicture(view.svg, options, (action) => this.act(action), t.hintNone),
      ),
      view.hint ? table.hintPanel(view, t, { open: this.hintOpen, toggle: toggleHint }) : null,
    );
    const handOver = view.phase === "handOver" || view.phase === "gameOver";
    if (!replay && !handOver) parts.push(this.handAndMoves(yourTurn));
    parts.push(h("div", { class: "sniff-play__note", "data-board-message-slot": "", "data-patch-keep": "" })); // messages: beside the moves
    if (view.handEnd && view.phase !== "gameOver") {
      const nextHand = replay || this.source ? null : () => this.nextPart(); // online: the server deals
      parts.push(table.handEndPanel(view, t, { nextHand, canDeal: view.canDeal }));
    }
    parts.push(this.review.part(this.reviewSource()));
    const newGame = replay || this.source ? null : () => this.newGame();
    if (view.gameEnd) parts.push(table.gameEndPanel(view, t, { newGame }));
    parts.push(h("div", { class: "sniff-play__columns" }, table.logPanel(view, t), table.sheetPanel(view, t)));
    return parts;
  }

  // Your tiles (click one: it lights its places) and every legal move as a button.
  handAndMoves(yourTurn) {
    const t = this.text;
    const view = this.view;
    const playable = new Set(yourTurn ? view.actions.map((move) => move.tile).filter(Boolean) : []);
    const tile = (notation) =>
      table.tileButton(notation, {
        playable: playable.has(notation),
        selected: this.selected === notation,
        onclick: () => this.clickTile(notation),
      });
    const move = (action) =>
      table.moveButton(action, {
        selected: this.selected && action.tile === this.selected,
        onclick: () => this.act(action.action),
      });
    const group = (id, className, title, content, hidden = false) =>
      h(
        "div",
        { class: className, role: "group", "aria-labelledby": id, hidden },
        h("h3", { id }, title),
        content,
      );
    return h(
      "div",
      { class: "sniff-play__mine" + (yourTurn ? " is-your-turn" : "") },
      group(
        "sniff-play-hand",
        "sniff-play__hand",
        t.yourHand,
        h("div", { class: "sniff-play__tiles" }, view.seats[view.me ?? 0].tiles.map(tile)),
      ),
      group(
        "sniff-play-moves",
        "sniff-play__moves",
        t.yourMoves,
        h("div", { class: "sniff-play__buttons" }, yourTurn ? view.actions.map(move) : []),
        !yourTurn,
      ),
    );
  }

  replayControls() {
    const t = this.text;
    const confirm =
      this.confirming === "playOn"
        ? confirmGroup(
            "sniff-play__confirm",
            t.confirmPlayOn,
            button(t.confirmPlayOnYes, "confirm-play-on", () => this.playOn(), { primary: true }),
            button(t.cancel, "cancel-play-on", () => this.cancelConfirm()),
          )
        : null;
    const playOn = this.view.canPlayOn ? button(t.playOn, "replay-play-on", () => this.askPlayOn()) : null;
    return super.replayControls(playOn, confirm);
  }
}

startBoards("[data-sniff-board][data-play-text]", (root) => new Board(root));
