// The site works offline after one visit: its service worker (sw.js at the site's root, written by
// scripts/hooks/offline.py) keeps the pages and the boards' files. Registered once the page has loaded, so it never
// competes with the page's own downloads; a browser without service workers (or one that refuses them) reads the
// site as before.
(() => {
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  const root = new URL("../../", script.src);
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).catch(() => {});
  });
})();
