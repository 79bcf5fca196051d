// The site's service worker: the site kept in the browser, so that after one visit every page, in every language,
// and the boards against the bots work with no network. scripts/hooks/offline.py writes it to the site's root as
// sw.js, with RELEASE (a hash of everything it keeps) and PRECACHE (the pages, their styles and scripts, the
// boards' page side: no Pyodide byte) filled in. Registered by assets/javascripts/offline.js.
//
// One cache per release ("site-<release>"). A new release installs beside the old one and takes over only when no
// page of the old one is open (no skipWaiting): an open page never gets a file of another release. Its activation
// drops every other release's cache.
//
// What it answers, for GETs of the site's own files:
// - from the release's cache first, kept under its address without the query (play/?rules=classic is play/, a
//   module's ?v=<hash> is its file's), looked up by that exact address: an indexed lookup, where Cache API's
//   ignoreSearch reads every entry of the release's cache for each request (the 50 files of a board's page, on a
//   warm visit, came in 540 ms that way, in 170 ms now);
// - else from the network, and kept once fetched;
// - the boards' runtime (assets/pyodide/: Pyodide, the standard library, the engine), which a reading page never
//   asks for: online, from the browser's HTTP cache as any page would have it (immutable files: Chromium keeps the
//   code it compiled from the wasm there); a board page says which files its worker fetched ({type: "keep", urls}),
//   which are then kept here too, from that HTTP cache, for offline;
// - offline, a page it does not hold gets its language's 404 page.
// Never: the online tables (socket.io/, always the network), the Practice bank (fetched a level at a time,
// read as a stream), anything of another origin, or a ranged request.

const RELEASE = "%RELEASE%";
const PRECACHE = "%PRECACHE%";
const CACHE = `site-${RELEASE}`;
const SCOPE = new URL(self.registration.scope);
const LANGUAGES = "%LANGUAGES%";
const NEVER = ["socket.io/", "assets/practice/bank/"];
const KEPT_WHEN_USED = "assets/pyodide/";

// The release's cache, opened once for the worker's life.
let opened = null;
const release = () => (opened ??= caches.open(CACHE));

// The address a file is kept under: without its query or fragment.
function keyOf(url) {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  return key.href;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // no-cache: each file revalidated (a 304 costs its headers only), never an old release's from the HTTP cache
      cache.addAll(PRECACHE.map((path) => new Request(new URL(path, SCOPE), { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith("site-") && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "keep" && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls));
});

// The site-relative path of a URL of this site, or null for another origin's or outside the scope.
function sitePath(url) {
  const parsed = new URL(url);
  if (parsed.origin !== SCOPE.origin || !parsed.pathname.startsWith(SCOPE.pathname)) return null;
  return parsed.pathname.slice(SCOPE.pathname.length);
}

async function keep(urls) {
  const cache = await release();
  for (const url of urls) {
    if (typeof url !== "string" || !sitePath(url)?.startsWith(KEPT_WHEN_USED)) continue;
    if (await cache.match(keyOf(url))) continue;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(keyOf(url), response);
    } catch {
      // not in the HTTP cache and no network: kept the next time the board fetches it
    }
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const path = request.method === "GET" ? sitePath(request.url) : null;
  if (path === null || request.headers.has("range") || NEVER.some((prefix) => path.startsWith(prefix))) return;
  // Online, the boards' runtime comes from the browser's own cache (immutable files), where Chromium keeps the code
  // it compiled from the wasm; this cache is what they come from offline.
  if (path.startsWith(KEPT_WHEN_USED) && self.navigator.onLine) return;
  event.respondWith(answer(request, path));
});

async function answer(request, path) {
  const cache = await release();
  const key = keyOf(request.url);
  const kept = await cache.match(key);
  // A file is answered as the address it was asked by (a module's import.meta.url keeps its ?v=, so the modules it
  // imports are the ones the page preloads: scripts/hooks/board.py); a page, as kept.
  if (kept) return request.mode === "navigate" ? kept : new Response(kept.body, kept);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    if (request.mode !== "navigate") throw error;
    const language = LANGUAGES.find((lang) => path.startsWith(`${lang}/`));
    const missing = await cache.match(new URL(language ? `${language}/404.html` : "404.html", SCOPE));
    if (!missing) throw error;
    return new Response(missing.body, { status: 404, headers: missing.headers });
  }
}
