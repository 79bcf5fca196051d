// The Practice page: exercises from the build-time bank (static JSON, SVG inside), more from the engine in the
// board's worker when the bank runs out (or for a link to a seed the bank does not hold). No Pyodide byte is
// fetched before that. Progress (a streak per kind, missed exercises due again after 1, 3 and 7 more) stays in
// localStorage under "practice:<game>".
import { BoardRuntime, runtimeURLs } from "../board/client.mjs";

const AGAIN = [1, 3, 7];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

// One bank file (JSON Lines, one exercise a line), read as its bytes arrive and only as far as asked: each
// exercise is kept once read. A file that cannot be fetched or read holds what was read of it (the engine
// makes the others).
class BankFile {
  constructor(url) {
    this.url = url;
    this.found = new Map();
    this.reader = null;
    this.rest = "";
    this.done = false;
    this.queue = Promise.resolve();
  }

  // The exercise of the seed, or null; one read at a time (a second call waits for the first, then looks).
  find(seed) {
    const result = this.queue.then(() => this.readUntil(seed));
    this.queue = result.catch(() => {});
    return result;
  }

  async readUntil(seed) {
    try {
      while (!this.found.has(seed) && !this.done) {
        if (!this.reader) {
          const response = await fetch(this.url);
          if (!response.ok || !response.body) throw new Error(`${this.url}: ${response.status}`);
          this.reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        }
        const { value, done } = await this.reader.read();
        const lines = (this.rest + (value ?? "")).split("\n");
        this.rest = done ? "" : lines.pop();
        for (const line of lines) if (line.trim()) this.keep(JSON.parse(line));
        this.done = done;
      }
    } catch (error) {
      console.warn("practice: bank", error);
      this.done = true;
    }
    return this.found.get(seed) ?? null;
  }

  keep(exercise) {
    this.found.set(exercise.seed, exercise);
  }
}

