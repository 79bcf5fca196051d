// The board's game interface: settings, games against the bots, replays of records, the sandbox.
//
// Loaded beside client.mjs by scripts/hooks/board.py. Before the engine runs it adds the game
// settings (rules, players, bots, pace; play/?rules=classic preselects classic Sniff) and, when a game is saved in this browser, "Continue the game"
// to the board's loader; the loader's own start button is "New game". Once the engine answers
// (client.mjs onBoardReady), it plays through the engine's ops (engine/sniff/board/session.py):
//   game     the visitor at seat 0 against bots; every change is saved in localStorage as the
//            game's save (spec/game-record.md) plus its settings, so a reload resumes it;
//   replay   a loaded record, move by move;
//   sandbox  play/?sandbox=<layout> ("Try it"): any tile on any legal join, the layout kept in the
//            address (history.replaceState).
// Words come from the engine's catalogs: the page's fixed words in the root's data-play-text
// (engine/sniff/board/text.py ui_text), every sentence about the game in the engine's replies.

const version = new URL(import.meta.url).search;
const [dom, table, { Sandbox }, state] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./table.mjs${version}`),
  import(`./sandbox.mjs${version}`),
  import(`./state.mjs${version}`),
]);
const { h, delay, button, replayButtons, confirmGroup, addContinue, recordInput, downloadJson } = dom;
const { Actions, GAME_KEY, PACES, RULES, SETTINGS_KEY, checkRecordText, checkSavedGame, checkSettings, format } = state;
const client = document.querySelector('script[type="module"][src*="assets/board/client.mjs"]');
const { onBoardReady, onBoardRestart } = await import(client.src);

// Stored values, checked (state.mjs): what cannot be read falls back to its default.
const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode)
  }
};
const loadSettings = () => checkSettings(state.readStored(storage(), SETTINGS_KEY));
const storeSettings = (settings) => state.writeStored(storage(), SETTINGS_KEY, state.settingsToStore(settings));
const loadGame = () => checkSavedGame(state.readStored(storage(), GAME_KEY));
const storeGame = (game) => state.writeStored(storage(), GAME_KEY, game && state.savedGameToStore(game));

// The engine's resume data of a reply (engine/sniff/board/session.py): the page keeps it and hands it back unread.
const saveOf = (view) => view.save;
const resumeArgs = (save) => ({ save });

class Board {
  constructor(root) {
    this.root = root;
    this.text = JSON.parse(root.dataset.playText);
    this.lang = root.lang || document.documentElement.lang || "en";
    this.settings = loadSettings();
    this.mode = null; // "game" | "replay" | "sandbox"
    this.view = null;
    this.actions = new Actions(); // every call: guarded while in flight, its reply dropped once stale (state.mjs)
    this.selected = null;
    this.hintOpen = false;
    this.confirming = null; // "new" | "playOn": the question asked before the game in progress is lost
    const address = new URLSearchParams(location.search);
    this.intent = address.has("sandbox") ? "sandbox" : "new";
    // play/?rules=classic (the Variants page's "Play classic Sniff") preselects the rules of the next new game.
    if (RULES.includes(address.get("rules"))) this.settings.rules = address.get("rules");
    this.form = this.buildSettings();
    this.live = h("div", { class: "sniff-play__live", "aria-live": "polite", "data-play-live": "" });
    this.message = h("p", { class: "sniff-play__message", "data-play-message": "", hidden: true });
    this.section = h("section", { class: "sniff-play", "aria-label": this.text.board, hidden: true });
    this.content = h("div", { class: "sniff-play__content" }); // redrawn at every change of the game
    this.extras = h("div", { class: "sniff-play__content" }); // records and settings: redrawn only when they change
    this.section.append(this.live, this.message, this.content, this.extras);
    const panel = root.querySelector(".sniff-board__panel");
    root.insertBefore(this.section, panel);
    this.prepareLoader(panel);
    this.sandbox = new Sandbox(this);
    root.sniffPlay = this;
    if (this.intent === "sandbox") root.sniffBoard?.start(); // "Try it": the visitor asked for the board
  }

  // --- before the engine runs: the settings and "Continue the game" in the loader ------------------------

  prepareLoader(panel) {
    const start = panel.querySelector("[data-board-start]");
    start.addEventListener("click", () => (this.intent = "new"), { capture: true });
    start.before(this.form);
    const saved = loadGame();
    if (saved && this.intent !== "sandbox") {
      const attributes = { class: "md-button md-button--primary sniff-play__continue", "data-play-continue": "" };
      const chosen = () => (this.intent = "continue");
      this.resumeButton = addContinue(this.root, start, this.text.continue, attributes, chosen);
    }
  }

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
      { class: "sniff-play__settings", "data-play-settings": "" },
      select("rules", t.rules, RULES),
      h("fieldset", {}, h("legend", {}, t.players), radios, partners),
      select("bots", t.strength, ["random", "greedy", "strong"]),
      select("pace", t.pace, ["slow", "normal", "fast", "instant"]),
    );
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("change", () => {
      const data = new FormData(form);
      this.settings = {
        ...this.settings,
        rules: data.get("rules"),
        partners: data.get("partners") === "on",
        players: Number(data.get("sniff-players")),
        bots: data.get("bots"),
        pace: data.get("pace"),
      };
      this.settings = checkSettings(this.settings);
      storeSettings(this.settings);
      this.showRules(form);
    });
    this.showRules(form);
    return form;
  }

  // Four players are partners in American Sniff; in classic Sniff they play alone unless the box is ticked.
  showRules(form) {
    const { rules, partners } = this.settings;
    const alone = rules === "classic" && !partners;
    form.querySelector("[data-players-label='4']").textContent = alone ? this.text.players4alone : this.text.players4;
    form.querySelector("[data-play-partners]").hidden = rules !== "classic";
  }

  // --- once the engine runs ------------------------------------------------------------------------------

  async ready(runtime) {
    this.runtime = runtime;
    this.section.hidden = false;
    this.actions.invalidate();
    this.resumeButton?.remove();
    this.form.remove(); // the settings live under the game from now on (the sandbox has none)
    if (this.intent === "sandbox") return this.sandbox.open(new URLSearchParams(location.search).get("sandbox") ?? "");
    const saved = loadGame();
    if (this.intent === "continue" && saved) return this.resume(saved);
    return this.newGame();
  }

  // The worker died and a new one runs (client.mjs): every reply in flight is stale, and the board takes up where it
  // was: the sandbox on its layout, a game from its save (a replay gives way to the saved game).
  async restarted(runtime) {
    this.runtime = runtime;
    this.actions.invalidate();
    this.botsRunning = false;
    if (this.mode === "sandbox") await this.sandbox.open(this.sandbox.layout.join(";"));
    else {
      const saved = loadGame();
      if (saved) await this.resume(saved);
      else await this.newGame();
    }
    this.showMessage(this.text.restarted);
  }

  // A worker restarted after a failure forgets its games: on "continue" the saved record brings it back.
  call(op, args) {
    return this.runtime.call(`sniff.${op}`, { lang: this.lang, ...args });
  }

  showMessage(text) {
    this.message.textContent = text ?? "";
    this.message.hidden = !text;
  }

  // An engine's error in the page's words (state.mjs errorText: the catalogs' sentence for its code).
  reason(error) {
    return state.errorText(error, this.text.errors);
  }

  // A failed action: the board is as it was, and says why.
  failed(error) {
    if (error?.engineLost) return; // the loader restarts the worker, and restarted() takes the game up again
    console.warn("The board's call failed:", error);
    if (error?.type === "UnknownGameError") return this.recover(error);
    this.showMessage(format(this.text.actionFailed, { reason: this.reason(error) }));
  }

  announce(lines) {
    const text = lines.filter(Boolean).join(" ");
    if (text) this.live.textContent = text;
  }

  // --- games ---------------------------------------------------------------------------------------------

  async newGame() {
    const { players, bots, rules, partners } = this.settings;
    const partnerships = rules === "classic" && partners;
    return this.actions.run(
      "new-game",
      "change",
      () => this.call("play_new", { players, bots, rules, partnerships }),
      (view) => {
        this.intent = "continue";
        this.showMessage(null);
        this.startGame(view, { bots });
      },
      (error) => this.failed(error),
    );
  }

  // A saved game that cannot be restored is forgotten and a new game starts: it never blocks the board.
  async resume(saved) {
    const { save, bots } = saved;
    let problem = null;
    const outcome = await this.actions.run(
      "resume",
      "change",
      () => this.call("play_resume", { ...resumeArgs(save), bots }),
      (view) => {
        this.showMessage(null);
        this.startGame(view, { bots });
      },
      (error) => {
        console.warn("The saved game could not be restored:", error);
        problem = error;
      },
    );
    // A worker that died meanwhile says nothing about the save: it stays for the restarted worker to take up.
    if (outcome !== "failed" || problem?.engineLost) return outcome;
    storeGame(null);
    await this.newGame();
    this.showMessage(format(this.text.restoreFailed, { reason: this.reason(problem) }));
    return outcome;
  }

  startGame(view, { bots }) {
    this.mode = "game";
    this.game = { id: view.game, bots };
    this.selected = null;
    this.confirming = null;
    this.show(view, [view.log[0], view.turn]);
    // A new hand's table is empty, so the engine hasn't loaded its SVG renderer yet: let it do so
    // now, while the player looks at their tiles, rather than after their first move.
    if (!view.svg) this.runtime.call("sniff.render_svg", { layout: "0|0" }).catch(() => {});
  }

  // Every new view of the game: save it, draw it, announce what changed, let the bots move.
  show(view, lines = view.news) {
    this.view = view;
    if (this.mode === "game") {
      const finished = view.phase === "gameOver";
      storeGame(finished ? null : { save: saveOf(view), bots: this.game.bots });
    }
    this.render();
    this.announce(view.phase === "you" && view.news?.length ? [...lines, view.turn] : lines);
    if (this.mode === "game" && view.phase === "bot") this.runBots();
  }

  // The bots move one after the other at the chosen pace, until it is the player's turn or the hand is over. A
  // reply for a game the board no longer shows is dropped, and the loop goes on with what the board shows now.
  async runBots() {
    if (this.botsRunning) return;
    this.botsRunning = true;
    try {
      while (this.mode === "game" && this.view?.phase === "bot") {
        const game = this.game.id;
        const outcome = await this.actions.run(
          "bot",
          "update",
          async () => {
            const [view] = await Promise.all([
              this.call("play_bot", { game }),
              delay(PACES[this.settings.pace] ?? PACES.normal),
            ]);
            return view;
          },
          (view) => this.show(view),
          (error) => this.recover(error),
        );
        if (outcome === "failed" || outcome === "busy") break;
      }
    } finally {
      this.botsRunning = false;
    }
  }

  // The worker lost the game (restarted): take it up again from the saved game.
  recover(error) {
    const saved = loadGame();
    if (error?.type === "UnknownGameError" && saved) return this.resume(saved);
    console.error("The board could not go on:", error);
    this.showMessage(format(this.text.actionFailed, { reason: this.reason(error) }));
  }

  async act(action) {
    if (this.actions.busy("act") || this.mode !== "game" || this.view?.phase !== "you") return;
    if (!this.view.actions.some((move) => move.action === action)) return; // not a legal move: nothing happens
    const game = this.game.id;
    return this.actions.run(
      "act",
      "update",
      () => this.call("play_act", { game, action }),
      (view) => {
        this.selected = null;
        this.showMessage(null);
        this.show(view);
      },
      (error) => this.failed(error),
    );
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

  async nextHand() {
    if (this.mode !== "game" || this.view?.phase !== "handOver") return;
    const game = this.game.id;
    return this.actions.run(
      "next-hand",
      "update",
      () => this.call("play_next_hand", { game }),
      (view) => {
        this.showMessage(null);
        this.show(view, [view.log[0], view.turn]);
      },
      (error) => this.failed(error),
    );
  }

  // Whether starting something else loses a game in progress (one with a move made), so the visitor is asked first.
  gameInProgress() {
    if (this.mode === "game") {
      const started = this.view?.moves > this.view?.handNumber; // a move made: more than the hands dealt
      return this.view?.phase !== "gameOver" && started;
    }
    return loadGame() !== null; // a replay or the sandbox: the game saved beside it
  }

  askNewGame() {
    if (!(this.mode === "game" && this.gameInProgress())) return this.newGame();
    this.confirming = "new";
    this.render();
    this.section.querySelector("[data-key=confirm-new]")?.focus();
  }

  // "Play on from here" replaces the saved game: asked first, as New game asks.
  askPlayOn() {
    if (!this.gameInProgress()) return this.playOn();
    this.confirming = "playOn";
    this.render();
    this.section.querySelector("[data-key=confirm-play-on]")?.focus();
  }

  cancelConfirm() {
    this.confirming = null;
    this.render();
  }

  download() {
    const record = this.view?.record;
    if (!record) return;
    if (!record.hands.length) return this.showMessage(this.text.downloadNone);
    const rules = record.rules === "classic" ? "classic" : "american";
    downloadJson(record, `${rules}-sniff-${new Date().toISOString().slice(0, 10)}.json`);
  }

  // --- replays -------------------------------------------------------------------------------------------

  // A file is checked (its size and nesting) before it is posted; a file that is no record leaves the board as it was,
  // with the bots going on if it was their turn.
  async openRecord(file) {
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch (error) {
      return this.showMessage(format(this.text.badRecord, { reason: this.reason({ code: "record-not-text" }) }));
    }
    const refused = checkRecordText(text);
    if (refused) return this.showMessage(format(this.text.badRecord, { reason: this.reason(refused) }));
    return this.actions.run(
      "load",
      "change",
      () => this.call("replay_open", { text }),
      (view) => {
        this.mode = "replay";
        this.confirming = null;
        this.showMessage(null);
        this.view = view;
        this.render();
        this.announce([format(this.text.replayStep, { step: view.step, steps: view.steps - 1 })]);
      },
      (error) => this.showMessage(format(this.text.badRecord, { reason: this.reason(error) })),
    );
  }

  async step(button) {
    if (this.mode !== "replay") return;
    const { replay, step, steps } = this.view;
    const target = state.replayTarget(button, step, steps);
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

  async playOn() {
    if (this.mode !== "replay") return;
    const { bots } = this.settings;
    const { replay, step } = this.view;
    return this.actions.run(
      "play-on",
      "change",
      () => this.call("replay_play_on", { replay, step, bots }),
      (view) => {
        this.showMessage(null);
        this.startGame(view, { bots });
      },
      (error) => this.failed(error),
    );
  }

  closeReplay() {
    const saved = loadGame();
    return saved ? this.resume(saved) : this.newGame();
  }

  // --- drawing -------------------------------------------------------------------------------------------

  // Focus stays where it was (the same button, by its data-key), or goes where the game goes on: a keyboard
  // player's focus is never dropped on the page's body when the button they pressed disappears.
  render() {
    if (this.mode === "sandbox") return this.sandbox.render();
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    const panned = this.content.querySelector(".sniff-play__table")?.scrollLeft ?? 0;
    this.content.replaceChildren(...this.parts());
    const extras = `${this.mode}|${this.confirming}|${this.view.phase === "gameOver"}`;
    this.section.dataset.busy = this.actions.busy() ? "true" : "false";
    if (extras !== this.extrasKey) {
      this.extrasKey = extras;
      this.extras.replaceChildren(...(this.mode === "game" ? [this.recordControls(), this.settingsPanel()] : []));
    }
    this.section.dataset.mode = this.mode;
    this.section.dataset.phase = this.view.phase;
    this.root.dataset.playPhase = this.mode === "game" ? this.view.phase : this.mode;
    // How far the game has gone (hands dealt + moves made): tests and scripts wait on it.
    this.root.dataset.playMoves = this.mode === "game" ? this.view.moves : 0;
    const log = this.content.querySelector(".sniff-play__log");
    if (log) log.scrollTop = log.scrollHeight;
    table.follow(this.content.querySelector(".sniff-play__table"), panned, this.text.layoutPans);
    const focusMoves = this.focusMoves;
    this.focusMoves = false;
    if (!hadFocus) return;
    const find = (selector) => this.section.querySelector(selector);
    const again = focused && focused !== "turn" && find(`[data-key="${CSS.escape(focused)}"]`);
    const onward = {
      you: ".sniff-move",
      handOver: "[data-key=next-hand]",
      gameOver: "[data-key=new-game-end]",
    }[this.view.phase];
    const chosen = focusMoves && find(".sniff-move.is-selected");
    const target = chosen || again || (onward && find(onward)) || find("[data-key=turn]");
    target?.focus({ preventScroll: true });
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
    if (view.handEnd && view.phase !== "gameOver") {
      const nextHand = replay ? null : () => this.nextHand();
      parts.push(table.handEndPanel(view, t, { nextHand, canDeal: view.canDeal }));
    }
    if (view.gameEnd) parts.push(table.gameEndPanel(view, t, { newGame: replay ? null : () => this.newGame() }));
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
        h("div", { class: "sniff-play__tiles" }, view.seats[0].tiles.map(tile)),
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
    const { step, steps } = this.view;
    const go = (name) => () => this.step(name);
    const confirm =
      this.confirming === "playOn"
        ? confirmGroup(
            "sniff-play__confirm",
            t.confirmPlayOn,
            button(t.confirmPlayOnYes, "confirm-play-on", () => this.playOn(), { primary: true }),
            button(t.cancel, "cancel-play-on", () => this.cancelConfirm()),
          )
        : null;
    return h(
      "div",
      { class: "sniff-play__replay", role: "group", "aria-label": t.replay },
      h("p", {}, h("strong", {}, t.replay), " ", format(t.replayStep, { step, steps: steps - 1 })),
      h(
        "div",
        { class: "sniff-play__buttons" },
        replayButtons(t, step, steps, go),
        this.view.canPlayOn ? button(t.playOn, "replay-play-on", () => this.askPlayOn()) : null,
        button(t.closeReplay, "replay-close", () => this.closeReplay()),
      ),
      confirm,
    );
  }

  recordControls() {
    const t = this.text;
    const input = recordInput("sniff-play__file", "sniff-play-file", (file) => this.openRecord(file));
    const saving = this.mode === "game" && this.view.phase !== "gameOver";
    return h(
      "section",
      { class: "sniff-play__box sniff-play__records" },
      h("h3", {}, t.record),
      h("div", { class: "sniff-play__buttons" }, button(t.download, "download", () => this.download())),
      h("p", {}, h("label", { for: "sniff-play-file" }, t.load), " ", input),
      h("p", { class: "sniff-play__help" }, t.loadHelp),
      saving ? h("p", { class: "sniff-play__help" }, t.saved) : null,
    );
  }

  settingsPanel() {
    const t = this.text;
    const cancel = () => this.cancelConfirm();
    const actions =
      this.confirming === "new"
      ? confirmGroup(
          "sniff-play__confirm",
          t.confirmNew,
          button(t.confirmYes, "confirm-new", () => this.newGame(), { primary: true }),
          button(t.cancel, "cancel-new", cancel),
        )
      : button(t.newGame, "new-game", () => this.askNewGame(), { primary: true });
    return h("section", { class: "sniff-play__box sniff-play__setup" }, h("h3", {}, t.setup), this.form, actions);
  }
}

for (const root of document.querySelectorAll("[data-sniff-board][data-play-text]")) new Board(root);
onBoardReady((root, runtime) => root.sniffPlay?.ready(runtime));
onBoardRestart((root, runtime) => root.sniffPlay?.restarted(runtime));
