"""The two baseline bots: random and greedy. Both choose from an ``OkeyView`` alone."""

from __future__ import annotations

import random

from ..arrange import best_arrangement, is_penalty, opening, pairs_opening
from ..game import DECLINE, DRAW, TAKE, Action, Discard, LayMelds, LayOff, LayPairs, OkeyView, Seize
from ..tiles import Tile


class RandomBot:
    """Any action of the view's legal actions, uniformly (it still draws, uses a taken tile and discards)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: OkeyView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        return self.rng.choice(view.legal_actions)


def wants_take(view: OkeyView) -> bool:
    """Greedy's rule: take the discard only when it opens, or completes a meld, with it."""
    tile = view.last_discard[1]
    rack = [*view.rack, tile]
    okey = view.okey
    state = view.opened[view.seat]
    if state is None:
        return (
            opening(rack, okey, view.threshold, taken=tile) is not None
            or pairs_opening(rack, okey, taken=tile) is not None
        )
    if state == "melds":
        return opening(rack, okey, 1, taken=tile) is not None
    return True  # a pairs opener can only use it in a new pair


def usefulness(tile: Tile, rack: list[Tile], view: OkeyView, kept: set[Tile]) -> int:
    """How much ``tile`` helps the rack: in a meld of its best arrangement, or next to tiles that could make one."""
    okey = view.okey
    if tile is okey.tile:
        return 100
    if tile in kept:
        return 50
    me = okey.identity(tile)
    score = 0
    for other in rack:
        if other is tile or other is okey.tile:
            continue
        it = okey.identity(other)
        if it.colour == me.colour and it is not me:
            gap = abs(it.number - me.number)
            if gap in (1, 12):
                score += 3
            elif gap == 2 or gap == 11:
                score += 2
        elif it.number == me.number and it.colour != me.colour:
            score += 3
        elif it is me:
            score += 1 if view.opened[view.seat] != "pairs" else 5
    return score


def least_useful(view: OkeyView, discards: list[Discard]) -> Discard:
    """The discard greedy makes: never a penalty tile or an okey when there is another choice; then the least
    useful tile, the highest number first."""
    rack = list(view.rack)
    okey = view.okey
    melds = view.melds()
    kept = set()
    if len(rack) > 1:
        for meld in best_arrangement(rack, okey).melds:
            kept.update(piece.face for piece in meld.pieces)

    def key(action: Discard) -> tuple:
        tile = action.tile
        return (
            is_penalty(tile, melds, okey) and len(rack) > 1,
            tile is okey.tile and len(rack) > 1,
            usefulness(tile, rack, view, kept),
            -okey.value(tile),
            tile.code,
        )

    return min(discards, key=key)


class GreedyBot:
    """Opens as soon as it can with the best arrangement (melds, else pairs), lays down and lays off all it can
    (keeping its okeys), seizes okeys, takes a discard only to open or complete a meld, and discards the least
    useful tile, never a penalty tile or an okey when it has another choice."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, view: OkeyView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if view.phase == "draw":
            if TAKE in actions and wants_take(view):
                return TAKE
            return DRAW if DRAW in actions else (TAKE if TAKE in actions else DECLINE)
        return greedy_play(view, actions)


def greedy_play(view: OkeyView, actions) -> Action:
    """Greedy's play phase: lay down (the best arrangement, or the pairs), seize, lay off real tiles (an okey
    only when two tiles are left), then discard the least useful tile."""
    for action in actions:
        if type(action) is LayMelds or type(action) is LayPairs:
            return action
    for action in actions:
        if type(action) is Seize:
            return action
    for action in actions:
        if type(action) is LayOff and (not action.piece.wild or len(view.rack) <= 2):
            return action
    discards = [a for a in actions if type(a) is Discard]
    if not discards:
        return actions[0]
    if len(view.rack) == 1:
        return discards[0]
    return least_useful(view, discards)
