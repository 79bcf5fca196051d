// The Okey table's adapter: what is Okey's on the one board (controller.mjs: settings, calls, saves, replays,
// records, errors, announcements, an online table), which it uses through the interface documented there: its
// settings' store and the move timer, the rack the visitor arranges (okey-hand.mjs), and its drawing
// (okey-draw.mjs).
//
// Loaded beside client.mjs by scripts/hooks/board.py for an ```okey-board fence: the same loader, worker and
// Pyodide runtime as every board, the engine's ops called as okey.<op> (engine/board; its own in
// engine/okey/board/ops.py):
//   game     the visitor at seat 0 against three bots; the worker keeps the game's save, sealed, with the rack's
//            order and the timer's deadline, so a reload resumes the game as it was;
//   replay   a loaded record, move by move.
// The move timer: when it runs out, a bot plays the visitor's turn, and the log says so. Nothing else plays for
// the visitor: a hidden tab keeps its seat. Words come from the engine's okeyplay catalog: the fixed words in the
// root's data-okey-text (engine/okey/board/page_text.py ui_text), every sentence about the game in its replies.
// Keys pressed inside the table stay in the table: Material's keyboard shortcuts never see them.

const version = new URL(import.meta.url).search;
const [dom, state, settings, { storage }, { Board, startBoards }, draw, rack, slots, { Hand }, { Review }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./settings.mjs${version}`),
  import(`./saves.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./okey-draw.mjs${version}`),
  import(`./okey-rack.mjs${version}`),
  import(`./slots.mjs${version}`),
  import(`./okey-hand.mjs${version}`),
  import(`./review.mjs${version}`),
]);
const { h, format, scrollToEnd } = dom;
const { readStored, writeStored } = state;

// One versioned value: the settings, and a save of the release before (taken up once); read by every release, so a
// returning visitor keeps them (tests/node/board_settings.test.mjs).
export const STORE = { key: "okey-table", version: 1, within: "settings", beside: { game: null } };
export const PACES = { slow: 1800, normal: 900, fast: 400, instant: 0 };
export const TIMERS = [0, 15, 30, 60];
// The table's own fields: the move timer (its words given here: its values are the page's) and the bots' pace.
export const page = (t = {}) => [
  { name: "timer", values: TIMERS, default: 0, label: t.timer, text: (n) => (n ? format(t.timerSeconds, { seconds: n }) : t.timerOff) },
  { name: "pace", values: Object.keys(PACES), default: "normal" },
];

class Okey {
  constructor(root) {
    const t = (this.text = JSON.parse(root.dataset.okeyText));
    this.block = "okey-play";
    this.attr = "okey";
    this.label = t.table;
    this.messageAttributes = { role: "alert" };
    this.store = STORE;
    this.radios = ["mode"];
    this.paces = PACES;
    this.page = page(t);
    this.deadline = null;
    const board = (this.board = new Board(root, this));
    this.hand = new Hand(board, t);
    root.dataset.okeyBusy = "false";
    // The table's own keys; the loader (client.mjs) keeps every key pressed in it from Material's shortcuts.
    root.addEventListener("keydown", (event) => this.hand.key(event));
    board.mount();
    this.review = new Review({
      words: t.review,
      practiceUrl: new URL("../okey-practice/", document.baseURI).href,
      call: (record, seat) => board.call("review", { record, seat }),
      reason: (error) => board.reason(error),
    });
  }

  players() {
    return 4;
  }

  partners(options) {
    return options.mode === "pairs";
  }

  // A game of the release before, in the settings' value: its save, its bots and table, the rack's order.
  legacy = {
    read: () => {
      const board = this.board;
      const { whole } = settings.readStore(STORE, readStored(storage(), STORE.key), board.fields);
      const { bots, defaultBot } = board.schema;
      const saved = settings.checkSavedGame(whole?.game, { ...STORE, bots, defaultBot, unversioned: true });
      if (!saved || saved.save.game !== "okey" || !Array.isArray(saved.save.rounds)) return null;
      const assisted = board.fields.find((field) => field.name === "assisted");
      const resume = { bots: saved.bots, assisted: settings.allowed(assisted, whole.game.assisted) ? whole.game.assisted : assisted.default };
      return { save: saved.save, meta: { resume, order: rack.checkOrder(whole.game.order) } };
    },
    drop: () => writeStored(storage(), STORE.key, settings.storeValue(STORE, this.board.settings, this.board.fields)),
  };

  settingsChanged() {
    this.startTimer();
  }

  // --- the game: what is Okey's ------------------------------------------------------------------------------------

  viewing(view, start) {
    const meta = this.board.meta;
    if (start) meta.notes = Array.isArray(start.notes) ? start.notes.filter((note) => typeof note?.text === "string") : [];
    this.hand.follow(view, start);
  }

  shown() {
    this.startTimer();
  }

  // The take the rules refuse is on offer too (its button says why): the engine refuses it, and the table says so.
  offered(action) {
    return action === "take" && Boolean(this.board.view.takeRefused);
  }

  startLines(view) {
    return view.phase === "roundOver" || view.round > 1 ? view.news : [...view.log, view.turn];
  }

  fileName() {
    return "okey";
  }

  // --- the timer: when it runs out, a bot plays the player's turn ----------------------------------------------------

  // The deadline is kept with the save (its meta): a reload goes on with the time that was left.
  startTimer() {
    const board = this.board;
    clearInterval(this.ticker);
    const yours = board.mode === "game" && board.view?.phase === "you" && !board.source; // online: the server's timer
    const seconds = yours ? board.settings.timer : 0;
    const moves = board.view?.moves;
    this.deadline = slots.deadlineFor(board.meta?.deadline, { moves, seconds, now: Date.now() });
    if (this.deadline === null) return this.showTimer();
    if (board.meta.deadline?.at !== this.deadline) {
      board.meta.deadline = { at: this.deadline, moves, seconds };
      board.keepMeta();
    }
    const generation = board.actions.generation;
    const tick = () => {
      if (board.actions.generation !== generation || board.view.moves !== moves || board.view.phase !== "you") {
        return clearInterval(this.ticker);
      }
      if (Date.now() >= this.deadline && !board.actions.busy("act")) {
        clearInterval(this.ticker);
        this.timeUp();
      }
      this.showTimer();
    };
    this.ticker = setInterval(tick, 250);
    tick();
  }

  showTimer() {
    const clock = this.board.section.querySelector("[data-okey-timer]");
    if (!clock) return;
    const left = this.deadline === null ? null : slots.secondsLeft(this.deadline, Date.now());
    clock.hidden = left === null;
    clock.textContent = left === null ? "" : format(this.text.timeLeft, { seconds: left });
  }

  // "Time is up: a bot played your turn.": said, and written in the log where it happened.
  async timeUp() {
    const board = this.board;
    const at = board.view.log.length;
    const round = board.view.round;
    const outcome = await board.play("act", "timeout", {}, (view) => {
      board.meta.notes = [...board.meta.notes, { round, at, text: view.news[0] }].slice(-50);
      return view.news;
    });
    if (outcome !== "applied") return;
    board.drawing.message(board.view.news[0]);
    board.render();
    board.keepMeta();
  }

  // --- drawing -------------------------------------------------------------------------------------------------------

  afterDraw() {
    scrollToEnd(this.board.content.querySelector(".okey-play__log ol"));
    this.showTimer();
    return this.hand.focus();
  }

  draw() {
    const board = this.board;
    const hand = this.hand;
    const t = this.text;
    const view = board.view;
    const replay = board.mode === "replay";
    const yourTurn = board.mode === "game" && view.phase === "you";
    const on = {
      act: (action) => board.act(action),
      nextRound: () => board.nextPart(),
      newGame: () => board.newGame(),
      // The assisted table's lay-offs, one tap each; the unassisted one's, when a tile fits a meld more ways than one
      // (an okey at either end), to choose from.
      oneTap: yourTurn && view.assisted ? view.actions.filter((move) => move.kind === "layoff") : (hand.choices ?? []),
      layoffTarget: (to) => hand.layoffTarget(to),
      selectedTile: hand.one() === null ? null : hand.order[hand.one()],
    };
    const parts = [];
    if (replay) parts.push(board.replays.controls());
    // A replay tells the move it shows, not whose turn it would be ("Your turn" is the live game's).
    const turn = replay ? (view.log.at(-1) ?? "") : view.turn;
    parts.push(
      h(
        "div",
        { class: "okey-play__status" },
        h("p", { class: "okey-play__turn", "data-okey-turn": "", "data-key": "turn", tabindex: "-1" }, turn),
        h(
          "p",
          { class: "okey-play__meta" },
          format(t.round, { number: view.round }),
          ` / ${view.rounds} · `,
          h("span", { "data-okey-pile": view.pile }, view.pileText),
          " · ",
          h("span", { "data-okey-threshold": view.threshold }, view.thresholdText),
        ),
        h("p", { class: "okey-play__timer", "data-okey-timer": "", hidden: true }),
      ),
      draw.felt(view, t, on),
    );
    const over = view.phase === "roundOver" || view.phase === "gameOver";
    const seated = view.me !== null; // an online table's spectator has no rack, no moves, no tools
    if (!replay && !over && seated) parts.push(hand.panel(view, yourTurn, draw.movesPanel(view, t, yourTurn, on)));
    if (replay && view.seats[0].rack?.length && !view.roundEnd) parts.push(hand.replayRack(view));
    // A refused move's reason, a record's message: here, beside the moves, where the visitor is looking.
    parts.push(h("div", { class: "okey-play__note", "data-board-message-slot": "", "data-patch-keep": "" }));
    if (!replay && !over && seated) parts.push(hand.tools(view));
    // An online table's server deals the next round and the game's end is the online panel's: no buttons for them.
    const online = Boolean(board.source);
    if (view.roundEnd) parts.push(draw.roundEndPanel(view, t, replay || online, on));
    if (view.gameEnd) parts.push(draw.gameEndPanel(view, t, replay || online, on));
    parts.push(this.review.part(board.replays.reviewSource()));
    const log = replay ? view.log : rack.logWithNotes(view.log, board.meta?.notes ?? [], view.round);
    parts.push(draw.logPanel(t, log));
    return parts;
  }
}

startBoards("okey", (root) => new Okey(root));
