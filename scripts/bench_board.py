"""Benchmark the board's start in Chromium against a bare Pyodide boot, in the same run.

    scripts/build_site && .venv/bin/python scripts/bench_board.py [--rounds N] [--page play/]

Each round, in a fresh browser context (an empty cache) and then again in the
same context (warm: the browser's cache and its compiled-wasm cache):

- board: the Play page; time from the click on the start button to
  ``aria-busy="false"`` on the board (worker, Pyodide, the engine wheel, the
  engine's first answer, the page's update);
- bare: a blank page that starts a module worker which boots the same Pyodide
  files with the same lock file, and nothing else.

Both are timed inside the page, from the click event's timestamp. The goal:
the board adds no more than 15 % to the bare boot. Bytes are counted by the
server as they are sent (response headers and bodies, uncompressed; a 304 costs
only its headers). The server sends the caching headers a deployment should:
the versioned Pyodide and engine folders are immutable, pages are revalidated.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "site"
GOAL = 0.15
TIMEOUT = 180_000  # ms

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot</title>
<script type="module" src="bare.mjs"></script></head>
<body><button type="button" id="start">Boot</button></body></html>
"""

# The page side of the bare boot: one module worker, the same files and lock as the board's.
BARE_MODULE = """
window.benchResult = new Promise((resolve, reject) => {
  document.getElementById("start").addEventListener("click", (event) => {
    const started = event.timeStamp;
    const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) =>
      data.ok ? resolve({ totalMs: performance.now() - started, ...data.timings }) : reject(new Error(data.error));
    worker.onerror = (error) => reject(new Error(error.message));
    worker.postMessage({ indexURL: new URL("INDEX", location).href, lockFileURL: new URL("LOCK", location).href,
                      stdLibURL: new URL("STDLIB", location).href });
  });
});
"""

BARE_WORKER = """
self.onmessage = async ({ data: { indexURL, lockFileURL, stdLibURL } }) => {
  try {
    const started = performance.now();
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    const imported = performance.now();
    const pyodide = await loadPyodide({ indexURL, lockFileURL, stdLibURL });
    const booted = performance.now();
    pyodide.runPython("1 + 1");
    const engineMs = performance.now() - booted;
    self.postMessage({ ok: true, timings: { importMs: imported - started, pyodideMs: booted - imported, engineMs } });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) });
  }
};
"""

# On the board's page: resolves with the time from the click on start to aria-busy="false".
BOARD_TIMER = """
() => {
  const root = document.querySelector("[data-sniff-board]");
  window.benchResult = new Promise((resolve, reject) => {
    let started = null;
    document.addEventListener("click", (event) => {
      if (event.target.closest("[data-board-start]")) started = event.timeStamp;
    }, { capture: true });
    new MutationObserver(() => {
      if (root.getAttribute("aria-busy") !== "false" || started === null) return;
      const totalMs = performance.now() - started;
      if (root.dataset.state === "ready") resolve({ totalMs, ...root.boardLoader.runtime.timings });
      else reject(new Error("the board failed to start: " + root.dataset.state));
    }).observe(root, { attributes: true, attributeFilter: ["aria-busy"] });
  });
}
"""


class Traffic:
    """Bytes the server sent, request by request."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int, int]] = []  # (path, status, bytes)

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, mark: int) -> list[tuple[str, int, int]]:
        with self.lock:
            return self.sent[mark:]


class _CountingWriter:
    def __init__(self, raw) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str):
        return getattr(self.raw, name)


class _Handler(http.server.SimpleHTTPRequestHandler):
    traffic: Traffic

    extensions_map = {  # noqa: RUF012 (the standard library's own attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def handle_one_request(self) -> None:
        self.wfile.count = 0
        self.requestline = ""
        super().handle_one_request()
        if self.requestline:
            with self.traffic.lock:
                self.traffic.sent.append((self.path, getattr(self, "_status", 0), self.wfile.count))

    def send_response(self, code, message=None) -> None:
        self._status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        # What a deployment should send: the runtime's folders are versioned, so they never change.
        immutable = self.path.startswith("/assets/pyodide/")
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(directory: Path):
    traffic = Traffic()
    handler = type("Handler", (_Handler,), {"traffic": traffic})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", traffic
    finally:
        server.shutdown()
        server.server_close()


def bench_root(site: Path, workdir: Path) -> Path:
    """A copy of the built site plus the bare page, which boots the board's own Pyodide files and lock file."""
    # A copy, so a rebuild of site/ during the run changes nothing.
    shutil.copytree(site, workdir)
    bench = workdir / "__bench__"
    bench.mkdir()
    index = next((site / "assets" / "pyodide").glob("[0-9]*/pyodide.mjs")).parent
    lock = next((site / "assets" / "pyodide").glob("engine-*/pyodide-lock.json"))
    module = BARE_MODULE.replace("INDEX", f"/{index.relative_to(site).as_posix()}/")
    module = module.replace("LOCK", f"/{lock.relative_to(site).as_posix()}")
    stdlib = next((site / "assets" / "pyodide").glob("*/python_stdlib.zip"))
    module = module.replace("STDLIB", f"/{stdlib.relative_to(site).as_posix()}")
    (bench / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (bench / "bare.mjs").write_text(module, encoding="utf-8")
    (bench / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
    return workdir


def timed_start(page, url: str, kind: str, traffic: Traffic) -> tuple[dict[str, float], int, int]:
    """Load the page, start, wait: (timings in ms, bytes before the click, bytes from the click to ready).

    The timings: totalMs from the click to ready, and the worker's own importMs
    (pyodide.mjs), pyodideMs (loadPyodide; the board's includes the engine package)
    and engineMs (the board: importing the engine's API and its first answer).
    """
    loading = traffic.mark()
    page.goto(url, wait_until="networkidle")
    if kind == "board":
        page.evaluate(BOARD_TIMER)
        button = "[data-board-start]"
    else:
        page.wait_for_function("window.benchResult !== undefined")
        button = "#start"
    clicked = traffic.mark()
    page.click(button)
    timings = page.evaluate("window.benchResult")
    page.wait_for_load_state("networkidle")
    reading = sum(size for _, _, size in traffic.since(loading)[: clicked - loading])
    starting = sum(size for _, _, size in traffic.since(clicked))
    return timings, reading, starting


def runtime_sizes(site: Path) -> tuple[int, int]:
    """The runtime's size on disk, and gzip's size of it (what a compressing host would send)."""
    files = [path for path in (site / "assets" / "pyodide").rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), compresslevel=6)) for path in files)
    return raw, packed


