// The online lobby, for every game: whether this host has a table server, the form that creates a table (the game's
// options drawn from its schema, as the board's settings are: form.mjs; who sits where; the time per move; the
// visitor's name), and the form that takes a free seat from a table's link. The words are the page's
// (data-online-text); the game's own rules for its seats are its board's adapter's (players, partners, options).
// online.mjs sends what is chosen here.

const version = new URL(import.meta.url).search;
const [{ h, button, format }, settings, form] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./settings.mjs${version}`),
  import(`./form.mjs${version}`),
]);

const TIMERS = [0, 30, 60, 120];
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

// The form that creates a table; create({options, seats, timer, name}) when the visitor presses Create.
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
  const drawSeats = () => {
    form.showOffered(box, game.hidden?.(values()));
    const chosen = options();
    const before = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    seatsBox.replaceChildren(h("legend", {}, t.seats));
    for (let seat = 0; seat < game.players(chosen); seat += 1) {
      const id = `online-seat-${seat}`;
      const choices = seat === 0 ? [["you", t.you]] : [["friend", t.friend], ...bots];
      const select = h("select", { id, "data-online-seat": seat }, ...choices.map(([value, label]) => h("option", { value }, label)));
      select.value = before[seat] ?? (seat === 1 ? "friend" : choices[0][0]);
      if (!select.value) select.value = choices[0][0];
      seatsBox.append(h("p", {}, h("label", { for: id }, format(t.seat, { number: seat + 1 })), " ", select));
    }
    if (game.partners(chosen)) seatsBox.append(h("p", { class: "online-table__help" }, t.partnersOpposite));
  };
  box.addEventListener("change", drawSeats);
  drawSeats();
  const timer = h("select", { id: "online-timer", "data-online-timer-choice": "" }, ...TIMERS.map((seconds) => h("option", { value: seconds }, seconds ? format(t.seconds, { seconds }) : t.noTimer)));
  timer.value = "60";
  const name = nameInput();
  const seats = () => [...seatsBox.querySelectorAll("select")].map((select) => (select.value === "you" || select.value === "friend" ? "human" : select.value));
  const go = () => create({ options: options(), seats: seats(), timer: Number(timer.value), name: name.value });
  const createButton = button(t.create, "online-create", go, { primary: true });
  createButton.dataset.onlineCreate = "";
  return h(
    "div",
    { class: "online-table__lobby" },
    h("h2", {}, t.lobby),
    h("p", {}, t.lobbyHelp),
    box,
    seatsBox,
    h("p", {}, h("label", { for: "online-name" }, t.yourName), " ", name),
    h("p", {}, h("label", { for: "online-timer" }, t.timer), " ", timer),
    h("div", { class: "online-table__buttons" }, createButton, button(t.cancel, "online-cancel", cancel)),
  );
}

// Before taking a free seat: the name the visitor wants the others to see (or none: "Seat 2"); join(name).
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
