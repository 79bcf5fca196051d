"""The review's time on a 50-move hand (Sniff) and a 50-move round (Okey), in CPython.

    .venv/bin/python scripts/bench_review.py [--repeat 5]

Prints one JSON line: for each game, the median and the best time of a whole review (the record replayed and
checked, every remark worked out and worded, the pictures drawn) of one seat. The Sniff review includes the
strong bot's whole-hand estimate (``ESTIMATE_SAMPLES`` guesses per move). ``scripts/bench_review_pyodide.mjs``
runs this same file inside Pyodide under Node.js.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.okey.game import Game as OkeyGame  # noqa: E402
from engine.okey.record import game_record as okey_record  # noqa: E402
from engine.okey.render.review import review_json as okey_json  # noqa: E402
from engine.okey.review import review as okey_review  # noqa: E402
from engine.okey.rules import Options  # noqa: E402
from engine.sniff.bots.simple import greedy_choice  # noqa: E402
from engine.sniff.game import Game  # noqa: E402
from engine.sniff.record import game_record  # noqa: E402
from engine.sniff.render.review import review_json  # noqa: E402
from engine.sniff.review import ESTIMATE_SAMPLES, review  # noqa: E402

MOVES = 50


def sniff_record(moves: int = MOVES) -> dict:
    """A three-player game of greedy bots whose first hand has ``moves`` events, cut after that hand."""
    seed = 0
    while True:
        seed += 1
        game = Game(3, seed=seed)
        hand = game.hand
        while hand.end is None:
            game.apply_action(greedy_choice(hand.layout, hand.legal_actions()))
        if len(hand.events) == moves and game.winner is None:
            record = game_record(game)
            return record | {"hands": record["hands"][:1], "winner": None}


def okey_record_of(moves: int = MOVES) -> dict:
    """A one-round game of greedy bots with ``moves`` events."""
    import random

    from engine.okey.bots import make_bot

    seed = 0
    while True:
        seed += 1
        game = OkeyGame(Options(rounds=1), seed=seed)
        bots = [make_bot("greedy", random.Random(s)) for s in range(4)]
        while not game.is_terminal():
            seat = game.current_player
            game.apply_action(bots[seat].choose(game.view(seat)))
        if len(game.rounds[0].events) == moves:
            return okey_record(game)


def timed(call, repeat: int) -> dict:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(1000 * (time.perf_counter() - start))
    return {"median_ms": round(statistics.median(times), 1), "best_ms": round(min(times), 1), "runs": repeat}


def measure(repeat: int = 5) -> dict:
    sniff = sniff_record()
    okey = okey_record_of()
    return {
        "python": sys.version.split()[0],
        "sniff": {
            "moves": len(sniff["hands"][0]["events"]),
            "estimate_samples": ESTIMATE_SAMPLES,
            **timed(lambda: review_json(review(sniff, 0), "fi"), repeat),
        },
        "sniff_without_estimate": timed(lambda: review_json(review(sniff, 0, estimate=False), "fi"), repeat),
        "okey": {
            "moves": len(okey["rounds"][0]["events"]),
            **timed(lambda: okey_json(okey_review(okey, 0), "fi"), repeat),
        },
    }


if __name__ == "__main__":
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    print(json.dumps(measure(repeat)))
