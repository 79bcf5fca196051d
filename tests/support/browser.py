"""Playwright driving Debian's Chromium (never a downloaded browser), and what the browser tests check on every page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

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


class PageWatch:
    """Collects console errors, page errors and requests that leave 127.0.0.1."""

    def __init__(self, page) -> None:
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.outside_requests: list[str] = []
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
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
) -> Iterator:
    """A fresh visitor on ``url``, ``init_scripts`` run before each page's own and ``routes`` (a URL pattern and
    its handler) in place before the first request; at the end, no console error, no request outside 127.0.0.1
    and (``violations``) no Content-Security-Policy violation."""
    context = browser.new_context(viewport={"width": width, "height": height})
    for script in init_scripts:
        context.add_init_script(script)
    context.add_init_script(VIOLATIONS)
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


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def transitions_over(page) -> None:
    """Wait until the page's CSS transitions and animations (Material's colour transitions: 125 ms) are over,
    however slow the machine."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => "
        "Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))).then(done)))"
    )


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
    return [
        f"{rule} ({impact}): {help} at {where}"
        for rule, impact, help, where in violations
        if impact in ("serious", "critical")
    ]


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


def watch_announcements(page, name: str) -> None:
    """Keep every text of the board's live region (``data-<name>-live``) in ``window.announced``."""
    page.evaluate(
        """(live) => { window.announced = [];
          live = document.querySelector(live);
          new MutationObserver(() => window.announced.push(live.textContent))
            .observe(live, {childList: true, characterData: true, subtree: true}); }""",
        f"[data-{name}-live]",
    )
