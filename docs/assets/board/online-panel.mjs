// What the online table's panel shows around the board, for every game: while the table waits, its link and its
// seats as they fill (and Start for its creator); in play, the seats (names, bots, who is away, a phrase one just
// said), how many watch, whose move it is with the time left, the pause between two deals; a spectator's note, and
// the free seat a visitor watching may take; at the end, the record, the shuffle check, the replay's link and one
// more game. online.mjs keeps the table's state and draws this panel again at every change; the table itself is the
// game's board.

const version = new URL(import.meta.url).search;
const [{ h, button, downloadJson, format }, words, lobby, { shuffleCheck }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./online-words.mjs${version}`),
  import(`./online-lobby.mjs${version}`),
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
    return words.seatName(seats?.find((info) => info.seat === seat) ?? { seat }, t);
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
    const active = document.activeElement;
    const focused = active?.closest?.("[data-key]")?.dataset.key;
    const hadFocus = online.content.contains(active);
    online.show(...(waiting ? this.waitingParts() : this.tableParts(state)));
    if (hadFocus && !active.isConnected) (section.querySelector(`[data-key="${CSS.escape(focused ?? "")}"]`) ?? section.querySelector("[data-online-move], [data-key]"))?.focus({ preventScroll: true });
    else if (hadFocus && document.activeElement !== active) active.focus({ preventScroll: true }); // a kept field (the name being typed)
    this.tick();
  }

  seatList() {
    const { t, state, seats, table } = this.online;
    const phrases = this.online.phrases;
    const items = (seats ?? []).map((info) => {
      const text = words.seatLine(info, table.seat, t, this.seatName(info.seat));
      const current = state?.current === info.seat;
      const said = phrases.saidBy(info.seat);
      return h(
        "li",
        { class: `online-table__seat${current ? " online-table__seat--current" : ""}`, "data-online-seat-kind": info.kind, "data-seat": info.seat },
        h("span", {}, text),
        current && !state.over ? h("span", { class: "online-table__timer", "data-online-timer": "" }) : null,
        said ? h("span", { class: "online-table__said", "data-online-said-by": info.seat }, said) : null,
      );
    });
    const parts = [h("h3", {}, t.seatList), h("ul", { class: "online-table__seatlist", "data-online-seats": "" }, ...items)];
    const watching = words.watchersText(this.online.info?.watchers, t);
    const crowd = phrases.saidBy("spectator");
    if (watching || crowd)
      parts.push(h("p", { class: "online-table__watchers", "data-online-watchers": this.online.info?.watchers ?? 0 }, watching ?? "", crowd ? h("span", { class: "online-table__said" }, words.fill(t.said, { name: t.spectator, phrase: crowd })) : null));
    return parts;
  }

  // A visitor watching a table with a free seat: the name to sit under, and Take a seat.
  joinParts() {
    const online = this.online;
    const offer = online.joinOffered;
    if (!offer || !online.table?.watching) return [];
    // One form while the offer lasts, moved from drawing to drawing: a name half typed stays as it is.
    if (this.joinFor !== offer) {
      this.joinFor = offer;
      this.joinForm = lobby.joinForm(online.t, (name) => online.join(offer.id, offer.invite, name, offer.commitment));
    }
    return [this.joinForm];
  }

  // A spectator's note: watching, nothing hidden shown.
  watchParts() {
    const { t, table } = this.online;
    return table?.watching ? [h("p", { class: "online-table__help", "data-online-watching": "" }, t.watching)] : [];
  }

  waitingParts() {
    const online = this.online;
    const t = online.t;
    if (online.table.watching) return [...this.joinParts(), h("h2", {}, t.lobby), ...this.watchParts(), ...this.seatList(), h("p", {}, t.waitCreator)];
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
      online.tell(t.copied, 5000);
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
    const parts = [...this.joinParts(), ...this.watchParts(), ...this.seatList()];
    const status = this.statusLine(state);
    if (status) parts.push(h("p", { class: "online-table__status", "data-online-status": "" }, status));
    if (state.over) parts.push(...this.endParts(state));
    return parts;
  }

  // The pause between two deals and the game's end; whose turn it is, the board says (and the seat list marks).
  statusLine(state) {
    const t = this.online.t;
    if (state.over) return null; // the board says how the game ended
    return state.current === null ? t.pause : null;
  }

  // The end: one more game (a seat's rematch; a spectator watches the next one once the players made it), the
  // replay's link, the record, the shuffle check.
  endParts(state) {
    const online = this.online;
    const { t, game, table, info } = online;
    const record = state.record;
    const parts = [];
    const buttons = [];
    if (!table.watching || info?.next) {
      const again = button(table.watching ? t.watchNext : t.rematch, "online-rematch", () => online.rematch(), { primary: Boolean(info?.next) });
      again.dataset.onlineRematch = info?.next ? "offered" : "";
      buttons.push(again);
    }
    const download = button(t.download, "online-download", () => downloadJson(record, `${game}-online-${table.id}.json`));
    download.dataset.onlineDownload = "";
    buttons.push(download);
    if (info?.next && !table.watching) parts.push(h("p", { class: "online-table__offer", "data-online-offer": "" }, t.rematchOffered));
    parts.push(h("div", { class: "online-table__buttons" }, ...buttons));
    if (!table.watching) parts.push(h("p", { class: "online-table__help" }, t.rematchHelp));
    const replay = online.replayLink();
    parts.push(h("p", { class: "online-table__replay" }, h("a", { href: replay, "data-online-replay-link": "" }, t.replayLink)), h("p", { class: "online-table__help" }, t.replayHelp));
    parts.push(...this.shuffleParts(record, table.commitment));
    return parts;
  }

  // The shuffle check of a finished game's record against the commitment announced when its table was created.
  shuffleParts(record, announced) {
    const t = this.online.t;
    const check = h("p", { class: "online-table__shuffle", "data-online-shuffle": "pending" });
    const parts = [check];
    // The hash this page was told (the creator's answer, the link's c=); without one, the record's, to compare by hand.
    const digest = announced || record?.commitment;
    if (digest) parts.push(h("p", { class: "online-table__help online-table__digest" }, format(t.commitment, { digest })));
    shuffleCheck(record, announced).then((verdict) => {
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
