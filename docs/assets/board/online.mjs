// Online tables on a game's Play page, for every game: the lobby (online-lobby.mjs: the form that creates a table,
// the open tables to join or watch), the table's link, its seats as they fill, Start, and around the table in play
// its seats, the watchers, the move timer, the notices, the phrases (online-phrases.mjs), and at the end the record,
// the shuffle check, one more game and the replay's link (online-panel.mjs); over Socket.IO on the page's own origin
// (spec/online-tables.md). The table itself is the game's own board (online-board.mjs: controller.mjs with its adapter), handed
// the table as its source (online-source.mjs): each `state` the server sends becomes the board's view in the page's
// engine, and the board's moves come back here to be sent (act). A spectator's board draws the same states and
// sends nothing. The page gives the game (data-online, the board's data-board), the words (data-online-text, catalog
// `online`; the board's are its own catalogs) and Socket.IO's client (data-socketio); the server sends engine data
// only, and the names people typed, which the page only ever puts in text nodes.
//
// Links: #table=<id>&invite=…&c=<commitment> takes a seat (or, every seat taken, watches); #watch=<id> watches;
// #replay=<id>&c=… replays a finished game from its record (online-replay.mjs). The seat's token is kept in
// localStorage under the table's id: a reload or a dropped connection rejoins the seat, the bot's moves summed up;
// the same rejoin is asked when a state skips a version or the server has said nothing for a while
// (online-sync.mjs). A table the server lost (its storage came back empty) is said so, and forgotten.