def describe(label: str, times: list[float]) -> str:
    return (
        f"{label:<12} median {statistics.median(times):7.0f} ms   min {min(times):7.0f} ms   "
        f"max {max(times):7.0f} ms   (n={len(times)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="cold + warm starts of each kind (default 5)")
    parser.add_argument("--page", default="play/", help="the page with the board (default play/)")
    args = parser.parse_args()
    if not (SITE / args.page / "index.html").exists():
        print(f"error: {SITE / args.page} is not built: run scripts/build_site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {key: [] for key in ("board cold", "board warm", "bare cold", "bare warm")}
    sent: dict[str, list[int]] = {key: [] for key in times}
    parts: dict[str, list[dict[str, float]]] = {key: [] for key in times}
    reading_bytes: list[int] = []
    with tempfile.TemporaryDirectory(prefix="bench-board-") as workdir, sync_playwright() as playwright:
        root = bench_root(SITE, Path(workdir) / "site")
        with serve(root) as (url, traffic):
            urls = {"board": f"{url}/{args.page}", "bare": f"{url}/__bench__/bare.html"}
            for round_number in range(1, args.rounds + 1):
                # Alternate which goes first, so a slower moment of the machine hits both alike.
                for kind in ("board", "bare") if round_number % 2 else ("bare", "board"):
                    # A new profile has an empty disk cache, as on a first visit; its second start is warm.
                    context = playwright.chromium.launch_persistent_context(
                        Path(workdir) / f"profile-{round_number}-{kind}",
                        executable_path=CHROMIUM,
                        args=CHROMIUM_ARGS,
                        headless=True,
                    )
                    for temperature in ("cold", "warm"):
                        page = context.new_page()
                        timings, reading, starting = timed_start(page, urls[kind], kind, traffic)
                        page.close()
                        times[f"{kind} {temperature}"].append(timings["totalMs"])
                        parts[f"{kind} {temperature}"].append(timings)
                        sent[f"{kind} {temperature}"].append(starting)
                        if kind == "board" and temperature == "cold":
                            reading_bytes.append(reading)
                    context.close()
                done = ", ".join(f"{label} {values[-1]:.0f} ms" for label, values in times.items())
                print(f"round {round_number}/{args.rounds}: {done}", flush=True)

    raw, packed = runtime_sizes(SITE)
    print()
    print(f"Chromium, {args.rounds} rounds, page /{args.page}")
    for label, values in times.items():
        print(describe(label, values))
    print()
    print("medians in the worker: import pyodide.mjs | loadPyodide (board: + engine package) | engine API | rest")
    for label, values in parts.items():
        medians = {key: statistics.median(v[key] for v in values) for key in ("importMs", "pyodideMs", "engineMs")}
        rest = statistics.median(v["totalMs"] - v["importMs"] - v["pyodideMs"] - v["engineMs"] for v in values)
        print(
            f"{label:<12} {medians['importMs']:7.0f} ms | {medians['pyodideMs']:7.0f} ms | "
            f"{medians['engineMs']:5.0f} ms | {rest:5.0f} ms (worker start, messages, page)"
        )
    print()
    for temperature in ("cold", "warm"):
        board, bare = (times[f"{kind} {temperature}"] for kind in ("board", "bare"))
        # Each round's board and bare starts ran back to back: their ratio is steadier than the medians' ratio.
        overhead = statistics.median(b / a for b, a in zip(board, bare, strict=True)) - 1
        verdict = "met" if overhead <= GOAL else "NOT met"
        print(
            f"{temperature}: the board adds {overhead:+.1%} to the bare boot (median of the rounds' ratios; medians "
            f"{statistics.median(board):.0f} vs {statistics.median(bare):.0f} ms; goal <= {GOAL:.0%}: {verdict})"
        )
    print()
    print(f"bytes sent to read the page (before the start): {statistics.median(reading_bytes) / 1e6:.2f} MB")
    for label in times:
        print(f"bytes sent from the click to ready, {label:<10}: {statistics.median(sent[label]) / 1e6:6.2f} MB")
    print(f"the runtime on disk: {raw / 1e6:.2f} MB; gzip-compressed, as a host may send it: {packed / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
