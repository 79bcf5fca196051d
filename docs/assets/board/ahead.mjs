// A board's part: the visitor's next game, dealt ahead (prepared.mjs has the rules, tested under node --test).
//
// While the worker runs anyway (at the visitor's turn in a game, at a game's end, after the settings changed) it
// deals the next game for the settings on the form (engine/board/play.py prepare) and seals its save under
// "<game>:next:<id>"; the page keeps only that seat's first view. New game then draws the view at once, before
// Python has booted on a later visit, and the worker takes the game up from its sealed save as soon as it runs
// (worker.mjs keep.from). Until then the game's id is PREPARED: every call about it waits for the real one
// (controller.mjs call()), so a move made meanwhile is played then, never lost.

const version = new URL(import.meta.url).search;
const [rules, { storage }, { format }] = await Promise.all([
  import(`./prepared.mjs${version}`),
  import(`./saves.mjs${version}`),
  import(`./state.mjs${version}`),
]);

// The id of a game drawn from a prepared one that the worker has not taken up yet.
export const PREPARED = "prepared";

// How long the board waits, once it is idle, before the worker deals the next game (a quick move goes first).
const IDLE_MS = 400;

const locks = () => globalThis.navigator?.locks ?? null;

export class Ahead {
  constructor(board) {
    this.board = board;
    // What a prepared game was dealt by: the board's modules and the engine (scripts/hooks/board.py), so that a view
    // one release made is never drawn by another.
    this.release = board.root.dataset.boardRelease ?? "";
    this.taken = null; // the real id of the game drawn from a prepared one, once the worker has taken it up
    this.preparing = false;
    this.timer = null;
    this.forgotten = []; // ids of prepared games dropped while no worker ran, to forget from its vault
    this.early = null; // a New game pressed before the engine ran
  }

  // Once the board is set up (controller.mjs mount): New game pressed before the engine runs draws the game dealt
  // ahead at once, if one fits the settings (the loader starts the worker meanwhile, which takes the game up), or
  // else asks the booting worker for a new game, which it deals as soon as the engine is imported; so does a press
  // before the board was set up (the loader is starting already). A page for playing (the fence's preload) starts the
  // engine as it opens for a visitor with a game dealt ahead: its files are in the browser already.
  mount(start) {
    const board = this.board;
    const early = () => {
      if (board.intent === "new" && !board.runtime) this.early = board.newGame();
    };
    start.addEventListener("click", () => (board.setup.read(), early()), { capture: true });
    board.form.addEventListener("change", () => this.schedule());
    if (board.root.boardLoader?.state === "loading") early();
    if ("boardPreload" in board.root.dataset && this.fits()) board.root.boardLoader?.preload();
  }

  // The engine runs (controller.mjs ready): what New game, pressed before, began (its game drawn, which the worker
  // takes up now, or its new game on the way), or null. One that failed (the engine's first start failed, and this is
  // the visitor's try again) gives way to a new game.
  ready() {
    this.flush();
    const early = this.early;
    this.early = null;
    if (!early) return null;
    const board = this.board;
    return early
      .then((outcome) => (outcome === "failed" && board.mode !== "game" ? board.newGame() : null))
      .then(() => (board.gameId === PREPARED ? this.taken : null))
      .catch(() => {});
  }

  // Whether the worker holds the game shown (not one drawn from a game dealt ahead that it has yet to take up).
  holds() {
    return Boolean(this.board.runtime) && this.board.gameId !== PREPARED;
  }

  // The New game the form's settings deal now (setup.mjs: read before a new game).
  wanted() {
    const { setup, lang } = this.board;
    return { release: this.release, lang, args: setup.options(), resume: setup.resumeMeta() };
  }

  // Whether New game can draw a prepared game now (nothing claimed).
  fits() {
    return Boolean(this.release) && rules.peekNext(storage(), this.board.name, this.wanted());
  }

