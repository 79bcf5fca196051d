// On a page with a board, Material's search index waits until the board has started: built in a worker as the page
// opens, it takes a core for a second or more, which a 2-core phone would rather give to the board's engine and
// drawing (on a warm visit, the first move came some 150 ms sooner without it, the engine's start some 500 ms).
// Loaded before Material's bundle on those pages only (overrides/main.html): the index's request (an XMLHttpRequest
// for search/search_index.json) is sent once every board on the page has been set up and none is starting
// (assets/board/client.mjs: data-state, data-booting), or at once when the visitor opens the search, or after
// HOLD_MS whatever happens (a board that never set up never costs the search).
(() => {
  const HOLD_MS = 10_000;
  const INDEX = /\/search\/search_index\.json$/;
  const boards = () => [...document.querySelectorAll("[data-board]")];
  const starting = () =>
    boards().some((root) => !root.boardController || ["loading", "restarting"].includes(root.dataset.state) || "booting" in root.dataset);
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const held = new WeakSet();
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (INDEX.test(new URL(url, document.baseURI).pathname)) held.add(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (!held.has(this)) return send.call(this, body);
    released.then(() => send.call(this, body));
  };
  const check = () => starting() || release();
  // The search opened (Material's toggle, or its field focused by a shortcut).
  document.addEventListener("change", (event) => event.target?.matches?.("[data-md-toggle=search]") && release(), true);
  document.addEventListener("focusin", (event) => event.target?.matches?.("[data-md-component=search-query]") && release());
  setTimeout(release, HOLD_MS);
  const watch = new MutationObserver(check);
  document.addEventListener("DOMContentLoaded", () => {
    watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state", "data-booting"] });
    for (const root of boards()) root.addEventListener("board-mounted", check);
    check();
  });
  released.then(() => watch.disconnect());
})();
