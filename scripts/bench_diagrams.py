"""Benchmark: how long the site's diagrams take to draw, and their share of the site build.

    .venv/bin/python scripts/bench_diagrams.py            # every diagram of docs/, four languages, and a site build
    .venv/bin/python scripts/bench_diagrams.py --no-build # the diagrams only

It finds every ```sniff block of every page in docs/ and draws it in each of
the site's languages exactly as the build hook does (figure, SVG of every
step, caption, legend), from the page of that language or the English page it
falls back to. The whole set is drawn several times; the figures printed are
the fastest round (the least disturbed by other work on the machine). Goal: the
whole set in under 1 s, adding less than 10% to the site build.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.i18n import LANGUAGES  # noqa: E402
from engine.sniff import DOUBLE_SIX, Layout, Placement  # noqa: E402
from engine.sniff.render.svg import render_svg  # noqa: E402

_spec = importlib.util.spec_from_file_location("diagrams_hook", ROOT / "scripts" / "hooks" / "diagrams.py")
hook = sys.modules["diagrams_hook"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)


def site_blocks(docs: Path, lang: str) -> list[tuple[str, list[str], str, int]]:
    """(page, options, body, line) of every sniff block the ``lang`` build draws."""
    blocks = []
    for page in sorted(p for p in docs.glob("*.md") if p.suffixes == [".md"]):
        localized = page.with_name(f"{page.stem}.{lang}.md")
        source = localized if lang != "en" and localized.exists() else page
        text = source.read_text(encoding="utf-8")
        for match in hook.FENCE.finditer(text):
            words = match.group("info").split()
            if words[:1] == ["sniff"]:
                line = text.count("\n", 0, match.start()) + 1
                blocks.append((source.name, words[1:], match.group("body"), line))
    return blocks


def draw_all(blocks: dict[str, list], links) -> tuple[float, list[float], int]:
    """Draw every block once; return the total, the time of each figure, and the number of SVGs."""
    times, svgs = [], 0
    for lang, items in blocks.items():
        for number, (_page, options, body, line) in enumerate(items, start=1):
            start = time.perf_counter()
            diagram = hook.read_block(options, body, line, ROOT / "diagrams")
            figure = hook.figure_html(diagram, lang, f"sniff-fig-{number}", links)
            times.append(time.perf_counter() - start)
            svgs += figure.count("<svg ")
    return sum(times), times, svgs


def full_game(seed: int = 1) -> Layout:
    """A random game's layout, placed until no tile fits (usually 20 to 28 tiles)."""
    rng = random.Random(seed)
    layout = Layout([Placement(rng.choice(DOUBLE_SIX))])
    while options := [Placement(tile, join.tile, join.side) for tile in DOUBLE_SIX for join in layout.joins_for(tile)]:
        layout.place(rng.choice(options))
    return layout


def site_build_seconds() -> float:
    with tempfile.TemporaryDirectory(prefix="bench-site-") as out:
        start = time.perf_counter()
        subprocess.run(
            [str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "--quiet", "--site-dir", out],
            cwd=ROOT,
            check=True,
            capture_output=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="draw the whole set this many times (default 5)")
    parser.add_argument("--no-build", dest="build", action="store_false", help="do not time a site build")
    args = parser.parse_args(argv)

    blocks = {lang: site_blocks(ROOT / "docs", lang) for lang in LANGUAGES}
    count = sum(len(items) for items in blocks.values())
    if not count:
        print("no ```sniff blocks in docs/")
        return 1
    links = hook.Links("play/", "glossary/")
    rounds = [draw_all(blocks, links) for _ in range(args.rounds)]
    total, times, svgs = min(rounds, key=lambda r: r[0])
    per_lang = {lang: len(items) for lang, items in blocks.items()}
    print(f"diagrams: {count} figures ({', '.join(f'{n} {lang}' for lang, n in per_lang.items())}), {svgs} SVGs")
    print(f"all diagrams, four languages: {total * 1000:.0f} ms (fastest of {args.rounds} rounds)")
    print(f"per diagram: median {statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms")

    game = full_game()
    start = time.perf_counter()
    for _ in range(20):
        render_svg(game, "en", last=True, legend=False)
    print(f"a full game's layout ({len(game)} tiles): {(time.perf_counter() - start) / 20 * 1000:.1f} ms per SVG")

    goal = "met" if total < 1.0 else "NOT met"
    print(f"goal, whole set under 1 s: {goal}")
    if args.build:
        build = site_build_seconds()
        share = total / build
        print(f"site build (mkdocs build --strict, four languages): {build:.1f} s")
        print(
            f"diagrams' share of the build: {share * 100:.1f}% (goal under 10%: {'met' if share < 0.1 else 'NOT met'})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
