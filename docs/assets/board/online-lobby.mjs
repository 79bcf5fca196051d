// The online lobby, for every game: whether this host has a table server, the form that creates a table (the game's
// options drawn from its schema, as the board's settings are: form.mjs; who sits where; the time per move; the
// visitor's name), and the form that takes a free seat from a table's link. The words are the page's
// (data-online-text); the game's own rules for its seats are its board's adapter's (players, partners, options).
// online.mjs sends what is chosen here.

const version = new URL(import.meta.url).search;
const [{ h, button, format }, settings, form, words] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./settings.mjs${version}`),
  import(`./form.mjs${version}`),
  import(`./online-words.mjs${version}`),
]);

const TIMERS = [0, 30, 60, 120];
const LIST_EVERY = 10_000; // the open tables asked for again while the lobby shows (the server's list is 1 s old at most)
const NAME_KEY = "online-table:name";

// Whether this origin has the table server: a quick, same-origin Socket.IO handshake over polling.
export async function hasServer() {
  try {
    const reply = await fetch(new URL("/socket.io/?EIO=4&transport=polling", location.origin), { cache: "no-store" });
    return reply.ok && (await reply.text()).startsWith("0{");
  } catch {
    return false;
  }
}

// The name the visitor types for their seat (kept for the next table); empty: "Seat 2" for the others.
export function nameInput() {
  let kept = "";
  try {
    kept = localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    // private mode
  }
  return h("input", { id: "online-name", type: "text", maxlength: "32", autocomplete: "nickname", value: kept, "data-online-name": "" });
}

export function keepName(name) {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // private mode
  }
}

// The form that creates a table; create({options, seats, timer, name, public}) when the visitor presses Create. A
// table listed under Open tables (public) may leave seats open to anyone: a bot holds each until someone comes.
// `board`: the game's board (controller.mjs), whose schema and adapter say what the game offers.
export function lobbyForm(board, t, { create, cancel }) {
  const { game } = board;
  const fields = settings.settingFields(board.schema, { keys: game.keys, bots: false });
  const box = h(
    "fieldset",
    { class: "online-table__options" },
    form.drawFields(fields, settings.checkSettings(fields, {}), {
      words: t.options,
      classes: { choice: "online-table__choice", select: "online-table__select" },
      ids: "online-",
    }),
  );
  const values = () => settings.checkSettings(fields, form.readFields(fields, box));
  const options = () => board.setup.options(values());
  const seatsBox = h("fieldset", { class: "online-table__seats" }, h("legend", {}, t.seats));
  const bots = board.schema.bots.map((level) => [`bot:${level}`, t.bots[level]]);
  const listed = h("input", { id: "online-public", type: "checkbox", "data-online-public": "" });
  const drawSeats = () => {
    form.showOffered(box, game.hidden?.(values(), "lobby"));
    const chosen = options();
    const before = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    seatsBox.replaceChildren(h("legend", {}, t.seats));
    for (let seat = 0; seat < game.players(chosen); seat += 1) {
      const id = `online-seat-${seat}`;
      const choices = seat === 0 ? [["you", t.you]] : [["friend", t.friend], ...(listed.checked ? [["open", t.open]] : []), ...bots];
      const select = h("select", { id, "data-online-seat": seat }, ...choices.map(([value, label]) => h("option", { value }, label)));
      select.value = before[seat] ?? (seat === 1 ? "friend" : choices[0][0]);
      if (!select.value) select.value = choices[0][0];
      seatsBox.append(h("p", {}, h("label", { for: id }, format(t.seat, { number: seat + 1 })), " ", select));
    }
    if (game.partners(chosen)) seatsBox.append(h("p", { class: "online-table__help" }, t.partnersOpposite));
  };
  box.addEventListener("change", drawSeats);
  listed.addEventListener("change", drawSeats);
  drawSeats();
  const timer = h("select", { id: "online-timer", "data-online-timer-choice": "" }, ...TIMERS.map((seconds) => h("option", { value: seconds }, seconds ? format(t.seconds, { seconds }) : t.noTimer)));
  timer.value = "60";
  const name = nameInput();
  const seats = () => [...seatsBox.querySelectorAll("select")].map((select) => (select.value === "you" || select.value === "friend" ? "human" : select.value));
  const go = () => create({ options: options(), seats: seats(), timer: Number(timer.value), name: name.value, public: listed.checked });
  const createButton = button(t.create, "online-create", go, { primary: true });
  createButton.dataset.onlineCreate = "";
  return h(
    "div",
    { class: "online-table__lobby" },
    h("h2", {}, t.lobby),
    h("p", {}, t.lobbyHelp),
    box,
    h("p", { class: "online-table__check" }, listed, " ", h("label", { for: "online-public" }, t.public)),
    seatsBox,
    h("p", {}, h("label", { for: "online-name" }, t.yourName), " ", name),
    h("p", {}, h("label", { for: "online-timer" }, t.timer), " ", timer),
    h("div", { class: "online-table__buttons" }, createButton, button(t.cancel, "online-cancel", cancel)),
  );
}

// Before taking a free seat: the name the visitor wants the others to see (or none: "Seat 2"); join(name). The
// table is watched meanwhile (`seats`: its seat list, drawn by the caller), so Watch stays as the visitor is.
export function joinForm(t, join) {
  const name = nameInput();
  const take = button(t.join, "online-join", () => join(name.value), { primary: true });
  take.dataset.onlineJoin = "";
  return h(
    "div",
    { class: "online-table__lobby" },
    h("h2", {}, t.lobby),
    h("p", {}, h("label", { for: "online-name" }, t.yourName), " ", name),
    h("div", { class: "online-table__buttons" }, take),
  );
}

// The open tables (the server's `tables`: public tables, newest first), each with its options, its seats and how
// many watch, Join where a seat is free and Watch on every one; `join(table)`, `watch(table)`, `refresh()`.
export function tableList(tables, t, { join, watch, refresh, failed = null }) {
  const items = (tables ?? []).map((entry) => {
    const id = `online-listed-${entry.table}`;
    const seats = words.listedSeats(entry.seats, t);
    const status = entry.status === "waiting" ? t.statusWaiting : t.statusPlaying;
    const watching = words.watchersText(entry.watchers, t);
    const buttons = [];
    if (words.hasFreeSeat(entry.seats)) {
      const take = button(t.joinTable, `online-list-join-${entry.table}`, () => join(entry));
      take.dataset.onlineListJoin = entry.table;
      take.setAttribute("aria-describedby", id);
      buttons.push(take);
    }
    const look = button(t.watch, `online-list-watch-${entry.table}`, () => watch(entry));
    look.dataset.onlineListWatch = entry.table;
    look.setAttribute("aria-describedby", id);
    buttons.push(look);
    return h(
      "li",
      { class: "online-table__listed", "data-online-listed": entry.table },
      h(
        "p",
        { id },
        h("strong", {}, words.fill(t.tableOf, { seats: seats.join(", ") })),
        h("br"),
        [words.optionsText(entry.options, t), status, watching].filter(Boolean).join(" · "),
      ),
      h("div", { class: "online-table__buttons" }, ...buttons),
    );
  });
  const refreshButton = button(t.refresh, "online-list-refresh", refresh);
  refreshButton.dataset.onlineListRefresh = "";
  let body;
  if (failed) body = h("p", { role: "alert" }, words.fill(t.tablesFailed, { reason: failed }));
  else if (!items.length) body = h("p", { "data-online-list-none": "" }, t.tablesNone);
  else body = h("ul", { class: "online-table__list" }, ...items);
  return h(
    "section",
    { class: "online-table__open", "aria-labelledby": "online-open-title", "data-online-list": "" },
    h("h2", { id: "online-open-title" }, t.tablesTitle),
    h("p", { class: "online-table__help" }, t.tablesHelp),
    body,
    h("div", { class: "online-table__buttons" }, refreshButton),
  );
}

// --- the lobby on the page (online: online.mjs's table: {t, game, section, content, show(), call(), ...}) ---------

// Play online: the lobby opens where the visitor is looking, its first field focused.
export async function openLobby(online, { boardOf }) {
  online.show(h("p", {}, online.t.checking));
  online.section.scrollIntoView({ block: "start" });
  // Offline (the site's service worker serves the page and the board against the bots), the tables say so.
  const server = navigator.onLine && (await hasServer());
  if (!server) {
    const why = navigator.onLine ? online.t.noServer : online.t.needsNetwork;
    online.show(h("p", { class: "online-table__none", "data-online-none": navigator.onLine ? "" : "offline" }, why));
    return;
  }
  const board = await boardOf(online.boardRoot);
  online.list = h("div", { "data-online-list-box": "" });
  online.show(lobbyForm(board, online.t, { create: (chosen) => online.create(chosen), cancel: () => closeLobby(online) }), online.list);
  online.section.scrollIntoView({ block: "start" });
  online.content.querySelector("select, input")?.focus({ preventScroll: true });
  await online.connect();
  listTables(online);
}

function closeLobby(online) {
  clearTimeout(online.listTimer);
  online.list = null;
  online.section.hidden = true;
}

// The open tables, asked for again every 10 seconds while the lobby shows.
async function listTables(online) {
  clearTimeout(online.listTimer);
  const box = online.list;
  if (!box?.isConnected || online.table) return;
  const answer = await online.call("tables", { game: online.game });
  if (box !== online.list || online.table) return;
  const name = () => online.content.querySelector("#online-name")?.value ?? "";
  const on = {
    join: (entry) => online.join(entry.table, "", name()),
    watch: (entry) => online.watch(entry.table, ""),
    refresh: () => listTables(online),
    failed: answer.ok ? null : online.reason(answer.error),
  };
  const focused = document.activeElement?.dataset?.key;
  box.replaceChildren(tableList(answer.ok ? answer.result.tables : [], online.t, on));
  if (focused && box.contains(document.activeElement) === false) box.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  online.listTimer = setTimeout(() => listTables(online), LIST_EVERY);
}
