// The Okey table: play Okey against the bots, solo or in pairs, assisted or not; the board controller
// (controller.mjs: settings, calls, saves, replays, records, errors, announcements) with what is Okey's: its
// settings, the rack the visitor arranges (okey-rack.mjs), the move timer, and its drawing (okey-draw.mjs).
//
// Loaded beside client.mjs by scripts/hooks/board.py for an ```okey-board fence: the same loader, worker and
// Pyodide runtime as the Sniff board, the engine's ops called as okey.<op> (engine/board; its own in engine/okey/board/ops.py):
//   game     the visitor at seat 0 against three bots; the worker keeps the game's save, sealed, with the rack's
//            order and the timer's deadline, so a reload resumes the game as it was;
//   replay   a loaded record, move by move.
// The move timer: when it runs out, a bot plays the visitor's turn, and the log says so. Nothing else plays for
// the visitor: a hidden tab keeps its seat. Words come from the engine's okeyplay catalog: the fixed words in the
// root's data-okey-text (engine/okey/board/text.py ui_text), every sentence about the game in its replies.
// Keys pressed inside the table stay in the table: Material's keyboard shortcuts never see them.

const version = new URL(import.meta.url).search;
const [dom, { readStored, writeStored }, { Controller, storage, startBoards }, draw, rack, slots, { Review }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./okey-draw.mjs${version}`),
  import(`./okey-rack.mjs${version}`),
  import(`./slots.mjs${version}`),
  import(`./review.mjs${version}`),
]);
const { h, format, button, scrollToEnd } = dom;
const { face } = draw;

const STORE_KEY = "okey-table";
const STORE_VERSION = 1;
const PACES = { slow: 1800, normal: 900, fast: 400, instant: 0 };
const TIMERS = [0, 15, 30, 60];
const CHOICES = {
  mode: ["solo", "pairs"],
  bots: ["random", "greedy", "strong"],
  rounds: [1, 3],
  timer: TIMERS,
  pace: Object.keys(PACES),
};
const DEFAULTS = { mode: "solo", bots: "greedy", doubling: true, rounds: 1, assisted: true, timer: 0, pace: "normal" };

// --- storage: one versioned value (the settings; a save of the release before, taken up once) -----------------

function readStore() {
  let stored = readStored(storage(), STORE_KEY); // null when damaged or refused (private mode)
  if (!stored || typeof stored !== "object" || stored.version !== STORE_VERSION) stored = {};
  return { settings: checkSettings(stored.settings), game: checkGame(stored.game) };
}

function checkSettings(value) {
  const settings = { ...DEFAULTS };
  if (!value || typeof value !== "object") return settings;
  for (const [name, allowed] of Object.entries(CHOICES)) if (allowed.includes(value[name])) settings[name] = value[name];
  for (const name of ["doubling", "assisted"]) if (typeof value[name] === "boolean") settings[name] = value[name];
  return settings;
}

function checkGame(value) {
  if (!value || typeof value !== "object") return null;
  const { save, bots, assisted, order } = value;
  if (!save || typeof save !== "object" || save.game !== "okey" || !Array.isArray(save.rounds)) return null;
  const resume = {
    bots: CHOICES.bots.includes(bots) ? bots : DEFAULTS.bots,
    assisted: typeof assisted === "boolean" ? assisted : DEFAULTS.assisted,
  };
  return { save, meta: { resume, order: rack.checkOrder(order) } };
}

class Table extends Controller {
  constructor(root) {
    const text = JSON.parse(root.dataset.okeyText);
    super(root, {
      game: "okey",
      attr: "okey",
      block: "okey-play",
      label: text.table,
      labelled: "okey",
      text,
      parts: "rounds",
      partOver: "roundOver",
      paces: PACES,
      messageAttributes: { role: "alert" },
      continueAttributes: { "data-okey-continue": "" },
      onward: { you: ".okey-move", roundOver: "[data-key=next-round]", gameOver: "[data-key=new-game-end]" },
      stepAttributes: (step) => ({ "data-okey-step": step }),
    });
    this.order = [];
    this.selected = new Set(); // indexes into this.order
    this.check = null; // the engine's check of the selected tiles
    this.deadline = null;
    this.onBusy();
    // The table's own keys; the loader (client.mjs) keeps every key pressed in it from Material's shortcuts.
    root.addEventListener("keydown", (event) => this.key(event));
    this.mount();
    this.review = new Review({
      words: text.review,
      practiceUrl: new URL("../okey-practice/", document.baseURI).href,
      call: (record, seat) => this.call("review", { record, seat }),
      reason: (error) => this.reason(error),
    });
    root.okeyTable = root.boardController = this;
  }

  loadSettings() {
    return readStore().settings;
  }

  storeSettings() {
    const { game } = readStored(storage(), STORE_KEY) ?? {};
    writeStored(storage(), STORE_KEY, { version: STORE_VERSION, settings: this.settings, game: game ?? null });
  }

  legacySave() {
    return readStore().game;
  }

  dropLegacy() {
    writeStored(storage(), STORE_KEY, { version: STORE_VERSION, settings: this.settings, game: null });
  }

  newArgs() {
    const { mode, bots, doubling, rounds, assisted } = this.settings;
    return { mode, bots, doubling, rounds, assisted };
  }

  resumeMeta() {
    return { bots: this.settings.bots, assisted: this.settings.assisted };
  }

  // A call of the player's turn is in flight (their move, or a bot playing it for them): another waits.
  // The root's data-okey-busy says so, for tests and scripts.
  onBusy() {
    this.root.dataset.okeyBusy = this.actions.busy("act") ? "true" : "false";
  }

  // --- before the engine runs ---------------------------------------------------------------------------------

  buildSettings() {
    const t = this.text;
    const st = this.settings;
    const radios = CHOICES.mode.map((mode) =>
      h(
        "label",
        { class: "okey-play__choice" },
        h("input", { type: "radio", name: "okey-mode", value: mode, checked: st.mode === mode }),
        " ",
        t[mode],
      ),
    );
    const select = (name, label, options) =>
      h(
        "label",
        { class: "okey-play__select" },
        h("span", {}, label),
        h(
          "select",
          { name },
          options.map(([value, text]) => h("option", { value, selected: String(st[name]) === String(value) }, text)),
        ),
      );
    const check = (name, label) =>
      h("label", { class: "okey-play__choice" }, h("input", { type: "checkbox", name, checked: st[name] }), " ", label);
    const form = h(
      "form",
      { class: "okey-play__settings", "data-okey-settings": "", autocomplete: "off" },
      h("fieldset", {}, h("legend", {}, t.mode), radios),
      select(
        "bots",
        t.strength,
        CHOICES.bots.map((b) => [b, t[b]]),
      ),
      select("rounds", t.rounds, [
        [1, t.rounds1],
        [3, t.rounds3],
      ]),
      check("doubling", t.doubling),
      check("assisted", t.assisted),
      select(
        "timer",
        t.timer,
        TIMERS.map((n) => [n, n ? format(t.timerSeconds, { seconds: n }) : t.timerOff]),
      ),
      select(
        "pace",
        t.pace,
        CHOICES.pace.map((p) => [p, t[p]]),
      ),
    );
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("change", () => {
      this.readForm(form);
      this.startTimer();
    });
    return form;
  }

  // The settings as the form shows them (controller.mjs readForm says why it is read again at New game).
  readForm(form = this.form) {
    const data = new FormData(form);
    this.settings = checkSettings({
      mode: data.get("okey-mode"),
      bots: data.get("bots"),
      rounds: Number(data.get("rounds")),
      doubling: data.get("doubling") === "on",
      assisted: data.get("assisted") === "on",
      timer: Number(data.get("timer")),
      pace: data.get("pace"),
    });
    this.storeSettings();
  }

  // --- the game: what is Okey's --------------------------------------------------------------------------------

  onStart(view, meta) {
    this.meta.order = rack.checkOrder(meta?.order);
    this.meta.notes = Array.isArray(meta?.notes) ? meta.notes.filter((note) => typeof note?.text === "string") : [];
    this.order = this.meta.order;
    this.view = null; // a new game's first view clears the selection
  }

  beforeShow(view) {
    if (!this.view || this.view.moves !== view.moves) {
      this.choices = null;
      this.selected.clear();
      this.check = null;
    }
    this.order = this.meta.order = rack.reconcile(this.order, view.rack);
  }

  afterShow() {
    this.startTimer();
  }

  // The take the rules refuse is on offer too (its button says why): the engine refuses it, and the table says so.
  offered(action) {
    return super.offered(action) || (action === "take" && Boolean(this.view.takeRefused));
  }

  inProgress(view) {
    return view.moves > 1;
  }

  startLines(view) {
    return view.phase === "roundOver" || view.round > 1 ? view.news : [...view.log, view.turn];
  }

  replayLines(view) {
    return [...super.replayLines(view), view.log.at(-1)];
  }

  recordName() {
    return `okey-${new Date().toISOString().slice(0, 10)}.json`;
  }

  // --- the timer: when it runs out, a bot plays the player's turn ------------------------------------------------

  // The deadline is kept with the save (its meta): a reload goes on with the time that was left.
  startTimer() {
    clearInterval(this.ticker);
    const yours = this.mode === "game" && this.view?.phase === "you" && !this.source; // online: the server's timer
    const seconds = yours ? this.settings.timer : 0;
    const moves = this.view?.moves;
    this.deadline = slots.deadlineFor(this.meta?.deadline, { moves, seconds, now: Date.now() });
    if (this.deadline === null) return this.showTimer();
    if (this.meta.deadline?.at !== this.deadline) {
      this.meta.deadline = { at: this.deadline, moves, seconds };
      this.keepMeta();
    }
    const generation = this.actions.generation;
    const tick = () => {
      if (this.actions.generation !== generation || this.view.moves !== moves || this.view.phase !== "you") {
        return clearInterval(this.ticker);
      }
      if (Date.now() >= this.deadline && !this.actions.busy("act")) {
        clearInterval(this.ticker);
        this.timeUp();
      }
      this.showTimer();
    };
    this.ticker = setInterval(tick, 250);
    tick();
  }

  showTimer() {
    const clock = this.section.querySelector("[data-okey-timer]");
    if (!clock) return;
    const left = this.deadline === null ? null : slots.secondsLeft(this.deadline, Date.now());
    clock.hidden = left === null;
    clock.textContent = left === null ? "" : format(this.text.timeLeft, { seconds: left });
  }

  // "Time is up: a bot played your turn.": said, and written in the log where it happened.
  async timeUp() {
    const at = this.view.log.length;
    const round = this.view.round;
    const outcome = await this.play("act", "timeout", {}, (view) => {
      this.meta.notes = [...this.meta.notes, { round, at, text: view.news[0] }].slice(-50);
      return view.news;
    });
    if (outcome !== "applied") return;
    this.showMessage(this.view.news[0]);
    this.render();
    this.keepMeta();
  }

  // --- the rack: selection, arrangement, lay-downs ----------------------------------------------------------------

  selectedTiles() {
    return [...this.selected].sort((a, b) => a - b).map((index) => this.order[index]);
  }

  toggle(index) {
    this.choices = null;
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.render();
    this.checkSelection();
  }

  clearSelection() {
    this.selected.clear();
    this.check = null;
    this.render();
  }

  // The engine checks the selected tiles as a lay-down; the check applies only to the turn it was asked in.
  async checkSelection() {
    const tiles = this.selectedTiles();
    this.check = null;
    if (tiles.length < 2 || this.mode !== "game" || this.view.phase !== "you" || this.view.turnPhase !== "play") {
      return this.render();
    }
    const moves = this.view.moves;
    const game = this.game.id;
    this.actions.end({ key: "check" }); // a newer selection's check replaces the one in flight
    return this.actions.run(
      "check",
      "update",
      () => this.call("lay_check", { game, tiles, kind: "melds" }),
      (check) => {
        if (moves !== this.view.moves || tiles.join() !== this.selectedTiles().join()) return;
        this.check = check;
        this.render();
      },
      (error) => this.failed(error),
    );
  }

  async layDown(kind) {
    if (this.mode !== "game" || this.view.phase !== "you") return;
    const tiles = this.selectedTiles();
    const game = this.game.id;
    let action = null;
    await this.actions.run(
      "lay",
      "update",
      () => this.call("lay_check", { game, tiles, kind }),
      (check) => {
        if (check.ok) return (action = check.action.action);
        this.showMessage(check.text);
        this.announce([check.text]);
      },
      (error) => this.failed(error),
    );
    if (action) await this.act(action);
  }

  move(index, to) {
    const moved = rack.moveTile(this.order, this.selected, index, to);
    if (!moved) return;
    this.order = this.meta.order = moved.order;
    this.selected = moved.selected;
    this.focusTile = to;
    this.keepMeta();
    this.render();
  }

  async arrange(how) {
    const game = this.game.id;
    return this.actions.run(
      "arrange",
      "update",
      () => this.call("arrange", { game, how }),
      (result) => {
        this.order = this.meta.order = rack.reconcile(result.order, this.view.rack);
        this.selected.clear();
        this.check = null;
        this.keepMeta();
        this.render();
      },
      (error) => this.failed(error),
    );
  }

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

  // --- drawing -------------------------------------------------------------------------------------------------------

  afterRender() {
    scrollToEnd(this.content.querySelector(".okey-play__log ol"));
    this.showTimer();
    const focusTile = this.focusTile;
    this.focusTile = null;
    return focusTile !== null && focusTile !== undefined && this.section.querySelector(`[data-okey-index="${focusTile}"]`);
  }

  parts() {
    const t = this.text;
    const view = this.view;
    const replay = this.mode === "replay";
    const yourTurn = this.mode === "game" && view.phase === "you";
    const on = {
      act: (action) => this.act(action),
      nextRound: () => this.nextPart(),
      newGame: () => this.newGame(),
      // The assisted table's lay-offs, one tap each; the unassisted one's, when a tile fits a meld more ways than one
      // (an okey at either end), to choose from.
      oneTap: yourTurn && view.assisted ? view.actions.filter((move) => move.kind === "layoff") : (this.choices ?? []),
      layoffTarget: (to) => this.layoffTarget(to),
      selectedTile: this.selected.size === 1 ? this.order[[...this.selected][0]] : null,
    };
    const parts = [];
    if (replay) parts.push(this.replayControls());
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
    if (!replay && !over) parts.push(this.rackPanel(yourTurn, draw.movesPanel(view, t, yourTurn, on)));
    if (replay && view.seats[0].rack?.length && !view.roundEnd) parts.push(this.replayRack());
    // A refused move's reason, a record's message: here, beside the moves, where the visitor is looking.
    parts.push(h("div", { class: "okey-play__note", "data-board-message-slot": "", "data-patch-keep": "" }));
    if (!replay && !over) parts.push(this.rackTools());
    // An online table's server deals the next round and the game's end is the online panel's: no buttons for them.
    const online = Boolean(this.source);
    if (view.roundEnd) parts.push(draw.roundEndPanel(view, t, replay || online, on));
    if (view.gameEnd) parts.push(draw.gameEndPanel(view, t, replay || online, on));
    parts.push(this.review.part(this.reviewSource()));
    const log = replay ? view.log : rack.logWithNotes(view.log, this.meta?.notes ?? [], view.round);
    parts.push(draw.logPanel(t, log));
    return parts;
  }

  // The unassisted table lays off by selection: with one tile selected, each meld it fits is a button.
  layoffTarget(to) {
    if (this.mode !== "game" || this.view.phase !== "you" || this.view.assisted || this.selected.size !== 1) return null;
    const tile = this.order[[...this.selected][0]];
    const moves = rack.layoffsOf(this.view.actions, tile, to);
    if (!moves.length) return null;
    if (moves.length === 1) return () => this.act(moves[0].action);
    return () => {
      this.choices = moves;
      this.render();
    };
  }

  // A replay shows the visitor's rack too (the record's racks are all revealed), read-only.
  replayRack() {
    const t = this.text;
    const view = this.view;
    const ctx = draw.context(view);
    const tiles = view.seats[0].rack;
    return h(
      "section",
      { class: "okey-play__mine", "aria-labelledby": "okey-rack-title" },
      h("h3", { id: "okey-rack-title" }, `${t.yourRack} · ${view.seats[0].name}`),
      h(
        "div",
        { class: "okey-rack", "data-okey-revealed": 0 },
        rack.rackRows(tiles.length).map((row) =>
          h(
            "div",
            { class: "okey-rack__row" },
            row.map((index) =>
              h("span", { class: "okey-rack__tile is-static" }, draw.face(tiles[index], ctx), h("span", { class: "okey-sr" }, draw.named(view, tiles[index]))),
            ),
          ),
        ),
      ),
    );
  }

  rackPanel(yourTurn, moves) {
    const t = this.text;
    const view = this.view;
    const ctx = draw.context(view);
    const penalty = new Set(view.assisted ? view.penalty : []);
    const layoff = new Set(view.assisted ? (view.layoffTiles ?? []) : []);
    const tile = (index) => {
      const code = this.order[index];
      const marks = [];
      if (penalty.has(code)) marks.push(t.penalty);
      if (code === view.okey) marks.push(t.okeyTile);
      const label = [draw.named(view, code), ...marks].join(", ");
      const extra = (code === view.okey ? " is-okey" : "") + (penalty.has(code) ? " is-penalty" : "");
      return h(
        "button",
        {
          type: "button",
          class: "okey-rack__tile" + (this.selected.has(index) ? " is-selected" : "") + (layoff.has(code) ? " can-lay-off" : ""),
          "aria-pressed": this.selected.has(index) ? "true" : "false",
          "data-okey-index": index,
          "data-okey-tile": code,
          "data-key": `tile:${index}`,
          onclick: () => {
            if (this.suppressClick) return (this.suppressClick = false);
            this.toggle(index);
          },
          ...this.dragHandlers(index),
        },
        face(code, ctx, extra),
        penalty.has(code) ? h("span", { class: "okey-penalty-mark", "aria-hidden": "true" }, "!") : null,
        h("span", { class: "okey-sr" }, label),
      );
    };
    const selected = this.selectedTiles();
    const canLay = yourTurn && view.turnPhase === "play";
    const targets = !view.assisted && canLay && this.selected.size === 1 && view.table.some((item) => this.layoffTarget(item.index));
    return h(
      "section",
      { class: "okey-play__mine" + (yourTurn ? " is-your-turn" : ""), "aria-labelledby": "okey-rack-title" },
      h("h3", { id: "okey-rack-title", class: "okey-sr" }, t.yourRack),
      h(
        "div",
        { class: "okey-rack", role: "group", "aria-labelledby": "okey-rack-title", "aria-describedby": "okey-rack-help" },
        rack.rackRows(this.order.length).map((row) => h("div", { class: "okey-rack__row" }, row.map(tile))),
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
              button(t.layMelds, "lay-melds", () => this.layDown("melds"), { disabled: !selected.length }),
              button(t.layPairs, "lay-pairs", () => this.layDown("pairs"), { disabled: !selected.length }),
              button(t.clearSelection, "clear-selection", () => this.clearSelection(), { disabled: !selected.length }),
            )
          : null,
      ),
    );
  }

  // Sorting and moving tiles, and how to: below the moves, so the table and the moves stay on a phone's screen.
  rackTools() {
    const t = this.text;
    const view = this.view;
    const one = this.selected.size === 1 ? [...this.selected][0] : null;
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
        button(t.moveRight, "move-right", () => this.move(one, one + 1), {
          disabled: one === null || one === this.order.length - 1,
        }),
      ),
      h("p", { class: "okey-play__help", id: "okey-rack-help" }, view.assisted ? t.rackHelp : `${t.rackHelp} ${t.layoffHelp}`),
    );
  }
}

startBoards("[data-okey-board][data-okey-text]", (root) => new Table(root));
