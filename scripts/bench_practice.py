"""Benchmark the Practice pages: the bank's build time and size, and the time to the first exercise.

    .venv/bin/python scripts/bench_practice.py --bank [--per-level 2 4]   # what the hook adds to the build
    scripts/build_site && .venv/bin/python scripts/bench_practice.py --page [--rounds 5]

``--bank`` makes the bank as ``scripts/hooks/practice.py`` does at the end of each
locale's build (four languages, every kind and level) and prints the time and the
bytes, for each number of exercises per level asked. ``--page`` opens each Practice
page in a fresh Chromium context (empty cache), served from ``site/`` under the
site's CSP, and times from the navigation's start to the first exercise's Check
button in the page (``performance.now()`` in the page), beside the page's own
DOMContentLoaded (what any page of the site costs); it counts the bytes of the
practice files and fails when a Pyodide file was requested.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LANGS = ("en", "id", "it", "fi")


def _hook():
    spec = importlib.util.spec_from_file_location("practice_hook", ROOT / "scripts" / "hooks" / "practice.py")
    module = sys.modules["practice_hook"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_bank(per_levels: list[int]) -> None:
    hook = _hook()
    for per in per_levels:
        hook.PER_LEVEL = per
        start, size, count = time.perf_counter(), 0, 0
        for lang in LANGS:
            for game, (practice, _render, kinds) in hook.GAMES.items():
                for kind, rules in kinds:
                    for level in range(practice.LEVELS):
                        exercises = hook.bank(game, kind, rules, lang, level)
                        count += len(exercises)
                        size += len(json.dumps(exercises, ensure_ascii=False, separators=(",", ":")).encode())
        took = time.perf_counter() - start
        print(
            f"bank, {per} per level ({per * 5} per kind and language): {count} exercises in {took:.1f} s "
            f"({took / count * 1000:.1f} ms each), {size / 1e6:.1f} MB"
        )


def bench_page(rounds: int) -> None:
    from playwright.sync_api import sync_playwright

    from tests.support.browser import launch
    from tests.support.server import CSP, serve

    with serve(ROOT / "site", {"Content-Security-Policy": CSP}) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        for path in ("/practice/", "/fi/okey-practice/"):
            times, sizes, loaded = [], [], []
            for _ in range(rounds):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                requests = []
                page.on("requestfinished", lambda r, requests=requests: requests.append(r))
                page.goto(url + path)
                page.wait_for_selector("[data-practice][aria-busy=false] [data-practice-check]")
                times.append(page.evaluate("() => performance.now()"))
                loaded.append(
                    page.evaluate("() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
                )
                practice = [r for r in requests if "/assets/practice/" in r.url]
                sizes.append(sum(r.sizes()["responseBodySize"] for r in practice))
                pyodide = [r.url for r in requests if "pyodide" in r.url]
                assert not pyodide, pyodide
                context.close()
            print(
                f"{path}: first exercise at {statistics.median(times):.0f} ms (median of {rounds}, cold cache, "
                f"max {max(times):.0f}; the page's DOMContentLoaded at {statistics.median(loaded):.0f} ms), "
                f"practice files {statistics.median(sizes) / 1000:.0f} kB, no Pyodide byte"
            )
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bank", action="store_true", help="time the bank the hook writes")
    parser.add_argument(
        "--per-level", type=int, nargs="+", default=None, help="exercises per level (default: the hook's)"
    )
    parser.add_argument("--page", action="store_true", help="time the first exercise in Chromium (needs site/)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not args.bank and not args.page:
        args.bank = args.page = True
    if args.bank:
        bench_bank(args.per_level or [_hook().PER_LEVEL])
    if args.page:
        bench_page(args.rounds)


if __name__ == "__main__":
    main()