class Practice {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.game;
    this.lang = root.lang || "en";
    this.text = JSON.parse(root.dataset.text);
    this.kinds = JSON.parse(root.dataset.kinds);
    this.seeds = JSON.parse(root.dataset.seeds);
    this.live = root.querySelector("[data-practice-live]");
    this.banks = new Map();
    this.runtime = null;
    this.key = `practice:${this.game}`;
    this.progress = this.load();
    this.build();
    const params = new URLSearchParams(location.search);
    const kind = this.kindKey(params.get("kind"), params.get("rules"));
    const seed = Number.parseInt(params.get("seed"), 10);
    this.kind = kind ?? this.keyOf(this.kinds[0]);
    this.select.value = this.kind;
    this.show(kind && Number.isInteger(seed) && seed >= 0 ? seed : this.nextSeed());
  }

  kindKey(kind, rules) {
    const found = this.kinds.find(([k, r]) => k === kind && (r ?? null) === (rules || null));
    return found ? this.keyOf(found) : null;
  }

  keyOf([kind, rules]) {
    return rules ? `${kind}:${rules}` : kind;
  }

  load() {
    try {
      const data = JSON.parse(localStorage.getItem(this.key));
      if (data && data.version === 1 && typeof data.kinds === "object") return data;
    } catch {}
    return { version: 1, kinds: {} };
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.progress));
    } catch {}
  }

  state(kind = this.kind) {
    return (this.progress.kinds[kind] ??= { streak: 0, done: 0, next: 0, due: [] });
  }

  nextSeed() {
    const state = this.state();
    const due = state.due.find((item) => item.at <= state.done);
    if (due) return { seed: due.seed, again: true };
    return { seed: this.seedAt(state.next), again: false };
  }

  seedAt(index) {
    // The bank's seeds first (easiest first), then the engine's: 1000 and up.
    return index < this.seeds.length ? this.seeds[index] : 1000 + index;
  }

  build() {
    const t = this.text;
    this.select = el("select", { id: `practice-kind-${this.game}` });
    for (const entry of this.kinds) {
      const [kind, rules] = entry;
      this.select.append(el("option", { value: this.keyOf(entry), text: rules ? `${t[kind]} · ${t.classic}` : t[kind] }));
    }
    this.select.addEventListener("change", () => {
      this.kind = this.select.value;
      this.show(this.nextSeed());
    });
    this.streak = el("span", { class: "practice__streak", "data-practice-streak": true });
    const reset = el("button", { type: "button", class: "md-button practice__reset", text: t.reset });
    reset.addEventListener("click", () => {
      this.progress = { version: 1, kinds: {} };
      this.save();
      this.announce(t.resetDone);
      this.show(this.nextSeed());
    });
    const bar = el("div", { class: "practice__bar" }, el("label", { for: this.select.id, text: t.kinds }), this.select, this.streak, reset);
    this.card = el("div", { class: "practice__card", "data-practice-card": true });
    this.root.prepend(bar, this.card);
    this.root.addEventListener("keydown", (event) => event.stopPropagation());
  }

  // The bank's exercise of a seed, or null. One JSON Lines file per kind and level (one exercise a line, in the
  // order of their seeds), fetched when the page reaches that level and read as a stream, only as far as the seed
  // asked for.
  async bank(kindKey, seed) {
    const level = Math.min(Number(this.root.dataset.levels) - 1, Math.floor(seed / Number(this.root.dataset.perLevel)));
    const key = `${kindKey}-${level}`;
    if (!this.banks.has(key)) {
      const [kind, rules] = kindKey.split(":");
      const name = `${this.game}-${kind}${rules ? `-${rules}` : ""}-${level}.jsonl`;
      this.banks.set(key, new BankFile(new URL(name, new URL(this.root.dataset.bank, document.baseURI))));
    }
    return this.banks.get(key).find(seed);
  }

  async engine() {
    this.runtime ??= new BoardRuntime(runtimeURLs(this.root));
    await this.runtime.start();
    return this.runtime;
  }

  async fetchExercise(seed) {
    const [kind, rules] = this.kind.split(":");
    const found = this.seeds.includes(seed) ? await this.bank(this.kind, seed) : null;
    if (found) return found;
    this.card.replaceChildren(el("p", { class: "practice__loading", text: this.text.loading }));
    this.root.setAttribute("aria-busy", "true");
    const runtime = await this.engine();
    const made = await runtime.call(`${this.game}.practice_make`, { kind, seed, lang: this.lang, ...(rules ? { rules } : {}) });
    made.fromEngine = true;
    return made;
  }

  async show(next) {
    const { seed, again } = typeof next === "number" ? { seed: next, again: false } : next;
    this.updateStreak();
    let exercise;
    try {
      exercise = await this.fetchExercise(seed);
    } catch (error) {
      console.warn("practice:", error);
      this.root.setAttribute("aria-busy", "false");
      this.card.replaceChildren(el("p", { class: "practice__failed", text: this.text.failed }));
      return;
    }
    this.root.setAttribute("aria-busy", "false");
    this.exercise = exercise;
    this.again = again;
    this.render(exercise, again);
  }

  updateStreak() {
    this.streak.textContent = this.text.streak.replace("{count}", String(this.state().streak));
  }

  render(ex, again) {
    const t = this.text;
    this.root.dataset.kind = ex.kind;
    this.root.dataset.seed = String(ex.seed);
    const params = new URLSearchParams({ kind: ex.kind, seed: String(ex.seed) });
    if (ex.rules && ex.rules !== "american") params.set("rules", ex.rules);
    const link = el("a", { href: `?${params}`, class: "practice__link", "data-practice-link": true, text: t.link });
    const heading = el("p", { class: "practice__number", text: t.number.replace("{seed}", ex.seed).replace("{level}", ex.level + 1) });
    const question = el("p", { class: "practice__question", id: `practice-q-${this.game}`, tabindex: "-1", text: ex.question });
    const figure = el("div", { class: "practice__figure" });
    figure.innerHTML = ex.svg; // the engine's own SVG (built from the site's sources), never user input
    this.selected = new Set();
    const ui = ex.ui;
    const buttons = [];
    const list = el("div", { class: "practice__targets", role: "group", "aria-labelledby": question.id });
    for (const target of ui.targets) {
      const button = el("button", {
        type: "button",
        class: "practice__target",
        "aria-pressed": "false",
        "data-target": target.id,
        text: target.label,
      });
      if (target.x !== null) {
        button.classList.add("practice__target--on");
        button.style.setProperty("left", `${target.x * 100}%`);
        button.style.setProperty("top", `${target.y * 100}%`);
        button.setAttribute("aria-label", target.label);
        button.textContent = "";
        figure.append(button);
      } else list.append(button);
      button.addEventListener("click", () => this.toggle(button, target.id, ui.multi, buttons));
      buttons.push(button);
    }
    const fields = ui.fields.map((field, index) => {
      const id = `practice-f-${this.game}-${index}`;
      const input = el("input", { id, type: "number", inputmode: "numeric", step: "1", class: "practice__input", "data-field": index });
      const chips = el("div", { class: "practice__choices", role: "group", "aria-label": `${field.label}: ${t.choices}` });
      for (const value of field.choices) {
        const chip = el("button", { type: "button", class: "practice__choice", "data-choice": value, text: String(value) });
        chip.addEventListener("click", () => {
          input.value = String(value);
          for (const other of chips.children) other.setAttribute("aria-pressed", String(other === chip));
        });
        chip.setAttribute("aria-pressed", "false");
        chips.append(chip);
      }
      return el("div", { class: "practice__field" }, el("label", { for: id, text: field.label }), input, chips);
    });
    this.inputs = fields.map((field) => field.querySelector("input"));
    const check = el("button", { type: "button", class: "md-button md-button--primary", "data-practice-check": true, text: t.check });
    check.addEventListener("click", () => this.check());
    const hintButton = el("button", { type: "button", class: "md-button", "data-practice-hint": true, text: t.hint });
    const hints = el("div", { class: "practice__hints" });
    let shown = 0;
    hintButton.addEventListener("click", () => {
      if (shown >= ex.hints.length) return;
      hints.append(el("p", { class: "practice__hint", "data-hint": shown + 1, text: `${t[`hint${shown + 1}`]}: ${ex.hints[shown]}` }));
      shown += 1;
      this.announce(ex.hints[shown - 1]);
      if (shown >= ex.hints.length) hintButton.disabled = true;
    });
    this.result = el("div", { class: "practice__result", "data-practice-result": true });
    const parts = [heading, question];
    if (again) parts.unshift(el("p", { class: "practice__again", text: t.again }));
    parts.push(figure);
    if (ui.targets.some((target) => target.x === null)) parts.push(list);
    parts.push(...fields, el("div", { class: "practice__actions" }, check, hintButton, link), hints, this.result);
    this.card.replaceChildren(...parts);
  }

  toggle(button, id, multi, buttons) {
    if (multi) {
      if (this.selected.has(id)) this.selected.delete(id);
      else this.selected.add(id);
    } else {
      this.selected = new Set([id]);
    }
    for (const other of buttons) other.setAttribute("aria-pressed", String(this.selected.has(other.dataset.target)));
  }

  given() {
    return {
      targets: [...this.selected],
      fields: this.inputs.map((input) => (input.value.trim() === "" ? null : Number(input.value))),
    };
  }

  rightHere(given) {
    const { ui } = this.exercise;
    const expect = ui.expect;
    if (ui.multi) {
      const a = [...given.targets].sort();
      const b = [...expect.targets].sort();
      if (a.length !== b.length || a.some((value, i) => value !== b[i])) return false;
    } else if (expect.targets !== null && (given.targets.length !== 1 || !expect.targets.includes(given.targets[0]))) {
      return false;
    }
    return expect.fields.every((value, i) => value === null || given.fields[i] === value);
  }

  async check() {
    const ex = this.exercise;
    const given = this.given();
    let right = this.rightHere(given);
    if (ex.fromEngine) {
      const [kind, rules] = this.kind.split(":");
      const answer = { targets: given.targets, fields: given.fields.map((v) => (v === null ? null : Math.trunc(v))) };
      const reply = await this.runtime.call(`${this.game}.practice_check`, { kind, seed: ex.seed, answer, lang: this.lang, ...(rules ? { rules } : {}) });
      right = reply.right;
    }
    this.record(ex.seed, right);
    this.explain(ex, right);
  }

  record(seed, right) {
    const state = this.state();
    const repeat = state.due.find((item) => item.seed === seed);
    state.done += 1;
    if (!this.again) state.next += 1;
    if (right) {
      state.streak += 1;
      if (repeat) {
        repeat.step += 1;
        repeat.at = state.done + (AGAIN[repeat.step] ?? Infinity);
        if (repeat.step >= AGAIN.length) state.due = state.due.filter((item) => item !== repeat);
      }
    } else {
      state.streak = 0;
      if (repeat) {
        repeat.step = 0;
        repeat.at = state.done + AGAIN[0];
      } else state.due.push({ seed, step: 0, at: state.done + AGAIN[0] });
    }
    this.save();
    this.updateStreak();
  }

  explain(ex, right) {
    const t = this.text;
    const [page, anchor] = [ex.page, ex.anchor];
    const rule = el("a", { href: `../${page}/#${anchor}`, "data-practice-rule": true, text: t.rule });
    const figure = el("div", { class: "practice__figure practice__figure--answer" });
    figure.innerHTML = ex.explanation_svg;
    const next = el("button", { type: "button", class: "md-button md-button--primary", "data-practice-next": true, text: t.next });
    // The next exercise's question takes the focus, so a keyboard or screen reader goes on from there.
    next.addEventListener("click", () => this.show(this.nextSeed()).then(() => this.card.querySelector(".practice__question")?.focus()));
    const verdict = el("p", { class: `practice__verdict ${right ? "is-right" : "is-wrong"}`, "data-verdict": right ? "right" : "wrong", text: right ? t.right : t.wrong });
    this.result.replaceChildren(
      verdict,
      el("h3", { class: "practice__heading", text: t.explanation }),
      el("p", { class: "practice__explanation", text: ex.explanation }),
      figure,
      el("p", {}, rule),
      next,
    );
    this.announce(`${right ? t.right : t.wrong} ${ex.explanation}`);
    next.focus();
  }

  announce(text) {
    this.live.textContent = "";
    setTimeout(() => (this.live.textContent = text), 50);
  }
}

for (const root of document.querySelectorAll("[data-practice]")) if (!root.practice) root.practice = new Practice(root);
