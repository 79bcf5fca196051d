"""Tiles of the double-six set and the sides a tile can be joined on."""

from __future__ import annotations

import enum
import functools
import operator

from ..core.errors import EngineError, excerpt, quote

MAX_PIPS = 6
#: A mask with every value's bit set (see ``Tile.mask``).
ALL_VALUES = (1 << (MAX_PIPS + 1)) - 1


class ParseError(EngineError):
    """Text that is not a tile, a side or a placement; the message says what to write instead."""

    code = "parse"


@functools.total_ordering
class Tile:
    """A domino of the double-six set, always normalised to ``[low|high]``.

    There is exactly one object per tile (``Tile(4, 1) is Tile(1, 4)``), so tiles
    compare and hash as fast as any built-in value.

    >>> Tile.parse("4|1")
    Tile(1, 4)
    >>> str(Tile(1, 4)), Tile(1, 4).notation()
    ('[1|4]', '1|4')
    """

    __slots__ = ("_key", "_notation", "high", "is_double", "low", "mask", "pips")

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            return _TILES[(a, b) if a <= b else (b, a)]
        except (KeyError, TypeError):
            raise ParseError(f"{a}|{b} is not a double-six tile") from None

    @classmethod
    def _make(cls, low: int, high: int) -> Tile:
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "_key", (low, high))
        object.__setattr__(tile, "_notation", f"{low}|{high}")
        object.__setattr__(tile, "pips", low + high)
        object.__setattr__(tile, "is_double", low == high)
        # Bit v set for each half v: a tile matches the open values of a mask m when tile.mask & m.
        object.__setattr__(tile, "mask", (1 << low) | (1 << high))
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple:
        return (Tile, (self.low, self.high))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._key < other._key

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b``, in either order."""
        return cls(a, b)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``a|b`` or ``[a|b]``; halves in any order."""
        body = text.strip()
        if body.startswith("[") and body.endswith("]"):
            body = body[1:-1]
        halves = body.split("|")
        # ASCII digits only: str.isdigit() and int() also take other scripts' digits ("１|４", "١|٤").
        if len(halves) != 2 or not all(h.strip().isascii() and h.strip().isdigit() for h in halves):
            raise ParseError(f"{excerpt(text.strip())} is not a tile: write it as a|b, for example 1|4")
        # A half of thousands of digits is no half either (and int() refuses more than 4300 of them).
        a, b = (int(h) if len(h.strip()) <= 2 else MAX_PIPS + 1 for h in halves)
        if a > MAX_PIPS or b > MAX_PIPS:
            raise ParseError(f"{excerpt(text.strip())} is not a double-six tile")
        return cls(a, b)

    def has(self, value: int) -> bool:
        return value == self.low or value == self.high

    def other(self, value: int) -> int:
        """The half opposite the half showing ``value``."""
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise ValueError(f"{self} has no half {value}")

    def notation(self) -> str:
        return self._notation

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


#: The tiles' order as a sort key that runs in C: ``sorted(tiles, key=TILE_ORDER) == sorted(tiles)``, faster.
TILE_ORDER = operator.attrgetter("_key")

_TILES = {(a, b): Tile._make(a, b) for a in range(MAX_PIPS + 1) for b in range(a, MAX_PIPS + 1)}

#: The 28 tiles [0|0] to [6|6], in order.
DOUBLE_SIX: tuple[Tile, ...] = tuple(sorted(_TILES.values()))


class Side(enum.Enum):
    """A side of a tile in the layout, where another tile can be joined.

    Declared in the order the rules list them (line A, line B, branch A,
    branch B, high end, low end): legal joins and counted values are sorted by it.
    """

    LINE_A = "line-a"
    LINE_B = "line-b"
    BRANCH_A = "branch-a"
    BRANCH_B = "branch-b"
    HIGH = "high"
    LOW = "low"

    # Members are singletons: identity hashing is exact, and much faster than Enum's.
    __hash__ = object.__hash__

    @property
    def order(self) -> int:
        return _SIDE_ORDER[self]

    @property
    def is_line(self) -> bool:
        return self in (Side.LINE_A, Side.LINE_B)

    @property
    def is_branch(self) -> bool:
        return self in (Side.BRANCH_A, Side.BRANCH_B)

    @property
    def is_end(self) -> bool:
        return self in (Side.HIGH, Side.LOW)

    @classmethod
    def parse(cls, text: str) -> Side:
        try:
            return cls(text)
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise ParseError(f"{quote(text)} is not a side: use one of {names}") from None

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_SIDE_ORDER = {side: i for i, side in enumerate(Side)}
