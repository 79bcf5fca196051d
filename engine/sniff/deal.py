"""A Sniff hand's deal: who opens, each seat's tiles and the boneyard, shuffled from the hand's own dice.

Hand ``n``'s opener draw and shuffle come from its own ``random.Random``, seeded with the game's seed and ``n``
(``engine.core.deals``), so a game saved in the middle of a hand and restored from its record deals on exactly
as it would have.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..core.deals import part_rng
from ..core.errors import EngineError
from ..core.fastrandom import shuffle
from .rules import Ruleset, check_lots
from .tiles import DOUBLE_SIX, Tile

#: The lots that chose a hand's leader: each round of the draw, a tile (or None: the seat did not draw) per seat.
Lots = tuple[tuple[Tile | None, ...], ...]


class DealError(EngineError):
    """A deal that can't start the hand: the wrong tiles or sizes, the wrong leader, lots that don't hold."""

    code = "deal"


@dataclass(frozen=True, slots=True)
class Deal:
    """A hand's start: who opens, each seat's tiles, and the boneyard in drawing order.

    ``lots``: when the ruleset draws the leader by lots, the rounds of that draw
    (one tile or None per seat each); the tiles went back before the shuffle.
    """

    opener: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    lots: Lots | None = None

    def check(self, ruleset: Ruleset, players: int) -> None:
        """Raise DealError unless this is a full, legal deal for ``players`` players (and its lots, if any, hold)."""
        size = ruleset.hand_size(players)
        if len(self.hands) != players:
            raise DealError(f"the deal has {len(self.hands)} hands for {players} players")
        if not (isinstance(self.opener, int) and 0 <= self.opener < players):
            raise DealError(f"the opener {self.opener!r} is not a seat (0 to {players - 1})")
        for seat, tiles in enumerate(self.hands):
            if len(tiles) != size:
                raise DealError(f"seat {seat} is dealt {len(tiles)} tiles, not {size}")
        seen: set[Tile] = set()
        for tile in _all(self):
            if tile in seen:
                raise DealError(f"{tile} is in the deal twice")
            seen.add(tile)
        missing = [str(t) for t in DOUBLE_SIX if t not in seen]
        if missing:
            raise DealError(f"the deal and the boneyard miss {', '.join(missing)}")
        if self.lots is not None:
            if not ruleset.draws_lots:
                raise DealError(f"{ruleset.name} draws no lots for the leader")
            drawn = check_lots(self.lots, players)
            if drawn != self.opener:
                raise DealError(f"the lots choose seat {drawn} to lead, not seat {self.opener}")


def _all(deal: Deal) -> Iterator[Tile]:
    for tiles in deal.hands:
        yield from tiles
    yield from deal.boneyard


def shuffled_deal(ruleset: Ruleset, players: int, opener: int, rng: random.Random, lots=None) -> Deal:
    """Shuffle the 28 tiles and deal them: seat 0 gets the first tiles, the rest is the boneyard."""
    tiles = list(DOUBLE_SIX)
    shuffle(rng, tiles)  # rng.shuffle(tiles), faster
    size = ruleset.hand_size(players)
    hands = tuple([tuple(tiles[seat * size : (seat + 1) * size]) for seat in range(players)])
    return Deal(opener, hands, tuple(tiles[players * size :]), lots)


def hand_rng(seed: int, index: int) -> random.Random:
    """The random source of hand ``index`` (0 = the first) of the game with ``seed``."""
    return part_rng("sniff", seed, index)


def lots_record(lots: Lots) -> list:
    """The lots as records and views write them: one row per round of the draw, a tile or null per seat."""
    return [[None if tile is None else tile.notation() for tile in row] for row in lots]


def lots_from_record(rows: list) -> Lots:
    """``lots_record``'s reader."""
    return tuple(tuple(None if tile is None else Tile.parse(tile) for tile in row) for row in rows)
