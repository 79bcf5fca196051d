// A finished online game's replay by its link (#replay=<table>&c=<commitment>, online.mjs): the record the server
// keeps (GET /tables/<table>/record, spec/online-tables.md), its shuffle checked against the commitment the link
// carries, and the game's board replaying it move by move (replays.mjs fromLink), with its review. It works for
// anyone who opens the link later, seat or not.

const version = new URL(import.meta.url).search;
const [{ h, format }, { boardOf }] = await Promise.all([import(`./dom.mjs${version}`), import(`./controller.mjs${version}`)]);

// A finished game's replay from its link: the record fetched from the server, its shuffle checked against the
// commitment the link carries, and the board (its engine started for it) replaying it move by move.
export async function replayByLink(online, link) {
  const id = link.get("replay");
  online.openButton.hidden = true;
  online.show(h("h2", {}, online.t.replayOf), h("p", {}, online.t.replayLoading));
  let text;
  try {
    const reply = await fetch(new URL(`/tables/${encodeURIComponent(id)}/record`, location.origin), { cache: "no-store" });
    if (reply.status === 404) throw new Error(online.t.replayMissing);
    if (!reply.ok) throw new Error(online.reason({ code: reply.status === 503 ? "unavailable" : "server-error" }));
    text = await reply.text();
  } catch (error) {
    const reason = error instanceof TypeError ? online.t.needsNetwork : error.message;
    return online.show(h("h2", {}, online.t.replayOf), h("p", { role: "alert", "data-online-replay": "failed" }, format(online.t.replayFailed, { reason })));
  }
  let record = null;
  try {
    record = JSON.parse(text);
  } catch {
    // the board says what is wrong with it
  }
  online.show(h("h2", {}, online.t.replayOf), ...online.panel.shuffleParts(record, link.get("c")));
  const board = await boardOf(online.boardRoot);
  online.boardRoot.insertBefore(online.section, board.section);
  await board.replays.fromLink(text);
}
