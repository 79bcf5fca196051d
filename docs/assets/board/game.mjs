// The Sniff board's adapter: what is Sniff's on the one board (controller.mjs: settings, calls, saves, replays,
// records, errors, announcements, an online table), which it uses through the interface documented there.
//
// Loaded beside client.mjs by scripts/hooks/board.py. Before the engine runs the board adds the game settings
// (drawn from the schema: rules, players, classic Sniff's partnerships, bots; the pace; play/?rules=classic
// preselects classic Sniff) and, when a game is saved in this browser, "Continue the game" to the board's loader;
// the loader's own start button is "New game". Once the engine answers it plays through the engine's ops
// (engine/board, sniff.<op>; its own in engine/sniff/board/ops.py):
//   game     the visitor at seat 0 against bots; the worker keeps the game's save, sealed, so a reload resumes it;
//   replay   a loaded record, move by move ("Play on from here" takes it up as a game);
//   sandbox  play/?sandbox=<layout> ("Try it"): any tile on any legal join, the layout kept in the
//            address (history.replaceState): sandbox.mjs, a mode of Sniff's own.
// Words come from the engine's catalogs: the page's fixed words in the root's data-play-text
// (engine/sniff/board/text.py ui_text), every sentence about the game in the engine's replies.

const version = new URL(import.meta.url).search;
const [dom, table, { Sandbox }, state, settings, { storage }, { Board, startBoards }, { Review }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./table.mjs${version}`),
  import(`./sandbox.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./settings.mjs${version}`),
  import(`./saves.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./review.mjs${version}`),
]);
const { h, button, confirmGroup, scrollToEnd } = dom;
const { format, readStored, writeStored } = state;

// Where the board keeps its settings (settings.mjs), and its game before each tab had a slot (taken up once): read
// by every release, so a returning visitor keeps them (tests/node/board_settings.test.mjs).
export const STORE = { key: "sniff-board:settings", version: 1, unversioned: true };
export const LEGACY_KEY = "sniff-board:game";
// Classic Sniff's partnerships were stored as "partners" before the schema named them.
export const KEYS = { partnerships: "partners" };
export const PACES = { slow: 1800, normal: 1000, fast: 450, instant: 0 };
export const PAGE = [{ name: "pace", values: Object.keys(PACES), default: "normal" }];

class Sniff {
  constructor(root) {
    this.text = JSON.parse(root.dataset.playText);
    this.block = "sniff-play";
    this.attr = "play";
    this.label = this.text.board;
    this.store = STORE;
    this.keys = KEYS;
    this.radios = ["players"];
    this.page = PAGE;
    this.paces = PACES;
    this.selected = null;
    this.hintOpen = false;
    const board = (this.board = new Board(root, this));
    const address = new URLSearchParams(location.search);
    const intent = address.has("sandbox") ? "sandbox" : "new";
    board.intent = intent;
    // play/?rules=classic (the Variants page's "Play classic Sniff") preselects the rules of the next new game.
    const rules = board.fields.find((field) => field.name === "rules");
    if (settings.allowed(rules, address.get("rules"))) board.settings.rules = address.get("rules");
    board.mount();
    this.sandbox = new Sandbox(board, this);
    this.review = new Review({
      words: this.text.review,
      practiceUrl: new URL("../practice/", document.baseURI).href,
      call: (record, seat) => board.call("review", { record, seat }),
      reason: (error) => board.reason(error),
    });
    if (intent === "sandbox") root.boardLoader?.start(); // "Try it": the visitor asked for the board
  }

  // --- the settings, the seats, a save of the release before ----------------------------------------------------

  // Partnerships are classic Sniff's choice for four players (the engine refuses them otherwise).
  options({ players, rules, partners, bots }) {
    return { players, bots, rules, partnerships: rules === "classic" && players === 4 && partners };
  }

  players(options) {
    return options.players;
  }

  // Four players are partners in American Sniff, and in classic Sniff when they choose to be.
  partners(options) {
    return options.players === 4 && (options.rules === "american" || options.partnerships);
  }

  // The partnerships box is classic Sniff's (the board's settings and the online lobby's, by the stored names); the
  // lobby, whose players are a select, offers it with four players only (the board's radios say "alone" instead).
  hidden({ rules, players }, where = "board") {
    return rules === "classic" && (where !== "lobby" || players === 4) ? [] : ["partners"];
  }

  // Four players are partners in American Sniff; in classic Sniff they play alone unless the box is ticked.
  formShown(form) {
    const { rules, partners } = this.board.settings;
    const four = form.querySelector("input[name=sniff-players][value='4']");
    const words = this.text.options.players;
    if (four) four.nextElementSibling.textContent = rules === "classic" && !partners ? words.alone : words.values["4"];
  }

  legacy = {
    read: () => {
      const { bots, defaultBot } = this.board.schema;
      const saved = settings.checkSavedGame(readStored(storage(), LEGACY_KEY), { ...STORE, bots, defaultBot });
      return saved && { save: saved.save, meta: { resume: { bots: saved.bots } } };
    },
    drop: () => writeStored(storage(), LEGACY_KEY, null),
  };

  // --- the game: what is Sniff's -----------------------------------------------------------------------------------

  open(what) {
    if (what !== "sandbox") return null;
    const board = this.board;
    const layout = board.mode === "sandbox" ? this.sandbox.layout.join(";") : (new URLSearchParams(location.search).get("sandbox") ?? "");
    return this.sandbox.open(layout);
  }

  render(mode) {
    if (mode === "sandbox") this.sandbox.render();
  }

  // A new hand's table is empty, so the engine hasn't loaded its SVG renderer yet: let it do so while the player
  // looks at their tiles, rather than after their first move; not before, where it would hold up the bots' first
  // moves (the worker answers one call at a time).
  viewing(view, start) {
    if (start) this.rendererLoaded = Boolean(view.svg);
    if (start || this.board.view?.moves !== view.moves) this.selected = null;
  }

  shown(view) {
    if (this.rendererLoaded || view.phase !== "you" || this.board.source || !this.board.ahead.holds()) return;
    this.rendererLoaded = true;
    this.board.runtime.call("sniff.render_svg", { layout: "0|0" }).catch(() => {});
  }

  fileName(record) {
    return `${record.rules === "classic" ? "classic" : "american"}-sniff`;
  }

  // A click on a tile of your hand: one place -> play it; several -> select it and light its places.
  clickTile(tile) {
    const board = this.board;
    if (board.actions.busy("act") || board.view?.phase !== "you") return;
    const moves = board.view.actions.filter((move) => move.tile === tile);
    if (!moves.length) return;
    if (moves.length === 1) return board.act(moves[0].action);
    this.selected = this.selected === tile ? null : tile;
    this.focusMoves = this.selected !== null; // a keyboard user goes on to the selected tile's moves
    board.render();
  }

  // "Play on from here" replaces the saved game: asked first, as New game asks.
  askPlayOn() {
    if (!this.board.gameInProgress()) return this.playOn();
    this.board.confirm("playOn");
  }

  async playOn() {
    const board = this.board;
    if (board.mode !== "replay") return;
    const { replay, step } = board.view;
    const meta = { resume: board.setup.resumeMeta() };
    await board.saves.claim();
    return board.actions.run(
      "play-on",
      "change",
      () => board.call("replay_play_on", { replay, step, bots: meta.resume.bots }, board.keep({ meta })),
      (view) => {
        board.drawing.message(null);
        board.startGame(view, meta);
      },
      (error) => board.failed(error),
    );
  }

  // --- drawing -----------------------------------------------------------------------------------------------------

  beforeDraw() {
    return this.board.content.querySelector(".sniff-play__table")?.scrollLeft ?? 0;
  }

  afterDraw(panned) {
    const board = this.board;
    scrollToEnd(board.content.querySelector(".sniff-play__log"));
    table.follow(board.content.querySelector(".sniff-play__table"), panned, this.text.layoutPans);
    const focusMoves = this.focusMoves;
    this.focusMoves = false;
    return focusMoves && board.section.querySelector(".sniff-move.is-selected");
  }

  draw() {
    const board = this.board;
    const t = this.text;
    const view = board.view;
    const replay = board.mode === "replay";
    const yourTurn = board.mode === "game" && view.phase === "you";
    const options = yourTurn && this.selected ? view.actions.filter((move) => move.tile === this.selected) : [];
    const toggleHint = () => {
      this.hintOpen = !this.hintOpen;
      board.render();
    };
    const parts = [];
    if (replay) parts.push(this.replayControls());
    parts.push(
      h(
        "div",
        { class: "sniff-play__status" },
        h("p", { class: "sniff-play__turn", "data-play-turn": "", "data-key": "turn", tabindex: "-1" }, replay ? "" : view.turn),
        h(
          "p",
          { class: "sniff-play__meta" },
          format(t.hand, { number: view.handNumber }),
          " · ",
          h("span", { "data-play-boneyard": view.boneyard }, view.boneyardText),
        ),
      ),
      table.seatsPanel(view, t, { reveal: replay }),
      h("div", { class: "sniff-play__table" }, table.layoutPicture(view.svg, options, (action) => board.act(action), t.hintNone)),
      view.hint ? table.hintPanel(view, t, { open: this.hintOpen, toggle: toggleHint }) : null,
    );
    const handOver = view.phase === "handOver" || view.phase === "gameOver";
    if (!replay && !handOver && view.me !== null) parts.push(this.handAndMoves(yourTurn)); // a spectator has no hand
    parts.push(h("div", { class: "sniff-play__note", "data-board-message-slot": "", "data-patch-keep": "" })); // messages: beside the moves
    if (view.handEnd && view.phase !== "gameOver") {
      const nextHand = replay || board.source ? null : () => board.nextPart(); // online: the server deals
      parts.push(table.handEndPanel(view, t, { nextHand, canDeal: view.canDeal }));
    }
    parts.push(this.review.part(board.replays.reviewSource()));
    const newGame = replay || board.source ? null : () => board.newGame();
    if (view.gameEnd) parts.push(table.gameEndPanel(view, t, { newGame }));
    parts.push(h("div", { class: "sniff-play__columns" }, table.logPanel(view, t), table.sheetPanel(view, t)));
    return parts;
  }

  // Your tiles (click one: it lights its places) and every legal move as a button.
  handAndMoves(yourTurn) {
    const t = this.text;
    const board = this.board;
    const view = board.view;
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
        onclick: () => board.act(action.action),
      });
    const group = (id, className, title, content, hidden = false) =>
      h("div", { class: className, role: "group", "aria-labelledby": id, hidden }, h("h3", { id }, title), content);
    return h(
      "div",
      { class: "sniff-play__mine" + (yourTurn ? " is-your-turn" : "") },
      group("sniff-play-hand", "sniff-play__hand", t.yourHand, h("div", { class: "sniff-play__tiles" }, view.seats[view.me ?? 0].tiles.map(tile))),
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
    const board = this.board;
    const confirm =
      board.confirming === "playOn"
        ? confirmGroup(
            "sniff-play__confirm",
            t.confirmPlayOn,
            button(t.confirmPlayOnYes, "confirm-play-on", () => this.playOn(), { primary: true }),
            button(t.cancel, "cancel-play-on", () => board.cancelConfirm()),
          )
        : null;
    const playOn = board.view.canPlayOn ? button(t.playOn, "replay-play-on", () => this.askPlayOn()) : null;
    return board.replays.controls(playOn, confirm);
  }
}

startBoards("sniff", (root) => new Sniff(root));
