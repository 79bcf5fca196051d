"""Benchmark stepping through a replay on the board: a 50-hand record, every step forward, then back.

    .venv/bin/python scripts/bench_replay.py [--hands 50] [--players 4]

The record is a random-bot game of four players, cut after its first ``--hands``
hands. The board keeps the replayed game in memory and moves between steps with
apply and undo (``Replay.game_at``, ``engine.core.sessions``); the figures are the
whole walk, forward then back, in CPython: the positions alone, and the board's
``replay_view`` op (the view the page draws: the SVG, the log, the score sheet).
Goal: the walk of positions under 2 s.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.board import session
from engine.board.replays import replay_view
from engine.core import sessions
from engine.core.games import GAMES
from engine.sniff.bots import make_bot
from engine.sniff.game import Game
from engine.sniff.record import game_record


def long_record(players: int, hands: int) -> dict:
    """The first ``hands`` hands of the first seeded random-bot game that lasts that long."""
    for seed in range(10_000):
        game = Game(players, seed=seed)
        bots = [make_bot("random", random.Random(seat)) for seat in range(players)]
        while not game.is_terminal() and len(game.hands) <= hands:
            game.apply_action(bots[game.current_player].choose(game.view(game.current_player)))
        if len(game.hands) > hands:
            record = game_record(game)
            return record | {"hands": record["hands"][:hands], "winner": None}
    raise SystemExit(f"no game of {hands} hands in 10,000 seeds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    record = long_record(args.players, args.hands)
    opened = json.loads(session.handle("sniff.replay_open", json.dumps({"text": json.dumps(record)})))["result"]
    key, steps = opened["replay"], opened["steps"]
    spec = GAMES["sniff"]
    loaded = sessions.store("sniff", "replay")[key]
    walk = [*range(steps), *reversed(range(steps))]
    print(f"Python {sys.version.split()[0]}: {args.hands} hands, {steps} steps, walked forward then back")

    start = time.perf_counter()
    for step in walk:
        loaded.game_at(spec, *loaded.positions[step])
    positions = time.perf_counter() - start
    print(f"positions (apply/undo):  {positions:6.2f} s  ({positions / len(walk) * 1e6:6.1f} us a step)  goal < 2 s")

    start = time.perf_counter()
    for step in walk:
        replay_view(spec, key, step, "en")
    views = time.perf_counter() - start
    print(f"replay_view op (+ view): {views:6.2f} s  ({views / len(walk) * 1e3:6.2f} ms a step)")


if __name__ == "__main__":
    main()
