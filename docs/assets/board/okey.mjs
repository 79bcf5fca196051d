// The Okey table: play Okey against the bots, solo or in pairs, assisted or not.
//
// Loaded beside client.mjs by scripts/hooks/board.py for an ```okey-board fence: the same loader,
// worker and Pyodide runtime as the Sniff board. Before the engine runs it adds the table's settings
// (and "Continue the game" when a game is saved in this browser) to the loader; once the engine
// answers (client.mjs onBoardReady) it plays through the engine's ops, engine/okey/board/session.py,
// called as okey.<op>:
//   game     the visitor at seat 0 against three bots; every change is saved in localStorage
//            (versioned; every stored value is checked, an unknown one falls back to its default),
//            with the engine's opaque save, so a reload resumes the game;
//   replay   a loaded record, move by move.
// Words come from the engine's okeyplay catalog: the fixed words in the root's data-okey-text
// (engine/okey/board/text.py ui_text), every sentence about the game in the engine's replies.
// Keys pressed inside the table stay in the table: Material's keyboard shortcuts never see them.

const version = new URL(import.meta.url).search;
const [dom, { checkRecordText, readStored, replayTarget, writeStored }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./state.mjs${version}`),
]);
const { h, s, format, delay, button, replayButtons, confirmGroup, addContinue, recordInput, downloadJson } = dom;
const client = document.querySelector('script[type="module"][src*="assets/board/client.mjs"]');
const { onBoardReady, onBoardRestart } = await import(client.src);

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
const TILE = /^(?:[RBKY](?:1[0-3]|[1-9])|FJ)$/;

// --- storage: one versioned value, every field checked ------------------------------------------------------

function readStore() {
  let stored = readStored(globalThis.localStorage, STORE_KEY); // null when damaged or refused (private mode)
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
  return {
    save,
    bots: CHOICES.bots.includes(bots) ? bots : DEFAULTS.bots,
    assisted: typeof assisted === "boolean" ? assisted : DEFAULTS.assisted,
    order: Array.isArray(order) && order.every((tile) => typeof tile === "string" && TILE.test(tile)) ? order : [],
  };
}

function writeStore(settings, game) {
  // Storage full or refused: the game goes on, it just won't survive a reload.
  writeStored(globalThis.localStorage, STORE_KEY, { version: STORE_VERSION, settings, game });
}

// --- tiles ----------------------------------------------------------------------------------------------------

const COLOURS = { R: "r", B: "b", K: "k", Y: "y" };

// A tile's face: its colour and number (a false joker as a star); decorative, the button carries the name.
function face(notation, extra = "") {
  const wild = notation.startsWith("*");
  const tile = wild ? notation.slice(1) : notation;
  const colour = tile === "FJ" ? "fj" : COLOURS[tile[0]];
  return h(
    "span",
    { class: `okey-tile okey-tile--${colour}${wild ? " is-wild" : ""}${extra}`, "aria-hidden": "true" },
    tile === "FJ" ? "★" : tile.slice(1),
  );
}

// A meld's tiles, shown, with its notation for screen readers.
function meldTiles(meld) {
  return h("span", { class: "okey-meld__tiles" }, meld.split(" ").map((tile) => face(tile)), h("span", { class: "okey-sr" }, meld));
}

// Put `order` (the player's arrangement) in line with `rack`: tiles still there keep their places, new ones go last.
function reconcile(order, rack) {
  const left = new Map();
  for (const tile of rack) left.set(tile, (left.get(tile) ?? 0) + 1);
  const kept = [];
  for (const tile of order) {
    if (left.get(tile) > 0) {
      kept.push(tile);
      left.set(tile, left.get(tile) - 1);
    }
  }
  for (const tile of rack) {
    if (left.get(tile) > 0) {
      kept.push(tile);
      left.set(tile, left.get(tile) - 1);
    }
  }
  return kept;
}

class Table {
  // A call of the player's turn is in flight (their move, or a bot playing it for them): another waits.
  // The root's data-okey-busy says so, for tests and scripts.
  get busy() {
    return this.root.dataset.okeyBusy === "true";
  }

  set busy(value) {
    this.root.dataset.okeyBusy = value ? "true" : "false";
  }

  constructor(root) {
    this.root = root;
    this.text = JSON.parse(root.dataset.okeyText);
    this.lang = root.lang || document.documentElement.lang || "en";
    const stored = readStore();
    this.settings = stored.settings;
    this.mode = null; // "game" | "replay"
    this.view = null;
    this.game = null; // {id, bots, assisted}
    this.order = stored.game?.order ?? [];
    this.selected = new Set(); // indexes into this.order
    this.check = null; // the engine's check of the selected tiles
    this.token = 0; // changes whenever the game or the mode changes: stale replies are dropped
    this.busy = false;
    this.confirming = false;
    this.intent = "new";
    this.deadline = null;
    this.away = false; // the page is hidden: a bot plays the player's turns until they come back
    this.watchPresence();
    this.form = this.buildSettings();
    this.live = h("div", { class: "okey-play__live", "aria-live": "polite", "data-okey-live": "" });
    this.message = h("p", { class: "okey-play__message", role: "alert", "data-okey-message": "", hidden: true });
    this.section = h("section", { class: "okey-play", "aria-label": this.text.table, hidden: true });
    this.content = h("div", { class: "okey-play__content" });
    this.extras = h("div", { class: "okey-play__content" });
    this.section.append(this.live, this.message, this.content, this.extras);
    const panel = root.querySelector(".sniff-board__panel");
    root.insertBefore(this.section, panel);
    // The table's own keys; the loader (client.mjs) keeps every key pressed in it from Material's shortcuts.
    root.addEventListener("keydown", (event) => this.key(event));
    this.prepareLoader(panel, stored.game);
    root.okeyTable = this;
  }

  // --- before the engine runs -------------------------------------------------------------------------------

  prepareLoader(panel, saved) {
    const start = panel.querySelector("[data-board-start]");
    start.addEventListener("click", () => (this.intent = "new"), { capture: true });
    start.before(this.form);
    if (saved) {
      const attributes = { class: "md-button md-button--primary", "data-okey-continue": "" };
      const chosen = () => (this.intent = "continue");
      this.resumeButton = addContinue(this.root, start, this.text.continue, attributes, chosen);
    }
  }

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
      { class: "okey-play__settings", "data-okey-settings": "" },
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
      this.save();
      this.startTimer();
    });
    return form;
  }

  // The settings, and the game in play (none once it is over); before a game or during a replay, the stored one.
  save() {
    let game = readStore().game;
    if (this.mode === "game" && this.view) {
      const { save, phase } = this.view;
      game = phase === "gameOver" ? null : { save, bots: this.game.bots, assisted: this.game.assisted, order: this.order };
    }
    writeStore(this.settings, game);
  }

  // --- once the engine runs ----------------------------------------------------------------------------------

  async ready(runtime) {
    this.runtime = runtime;
    this.section.hidden = false;
    this.token++;
    this.resumeButton?.remove();
    this.form.remove(); // the settings live under the table from now on
    const saved = readStore().game;
    if (this.intent === "continue" && saved) return this.resume(saved);
    return this.newGame();
  }

  // The worker died and a new one runs (client.mjs): every reply in flight is stale, and the game goes on from
  // its save (a replay gives way to the saved game).
  async restarted(runtime) {
    this.runtime = runtime;
    this.token++;
    this.botsRunning = null;
    this.busy = false;
    const saved = readStore().game;
    if (saved) await this.resume(saved);
    else await this.newGame();
    this.showMessage(this.text.restarted);
  }

  call(op, args) {
    return this.runtime.call(`okey.${op}`, { lang: this.lang, ...args });
  }

  showMessage(text) {
    this.message.textContent = text ?? "";
    this.message.hidden = !text;
  }

  announce(lines) {
    const text = (lines ?? []).filter(Boolean).join(" ");
    if (text) this.live.textContent = text;
  }

  // --- games -------------------------------------------------------------------------------------------------

  async newGame() {
    const { mode, bots, doubling, rounds, assisted } = this.settings;
    this.intent = "continue";
    this.showMessage(null);
    const token = ++this.token;
    const view = await this.call("new_game", { mode, bots, doubling, rounds, assisted });
    if (token !== this.token) return;
    this.order = [];
    this.startGame(view, { bots, assisted });
  }

  async resume(saved) {
    const token = ++this.token;
    try {
      const view = await this.call("resume", { save: saved.save, bots: saved.bots, assisted: saved.assisted });
      if (token !== this.token) return;
      this.order = saved.order;
      this.startGame(view, saved);
    } catch (error) {
      if (token !== this.token || error?.engineLost) return; // the save stays: the restarted worker takes it up
      console.warn("The saved game could not be restored:", error);
      writeStore(this.settings, null);
      await this.newGame();
      this.showMessage(format(this.text.restoreFailed, { reason: error.message }));
    }
  }

  startGame(view, { bots, assisted }) {
    this.mode = "game";
    this.game = { id: view.game, bots, assisted };
    this.confirming = false;
    this.show(view, [...view.log, view.turn]);
  }

  // Every new view of the game: save it, draw it, announce what changed, let the bots move.
  show(view, lines = view.news) {
    const turnChanged = !this.view || this.view.moves !== view.moves;
    this.view = view;
    this.order = reconcile(this.order, view.rack);
    if (turnChanged) {
      this.selected.clear();
      this.check = null;
    }
    this.save();
    this.render();
    this.announce(view.phase === "you" && lines?.length ? [...lines, view.turn] : lines);
    this.startTimer();
    if (this.mode === "game" && view.phase === "bot") this.runBots(this.token);
  }

  async runBots(token) {
    if (this.botsRunning === token) return;
    this.botsRunning = token;
    try {
      while (token === this.token && this.view.phase === "bot") {
        const [view] = await Promise.all([
          this.call("bot", { game: this.game.id }),
          delay(PACES[this.settings.pace] ?? PACES.normal),
        ]);
        if (token !== this.token) return;
        this.show(view);
      }
    } catch (error) {
      if (token === this.token) this.recover(error);
    } finally {
      if (this.botsRunning === token) this.botsRunning = null;
    }
  }

  // The worker lost the game (restarted): take it up again from the save. A refused move: say why.
  recover(error) {
    if (error?.engineLost) return; // the loader restarts the worker, and restarted() takes the game up again
    const saved = readStore().game;
    if (error?.type === "UnknownGameError" && saved) return this.resume(saved);
    if (error?.type === "IllegalMoveError" || error?.type === "PlayError") {
      this.showMessage(error.message);
      this.announce([error.message]);
      return;
    }
    console.error("The table could not go on:", error);
    this.showMessage(error.message);
  }

  async act(action) {
    if (this.busy || this.mode !== "game" || this.view?.phase !== "you") return;
    this.busy = true;
    const token = this.token;
    try {
      const view = await this.call("act", { game: this.game.id, action });
      if (token !== this.token) return;
      this.showMessage(null);
      this.show(view);
    } catch (error) {
      if (token === this.token) this.recover(error);
    } finally {
      this.busy = false;
    }
  }

  // --- the timer: when it runs out, a bot plays the player's turn ------------------------------------------------

  // A player who leaves the page (another tab, another app) hands the seat to a bot, which plays each of
  // their turns while they are away; coming back hands it back, and the table says so.
  watchPresence() {
    document.addEventListener("visibilitychange", () => {
      if (this.mode !== "game") return;
      if (document.visibilityState === "hidden") {
        this.away = true;
        if (this.view?.phase === "you" && !this.busy) this.timeUp(this.token, true);
      } else if (this.away) {
        this.away = false;
        this.showMessage(this.text.back);
        this.announce([this.text.back]);
        this.startTimer();
      }
    });
  }

  startTimer() {
    clearInterval(this.ticker);
    this.deadline = null;
    if (this.away && this.mode === "game" && this.view?.phase === "you" && !this.busy) {
      return this.timeUp(this.token, true);
    }
    const seconds = this.settings.timer;
    if (!seconds || this.mode !== "game" || this.view?.phase !== "you") return this.showTimer();
    this.deadline = performance.now() + seconds * 1000;
    const token = this.token;
    const moves = this.view.moves;
    this.ticker = setInterval(() => {
      if (token !== this.token || this.view.moves !== moves || this.view.phase !== "you") {
        clearInterval(this.ticker);
        return;
      }
      if (performance.now() >= this.deadline && !this.busy) {
        clearInterval(this.ticker);
        this.timeUp(token);
      }
      this.showTimer();
    }, 250);
    this.showTimer();
  }

  showTimer() {
    const clock = this.section.querySelector("[data-okey-timer]");
    if (!clock) return;
    const left = this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
    clock.hidden = left === null;
    clock.textContent = left === null ? "" : format(this.text.timeLeft, { seconds: left });
  }

  async timeUp(token, away = false) {
    this.busy = true;
    try {
      const view = await this.call("timeout", { game: this.game.id, away });
      if (token !== this.token) return;
      this.busy = false; // before show(): the next turn may be the player's again, and still away
      this.show(view);
      // "Time is up: a bot played your turn." (or "You left the page: ..."), unless the player is back already.
      this.showMessage(away && !this.away ? this.text.back : view.news[0]);
    } catch (error) {
      if (token === this.token) this.recover(error);
    } finally {
      this.busy = false;
    }
  }

  async nextRound() {
    const token = this.token;
    try {
      const view = await this.call("next_round", { game: this.game.id });
      if (token === this.token) this.show(view);
    } catch (error) {
      if (token === this.token) this.recover(error);
    }
  }

  askNewGame() {
    const inProgress = this.mode === "game" && this.view.phase !== "gameOver" && this.view.moves > 1;
    if (!inProgress) return this.newGame();
    this.confirming = true;
    this.renderExtras(true);
    this.section.querySelector("[data-key=confirm-new]")?.focus();
  }

  // --- the rack: selection, arrangement, lay-downs ----------------------------------------------------------------

  selectedTiles() {
    return [...this.selected].sort((a, b) => a - b).map((index) => this.order[index]);
  }

  toggle(index) {
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.render();
    this.checkSelection();
  }

  async checkSelection() {
    const tiles = this.selectedTiles();
    this.check = null;
    if (!tiles.length || this.mode !== "game" || this.view.phase !== "you" || this.view.turnPhase !== "play") {
      return this.render();
    }
    const token = this.token;
    const moves = this.view.moves;
    try {
      const check = await this.call("lay_check", { game: this.game.id, tiles, kind: "melds" });
      if (token !== this.token || moves !== this.view.moves) return;
      this.check = check;
      this.render();
    } catch (error) {
      if (token === this.token) this.recover(error);
    }
  }

  async layDown(kind) {
    if (this.mode !== "game" || this.view.phase !== "you") return;
    const tiles = this.selectedTiles();
    const token = this.token;
    try {
      const check = await this.call("lay_check", { game: this.game.id, tiles, kind });
      if (token !== this.token) return;
      if (!check.ok) {
        this.showMessage(check.text);
        this.announce([check.text]);
        return;
      }
      await this.act(check.action.action);
    } catch (error) {
      if (token === this.token) this.recover(error);
    }
  }

  move(index, to) {
    if (to < 0 || to >= this.order.length || index === to) return;
    const [tile] = this.order.splice(index, 1);
    this.order.splice(to, 0, tile);
    const wasSelected = this.selected.has(index);
    // Selections follow their tiles.
    const moved = new Set();
    for (const i of this.selected) {
      if (i === index) continue;
      let j = i > index ? i - 1 : i;
      if (j >= to) j += 1;
      moved.add(j);
    }
    if (wasSelected) moved.add(to);
    this.selected = moved;
    this.focusTile = to;
    this.save();
    this.render();
  }

  async arrange(how) {
    const token = this.token;
    try {
      const result = await this.call("arrange", { game: this.game.id, how });
      if (token !== this.token) return;
      this.order = reconcile(result.order, this.view.rack);
      this.selected.clear();
      this.check = null;
      this.save();
      this.render();
    } catch (error) {
      if (token === this.token) this.recover(error);
    }
  }

  key(event) {
    const tile = event.target.closest?.("[data-okey-index]");
    if (!tile || !event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const index = Number(tile.dataset.okeyIndex);
    this.move(index, index + (event.key === "ArrowLeft" ? -1 : 1));
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

  // --- records and replays -----------------------------------------------------------------------------------------

  download() {
    const record = this.view?.record;
    if (!record) return;
    if (!record.rounds.length) return this.showMessage(this.text.downloadNone);
    downloadJson(record, `okey-${new Date().toISOString().slice(0, 10)}.json`);
  }

  async openRecord(file) {
    if (!file) return;
    const text = await file.text();
    // A huge or deeply nested file never reaches the engine's parser (the engine's own limits, checked here first).
    const refused = checkRecordText(text);
    if (refused) return this.showMessage(format(this.text.badRecord, { reason: refused.message }));
    const token = ++this.token;
    try {
      const view = await this.call("replay_open", { text });
      if (token !== this.token) return;
      this.mode = "replay";
      this.showMessage(null);
      this.view = view;
      this.render();
      this.announce([format(this.text.replayStep, { step: view.step, steps: view.steps - 1 }), view.log.at(-1)]);
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

  closeReplay() {
    const saved = readStore().game;
    return saved ? this.resume(saved) : this.newGame();
  }

  // --- drawing -------------------------------------------------------------------------------------------------------

  render() {
    if (!this.view) return;
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    this.content.replaceChildren(...this.parts());
    this.renderExtras();
    const phase = this.mode === "game" ? this.view.phase : "replay";
    this.section.dataset.phase = phase;
    this.root.dataset.okeyPhase = phase;
    this.root.dataset.okeyMoves = this.mode === "game" ? this.view.moves : 0;
    const log = this.content.querySelector(".okey-play__log ol");
    if (log) log.scrollTop = log.scrollHeight;
    this.showTimer();
    const focusTile = this.focusTile;
    this.focusTile = null;
    if (!hadFocus) return;
    const find = (selector) => this.section.querySelector(selector);
    const tile = focusTile !== null && focusTile !== undefined && find(`[data-okey-index="${focusTile}"]`);
    const again = focused && find(`[data-key="${CSS.escape(focused)}"]`);
    const onward = { you: ".okey-move", roundOver: "[data-key=next-round]", gameOver: "[data-key=new-game-end]" }[
      this.view.phase
    ];
    const target = tile || again || (onward && find(onward)) || find("[data-key=turn]");
    target?.focus({ preventScroll: true });
  }

  renderExtras(force = false) {
    const key = `${this.mode}|${this.confirming}|${this.view.phase === "gameOver"}`;
    if (key === this.extrasKey && !force) return;
    this.extrasKey = key;
    this.extras.replaceChildren(...(this.mode === "game" ? [this.recordControls(), this.settingsPanel()] : []));
  }

  parts() {
    const t = this.text;
    const view = this.view;
    const replay = this.mode === "replay";
    const yourTurn = this.mode === "game" && view.phase === "you";
    const parts = [];
    if (replay) parts.push(this.replayControls());
    parts.push(
      h(
        "div",
        { class: "okey-play__status" },
        h("p", { class: "okey-play__turn", "data-okey-turn": "", "data-key": "turn", tabindex: "-1" }, view.turn),
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
      this.centre(),
      this.seatsPanel(),
      this.tablePanel(yourTurn),
    );
    const over = view.phase === "roundOver" || view.phase === "gameOver";
    if (!replay && !over) parts.push(this.rackPanel(yourTurn), this.movesPanel(yourTurn));
    if (view.roundEnd) parts.push(this.roundEndPanel(replay));
    if (view.gameEnd) parts.push(this.gameEndPanel(replay));
    parts.push(this.logPanel());
    return parts;
  }

  centre() {
    const t = this.text;
    const view = this.view;
    return h(
      "div",
      { class: "okey-play__centre" },
      h("p", {}, h("span", { class: "okey-play__label" }, t.indicator, " "), face(view.indicator), " ", h("span", { class: "okey-sr" }, view.indicator)),
      h("p", {}, h("span", { class: "okey-play__label" }, t.okey, " "), face(view.okey, " is-okey"), " ", h("span", { class: "okey-sr" }, view.okey)),
      h("p", {}, h("span", { class: "okey-play__label" }, t.pile, " "), h("span", { class: "okey-play__pile" }, String(view.pile))),
    );
  }

  seatsPanel() {
    const t = this.text;
    return h(
      "ul",
      { class: "okey-play__seats" },
      this.view.seats.map((seat) =>
        h(
          "li",
          { class: "okey-seat" + (seat.current ? " is-current" : ""), "data-okey-seat": seat.seat },
          h("strong", {}, seat.name),
          seat.partner ? ` (${t.partner})` : "",
          h("span", {}, ` · ${seat.rackText} · ${seat.openedText}`),
          h("span", { "data-okey-charges": seat.charges }, ` · ${t.charges}: ${seat.charges}`),
          h("span", { "data-okey-total": seat.total }, ` · ${t.total}: ${seat.total}`),
          seat.discards.length
            ? h(
                "span",
                { class: "okey-seat__discard" },
                ` · ${t.lastDiscard}: `,
                face(seat.discards.at(-1)),
                h("span", { class: "okey-sr" }, seat.discards.at(-1)),
              )
            : null,
        ),
      ),
    );
  }

  tablePanel(yourTurn) {
    const t = this.text;
    const view = this.view;
    const oneTap = yourTurn && view.assisted;
    const layoffs = oneTap ? view.actions.filter((move) => move.kind === "layoff") : [];
    return h(
      "section",
      { class: "okey-play__table", "aria-labelledby": "okey-table-melds" },
      h("h3", { id: "okey-table-melds" }, t.tableMelds),
      view.table.length
        ? h(
            "ul",
            { class: "okey-play__melds" },
            view.table.map((item) =>
              h(
                "li",
                { class: "okey-meld", "data-okey-meld": item.index },
                h("span", { class: "okey-meld__owner" }, `${item.ownerName}: `),
                meldTiles(item.meld),
                ` (${item.value})`,
                layoffs
                  .filter((move) => move.to === item.index)
                  .map((move) =>
                    h(
                      "button",
                      {
                        type: "button",
                        class: "md-button okey-move okey-move--tap",
                        "data-key": `move:${move.action}`,
                        onclick: () => this.act(move.action),
                      },
                      move.label,
                    ),
                  ),
              ),
            ),
          )
        : h("p", {}, t.noMelds),
    );
  }

  rackPanel(yourTurn) {
    const t = this.text;
    const view = this.view;
    const penalty = new Set(view.penalty);
    const layoff = new Set(view.layoffTiles ?? []);
    const tiles = this.order.map((tile, index) => {
      const marks = [];
      if (view.assisted && penalty.has(tile)) marks.push(t.penalty);
      if (tile === view.okey) marks.push(t.okeyTile);
      const label = [tile, ...marks].join(", ");
      const extra = (tile === view.okey ? " is-okey" : "") + (view.assisted && penalty.has(tile) ? " is-penalty" : "");
      return h(
        "button",
        {
          type: "button",
          class: "okey-rack__tile" + (this.selected.has(index) ? " is-selected" : "") + (layoff.has(tile) ? " can-lay-off" : ""),
          "aria-pressed": this.selected.has(index) ? "true" : "false",
          "data-okey-index": index,
          "data-okey-tile": tile,
          "data-key": `tile:${index}`,
          onclick: () => {
            if (this.suppressClick) return (this.suppressClick = false);
            this.toggle(index);
          },
          ...this.dragHandlers(index),
        },
        face(tile, extra),
        h("span", { class: "okey-sr" }, label),
      );
    });
    const selected = this.selectedTiles();
    const one = this.selected.size === 1 ? [...this.selected][0] : null;
    const sorts = [
      button(t.sortRuns, "sort-runs", () => this.arrange("runs")),
      button(t.sortSets, "sort-sets", () => this.arrange("sets")),
      view.assisted ? button(t.arrangeBest, "arrange-best", () => this.arrange("best")) : null,
      view.assisted ? button(t.arrangePairs, "arrange-pairs", () => this.arrange("pairs")) : null,
      button(t.moveLeft, "move-left", () => this.move(one, one - 1), { disabled: one === null || one === 0 }),
      button(t.moveRight, "move-right", () => this.move(one, one + 1), {
        disabled: one === null || one === this.order.length - 1,
      }),
    ];
    const canLay = yourTurn && view.turnPhase === "play";
    return h(
      "section",
      { class: "okey-play__mine" + (yourTurn ? " is-your-turn" : ""), "aria-labelledby": "okey-rack-title" },
      h("h3", { id: "okey-rack-title" }, t.yourRack),
      h("p", { class: "okey-play__help", id: "okey-rack-help" }, t.rackHelp),
      h("div", { class: "okey-rack", role: "group", "aria-labelledby": "okey-rack-title", "aria-describedby": "okey-rack-help" }, tiles),
      h("div", { class: "okey-play__buttons" }, sorts),
      view.hint ? h("p", { class: "okey-play__hint", "data-okey-hint": "" }, view.hint) : null,
      h(
        "div",
        { class: "okey-play__selection", "data-okey-selection": "" },
        h("p", {}, `${t.selected}: `, selected.length ? selected.join(" ") : t.noneSelected),
        this.check?.text ? h("p", { "data-okey-check": "" }, this.check.text) : null,
        canLay
          ? h(
              "div",
              { class: "okey-play__buttons" },
              button(t.layMelds, "lay-melds", () => this.layDown("melds"), { disabled: !selected.length }),
              button(t.layPairs, "lay-pairs", () => this.layDown("pairs"), { disabled: !selected.length }),
              button(t.clearSelection, "clear-selection", () => {
                this.selected.clear();
                this.check = null;
                this.render();
              }, { disabled: !selected.length }),
            )
          : null,
      ),
    );
  }

  movesPanel(yourTurn) {
    const t = this.text;
    const view = this.view;
    const moves = yourTurn ? view.actions.filter((move) => !(view.assisted && move.kind === "layoff")) : [];
    const buttons = moves.map((move) =>
      h(
        "button",
        {
          type: "button",
          class: "md-button okey-move" + (move.kind === "discard" ? " okey-move--discard" : ""),
          "data-key": `move:${move.action}`,
          "data-okey-kind": move.kind,
          onclick: () => this.act(move.action),
        },
        move.label,
      ),
    );
    const refused = yourTurn ? view.takeRefused : null;
    return h(
      "section",
      { class: "okey-play__moves", "aria-labelledby": "okey-moves-title", hidden: !yourTurn },
      h("h3", { id: "okey-moves-title" }, t.yourMoves),
      h(
        "div",
        { class: "okey-play__buttons", role: "group", "aria-labelledby": "okey-moves-title" },
        buttons,
        refused
          ? h(
              "button",
              {
                type: "button",
                class: "md-button okey-move okey-move--refused",
                "aria-describedby": "okey-take-why",
                "data-key": "move:take",
                onclick: () => this.act("take"),
              },
              refused.label,
            )
          : null,
      ),
      refused ? h("p", { class: "okey-play__help", id: "okey-take-why" }, refused.text) : null,
    );
  }

  roundEndPanel(replay) {
    const t = this.text;
    const view = this.view;
    const end = view.roundEnd;
    const cell = (tag, text, extra = {}) => h(tag, extra, String(text));
    const table = h(
      "table",
      { class: "okey-play__settlement", "data-okey-settlement": "" },
      h("caption", {}, `${t.settlement} · ${format(t.round, { number: view.round })}`),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          [t.seat, t.charges, t.endAmount, t.roundScore, t.total].map((text) => cell("th", text, { scope: "col" })),
        ),
      ),
      h(
        "tbody",
        {},
        end.rows.map((row) =>
          h(
            "tr",
            { "data-okey-row": row.seat },
            cell("th", row.name, { scope: "row" }),
            cell("td", row.charges),
            cell("td", row.end),
            cell("td", row.score),
            cell("td", row.total),
          ),
        ),
      ),
    );
    const racks = h(
      "ul",
      { class: "okey-play__racks" },
      view.seats.map((seat) =>
        h("li", {}, h("strong", {}, `${seat.name}: `), seat.rack?.length ? meldTiles(seat.rack.join(" ")) : "—"),
      ),
    );
    return h(
      "section",
      { class: "okey-play__box okey-play__round-end", "aria-labelledby": "okey-round-end" },
      h("h3", { id: "okey-round-end" }, t.roundOver),
      h("p", {}, end.text),
      table,
      h("h4", {}, t.racks),
      racks,
      !replay && view.phase === "roundOver" ? button(t.nextRound, "next-round", () => this.nextRound(), { primary: true }) : null,
    );
  }

  gameEndPanel(replay) {
    const t = this.text;
    const end = this.view.gameEnd;
    return h(
      "section",
      { class: "okey-play__box okey-play__game-end", "aria-labelledby": "okey-game-end" },
      h("h3", { id: "okey-game-end" }, t.gameOver),
      h("p", { "data-okey-winner": "" }, end.text),
      this.chart(end.chart),
      replay ? null : button(t.newGame, "new-game-end", () => this.newGame(), { primary: true }),
    );
  }

  // The totals round by round: lines drawn in SVG (decorative), and the same figures as a table.
  chart(rows) {
    const t = this.text;
    const names = this.view.seats.map((seat) => seat.name);
    const values = [0, ...rows.flat()];
    const low = Math.min(...values);
    const high = Math.max(...values);
    const span = high - low || 1;
    const width = 320;
    const height = 160;
    const x = (i) => 30 + (i * (width - 60)) / Math.max(1, rows.length);
    const y = (v) => 10 + ((high - v) * (height - 30)) / span;
    const svg = s(
      "svg",
      { class: "okey-chart", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" },
      s("line", { class: "okey-chart__zero", x1: 30, x2: width - 30, y1: y(0), y2: y(0) }),
      names.map((_, seat) =>
        s("polyline", {
          class: `okey-chart__line okey-chart__line--${seat}`,
          points: [0, ...rows.map((row) => row[seat])].map((v, i) => `${x(i)},${y(v)}`).join(" "),
        }),
      ),
    );
    const table = h(
      "table",
      { class: "okey-play__chart-table" },
      h("caption", {}, t.chart),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.seat), rows.map((_, i) => h("th", { scope: "col" }, format(t.round, { number: i + 1 }))))),
      h(
        "tbody",
        {},
        names.map((name, seat) =>
          h("tr", {}, h("th", { scope: "row" }, h("span", { class: `okey-chart__key okey-chart__key--${seat}` }), name), rows.map((row) => h("td", {}, String(row[seat])))),
        ),
      ),
    );
    return h("figure", { class: "okey-play__chart" }, svg, table);
  }

  logPanel() {
    return h(
      "section",
      { class: "okey-play__log", "aria-labelledby": "okey-log-title" },
      h("h3", { id: "okey-log-title" }, this.text.log),
      h("ol", { tabindex: "0", "aria-labelledby": "okey-log-title" }, this.view.log.map((line) => h("li", {}, line))),
    );
  }

  replayControls() {
    const t = this.text;
    const { step, steps } = this.view;
    const go = (name) => () => this.step(replayTarget(name, step, steps));
    return h(
      "div",
      { class: "okey-play__replay", role: "group", "aria-label": t.replay },
      h("p", { "data-okey-step": step }, h("strong", {}, t.replay), " ", format(t.replayStep, { step, steps: steps - 1 })),
      h(
        "div",
        { class: "okey-play__buttons" },
        replayButtons(t, step, steps, go),
        button(t.closeReplay, "replay-close", () => this.closeReplay()),
      ),
    );
  }

  recordControls() {
    const t = this.text;
    const input = recordInput("okey-play__file", "okey-play-file", (file) => this.openRecord(file));
    return h(
      "section",
      { class: "okey-play__box okey-play__records", "aria-labelledby": "okey-records-title" },
      h("h3", { id: "okey-records-title" }, t.record),
      h("div", { class: "okey-play__buttons" }, button(t.download, "download", () => this.download())),
      h("p", {}, h("label", { for: "okey-play-file" }, t.load), " ", input),
      h("p", { class: "okey-play__help" }, t.loadHelp),
      this.view.phase !== "gameOver" ? h("p", { class: "okey-play__help" }, t.saved) : null,
    );
  }

  settingsPanel() {
    const t = this.text;
    const cancel = () => {
      this.confirming = false;
      this.renderExtras(true);
    };
    const actions = this.confirming
      ? confirmGroup(
          "okey-play__confirm",
          t.confirmNew,
          button(t.confirmYes, "confirm-new", () => this.newGame(), { primary: true }),
          button(t.cancel, "cancel-new", cancel),
        )
      : button(t.newGame, "new-game", () => this.askNewGame(), { primary: true });
    return h(
      "section",
      { class: "okey-play__box okey-play__setup", "aria-labelledby": "okey-setup-title" },
      h("h3", { id: "okey-setup-title" }, t.setup),
      this.form,
      actions,
    );
  }
}

for (const root of document.querySelectorAll("[data-okey-board][data-okey-text]")) new Table(root);
onBoardReady((root, runtime) => root.okeyTable?.ready(runtime));
onBoardRestart((root, runtime) => root.okeyTable?.restarted(runtime));
