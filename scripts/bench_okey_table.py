"""Benchmark the Okey table in Chromium: its start against a bare Pyodide boot and the Sniff board, its bytes,
and the worker's answers it waits on.

    scripts/build_site && .venv/bin/python scripts/bench_okey_table.py [--rounds 3] [--moves 200] [--arranges 200]

1. Start (the method of scripts/bench_board.py, whose server and bare page it reuses): each round, in a fresh
   browser profile (cold) and again in the same profile (warm), the time from the click on the start button to
   ``aria-busy="false"`` on the Okey table (worker, Pyodide, the engine wheel, the engine's first answer, a new
   game dealt and drawn), on the Sniff board, and for a bare Pyodide boot of the same files. Goal: the table
   within 1.15 times the bare boot.
2. Bytes: what the Okey page adds to the Sniff board's, as the server sends them (the page before the start,
   and from the click to ready), and the table's share of the engine wheel (engine/okey/board, its catalogs).
3. Moves: games through the page's own runtime (``okey.<op>``): each bot move (``okey.bot``, the strong bot)
   timed from the call to the reply, and ``okey.arrange`` with ``best`` (the
   assisted table's one-button arrangement) on the player's rack. Goals: p95 <= 300 ms and <= 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_board import BOARD_TIMER, bench_root, serve, timed_start  # noqa: E402

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "site"
GOAL_RATIO = 1.15
GOAL_BOT_MS = 300
GOAL_ARRANGE_MS = 100
TIMEOUT = 180_000

OKEY_TIMER = BOARD_TIMER.replace("[data-sniff-board]", "[data-okey-board]")

# In the page: play games until ``moves`` bot moves and ``arranges`` arrangements are timed.
PLAY = """
async ([moves, arranges]) => {
  const runtime = document.querySelector("[data-okey-board]").boardLoader.runtime;
  const bots = [], arranged = [];
  let view = null;
  while (bots.length < moves || arranged.length < arranges) {
    const game = view?.game;
    if (!view || view.phase === "gameOver") {
      view = await runtime.call("okey.new", {bots: "strong", assisted: true, rounds: 3});
    } else if (view.phase === "roundOver") view = await runtime.call("okey.next", {game});
    else if (view.phase === "you") {
      if (arranged.length < arranges) {
        const started = performance.now();
        const result = await runtime.call("okey.arrange", {game, how: "best"});
        arranged.push({ms: performance.now() - started, inside: result.ms});
      }
      const lay = view.actions.find((a) => ["melds", "pairs", "layoff", "seize"].includes(a.kind));
      view = await runtime.call("okey.act", {game, action: (lay ?? view.actions.at(-1)).action});
    } else {
      const started = performance.now();
      view = await runtime.call("okey.bot", {game});
      bots.push({ms: performance.now() - started, botMs: view.botMs});
    }
  }
  return {bots, arranged};
}
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line(label: str, values: list[float]) -> str:
    return (
        f"{label:<44} n={len(values):4d}  median {statistics.median(values):7.1f} ms  "
        f"p95 {percentile(values, 0.95):7.1f} ms  max {max(values):7.1f} ms"
    )


def timed(page, url: str, kind: str, traffic) -> tuple[dict, int, int]:
    if kind != "okey":
        return timed_start(page, url, "board" if kind == "sniff" else "bare", traffic)
    loading = traffic.mark()
    page.add_init_script("localStorage.setItem('okey-table', JSON.stringify({version: 1, settings: {pace: 'slow'}}))")
    page.goto(url, wait_until="networkidle")
    page.evaluate(OKEY_TIMER)
    clicked = traffic.mark()
    page.click("[data-board-start]")
    timings = page.evaluate("window.benchResult")
    page.wait_for_load_state("networkidle")
    reading = sum(size for _, _, size in traffic.since(loading)[: clicked - loading])
    starting = sum(size for _, _, size in traffic.since(clicked))
    return timings, reading, starting


