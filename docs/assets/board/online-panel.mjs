// What the online table's panel shows around the board, for every game: while the table waits, its link and its
// seats as they fill (and Start for its creator); in play, the seats (names, bots, who is away), whose move it is
// with the time left, the pause between two deals; at the end, the record and the shuffle check. online.mjs keeps
// the table's state and draws this panel again at every change; the table itself is the game's board.

const version = new URL(import.meta.url).search;
const [{ h, button, downloadJson, format }, words, { shuffleCheck }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./online-words.mjs${version}`),
  import(`./state.mjs${version}`),
]);

const SOON = 10_000; // the countdown announced to screen readers at 10 seconds left

export class Panel {
  // online: online.mjs's table ({t, game, table, state, seats, link(), start(), say(), tell(), show()}).
  constructor(online) {
    this.online = online;
    this.ticker = null;
    this.warned = null;
  }

  seatName(seat) {
    const { t, table, seats } = this.online;
    if (seat === table?.seat) return t.you;
    const name = seats?.find((info) => info.seat === seat)?.name;
    return name ? format(t.seatNamed, { seat: format(t.seat, { number: seat + 1 }), name }) : format(t.seat, { number: seat + 1 });
  }

  render() {
    const online = this.online;
    if (!online.table) return;
    const { state, root, section, table } = online;
    const waiting = !state || state.status === "waiting";
    section.setAttribute("aria-label", online.t.lobby);
    root.dataset.onlineStatus = state?.over ? "over" : (state?.status ?? "waiting");
    root.dataset.onlineVersion = state?.version ?? 0;
    root.dataset.onlineTurn = state && state.current === table.seat && state.legal.length ? "you" : "other";
    const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = section.contains(document.activeElement);
    online.show(...(waiting ? this.waitingParts() : this.tableParts(state)));
    if (hadFocus) (section.querySelector(`[data-key="${CSS.escape(focused ?? "")}"]`) ?? section.querySelector("[data-online-move], [data-key]"))?.focus({ preventScroll: true });
    this.tick();
  }

  seatList() {
    const { t, state, seats, table } = this.online;
    const items = (seats ?? []).map((info) => {
      const text = words.seatLine(info, table.seat, t, this.seatName(info.seat));
      const current = state?.current === info.seat;
      return h(
        "li",
        { class: `online-table__seat${current ? " online-table__seat--current" : ""}`, "data-online-seat-kind": info.kind, "data-seat": info.seat },
        h("span", {}, text),
        current && !state.over ? h("span", { class: "online-table__timer", "data-online-timer": "" }) : null,
      );
    });
    return [h("h3", {}, t.seatList), h("ul", { class: "online-table__seatlist", "data-online-seats": "" }, ...items)];
  }

  waitingParts() {
    const online = this.online;
    const t = online.t;
    const parts = [
      h("h2", {}, t.lobby),
      h("p", {}, h("label", { for: "online-link" }, t.link)),
      h("p", { class: "online-table__link" }, h("input", { id: "online-link", type: "text", readonly: true, value: online.link(), "data-online-link": "" })),
      h("p", { class: "online-table__help" }, t.linkHelp),
    ];
    const copy = button(t.copy, "online-copy", async () => {
      try {
        await navigator.clipboard.writeText(online.link());
      } catch {
        online.section.querySelector("#online-link")?.select();
      }
      online.tell(t.copied);
    });
    const buttons = [copy];
    if (navigator.share) buttons.push(button(t.share, "online-share", () => navigator.share({ url: online.link() }).catch(() => {})));
    parts.push(h("div", { class: "online-table__buttons" }, ...buttons));
    parts.push(...this.seatList());
    if (online.table.creator) {
      const start = button(t.start, "online-start", () => online.start(), { primary: true });
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
    const t = this.online.t;
    if (state.over) return t.over;
    return state.current === null ? t.pause : null;
  }

  endParts(state) {
    const { t, game, table } = this.online;
    const record = state.record;
    const parts = [];
    const download = button(t.download, "online-download", () => downloadJson(record, `${game}-online-${table.id}.json`));
    download.dataset.onlineDownload = "";
    parts.push(h("div", { class: "online-table__buttons" }, download));
    const check = h("p", { class: "online-table__shuffle", "data-online-shuffle": "pending" });
    parts.push(check);
    // The hash this page was told (the creator's answer, the link's c=); without one, the record's, to compare by hand.
    const digest = table.commitment || record?.commitment;
    if (digest) parts.push(h("p", { class: "online-table__help online-table__digest" }, format(t.commitment, { digest })));
    shuffleCheck(record, table.commitment).then((verdict) => {
      check.dataset.onlineShuffle = verdict;
      check.textContent = { ok: t.shuffleOk, bad: t.shuffleBad, unknown: t.shuffleUnknown }[verdict];
    });
    return parts;
  }

  // The countdown of the seat to move, redrawn every second; announced once at 10 seconds left.
  tick() {
    const { state, table, t, section } = this.online;
    clearTimeout(this.ticker);
    const deadline = state?.deadline;
    const timer = section.querySelector("[data-online-timer]");
    if (!deadline || !timer || state.over) return;
    const left = Math.max(0, deadline - Date.now());
    timer.textContent = ` · ${format(t.left, { seconds: Math.ceil(left / 1000) })}`;
    const key = `${state.version}`;
    if (left <= SOON && left > 0 && state.current === table.seat && this.warned !== key) {
      this.warned = key;
      this.online.say(t.leftSoon);
    }
    if (left > 0) this.ticker = setTimeout(() => this.tick(), Math.min(1000, left % 1000 || 1000));
  }
}
