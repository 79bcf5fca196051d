"""Bots for Okey. Each one chooses an action from an ``OkeyView`` alone.

    bot = make_bot("strong", random.Random(1))
    game.apply_action(bot.choose(game.view(game.current_player)))

- ``random``: any of the view's legal actions;
- ``greedy``: opens as soon as it can with the best arrangement, lays down and
  off all it can, takes a discard only to open or complete a meld, and discards
  its least useful tile, never a penalty tile or an okey when it has a choice;
- ``strong``: greedy's lay-downs, but it weighs every safe discard against each
  tile it might draw next (``strong``'s docstring); it uses no random numbers.
"""

from __future__ import annotations

import random

from .simple import GreedyBot, RandomBot
from .strong import StrongBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(name: str, rng: random.Random):
    """The bot called ``name`` (random, greedy or strong), drawing its randomness (if any) from ``rng``."""
    if name not in BOTS:
        raise ValueError(f'unknown bot "{name}": use one of {", ".join(BOTS)}')
    return BOTS[name](rng)


__all__ = ["BOTS", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
