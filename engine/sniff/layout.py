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
from dataclasses import dataclass

from .tiles import Side, Tile

_BRANCHES = (Side.BRANCH_A, Side.BRANCH_B)


class IllegalPlacementError(ValueError):
    """A placement that the rules don't allow on this layout; the message says why."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile placed: the opener (no target) or a join to ``target``'s ``side``."""

    tile: Tile
    target: Tile | None = None
    side: Side | None = None

    def __post_init__(self) -> None:
        if (self.target is None) != (self.side is None):
            raise ValueError("a join needs both a target tile and a side")

    @property
    def is_opening(self) -> bool:
        return self.target is None

    def notation(self) -> str:
        """The placement in the layout notation, e.g. ``1|1 on 1|4 low``."""
        if self.target is None:
            return self.tile.notation()
        return f"{self.tile.notation()} on {self.target.notation()} {self.side.value}"

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class OpenSide:
    """A legal join: an open ``side`` of ``tile`` that a tile showing ``value`` may join."""

    tile: Tile
    side: Side
    value: int

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.tile.low, self.tile.high, self.side.order)


@dataclass(frozen=True, slots=True)
class CountedEnd:
    """A value counted in the placement score, at ``side`` of ``tile``.

    A terminal double counts both halves as one value; an open Sniff branch
    counts one half.
    """

    tile: Tile
    side: Side
    value: int

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.tile.low, self.tile.high, self.side.order)


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


