// Online tables on a game's Play page, for every game: the lobby (online-lobby.mjs), the table's link, its seats as
// they fill, Start, and around the table in play its seats, the move timer, the offline notice, the summary on
// coming back, and at the end the record and the shuffle check (online-panel.mjs); over Socket.IO on the page's own
// origin (spec/online-tables.md). The table itself is the game's own board (controller.mjs with the game's adapter),
// handed the table as its source (online-source.mjs): each `state` the server sends becomes the board's view in the
// page's engine, and the board's moves come back here to be sent (act). The page gives the game (data-online, the
// board's data-board), the words (data-online-text, catalog `online`; the board's are its own catalogs) and
// Socket.IO's client (data-socketio); the server sends engine data only.
//
// Coming back: the seat's token is kept in localStorage under the table's id, so a reload, a reopened tab or a
// dropped connection rejoins the same seat, and the moves the bot made meanwhile (`missed`) are summed up. The
// same rejoin is asked when a state skips a version or the server has said nothing for a while (online-sync.mjs):
// a message lost between the server's processes never leaves the seat waiting. A table the server lost (its
// storage came back empty) is said so, and forgotten.

const version = new URL(import.meta.url).search;
const [{ h, button, format }, words, lobby, { Panel }, { boardOf }, { Resync }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./online-words.mjs${version}`),
  import(`./online-lobby.mjs${version}`),
  import(`./online-panel.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./online-sync.mjs${version}`),
]);

const KEY = "online-table:";

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

class Online {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.online;
    this.boardRoot = document.querySelector(`[data-board="${this.game}"]`);
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
    this.panel = new Panel(this);
    this.sync = new Resync((reason) => this.resync(reason));
    this.placeOpenButton();
    const link = new URLSearchParams(location.hash.slice(1));
    if (link.get("table")) this.open(link);
  }

  placeOpenButton() {
    const start = this.boardRoot?.querySelector("[data-board-start]");
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

  refused(error, extra = {}) {
    return h("p", { role: "alert", ...extra }, format(this.t.joinFailed, { reason: this.reason(error) }));
  }

  // --- the lobby, and taking a seat ------------------------------------------------------------------------------

  async openLobby() {
    this.show(h("p", {}, this.t.checking));
    // Offline (the site's service worker serves the page and the board against the bots), the tables say so.
    const server = navigator.onLine && (await lobby.hasServer());
    if (!server) {
      const why = navigator.onLine ? this.t.noServer : this.t.needsNetwork;
      this.show(h("p", { class: "online-table__none", "data-online-none": navigator.onLine ? "" : "offline" }, why));
      return;
    }
    const board = await boardOf(this.boardRoot);
    this.show(lobby.lobbyForm(board, this.t, { create: (chosen) => this.create(chosen), cancel: () => (this.section.hidden = true) }));
    this.content.querySelector("select, input")?.focus();
  }

  async create({ options, seats, timer, name = "" }) {
    lobby.keepName(name);
    this.show(h("p", {}, this.t.creating));
    await this.connect();
    const answer = await this.call("create", { game: this.game, options: { ...options, timer }, seats, lang: this.lang, name: name.trim() });
    if (!answer.ok) return this.show(this.refused(answer.error));
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
    this.panel.render();
  }

  // Opening a link: the seat this browser holds at that table (rejoin), or a free one (join).
  async open(link) {
    const id = link.get("table");
    const kept = store.get(id);
    this.show(h("p", {}, this.t.joining));
    await this.connect();
    if (kept?.token) {
      this.table = kept;
      const answer = await this.rejoin(id, kept.token, kept.version);
      if (answer.ok) return this.rejoined(answer.result);
    }
    this.table = null;
    this.show(lobby.joinForm(this.t, (name) => this.join(link, name)));
    this.content.querySelector("#online-name")?.focus();
  }

  async join(link, name) {
    const id = link.get("table");
    lobby.keepName(name);
    this.show(h("p", {}, this.t.joining));
    const answer = await this.call("join", { table: id, invite: link.get("invite") ?? "", lang: this.lang, name: name.trim() });
    if (!answer.ok) {
      this.table = null;
      return this.show(this.refused(answer.error, { "data-online-refused": answer.error.code }));
    }
    this.sit({ id, invite: link.get("invite"), seat: answer.result.seat, token: answer.result.token, commitment: link.get("c"), creator: false, version: 0 });
  }

  // The seat's state since the last version seen; from the start if the server is behind that version (a store
  // that came back without its last entries: what it has is the truth).
  async rejoin(table, token, since) {
    const answer = await this.call("rejoin", { table, token, since: since ?? 0 });
    if (answer.ok || answer.error?.params?.field !== "since") return answer;
    const again = await this.call("rejoin", { table, token, since: 0 });
    if (again.ok) again.result.missed = []; // not a summary of the whole game
    return again;
  }

  rejoined({ seat, state, missed }) {
    this.table.seat = seat;
    this.openButton.hidden = true;
    this.onState({ table: this.table.id, version: state.version, seat, state }, true);
    const summary = words.missedSummary(missed, seat, this.t, this.lang);
    if (summary) {
      this.tell(summary);
      this.say(summary);
    }
  }

  async back() {
    if (!this.table || this.lost) return;
    const answer = await this.rejoin(this.table.id, this.table.token, this.table.version);
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
    this.panel.render();
    if (state.status !== "waiting") this.board()?.then((board) => board?.online.take(state));
    if (state.over && !before?.over) this.say(this.t.over);
    if (state.over) this.sync.stop();
  }

  // A state skipped a version, or the server said nothing for a while: the state since the last version seen.
  async resync() {
    if (!this.table || this.lost || this.offline || this.state?.over) return;
    const answer = await this.rejoin(this.table.id, this.table.token, this.table.version);
    if (answer.ok) this.rejoined(answer.result);
  }

  // The server lost the table (its storage came back empty): said once, the seat forgotten, nothing more asked.
  onLost(table) {
    if (!this.table || table !== this.table.id || this.lost) return;
    this.lost = true;
    this.sync.stop();
    clearTimeout(this.panel.ticker);
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
    this.panel.render();
  }

  // The game's own board, playing this table: started (Pyodide, once) the first time the table plays, then handed
  // the table as its source (online-source.mjs). This panel goes above it, with the seats and the timer.
  board() {
    this.boardReady ??= (async () => {
      if (!this.boardRoot) return null;
      const board = await boardOf(this.boardRoot);
      this.boardRoot.insertBefore(this.section, board.section);
      await board.online.play({ act: (action) => this.send(action), state: () => this.state });
      return board;
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
}

for (const root of document.querySelectorAll("[data-online]")) root.onlineTable = new Online(root);
