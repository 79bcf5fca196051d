// What an online table says to its visitor beside the game: the notice above it (Notice), and phrases.
//
// Phrases, not chat, at an online table: a row of buttons, one per phrase of the server's fixed list (hello, good
// luck, ...); each phrase said at the table (`said`: a seat or a spectator, and the phrase's id) is worded in this
// page's language, shown beside the seat that said it for a few seconds, kept in the table's list of phrases and
// announced to screen readers. The page keeps to the server's rate itself (online-words.mjs PhraseLimit): the row
// waits rather than be refused. No text the visitor types is ever sent.

const version = new URL(import.meta.url).search;
const [{ h }, words] = await Promise.all([import(`./dom.mjs${version}`), import(`./online-words.mjs${version}`)]);

const IDS = ["hello", "good-luck", "well-played", "thanks", "sorry", "oops", "nice-move", "one-more", "bye"];
const BESIDE = 6_000; // how long a phrase stays beside its seat
const KEEP = 6; // the phrases the list keeps

export class Phrases {
  // online: online.mjs's table ({t, table, seats, state, call(), say(), reason()}).
  constructor(online) {
    this.online = online;
    const t = online.t;
    this.limit = new words.PhraseLimit();
    this.heardLines = [];
    this.beside = new Map(); // seat (or "spectator") -> {text, until}
    this.status = h("span", { class: "online-phrases__wait", "data-online-phrase-wait": "" });
    this.buttons = IDS.filter((id) => Object.hasOwn(t.phrases, id)).map((id) =>
      h("button", { type: "button", class: "md-button online-phrases__button", "data-online-phrase": id, "data-key": `phrase-${id}`, onclick: () => this.send(id) }, t.phrases[id]),
    );
    this.list = h("ul", { class: "online-phrases__said", "data-online-said": "", "aria-label": t.phrasesLabel });
    this.element = h(
      "div",
      { class: "online-phrases", role: "group", "aria-labelledby": "online-phrases-title", hidden: true, "data-online-phrases": "" },
      h("h3", { id: "online-phrases-title", class: "online-phrases__title" }, t.phrasesLabel),
      h("div", { class: "online-phrases__row" }, ...this.buttons),
      this.status,
      this.list,
    );
  }

  // A new table: nothing said there yet.
  reset() {
    this.heardLines = [];
    this.beside.clear();
    this.list.replaceChildren();
    this.shown();
  }

  // The buttons, for a page at a table (taken again after a reload too).
  shown() {
    this.element.hidden = !this.online.table;
  }

  async send(id) {
    const online = this.online;
    if (!online.table) return;
    const now = Date.now();
    if (!this.limit.take(now)) return this.wait(now);
    const answer = await online.call("say", { table: online.table.id, token: online.table.token ?? undefined, phrase: id });
    if (!answer.ok) this.status.textContent = online.reason(answer.error);
    else if (this.limit.wait(Date.now())) this.wait(Date.now());
  }

  // Past the page's rate: the buttons wait until the next phrase may go, and say so.
  wait(now) {
    const left = this.limit.wait(now);
    this.status.textContent = this.online.t.phraseWait;
    for (const one of this.buttons) one.disabled = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.status.textContent = "";
      for (const one of this.buttons) one.disabled = false;
    }, left);
  }

  // A phrase said at this table (by anyone, this page too): worded in this page's language.
  heard(said) {
    const online = this.online;
    if (!online.table || said?.table !== online.table.id) return;
    const line = words.phraseLine(said, online.table.seat, online.seats, online.t);
    if (!line) return;
    this.heardLines = [...this.heardLines, line].slice(-KEEP);
    this.list.replaceChildren(...this.heardLines.map((text) => h("li", {}, text)));
    const where = said.seat ?? "spectator";
    const until = Date.now() + BESIDE;
    this.beside.set(where, { text: online.t.phrases[said.phrase], until });
    setTimeout(() => online.panel.render(), BESIDE + 50);
    online.say(line);
    online.panel.render();
  }

  // What a seat said lately, shown beside it in the seat list (null: nothing lately).
  saidBy(seat) {
    const entry = this.beside.get(seat);
    return entry && entry.until > Date.now() ? entry.text : null;
  }
}

// The notice above the table, and what ends it: "move" (this seat's next move, or the next part), "online" (the
// connection back), or milliseconds: a notice never outstays what it says. `text`: a sentence, or lines (the away
// summary's, one per hand). Its button closes it at once.
export class Notice {
  constructor(t) {
    this.text = h("span", {});
    const close = { type: "button", class: "online-table__dismiss", "aria-label": t.dismiss, title: t.dismiss, onclick: () => this.tell(null) };
    this.element = h("p", { class: "online-table__notice", role: "status", "data-online-notice": "", hidden: true }, this.text, h("button", close, "×"));
    this.until = null;
  }

  tell(text, until = "move") {
    clearTimeout(this.timer);
    const lines = Array.isArray(text) ? text : [text ?? ""];
    this.text.replaceChildren(...lines.flatMap((line, index) => (index ? [h("br"), line] : [line])));
    const shown = lines.some(Boolean);
    this.element.hidden = !shown;
    this.until = shown ? until : null;
    if (shown && typeof until === "number") this.timer = setTimeout(() => this.tell(null), until);
  }

  ends(what) {
    if (this.until === what) this.tell(null);
  }
}
