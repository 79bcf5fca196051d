// The board's game interface: settings, games against the bots, replays of records, the sandbox.
//
// Loaded beside client.mjs by scripts/hooks/board.py. Before the engine runs it adds the game
// settings (rules, players, bots, pace; play/?rules=classic preselects classic Sniff) and, when a game is saved in this browser, "Continue the game"
// to the board's loader; the loader's own start button is "New game". Once the engine answers
// (client.mjs onBoardReady), it plays through the engine's ops (engine/play/session.py):
//   game     the visitor at seat 0 against bots; every change is saved in localStorage as the
//            game's save (spec/game-record.md) plus its settings, so a reload resumes it;
//   replay   a loaded record, move by move;
//   sandbox  play/?sandbox=<layout> ("Try it"): any tile on any legal join, the layout kept in the
//            address (history.replaceState).
// Words come from the engine's catalogs: the page's fixed words in the root's data-play-text
// (engine/play/text.py ui_text), every sentence about the game in the engine's replies.

const version = new URL(import.meta.url).search;
const [{ h, format, delay }, table, { Sandbox }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./table.mjs${version}`),
  import(`./sandbox.mjs${version}`),
]);
const client = document.querySelector('script[type="module"][src*="assets/board/client.mjs"]');
const { onBoardReady } = await import(client.src);

const SETTINGS_KEY = "sniff-board:settings";
const GAME_KEY = "sniff-board:game";
const PACES = { slow: 1800, normal: 1000, fast: 450, instant: 0 };
const DEFAULTS = { rules: "american", partners: false, players: 2, bots: "greedy", pace: "normal" };
const RULES = ["american", "classic"];

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null; // storage refused (private mode) or damaged: start afresh
  }
}

// A stored game to resume: its save (or, from before saves had their own key, its record).
function hasSave(saved) {
  return Boolean(saved?.save ?? saved?.record);
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the game goes on, it just won't survive a reload.
  }
}

class Board {
  constructor(root) {
    this.root = root;
    this.text = JSON.parse(root.dataset.playText);
    this.lang = root.lang || document.documentElement.lang || "en";
    this.settings = { ...DEFAULTS, ...(load(SETTINGS_KEY) ?? {}) };
    this.mode = null; // "game" | "replay" | "sandbox"
    this.view = null;
    this.token = 0; // changes whenever the game or the mode changes: stale replies are dropped
    this.selected = null;
    this.hintOpen = false;
    this.confirming = false;
    this.busy = false;
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
    const saved = load(GAME_KEY);
    if (hasSave(saved) && this.intent !== "sandbox") {
      const resume = h(
        "button",
        { type: "button", class: "md-button md-button--primary sniff-play__continue", "data-play-continue": "" },
        this.text.continue,
      );
      resume.addEventListener("click", () => {
        this.intent = "continue";
        resume.hidden = true;
        this.root.sniffBoard.start();
      });
      start.classList.remove("md-button--primary");
      start.before(resume);
      this.resumeButton = resume;
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
      store(SETTINGS_KEY, this.settings);
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
    this.token++;
    this.resumeButton?.remove();
    this.form.remove(); // the settings live under the game from now on (the sandbox has none)
    if (this.intent === "sandbox") return this.sandbox.open(new URLSearchParams(location.search).get("sandbox") ?? "");
    const saved = load(GAME_KEY);
    if (this.intent === "continue" && hasSave(saved)) return this.resume(saved);
    return this.newGame();
  }

  // A worker restarted after a failure forgets its games: on "continue" the saved record brings it back.
  call(op, args) {
    return this.runtime.call(`sniff.${op}`, { lang: this.lang, ...args });
  }

  showMessage(text) {
    this.message.textContent = text ?? "";
    this.message.hidden = !text;
  }

  announce(lines) {
    const text = lines.filter(Boolean).join(" ");
    if (text) this.live.textContent = text;
  }

  // --- games ---------------------------------------------------------------------------------------------

  async newGame() {
    const { players, bots, rules, partners } = this.settings;
    this.intent = "continue";
    this.showMessage(null);
    const token = ++this.token;
    const view = await this.call("play_new", { players, bots, rules, partnerships: rules === "classic" && partners });
    if (token !== this.token) return;
    this.startGame(view, { bots });
  }

  async resume(saved) {
    const token = ++this.token;
    try {
      // The save is the engine's to read: the page keeps it and hands it back. (Saves from before
      // it had its own key were the game's record, under "record".)
      const { save, record, bots } = saved;
      const view = await this.call("play_resume", { save: save ?? record, bots });
      if (token !== this.token) return;
      this.startGame(view, saved);
    } catch (error) {
      if (token !== this.token) return;
      console.warn("The saved game could not be restored:", error);
      store(GAME_KEY, null);
      await this.newGame();
      this.showMessage(format(this.text.restoreFailed, { reason: error.message }));
    }
  }

  startGame(view, { bots }) {
    this.mode = "game";
    this.game = { id: view.game, bots };
    this.selected = null;
    this.confirming = false;
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
      store(GAME_KEY, finished ? null : { save: view.save, bots: this.game.bots });
    }
    this.render();
    this.announce(view.phase === "you" && view.news?.length ? [...lines, view.turn] : lines);
    if (this.mode === "game" && view.phase === "bot") this.runBots(this.token);
  }

  async runBots(token) {
    if (this.botsRunning === token) return;
    this.botsRunning = token;
    try {
      while (token === this.token && this.view.phase === "bot") {
        const [view] = await Promise.all([
          this.call("play_bot", { game: this.game.id }),
          delay(PACES[this.settings.pace] ?? PACES.normal),
        ]);
        if (token !== this.token) return;
        this.view = view;
        this.show(view);
      }
    } catch (error) {
      if (token === this.token) this.recover(error);
    } finally {
      if (this.botsRunning === token) this.botsRunning = null;
    }
  }

  // The worker lost the game (restarted): take it up again from the saved record.
  recover(error) {
    const saved = load(GAME_KEY);
    if (error?.type === "UnknownGameError" && hasSave(saved)) return this.resume(saved);
    console.error("The board could not go on:", error);
    this.showMessage(error.message);
  }

  async act(action) {
    if (this.busy || this.mode !== "game" || this.view?.phase !== "you") return;
    if (!this.view.actions.some((move) => move.action === action)) return; // not a legal move: nothing happens
    this.busy = true;
    const token = this.token;
    try {
      const view = await this.call("play_act", { game: this.game.id, action });
      if (token !== this.token) return;
      this.selected = null;
      this.show(view);
    } catch (error) {
      if (token === this.token) this.recover(error);
    } finally {
      this.busy = false;
    }
  }

  // A click on a tile of your hand: one place -> play it; several -> select it and light its places.
  clickTile(tile) {
    if (this.busy || this.view?.phase !== "you") return;
    const moves = this.view.actions.filter((move) => move.tile === tile);
    if (!moves.length) return;
    if (moves.length === 1) return this.act(moves[0].action);
    this.selected = this.selected === tile ? null : tile;
    this.focusMoves = this.selected !== null; // a keyboard user goes on to the selected tile's moves
    this.render();
  }

  async nextHand() {
    const token = this.token;
    const view = await this.call("play_next_hand", { game: this.game.id }).catch((error) => {
      this.recover(error);
    });
    if (!view || token !== this.token) return;
    this.show(view, [view.log[0], view.turn]);
  }

  askNewGame() {
    const started = this.view?.moves > this.view?.handNumber; // a move made: more than the hands dealt
    const inProgress = this.mode === "game" && this.view.phase !== "gameOver" && started;
    if (!inProgress) return this.newGame();
    this.confirming = true;
    this.render();
    this.section.querySelector("[data-key=confirm-new]")?.focus();
  }

  download() {
    const record = this.view?.record;
    if (!record) return;
    if (!record.hands.length) return this.showMessage(this.text.downloadNone);
    const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
    const rules = record.rules === "classic" ? "classic" : "american";
    const name = `${rules}-sniff-${new Date().toISOString().slice(0, 10)}.json`;
    const link = h("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  // --- replays -------------------------------------------------------------------------------------------

  async openRecord(file) {
    if (!file) return;
    const token = ++this.token;
    try {
      const view = await this.call("replay_open", { text: await file.text() });
      if (token !== this.token) return;
      this.mode = "replay";
      this.showMessage(null);
      this.view = view;
      this.render();
      this.announce([format(this.text.replayStep, { step: view.step, steps: view.steps - 1 })]);
    } catch (error) {
      this.showMessage(format(this.text.badRecord, { reason: error.message }));
      this.token = token; // the game goes on as it was
      if (this.mode === "game" && this.view?.phase === "bot") this.runBots(this.token);
    }
  }

  async step(step) {
    const token = this.token;
    const view = await this.call("replay_view", { replay: this.view.replay, step });
    if (token !== this.token) return;
    this.view = view;
    this.render();
    this.announce([view.log.at(-1)]);
  }

  async playOn() {
    const { bots } = this.settings;
    const token = ++this.token;
    const { replay, step } = this.view;
    const view = await this.call("replay_play_on", { replay, step, bots });
    if (token !== this.token) return;
    this.startGame(view, { bots });
  }

  closeReplay() {
    const saved = load(GAME_KEY);
    return hasSave(saved) ? this.resume(saved) : this.newGame();
  }

  // --- drawing -------------------------------------------------------------------------------------------

  // Focus stays where it was (the same button, by its data-key), or goes where the game goes on: a keyboard
  // player's focus is never dropped on the page's body when the button they pressed disappears.
  render() {
    if (this.mode === "sandbox") return this.sandbox.render();
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    this.content.replaceChildren(...this.parts());
    const extras = `${this.mode}|${this.confirming}|${this.view.phase === "gameOver"}`;
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
      table.hintPanel(view, t, { open: this.hintOpen, toggle: toggleHint }),
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
    const go = (target) => () => this.step(Math.max(0, Math.min(steps - 1, target)));
    return h(
      "div",
      { class: "sniff-play__replay", role: "group", "aria-label": t.replay },
      h("p", {}, h("strong", {}, t.replay), " ", format(t.replayStep, { step, steps: steps - 1 })),
      h(
        "div",
        { class: "sniff-play__buttons" },
        button(t.first, "replay-first", go(0), { disabled: step === 0 }),
        button(t.previous, "replay-previous", go(step - 1), { disabled: step === 0 }),
        button(t.next, "replay-next", go(step + 1), { disabled: step === steps - 1 }),
        button(t.last, "replay-last", go(steps - 1), { disabled: step === steps - 1 }),
        this.view.canPlayOn ? button(t.playOn, "replay-play-on", () => this.playOn()) : null,
        button(t.closeReplay, "replay-close", () => this.closeReplay()),
      ),
    );
  }

  recordControls() {
    const t = this.text;
    const input = h("input", {
      type: "file",
      accept: ".json,.jsonl,application/json",
      class: "sniff-play__file",
      id: "sniff-play-file",
      "data-key": "load",
    });
    input.addEventListener("change", () => this.openRecord(input.files[0]));
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
    const cancel = () => {
      this.confirming = false;
      this.render();
    };
    const actions = this.confirming
      ? h(
          "div",
          { class: "sniff-play__confirm", role: "group", "aria-label": t.confirmNew },
          h("p", {}, t.confirmNew),
          button(t.confirmYes, "confirm-new", () => this.newGame(), { primary: true }),
          button(t.cancel, "cancel-new", cancel),
        )
      : button(t.newGame, "new-game", () => this.askNewGame(), { primary: true });
    return h("section", { class: "sniff-play__box sniff-play__setup" }, h("h3", {}, t.setup), this.form, actions);
  }
}

function button(label, key, onclick, { primary = false, disabled = false } = {}) {
  const kind = primary ? "md-button md-button--primary" : "md-button";
  return h("button", { type: "button", class: kind, "data-key": key, onclick, disabled }, label);
}

for (const root of document.querySelectorAll("[data-sniff-board][data-play-text]")) new Board(root);
onBoardReady((root, runtime) => root.sniffPlay?.ready(runtime));
