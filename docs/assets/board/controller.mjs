// One board for every game, made of parts; a game's adapter (its own module, loaded by scripts/hooks/board.py) uses
// it and says what is its own.
//
// The board (this module) owns the game in play: "Continue the game" in the loader; every call to the worker,
// through state.mjs's guard (an action in flight takes its key; a reply for an older state is dropped); a new game,
// a resumed one, the bots at their pace, the player's moves, the next part; errors in the page's words (state.mjs
// errorText). Its parts, each a module of one idea:
//   setup.mjs          the settings read from the game's schema (settings.mjs), kept, drawn as a form (form.mjs)
//   saves.mjs          this tab's slot and the list of saved games (the saves stay sealed in the worker)
//   replays.mjs        a record loaded and stepped through, the record's download, what Review may review
//   online-source.mjs  an online table as the source of the views and where the moves go (online.mjs hands it over)
//   ahead.mjs          the next game, dealt ahead by the worker and drawn by New game at once, before it runs
//   drawing.mjs        the redraw in place that keeps the focus, the message and the live region, the boxes
//
// The page gives the board its game (data-board), the game's schema (data-board-schema) and the loader
// (root.boardLoader, client.mjs). The adapter gives, as properties:
//   text         the game's words (its root's data-<words>-text; the settings' under text.options)
//   block, attr  its CSS block and data-attribute names: "<block>__content", data-<attr>-phase, data-<attr>-moves
//   label        the board's name for assistive technology; messageAttributes: its message's (a role)
//   store        where its settings are kept: {key, version, within?, beside?, unversioned?} (settings.mjs)
//   keys         stored names that are not the engine's ({partnerships: "partners"}); radios: options drawn as radios
//   page         its own fields: [{name, values, default, label?, text?}] (the bots' pace, a move timer)
//   paces        the bots' pause before each move, by pace (ms)
// and, as methods (only draw is required):
//   draw()                the board's parts for board.view in board.mode ("game" or "replay"): nodes
//   options(settings)     the engine's options for a new game or an online table (default: settings.mjs
//                         engineOptions); players(options) and partners(options): the seats a table has, whether
//                         partners sit opposite (the online lobby's)
//   hidden(values, where) the keys of the settings not on offer with these values (a box one rule has), hidden in
//                         the board's form (where: "board") and the online lobby's ("lobby"); formShown(form): the
//                         board's form drawn or changed; settingsChanged(): a setting changed (a timer to start again)
//   legacy                {read(), drop()}: a save of the release before, kept by the page (saves.mjs LEGACY)
//   viewing(view, start)  before a new view is drawn (start: a new game's meta): what follows the view (a selection)
//   shown(view)           after it is drawn and announced
//   beforeDraw(), afterDraw(x)  around the redraw (x: beforeDraw()'s value): what the redraw keeps (a table's
//                         scroll); afterDraw() may give the element the focus goes to
//   offered(action)       whether a move the view does not list is on offer all the same
//   startLines(view), replayLines(view, step), fileName(record): what a start and a replay announce, the
//                         downloaded record's name
//   open(what)            a mode of its own ("sandbox"): opened when the loader is ready or the worker restarted;
//                         render(mode) draws it
//
// The views a board draws come through show(view) from wherever they come (the worker, an online table, a game dealt
// ahead), and every engine call through call(), which waits for the runtime: a move made meanwhile is never lost.

const version = new URL(import.meta.url).search;
const [dom, state, { Setup }, { Saves, LEGACY }, { Replays }, { OnlineSource }, { Drawing }, { Ahead, PREPARED }] =
  await Promise.all([
    import(`./dom.mjs${version}`),
    import(`./state.mjs${version}`),
    import(`./setup.mjs${version}`),
    import(`./saves.mjs${version}`),
    import(`./replays.mjs${version}`),
    import(`./online-source.mjs${version}`),
    import(`./drawing.mjs${version}`),
    import(`./ahead.mjs${version}`),
  ]);
const { delay, addContinue } = dom;
const { Actions, format } = state;