  // Draw the prepared game that fits the settings, if there is one (`meta`: the new game's); whether it was drawn.
  // It is drawn at once and claimed meanwhile (a Web Lock's round trip): the worker takes it up only once this tab
  // has claimed it, and if another tab claimed it first (both pressed New game at the same moment) a new game
  // replaces it here.
  async start(meta) {
    const board = this.board;
    const wanted = this.wanted();
    const entry = this.release ? rules.peekNext(storage(), board.name, wanted) : null;
    // No id ("") when none fits: the claim then only drops one of another release or a damaged one.
    const claim = rules.claimNext(storage(), locks(), board.name, wanted, entry?.id ?? "");
    claim.then(({ dropped }) => dropped && this.forget(dropped));
    if (!entry) return false;
    let generation = null;
    const outcome = await board.actions.run(
      "new-game",
      "change",
      async () => entry.view,
      (view) => {
        board.reveal();
        board.intent = "continue";
        board.drawing.message(null);
        board.startGame(view, meta);
        board.gameId = PREPARED;
        board.root.boardLoader?.playable();
        generation = board.actions.generation;
      },
    );
    if (outcome !== "applied") return outcome === "busy";
    this.taken = this.takeOver(claim, entry, generation);
    this.taken.catch(() => {}); // a failure is handled there; the calls waiting on it are stale by then
    return true;
  }

  // The worker takes the drawn game up from its sealed save, once this tab has claimed it, and keeps it as this
  // tab's: resolves to its id.
  async takeOver(claim, entry, generation) {
    const board = this.board;
    let reply;
    try {
      if ((await claim).entry?.id !== entry.id) throw Object.assign(new Error("another tab drew it first"), { lost: true });
      const runtime = board.runtime ?? (await board.runtimeReady);
      await board.saves.claim();
      const from = rules.nextSaveName(board.name, entry.id);
      reply = await runtime.call(`${board.name}.resume`, { lang: board.lang }, board.keep({ from }));
    } catch (error) {
      if (board.actions.generation !== generation) throw error; // the board has moved on
      if (error?.engineLost) throw error; // the restarted worker begins a new game (controller.mjs restarted)
      // Not taken (its save would not open or restore): the calls waiting on it are dropped, and a new game starts.
      console.warn("The game dealt ahead could not be taken up:", error);
      board.actions.invalidate();
      this.restart(error);
      throw error;
    }
    if (board.actions.generation === generation && board.gameId === PREPARED) {
      board.gameId = reply.game;
      board.noteStored(reply.stored);
      if (board.view?.phase === "you") board.game.shown?.(board.view); // what the adapter does once the engine holds it
    }
    this.flush();
    this.schedule();
    return reply.game;
  }

  // A new game instead, saying why (unless another tab drew the game dealt ahead first: nothing went wrong).
  async restart(error) {
    const board = this.board;
    board.gameId = null;
    await board.newGame();
    if (!error.lost) board.drawing.message(format(board.text.restoreFailed, { reason: board.reason(error) }));
  }

  // --- dealing the next game while the worker runs anyway -----------------------------------------------------------

  // Let the worker deal the next game once the board is idle, when no prepared game fits the settings.
  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.prepare(), IDLE_MS);
  }

  idle() {
    const board = this.board;
    const phase = board.view?.phase;
    const waiting = board.mode === "game" && (phase === "you" || phase === "gameOver");
    return Boolean(this.release) && this.holds() && !board.source && waiting && !board.actions.busy();
  }

  async prepare() {
    const board = this.board;
    if (this.preparing || !this.idle()) return;
    const wanted = this.wanted();
    if (rules.peekNext(storage(), board.name, wanted)) return;
    this.preparing = true;
    try {
      const id = crypto.randomUUID();
      const keep = { name: rules.nextSaveName(board.name, id), meta: { resume: wanted.resume } };
      const { stored, ...view } = await board.runtime.call(`${board.name}.prepare`, { lang: wanted.lang, ...wanted.args }, keep);
      if (!stored) return; // the worker could not seal it: nothing the page could draw
      const { kept, replaced } = await rules.offerNext(storage(), locks(), board.name, { id, ...wanted, view });
      if (replaced) this.forget(replaced);
      if (!kept) this.forget(id);
    } catch (error) {
      console.warn("The next game could not be dealt ahead:", error); // New game waits for the engine, as before
    } finally {
      this.preparing = false;
    }
  }

  // The sealed save of a prepared game no page will draw: out of the worker's vault (once a worker runs).
  forget(id) {
    this.forgotten.push(id);
    this.flush();
  }

  flush() {
    const runtime = this.board.runtime;
    if (!runtime) return;
    for (const id of this.forgotten.splice(0)) {
      runtime.call("vault.forget", { name: rules.nextSaveName(this.board.name, id) }).catch(() => {});
    }
  }
}
