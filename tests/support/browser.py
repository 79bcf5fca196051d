"""Playwright driving Debian's Chromium (never a downloaded browser), and what the browser tests check on every page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from tests.support.server import AXE, AXE_PATH  # noqa: F401 - for the tests: axe-core, and where the test server serves it

CHROMIUM = "/usr/bin/chromium"

# Without the background-networking flags Chromium tries to reach Google's
# hosts at every start; this machine has no network beyond the registries.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


#: What a visitor of the shared profile must not inherit from the visitor before: every kind of storage, not the
#: caches (the HTTP cache and the compiled code are no storage of the page's).
STORAGE = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,storage_buckets"
VIEWPORT = {"width": 1100, "height": 900}
#: The site's service worker (sw.js: the site kept offline) stays out of the tests' way: a page it controls is
#: answered from its cache, which a test's routes (a failing download, a tampered file) would not reach. The tests of
#: the worker itself (tests/test_offline_browser.py) ask for a context that allows it.
SERVICE_WORKERS = "block"


class Profile:
    """One Chromium profile kept for a whole test process (a persistent context), for visitors one after the other.

    A fresh context has an empty cache: each Pyodide boot in one downloads the runtime again and compiles its 10 MB
    of wasm again. The profile keeps its HTTP cache and the code Chromium compiled (the wasm, the big modules) from one
    visitor to the next, as a returning reader's browser does, while each visitor still starts with no storage:
    ``new_context`` closes the pages of the visitor before and wipes every origin's cookies, localStorage,
    IndexedDB and the rest (``STORAGE``); sessionStorage and Web Locks go with the pages. One visitor at a time
    (``busy``): a second one at once needs a context of its own (``Chromium.new_context``)."""

    def __init__(self, playwright, directory: Path) -> None:
        self.context = playwright.chromium.launch_persistent_context(
            directory,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,
            service_workers=SERVICE_WORKERS,
        )
        self.anchor = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.anchor)
        self.origins: set[str] = set()
        self.context.on("request", self._note)
        self.busy = False

    def _note(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def wipe(self) -> None:
        """Close every page but the profile's own blank one; empty every origin's storage."""
        for page in self.context.pages:
            if page != self.anchor:
                page.close()
        for origin in sorted(self.origins):
            self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
        self.context.clear_cookies()

    def new_context(self, *, viewport: dict | None = None) -> Visit:
        if self.busy:
            raise RuntimeError("the shared profile has a visitor already: use a context of its own")
        self.wipe()
        return Visit(self, viewport or VIEWPORT)

    def close(self) -> None:
        self.context.close()


class Visit:
    """One visitor of a ``Profile``: what a test does with a browser context (pages, init scripts, routes), undone
    when it closes."""

    def __init__(self, profile: Profile, viewport: dict) -> None:
        self.profile = profile
        self.viewport = viewport
        self.undo: list[Callable[[], None]] = []
        self.open = profile.busy = True
        # Every page of the visit has its viewport, a tab the page opens (page.context.new_page()) too.
        profile.context.on("page", self._size)
        self.undo.append(lambda: profile.context.remove_listener("page", self._size))

    def _size(self, page) -> None:
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)

    @property
    def pages(self) -> list:
        return [page for page in self.profile.context.pages if page != self.profile.anchor]

    def new_page(self):
        page = self.profile.context.new_page()
        self._size(page)
        return page

    def add_init_script(self, script: str) -> None:
        self.undo.append(self.profile.context.add_init_script(script).close)

    def route(self, pattern, handler) -> None:
        self.profile.context.route(pattern, handler)
        self.undo.append(lambda: self.profile.context.unroute(pattern, handler))

    def unroute(self, pattern, handler=None) -> None:
        self.profile.context.unroute(pattern, handler)

    def close(self) -> None:
        if not self.open:  # closed already (the profile may have another visitor by now)
            return
        self.open = False
        try:
            for undo in reversed(self.undo):
                undo()
            self.profile.wipe()
        finally:
            self.profile.busy = False


class Chromium:
    """The browser tests' Chromium (the session's ``browser`` fixture), launched when first needed.

    ``new_context(...)`` is Playwright's: a fresh context, with an empty cache. ``visit()`` is a visitor of the shared
    ``Profile``, whose cache outlives the visitor (a Pyodide boot takes about half the time), or a fresh context when
    the profile has a visitor already (two visitors at once)."""

    def __init__(self, playwright, profile_dir: Path) -> None:
        self.playwright = playwright
        self.profile_dir = profile_dir
        self._browser = None
        self._profile: Profile | None = None

    @property
    def browser(self):
        if self._browser is None:
            self._browser = launch(self.playwright)
        return self._browser

    @property
    def profile(self) -> Profile:
        if self._profile is None:
            self._profile = Profile(self.playwright, self.profile_dir)
        return self._profile

    def new_context(self, **options):
        return self.browser.new_context(**{"service_workers": SERVICE_WORKERS, **options})

    def visit(self, *, viewport: dict | None = None):
        if self.profile.busy:
            return self.new_context(viewport=viewport or VIEWPORT)
        return self.profile.new_context(viewport=viewport)

    def close(self) -> None:
        if self._profile is not None:
            self._profile.close()
        if self._browser is not None:
            self._browser.close()


class PageWatch:
    """Collects console errors, page errors and requests that leave 127.0.0.1."""

    def __init__(self, page) -> None:
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.outside_requests: list[str] = []
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.page_errors.append(e.stack or str(e)))  # (the stack: where it was thrown)
        # Listened to, not routed: routing every request through Playwright costs the browser about a fifth more
        # CPU per Pyodide boot. The machines that run the tests have no network to reach anyway.
        page.on("request", self._request)

    def _request(self, request) -> None:
        if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            self.outside_requests.append(request.url)

    def assert_clean(self) -> None:
        assert not self.page_errors, self.page_errors
        assert not self.console_errors, self.console_errors
        assert not self.outside_requests, self.outside_requests


#: Records every Content-Security-Policy violation of a page in ``window.violations``.
VIOLATIONS = """window.violations = []; document.addEventListener('securitypolicyviolation',
             (e) => window.violations.push(e.violatedDirective + ' ' + (e.blockedURI || e.sample)));"""


@contextmanager
def visitor_page(
    browser,
    url: str,
    *,
    init_scripts: Sequence[str] = (),
    routes: Sequence[tuple[str | re.Pattern, Callable]] = (),
    width: int = 1100,
    height: int = 900,
    violations=True,
    clock=False,
) -> Iterator:
    """A fresh visitor on ``url``, ``init_scripts`` run before each page's own and ``routes`` (a URL pattern and
    its handler) in place before the first request; at the end, no console error, no request outside 127.0.0.1
    and (``violations``) no Content-Security-Policy violation.

    ``clock``: every page of the visitor runs on Playwright's clock, which the test may then run on
    (``page.clock.run_for``, ``fast_forward``). It is installed before any page starts, never later: a timer the page
    set with the browser's own clock and cleared with the installed one runs on forever (Material's scroll watch,
    for one, then throws "executing a cancelled action" every 250 ms)."""
    viewport = {"width": width, "height": height}
    # The session's browser (tests/conftest.py): a visitor of its shared profile, unless on a clock, which no context
    # can take out again; otherwise (and a Playwright browser) a new context.
    shared = isinstance(browser, Chromium) and not clock
    context = browser.visit(viewport=viewport) if shared else browser.new_context(viewport=viewport)
    for script in init_scripts:
        context.add_init_script(script)
    context.add_init_script(VIOLATIONS)
    if clock:
        context.clock.install()
    page = context.new_page()
    watch = PageWatch(page)
    for pattern, handler in routes:
        page.route(pattern, handler)
    page.goto(url)
    try:
        yield page
        if violations:
            found = page.evaluate("window.violations")
            assert found == [], found
    finally:
        context.close()
    watch.assert_clean()


#: A page function that resolves once the page's CSS transitions and animations are over (from the next frame on).
TRANSITIONS_OVER = """() => new Promise((done) => requestAnimationFrame(() =>
  Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))).then(done)))"""


def transitions_over(page) -> None:
    """Wait until the page's CSS transitions and animations (Material's colour transitions: 125 ms) are over,
    however slow the machine."""
    page.evaluate(TRANSITIONS_OVER)


def serious(violations: Sequence[Sequence[str]]) -> list[str]:
    """axe's violations, each ``[rule, impact, help, where]``, that are serious or critical, in words."""
    return [
        f"{rule} ({impact}): {help} at {where}"
        for rule, impact, help, where in violations
        if impact in ("serious", "critical")
    ]


