"""Okey tiles: four colours of 1 to 13, two of each, and two false jokers (106 tiles).

A tile is written colour + number (``R7``, ``B12``, ``K1``, ``Y13``) or ``FJ``
for a false joker; input is case-insensitive, output upper case. There is one
``Tile`` object per tile face (``Tile.parse("r7") is Tile.parse("R7")``), so
tiles compare and hash as fast as small integers. The two physical copies of a
face are not told apart: a rack is a multiset of faces.

Which tiles are wild depends on the round's indicator: ``Okey(indicator)``
knows the okey (the indicator's colour, one number higher; 13 makes the 1 the
okey) and the false joker's identity (the okey's face).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ..core.errors import EngineError

COLOURS = "RBKY"  # red (merah), blue (biru), black (hitam), yellow (kuning)
COLOUR_NAMES = {"R": "red", "B": "blue", "K": "black", "Y": "yellow"}
NUMBERS = range(1, 14)
FALSE_JOKER_CODE = 52


class NotationError(EngineError):
    """Text that is not a tile, a meld or an action in the Okey notation."""

    code = "okey-notation"


@functools.total_ordering
class Tile:
    """A tile face: ``colour`` (one of ``RBKY``, or None for the false joker) and ``number`` (1–13, or 0).

    ``code`` is 0–51 for the coloured tiles (colour-major: ``R1`` = 0, ``R13`` = 12, ``B1`` = 13...)
    and 52 for the false joker; tiles sort by it.

    >>> Tile.parse("r7"), str(Tile.parse("fj"))
    (Tile('R7'), 'FJ')
    """

    __slots__ = ("code", "colour", "number")

    def __new__(cls, text: str) -> Tile:
        return cls.parse(text)

    @classmethod
    def _make(cls, code: int) -> Tile:
        tile = object.__new__(cls)
        if code == FALSE_JOKER_CODE:
            colour, number = None, 0
        else:
            colour, number = COLOURS[code // 13], code % 13 + 1
        object.__setattr__(tile, "code", code)
        object.__setattr__(tile, "colour", colour)
        object.__setattr__(tile, "number", number)
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple:
        return (Tile.parse, (str(self),))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.code < other.code

    __hash__ = object.__hash__

    def __eq__(self, other: object) -> bool:
        return self is other

    @classmethod
    def of(cls, colour: str, number: int) -> Tile:
        """The tile of ``colour`` (R, B, K or Y) and ``number`` (1–13)."""
        if colour not in COLOURS or not (isinstance(number, int) and 1 <= number <= 13):
            raise NotationError(f"{colour}{number} is not a tile: a colour R, B, K or Y and a number 1 to 13")
        return TILES[COLOURS.index(colour) * 13 + number - 1]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``R7``, ``b12``, ``FJ``... (case-insensitive, surrounding blanks ignored)."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a tile: write a colour and a number, for example R7, or FJ")
        tile = _BY_TEXT.get(text.strip().upper())
        if tile is None:
            raise NotationError(
                f'"{text.strip()}" is not a tile: write a colour (R, B, K, Y) and a number 1 to 13, '
                "for example R7 or B12, or FJ for a false joker",
                code="okey-tile",
                params={"text": text.strip()},
            )
        return tile

    @property
    def is_false_joker(self) -> bool:
        return self.code == FALSE_JOKER_CODE

    def notation(self) -> str:
        return "FJ" if self.code == FALSE_JOKER_CODE else f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Tile.parse({self.notation()!r})"


TILES: tuple[Tile, ...] = tuple(Tile._make(code) for code in range(53))
FALSE_JOKER = TILES[FALSE_JOKER_CODE]
_BY_TEXT = {tile.notation(): tile for tile in TILES}

#: The 106 tiles of a set, sorted: two of each coloured tile, and the two false jokers.
FULL_SET: tuple[Tile, ...] = tuple(tile for tile in TILES for _ in range(2))


def parse_tiles(text: str) -> list[Tile]:
    """Tiles separated by blanks or commas (``"R7 b12, FJ"``)."""
    return [Tile.parse(word) for word in text.replace(",", " ").split()]


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(tile.notation() for tile in tiles)


class Okey:
    """What the indicator makes of the tiles: the okey (wild) and the false joker's identity.

    >>> okey = Okey(Tile.parse("R13"))
    >>> okey.tile, okey.identity(FALSE_JOKER)
    (Tile('R1'), Tile('R1'))
    """

    __slots__ = ("indicator", "tile")

    def __init__(self, indicator: Tile) -> None:
        if indicator.is_false_joker:
            raise EngineError("a false joker is never the indicator", code="okey-indicator-fj")
        object.__setattr__(self, "indicator", indicator)
        object.__setattr__(self, "tile", Tile.of(indicator.colour, indicator.number % 13 + 1))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Okey is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Okey) and other.indicator is self.indicator

    def __hash__(self) -> int:
        return hash(self.indicator)

    def is_okey(self, tile: Tile) -> bool:
        """True for the two wild tiles (the okey's face)."""
        return tile is self.tile

    def identity(self, tile: Tile) -> Tile:
        """The tile a face counts as: a false joker is the okey's face; any other tile is itself."""
        return self.tile if tile.code == FALSE_JOKER_CODE else tile

    def value(self, tile: Tile) -> int:
        """A tile's number as it counts in a rack or a charge (a false joker counts the okey's number)."""
        return self.tile.number if tile.code == FALSE_JOKER_CODE else tile.number

    def __repr__(self) -> str:
        return f"Okey({self.indicator!r})"