def wheel_share(site: Path) -> tuple[int, int]:
    """The table's files in the engine wheel: (compressed bytes, whole wheel's bytes)."""
    wheel = next((site / "assets" / "pyodide").glob("engine-*/*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        mine = sum(
            info.compress_size
            for info in archive.infolist()
            if info.filename.startswith("engine/okey/board/") or "okeyplay." in info.filename
        )
    return mine, wheel.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="cold + warm starts of each kind (default 3)")
    parser.add_argument("--moves", type=int, default=200, help="bot moves to time (default 200)")
    parser.add_argument("--arranges", type=int, default=200, help="best arrangements to time (default 200)")
    args = parser.parse_args()
    if not (SITE / "okey-play" / "index.html").exists():
        print("error: site/ has no okey-play/ page: run scripts/build_site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    kinds = ("okey", "sniff", "bare")
    times = {f"{k} {t}": [] for k in kinds for t in ("cold", "warm")}
    sent = {key: [] for key in times}
    reading = {"okey": [], "sniff": []}
    with tempfile.TemporaryDirectory(prefix="bench-okey-") as workdir, sync_playwright() as playwright:
        root = bench_root(SITE, Path(workdir) / "site")
        with serve(root) as (url, traffic):
            urls = {"okey": f"{url}/okey-play/", "sniff": f"{url}/play/", "bare": f"{url}/__bench__/bare.html"}
            for number in range(1, args.rounds + 1):
                order = kinds if number % 2 else tuple(reversed(kinds))
                for kind in order:
                    context = playwright.chromium.launch_persistent_context(
                        Path(workdir) / f"profile-{number}-{kind}",
                        executable_path=CHROMIUM,
                        args=CHROMIUM_ARGS,
                        headless=True,
                    )
                    for temperature in ("cold", "warm"):
                        page = context.new_page()
                        timings, read, starting = timed(page, urls[kind], kind, traffic)
                        page.close()
                        times[f"{kind} {temperature}"].append(timings["totalMs"])
                        sent[f"{kind} {temperature}"].append(starting)
                        if temperature == "cold" and kind in reading:
                            reading[kind].append(read)
                    context.close()
                print(f"round {number}/{args.rounds}: " + ", ".join(f"{k} {v[-1]:.0f} ms" for k, v in times.items()))

            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page()
            page.add_init_script(
                "localStorage.setItem('okey-table', JSON.stringify({version: 1, settings: {pace: 'slow'}}))"
            )
            page.goto(urls["okey"])
            page.click("[data-board-start]")
            page.wait_for_selector("[data-okey-board][aria-busy=false]", timeout=TIMEOUT)
            page.set_default_timeout(0)
            played = page.evaluate(PLAY, [args.moves, args.arranges])
            browser.close()

    print()
    print(f"Chromium, {args.rounds} rounds")
    for label, values in times.items():
        print(f"{label:<11} median {statistics.median(values):7.0f} ms  min {min(values):7.0f}  max {max(values):7.0f}")
    for temperature in ("cold", "warm"):
        okey, bare, sniff = (times[f"{k} {temperature}"] for k in ("okey", "bare", "sniff"))
        ratio = statistics.median(o / b for o, b in zip(okey, bare, strict=True))
        versus = statistics.median(o / s for o, s in zip(okey, sniff, strict=True))
        verdict = "met" if ratio <= GOAL_RATIO else "NOT met"
        print(
            f"{temperature}: table ready after the click = {ratio:.2f} x the bare boot (goal <= {GOAL_RATIO}: "
            f"{verdict}); {versus:.2f} x the Sniff board"
        )
    print()
    extra_page = statistics.median(reading["okey"]) - statistics.median(reading["sniff"])
    extra_start = statistics.median(sent["okey cold"]) - statistics.median(sent["sniff cold"])
    mine, wheel = wheel_share(SITE)
    print(
        f"bytes to read the page before the start: Okey {statistics.median(reading['okey']):,.0f}, "
        f"Sniff {statistics.median(reading['sniff']):,.0f} ({extra_page:+,.0f})"
    )
    print(
        f"bytes from the click to ready (cold): Okey {statistics.median(sent['okey cold']):,.0f}, "
        f"Sniff {statistics.median(sent['sniff cold']):,.0f} ({extra_start:+,.0f})"
    )
    print(f"the table's files in the engine wheel: {mine:,} of {wheel:,} bytes (compressed)")
    print()
    bots = played["bots"]
    print("moves: strong bots")
    print(line("bot move, page to page", [m["ms"] for m in bots]))
    print(line("the bot's thinking in the worker", [m["botMs"] for m in bots]))
    print(line("best arrangement, page to page", [m["ms"] for m in played["arranged"]]))
    print(line("best arrangement, in the worker", [m["inside"] for m in played["arranged"]]))
    bot95 = percentile([m["ms"] for m in bots], 0.95)
    arrange95 = percentile([m["ms"] for m in played["arranged"]], 0.95)
    print(
        f"p95 bot move {bot95:.0f} ms (goal <= {GOAL_BOT_MS}: {'met' if bot95 <= GOAL_BOT_MS else 'NOT met'}); "
        f"p95 arrangement {arrange95:.0f} ms (goal <= {GOAL_ARRANGE_MS}: "
        f"{'met' if arrange95 <= GOAL_ARRANGE_MS else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
