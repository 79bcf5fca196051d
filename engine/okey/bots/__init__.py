"""Bots for Okey. Each one chooses an action from an ``OkeyView`` alone.

    bot = make_bot("strong", random.Random(1), samples=8)
    game.apply_action(bot.choose(game.view(game.current_player)))

- ``random``: any of the view's legal actions;
- ``greedy``: opens as soon as it can with the best arrangement, lays down and
  off all it can, takes a discard only to open or complete a meld, and discards
  its least useful tile, never a penalty tile or an okey when it has a choice;
- ``strong``: greedy's lay-downs, but it weighs every safe discard against each
  tile it might draw next: before opening, the chance to open and the value
  reached; once open, how few tiles would be left (``strong``'s docstring). It
  draws no guesses, so it is deterministic; ``samples`` is taken for the callers
  that fix it (the board) and changes nothing.
"""

from __future__ import annotations

import random

from .simple import GreedyBot, RandomBot
from .strong import DEFAULT_SAMPLES, StrongBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(name: str, rng: random.Random, samples: int | None = None):
    """The bot called ``name`` (random, greedy or strong), drawing its randomness from ``rng``.

    ``samples``: the strong bot's sample count (default ``DEFAULT_SAMPLES``; kept for the callers that fix it, it
    no longer changes the bot's play).
    """
    if name not in BOTS:
        raise ValueError(f'unknown bot "{name}": use one of {", ".join(BOTS)}')
    if name == "strong":
        return StrongBot(rng, DEFAULT_SAMPLES if samples is None else samples)
    return BOTS[name](rng)


__all__ = ["BOTS", "DEFAULT_SAMPLES", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