def axe_problems(
    page, root: str = "html", *, rules: Sequence[str] | None = None, source: str | None = None
) -> list[str]:
    """Serious or critical accessibility problems of the elements ``root`` (a selector) as they stand (axe-core):
    every rule of axe's default set, or only ``rules``. axe is added to the page once, from its file or, for a page
    whose Content-Security-Policy refuses inline scripts, from the URL ``source`` of the page's own origin."""
    # Colours are measured as they stand: not halfway through a transition, nor under the mouse of the last click.
    page.mouse.move(0, 0)
    transitions_over(page)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(url=source) if source else page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async ([root, rules]) => {
          const options = rules ? {resultTypes: ["violations"], runOnly: rules} : {resultTypes: ["violations"]};
          const result = await axe.run({include: [[root]]}, options);
          const where = (v) => v.nodes.map((n) => n.target.join(" ")).join(", ");
          return result.violations.map((v) => [v.id, v.impact, v.help, where(v)]);
        }""",
        [root, list(rules) if rules else None],
    )
    return serious(violations)


# -- a board in play: its root's data-<name>-phase and data-<name>-moves, its live region data-<name>-live -------


def settle(page, root: str, name: str, phases: Sequence[str], before: str | None = None) -> str:
    """Wait until the board ``root`` is in one of ``phases`` (its ``data-<name>-phase``), after ``before`` (its
    ``data-<name>-moves`` as they were); the new phase."""
    settled = ",".join(f"{root}[data-{name}-phase={phase}]" for phase in phases)
    if before is None:
        page.wait_for_selector(settled, timeout=60_000)
    else:
        page.wait_for_function(
            """([selector, moves, before, settled]) => {
              const root = document.querySelector(selector);
              return root.getAttribute(moves) !== before && root.matches(settled);
            }""",
            arg=[root, f"data-{name}-moves", before, settled],
            timeout=60_000,
        )
    return page.locator(root).get_attribute(f"data-{name}-phase")


def okey_rack(page) -> list[str]:
    """The Okey board's rack as the page shows it: its tiles' notations, in the visitor's order."""
    return page.locator(".okey-rack__tile").evaluate_all("(tiles) => tiles.map((tile) => tile.dataset.okeyTile)")


def watch_announcements(page, name: str) -> None:
    """Keep every text of the board's live region (``data-<name>-live``) in ``window.announced``."""
    page.evaluate(
        """(live) => { window.announced = [];
          live = document.querySelector(live);
          new MutationObserver(() => window.announced.push(live.textContent))
            .observe(live, {childList: true, characterData: true, subtree: true}); }""",
        f"[data-{name}-live]",
    )
