// Online tables on the Play pages: the lobby (options, who sits where, your name, Create table, the link), the seats
// as they fill, Start, and around the table in play its seats (names, bots, who is away), the move timer, the
// offline notice, the summary on coming back, and at the end the record and the shuffle check; over Socket.IO on
// the page's own origin (spec/online-tables.md). The table itself is the game's own board (controller.mjs with
// game.mjs or okey.mjs), handed the table as its source: each `state` the server sends becomes the board's view in
// the page's engine (the game's online_view op), and the board's moves come back here to be sent (act). The words
// come from the page (data-online-text, catalog `online`; the board's its own catalogs); the server sends engine
// data only.
//
// Coming back: the seat's token is kept in localStorage under the table's id, so a reload, a reopened tab or a
// dropped connection rejoins the same seat, and the moves the bot made meanwhile (`missed`) are summed up. The
// same rejoin is asked when a state skips a version or the server has said nothing for a while (online-sync.mjs):
// a message lost between the server's processes never leaves the seat waiting. A table the server lost (its
// storage came back empty) is said so, and forgotten.

const version = new URL(import.meta.url).search;
const { h, button, downloadJson, format } = await import(`./dom.mjs${version}`);
const words = await import(`./online-words.mjs${version}`);
const { Resync } = await import(`./online-sync.mjs${version}`);

const KEY = "online-table:";
const SOON = 10_000; // the countdown announced to screen readers at 10 seconds left
const TIMERS = [0, 30, 60, 120];

const store = {
  get(table) {
    try {
      return JSON.parse(localStorage.getItem(KEY + table) ?? "null");
    } catch {
      return null;
    }
  },
  set(table, value) {
    try {
      localStorage.setItem(KEY + table, JSON.stringify(value));
    } catch {
      // private mode: the seat lasts as long as the page
    }
  },
  forget(table) {
    try {
      localStorage.removeItem(KEY + table);
    } catch {
      // private mode
    }
  },
};

// Whether this origin has the table server: a quick, same-origin Socket.IO handshake over polling.
export async function hasServer() {
  try {
    const reply = await fetch(new URL("/socket.io/?EIO=4&transport=polling", location.origin), { cache: "no-store" });
    return reply.ok && (await reply.text()).startsWith("0{");
  } catch {
    return false;
  }
}

