"""Benchmark a bot's move in the board's worker (Pyodide in Chromium): p95 goal 300 ms.

    scripts/build_site && .venv/bin/python scripts/bench_board_moves.py [--moves 300] [--bots strong]

Starts the board on the Play page (served from a copy of the built site on
127.0.0.1), then plays four-player games through the page's own runtime: the
player's seat takes its first legal move, the three bots move with ``play_bot``
(engine/board/play.py) at the given strength (the strong bot with the board's fixed samples). Each bot move is
timed in the page from the call to the reply (the worker's whole turn: the bot's
search, the move, and the new view of the game with its SVG), and in the worker
(the bot's own thinking, ``botMs``). Moves with a single legal action need no
thought; they are counted but reported apart.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import launch  # noqa: E402
from tests.support.server import serve  # noqa: E402

SITE = ROOT / "site"
GOAL_MS = 300
TIMEOUT = 180_000  # ms

# In the page: play until ``moves`` bot moves are timed; each one's round trip and thinking time.
PLAY = """
async ([moves, bots]) => {
  const runtime = document.querySelector("[data-sniff-board]").boardLoader.runtime;
  const timed = [];
  let view = null;
  while (timed.length < moves) {
    const game = view?.game;
    const settings = {players: 4, bots};
    if (!view || view.phase === "gameOver") view = await runtime.call("sniff.new", settings);
    else if (view.phase === "handOver") view = await runtime.call("sniff.next", {game});
    else if (view.phase === "you") view = await runtime.call("sniff.act", {game, action: view.actions[0].action});
    else {
      const started = performance.now();
      view = await runtime.call("sniff.bot", {game: view.game});
      timed.push({ms: performance.now() - started, botMs: view.botMs});
    }
  }
  return timed;
}
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def describe(label: str, values: list[float]) -> str:
    return (
        f"{label:<38} n={len(values):4d}  median {statistics.median(values):6.1f} ms  "
        f"p95 {percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=300, help="bot moves to time (default 300)")
    parser.add_argument("--bots", default="strong", choices=("random", "greedy", "strong"))
    args = parser.parse_args()
    if not (SITE / "play" / "index.html").exists():
        print("error: site/ is not built: run scripts/build_site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-moves-") as workdir, sync_playwright() as playwright:
        copy = Path(workdir) / "site"
        shutil.copytree(SITE, copy)  # a rebuild of site/ during the run changes nothing
        with serve(copy) as url:
            browser = launch(playwright)
            page = browser.new_page()
            # The board's own game waits for the player at once (no pause), so only this script's calls run.
            page.add_init_script(
                "localStorage.setItem('sniff-board:settings', "
                "JSON.stringify({players: 2, bots: 'greedy', pace: 'instant'}))"
            )
            page.goto(f"{url}/play/")
            page.click("[data-board-start]")
            page.wait_for_selector("[data-sniff-board][data-play-phase=you]", timeout=TIMEOUT)
            page.set_default_timeout(0)
            timed = page.evaluate(PLAY, [args.moves, args.bots])
            version = page.evaluate("document.querySelector('[data-sniff-board]').boardLoader.runtime.version")
            browser.close()

    thinking = [move for move in timed if move["botMs"] >= 1]
    from engine.sniff.bots import FIXED_SAMPLES

    budget = f"{FIXED_SAMPLES} guesses per move"
    print(f"Chromium, Pyodide (Python {version['python']}), four-player games, {args.bots} bots, budget {budget}")
    print(describe("bot move, page to page", [m["ms"] for m in timed]))
    print(describe("bot move with a choice, page to page", [m["ms"] for m in thinking]))
    print(describe("the bot's thinking in the worker", [m["botMs"] for m in thinking]))
    p95 = percentile([m["ms"] for m in timed], 0.95)
    verdict = "met" if p95 <= GOAL_MS else "NOT met"
    print(f"p95 of a bot move in the worker: {p95:.0f} ms (goal <= {GOAL_MS} ms: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
