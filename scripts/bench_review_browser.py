"""The review's time in the real browser worker: "Review my moves" on a 50-move hand (Sniff) and round (Okey).

    scripts/build_site && .venv/bin/python scripts/bench_review_browser.py [--repeat 5] [--game sniff|okey]

Opens the Play page (and the Play Okey page) of the built site in Chromium, starts the board (one Pyodide boot per
game), and asks the board's own runtime for the review op (``sniff.review`` / ``okey.review``: the record replayed
and checked, every remark worked out and worded, its pictures drawn, the Sniff estimate included) of the same
50-move records as ``scripts/bench_review.py``, timed in the page from the call to the reply (the worker's
messages included). Prints, per game, the first call (it imports the review's modules) and the median and best of
the next ones, in ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_review import MOVES, okey_record_of, sniff_record  # noqa: E402

from engine.board.text import loader_text  # noqa: E402
from tests.support.browser import launch  # noqa: E402
from tests.support.server import serve  # noqa: E402

SITE = ROOT / "site"
TIMEOUT = 180_000
PAGES = {
    "sniff": ("/play/", "[data-sniff-board]", "boardController"),
    "okey": ("/okey-play/", "[data-okey-board]", "boardController"),
}

TIMED = """async ([root, property, op, record, repeat]) => {
  const runtime = document.querySelector(root)[property].runtime;
  const times = [];
  let remarks = 0;
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    const reply = await runtime.call(op, { record, seat: 0, lang: "en" });
    times.push(performance.now() - start);
    remarks = reply.remarks.length;
  }
  return { times, remarks };
}"""


def measure(browser, url: str, game: str, record: dict, repeat: int) -> dict:
    path, root, property = PAGES[game]
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    page.goto(url + path)
    page.get_by_role("button", name=loader_text("en")["start"], exact=True).click()
    page.wait_for_selector(f"{root}[aria-busy=false][data-state=ready]", timeout=TIMEOUT)
    page.wait_for_function(f"() => document.querySelector('{root}').{property}?.runtime", timeout=TIMEOUT)
    found = page.evaluate(TIMED, [root, property, f"{game}.review", record, repeat + 1])
    page.context.close()
    first, *rest = found["times"]
    return {
        "moves": MOVES,
        "remarks": found["remarks"],
        "first_ms": round(first, 1),
        "median_ms": round(statistics.median(rest), 1),
        "best_ms": round(min(rest), 1),
        "runs": len(rest),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed calls after the first (default 5)")
    parser.add_argument("--game", choices=sorted(PAGES), action="append", help="one game only (default both)")
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        parser.error("site/ is not built: run scripts/build_site first")
    records = {"sniff": sniff_record, "okey": okey_record_of}
    from playwright.sync_api import sync_playwright

    results = {}
    with serve(SITE) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for game in args.game or ["sniff", "okey"]:
                results[game] = measure(browser, url, game, records[game](), args.repeat)
                print(f"{game}: {json.dumps(results[game])}", file=sys.stderr)
        finally:
            browser.close()
    print(json.dumps({"review_in_the_browser_worker": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
