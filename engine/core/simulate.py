"""The simulation loop of ``python -m engine simulate``: bots play games of any registered game.

Everything it knows of a game comes from the game's spec (``engine.core.games.GameSpec``): the
seats, a new game from a seed, a bot per seat choosing from that seat's view, the record and the
game's own tally of the run. The seeds follow from the run's seed alone, the same for every game:
one ``random.Random(seed)`` draws each game's seed (53 bits), then each seat's bot's seed (64 bits).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def play(game: Any, bots: Sequence) -> Any:
    """Play ``game`` to its end, each seat's bot choosing from that seat's view; the game."""
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    return game


def seated(bots: Sequence[str], number: int, rotate: bool) -> list[str]:
    """The bots of game ``number`` (0 = the first) by seat: ``bots`` as given, or turned one seat
    clockwise after each game when ``rotate``."""
    players = len(bots)
    shift = number % players if rotate else 0
    return [bots[(seat - shift) % players] for seat in range(players)]


def simulate(
    spec: Any,
    games: int,
    seed: int,
    options: Mapping[str, object],
    bots: Sequence[str],
    *,
    rotate: bool = False,
    budget_ms: float | None = None,
    on_record: Callable[[dict], None] | None = None,
) -> tuple[Any, float]:
    """Play ``games`` games of ``spec``'s game with ``options`` between ``bots`` (one level per seat).

    Returns the game's tally of the run (``spec.tally``: ``lines(seconds)`` is its summary) and the
    seconds the games took; each game's record goes to ``on_record``. ``budget_ms`` is the strong bot's
    time per move, for a game whose strong bot searches by time (``spec.bot_budget_ms``).
    """
    options = spec.check_options(options)
    if len(bots) != spec.players(options):
        raise ValueError(f"{len(bots)} bots for {spec.players(options)} seats")
    master = random.Random(seed)
    tally = spec.tally(options, list(bots), rotate)
    start = time.perf_counter()
    for number in range(games):
        names = seated(bots, number, rotate)
        game = spec.new_game(seed=master.getrandbits(53), **options)
        players = [
            spec.make_bot(name, seat, random.Random(master.getrandbits(64)), budget_ms=budget_ms)
            for seat, name in enumerate(names)
        ]
        play(game, players)
        tally.add(game, names)
        if on_record is not None:
            on_record(spec.record(game))
    return tally, time.perf_counter() - start