_MISSING = object()


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
        "_open",
        "_placements",
        "_sniff",
        "_sniff_open_lines",
        "_sorted",
        "_tiles",
        "_total",
        "_undo",
    )

    def __init__(self, placements: Iterable[Placement] = ()) -> None:
        self._placements: list[Placement] = []
        self._tiles: set[Tile] = set()
        # (tile, side) -> value of every open side: the legal joins.
        self._open: dict[tuple[Tile, Side], int] = {}
        # (tile, side) -> counted value of every counted end.
        self._counted: dict[tuple[Tile, Side], int] = {}
        self._total = 0
        self._sniff: Tile | None = None
        self._sniff_open_lines = 0
        # One list of (dict, key, old value) per placement, to undo it.
        self._undo: list[list[tuple[dict, object, object]]] = []
        self._sorted: tuple[list[OpenSide], list[CountedEnd]] | None = None
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
        return f"Layout([{', '.join(repr(p.notation()) for p in self._placements)}])"

    def joins(self) -> list[Join]:
        """How each placement after the opener is attached, in placement order."""
        result = []
        for placement in self._placements[1:]:
            value = self._join_value(placement)
            result.append(Join(placement.target, placement.side, placement.tile, attached_side(placement.tile, value)))
        return result

    def _join_value(self, placement: Placement) -> int:
        target, side = placement.target, placement.side
        if target.is_double:
            return target.low
        return target.high if side is Side.HIGH else target.low

    def legal_joins(self) -> list[OpenSide]:
        """Every open side where a matching tile may be placed now, sorted by tile then side."""
        return list(self._sorted_views()[0])

    def counted_ends(self) -> list[CountedEnd]:
        """Every open end that counts, sorted by tile then side."""
        return list(self._sorted_views()[1])

    def counted_total(self) -> int:
        """The sum of the counted values."""
        return self._total

    def score(self) -> int:
        """The placement score of the layout as it stands (after its last placement)."""
        return placement_score(self._total)

    def open_values(self) -> set[int]:
        """The values an empty-handed player would need: those of every open side."""
        return set(self._open.values())

    def joins_for(self, tile: Tile) -> list[OpenSide]:
        """The open sides ``tile`` can be placed on, in legal-join order."""
        if tile in self._tiles:
            return []
        if not self._placements:
            return []
        return [j for j in self._sorted_views()[0] if tile.has(j.value)]

    def can_place(self, tile: Tile) -> bool:
        """Whether ``tile`` has at least one place (any tile can open an empty layout)."""
        if tile in self._tiles:
            return False
        if not self._placements:
            return True
        return tile.low in self._open.values() or tile.high in self._open.values()

    def _sorted_views(self) -> tuple[list[OpenSide], list[CountedEnd]]:
        if self._sorted is None:
            joins = sorted((OpenSide(t, s, v) for (t, s), v in self._open.items()), key=lambda j: j.sort_key)
            counted = sorted((CountedEnd(t, s, v) for (t, s), v in self._counted.items()), key=lambda c: c.sort_key)
            self._sorted = (joins, counted)
        return self._sorted

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
        value = self._open.get((target, side))
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

    def undo(self) -> Placement:
        """Take back the last placement and return it."""
        if not self._placements:
            raise IndexError("the layout is empty: nothing to undo")
        for store, key, old in reversed(self._undo.pop()):
            if store is None:
                setattr(self, key, old)
            elif old is _MISSING:
                del store[key]
            else:
                store[key] = old
        placement = self._placements.pop()
        self._tiles.discard(placement.tile)
        self._total = sum(self._counted.values())
        self._sorted = None
        return placement

    def copy(self) -> Layout:
        """An independent copy (with its undo history)."""
        clone = Layout.__new__(Layout)
        clone._placements = list(self._placements)
        clone._tiles = set(self._tiles)
        clone._open = dict(self._open)
        clone._counted = dict(self._counted)
        clone._total = self._total
        clone._sniff = self._sniff
        clone._sniff_open_lines = self._sniff_open_lines
        clone._undo = [
            [(clone._open if s is self._open else clone._counted if s is self._counted else s, k, o) for s, k, o in u]
            for u in self._undo
        ]
        clone._sorted = self._sorted
        return clone

    def _apply(self, placement: Placement) -> None:
        log: list[tuple[dict | None, object, object]] = []
        opened, counted = self._open, self._counted

        def put(store: dict, key: object, value: int) -> None:
            log.append((store, key, store.get(key, _MISSING)))
            store[key] = value

        def drop(store: dict, key: object) -> None:
            if key in store:
                log.append((store, key, store.pop(key)))

        def set_attr(name: str, value: object) -> None:
            log.append((None, name, getattr(self, name)))
            setattr(self, name, value)

        tile, target, side = placement.tile, placement.target, placement.side
        if target is None:
            if tile.is_double:
                set_attr("_sniff", tile)
                set_attr("_sniff_open_lines", 2)
                put(opened, (tile, Side.LINE_A), tile.low)
                put(opened, (tile, Side.LINE_B), tile.low)
                put(counted, (tile, Side.LINE_A), tile.pips)
            else:
                put(opened, (tile, Side.HIGH), tile.high)
                put(opened, (tile, Side.LOW), tile.low)
                put(counted, (tile, Side.HIGH), tile.high)
                put(counted, (tile, Side.LOW), tile.low)
        else:
            value = opened[(target, side)]
            drop(opened, (target, side))
            if target == self._sniff and side.is_line:
                # The Sniff's terminal count sits on its first open line side.
                drop(counted, (target, Side.LINE_A))
                drop(counted, (target, Side.LINE_B))
                set_attr("_sniff_open_lines", self._sniff_open_lines - 1)
                if self._sniff_open_lines:
                    remaining = Side.LINE_B if side is Side.LINE_A else Side.LINE_A
                    put(counted, (target, remaining), target.pips)
                else:
                    for branch in _BRANCHES:
                        put(opened, (target, branch), target.low)
                        put(counted, (target, branch), target.low)
            else:
                drop(counted, (target, side))
            if tile.is_double:
                put(opened, (tile, Side.LINE_B), tile.low)
                put(counted, (tile, Side.LINE_B), tile.pips)
                if self._sniff is None:
                    set_attr("_sniff", tile)
                    set_attr("_sniff_open_lines", 1)
            else:
                far = Side.HIGH if tile.low == value else Side.LOW
                far_value = tile.high if far is Side.HIGH else tile.low
                put(opened, (tile, far), far_value)
                put(counted, (tile, far), far_value)
        self._placements.append(placement)
        self._tiles.add(tile)
        self._undo.append(log)
        self._total = sum(counted.values())
        self._sorted = None
