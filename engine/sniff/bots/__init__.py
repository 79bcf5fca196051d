"""Bots for Sniff, American and classic. Each one chooses an action from a ``PlayerView`` alone
(and the ruleset it names).

    bot = make_bot("strong", random.Random(1), budget_ms=200)
    action = bot.choose(game.view(game.current_player))
    game.apply_action(action)

- ``random``: any legal action;
- ``greedy``: the highest immediate placement score (in fives in classic Sniff); ties shed the heaviest tile;
- ``strong``: samples the unseen tiles consistently with what it saw (draws and
  passes show what a player lacks) and rolls every candidate out to the end of
  the hand, within a time budget per move.
"""

from __future__ import annotations

import random
from typing import Protocol

from ...core.errors import EngineError
from ..game import Action, PlayerView
from .simple import GreedyBot, RandomBot
from .strong import DEFAULT_BUDGET_MS, StrongBot


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""


class UnknownBotError(EngineError):
    code = "unknown-bot"


BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

#: The strong bot's guesses per move where its moves must not depend on the machine's speed (the board, the
#: online tables): about 200 ms per move in Pyodide (scripts/bench_board_moves.py).
FIXED_SAMPLES = 24


def make_bot(name: str, rng: random.Random, budget_ms: float | None = None, samples: int | None = None) -> Bot:
    """The bot called ``name`` (random, greedy or strong), drawing its randomness from ``rng``.

    ``budget_ms`` is the strong bot's time per move (default 200 ms); ``samples`` instead fixes its
    guesses per move, so its moves do not depend on the machine's speed. The others ignore both.
    """
    if name not in BOTS:
        raise UnknownBotError(f'unknown bot "{name}": use one of {", ".join(BOTS)}')
    if name == "strong":
        return StrongBot(rng, DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, samples=samples)
    return BOTS[name](rng)


__all__ = ["BOTS", "FIXED_SAMPLES", "Bot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
