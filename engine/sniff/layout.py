"""The American Sniff layout: where tiles may join, and which open ends count.

The rules (seeds 000, 002 and 004):

- The opener may be any tile; every later tile joins one matching half to an
  open side of a tile already in the layout.
- Every double lies crosswise. A double placed on the layout is attached by
  its line A, leaving its line B open. While line B is open it is a terminal
  double and counts both halves once; once played on it counts nothing.
- The first double of the hand is the Sniff, also when it opens the hand. Until
  both of its line sides are joined it is a terminal double (both halves, once).
  Once both are joined its two branches open, and each unjoined branch counts
  one half. A branch can't be joined before both line sides are.
- Placement score: the sum of the counted values when it is a positive multiple
  of 5, otherwise 0.

The layout keeps its open sides and counted ends up to date as tiles are
placed (and undone), so every query is proportional to the few open ends, not
to the whole layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..core.errors import EngineError
from .tiles import ALL_VALUES, DOUBLE_SIX, Side, Tile

_BRANCHES = (Side.BRANCH_A, Side.BRANCH_B)
LINE_A, LINE_B, BRANCH_A, BRANCH_B, HIGH, LOW = Side

#: Every (tile, side) by its rank, the order legal joins and counted ends are listed in: by tile, then by
#: side. A layout keeps its open sides and counted ends by rank: ``6 * (the tile's place) + (the side's)``.
_RANK: dict[tuple[Tile, Side], int] = {
    (tile, side): rank for rank, (tile, side) in enumerate((tile, side) for tile in DOUBLE_SIX for side in Side)
}
_BASE: dict[Tile, int] = {tile: 6 * place for place, tile in enumerate(DOUBLE_SIX)}
_LA, _LB, _BA, _BB, _HI, _LO = range(6)  # the sides' places, in Side's order
_SIDE_WORDS = {side: side.value for side in Side}  # Enum's .value is a slow property


class IllegalPlacementError(EngineError):
    """A placement that the rules don't allow on this layout; the message says why."""

    code = "illegal-placement"


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile placed: the opener (no target) or a join to ``target``'s ``side``."""

    tile: Tile
    target: Tile | None = None
    side: Side | None = None
    # A join's effect on the open sides, worked out once: (the joined side's rank, the rank of the side it
    # opens, that side's value, what it counts). None for the opener. See Layout._apply.
    _move: tuple[int, int, int, int] | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.target is None) != (self.side is None):
            raise ValueError("a join needs both a target tile and a side")
        tile, target, side = self.tile, self.target, self.side
        if target is not None and isinstance(tile, Tile) and (target, side) in _RANK:
            base = _BASE[tile]
            if tile.is_double:  # a double opens its line B, which counts both halves
                move = (base + _LB, tile.low, tile.pips)
            elif tile.low == open_value(target, side):  # otherwise the far half opens and counts
                move = (base + _HI, tile.high, tile.high)
            else:
                move = (base + _LO, tile.low, tile.low)
            object.__setattr__(self, "_move", (_RANK[(target, side)], *move))

    def notation(self) -> str:
        """The placement in the layout notation, e.g. ``1|1 on 1|4 low``."""
        if self.target is None:
            return self.tile._notation
        return f"{self.tile._notation} on {self.target._notation} {_SIDE_WORDS[self.side]}"

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class OpenSide:
    """A legal join: an open ``side`` of ``tile`` that a tile showing ``value`` may join."""

    tile: Tile
    side: Side
    value: int
    #: Its place in the order legal joins are listed in (by tile, then side); -1 when made by hand.
    rank: int = field(default=-1, compare=False, repr=False)
    #: ``1 << value``: a tile may join here when ``tile.mask & side.bit``.
    bit: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bit", 1 << self.value)


@dataclass(frozen=True, slots=True)
class CountedEnd:
    """A value counted in the placement score, at ``side`` of ``tile``.

    A terminal double counts both halves as one value; an open Sniff branch
    counts one half.
    """

    tile: Tile
    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class Join:
    """How a placed tile is attached: ``target``'s ``side`` to ``tile``'s ``tile_side``."""

    target: Tile
    side: Side
    tile: Tile
    tile_side: Side


