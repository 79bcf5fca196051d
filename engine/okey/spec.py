"""Okey behind the engine's one game interface (``engine.core.games``).

The record module and the bots are imported by the first call that needs them (as in Sniff's spec).
"""

from __future__ import annotations

import random

from ..core.games import GameSpec, Option, lazy
from .game import SEATS, Game
from .rules import Options

OPTIONS = (
    Option("mode", ("solo", "pairs"), "solo", "each seat alone, or two partnerships (seats 0 + 2 and 1 + 3)"),
    Option("doubling", (True, False), True, "each meld opening after the first must beat the last one"),
    Option("rounds", (1, 3), 1, "the rounds of a game"),
)


def new_game(seed: int, options: dict) -> Game:
    return Game(Options(**options), seed=seed)


def view_json(game: Game, seat: int) -> dict:
    """``game.view(seat)`` as JSON values: the seat's rack, the table, the discards and the counts, the events
    as the seat saw them (another seat's drawn tile is null) and its legal actions in notation."""
    return {"game": "okey"} | game.view(seat).as_json()


def _bot(level: str, seat: int, rng: random.Random):
    from .bots import make_bot

    return make_bot(level, rng)


SPEC = GameSpec(
    name="okey",
    options=OPTIONS,
    bot_levels=("random", "greedy", "strong"),
    board="engine.okey.board.session",
    _new_game=new_game,
    _record=lazy(__package__ + ".record", "game_record"),
    _replay=lazy(__package__ + ".record", "replay"),
    _restore=lazy(__package__ + ".record", "restore"),
    _make_bot=_bot,
    _view_json=view_json,
    _players=lambda options: SEATS,
)
