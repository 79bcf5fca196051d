"""The boards' start, the bytes of a first game and the Practice pages' first exercise, against a bare Pyodide boot.

    scripts/build_site && .venv/bin/python scripts/bench_start.py [--rounds 3] [--practice-rounds 3]

The regression guard of the boards' start (issue 37): one run prints every figure beside its baseline. The site is
served by the server's own static handler (``server.static.StaticSite``, what ``python -m server`` serves: its
compression by ``Accept-Encoding``, its caching headers), on a copy of ``site/``, with the bytes it sends counted
(headers and bodies as sent, compressed when they are). Each round, in a fresh Chromium profile (an empty cache, no
service worker: a first visit) and then again in the same profile (a warm second visit, with what the first left:
the HTTP cache, the compiled wasm, the service worker's caches), for the Sniff board (``/play/``), the Okey table
(``/okey-play/``) and a bare Pyodide page (``loadPyodide`` + ``runPython("1 + 1")`` in a module worker, on the same
Pyodide files, booting as soon as its module runs):

- navigation -> first move possible: from the navigation's start to the visitor's turn on the board
  (``data-play-phase``/``data-okey-phase`` = ``you``), New game pressed as soon as the page allows it (the moment
  the loader, ``client.mjs``, holds the board), the bots at the instant pace; for the bare page, to its
  ``runPython`` done. On a second visit the board draws the game its worker dealt ahead during the first
  (``prepared.mjs``) before Python has booted; beside it, navigation -> the engine holds the game (the loader's
  ``data-state`` = ``ready``: the worker took the game up, and a move made before is played then);
- ready vs bare (the boards' own figure, fresh contexts): from the press of New game to ``aria-busy="false"``,
  against the bare page's boot from the start of its worker; the median of the rounds' ratios (each round's three
  starts run back to back, in an order that turns each round); beside it, the worker's own split of its boot
  (``worker.mjs``: pyodide.mjs imported, Pyodide booted with the engine in place, the engine's API imported);
- bytes of a first game: what the server sent from the navigation until the first move was possible and the
  network was quiet, in the fresh profile, less the site's offline copy that the service worker makes meanwhile
  (its requests revalidate: ``Cache-Control: max-age=0``), which is printed beside it; a warm visit's bytes too;
- the Practice pages (``/practice/``, ``/fi/okey-practice/``): from the navigation to the first exercise's Check
  button, fresh profile, with the bytes sent and no Pyodide byte.

Goals (issue 37): a board ready within 1.15 x a bare boot in fresh contexts; at most 6 MB for a first game; the
first move within 0.5 x a bare boot on a warm visit.
Timings on a machine others share are noisy: the medians of several rounds, with their extremes, are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "site"
GOAL_READY = 1.15
GOAL_BYTES = 6_000_000
GOAL_WARM = 0.5
TIMEOUT = 180_000  # ms
BOARDS = {"sniff": "/play/", "okey": "/okey-play/"}
PRACTICE = ("/practice/", "/fi/okey-practice/")

#: The parts of the worker's boot it reports (worker.mjs): pyodide.mjs imported, Pyodide booted with the engine in
#: place, the engine's API imported.
BOOT_PARTS = ("importMs", "pyodideMs", "engineMs")

#: The bots at the instant pace: the first move possible is the start's, not the bots' pace.
SETTINGS = """
localStorage.setItem("sniff-board:settings", JSON.stringify({version: 1, pace: "instant"}));
localStorage.setItem("okey-table", JSON.stringify({version: 1, settings: {pace: "instant"}}));
"""

#: In every page of the run: press the board's New game as soon as the loader holds the board, and note when
#: (performance.now(), from the navigation's start) it was pressed, when the board was ready and when the visitor's
#: first move was possible.
WATCH = """
(() => {
  const marks = (window.__bench = {});
  const tick = () => {
    const root = document.querySelector("[data-sniff-board], [data-okey-board]");
    // (a build before the loader was game-neutral, measured with --site, calls it sniffBoard)
    if ((root?.boardLoader ?? root?.sniffBoard) && marks.press === undefined) {
      marks.press = performance.now();
      root.querySelector("[data-board-start]").click();
    }
    if (root && marks.press !== undefined) {
      if (marks.ready === undefined && root.getAttribute("aria-busy") === "false") {
        marks.ready = performance.now();
        marks.state = root.dataset.state;
        marks.boot = root.boardLoader?.runtime?.timings ?? null; // the worker's own split (worker.mjs boot)
      }
      const phase = root.dataset.playPhase ?? root.dataset.okeyPhase;
      if (marks.move === undefined && phase === "you") marks.move = performance.now();
      if (marks.engine === undefined && root.dataset.state === "ready") marks.engine = performance.now();
    }
    if ((marks.move === undefined || marks.engine === undefined) && marks.state !== "failed") setTimeout(tick, 4);
  };
  tick();
})();
"""

#: The list of saved games emptied after a visit: the next visit starts a new game, as the first did (the game dealt
#: ahead for it, ``<game>-board:next``, stays).
FORGET_SAVES = "for (const k of Object.keys(localStorage)) if (k.endsWith(':saves')) localStorage.removeItem(k)"
#: Whether the board has kept a game dealt ahead for the next visit.
PREPARED = "Object.keys(localStorage).some((k) => k.endsWith('-board:next'))"
#: Whether the board deals the next game ahead (a build that does names its release).
DEALS_AHEAD = "Boolean(document.querySelector('[data-board-release]'))"
#: How long a visit waits for the game dealt ahead before it is closed (the worker deals it once the game runs).
PREPARED_WAIT = 30

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot</title>
<script type="module" src="bare.mjs"></script></head><body><p>Bare Pyodide boot</p></body></html>
"""