class Online {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.online;
    this.t = JSON.parse(root.dataset.onlineText);
    this.lang = root.lang || document.documentElement.lang || "en";
    this.t.lang = this.lang;
    this.live = h("div", { class: "online-table__live", "aria-live": "polite", "data-online-live": "" });
    this.notice = h("p", { class: "online-table__notice", role: "status", "data-online-notice": "" });
    this.content = h("div", { class: "online-table__content" });
    this.section = h("section", { class: "online-table__box", "aria-label": this.t.lobby, hidden: true }, this.live, this.notice, this.content);
    root.append(this.section);
    this.table = null; // {id, invite, token, seat, commitment, creator, version}
    this.state = null;
    this.seats = null;
    this.early = {};
    this.ticker = null;
    this.sync = new Resync((reason) => this.resync(reason));
    this.placeOpenButton();
    const link = new URLSearchParams(location.hash.slice(1));
    if (link.get("table")) this.open(link);
  }

  placeOpenButton() {
    const board = document.querySelector(`[data-${this.game}-board]`);
    const start = board?.querySelector("[data-board-start]");
    this.openButton = button(this.t.playOnline, "online-open", () => this.openLobby());
    this.openButton.dataset.onlineOpen = "";
    if (start) start.after(" ", this.openButton);
    else this.root.prepend(this.openButton);
  }

  say(text) {
    if (text) this.live.textContent = text;
  }

  tell(text) {
    this.notice.textContent = text ?? "";
  }

  show(...children) {
    this.section.hidden = false;
    this.content.replaceChildren(...children);
  }

  async connect() {
    if (this.socket) return this.socket;
    const { io } = await import(new URL(this.root.dataset.socketio, document.baseURI).href);
    this.socket = io({ path: "/socket.io", transports: ["websocket", "polling"] });
    this.socket.on("state", (message) => this.onState(message));
    this.socket.on("table", (message) => this.onTable(message));
    this.socket.on("lost", (message) => this.onLost(message.table));
    this.socket.on("disconnect", () => {
      this.offline = true;
      this.tell(this.t.offline);
      this.say(this.t.offline);
    });
    this.socket.io.on("reconnect", () => this.back());
    return this.socket;
  }

  call(event, data) {
    return new Promise((resolve) =>
      this.socket.timeout(15000).emit(event, data, (error, answer) => {
        if (error) return resolve({ ok: false, error: { code: "other" } });
        if (this.table && data?.table === this.table.id) this.sync.heard();
        if (answer?.error?.code === "table-lost") this.onLost(answer.error.params?.table);
        resolve(answer);
      }),
    );
  }

  reason(error) {
    return this.t.errors[error?.code] ?? this.t.errors.other;
  }

  // --- the lobby -------------------------------------------------------------------------------------------------

  async openLobby() {
    this.show(h("p", {}, this.t.checking));
    if (!(await hasServer())) {
      this.show(h("p", { class: "online-table__none", "data-online-none": "" }, this.t.noServer));
      return;
    }
    this.show(this.lobbyForm());
    this.content.querySelector("select, input")?.focus();
  }

  lobbyForm() {
    const t = this.t;
    const options = words.optionControls(this.game, t);
    const seatsBox = h("fieldset", { class: "online-table__seats" }, h("legend", {}, t.seats));
    const drawSeats = () => {
      const count = this.game === "okey" ? 4 : Number(options.values().players);
      const before = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
      seatsBox.replaceChildren(h("legend", {}, t.seats));
      for (let seat = 0; seat < count; seat += 1) {
        const id = `online-seat-${seat}`;
        const choices = seat === 0 ? [["you", t.you]] : [["friend", t.friend], ["bot:random", t.botRandom], ["bot:greedy", t.botGreedy], ["bot:strong", t.botStrong]];
        const select = h("select", { id, "data-online-seat": seat }, ...choices.map(([value, label]) => h("option", { value }, label)));
        select.value = before[seat] ?? (seat === 1 ? "friend" : choices[0][0]);
        if (!select.value) select.value = choices[0][0];
        seatsBox.append(h("p", {}, h("label", { for: id }, format(t.seat, { number: seat + 1 })), " ", select));
      }
      if (options.partners()) seatsBox.append(h("p", { class: "online-table__help" }, t.partnersOpposite));
    };
    options.element.addEventListener("change", drawSeats);
    drawSeats();
    const timer = h("select", { id: "online-timer", "data-online-timer-choice": "" }, ...TIMERS.map((seconds) => h("option", { value: seconds }, seconds ? format(t.seconds, { seconds }) : t.noTimer)));
    timer.value = "60";
    const name = this.nameInput();
    const create = button(t.create, "online-create", () => this.create(options.values(), seatsBox, Number(timer.value), name.value), { primary: true });
    create.dataset.onlineCreate = "";
    return h(
      "div",
      { class: "online-table__lobby" },
      h("h2", {}, t.lobby),
      h("p", {}, t.lobbyHelp),
      options.element,
      seatsBox,
      h("p", {}, h("label", { for: "online-name" }, t.yourName), " ", name),
      h("p", {}, h("label", { for: "online-timer" }, t.timer), " ", timer),
      h("div", { class: "online-table__buttons" }, create, button(t.cancel, "online-cancel", () => (this.section.hidden = true))),
    );
  }

  // The name the visitor types for their seat (kept for the next table); empty: "Seat 2" for the others.
  nameInput() {
    let kept = "";
    try {
      kept = localStorage.getItem(`${KEY}name`) ?? "";
    } catch {
      // private mode
    }
    return h("input", { id: "online-name", type: "text", maxlength: "32", autocomplete: "nickname", value: kept, "data-online-name": "" });
  }

  keepName(name) {
    try {
      localStorage.setItem(`${KEY}name`, name.trim());
    } catch {
      // private mode
    }
  }

  async create(options, seatsBox, timer, name = "") {
    this.keepName(name);
    const seats = [...seatsBox.querySelectorAll("select")].map((select) => (select.value === "you" || select.value === "friend" ? "human" : select.value));
    this.show(h("p", {}, this.t.creating));
    await this.connect();
    const answer = await this.call("create", { game: this.game, options: { ...options, timer }, seats, lang: this.lang, name: name.trim() });
    if (!answer.ok) return this.show(h("p", { role: "alert" }, format(this.t.joinFailed, { reason: this.reason(answer.error) })));
    const { table, invite, seat, token, commitment } = answer.result;
    this.sit({ id: table, invite, seat, token, commitment, creator: true, version: 0 });
    history.replaceState(null, "", `#${this.linkHash()}`);
  }

  linkHash() {
    const { id, invite, commitment } = this.table;
    return new URLSearchParams({ table: id, invite, c: commitment }).toString();
  }

  link() {
    return `${location.origin}${location.pathname}#${this.linkHash()}`;
  }

  sit(table) {
    this.table = table;
    this.openButton.hidden = true; // one table at a time in a page
    store.set(table.id, table);
    const early = this.early[table.id] ?? {};
    delete this.early[table.id];
    if (early.seats) this.seats = early.seats.seats;
    if (early.state) this.onState(early.state);
    this.render();
  }

  // Opening a link: the seat this browser holds at that table (rejoin), or a free one (join).
  async open(link) {
    const id = link.get("table");
    const kept = store.get(id);
    this.show(h("p", {}, this.t.joining));
    await this.connect();
    if (kept?.token) {
      this.table = kept;
      const answer = await this.call("rejoin", { table: id, token: kept.token, since: kept.version ?? 0 });
      if (answer.ok) return this.rejoined(answer.result);
    }
    this.table = null;
    this.show(this.joinForm(link));
    this.content.querySelector("#online-name")?.focus();
  }

  // Before taking a free seat: the name the visitor wants the others to see (or none: "Seat 2").
  joinForm(link) {
    const t = this.t;
    const name = this.nameInput();
    const join = button(t.join, "online-join", () => this.join(link, name.value), { primary: true });
    join.dataset.onlineJoin = "";
    return h(
      "div",
      { class: "online-table__lobby" },
      h("h2", {}, t.lobby),
      h("p", {}, h("label", { for: "online-name" }, t.yourName), " ", name),
      h("div", { class: "online-table__buttons" }, join),
    );
  }

  async join(link, name) {
    const id = link.get("table");
    this.keepName(name);
    this.show(h("p", {}, this.t.joining));
    const answer = await this.call("join", { table: id, invite: link.get("invite") ?? "", lang: this.lang, name: name.trim() });
    if (!answer.ok) {
      this.table = null;
      return this.show(h("p", { role: "alert", "data-online-refused": answer.error.code }, format(this.t.joinFailed, { reason: this.reason(answer.error) })));
    }
    this.sit({ id, invite: link.get("invite"), seat: answer.result.seat, token: answer.result.token, commitment: link.get("c"), creator: false, version: 0 });
  }

  rejoined({ seat, state, missed }) {
    this.table.seat = seat;
    this.openButton.hidden = true;
    this.onState({ table: this.table.id, version: state.version, seat, state }, true);
    const summary = words.missedSummary(missed, seat, this.game, this.t, this.lang);
    if (summary) {
      this.tell(summary);
      this.say(summary);
    }
  }

  async back() {
    if (!this.table || this.lost) return;
    const answer = await this.call("rejoin", { table: this.table.id, token: this.table.token, since: this.table.version ?? 0 });
    this.offline = false;
    this.tell(this.t.online);
    this.say(this.t.online);
    if (answer.ok) {
      this.rejoined(answer.result);
      if (!this.notice.textContent) this.tell(this.t.online);
    }
  }

  // --- what the server says ---------------------------------------------------------------------------------------

  // `truth`: the answer to a rejoin, taken whatever its version (a store that lost its last second goes back).
  onState({ table, version: at, state }, truth = false) {
    // The server sends a new seat its state (and the table its seats) before it answers create or join.
    if (!this.table || table !== this.table.id) return void (this.early[table] = { ...this.early[table], state: { table, version: at, state } });
    if (this.lost) return;
    this.sync.heard(this.state?.version ?? null, at);
    if (this.state && at < this.state.version && !truth) return;
    const before = this.state;
    this.state = state;
    this.table.version = at;
    store.set(this.table.id, this.table);
    this.render();
    if (state.status !== "waiting") this.board()?.then((board) => board?.onlineState(state));
    if (state.over && !before?.over) this.say(this.t.over);
    if (state.over) this.sync.stop();
  }

  // A state skipped a version, or the server said nothing for a while: the state since the last version seen.
  async resync() {
    if (!this.table || this.lost || this.offline || this.state?.over) return;
    const answer = await this.call("rejoin", { table: this.table.id, token: this.table.token, since: this.table.version ?? 0 });
    if (answer.ok) this.rejoined(answer.result);
  }

  // The server lost the table (its storage came back empty): said once, the seat forgotten, nothing more asked.
  onLost(table) {
    if (!this.table || table !== this.table.id || this.lost) return;
    this.lost = true;
    this.sync.stop();
    clearTimeout(this.ticker);
    store.forget(this.table.id);
    this.root.dataset.onlineStatus = "lost";
    // A new table starts from a fresh page (this one's board still shows the lost game).
    const again = button(this.t.playOnline, "online-again", () => location.assign(location.pathname));
    this.show(h("p", { role: "alert", "data-online-lost": "" }, this.t.lost), h("div", { class: "online-table__buttons" }, again));
  }

  onTable(message) {
    if (!this.table || message.table !== this.table.id) return void (this.early[message.table] = { ...this.early[message.table], seats: message });
    if (this.lost) return;
    this.sync.heard(this.state?.version ?? null, message.version);
    this.seats = message.seats;
    this.render();
  }

  // The game's own board, playing this table: started (Pyodide, once) the first time the table plays, then handed
  // the table as its source (controller.mjs openOnline). This panel goes above it, with the seats and the timer.
  board() {
    this.boardReady ??= (async () => {
      const root = document.querySelector(`[data-${this.game}-board]`);
      const controller = root?.boardController;
      if (!controller) return null;
      root.insertBefore(this.section, controller.section);
      if (!controller.runtime) {
        controller.intent = "online";
        await new Promise((resolve) => {
          controller.onlineReady = resolve;
          root.sniffBoard?.start();
        });
      }
      controller.openOnline({ act: (action) => this.send(action), state: () => this.state });
      return controller;
    })();
    return this.boardReady;
  }

  // A move of the board, sent with the state's version: the server's new state, or the reason it refused it, in
  // the page's words (the board shows and announces it).
  async send(action) {
    const answer = await this.act(action);
    if (answer?.ok) return answer.result.state;
    throw { type: "IllegalMoveError", code: "online", params: { words: this.reason(answer?.error) } };
  }

  async act(action) {
    if (!this.state) return;
    const id = crypto.randomUUID();
    const answer = await this.call("act", { table: this.table.id, token: this.table.token, id, version: this.state.version, action });
    if (answer.ok && answer.result.state) this.onState({ table: this.table.id, version: answer.result.version, state: answer.result.state });
    return answer;
  }

  // Start: the server gives every human seat nobody has taken to a bot and starts the game, in one change.
  async start() {
    const answer = await this.call("start", { table: this.table.id, token: this.table.token, id: crypto.randomUUID() });
    if (answer.ok) this.onState({ table: this.table.id, version: answer.result.version, state: answer.result.state });
    else this.tell(this.reason(answer.error));
  }

  // --- drawing ------------------------------------------------------------------------------------------------------

  seatName(seat) {
    if (seat === this.table?.seat) return this.t.you;
    const name = this.seats?.find((info) => info.seat === seat)?.name;
    return name ? format(this.t.seatNamed, { seat: format(this.t.seat, { number: seat + 1 }), name }) : format(this.t.seat, { number: seat + 1 });
  }

  render() {
    if (!this.table || this.lost) return;
    const state = this.state;
    const waiting = !state || state.status === "waiting";
    this.section.setAttribute("aria-label", this.t.lobby);
    this.root.dataset.onlineStatus = state?.over ? "over" : (state?.status ?? "waiting");
    this.root.dataset.onlineVersion = state?.version ?? 0;
    this.root.dataset.onlineTurn = state && state.current === this.table.seat && state.legal.length ? "you" : "other";
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = this.section.contains(document.activeElement);
    this.show(...(waiting ? this.waitingParts() : this.tableParts(state)));
    if (hadFocus) (this.section.querySelector(`[data-key="${CSS.escape(focused ?? "")}"]`) ?? this.section.querySelector("[data-online-move], [data-key]"))?.focus({ preventScroll: true });
    this.tick();
  }

  seatList() {
    const t = this.t;
    const state = this.state;
    const items = (this.seats ?? []).map((info) => {
      const name = this.seatName(info.seat);
      let text;
      if (info.seat === this.table.seat) text = format(t.seatYou, { seat: format(t.seat, { number: info.seat + 1 }) });
      else if (info.kind === "bot") text = format(t.seatBot, { seat: name });
      else if (info.kind === "away") text = format(t.seatAway, { seat: name });
      else if (info.taken && info.name) text = name;
      else text = format(info.taken ? t.seatTaken : t.seatFree, { seat: name });
      const bot = info.kind === "bot" || info.kind === "away";
      const current = state?.current === info.seat;
      return h(
        "li",
        { class: `online-table__seat${current ? " online-table__seat--current" : ""}`, "data-online-seat-kind": info.kind, "data-seat": info.seat },
        h("span", {}, text),
        bot && info.kind !== "bot" ? h("span", { class: "online-table__bot" }, ` (${t.botMark})`) : null,
        current && !state.over ? h("span", { class: "online-table__timer", "data-online-timer": "" }) : null,
      );
    });
    return [h("h3", {}, t.seatList), h("ul", { class: "online-table__seatlist", "data-online-seats": "" }, ...items)];
  }

  waitingParts() {
    const t = this.t;
    const parts = [
      h("h2", {}, t.lobby),
      h("p", {}, h("label", { for: "online-link" }, t.link)),
      h("p", { class: "online-table__link" }, h("input", { id: "online-link", type: "text", readonly: true, value: this.link(), "data-online-link": "" })),
      h("p", { class: "online-table__help" }, t.linkHelp),
    ];
    const copy = button(t.copy, "online-copy", async () => {
      try {
        await navigator.clipboard.writeText(this.link());
      } catch {
        this.content.querySelector("#online-link")?.select();
      }
      this.tell(t.copied);
    });
    const buttons = [copy];
    if (navigator.share) buttons.push(button(t.share, "online-share", () => navigator.share({ url: this.link() }).catch(() => {})));
    parts.push(h("div", { class: "online-table__buttons" }, ...buttons));
    parts.push(...this.seatList());
    if (this.table.creator) {
      const start = button(t.start, "online-start", () => this.start(), { primary: true });
      start.dataset.onlineStart = "";
      parts.push(h("div", { class: "online-table__buttons" }, start), h("p", { class: "online-table__help" }, t.startHelp));
    } else parts.push(h("p", {}, t.waitCreator));
    return parts;
  }

  // Around the board: the seats (names, bots, away), whose move and the timer; at the end, the record and the
  // shuffle check. The table itself is the board's.
  tableParts(state) {
    const parts = [...this.seatList()];
    const status = this.statusLine(state);
    if (status) parts.push(h("p", { class: "online-table__status", "data-online-status": "" }, status));
    if (state.over) parts.push(...this.endParts(state));
    return parts;
  }

  // The pause between two deals and the game's end; whose turn it is, the board says (and the seat list marks).
  statusLine(state) {
    const t = this.t;
    if (state.over) return t.over;
    return state.current === null ? t.pause : null;
  }

  endParts(state) {
    const t = this.t;
    const record = state.record;
    const parts = [];
    const download = button(t.download, "online-download", () => downloadJson(record, `${this.game}-online-${this.table.id}.json`));
    download.dataset.onlineDownload = "";
    parts.push(h("div", { class: "online-table__buttons" }, download));
    const check = h("p", { class: "online-table__shuffle", "data-online-shuffle": "pending" });
    parts.push(check);
    if (this.table.commitment) parts.push(h("p", { class: "online-table__help online-table__digest" }, format(t.commitment, { digest: this.table.commitment })));
    shuffleChecks(record, this.table.commitment).then((ok) => {
      check.dataset.onlineShuffle = ok ? "ok" : "bad";
      check.textContent = ok ? t.shuffleOk : t.shuffleBad;
    });
    return parts;
  }

  // The countdown of the seat to move, redrawn every second; announced once at 10 seconds left.
  tick() {
    clearTimeout(this.ticker);
    const deadline = this.state?.deadline;
    const timer = this.content.querySelector("[data-online-timer]");
    if (!deadline || !timer || this.state.over) return;
    const left = Math.max(0, deadline - Date.now());
    timer.textContent = ` · ${format(this.t.left, { seconds: Math.ceil(left / 1000) })}`;
    const key = `${this.state.version}`;
    if (left <= SOON && left > 0 && this.state.current === this.table.seat && this.warned !== key) {
      this.warned = key;
      this.say(this.t.leftSoon);
    }
    if (left > 0) this.ticker = setTimeout(() => this.tick(), Math.min(1000, left % 1000 || 1000));
  }
}

// Whether the commitment announced at creation is the SHA-256 of "<salt>:<seed>" revealed in the record.
export async function shuffleChecks(record, announced) {
  if (!record?.salt || record.seed === undefined) return false;
  const bytes = new TextEncoder().encode(`${record.salt}:${record.seed}`);
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return digest === (announced || record.commitment) && digest === record.commitment;
}

for (const root of document.querySelectorAll("[data-online]")) root.onlineTable = new Online(root);
