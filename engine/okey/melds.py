"""Melds: runs, sets and pairs, with okeys standing in (``*B8``), their values and lay-off spots.

A meld is its pieces in order. A piece is a tile as it lies in a meld: a real
tile (``R7``), a false joker (``FJ``, which counts as the okey's face) or an
okey standing for a tile (``*B8``). ``check_meld`` says whether pieces make a
valid meld, of which kind, its value, and otherwise exactly why not; ``Meld``
is a checked meld.

- Run: three or more consecutive numbers of one colour, ascending; the 1 comes
  before 2 or after 13, never in the middle (``R13 R1 R2`` wraps). At most 14 tiles.
- Set: three or four tiles of one number, every colour different.
- Pair: two identical tiles, at least one of them real.
- No meld holds more than the two okeys, and a plain okey tile never stands
  in a meld (it is written ``*X``, the tile it stands for).
- Value: the sum of the numbers the pieces stand for (a 1 after 13 counts 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import EngineError, excerpt, quote
from .tiles import COLOUR_NAMES, COLOURS, FALSE_JOKER, NotationError, Okey, Tile

RUN, SET, PAIR = "run", "set", "pair"
MAX_RUN = 14


class InvalidMeldError(EngineError):
    """Pieces that are not a valid meld; the message says why."""

    code = "okey-invalid-meld"


@dataclass(frozen=True, slots=True)
class Piece:
    """A tile in a meld: ``stands`` is the tile it counts as, ``face`` the tile itself, ``wild`` for an okey.

    A real tile has ``face is stands``; a false joker has face ``FJ`` and stands for the okey's face;
    an okey has the okey's face and stands for any tile.
    """

    stands: Tile
    face: Tile
    wild: bool = False

    def notation(self) -> str:
        if self.wild:
            return "*" + self.stands.notation()
        return self.face.notation()

    def __str__(self) -> str:
        return self.notation()

    @property
    def number(self) -> int:
        return self.stands.number


def real(tile: Tile, okey: Okey) -> Piece:
    """The piece of a real tile as it lies (a false joker stands for the okey's face)."""
    return Piece(okey.identity(tile), tile, False)


def wild(stands: Tile, okey: Okey) -> Piece:
    """An okey standing for ``stands``."""
    return Piece(stands, okey.tile, True)


def parse_piece(text: str, okey: Okey) -> Piece:
    """``R7``, ``FJ`` or ``*R7`` (an okey standing for R7)."""
    word = text.strip()
    if word.startswith("*"):
        stands = Tile.parse(word[1:])
        if stands.is_false_joker:
            raise NotationError(
                f"{quote(word)} is not a tile: an okey stands for a coloured tile, for example *R7",
                code="okey-wild-fj",
                params={"text": excerpt(word)},
            )
        return wild(stands, okey)
    return real(Tile.parse(word), okey)


def parse_pieces(text: str, okey: Okey) -> tuple[Piece, ...]:
    """A meld's pieces, separated by blanks (``R4 R5 *R6``)."""
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not a meld: write its tiles separated by spaces, for example R4 R5 R6")
    return tuple(parse_piece(word, okey) for word in text.split())


def format_pieces(pieces) -> str:
    return " ".join(piece.notation() for piece in pieces)


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """What ``check_meld`` finds: valid or not, the kind, the value, and the reason when not valid."""

    valid: bool
    kind: str | None
    value: int | None
    reason: str | None = None
    code: str | None = None
    params: dict | None = None

    def as_json(self) -> dict:
        return {"valid": self.valid, "kind": self.kind, "value": self.value, "reason": self.reason}


def _bad(reason: str, code: str, **params) -> MeldCheck:
    return MeldCheck(False, None, None, reason, code, params)


def _names(pieces) -> str:
    return " ".join(piece.notation() for piece in pieces)


def _label(piece: Piece) -> str:
    """A piece for a message: a false joker says what it counts as (``FJ (R6)``)."""
    if piece.face is FALSE_JOKER:
        return f"FJ ({piece.stands.notation()})"
    return piece.notation()


def check_meld(pieces: tuple[Piece, ...], okey: Okey) -> MeldCheck:
    """Whether ``pieces``, in this order, make a run, a set or a pair; the value, or the reason they don't."""
    count = len(pieces)
    text = _names(pieces)
    for piece in pieces:
        if not piece.wild and piece.face is okey.tile:
            okey_text = okey.tile.notation()
            return _bad(
                f"{okey_text} is the okey (indicator {okey.indicator.notation()}): in a meld it is written *X, "
                f"the tile it stands for, for example *{okey_text}",
                "okey-plain-in-meld",
                tile=okey_text,
                indicator=okey.indicator.notation(),
            )
    wilds = sum(piece.wild for piece in pieces)
    if wilds > 2:
        return _bad(f"{text} holds {wilds} okeys: there are only two", "okey-too-many-okeys", meld=text, okeys=wilds)
    if count < 2:
        return _bad(
            f"{text or 'nothing'} is not a meld: a run or a set has at least three tiles, a pair two",
            "okey-too-few",
            meld=text,
        )
    if count == 2:
        first, second = pieces
        if first.stands is not second.stands:
            return _bad(
                f"{text} is not a pair: a pair is two identical tiles (same colour and number)",
                "okey-pair-differ",
                meld=text,
            )
        if wilds == 2:
            return _bad(f"{text} is not a pair: a pair needs at least one real tile", "okey-pair-two-okeys", meld=text)
        return MeldCheck(True, PAIR, 2 * first.number)
    numbers = [piece.stands.number for piece in pieces]
    colours = [piece.stands.colour for piece in pieces]
    if len(set(numbers)) == 1:
        if count > 4:
            return _bad(
                f"{text} is not a set: a set has three or four tiles, one of each colour",
                "okey-set-too-long",
                meld=text,
            )
        for colour in COLOURS:
            if colours.count(colour) > 1:
                return _bad(
                    f"{text} is not a set: {COLOUR_NAMES[colour]} is there twice, and a set has every colour once",
                    "okey-set-colour-twice",
                    meld=text,
                    colour=colour,
                )
        return MeldCheck(True, SET, sum(numbers))
    if len(set(colours)) > 1:
        return _bad(
            f"{text} is neither a run (one colour) nor a set (one number)",
            "okey-mixed",
            meld=text,
        )
    if count > MAX_RUN:
        return _bad(
            f"{text} is not a run: a run has at most 14 tiles (1 to 13, then 1)", "okey-run-too-long", meld=text
        )
    for i in range(1, count):
        before, now = numbers[i - 1], numbers[i]
        if before == 13 and now == 1:
            if i != count - 1:
                wrap = f"{pieces[i - 1]}-{pieces[i]}-{pieces[i + 1]}"
                return _bad(
                    f"{text} is not a valid run because 13-1-2 wraps ({wrap}): "
                    "a 1 comes before 2 or after 13, never in the middle",
                    "okey-run-wraps",
                    meld=text,
                )
            continue
        if now != before + 1:
            if sorted(numbers) == list(range(min(numbers), min(numbers) + count)):
                return _bad(
                    f"{text} is not a valid run: a run is written in ascending order",
                    "okey-run-order",
                    meld=text,
                )
            return _bad(
                f"{text} is not a valid run: {_label(pieces[i - 1])} and {_label(pieces[i])} are not consecutive",
                "okey-run-gap",
                meld=text,
                before=_label(pieces[i - 1]),
                after=_label(pieces[i]),
            )
    return MeldCheck(True, RUN, sum(numbers))


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld: its kind, its pieces in order, its value."""

    kind: str
    pieces: tuple[Piece, ...]
    value: int

    def notation(self) -> str:
        return _names(self.pieces)

    def __str__(self) -> str:
        return self.notation()

    def __len__(self) -> int:
        return len(self.pieces)

    @property
    def wilds(self) -> int:
        return sum(piece.wild for piece in self.pieces)

    def spots(self) -> list[tuple[str, Tile]]:
        """Where one more tile fits: ``("low"|"high", tile)`` for a run, ``("set", tile)`` for a set, none
        for a pair. A 1 that fits both ends of a run 2…13 is listed at both (lay-offs use the low end)."""
        if self.kind == PAIR:
            return []
        first = self.pieces[0].stands
        if self.kind == SET:
            if len(self.pieces) == 4:
                return []
            present = {piece.stands.colour for piece in self.pieces}
            return [("set", Tile.of(colour, first.number)) for colour in COLOURS if colour not in present]
        out = []
        if first.number > 1:
            out.append(("low", Tile.of(first.colour, first.number - 1)))
        last = self.pieces[-1].stands.number
        if last == 13:
            out.append(("high", Tile.of(first.colour, 1)))
        elif last != 1:
            out.append(("high", Tile.of(first.colour, last + 1)))
        return out

    def end_for(self, stands: Tile) -> str | None:
        """The end where a tile standing for ``stands`` is laid off (the low end when both fit), or None."""
        for end, tile in self.spots():
            if tile is stands:
                return end
        return None

    def extended(self, piece: Piece) -> Meld:
        """This meld with ``piece`` laid off (at the low end when it fits both ends)."""
        end = self.end_for(piece.stands)
        if end is None:
            raise InvalidMeldError(
                f"{piece} does not fit {self.notation()}",
                code="okey-no-fit",
                params={"tile": piece.notation(), "meld": self.notation()},
            )
        pieces = (piece, *self.pieces) if end == "low" else (*self.pieces, piece)
        return Meld(self.kind, pieces, self.value + piece.number)

    def wild_for(self, stands: Tile) -> int | None:
        """The position of an okey standing for ``stands`` in this meld, or None."""
        for index, piece in enumerate(self.pieces):
            if piece.wild and piece.stands is stands:
                return index
        return None

    def seized(self, index: int, piece: Piece) -> Meld:
        """This meld with the okey at ``index`` replaced by the real ``piece``."""
        pieces = list(self.pieces)
        pieces[index] = piece
        return Meld(self.kind, tuple(pieces), self.value)


def make_meld(pieces: tuple[Piece, ...], okey: Okey) -> Meld:
    """A checked meld; ``InvalidMeldError`` with the reason otherwise."""
    result = check_meld(tuple(pieces), okey)
    if not result.valid:
        raise InvalidMeldError(result.reason, code=result.code, params=result.params)
    return Meld(result.kind, tuple(pieces), result.value)


def parse_meld(text: str, okey: Okey) -> Meld:
    """A meld in the notation (``R4 R5 *R6``), checked."""
    return make_meld(parse_pieces(text, okey), okey)


def sort_pieces(pieces, okey: Okey | None = None) -> tuple[Piece, ...]:
    """Pieces in the order a meld is written: a run ascending (a 1 after a 13 last, when the run holds 13
    and no 2), a set by colour (R, B, K, Y)."""
    pieces = list(pieces)
    numbers = {piece.number for piece in pieces}
    if len(numbers) == 1:
        return tuple(sorted(pieces, key=lambda p: (COLOURS.index(p.stands.colour), p.wild)))

    def key(piece: Piece) -> tuple:
        number = piece.number
        if number == 1 and 13 in numbers and 2 not in numbers:
            number = 14
        return (number, piece.wild)

    ones = [p for p in pieces if p.number == 1]
    if len(ones) == 2 and 13 in numbers and 2 in numbers:
        rest = sorted((p for p in pieces if p.number != 1), key=key)
        return (ones[0], *rest, ones[1])
    return tuple(sorted(pieces, key=key))


__all__ = [
    "FALSE_JOKER",
    "PAIR",
    "RUN",
    "SET",
    "InvalidMeldError",
    "Meld",
    "MeldCheck",
    "Piece",
    "check_meld",
    "format_pieces",
    "make_meld",
    "parse_meld",
    "parse_piece",
    "parse_pieces",
    "real",
    "sort_pieces",
    "wild",
]


@dataclass(frozen=True, slots=True)
class TableItem:
    """A meld or pair on the table, with the seat that laid it."""

    owner: int
    meld: Meld