# The bare boot: one module worker booting the site's Pyodide files with the site's lock, and nothing else.
BARE_MODULE = """
const started = performance.now();
const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
window.benchResult = new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) =>
    data.ok ? resolve({ started, done: performance.now(), ...data.timings }) : reject(new Error(data.error));
  worker.onerror = (error) => reject(new Error(error.message));
});
worker.postMessage({ indexURL: new URL("INDEX", location).href, lockFileURL: new URL("LOCK", location).href,
                      stdLibURL: new URL("STDLIB", location).href });
"""

BARE_WORKER = """
self.onmessage = async ({ data: { indexURL, lockFileURL, stdLibURL } }) => {
  try {
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL, lockFileURL, stdLibURL });
    pyodide.runPython("1 + 1");
    self.postMessage({ ok: true, timings: {} });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) });
  }
};
"""


class Counting:
    """An ASGI app that passes every request to ``app`` and notes the bytes sent back (status line, headers, body)."""

    def __init__(self, app) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int, int, bool]] = []  # (path, status, bytes, the service worker's offline copy)

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, mark: int, copy: bool = False) -> int:
        """Bytes sent since ``mark``: for pages and their workers, or (``copy``) for the offline copy."""
        with self.lock:
            return sum(size for _, _, size, offline in self.sent[mark:] if offline == copy)

    def paths(self, mark: int) -> list[str]:
        with self.lock:
            return [path for path, _, _, _ in self.sent[mark:]]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        counted = {"status": 0, "bytes": 0}

        async def counting(message) -> None:
            if message["type"] == "http.response.start":
                counted["status"] = message["status"]
                counted["bytes"] += 17 + sum(len(name) + len(value) + 4 for name, value in message["headers"]) + 2
            elif message["type"] == "http.response.body":
                counted["bytes"] += len(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, counting)
        # The service worker's offline copy revalidates (its cache: "no-cache" is sent as max-age=0), from no page.
        headers = dict(scope.get("headers", []))
        copy = headers.get(b"cache-control") == b"max-age=0" and headers.get(b"sec-fetch-dest") == b"empty"
        with self.lock:
            self.sent.append((scope["path"], counted["status"], counted["bytes"], copy))


