// One board controller for every game: what a board does whatever its game; each game's module (game.mjs for
// Sniff, okey.mjs for Okey) extends it with what to draw and which moves there are.
//
// The controller owns: the settings before the engine runs and "Continue the game" in the loader; every call to
// the worker, through state.mjs's guard (an action in flight takes its key; a reply for an older state is
// dropped); the save, which the worker keeps sealed and never posts (worker.mjs, vault.mjs), in this tab's own
// slot (slots.mjs) with the game's meta (the page's data about it: the resume arguments, the rack's order, the
// timer's deadline); whether the game is saved, said on the table (and, when it is not, the record download
// offered); restoring after a reload or a worker restart; replays of a loaded record; the record download and
// upload; errors in the page's words (state.mjs errorText: the catalogs' sentence for the engine's code); the
// announcements of the live region; the redraw that keeps the keyboard focus.
//
// A game's module gives, as the subclass's methods: buildSettings() (the form), newArgs() and resumeMeta() (what
// a new game is dealt with and resumed with), parts() (the game's drawing), and optionally the hooks
// beforeShow(view), afterShow(view), onStart(view, meta), inProgress(view), replayLines(view), recordName(record),
// onBusy(), renderMore(), replayMore(), plus config: {game, attr, block, text, parts, paces, labelled}.
//
// Where the moves go: the worker (a game against the bots), or an online table (online.mjs gives the board a
// source, openOnline): then every move goes to the table's server, nothing is saved in the browser, no bot runs
// in the page, and each state the server sends becomes the board's view through the game's online_view op (the
// engine in the page, from the seat's own view and the finished parts' record), drawn as any view: the same
// table, buttons, rack, keyboard, announcements, settlements, charts and review.

