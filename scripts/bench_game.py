"""Benchmark the game engine: random-bot games per second, and records written and replayed per second.

    .venv/bin/python scripts/bench_game.py [--seconds 5] [--seed 1] [--rules american|classic] [--partnerships]
                                           [--baseline REV|none]

First, random-bot two-player games per second of this tree and, in the same run, of the commit
before the engine was reshaped for several games (``bench_baseline.py``), with the records of the
same seeds compared byte for byte. Then this tree's own figures for 2, 3 and 4 players.

Random bots choose through the players' views (``Game.view`` -> ``RandomBot.choose``), as any bot does;
the figures are the rules code's speed: hands, turns, drawing, scoring, deductions. Rates are per second
of CPU time of this process (on a busy machine the wall clock says more about the other processes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_baseline

from engine.sniff.bots import RandomBot
from engine.sniff.game import Game
from engine.sniff.record import dumps, game_record, replay
from engine.sniff.rules import RULESETS, Ruleset, ruleset_named


def play_for(
    players: int, seconds: float, rng: random.Random, ruleset: Ruleset
) -> tuple[int, int, int, float, list[dict]]:
    """Play random-bot games for about ``seconds``: (games, hands, actions, elapsed, a few records)."""
    games = hands = actions = 0
    records = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game(players, rng, ruleset=ruleset)
        bots = [RandomBot(random.Random(rng.getrandbits(32))) for _ in range(players)]
        while not game.is_terminal():
            seat = game.current_player
            game.apply_action(bots[seat].choose(game.view(seat)))
            actions += 1
        games += 1
        hands += len(game.hands)
        if len(records) < 200:
            records.append(game_record(game))
    return games, hands, actions, time.process_time() - start, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per number of players (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", choices=tuple(RULESETS), default="american", help="the ruleset (default american)")
    parser.add_argument("--partnerships", action="store_true", help="classic Sniff: four players as partnerships")
    parser.add_argument(
        "--baseline",
        default=bench_baseline.BASELINE,
        help=f"compare with this earlier commit first, same run (default {bench_baseline.BASELINE}; 'none' skips)",
    )
    args = parser.parse_args()
    if args.baseline != "none":
        result = bench_baseline.compare(args.baseline)
        print(f"Against {args.baseline} (scripts/bench_baseline.py, best of 3 alternating runs, CPU time):")
        print("\n".join(bench_baseline.report(result, args.baseline)[:2]))
    rng = random.Random(args.seed)
    ruleset = ruleset_named(args.rules)
    four = ruleset_named(args.rules, True) if args.partnerships else ruleset
    python = sys.version.split()[0]
    print(f"Python {python}, {ruleset.name}, random bots through the player views, {args.seconds:g} CPU s each")
    for players in (2, 3, 4):
        games, hands, actions, elapsed, records = play_for(
            players, args.seconds, rng, four if players == 4 else ruleset
        )
        print(
            f"{players} players: {games / elapsed:7.1f} games/s  {hands / elapsed:8.1f} hands/s  "
            f"{actions / elapsed:9,.0f} actions/s  ({hands / games:.1f} hands per game, {games} games)"
        )
        texts = [dumps(record) for record in records]
        start = time.process_time()
        for text in texts:
            replay(json.loads(text))
        elapsed = time.process_time() - start
        print(f"           replay: {len(texts) / elapsed:7.1f} games/s (JSON parsed and every event checked)")


if __name__ == "__main__":
    main()
