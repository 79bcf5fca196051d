"""The strong bot: greedy's lay-downs, with discards chosen by sampling what it cannot see.

Greedy discards by a fixed rule of thumb. The strong bot ranks the same safe
candidates (never a penalty tile or an okey while it has another choice) and
then looks at samples of the hidden tiles, the 106 less everything its view
shows (its rack, the table, the discards still lying, the indicator):

- Before it opens, for each of the three least useful candidates it draws
  ``samples`` guesses of its next two tiles (the same guesses for every
  candidate) and keeps the rack with which the most guesses would let it open
  (then the highest opening value, capped at the threshold). Opening early is
  what pays: a seat that has not opened when the round ends pays 500 or 1000.
- Once open, it guesses the next seat's rack ``samples`` times and avoids the
  candidate that seat could most often use (to open, to complete a meld or a
  pair): a taken discard costs its value × 10 and helps an opponent.
- Once open, it also takes the previous seat's discard whenever it can use it,
  lays a tile off on an opponent's meld rather than its own (the owner pays),
  and, when nothing else goes down, lays off an okey where it costs an
  opponent the most instead of holding it (an okey left in a rack costs 500).

For a given ``random.Random`` and sample count the bot is deterministic (the
board uses a fixed count); it sees only its view.
"""

from __future__ import annotations

import random
from collections import Counter

from ..arrange import best_arrangement, is_penalty, opening, pairs_opening
from ..game import TAKE, Action, Discard, LayOff, OkeyView
from ..tiles import FULL_SET, Tile
from .simple import GreedyBot, usefulness

DEFAULT_SAMPLES = 8
CANDIDATES = 3
DANGER_WEIGHT = 0.5


def unseen_tiles(view: OkeyView) -> list[Tile]:
    """The tiles this seat cannot see anywhere (in the other racks or in the pile), sorted."""
    seen = Counter(view.rack)
    for item in view.table:
        seen.update(piece.face for piece in item.meld.pieces)
    for pile in view.discards:
        seen.update(pile)
    seen[view.indicator] += 1
    left = Counter(FULL_SET)
    left.subtract(seen)
    return sorted((+left).elements())


class StrongBot(GreedyBot):
    """Greedy, with sampled discards (see the module's docstring); ``samples`` guesses per decision."""

    name = "strong"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"the strong bot needs at least one sample, not {samples!r}")
        super().__init__(rng)
        self.rng = rng
        self.samples = samples

    def choose(self, view: OkeyView) -> Action:
        if view.phase == "draw" and TAKE in view.legal_actions and view.opened[view.seat] is not None:
            return TAKE
        action = super().choose(view)
        if view.phase == "play" and view.opened[view.seat] == "melds":
            better = self.layoff_choice(view, action)
            if better is not None:
                return better
        if type(action) is not Discard or len(view.rack) <= 2:
            return action
        candidates = self.candidates(view)
        if len(candidates) <= 1:
            return action
        if view.opened[view.seat] is None:
            return self.opening_discard(view, candidates)
        return self.safe_discard(view, candidates)

    def layoff_choice(self, view: OkeyView, action: Action) -> Action | None:
        """Lay off on an opponent's meld rather than one's own (the owner pays), and once nothing else goes down,
        lay off an okey where it costs an opponent the most instead of holding it (500 if the round ends)."""
        options = view.options
        seat = view.seat
        layoffs = [a for a in view.legal_actions if type(a) is LayOff]
        if type(action) is LayOff and not action.piece.wild:
            same = [a for a in layoffs if a.piece.face is action.piece.face]
            return max(same, key=lambda a: (options.opponents(seat, view.table[a.to].owner), -a.to))
        if type(action) is Discard and len(view.rack) > 2:
            wild = [a for a in layoffs if a.piece.wild]
            if wild:
                return max(
                    wild,
                    key=lambda a: (options.opponents(seat, view.table[a.to].owner), a.piece.number, -a.to),
                )
        return None

    def candidates(self, view: OkeyView) -> list[Discard]:
        """The safe discards, the least useful first (near-melds of high tiles count more before opening)."""
        okey = view.okey
        rack = list(view.rack)
        melds = view.melds()
        safe = [
            a
            for a in view.legal_actions
            if type(a) is Discard and a.tile is not okey.tile and not is_penalty(a.tile, melds, okey)
        ]
        kept: set[Tile] = set()
        for meld in best_arrangement(rack, okey).melds:
            kept.update(piece.face for piece in meld.pieces)
        weight = view.opened[view.seat] is None

        def key(action: Discard) -> tuple:
            tile = action.tile
            use = usefulness(tile, rack, view, kept)
            if weight:
                return (use * (1 + okey.value(tile) / 13), tile.code)
            return (use, -okey.value(tile), tile.code)

        return sorted(safe, key=key)[:CANDIDATES]

    def opening_discard(self, view: OkeyView, candidates: list[Discard]) -> Discard:
        okey = view.okey
        rack = list(view.rack)
        pool = unseen_tiles(view)
        if not pool:
            return candidates[0]
        draws = [self.rng.sample(pool, 2) for _ in range(self.samples)]
        best, best_key = candidates[0], None
        for rank, action in enumerate(candidates):
            rest = list(rack)
            rest.remove(action.tile)
            opens = total = 0
            for pair in draws:
                after = [*rest, *pair]
                if any(after.count(tile) > 2 for tile in pair):
                    continue
                found = opening(after, okey, 0)
                value = found.value if found else 0
                opens += value >= view.threshold
                total += min(value, view.threshold)
            key = (-opens, -total, rank)
            if best_key is None or key < best_key:
                best, best_key = action, key
        return best

    def safe_discard(self, view: OkeyView, candidates: list[Discard]) -> Discard:
        okey = view.okey
        following = (view.seat + 1) % 4
        pool = unseen_tiles(view)
        size = view.rack_sizes[following]
        if view.options.partners(view.seat, following) or len(pool) < size:
            return candidates[0]
        guesses = [self.rng.sample(pool, size) for _ in range(self.samples)]
        state = view.opened[following]
        best, best_cost = candidates[0], None
        for rank, action in enumerate(candidates):
            tile = action.tile
            takes = sum(would_take(guess, tile, state, view) for guess in guesses)
            cost = DANGER_WEIGHT * takes * (10 + okey.value(tile)) / len(guesses) + rank
            if best_cost is None or cost < best_cost:
                best, best_cost = action, cost
        return best


def would_take(rack: list[Tile], tile: Tile, state: str | None, view: OkeyView) -> bool:
    """Whether a seat holding ``rack`` (opened as ``state``) could use ``tile`` from the discards."""
    if rack.count(tile) >= 2:
        return False
    after = [*rack, tile]
    okey = view.okey
    if state is None:
        return (
            opening(after, okey, view.threshold, taken=tile) is not None
            or pairs_opening(after, okey, taken=tile) is not None
        )
    if state == "melds":
        return opening(after, okey, 1, taken=tile) is not None
    return tile in rack or okey.tile in rack


__all__ = ["DEFAULT_SAMPLES", "StrongBot", "unseen_tiles", "would_take"]
