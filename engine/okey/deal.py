"""An Okey round's deal: the starter, the racks, the indicator and the pile, shuffled from the round's own dice.

Round ``n``'s shuffle comes from its own ``random.Random``, seeded with the game's seed and ``n``
(``engine.core.deals``), so a game restored from its record, even mid-round, deals on exactly as it would have.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..core.deals import part_rng
from ..core.errors import EngineError
from .tiles import FULL_SET, Tile

SEATS = 4
DEALT, STARTER_DEALT, PILE = 14, 15, 48


# -- the deal ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's start: the starter, the racks (the starter's 15, 14 for the others), the indicator, the pile."""

    starter: int
    racks: tuple[tuple[Tile, ...], ...]
    indicator: Tile
    pile: tuple[Tile, ...]

    def check(self) -> None:
        """Raise an EngineError unless this is a full deal of the 106 tiles."""
        if not (isinstance(self.starter, int) and 0 <= self.starter < SEATS):
            raise EngineError(f"the starter {self.starter!r} is not a seat (0 to 3)", code="okey-deal")
        if len(self.racks) != SEATS:
            raise EngineError(f"the deal has {len(self.racks)} racks, not 4", code="okey-deal")
        for seat, rack in enumerate(self.racks):
            size = STARTER_DEALT if seat == self.starter else DEALT
            if len(rack) != size:
                raise EngineError(f"seat {seat} is dealt {len(rack)} tiles, not {size}", code="okey-deal")
        if len(self.pile) != PILE:
            raise EngineError(f"the pile has {len(self.pile)} tiles, not {PILE}", code="okey-deal")
        if self.indicator.is_false_joker:
            raise EngineError("a false joker is never the indicator", code="okey-deal")
        counts = Counter(self.pile)
        counts[self.indicator] += 1
        for rack in self.racks:
            counts.update(rack)
        if counts != Counter(FULL_SET):
            wrong = sorted(t for t in set(counts) | set(FULL_SET) if counts[t] != 2)
            tile = wrong[0]
            raise EngineError(
                f"the deal, the indicator and the pile hold {tile} {counts[tile]} times, not twice",
                code="okey-deal",
            )


def round_rng(seed: int, index: int) -> random.Random:
    """The random source of round ``index`` (0 = the first) of the game with ``seed``."""
    return part_rng("okey", seed, index)


def shuffled_deal(starter: int, rng: random.Random) -> Deal:
    """Shuffle the 106 tiles; deal seats 0 to 3 in turn (15 to the starter); turn up the indicator (a false joker
    that comes up goes to the bottom of the pile and the next tile is turned); the rest is the pile."""
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    racks = []
    at = 0
    for seat in range(SEATS):
        size = STARTER_DEALT if seat == starter else DEALT
        racks.append(tuple(sorted(tiles[at : at + size])))
        at += size
    rest = tiles[at:]
    turned = 0
    while rest[turned].is_false_joker:
        turned += 1
    indicator = rest[turned]
    pile = rest[turned + 1 :] + rest[:turned]
    return Deal(starter, tuple(racks), indicator, tuple(pile))
