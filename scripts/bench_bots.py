"""Benchmark the bots: the strong bot's milliseconds per move, and strength over many two-player games.

    .venv/bin/python scripts/bench_bots.py timing [--budget-ms 200] [--games 4] [--rules american|classic]
    .venv/bin/python scripts/bench_bots.py rollouts [--baseline REV] [--moves 40] [--repeat 3]
    .venv/bin/python scripts/bench_bots.py strength [--games 2000] [--budget-ms 200 | --samples N]
                                                    [--pairs strong:greedy,greedy:random] [--jobs 1]
                                                    [--rules american|classic]

``timing`` plays the strong bot against greedy and measures the wall time (and the CPU time) of each
of its moves that needed a choice (a single legal action is played at once, without search). ``strength`` plays every
pair with the seats alternated (the first bot sits at seat 0 in even games, seat 1 in odd ones; each
game has its own seed) and prints the first bot's share of wins with a 95% Wilson confidence interval.
The strong bot's budget is wall-clock time, so on a busy machine it searches less than on an idle
one; ``--samples`` fixes the number of guesses per move instead, which doesn't depend on the load.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_baseline

from engine.sniff.bots import make_bot
from engine.sniff.bots.strong import StrongBot
from engine.sniff.game import Game
from engine.sniff.rules import RULESETS


def bot(name: str, seed: int, budget_ms: float, samples: int | None):
    if name == "strong":
        return StrongBot(random.Random(seed), budget_ms=budget_ms, samples=samples)
    return make_bot(name, random.Random(seed))


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of wins."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def timing(args: argparse.Namespace) -> None:
    times, cpu, guesses, moves = [], [], [], 0
    for number in range(args.games):
        game = Game(2, seed=10_000 + number, ruleset=RULESETS[args.rules])
        seat = number % 2
        bots = {seat: bot("strong", number, args.budget_ms, None), 1 - seat: bot("greedy", number, 0, None)}
        while not game.is_terminal():
            mover = game.current_player
            view = game.view(mover)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[mover].choose(view)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            if mover == seat:
                moves += 1
                if len(view.legal_actions) > 1:
                    times.append(elapsed * 1000)
                    cpu.append(elapsed_cpu * 1000)
                    guesses.append(bots[mover].last_samples)
            game.apply_action(action)
    times.sort()
    p95 = percentile(times, 0.95)
    python = sys.version.split()[0]
    rules = RULESETS[args.rules].name
    print(f"{rules}: strong bot, budget {args.budget_ms:g} ms, {args.games} games against greedy, Python {python}")
    print(f"moves with a choice: {len(times)} of {moves}; the others (one legal action) take no search")
    print(
        f"ms per move with a choice: mean {statistics.fmean(times):.1f}, median {statistics.median(times):.1f}, "
        f"p95 {p95:.1f}, max {times[-1]:.1f}"
    )
    cpu.sort()
    print(f"CPU ms per move with a choice: mean {statistics.fmean(cpu):.1f}, p95 {percentile(cpu, 0.95):.1f}")
    print(f"guesses per move: mean {statistics.fmean(guesses):.1f}, min {min(guesses)}, max {max(guesses)}")


def play_games(task: tuple) -> tuple[int, int, float]:
    """Play games ``numbers`` of one pairing; return (first bot's wins, games, first bot's mean margin)."""
    first, second, numbers, seed, budget_ms, samples, rules = task
    wins, margin = 0, 0
    for number in numbers:
        game = Game(2, seed=seed * 1_000_003 + number, ruleset=RULESETS[rules])
        seat = number % 2
        bots = {
            seat: bot(first, 2 * number, budget_ms, samples),
            1 - seat: bot(second, 2 * number + 1, budget_ms, samples),
        }
        while not game.is_terminal():
            mover = game.current_player
            game.apply_action(bots[mover].choose(game.view(mover)))
        wins += game.winner == seat
        margin += game.scores[seat] - game.scores[1 - seat]
    return wins, len(numbers), margin


def strength(args: argparse.Namespace) -> None:
    search = f"{args.samples} guesses per move" if args.samples else f"budget {args.budget_ms:g} ms per move"
    rules = RULESETS[args.rules].name
    print(f"{rules}: {args.games} two-player games per pair, seats alternated, strong bot {search}, {args.jobs} job(s)")
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        start = time.perf_counter()
        chunks = [range(i, args.games, args.jobs * 8) for i in range(args.jobs * 8)]
        tasks = [(first, second, list(chunk), args.seed, args.budget_ms, args.samples, args.rules) for chunk in chunks]
        wins = games = margin = 0
        with Pool(args.jobs) as pool:
            for w, g, m in pool.imap_unordered(play_games, tasks):
                wins, games, margin = wins + w, games + g, margin + m
                print(f"  {first} vs {second}: {wins}/{games} so far", file=sys.stderr, flush=True)
        low, high = wilson(wins, games)
        elapsed = time.perf_counter() - start
        print(
            f"{first} vs {second}: {first} wins {wins} of {games} = {100 * wins / games:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), mean final margin {margin / games:+.1f}, "
            f"{elapsed:.0f} s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="part", required=True)
    timed = sub.add_parser("timing", help="the strong bot's ms per move")
    timed.add_argument("--budget-ms", type=float, default=200.0)
    timed.add_argument("--games", type=int, default=4)
    timed.add_argument("--rules", choices=tuple(RULESETS), default="american", help="the ruleset (default american)")
    strong = sub.add_parser("strength", help="win shares over many games, with 95%% confidence intervals")
    strong.add_argument("--games", type=int, default=2000)
    strong.add_argument("--budget-ms", type=float, default=200.0)
    strong.add_argument("--samples", type=int, default=None, help="fixed guesses per move instead of a time budget")
    strong.add_argument("--pairs", default="strong:greedy,greedy:random")
    strong.add_argument("--seed", type=int, default=1)
    strong.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    strong.add_argument("--rules", choices=tuple(RULESETS), default="american", help="the ruleset (default american)")
    rollouts = sub.add_parser("rollouts", help="roll-outs per second, against an earlier commit in the same run")
    rollouts.add_argument("--baseline", default=bench_baseline.BASELINE, help="the earlier commit")
    rollouts.add_argument("--moves", type=int, default=40, help="strong-bot moves timed per run (default 40)")
    rollouts.add_argument("--repeat", type=int, default=3, help="runs of each tree, the best counts (default 3)")
    args = parser.parse_args()
    if args.part == "rollouts":
        result = bench_baseline.compare(args.baseline, moves=args.moves, repeat=args.repeat)
        print(bench_baseline.report(result, args.baseline)[-1])
    else:
        timing(args) if args.part == "timing" else strength(args)


if __name__ == "__main__":
    main()
