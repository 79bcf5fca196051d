// A board's part: an online table as the source of what the board draws and where its moves go (online.mjs hands
// the table over: play(source)). Then every move goes to the table's server, nothing is saved in the browser, no
// bot runs in the page, and each state the server sends becomes the board's view through the game's online_view op
// (the engine in the page, from the seat's own view and the finished parts' record, engine/board/online.py), drawn
// as any view: the same table, buttons, rack, keyboard, announcements, settlements, chart and review.
//
// The source: {state(): the latest state, act(action)?: sends a move with the state's version and resolves to the
// server's new state, or rejects with the reason in the page's words; watching()?: true while the page watches the
// table}. A source without act, or watching (a table watched, not played), draws every state and sends no move: a
// spectator's state has no seat (its view's `me` is null), so no hand or move of its own is drawn.

const version = new URL(import.meta.url).search;
const state = await import(`./state.mjs${version}`);

export class OnlineSource {
  constructor(board) {
    this.board = board;
    this.shown = -1; // the version of the state on the board
    this.pending = null; // the newest state waiting for its turn in the worker
    this.converting = false;
    this.started = null;
  }

  // The board plays `source` from now on, the engine started first if it was not (Pyodide, once).
  async play(source) {
    const board = this.board;
    if (!board.runtime) {
      board.intent = "online";
      await new Promise((resolve) => {
        this.started = resolve;
        board.root.boardLoader?.start();
      });
    }
    this.open(source);
  }

  // The loader is ready and the visitor asked for a table (board.ready): the table takes the board.
  ready() {
    this.started?.();
    this.started = null;
  }

  open(source) {
    const board = this.board;
    board.source = source;
    board.actions.invalidate();
    board.mode = "game";
    board.view = null;
    this.shown = -1;
    this.pending = null;
    board.stored = null;
    board.meta = { resume: {} };
    board.gameId = null;
    board.confirming = null;
    board.section.hidden = !source.state()?.board; // a table that waits for its players has no board yet
    board.form.remove();
    board.resumeButton?.remove();
    board.drawing.message(null);
    const latest = source.state();
    if (latest) this.take(latest);
  }

  // The worker was restarted: it holds no table, so the latest state is converted again.
  restarted() {
    this.shown = -1;
    return this.take(this.board.source.state());
  }

  // A state from the server: made into the board's view in the worker, then drawn. One state in the worker at a
  // time; the newest that arrived meanwhile goes next. A version is converted once: the acting seat hears its new
  // state up to three times (the broadcast, the acknowledgement, its move's answer), and a state no newer than the
  // one shown or waiting is dropped; a reply for a board that left this table is stale (the state.mjs guard's
  // generation).
  take(next) {
    if (!this.board.source || !next?.board) return;
    if (!state.takesState(next.version, this.shown, this.pending?.version ?? null)) return;
    this.pending = next;
    if (!this.converting) this.convert();
  }

  async convert() {
    const board = this.board;
    this.converting = true;
    const generation = board.actions.generation;
    try {
      while (this.pending && board.source && board.actions.generation === generation) {
        const next = this.pending;
        this.pending = null;
        let view;
        try {
          view = await board.call("online_view", { state: next });
        } catch (error) {
          if (board.actions.generation === generation) board.failed(error);
          continue;
        }
        if (board.actions.generation !== generation || !state.takesState(next.version, this.shown)) continue;
        this.shown = next.version;
        this.show(view);
      }
    } finally {
      this.converting = false;
    }
    // A state that arrived for the board as it is now (a restarted worker's) while this loop ended: its turn.
    if (this.pending && board.source && board.actions.generation !== generation) this.convert();
  }

  // What changed since the view before, announced: the new lines of the part's log (all of a new part's).
  show(view) {
    const board = this.board;
    const before = board.view;
    board.section.hidden = false;
    board.gameId = view.game;
    if (!before) board.game.viewing?.(view, board.meta);
    board.show(view, state.newLines(before, view));
  }

  act(action) {
    const board = this.board;
    const { source } = board;
    if (!source.act || source.watching?.()) return; // a table watched: no move is the page's
    return board.busyWhile(
      board.actions.run(
        "act",
        "update",
        () => source.act(action),
        (next) => {
          board.drawing.message(null);
          this.take(next);
        },
        (error) => board.failed(error),
      ),
    );
  }
}
