// The site works offline after one visit: its service worker (sw.js at the site's root, written by
// scripts/hooks/offline.py) keeps the pages and the boards' files. Registered once the page has loaded (and a board
// that is starting has started), so it never competes with the page's own downloads; a browser without service
// workers (or one that refuses them) reads the site as before.
(() => {
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  const root = new URL("../../", script.src);
  const register = () => navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).catch(() => {});
  // A board starting (its loader busy, or its engine starting as the page opens: assets/board/client.mjs) has the
  // network and the cores first: the site's offline copy is made once it is ready.
  const starting = () =>
    document.querySelector(".tile-board[data-state=loading], .tile-board[data-state=restarting], .tile-board[data-booting]");
  window.addEventListener("load", () => {
    if (!starting()) return register();
    const watch = new MutationObserver(() => {
      if (starting()) return;
      watch.disconnect();
      register();
    });
    watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state", "data-booting"] });
  });
})();
