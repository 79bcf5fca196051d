"""Bots for Okey. Each one chooses an action from an ``OkeyView`` alone.

    bot = make_bot("strong", random.Random(1), samples=8)
    game.apply_action(bot.choose(game.view(game.current_player)))

- ``random``: any of the view's legal actions;
- ``greedy``: opens as soon as it can with the best arrangement, lays down and
  off all it can, takes a discard only to open or complete a meld, and discards
  its least useful tile, never a penalty tile or an okey when it has a choice;
- ``strong``: greedy's lay-downs, but it weighs every candidate discard (and the
  choice of taking) over samples of the hidden racks that agree with what it has
  seen (``strong``'s docstring); a fixed number of samples keeps it deterministic.
"""

from __future__ import annotations

import random

from .simple import GreedyBot, RandomBot
from .strong import DEFAULT_SAMPLES, StrongBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(name: str, rng: random.Random, samples: int | None = None):
    """The bot called ``name`` (random, greedy or strong), drawing its randomness from ``rng``.

    ``samples``: the strong bot's number of sampled deals per decision (default ``DEFAULT_SAMPLES``).
    """
    if name not in BOTS:
        raise ValueError(f'unknown bot "{name}": use one of {", ".join(BOTS)}')
    if name == "strong":
        return StrongBot(rng, DEFAULT_SAMPLES if samples is None else samples)
    return BOTS[name](rng)


__all__ = ["BOTS", "DEFAULT_SAMPLES", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
