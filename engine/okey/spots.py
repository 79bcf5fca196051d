"""A rack against the table: where a tile can be laid off, whether its discard costs a penalty, which okeys
a tile can seize. The melds on the table are read as they lie (``None`` items skipped)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .melds import PAIR, Meld
from .tiles import Okey, Tile


def layoff_spots(tile: Tile, table: Sequence[Meld | None], okey: Okey) -> list[tuple[int, str, Tile]]:
    """Where ``tile`` (a face from a rack) can be laid off: ``(table index, end, tile it stands for)``.

    An okey fits every spot of every meld; pairs never take a tile. ``None`` items are skipped.
    """
    out = []
    wild_tile = tile is okey.tile
    stands = okey.identity(tile)
    for index, meld in enumerate(table):
        if meld is None or meld.kind == PAIR:
            continue
        seen = set()
        for end, spot in meld.spots():
            if (wild_tile or spot is stands) and spot not in seen:
                seen.add(spot)
                out.append((index, end, spot))
    return out


def is_penalty(tile: Tile, table: Sequence[Meld | None], okey: Okey) -> bool:
    """Whether discarding ``tile`` costs 100: it could be laid off on a meld of the table (not a pair)."""
    return bool(layoff_spots(tile, table, okey))


def penalty_tiles(rack: Iterable[Tile], table: Sequence[Meld | None], okey: Okey) -> list[Tile]:
    """The tiles of ``rack`` (each face once, sorted) that are penalty tiles against ``table``."""
    return [tile for tile in sorted(set(rack)) if is_penalty(tile, table, okey)]


def seize_spots(tile: Tile, table: Sequence[Meld | None], okey: Okey) -> list[int]:
    """The table items where ``tile`` (a real tile) could take the place of an okey standing for it.

    Only runs and sets: the seed seizes an okey from a *kombinasi*, which it defines as runs and sets,
    so an okey in a pair stays there."""
    if tile is okey.tile:
        return []
    stands = okey.identity(tile)
    return [
        i
        for i, meld in enumerate(table)
        if meld is not None and meld.kind != PAIR and meld.wild_for(stands) is not None
    ]
