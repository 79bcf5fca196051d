"""The two baseline bots: random and greedy (both play every ruleset)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ...core.fastrandom import below
from ..game import Action, Play, PlayerView
from ..layout import Layout, placement_score


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        return actions[below(self.rng, len(actions))]  # rng.choice(actions), faster


def greedy_choice(layout: Layout, actions: Sequence[Action], points: Callable[[int], int] | None = None) -> Action:
    """The placement with the highest immediate score; ties shed the heaviest tile, then the first in order.

    ``points`` turns a count into the ruleset's points (``Ruleset.placement_points``; default: the count
    itself). Counts that score are multiples of 5, so scoring in fives (15 -> 3) ranks them the same way
    and the greedy choice is the same under both rulesets.
    """
    if len(actions) == 1 or type(actions[0]) is not Play:
        return actions[0]
    best, best_key = actions[0], (-1, -1)
    for action in actions:
        placement = action.placement
        score = placement_score(layout.total_after(placement))
        key = (score if points is None else points(score), placement.tile.pips)
        if key > best_key:
            best, best_key = action, key
    return best


class GreedyBot:
    """The highest immediate placement score, with deterministic tie-breaks (the heaviest tile first)."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return greedy_choice(view.layout, view.legal_actions, view.ruleset.placement_points)