def placement_score(total: int) -> int:
    """The raw points for a sum of counted values: the sum if it is a positive multiple of 5."""
    return total if total > 0 and total % 5 == 0 else 0


def attached_side(tile: Tile, value: int) -> Side:
    """The side of ``tile`` that joins an open end showing ``value``."""
    if tile.is_double:
        return Side.LINE_A
    return Side.LOW if tile.low == value else Side.HIGH


class Layout:
    """The tiles on the table, their open sides and their counted ends.

    >>> layout = Layout()
    >>> layout.place(Placement(Tile(4, 4)))
    0
    >>> layout.counted_total()
    8
    """

    __slots__ = (
        "_counted",
        "_joins",
        "_mask",
        "_open",
        "_placements",
        "_sniff",
        "_sniff_open_lines",
        "_tiles",
        "_total",
        "_undo",
    )

    def __init__(self, placements: Iterable[Placement] = ()) -> None:
        self._placements: list[Placement] = []
        self._tiles: set[Tile] = set()
        # The rank of (tile, side) -> value of every open side: the legal joins.
        self._open: dict[int, int] = {}
        # The rank of (tile, side) -> counted value of every counted end.
        self._counted: dict[int, int] = {}
        self._total = 0
        self._sniff: Tile | None = None
        self._sniff_open_lines = 0
        # Per placement, the state before it (the maps are never changed in place), to undo it.
        self._undo: list[tuple] = []
        # The open sides as legal joins, sorted; None until asked for after a change.
        self._joins: tuple[OpenSide, ...] | None = None
        self._mask: int | None = None
        for placement in placements:
            self.place(placement)

    # -- reading ---------------------------------------------------------

    @property
    def placements(self) -> tuple[Placement, ...]:
        return tuple(self._placements)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile, in placement order."""
        return tuple(p.tile for p in self._placements)

    @property
    def sniff(self) -> Tile | None:
        """The first double of the hand, or None before a double is placed."""
        return self._sniff

    @property
    def last(self) -> Placement | None:
        return self._placements[-1] if self._placements else None

    def __len__(self) -> int:
        return len(self._placements)

    def __contains__(self, tile: object) -> bool:
        return tile in self._tiles

    def __iter__(self) -> Iterator[Placement]:
        return iter(self._placements)

    def __repr__(self) -> str:
        return f"<Layout: {'; '.join(p.notation() for p in self._placements) or 'no tiles'}>"

    def joins(self) -> list[Join]:
        """How each placement after the opener is attached, in placement order."""
        result = []
        for placement in self._placements[1:]:
            value = self._join_value(placement)
            result.append(Join(placement.target, placement.side, placement.tile, attached_side(placement.tile, value)))
        return result

    def _join_value(self, placement: Placement) -> int:
        return open_value(placement.target, placement.side)

    def legal_joins(self) -> list[OpenSide]:
        """Every open side where a matching tile may be placed now, sorted by tile then side."""
        return list(self.open_sides())

    def counted_ends(self) -> list[CountedEnd]:
        """Every open end that counts, sorted by tile then side."""
        return self._sorted_counted()

    def counted_total(self) -> int:
        """The sum of the counted values."""
        return self._total

    def score(self) -> int:
        """The placement score of the layout as it stands (after its last placement)."""
        return placement_score(self._total)

    def open_values(self) -> set[int]:
        """The values an empty-handed player would need: those of every open side."""
        return set(self._open.values())

    def open_mask(self) -> int:
        """``open_values`` as a bit mask (bit ``v`` set when an open side shows ``v``): a tile fits
        somewhere exactly when ``tile.mask & layout.open_mask()`` (any tile fits an empty layout)."""
        if self._mask is None:
            self._fill()
        return self._mask

    def joins_for(self, tile: Tile) -> list[OpenSide]:
        """The open sides ``tile`` can be placed on, in legal-join order."""
        if tile in self._tiles:
            return []
        if not self._placements:
            return []
        return [j for j in self.open_sides() if tile.has(j.value)]

    def can_place(self, tile: Tile) -> bool:
        """Whether ``tile`` has at least one place (any tile can open an empty layout)."""
        if tile in self._tiles:
            return False
        if not self._placements:
            return True
        return tile.low in self._open.values() or tile.high in self._open.values()

    def open_sides(self) -> tuple[OpenSide, ...]:
        """The legal joins as one shared, immutable tuple (made once per change of the layout)."""
        if self._joins is None:
            self._fill()
        return self._joins

    def joins_and_mask(self) -> tuple[tuple[OpenSide, ...], int]:
        """``open_sides()`` and ``open_mask()`` at once (the legal actions need both)."""
        if self._joins is None:
            self._fill()
        return self._joins, self._mask

    def _fill(self) -> None:
        # Both caches are made together and reset together, so they are both None or both set.
        opened = self._open
        self._joins = tuple([OPEN_SIDES[rank] for rank in sorted(opened)])
        mask = 0
        for value in opened.values():
            mask |= 1 << value
        self._mask = mask if self._placements else ALL_VALUES

    def _sorted_counted(self) -> list[CountedEnd]:
        return [_counted_end(rank, value) for rank, value in sorted(self._counted.items())]

    def total_after(self, placement: Placement) -> int:
        """The counted total once the legal ``placement`` is made, without making it.

        This is ``place``'s arithmetic without the bookkeeping (bots ask it of every
        candidate): the joined side stops counting and the new tile's far end starts,
        both halves for a double, the outer half otherwise. Joining a line side of the
        Sniff changes nothing: its two halves count until both line sides are joined.
        """
        tile, target, side = placement.tile, placement.target, placement.side
        if target is None:
            return tile.low + tile.high
        key, _, _, counts = placement._move
        if target is self._sniff and (side is LINE_A or side is LINE_B):
            return self._total + counts
        return self._total - self._counted.get(key, 0) + counts

    # -- placing ---------------------------------------------------------

    def check(self, placement: Placement) -> None:
        """Raise IllegalPlacementError, with the reason, unless ``placement`` is legal here."""
        tile, target, side = placement.tile, placement.target, placement.side
        if tile in self._tiles:
            raise IllegalPlacementError(f"{tile} is already in the layout")
        if target is None:
            if self._placements:
                raise IllegalPlacementError(
                    f"{tile} has no target, but the layout already has its opening tile "
                    f"{self._placements[0].tile}: write {tile.notation()} on TILE SIDE"
                )
            return
        if target not in self._tiles:
            raise IllegalPlacementError(f"{target} is not in the layout")
        if target.is_double and side.is_end:
            raise IllegalPlacementError(
                f"{target} is a double and has no {side.value} end: join it at line-a or line-b"
            )
        if not target.is_double and not side.is_end:
            raise IllegalPlacementError(f"{target} is not a double and has no {side.value}: join it at high or low")
        if side.is_branch and target != self._sniff:
            raise IllegalPlacementError(
                f"{target} has no branches: only the Sniff (the first double, "
                f"{self._sniff if self._sniff else 'not yet placed'}) has branches"
            )
        value = self._open.get(_RANK[(target, side)])
        if value is None:
            if side.is_branch and self._sniff_open_lines:
                raise IllegalPlacementError(
                    f"{target} {side.value} is not open yet: both line sides of the Sniff must be joined first"
                )
            raise IllegalPlacementError(f"{target} {side.value} is already joined")
        if not tile.has(value):
            raise IllegalPlacementError(f"{tile} does not match the open value {value} of {target} {side.value}")

    def place(self, placement: Placement) -> int:
        """Place a tile after checking it; return the placement score."""
        self.check(placement)
        self._apply(placement)
        return placement_score(self._total)

    def place_legal(self, placement: Placement) -> int:
        """``place`` for a placement known to be legal (one of the legal joins): no second check."""
        self._apply(placement)
        return placement_score(self._total)

    def undo(self) -> Placement:
        """Take back the last placement and return it."""
        if not self._placements:
            raise IndexError("the layout is empty: nothing to undo")
        self._open, self._counted, self._sniff, self._sniff_open_lines, self._total, self._joins, self._mask = (
            self._undo.pop()
        )
        placement = self._placements.pop()
        self._tiles.discard(placement.tile)
        return placement

    def copy(self) -> Layout:
        """An independent copy (with its undo history).

        The open-side and counted-end maps are never changed in place (each placement makes new
        ones), so the copy shares them and their history: copying costs two lists and a set.
        """
        clone = Layout.__new__(Layout)
        clone._placements = list(self._placements)
        clone._tiles = set(self._tiles)
        clone._undo = list(self._undo)
        clone._restore(self._state())
        return clone

    # The state a placement changes, besides the placements and the tiles: what undo and copy restore.
    def _state(self) -> tuple:
        return (self._open, self._counted, self._sniff, self._sniff_open_lines, self._total, self._joins, self._mask)

    def _restore(self, state: tuple) -> None:
        self._open, self._counted, self._sniff, self._sniff_open_lines, self._total, self._joins, self._mask = state

    def _apply(self, placement: Placement) -> None:
        # Copy on write: the maps of the layout before this placement go, untouched, to the undo stack.
        opened, counted = self._open, self._counted
        self._undo.append((opened, counted, self._sniff, self._sniff_open_lines, self._total, self._joins, self._mask))
        opened, counted = opened.copy(), counted.copy()
        tile, target, side = placement.tile, placement.target, placement.side
        low, high = tile.low, tile.high
        base = _BASE[tile]
        if target is None:
            if low == high:
                self._sniff, self._sniff_open_lines = tile, 2
                opened[base + _LA] = opened[base + _LB] = low
                counted[base + _LA] = low + high
            else:
                opened[base + _HI] = counted[base + _HI] = high
                opened[base + _LO] = counted[base + _LO] = low
            total = low + high
        else:
            key, opens, value, counts = placement._move
            del opened[key]
            if target is self._sniff and (side is LINE_A or side is LINE_B):
                # The Sniff's terminal count sits on its first open line side.
                sniff = _BASE[target]
                counted.pop(sniff + _LA, None)
                counted.pop(sniff + _LB, None)
                self._sniff_open_lines -= 1
                if self._sniff_open_lines:
                    counted[sniff + (_LB if side is LINE_A else _LA)] = target.pips
                else:
                    opened[sniff + _BA] = opened[sniff + _BB] = target.low
                    counted[sniff + _BA] = counted[sniff + _BB] = target.low
                total = sum(counted.values()) + counts
            else:
                total = self._total - counted.pop(key, 0) + counts
            # The new tile's far side opens and counts: both halves of a double, the outer half otherwise.
            opened[opens] = value
            counted[opens] = counts
            if self._sniff is None and low == high:
                self._sniff, self._sniff_open_lines = tile, 1
        self._open, self._counted, self._total = opened, counted, total
        self._placements.append(placement)
        self._tiles.add(tile)
        self._joins = self._mask = None


def open_value(tile: Tile, side: Side) -> int:
    """The value an open ``side`` of ``tile`` shows: a double's half on every side, else that end's half."""
    if tile.low == tile.high or side is not Side.HIGH:
        return tile.low
    return tile.high


# Open sides and counted ends are small immutable values that recur in every hand: one object each.
#: Every (tile, side) as an open side, by rank (``OPEN_SIDES[side.rank] is side``).
OPEN_SIDES: tuple[OpenSide, ...] = tuple(OpenSide(*key, open_value(*key), rank) for key, rank in _RANK.items())
_COUNTED_ENDS: dict[tuple[int, int], CountedEnd] = {}


def _counted_end(rank: int, value: int) -> CountedEnd:
    found = _COUNTED_ENDS.get((rank, value))
    if found is None:
        side = OPEN_SIDES[rank]
        found = _COUNTED_ENDS[(rank, value)] = CountedEnd(side.tile, side.side, value)
    return found