const version = new URL(import.meta.url).search;
const [dom, state, slots, { patch }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./slots.mjs${version}`),
  import(`./patch.mjs${version}`),
]);
const { h, delay, button, replayButtons, confirmGroup, addContinue, recordInput, downloadJson } = dom;
const { Actions, checkRecordText, format } = state;

export const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode)
  }
};

const session = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

// The slots whose lock an open tab holds (navigator.locks.query; none where locks are not there).
async function heldSlots(prefix) {
  try {
    const { held = [] } = (await navigator.locks?.query()) ?? {};
    return new Set(held.map(({ name }) => name).filter((name) => name.startsWith(prefix)).map((n) => n.slice(prefix.length)));
  } catch {
    return new Set();
  }
}

// Hold the slot's lock while the tab is open; false if another tab holds it.
function holdSlot(name) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(name, { ifAvailable: true }, (lock) => {
        resolve(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined;
      })
      .catch(() => resolve(true));
  });
}

// A save of the release before, in localStorage: taken up once, then dropped. The page can write one, so it is
// checked as a forged save would be, and that is enough: the engine resumes it only with its seed and replays its
// every deal and event against that seed under its own options (engine/board/play.py resume, check_save),
// so what it restores is a game the page could reach anyway (a new game with that seed and those options, then
// those moves: new-game ops take a seed). It cannot touch a game of this release: their seeds never reach the page
// (the worker seals them, vault.mjs), and without a game's seed no save of it passes.
export const LEGACY = "legacy";

export class Controller {
  constructor(root, config) {
    this.root = root;
    this.config = config;
    this.text = config.text;
    this.lang = root.lang || document.documentElement.lang || "en";
    this.settings = this.loadSettings();
    this.mode = null; // "game" | "replay" (| "sandbox": Sniff's)
    this.view = null;
    this.meta = null; // the game's meta, sealed beside its save
    this.stored = null; // whether the last save was kept (null: nothing to keep yet)
    this.actions = new Actions();
    this.confirming = null;
    this.intent = "new";
    this.slot = null;
    this.source = null; // an online table's (openOnline); null: the worker's game against the bots
    this.savesKey = `${config.game}-board:saves`;
    this.lockPrefix = `${config.game}-board:slot:`;
    const { block, attr } = config;
    this.live = h("div", { class: `${block}__live`, "aria-live": "polite", [`data-${attr}-live`]: "" });
    this.message = h("p", { class: `${block}__message`, ...config.messageAttributes, [`data-${attr}-message`]: "", hidden: true });
    this.section = h("section", { class: block, "aria-label": config.label, hidden: true });
    this.content = h("div", { class: `${block}__content` }); // drawn again at every change of the game (patch.mjs)
    this.extras = h("div", { class: `${block}__content` }); // records and settings: redrawn only when they change
    this.section.append(this.live, this.message, this.content, this.extras);
  }

  // After the subclass's own fields: the form, the section in the page, the loader's buttons.
  mount() {
    this.form = this.buildSettings();
    const panel = this.root.querySelector(".tile-board__panel");
    this.root.insertBefore(this.section, panel);
    const start = panel.querySelector("[data-board-start]");
    start.addEventListener("click", () => (this.intent = "new"), { capture: true });
    start.before(this.form);
    this.offerContinue(start);
  }

  // A game saved in this browser: "Continue the game" beside New game. This tab's own game (a reload) goes on at
  // once, as it was before the reload, with no button to press.
  async offerContinue(start) {
    this.savedSlot = await this.findSave();
    if (!this.savedSlot || this.intent === "sandbox" || this.runtime) return;
    if (this.savedSlot === session()?.getItem(this.savesKey) && this.root.boardLoader?.state === "idle") {
      this.intent = "continue";
      return this.root.boardLoader.start();
    }
    const attributes = { class: "md-button md-button--primary", ...this.config.continueAttributes };
    const chosen = () => (this.intent = "continue");
    this.resumeButton = addContinue(this.root, start, this.text.continue, attributes, chosen);
  }

  // --- stored data: the saves' list, this tab's slot -----------------------------------------------------------

  readSaves() {
    return slots.checkSaves(state.readStored(storage(), this.savesKey));
  }

  writeSaves(change) {
    const saves = this.readSaves();
    change(saves);
    return state.writeStored(storage(), this.savesKey, slots.savesToStore(saves));
  }

  async findSave() {
    const own = session()?.getItem(this.savesKey);
    const found = slots.chooseSave(this.readSaves(), own, await heldSlots(this.lockPrefix));
    return found ?? (this.legacySave() ? LEGACY : null);
  }

  // This tab's slot: the one continued, or its own, or a new one; held while the tab is open.
  claim(wanted = null) {
    this.claiming ??= this.claimSlot(wanted); // once: two calls at once claim one slot
    return this.claiming;
  }

  async claimSlot(wanted) {
    const held = await heldSlots(this.lockPrefix);
    const own = session()?.getItem(this.savesKey);
    const make = () => crypto.randomUUID();
    let slot = wanted && wanted !== LEGACY && !held.has(wanted) ? wanted : slots.claimSlot(own, held, make);
    // Another tab may have taken it since: then a new one, which no tab holds.
    if (!(await holdSlot(this.lockPrefix + slot))) {
      slot = make();
      await holdSlot(this.lockPrefix + slot);
    }
    try {
      session()?.setItem(this.savesKey, slot);
    } catch {
      // the tab keeps its slot until it is closed
    }
    return (this.slot = slot);
  }

  keep(extra = {}) {
    return { name: `${this.config.game}:${this.slot}`, meta: this.meta, ...extra };
  }

  // New meta for the game (the rack's order, the timer's deadline): sealed beside its save.
  async keepMeta() {
    if (this.mode !== "game" || !this.slot || this.source) return;
    const reply = await this.runtime.call("vault.meta", this.keep()).catch(() => ({ stored: false }));
    this.noteStored(reply.stored);
  }

  noteStored(stored) {
    if (stored === undefined) return;
    const over = this.view?.phase === "gameOver";
    const listed = this.writeSaves((saves) => {
      if (over || !stored) delete saves[this.slot];
      else saves[this.slot] = Date.now();
    });
    const saved = over ? null : Boolean(stored && listed);
    if (saved !== this.stored) {
      this.stored = saved;
      this.renderExtras(true);
    }
  }

  // --- once the engine runs ------------------------------------------------------------------------------------

  async ready(runtime) {
    this.runtime = runtime;
    this.section.hidden = false;
    this.actions.invalidate();
    this.resumeButton?.remove();
    this.form.remove(); // the settings live under the game from now on
    if (this.intent === "sandbox") return this.openSandbox();
    if (this.intent === "online") return this.onlineReady?.();
    if (this.intent === "continue" && this.savedSlot) {
      await this.claim(this.savedSlot);
      return this.resume(this.savedSlot === LEGACY ? this.legacySave() : null);
    }
    await this.claim();
    return this.newGame();
  }

  // The worker died and a new one runs (client.mjs): every reply in flight is stale, and the board takes up where
  // it was from the save (a replay gives way to the saved game).
  async restarted(runtime) {
    this.runtime = runtime;
    this.actions.invalidate();
    this.botsRunning = false;
    if (this.source) {
      this.shown = -1; // the new worker holds no table: the latest state is converted again
      return this.onlineState(this.source.state());
    }
    await this.reopen();
    this.showMessage(this.text.restarted);
  }

  async reopen() {
    if (this.mode === "sandbox") return this.openSandbox();
    await this.claim();
    return this.stored ? this.resume() : this.newGame();
  }

  call(op, args, keep) {
    return this.runtime.call(`${this.config.game}.${op}`, { lang: this.lang, ...args }, keep);
  }

  showMessage(text) {
    this.message.textContent = text ?? "";
    this.message.hidden = !text;
    this.placeMessage();
  }

  // The message goes where the visitor is looking: a game's slot beside its moves, else the top of the board.
  placeMessage() {
    const slot = this.content.querySelector("[data-board-message-slot]");
    if (slot && this.message.parentNode !== slot) slot.append(this.message);
    else if (!slot && this.message.parentNode !== this.section) this.section.insertBefore(this.message, this.content);
  }

  announce(lines) {
    const text = (lines ?? []).filter(Boolean).join(" ");
    if (text) this.live.textContent = text;
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
    this.showMessage(error?.type === "IllegalMoveError" ? reason : format(this.text.actionFailed ?? "{reason}", { reason }));
    if (error?.type === "IllegalMoveError") this.announce([reason]);
  }

  // --- games ---------------------------------------------------------------------------------------------------

  async newGame() {
    await this.claim();
    // A new game is dealt with what the form shows, read again now: a choice that reached the form without a
    // change event (made while the page was still setting the board up, or put back by the browser's own form
    // restoring, which the forms refuse with autocomplete="off") is not lost to the settings read before it.
    this.readForm?.();
    const args = this.newArgs();
    const meta = { resume: this.resumeMeta() };
    return this.actions.run(
      "new-game",
      "change",
      () => this.call("new", args, this.keep({ meta })),
      (view) => {
        this.intent = "continue";
        this.showMessage(null);
        this.startGame(view, meta);
      },
      (error) => this.failed(error),
    );
  }

  // The saved game (the worker has it; `legacy`: one of the release before, handed over once); one that cannot be
  // restored is forgotten and a new game starts: it never blocks the board.
  async resume(legacy = null) {
    await this.claim();
    let problem = null;
    const args = legacy ? { save: legacy.save, ...legacy.meta.resume } : {};
    const outcome = await this.actions.run(
      "resume",
      "change",
      () => this.call("resume", args, this.keep({ restore: true, meta: legacy?.meta })),
      (view) => {
        if (legacy) this.dropLegacy();
        this.showMessage(null);
        this.startGame(view, legacy?.meta ?? view.meta);
      },
      (error) => {
        console.warn("The saved game could not be restored:", error);
        problem = error;
      },
    );
    // A worker that died meanwhile says nothing about the save: it stays for the restarted worker to take up.
    if (outcome !== "failed" || problem?.engineLost) return outcome;
    if (legacy) this.dropLegacy();
    this.runtime.call("vault.forget", this.keep()).catch(() => {});
    this.writeSaves((saves) => delete saves[this.slot]);
    this.stored = null;
    await this.newGame();
    this.showMessage(format(this.text.restoreFailed, { reason: this.reason(problem) }));
    return outcome;
  }

  startGame(view, meta) {
    this.mode = "game";
    this.meta = { ...meta, resume: { ...meta?.resume } };
    this.game = { id: view.game, ...this.meta.resume };
    this.confirming = null;
    this.onStart?.(view, this.meta);
    this.show(view, this.startLines(view));
  }

  // Every new view of the game: note whether it is saved, draw it, announce what changed, let the bots move.
  show(view, lines = view.news) {
    this.beforeShow?.(view);
    this.view = view;
    if (this.mode === "game") this.noteStored(view.stored);
    this.render();
    this.announce(view.phase === "you" && lines?.length ? [...lines, view.turn] : lines);
    this.afterShow?.(view);
    if (this.mode === "game" && view.phase === "bot") this.runBots();
  }

  // The bots move one after the other at the chosen pace, until it is the player's turn or the part is over. A
  // reply for a game the board no longer shows is dropped, and the loop goes on with what the board shows now.
  async runBots() {
    if (this.botsRunning || this.source) return; // an online table's other seats play at the server
    this.botsRunning = true;
    const { paces } = this.config;
    try {
      while (this.mode === "game" && this.view?.phase === "bot") {
        const game = this.game.id;
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
    const game = this.game.id;
    const outcome = this.actions.run(
      key,
      "update",
      () => this.call(op, { game, ...args }, this.keep()),
      (view) => {
        this.showMessage(null);
        this.show(view, after(view));
      },
      (error) => this.failed(error),
    );
    this.onBusy?.();
    return outcome.finally(() => this.onBusy?.());
  }

  act(action) {
    if (this.actions.busy("act") || this.mode !== "game" || this.view?.phase !== "you") return;
    if (!this.offered(action)) return; // not a move on offer: nothing happens
    if (this.source) return this.actOnline(action);
    return this.play("act", "act", { action });
  }

  // --- an online table --------------------------------------------------------------------------------------------

  // The board plays an online table from now on: `source` is online.mjs's (act(action) sends a move with the
  // state's version and resolves to the server's new state, or rejects with the reason in the page's words;
  // state() is the latest state).
  openOnline(source) {
    this.source = source;
    this.actions.invalidate();
    this.mode = "game";
    this.view = null;
    this.shown = -1;
    this.pending = null;
    this.stored = null;
    this.meta = { resume: {} };
    this.game = { id: null };
    this.confirming = null;
    this.section.hidden = false;
    this.form.remove();
    this.resumeButton?.remove();
    this.showMessage(null);
    const latest = source.state();
    if (latest) this.onlineState(latest);
  }

  // A state from the server: made into the board's view in the worker, then drawn. One state in the worker at a
  // time; the newest that arrived meanwhile goes next. A version is converted once: the acting seat hears its new
  // state up to three times (the broadcast, the acknowledgement, its move's answer), and a state no newer than the
  // one shown or waiting is dropped; a reply for a board that left this table is stale (the state.mjs guard's
  // generation).
  onlineState(next) {
    if (!this.source || !next?.board) return;
    if (!state.takesState(next.version, this.shown, this.pending?.version ?? null)) return;
    this.pending = next;
    if (!this.converting) this.convertStates();
  }

  async convertStates() {
    this.converting = true;
    const generation = this.actions.generation;
    try {
      while (this.pending && this.source && this.actions.generation === generation) {
        const next = this.pending;
        this.pending = null;
        let view;
        try {
          view = await this.call("online_view", { state: next });
        } catch (error) {
          if (this.actions.generation === generation) this.failed(error);
          continue;
        }
        if (this.actions.generation !== generation || !state.takesState(next.version, this.shown)) continue;
        this.shown = next.version;
        this.showOnline(view);
      }
    } finally {
      this.converting = false;
    }
    // A state that arrived for the board as it is now (a restarted worker's) while this loop ended: its turn.
    if (this.pending && this.source && this.actions.generation !== generation) this.convertStates();
  }

  // What changed since the view before, announced: the new lines of the part's log (all of a new part's).
  showOnline(view) {
    const before = this.view;
    this.game = { id: view.game };
    if (!before) this.onStart?.(view, this.meta);
    this.show(view, state.newLines(before, view));
  }

  actOnline(action) {
    const outcome = this.actions.run(
      "act",
      "update",
      () => this.source.act(action),
      (state) => {
        this.showMessage(null);
        this.onlineState(state);
      },
      (error) => this.failed(error),
    );
    this.onBusy?.();
    return outcome.finally(() => this.onBusy?.());
  }

  offered(action) {
    return this.view.actions.some((move) => move.action === action);
  }

  nextPart() {
    if (this.mode !== "game" || this.view?.phase !== this.config.partOver) return;
    return this.play("next", "next", {}, (view) => this.startLines(view));
  }

  startLines(view) {
    return [view.log[0], view.turn];
  }

  // Whether starting something else loses a game in progress (one with a move made), so the visitor is asked.
  gameInProgress() {
    if (this.mode === "game") return this.view?.phase !== "gameOver" && this.inProgress(this.view);
    return Boolean(this.stored || (!this.slot && this.savedSlot)); // a replay or the sandbox: the game saved beside it
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

  download() {
    const record = this.view?.record;
    if (!record) return;
    if (!record[this.config.parts].length) return this.showMessage(this.text.downloadNone);
    downloadJson(record, this.recordName(record));
  }

  // --- replays -------------------------------------------------------------------------------------------------

  // A file is checked (its size and nesting) before it is posted; a file that is no record leaves the board as it
  // was, with the bots going on if it was their turn.
  async openRecord(file) {
    if (!file) return;
    const refusedWith = (reason) => this.showMessage(format(this.text.badRecord, { reason }));
    let text;
    try {
      // The file's bytes, read as the command line reads them (engine/core/record.py read_text): UTF-8 only, and
      // a byte-order mark kept (File.text() would drop it), so the engine refuses it in the same words.
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await file.arrayBuffer());
    } catch {
      return refusedWith(this.reason({ code: "record-not-text" }));
    }
    const refused = checkRecordText(text);
    if (refused) return refusedWith(this.reason(refused));
    return this.actions.run(
      "load",
      "change",
      () => this.call("replay_open", { text }),
      (view) => {
        this.replayText = text; // what "Review my moves" reviews in a replay (review.mjs)
        // A finished game stays on the board behind the replay: closing the replay shows it again.
        if (this.mode === "game") this.finished = this.view?.phase === "gameOver" ? this.view : null;
        this.mode = "replay";
        this.confirming = null;
        this.showMessage(null);
        this.view = view;
        this.render();
        this.announce(this.replayLines(view));
      },
      (error) => refusedWith(this.reason(error)),
    );
  }

  replayLines(view) {
    return [format(this.text.replayStep, { step: view.step, steps: view.steps - 1 })];
  }

  async step(name) {
    if (this.mode !== "replay") return;
    const { replay, step, steps } = this.view;
    const target = state.replayTarget(name, step, steps);
    if (target === step) return;
    return this.actions.run(
      "step",
      "update",
      () => this.call("replay_view", { replay, step: target }),
      (view) => {
        this.view = view;
        this.render();
        this.announce([view.log.at(-1)]);
      },
      (error) => this.failed(error),
    );
  }

  // Back to the game saved beside the replay (or the sandbox); none: a new game.
  async closeReplay() {
    if (this.finished) {
      [this.mode, this.view, this.finished] = ["game", this.finished, null];
      return this.render();
    }
    if (!this.slot && this.savedSlot) {
      await this.claim(this.savedSlot);
      return this.resume(this.savedSlot === LEGACY ? this.legacySave() : null);
    }
    return this.stored ? this.resume() : this.newGame();
  }

  // What "Review my moves" may review now (review.mjs): the finished parts of the game once a hand or round is
  // over (never during one), or a loaded record; seat 0 is the visitor's.
  reviewSource() {
    const view = this.view;
    if (this.mode === "replay") return this.replayText ? { key: `replay:${view.replay}`, record: this.replayText, seat: 0 } : null;
    if (this.mode !== "game" || !view?.record) return null;
    if (view.phase !== this.config.partOver && view.phase !== "gameOver") return null;
    return { key: `${this.game.id}:${view.record[this.config.parts].length}`, record: view.record, seat: view.me ?? 0 };
  }

  // --- drawing -------------------------------------------------------------------------------------------------

  // Focus stays where it was (the same button, by its data-key), or goes where the game goes on: a keyboard
  // player's focus is never dropped on the page's body when the button they pressed disappears.
  render() {
    if (this.mode === "sandbox") return this.sandbox.render();
    if (!this.view) return;
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    const before = this.beforeRender?.();
    patch(this.content, this.parts().filter((part) => part !== null && part !== undefined));
    this.placeMessage();
    this.renderExtras();
    const { attr } = this.config;
    const phase = this.mode === "game" ? this.view.phase : this.mode;
    this.section.dataset.phase = this.config.sectionPhase?.(this) ?? phase;
    this.root.dataset[`${attr}Phase`] = phase;
    // How far the game has gone (parts dealt + moves made): tests and scripts wait on it.
    this.root.dataset[`${attr}Moves`] = this.mode === "game" ? this.view.moves : 0;
    const target = this.afterRender?.(before);
    if (!hadFocus) return;
    const find = (selector) => this.section.querySelector(selector);
    const again = focused && focused !== "turn" && find(`[data-key="${CSS.escape(focused)}"]`);
    const onward = this.config.onward[this.view.phase];
    (target || again || (onward && find(onward)) || find("[data-key=turn]"))?.focus({ preventScroll: true });
  }

  renderExtras(force = false) {
    if (!this.view || this.mode === "sandbox") return;
    const key = `${this.mode}|${this.confirming}|${this.view.phase === "gameOver"}|${this.stored}|${Boolean(this.source)}`;
    if (key === this.extrasKey && !force) return;
    this.extrasKey = key;
    // An online table's record and end are the online panel's (online.mjs); its settings were the lobby's.
    const extras = this.mode === "game" && !this.source;
    this.extras.replaceChildren(...(extras ? [this.recordControls(), this.settingsPanel()] : []));
  }

  // A box of the extras: labelled by its heading where the game's page does so.
  box(name, title, ...children) {
    const { block, labelled } = this.config;
    const id = `${labelled}-${name}-title`;
    const heading = labelled ? h("h3", { id }, title) : h("h3", {}, title);
    const section = labelled ? { "aria-labelledby": id } : {};
    return h("section", { class: `${block}__box ${block}__${name === "records" ? "records" : "setup"}`, ...section }, heading, ...children);
  }

  // Whether the game is saved: said, and when it is not, the record download offered beside it.
  savedLine() {
    const { block } = this.config;
    if (this.stored === null || this.view.phase === "gameOver") return null;
    if (this.stored) return h("p", { class: `${block}__help`, "data-board-saved": "true" }, this.text.saved);
    return h("p", { class: `${block}__help ${block}__unsaved`, role: "alert", "data-board-saved": "false" }, this.text.notSaved);
  }

  recordControls() {
    const t = this.text;
    const { block } = this.config;
    const input = recordInput(`${block}__file`, `${block}-file`, (file) => this.openRecord(file));
    return this.box(
      "records",
      t.record,
      h("div", { class: `${block}__buttons` }, button(t.download, "download", () => this.download())),
      h("p", {}, h("label", { for: `${block}-file` }, t.load), " ", input),
      h("p", { class: `${block}__help` }, t.loadHelp),
      this.savedLine(),
    );
  }

  settingsPanel() {
    const t = this.text;
    const { block } = this.config;
    const actions =
      this.confirming === "new"
        ? confirmGroup(
            `${block}__confirm`,
            t.confirmNew,
            button(t.confirmYes, "confirm-new", () => this.newGame(), { primary: true }),
            button(t.cancel, "cancel-new", () => this.cancelConfirm()),
          )
        : button(t.newGame, "new-game", () => this.askNewGame(), { primary: true });
    return this.box("setup", t.setup, this.form, actions);
  }

  replayControls(...more) {
    const t = this.text;
    const { block } = this.config;
    const { step, steps } = this.view;
    const go = (name) => () => this.step(name);
    return h(
      "div",
      { class: `${block}__replay`, role: "group", "aria-label": t.replay },
      h("p", this.config.stepAttributes?.(step) ?? {}, h("strong", {}, t.replay), " ", format(t.replayStep, { step, steps: steps - 1 })),
      h(
        "div",
        { class: `${block}__buttons` },
        replayButtons(t, step, steps, go),
        ...more.slice(0, 1),
        button(t.closeReplay, "replay-close", () => this.closeReplay()),
      ),
      ...more.slice(1),
    );
  }
}

// Start every board of a kind: make(root) builds its controller; the loader (client.mjs) calls it when ready.
export async function startBoards(selector, make) {
  const client = document.querySelector('script[type="module"][src*="assets/board/client.mjs"]');
  const { onBoardReady, onBoardRestart } = await import(client.src);
  for (const root of document.querySelectorAll(selector)) make(root);
  onBoardReady((root, runtime) => root.boardController?.ready(runtime));
  onBoardRestart((root, runtime) => root.boardController?.restarted(runtime));
}
