"""Benchmark the Practice pages: the bank's build time and size, and the time to the first exercise.

    .venv/bin/python scripts/bench_practice.py --bank [--per-level 2 40] [--workers 1 2]   # what the hook adds
    scripts/build_site && .venv/bin/python scripts/bench_practice.py --page [--rounds 5]

``--bank`` makes the bank as ``scripts/hooks/practice.py`` does at the end of each
first locale's build (four languages, every kind and level) and prints the wall and CPU
time (the machine may be shared: CPU time is the steadier figure) and the bytes, plain
and gzipped, for each number of exercises per level and of processes asked. ``--page`` opens each Practice
page in a fresh Chromium context (empty cache), served from ``site/`` under the
site's CSP, and times from the navigation's start to the first exercise's Check
button in the page (``performance.now()`` in the page), beside the page's own
DOMContentLoaded (what any page of the site costs); it counts the bytes of the
practice files and fails when a Pyodide file was requested.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.i18n import LANGUAGES  # noqa: E402

LANGS = LANGUAGES


def _hook():
    spec = importlib.util.spec_from_file_location("practice_hook", ROOT / "scripts" / "hooks" / "practice.py")
    module = sys.modules["practice_hook"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_bank(per_levels: list[int], workers: list[int]) -> None:
    hook = _hook()
    for per in per_levels:
        hook.PER_LEVEL = per
        for count_workers in workers:
            start, cpu = time.perf_counter(), _cpu()
            made = hook.banks(LANGS, count_workers)
            took, cpu = time.perf_counter() - start, _cpu() - cpu
            texts = [text.encode() for files in made.values() for text in files.values()]
            count = sum(text.count(b"\n") for text in texts)
            size, packed = sum(map(len, texts)), sum(len(gzip.compress(text, 6)) for text in texts)
            print(
                f"bank, {per} per level ({per * 5} per kind and language), {count_workers} process(es): "
                f"{count} exercises in {took:.1f} s wall, {cpu:.1f} s CPU ({cpu / count * 1000:.2f} ms each); "
                f"{len(texts)} files, {size / 1e6:.1f} MB, {packed / 1e6:.1f} MB gzipped"
            )


def _cpu() -> float:
    """CPU time of this process and its finished children (the pool's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


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
    parser.add_argument("--workers", type=int, nargs="+", default=[2], help="processes that make the bank")
    parser.add_argument("--page", action="store_true", help="time the first exercise in Chromium (needs site/)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not args.bank and not args.page:
        args.bank = args.page = True
    if args.bank:
        bench_bank(args.per_level or [_hook().PER_LEVEL], args.workers)
    if args.page:
        bench_page(args.rounds)


if __name__ == "__main__":
    main()
