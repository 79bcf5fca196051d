// A board's part: a game record loaded from a file and replayed move by move (the engine's replay_open and
// replay_view, engine/board/replays.py), closed again onto the game saved beside it; the record's download; and
// what "Review my moves" may review (review.mjs): a loaded record, or a game's finished parts.

const version = new URL(import.meta.url).search;
const [{ h, button, replayButtons, downloadJson }, state, { LEGACY }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./saves.mjs${version}`),
]);
const { checkRecordText, format } = state;

export class Replays {
  constructor(board) {
    this.board = board;
    this.text = null; // the loaded record's text: what "Review my moves" reviews in a replay
    this.finished = null; // a finished game kept behind the replay
  }

  // A record's file, read as the command line reads it (engine/core/record.py read_text): UTF-8 only, and a
  // byte-order mark kept (File.text() would drop it), so the engine refuses it in the same words.
  async open(file) {
    if (!file) return;
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await file.arrayBuffer());
    } catch {
      return this.refused(this.board.reason({ code: "record-not-text" }));
    }
    return this.load(text);
  }

  // A record fetched by its link (an online table's replay, online.mjs): the engine started for it if it was not
  // (the board then opens on the replay alone; closing it starts the board's own game), then replayed.
  async fromLink(text) {
    const board = this.board;
    if (!board.runtime) {
      board.intent = "replay";
      board.root.boardLoader?.start();
      await board.runtimeReady;
    }
    return this.load(text);
  }

  refused(reason) {
    this.board.drawing.message(format(this.board.text.badRecord, { reason }));
  }

  // A record's text (a file's, or one fetched by its link) replayed: checked (its size and nesting) before it is
  // posted; a text that is no record leaves the board as it was, with the bots going on if it was their turn.
  async load(text) {
    const board = this.board;
    const refused = checkRecordText(text);
    if (refused) return this.refused(board.reason(refused));
    return board.actions.run(
      "load",
      "change",
      () => board.call("replay_open", { text }),
      (view) => {
        this.text = text;
        // A finished game stays on the board behind the replay: closing the replay shows it again.
        if (board.mode === "game") this.finished = board.view?.phase === "gameOver" ? board.view : null;
        board.mode = "replay";
        board.confirming = null;
        board.drawing.message(null);
        board.view = view;
        board.render();
        board.drawing.announce(this.lines(view));
      },
      (error) => this.refused(board.reason(error)),
    );
  }

  // What a replay announces as it opens: where it is, and the move it shows.
  lines(view) {
    const step = format(this.board.text.replayStep, { step: view.step, steps: view.steps - 1 });
    return this.board.game.replayLines?.(view, step) ?? [step, view.log.at(-1)];
  }

  async step(name) {
    const board = this.board;
    if (board.mode !== "replay") return;
    const { replay, step, steps } = board.view;
    const target = state.replayTarget(name, step, steps);
    if (target === step) return;
    return board.actions.run(
      "step",
      "update",
      () => board.call("replay_view", { replay, step: target }),
      (view) => {
        board.view = view;
        board.render();
        board.drawing.announce([view.log.at(-1)]);
      },
      (error) => board.failed(error),
    );
  }

  // Back to the game saved beside the replay (or a mode of the adapter's own); none: a new game.
  async close() {
    const board = this.board;
    if (this.finished) {
      [board.mode, board.view, this.finished] = ["game", this.finished, null];
      return board.render();
    }
    if (!board.saves.slot && board.savedSlot) {
      await board.saves.claim(board.savedSlot);
      return board.resume(board.savedSlot === LEGACY ? board.game.legacy.read() : null);
    }
    return board.stored ? board.resume() : board.newGame();
  }

  // The replay's position and steps; `buttons`: the adapter's own (before Close), `under`: what goes under them.
  controls(buttons = null, under = null) {
    const board = this.board;
    const t = board.text;
    const { block, attr } = board.game;
    const { step, steps } = board.view;
    const go = (name) => () => this.step(name);
    return h(
      "div",
      { class: `${block}__replay`, role: "group", "aria-label": t.replay },
      h("p", { [`data-${attr}-step`]: step }, h("strong", {}, t.replay), " ", format(t.replayStep, { step, steps: steps - 1 })),
      h(
        "div",
        { class: `${block}__buttons` },
        replayButtons(t, step, steps, go),
        buttons,
        button(t.closeReplay, "replay-close", () => this.close()),
      ),
      under,
    );
  }

  // The record of the finished parts (a downloaded record holds nothing hidden), as a JSON file.
  download() {
    const board = this.board;
    const record = board.view?.record;
    if (!record) return;
    if (!record[board.schema.parts].length) return board.drawing.message(board.text.downloadNone);
    const name = board.game.fileName?.(record) ?? board.name;
    downloadJson(record, `${name}-${new Date().toISOString().slice(0, 10)}.json`);
  }

  // What "Review my moves" may review now (review.mjs): the finished parts of the game once a part is over (never
  // during one), or a loaded record; seat 0 is the visitor's in a replay.
  reviewSource() {
    const board = this.board;
    const view = board.view;
    if (board.mode === "replay") return this.text ? { key: `replay:${view.replay}`, record: this.text, seat: 0 } : null;
    if (board.mode !== "game" || !view?.record) return null;
    if (view.phase !== board.partOver && view.phase !== "gameOver") return null;
    return { key: `${board.gameId}:${view.record[board.schema.parts].length}`, record: view.record, seat: view.me ?? 0 };
  }
}
