"""Benchmark an online table's page converting the server's states into the board's view (``<game>.online_view``).

    .venv/bin/python scripts/bench_online_view.py [--games 2]

For whole games (Sniff, four players to the end; Okey, three rounds), every state seat 0 is sent, as the server
sends it, is converted once: the figures are the time per state with the finished parts kept replayed between
states (``engine.board.online.Pasts``: only the parts a state adds are replayed), beside the baseline, every
state replaying all the finished parts again (as before the parts were kept). In CPython; the page's Pyodide is
some three to five times slower, the ratio the same.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.board import online
from engine.board.session import call
from engine.core.games import GAMES
from engine.core.sessions import finished_record

GAMES_PLAYED = {"sniff": {"players": 4}, "okey": {"rounds": 3}}
OWN = ("events", "legal", "hand")


def states(name: str, options: dict, seed: int) -> list[dict]:
    """Seat 0's states along a whole random game, as the server sends them (spec/online-tables.md)."""
    spec = GAMES[name]
    game = spec.new_game(seed=seed, **options)
    rng = random.Random(seed)
    out = []
    while True:
        board = spec.view_json(game, 0)
        state = {
            "game": name,
            "version": len(out),
            "hand": board["hand"],
            "legal": board["legal"] if game.current_player == 0 else [],
            "events": board["events"],
            "board": {key: value for key, value in board.items() if key not in OWN},
            "options": options,
            "over": game.is_terminal(),
        }
        finished = finished_record(spec.record(game), spec.parts)
        if finished[spec.parts]:
            state["parts"] = finished
        if state["over"]:
            state["record"] = spec.record(game)
        out.append(state)
        if game.is_terminal():
            return out
        game.apply_action(rng.choice(list(game.legal_actions())))


def convert(name: str, all_states: list[dict], keep: bool) -> float:
    """Seconds to convert every state; ``keep`` False: the finished parts replayed again at every state."""
    started = time.perf_counter()
    for state in all_states:
        if not keep:
            online.pasts = online.Pasts()
        call(f"{name}.online_view", {"state": state, "lang": "en"})
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}: seat 0's every state of {args.games} whole games of each game")
    for name, options in GAMES_PLAYED.items():
        played = [states(name, options, seed) for seed in range(args.games)]
        count = sum(len(game) for game in played)
        parts = sum(len(game[-1]["record"][GAMES[name].parts]) for game in played)
        baseline = sum(convert(name, game, keep=False) for game in played)
        online.pasts = online.Pasts()
        kept = sum(convert(name, game, keep=True) for game in played)
        print(
            f"{name:5} {count:5} states, {parts:3} {GAMES[name].parts}: {kept / count * 1e3:6.2f} ms a state "
            f"(finished parts kept), baseline {baseline / count * 1e3:6.2f} ms (all replayed at every state)"
        )


if __name__ == "__main__":
    main()
