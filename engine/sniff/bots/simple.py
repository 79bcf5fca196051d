"""The two baseline bots: random and greedy (both play every ruleset)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..game import Action, Play, PlayerView
from ..layout import Layout, Placement, placement_score
from ..tiles import Side, Tile


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal_actions)


def placement_points(layout: Layout, placement: Placement, counted: dict[tuple[Tile, Side], int]) -> int:
    """The points a legal ``placement`` would score, without placing it (``Layout.place`` is the rule;
    this is its arithmetic, for speed). ``counted`` maps each counted end ``(tile, side)`` to its value.

    The joined side stops counting, and the new tile's far end starts: both halves for a double, the
    outer half otherwise. Joining a line side of the Sniff changes nothing: its two halves count until
    both line sides are joined, then one half on each open branch.
    """
    tile, target, side = placement.tile, placement.target, placement.side
    if target is None:
        return placement_score(tile.pips)
    total = layout.counted_total()
    if not (side.is_line and target == layout.sniff):
        total -= counted.get((target, side), 0)
    if tile.is_double:
        total += tile.pips
    else:
        value = target.high if side is Side.HIGH else target.low
        total += tile.high if tile.low == value else tile.low
    return placement_score(total)


def counted_map(layout: Layout) -> dict[tuple[Tile, Side], int]:
    return {(end.tile, end.side): end.value for end in layout.counted_ends()}


def greedy_choice(layout: Layout, actions: Sequence[Action], points: Callable[[int], int] | None = None) -> Action:
    """The placement with the highest immediate score; ties shed the heaviest tile, then the first in order.

    ``points`` turns a count into the ruleset's points (``Ruleset.placement_points``; default: the count
    itself). Counts that score are multiples of 5, so scoring in fives (15 -> 3) ranks them the same way
    and the greedy choice is the same under both rulesets.
    """
    if len(actions) == 1 or type(actions[0]) is not Play:
        return actions[0]
    counted = counted_map(layout)
    best, best_key = actions[0], (-1, -1)
    for action in actions:
        placement = action.placement
        score = placement_points(layout, placement, counted)
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