export class Board {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.name = root.dataset.board;
    this.schema = JSON.parse(root.dataset.boardSchema);
    this.text = game.text;
    this.lang = root.lang || document.documentElement.lang || "en";
    this.partOver = `${this.schema.part}Over`; // the phase between two parts: handOver, roundOver
    this.setup = new Setup(this); // this.fields, this.settings
    this.mode = null; // "game" | "replay" | an adapter's own ("sandbox")
    this.view = null;
    this.meta = null; // the game's meta, sealed beside its save
    this.stored = null; // whether the last save was kept (null: nothing to keep yet)
    this.actions = new Actions();
    this.confirming = null;
    this.intent = "new";
    this.hasRuntime = null;
    this.runtimeReady = new Promise((resolve) => (this.hasRuntime = resolve));
    this.saves = new Saves(this.name, () => game.legacy?.read() ?? null);
    this.drawing = new Drawing(this);
    this.replays = new Replays(this);
    this.online = new OnlineSource(this);
    this.ahead = new Ahead(this);
    this.section = this.drawing.section;
    this.content = this.drawing.content;
    root.boardController = this;
  }

  // The form, the section in the page, the loader's buttons: once the adapter has set up what it needs.
  mount() {
    this.form = this.setup.form();
    const panel = this.root.querySelector(".tile-board__panel");
    this.root.insertBefore(this.section, panel);
    const start = panel.querySelector("[data-board-start]");
    start.addEventListener("click", () => (this.intent = "new"), { capture: true });
    start.before(this.form);
    this.ahead.mount(start);
    this.offerContinue(start);
    this.root.dispatchEvent(new Event("board-mounted"));
  }

  // A game saved in this browser: "Continue the game" beside New game. This tab's own game (a reload) goes on at
  // once, as it was before the reload, with no button to press.
  async offerContinue(start) {
    this.savedSlot = await this.saves.find();
    if (!this.savedSlot || this.intent !== "new" || this.runtime) return;
    const loader = this.root.boardLoader;
    if (this.savedSlot === this.saves.own() && loader?.state === "idle") {
      this.intent = "continue";
      return loader.start();
    }
    const { block, attr } = this.game;
    const attributes = { class: `md-button md-button--primary ${block}__continue`, [`data-${attr}-continue`]: "" };
    this.resumeButton = addContinue(this.root, start, this.text.continue, attributes, () => (this.intent = "continue"));
  }

  // --- once the engine runs ------------------------------------------------------------------------------------------

  async ready(runtime) {
    this.runtime = runtime;
    this.hasRuntime(runtime);
    this.reveal();
    const early = this.ahead.ready(); // New game pressed before: the game drawn, or waiting for the engine
    if (early) return early;
    this.actions.invalidate();
    const own = this.game.open?.(this.intent);
    if (own) return own;
    if (this.intent === "online") return this.online.ready();
    if (this.intent === "replay") return; // a record opened by its link: replays.mjs fromLink loads it now
    if (this.intent === "continue" && this.savedSlot) {
      await this.saves.claim(this.savedSlot);
      return this.resume(this.savedSlot === LEGACY ? this.game.legacy.read() : null);
    }
    await this.saves.claim();
    return this.newGame();
  }

  // The worker died and a new one runs (client.mjs): every reply in flight is stale, and the board takes up where
  // it was from the save (a replay gives way to the saved game).
  async restarted(runtime) {
    this.runtime = runtime;
    this.actions.invalidate();
    this.botsRunning = false;
    if (this.source) return this.online.restarted();
    await this.reopen();
    this.drawing.message(this.text.restarted);
  }

  async reopen() {
    const own = this.game.open?.(this.mode);
    if (own) return own;
    await this.saves.claim();
    return this.stored ? this.resume() : this.newGame();
  }

  // The game's section in the page, the settings under it from now on.
  reveal() {
    if (!this.section.hidden) return;
    this.section.hidden = false;
    this.resumeButton?.remove();
    this.form.remove();
  }

  // One op of the game (`<game>.<op>`, engine/board), in the page's language, sent once the loader boots the worker (it
  // waits there for the engine); one about a game drawn before the worker took it up waits for that (ahead.mjs).
  async call(op, args, keep) {
    const runtime = this.runtime ?? this.root.boardLoader?.booting() ?? (await this.runtimeReady);
    if (args?.game === PREPARED) args = { ...args, game: await this.ahead.taken };
    return runtime.call(`${this.name}.${op}`, { lang: this.lang, ...args }, keep);
  }

  keep(extra = {}) {
    return this.saves.keep(this.meta, extra);
  }

  // New meta for the game (the rack's order, the timer's deadline): sealed beside its save.
  async keepMeta() {
    if (this.mode !== "game" || !this.saves.slot || this.source) return;
    if (this.gameId === PREPARED) await this.ahead.taken?.catch(() => {}); // sealed once the worker has the game
    const runtime = this.runtime ?? (await this.runtimeReady);
    const reply = await runtime.call("vault.meta", this.keep()).catch(() => ({ stored: false }));
    this.noteStored(reply.stored);
  }

  noteStored(stored) {
    if (stored === undefined) return;
    const saved = this.saves.note(stored, this.view?.phase === "gameOver");
    if (saved !== this.stored) {
      this.stored = saved;
      this.drawing.extras(true);
    }
  }

  // An engine's error in the page's words (state.mjs errorText: the catalogs' sentence for its code).
  reason(error) {
    return state.errorText(error, this.text.errors);
  }

  // A failed action: the board is as it was, and says why.
  failed(error) {
    if (error?.engineLost) return; // the loader restarts the worker, and restarted() takes the game up again
    if (error?.type === "UnknownGameError") return this.resume();
    console.warn("The board's call failed:", error);
    const reason = this.reason(error);
    const illegal = error?.type === "IllegalMoveError";
    this.drawing.message(illegal ? reason : format(this.text.actionFailed ?? "{reason}", { reason }));
    if (illegal) this.drawing.announce([reason]);
  }

  // --- games ---------------------------------------------------------------------------------------------------------

  async newGame() {
    const claimed = this.saves.claim(); // this tab's slot, for the game's save (a game dealt ahead is drawn meanwhile)
    this.setup.read();
    const meta = { resume: this.setup.resumeMeta() };
    if (!this.source && (await this.ahead.start(meta))) return "applied";
    await claimed;
    return this.actions.run(
      "new-game",
      "change",
      () => this.call("new", this.setup.options(), this.keep({ meta })),
      (view) => {
        this.intent = "continue";
        this.drawing.message(null);
        this.startGame(view, meta);
      },
      (error) => this.failed(error),
    );
  }

  // The saved game (the worker has it; `legacy`: one of the release before, handed over once); one that cannot be
  // restored is forgotten and a new game starts: it never blocks the board.
  async resume(legacy = null) {
    await this.saves.claim();
    let problem = null;
    const args = legacy ? { save: legacy.save, ...legacy.meta.resume } : {};
    const outcome = await this.actions.run(
      "resume",
      "change",
      () => this.call("resume", args, this.keep({ restore: true, meta: legacy?.meta })),
      (view) => {
        if (legacy) this.game.legacy.drop();
        this.drawing.message(null);
        this.startGame(view, legacy?.meta ?? view.meta);
      },
      (error) => {
        console.warn("The saved game could not be restored:", error);
        problem = error;
      },
    );
    // A worker that died meanwhile says nothing about the save: it stays for the restarted worker to take up.
    if (outcome !== "failed" || problem?.engineLost) return outcome;
    if (legacy) this.game.legacy.drop();
    this.saves.forget(this.runtime);
    this.stored = null;
    await this.newGame();
    this.drawing.message(format(this.text.restoreFailed, { reason: this.reason(problem) }));
    return outcome;
  }

  startGame(view, meta) {
    this.mode = "game";
    this.meta = { ...meta, resume: { ...meta?.resume } };
    this.gameId = view.game;
    this.confirming = null;
    this.game.viewing?.(view, this.meta);
    this.view = null; // a new game's first view follows no other
    this.show(view, this.startLines(view));
  }

  // Every new view of the game: note whether it is saved, draw it, announce what changed, let the bots move.
  show(view, lines = view.news) {
    if (this.view) this.game.viewing?.(view, null);
    this.view = view;
    if (this.mode === "game") this.noteStored(view.stored);
    this.render();
    this.drawing.announce(view.phase === "you" && lines?.length ? [...lines, view.turn] : lines);
    this.game.shown?.(view);
    if (this.mode === "game" && view.phase === "bot") this.runBots();
    if (this.mode === "game") this.ahead.schedule(); // the next game, dealt while the visitor plays this one
  }

  render() {
    return this.drawing.render();
  }

  // The bots move one after the other at the chosen pace, until it is the player's turn or the part is over. A
  // reply for a game the board no longer shows is dropped, and the loop goes on with what the board shows now.
  async runBots() {
    if (this.botsRunning || this.source) return; // an online table's other seats play at the server
    this.botsRunning = true;
    const { paces } = this.game;
    try {
      while (this.mode === "game" && this.view?.phase === "bot") {
        const game = this.gameId;
        const outcome = await this.actions.run(
          "bot",
          "update",
          async () => {
            const pause = delay(paces[this.settings.pace] ?? paces.normal);
            const [view] = await Promise.all([this.call("bot", { game }, this.keep()), pause]);
            return view;
          },
          (view) => this.show(view),
          (error) => this.failed(error),
        );
        if (outcome === "failed" || outcome === "busy") break;
      }
    } finally {
      this.botsRunning = false;
    }
  }

  // One call about the game in play, under `key` ("act": the player's turn), applied as a new view.
  async play(key, op, args, after = () => {}) {
    if (this.mode !== "game") return "busy";
    const game = this.gameId;
    return this.busyWhile(
      this.actions.run(
        key,
        "update",
        () => this.call(op, { game, ...args }, this.keep()),
        (view) => {
          this.drawing.message(null);
          this.show(view, after(view));
        },
        (error) => this.failed(error),
      ),
    );
  }

  // While the player's turn has a call in flight (their move, or a bot playing it for them) another waits; the
  // root's data-<attr>-busy says so, for tests and scripts.
  busyWhile(outcome) {
    const note = () => (this.root.dataset[`${this.game.attr}Busy`] = this.actions.busy("act") ? "true" : "false");
    note();
    return outcome.finally(note);
  }

  act(action) {
    if (this.actions.busy("act") || this.mode !== "game" || this.view?.phase !== "you") return;
    if (!this.offered(action)) return; // not a move on offer: nothing happens
    if (this.source) return this.online.act(action);
    return this.play("act", "act", { action });
  }

  offered(action) {
    return this.view.actions.some((move) => move.action === action) || Boolean(this.game.offered?.(action));
  }

  nextPart() {
    if (this.mode !== "game" || this.view?.phase !== this.partOver) return;
    return this.play("next", "next", {}, (view) => this.startLines(view));
  }

  startLines(view) {
    return this.game.startLines?.(view) ?? [view.log[0], view.turn];
  }

  // Whether starting something else would lose a game with a move made (more than the parts dealt): then ask.
  gameInProgress() {
    if (this.mode === "game") return this.view?.phase !== "gameOver" && this.view.moves > this.view.part;
    return Boolean(this.stored || (!this.saves.slot && this.savedSlot)); // a replay, a mode of its own: the game saved beside it
  }

  askNewGame() {
    if (!(this.mode === "game" && this.gameInProgress())) return this.newGame();
    this.confirm("new");
  }

  confirm(question) {
    this.confirming = question;
    this.render();
    this.section.querySelector(`[data-key=confirm-${question === "new" ? "new" : "play-on"}]`)?.focus();
  }

  cancelConfirm() {
    this.confirming = null;
    this.render();
  }
}

// The board of `root` once its game's module has made it (online.mjs waits for it).
export function boardOf(root) {
  if (root.boardController) return Promise.resolve(root.boardController);
  return new Promise((resolve) => root.addEventListener("board-mounted", () => resolve(root.boardController), { once: true }));
}

// Start every board of a game: make(root) builds its adapter and board; the loader (client.mjs) calls the board when
// the engine is ready, or when its worker was restarted.
export async function startBoards(game, make) {
  if (typeof document === "undefined") return; // imported for its pure parts (node --test)
  const client = document.querySelector('script[type="module"][src*="assets/board/client.mjs"]');
  const { onBoardReady, onBoardRestart } = await import(client.src);
  for (const root of document.querySelectorAll(`[data-board="${game}"]`)) make(root);
  onBoardReady((root, runtime) => root.boardController?.ready(runtime));
  onBoardRestart((root, runtime) => root.boardController?.restarted(runtime));
}