const version = new URL(import.meta.url).search;
const [{ h, button, format }, words, links, lobby, { Panel }, { Phrases, Notice }, { replayByLink }, { boardOf }, { Resync }, tableBoard] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./online-words.mjs${version}`),
  import(`./online-links.mjs${version}`),
  import(`./online-lobby.mjs${version}`),
  import(`./online-panel.mjs${version}`),
  import(`./online-phrases.mjs${version}`),
  import(`./online-replay.mjs${version}`),
  import(`./controller.mjs${version}`),
  import(`./online-sync.mjs${version}`),
  import(`./online-board.mjs${version}`),
]);

const SHORT = 5_000; // a notice about something done at once ("Back online.") stays this long

class Online {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.online;
    this.boardRoot = document.querySelector(`[data-board="${this.game}"]`);
    this.t = JSON.parse(root.dataset.onlineText);
    this.lang = root.lang || document.documentElement.lang || "en";
    this.t.lang = this.lang;
    this.live = h("div", { class: "online-table__live", "aria-live": "polite", "data-online-live": "" });
    this.notice = new Notice(this.t);
    this.content = h("div", { class: "online-table__content" });
    this.phrases = new Phrases(this);
    this.section = h("section", { class: "online-table__box", "aria-label": this.t.lobby, hidden: true }, this.live, this.notice.element, this.content, this.phrases.element);
    root.append(this.section);
    this.table = null; // {id, invite, token, seat, commitment, creator, version, watching}
    this.state = null;
    this.seats = null;
    this.info = null; // the `table` event's object: seats, watchers, next, public
    this.early = {};
    this.panel = new Panel(this);
    this.sync = new Resync((reason) => this.resync(reason));
    this.placeOpenButton();
    const link = new URLSearchParams(location.hash.slice(1));
    if (link.get("replay")) replayByLink(this, link);
    else if (link.get("watch")) this.watch(link.get("watch"), link.get("invite"), link.get("c"));
    else if (link.get("table")) this.open(link);
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

  // The notice above the table (online-phrases.mjs Notice), until what it says is over: "move", "online" or ms.
  tell(text, until = "move") {
    this.notice.tell(text, until);
  }

  ends(what) {
    this.notice.ends(what);
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
    this.socket.on("said", (message) => this.phrases.heard(message));
    this.socket.on("lost", (message) => this.onLost(message.table));
    this.socket.on("disconnect", () => {
      this.offline = true;
      this.tell(this.t.offline, "online");
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

  refused(error, template = this.t.joinFailed) {
    return h("p", { role: "alert", "data-online-refused": error?.code ?? "other" }, format(template, { reason: this.reason(error) }));
  }

  // --- the lobby, and taking a seat ------------------------------------------------------------------------------

  // Play online: the lobby (online-lobby.mjs), with the open tables.
  openLobby() {
    return lobby.openLobby(this, { boardOf });
  }

  async create({ options, seats, timer, name = "", public: listed = false }) {
    lobby.keepName(name);
    this.show(h("p", {}, this.t.creating));
    await this.connect();
    const asked = { game: this.game, options: { ...options, timer }, seats, lang: this.lang, name: name.trim() };
    const answer = await this.call("create", listed ? { ...asked, public: true } : asked);
    if (!answer.ok) return this.show(this.refused(answer.error));
    const { table, invite, seat, token, commitment } = answer.result;
    this.sit({ id: table, invite, seat, token, commitment, creator: true, version: 0 });
  }

  linkHash(kind = "table") {
    return links.hash(this.table, kind);
  }

  link(kind = "table") {
    return links.address(this.linkHash(kind));
  }

  // The finished game's replay on this page, for anyone who opens it later (its record stays on the server).
  replayLink() {
    return links.address(links.hash({ id: this.table.id, commitment: this.table.commitment }, "replay"));
  }

  // This page sits at `table` now (a seat, or a spectator's place): its state and seats as they come.
  sit(table) {
    clearTimeout(this.listTimer);
    this.table = table;
    this.openButton.hidden = true; // one table at a time in a page
    if (!table.watching) links.store.set(table.id, table);
    // Another table, or another place at it (a spectator who took a seat): the place before's state goes.
    if (this.state?.table !== table.id) [this.info, this.seats] = [null, null];
    if (this.state?.table !== table.id || (this.state.seat ?? null) !== (table.seat ?? null)) this.state = null;
    history.replaceState(null, "", `#${this.linkHash(table.watching ? "watch" : "table")}`);
    const early = this.early[table.id] ?? {};
    delete this.early[table.id];
    if (early.seats) this.onTable(early.seats);
    if (early.state) this.onState(early.state);
    this.boardReady?.then((board) => board?.online.open(this.source));
    this.phrases.reset();
    this.panel.render();
  }

  // Opening a link: the seat this browser holds at that table (rejoin), or, watching it first, a free seat to take
  // (join) or, every seat taken, the game to watch: said at once, never after the visitor asked for a seat.
  async open(link) {
    const id = link.get("table");
    const kept = links.store.get(id);
    this.show(h("p", {}, this.t.joining));
    await this.connect();
    if (kept?.token) {
      this.table = kept;
      const answer = await this.rejoin(id, kept.token, kept.version);
      if (answer.ok) return this.rejoined(answer.result);
    }
    this.table = null;
    const offer = { id, invite: link.get("invite") ?? "", commitment: link.get("c") };
    const watched = await this.watch(offer.id, offer.invite, offer.commitment, { quiet: true });
    if (!watched) {
      // A table this page cannot watch (a server without spectators): the seat is asked for, and its refusal said.
      this.show(lobby.joinForm(this.t, (name) => this.join(offer.id, offer.invite, name, offer.commitment)));
      return this.content.querySelector("#online-name")?.focus();
    }
    if (words.hasFreeSeat(this.seats)) {
      this.joinOffered = offer;
      this.panel.render();
      this.content.querySelector("#online-name")?.focus();
    } else {
      this.tell(this.t.full, "move");
      this.say(this.t.full);
    }
  }

  async join(id, invite, name, commitment = null) {
    lobby.keepName(name);
    this.show(h("p", {}, this.t.joining));
    await this.connect();
    const answer = await this.call("join", { table: id, ...links.invited(invite), lang: this.lang, name: name.trim() });
    if (!answer.ok) {
      if (this.table?.watching) {
        this.panel.render();
        return this.tell(format(this.t.joinFailed, { reason: this.reason(answer.error) }), "move");
      }
      this.table = null;
      return this.show(this.refused(answer.error));
    }
    this.joinOffered = null;
    this.tell(null);
    this.sit({ id, invite, seat: answer.result.seat, token: answer.result.token, commitment: commitment ?? this.table?.commitment ?? null, creator: false, version: 0 });
  }

  // Watching a table: its spectator's state and seats at once, then every change. False if the server refused.
  async watch(id, invite, commitment = null, { quiet = false } = {}) {
    this.show(h("p", {}, this.t.joining));
    await this.connect();
    const answer = await this.call("watch", { table: id, ...links.invited(invite), lang: this.lang });
    if (!answer.ok) {
      if (!quiet) this.show(this.refused(answer.error, this.t.watchFailed));
      return false;
    }
    const { state, table } = answer.result;
    this.sit({ id, invite, seat: null, token: null, commitment, creator: false, version: 0, watching: true });
    this.onTable({ ...table, table: id });
    this.onState({ table: id, version: state.version, seat: null, state });
    this.say(this.t.watching);
    return true;
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

  rejoined({ seat, state, missed, table }) {
    this.table.seat = seat;
    this.openButton.hidden = true;
    this.section.hidden = false;
    this.phrases.shown();
    if (table) this.onTable({ ...table, table: this.table.id });
    this.onState({ table: this.table.id, version: state.version, seat, state }, true);
    const summary = words.missedSummary(missed, seat, this.t, this.lang, state.board?.part ?? null);
    if (summary) {
      this.tell(summary, "move");
      this.say(summary.join(" "));
    }
  }

  async back() {
    if (!this.table || this.lost) return;
    const answer = this.table.watching
      ? await this.call("watch", { table: this.table.id, ...links.invited(this.table.invite), lang: this.lang })
      : await this.rejoin(this.table.id, this.table.token, this.table.version);
    this.offline = false;
    this.ends("online");
    this.say(this.t.online);
    if (!answer.ok) return;
    if (this.table.watching) {
      this.onTable({ ...answer.result.table, table: this.table.id });
      this.onState({ table: this.table.id, version: answer.result.state.version, seat: null, state: answer.result.state });
    } else this.rejoined(answer.result);
    if (this.notice.element.hidden) this.tell(this.t.online, SHORT);
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
    // The board names the seats by the names people typed (the engine puts them in its sentences as text).
    this.state = { ...state, table, names: words.seatNames(this.seats, state.board?.players ?? this.seats?.length ?? 0) };
    this.table.version = at;
    if (!this.table.watching) links.store.set(this.table.id, this.table);
    if (before && state.board?.part !== before.board?.part) this.ends("move");
    this.panel.render();
    tableBoard.follow(this, state); // the board (online-board.mjs), none while the table waits
    if (state.over && !before?.over) this.say(this.t.over);
    if (state.over) this.sync.stop();
  }

  // A state skipped a version, or the server said nothing for a while: the state since the last version seen.
  async resync() {
    if (!this.table || this.lost || this.offline || this.state?.over) return;
    if (this.table.watching) return this.back();
    const answer = await this.rejoin(this.table.id, this.table.token, this.table.version);
    if (answer.ok) this.rejoined(answer.result);
  }

  // The server lost the table (its storage came back empty): said once, the seat forgotten, nothing more asked.
  onLost(table) {
    if (!this.table || table !== this.table.id || this.lost) return;
    this.lost = true;
    this.sync.stop();
    clearTimeout(this.panel.ticker);
    links.store.forget(this.table.id);
    this.root.dataset.onlineStatus = "lost";
    // A new table starts from a fresh page (this one's board still shows the lost game).
    const again = button(this.t.playOnline, "online-again", () => location.assign(location.pathname));
    this.show(h("p", { role: "alert", "data-online-lost": "" }, this.t.lost), h("div", { class: "online-table__buttons" }, again));
  }

  // The game started without this page's Start, said: the last free seat was taken, or the creator started it.
  startedWhy(before, after) {
    const text = this.t[words.startedBy(before, after)];
    this.tell(text, "move");
    this.say(text);
  }

  onTable(message) {
    if (!this.table || message.table !== this.table.id) return void (this.early[message.table] = { ...this.early[message.table], seats: message });
    if (this.lost) return;
    this.sync.heard(this.state?.version ?? null, message.version);
    const offered = this.info?.next;
    if (this.info?.status === "waiting" && message.status === "playing" && !this.starting) this.startedWhy(this.info.seats ?? [], message.seats ?? []);
    this.info = message;
    this.seats = message.seats;
    if (message.next && !offered) this.say(this.table.watching ? this.t.watchNext : this.t.rematchOffered);
    this.panel.render();
  }

  // The game's own board plays this table as its source (online-board.mjs, online-source.mjs).
  get source() {
    return tableBoard.tableSource(this);
  }

  // A move of the board, sent with the state's version: the server's new state, or the reason it refused it, in
  // the page's words (the board shows and announces it).
  async send(action) {
    const answer = await this.act(action);
    if (answer?.ok) return answer.result.state;
    throw { type: "IllegalMoveError", code: "online", params: { words: this.reason(answer?.error) } };
  }

  async act(action) {
    if (!this.state || this.table?.watching) return;
    this.ends("move");
    const id = crypto.randomUUID();
    const answer = await this.call("act", { table: this.table.id, token: this.table.token, id, version: this.state.version, action });
    if (answer.ok && answer.result.state) this.onState({ table: this.table.id, version: answer.result.version, state: answer.result.state });
    return answer;
  }

  // Start: the server gives every human seat nobody has taken to a bot and starts the game, in one change.
  async start() {
    this.starting = true;
    const answer = await this.call("start", { table: this.table.id, token: this.table.token, id: crypto.randomUUID() });
    this.starting = false;
    if (answer.ok) this.onState({ table: this.table.id, version: answer.result.version, state: answer.result.state });
    else this.tell(this.reason(answer.error), "move");
  }

  // One more game: this seat's place at the finished table's next one (the first to press makes it, and may start
  // it); a spectator watches the next game.
  async rematch() {
    const finished = this.table;
    if (finished.watching) return this.watch(this.info.next, finished.invite);
    const answer = await this.call("rematch", { table: finished.id, token: finished.token });
    if (!answer.ok) return this.tell(format(this.t.rematchFailed, { reason: this.reason(answer.error) }), "move");
    const { table: id, invite, seat, token, commitment } = answer.result;
    this.sit({ id, invite, seat, token, commitment, creator: !this.info?.next, version: 0 });
  }
}

for (const root of document.querySelectorAll("[data-online]")) root.onlineTable = new Online(root);
// A link of this page followed from it (the replay's, another table's) is opened as the page opens it: anew.
if (document.querySelector("[data-online]")) addEventListener("hashchange", () => location.reload());
