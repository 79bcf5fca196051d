"""Benchmark Okey: the arrangement solver, the bots' speed and strength, and Pyodide's timings.

    .venv/bin/python scripts/bench_okey.py [--racks 500] [--games 400] [--pyodide]

- ``arrange`` on random 15-tile racks with 0, 1 and 2 okeys: median and p95 (goal p95 < 10 ms in CPython);
- random-bot and greedy-bot rounds per second (four of a kind at the table);
- strength, seats rotating game by game: greedy (1 seat) against 3 random, and strong (1 seat) against 3
  greedy: the one seat's win rate with its 95% Wilson interval, and its mean score (lower is better) with a
  95% interval, against the other seats' mean;
- with ``--pyodide`` (after scripts/build_site): the same solver and the strong bot's move time in Pyodide
  under Node.js (goal: arrange p95 < 50 ms, strong move p95 < 300 ms).

Times are CPU time (``time.process_time`` here, ``process.cpuUsage`` in Node), so other work on the
machine does not count.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.okey.arrange import best_arrangement  # noqa: E402
from engine.okey.bots import make_bot  # noqa: E402
from engine.okey.game import Game  # noqa: E402
from engine.okey.rules import Options  # noqa: E402
from engine.okey.tiles import FULL_SET, TILES, Okey  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def bench_arrange(racks: int) -> None:
    rng = random.Random(1)
    for okeys in (0, 1, 2):
        times = []
        for _ in range(racks):
            okey = Okey(rng.choice(TILES[:52]))
            pool = [t for t in FULL_SET if t is not okey.tile]
            rack = rng.sample(pool, 15 - okeys) + [okey.tile] * okeys
            start = time.process_time()
            best_arrangement(rack, okey)
            times.append((time.process_time() - start) * 1000)
        print(
            f"arrange, 15 tiles, {okeys} okey{'s' if okeys != 1 else ''}: n={racks}  "
            f"median {statistics.median(times):.2f} ms  p95 {percentile(times, 0.95):.2f} ms  max {max(times):.2f} ms"
        )


def play(game: Game, bots) -> None:
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))


def bench_speed(name: str, rounds: int) -> None:
    start = time.process_time()
    for seed in range(rounds):
        game = Game(Options(), seed=seed)
        play(game, [make_bot(name, random.Random(seed * 4 + s)) for s in range(4)])
    elapsed = time.process_time() - start
    print(f"{name} bots: {rounds} rounds in {elapsed:.1f} s CPU: {rounds / elapsed:.1f} rounds/s")


def bench_moves(moves: int) -> None:
    """The strong bot's CPU time per move (every move, and the discards, where it thinks)."""
    timed, thinking = [], []
    seed = 0
    while len(timed) < moves:
        game = Game(Options(), seed=seed)
        bots = [make_bot("strong", random.Random(seed * 4 + s)) for s in range(4)]
        while not game.is_terminal() and len(timed) < moves:
            seat = game.current_player
            view = game.view(seat)
            start = time.process_time()
            action = bots[seat].choose(view)
            ms = (time.process_time() - start) * 1000
            timed.append(ms)
            if action.notation().startswith("discard"):
                thinking.append(ms)
            game.apply_action(action)
        seed += 1
    print(
        f"strong bot, {len(timed)} moves: "
        f"median {statistics.median(timed):.2f} ms  p95 {percentile(timed, 0.95):.1f} ms  max {max(timed):.1f} ms; "
        f"discards ({len(thinking)}): p95 {percentile(thinking, 0.95):.1f} ms"
    )


def bench_strength(hero: str, others: str, games: int) -> None:
    wins = 0
    hero_scores, other_scores = [], []
    start = time.process_time()
    for number in range(games):
        seat = number % 4
        game = Game(Options(), seed=10_000 + number)
        bots = [make_bot(others, random.Random(number * 4 + s)) for s in range(4)]
        bots[seat] = make_bot(hero, random.Random(number))
        play(game, bots)
        wins += seat in game.winner
        hero_scores.append(game.totals[seat])
        other_scores.extend(game.totals[s] for s in range(4) if s != seat)
    low, high = wilson(wins, games)
    mean, others_mean = statistics.mean(hero_scores), statistics.mean(other_scores)
    half = 1.96 * statistics.stdev(hero_scores) / math.sqrt(games)
    print(
        f"{hero} (1 seat) vs 3 {others}, {games} one-round games, seats rotating: "
        f"wins {wins}/{games} = {100 * wins / games:.1f}% (95% Wilson {100 * low:.1f}-{100 * high:.1f}%; "
        f"an equal seat: 25%); mean score {mean:.0f} (95% ±{half:.0f}) vs the others' {others_mean:.0f}"
        f"  [{time.process_time() - start:.0f} s CPU]"
    )


def bench_pyodide(racks: int, moves: int) -> None:
    args = ["node", str(ROOT / "scripts" / "bench_okey_pyodide.mjs"), str(racks), str(moves)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False)
    if done.returncode:
        print(f"Pyodide benchmark failed: {done.stderr.strip()[-500:]}")
        return
    report = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"Pyodide under Node (Python {report['python']}):")
    for okeys, row in report["arrange"].items():
        print(f"  arrange, 15 tiles, {okeys} okeys: median {row['median']} ms  p95 {row['p95']} ms  max {row['max']}")
    strong = report["strong"]
    print(
        f"  strong bot, {strong['moves']} moves: median {strong['median']} ms  "
        f"p95 {strong['p95']} ms  max {strong['max']} ms; discards ({strong['discards']}): "
        f"p95 {strong['discard_p95']} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--racks", type=int, default=500, help="racks per okey count (default 500)")
    parser.add_argument("--rounds", type=int, default=60, help="rounds for the speed figures (default 60)")
    parser.add_argument("--games", type=int, default=400, help="games per strength figure (default 400)")
    parser.add_argument("--pyodide", action="store_true", help="also time Pyodide under Node (build the site first)")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: arrange,speed,strength")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    if "arrange" not in skip:
        bench_arrange(args.racks)
    if "speed" not in skip:
        bench_speed("random", args.rounds)
        bench_speed("greedy", args.rounds)
        bench_moves(300)
    if "strength" not in skip:
        bench_strength("greedy", "random", args.games)
        bench_strength("strong", "greedy", args.games)
    if args.pyodide:
        bench_pyodide(min(args.racks, 300), 200)
    return 0


if __name__ == "__main__":
    sys.exit(main())