@contextmanager
def serve(directory: Path):
    """``server.static.StaticSite`` on ``directory``, on a free port of 127.0.0.1, under uvicorn in a thread."""
    import uvicorn

    from server.static import StaticSite

    app = Counting(StaticSite(directory))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", app
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def bench_root(site: Path, workdir: Path) -> Path:
    """A copy of the built site (a rebuild during the run changes nothing) with the bare page in ``__bench__/``."""
    shutil.copytree(site, workdir)
    bench = workdir / "__bench__"
    bench.mkdir()
    index = next((site / "assets" / "pyodide").glob("[0-9]*/pyodide.mjs")).parent
    lock = next((site / "assets" / "pyodide").glob("engine-*/pyodide-lock.json"))
    module = BARE_MODULE.replace("INDEX", f"/{index.relative_to(site).as_posix()}/")
    module = module.replace("LOCK", f"/{lock.relative_to(site).as_posix()}")
    # The site's standard library: its own folder (stdlib-<hash>), or Pyodide's (a site built before it had one).
    stdlib = next((site / "assets" / "pyodide").glob("*/python_stdlib.zip"))
    module = module.replace("STDLIB", f"/{stdlib.relative_to(site).as_posix()}")
    (bench / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (bench / "bare.mjs").write_text(module, encoding="utf-8")
    (bench / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
    return workdir


def quiet(traffic: Counting, seconds: float = 0.5, limit: float = 30) -> None:
    """Wait until the server sent nothing for ``seconds`` (the service worker's caching after a page's load)."""
    end = time.monotonic() + limit
    count = traffic.mark()
    while time.monotonic() < end:
        time.sleep(seconds)
        if traffic.mark() == count:
            return
        count = traffic.mark()


def visit(context, url: str, kind: str, traffic: Counting) -> dict:
    """One visit: the marks (ms from the navigation's start) and the bytes sent until the network was quiet."""
    mark = traffic.mark()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    if kind == "bare":
        result = page.evaluate("window.benchResult")
        marks = {"press": result["started"], "ready": result["done"], "move": result["done"], "engine": result["done"]}
    else:
        marks = poll(page, "window.__bench", lambda m: ("move" in m and "engine" in m) or m.get("state") == "failed")
        if marks.get("state") == "failed":
            raise RuntimeError(f"{url}: the board did not start ({marks})")
        # (a build from before the game dealt ahead, measured with --site, has no release to deal it for)
        if page.evaluate(DEALS_AHEAD):
            try:
                poll(page, PREPARED, bool, PREPARED_WAIT)
            except TimeoutError:
                print(f"  ({url}: no game dealt ahead after {PREPARED_WAIT} s: the next visit waits for the engine)")
        # The next visit is a new game, not this one continued: the browser keeps no save in its list.
        page.evaluate(FORGET_SAVES)
    quiet(traffic)
    page.close()
    paths = traffic.paths(mark)
    pyodide = sum("/assets/pyodide/" in p for p in paths)
    return {**marks, "bytes": traffic.since(mark), "copy": traffic.since(mark, copy=True), "pyodide": pyodide}


def poll(page, expression: str, done, limit: float = TIMEOUT / 1000):
    """Evaluate ``expression`` until ``done`` says yes (the site's CSP refuses Playwright's string predicates)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        value = page.evaluate(expression)
        if done(value):
            return value
        time.sleep(0.05)
    raise TimeoutError(f"{page.url}: {expression} never came to what was awaited")


def practice_visit(context, url: str, traffic: Counting) -> dict:
    mark = traffic.mark()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    page.wait_for_selector("[data-practice][aria-busy=false] [data-practice-check]")
    first = page.evaluate("performance.now()")
    quiet(traffic)
    page.close()
    paths = traffic.paths(mark)
    pyodide = sum("/assets/pyodide/" in p for p in paths)
    return {"first": first, "bytes": traffic.since(mark), "copy": traffic.since(mark, copy=True), "pyodide": pyodide}


def new_profile(playwright, directory: Path, service_workers: str = "allow"):
    return playwright.chromium.launch_persistent_context(
        directory,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 1100, "height": 900},
        service_workers=service_workers,
    )


def spread(values: list[float], unit: str = "ms", scale: float = 1) -> str:
    values = [v / scale for v in values]
    digits = 0 if unit == "ms" else 2
    low, high = min(values), max(values)
    return f"{statistics.median(values):8.{digits}f} {unit} (min {low:.{digits}f}, max {high:.{digits}f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="fresh + warm visits of each kind (default 3)")
    parser.add_argument("--practice-rounds", type=int, default=3, help="fresh visits of each Practice page")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default site/)")
    parser.add_argument(
        "--no-service-worker", action="store_true", help="visits with the site's service worker blocked (a comparison)"
    )
    args = parser.parse_args()
    if not all((args.site / path.strip("/") / "index.html").exists() for path in (*BOARDS.values(), *PRACTICE)):
        print("error: site/ is not built (or lacks a board or Practice page): run scripts/build_site", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    kinds = ("sniff", "okey", "bare")
    runs: dict[str, list[dict]] = {f"{kind} {visit_}": [] for kind in kinds for visit_ in ("fresh", "warm")}
    practice: dict[str, list[dict]] = {path: [] for path in PRACTICE}
    with tempfile.TemporaryDirectory(prefix="bench-start-") as workdir, sync_playwright() as playwright:
        root = bench_root(args.site, Path(workdir) / "site")
        with serve(root) as (url, traffic):
            urls = {**{kind: url + path for kind, path in BOARDS.items()}, "bare": f"{url}/__bench__/"}
            for number in range(1, args.rounds + 1):
                order = kinds[number % 3 :] + kinds[: number % 3]  # each kind first in turn
                for kind in order:
                    blocked = "block" if args.no_service_worker else "allow"
                    context = new_profile(playwright, Path(workdir) / f"profile-{number}-{kind}", blocked)
                    context.add_init_script(SETTINGS + WATCH)
                    for visit_ in ("fresh", "warm"):
                        runs[f"{kind} {visit_}"].append(visit(context, urls[kind], kind, traffic))
                    context.close()
                print(
                    f"round {number}/{args.rounds}: "
                    + ", ".join(f"{key} {values[-1]['move']:.0f} ms" for key, values in runs.items()),
                    flush=True,
                )
            for number in range(args.practice_rounds):
                for path in PRACTICE:
                    context = new_profile(playwright, Path(workdir) / f"practice-{number}-{path.strip('/')}")
                    practice[path].append(practice_visit(context, url + path, traffic))
                    context.close()

    print()
    print(f"Chromium, {args.rounds} rounds, served by server.static.StaticSite; ms from the navigation's start")
    print("navigation -> first move possible (bare: -> runPython done), New game pressed as soon as the page allows")
    for key, values in runs.items():
        print(f"  {key:<12} {spread([v['move'] for v in values])}")
    print("navigation -> the engine holds the game (a move made before it is played then; bare: -> runPython done)")
    for key, values in runs.items():
        print(f"  {key:<12} {spread([v['engine'] for v in values])}")
    print()
    warm_bare = [v["move"] for v in runs["bare warm"]]
    for kind in BOARDS:
        engine = statistics.median(v["engine"] / b for v, b in zip(runs[f"{kind} warm"], warm_bare, strict=True))
        ahead = sum(v["move"] < v["engine"] for v in runs[f"{kind} warm"])
        print(
            f"{kind}: warm, the game dealt ahead drawn before the engine ran in {ahead} of {len(warm_bare)} visits; "
            f"the engine holds it at {engine:.2f} x the bare boot"
        )
    for kind in BOARDS:
        warm = statistics.median(v["move"] / b for v, b in zip(runs[f"{kind} warm"], warm_bare, strict=True))
        fresh = statistics.median(
            (v["ready"] - v["press"]) / (b["ready"] - b["press"])
            for v, b in zip(runs[f"{kind} fresh"], runs["bare fresh"], strict=True)
        )
        print(
            f"{kind}: warm first move = {warm:.2f} x the bare boot (goal <= {GOAL_WARM}: "
            f"{'met' if warm <= GOAL_WARM else 'NOT met'}); ready after New game, fresh = {fresh:.2f} x the bare "
            f"boot (goal <= {GOAL_READY}: {'met' if fresh <= GOAL_READY else 'NOT met'})"
        )
    print()
    print("press -> ready (the boards' own figure; bare: the worker's start -> runPython done)")
    for key, values in runs.items():
        print(f"  {key:<12} {spread([v['ready'] - v['press'] for v in values])}")
    print(
        "  the boot in the worker, fresh (worker.mjs: pyodide.mjs imported, Pyodide with the engine, its API imported)"
    )
    for kind in BOARDS:
        boots = [v["boot"] for v in runs[f"{kind} fresh"] if v.get("boot")]
        if boots:
            print(
                f"  {kind + ' fresh':<12} "
                + ", ".join(f"{name} {statistics.median(b[name] for b in boots):.0f} ms" for name in BOOT_PARTS)
            )
    print()
    print("bytes sent by the server (headers and bodies, as sent); beside them, the site's offline copy made meanwhile")
    for key, values in runs.items():
        first = key.endswith("fresh") and not key.startswith("bare")
        goal = f"   goal <= {GOAL_BYTES / 1e6:.0f} MB: " if first else ""
        if first:
            goal += "met" if statistics.median(v["bytes"] for v in values) <= GOAL_BYTES else "NOT met"
        copy = statistics.median(v["copy"] for v in values) / 1e6
        print(f"  {key:<12} {spread([v['bytes'] for v in values], 'MB', 1e6)} + {copy:.2f} MB offline copy{goal}")
    print()
    print("Practice pages, fresh profile: navigation -> the first exercise's Check button")
    for path, values in ((p, v) for p, v in practice.items() if v):
        pyodide = max(v["pyodide"] for v in values)
        print(
            f"  {path:<20} {spread([v['first'] for v in values])}; "
            f"{spread([v['bytes'] for v in values], 'MB', 1e6)} sent "
            f"(+ {statistics.median(v['copy'] for v in values) / 1e6:.2f} MB offline copy); "
            + ("no Pyodide byte" if not pyodide else f"{pyodide} Pyodide requests (NOT met)")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
