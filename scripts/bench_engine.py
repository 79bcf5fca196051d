"""Benchmark the layout engine: placements per second while building random legal
layouts, with every query (legal joins, counted values, score) after every placement.

    .venv/bin/python scripts/bench_engine.py [--layouts N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.sniff import DOUBLE_SIX, Layout, Placement


def build(rng: random.Random) -> int:
    """Build one random legal layout (as far as it goes, up to 28 tiles); return its placements."""
    layout = Layout()
    remaining = list(DOUBLE_SIX)
    rng.shuffle(remaining)
    layout.place(Placement(remaining.pop()))
    layout.legal_joins(), layout.counted_ends(), layout.score()
    while remaining:
        # The first tile of the shuffled rest that fits, on a random one of its places.
        tile = next((t for t in remaining if layout.can_place(t)), None)
        if tile is None:
            break
        join = rng.choice(layout.joins_for(tile))
        layout.place(Placement(tile, join.tile, join.side))
        remaining.remove(tile)
        layout.legal_joins(), layout.counted_ends(), layout.score()
    return len(layout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rates = []
    for round_number in range(args.rounds):
        rng = random.Random(args.seed + round_number)
        start = time.perf_counter()
        placements = sum(build(rng) for _ in range(args.layouts))
        elapsed = time.perf_counter() - start
        rates.append(placements / elapsed)
        print(f"round {round_number + 1}: {placements} placements in {elapsed:.2f} s = {rates[-1]:,.0f} placements/s")
    print(f"median: {statistics.median(rates):,.0f} placements/s (Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
