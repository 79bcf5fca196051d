"""Okey's actions and their notation (``parse_action`` reads what ``notation()`` writes).

    draw                      the pile's next tile
    take                      the previous seat's discard (it must be used this turn)
    decline                   the pile is empty and the seat does not take: the round is exhausted
    meld R4 R5 R6, B9 R9 K9   lay melds (the first lay-down is the opening)
    pairs B10 B10, K4 *K4     lay pairs (five or more to open with pairs)
    layoff K13 on 2           add a tile (or an okey, *K13) to table item 2
    seize K12 on 2            put K12 in place of the okey standing for it in table item 2; the okey comes to the rack
    discard R3                discard a tile; the turn passes

``event_action`` is the action that made an event (``engine.okey.events``): a replay steps with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import EngineError, excerpt, quote
from .events import Declined, Drew, Event, LaidMelds, LaidOff, LaidPairs, Seized, Took
from .melds import Meld, Piece, format_pieces, parse_piece, parse_pieces
from .tiles import NotationError, Okey, Tile


class IllegalActionError(EngineError):
    """An action the rules don't allow now; the message says why in plain words."""

    code = "okey-illegal"


def illegal(message: str, code: str, **params) -> IllegalActionError:
    return IllegalActionError(message, code=code, params=params)


@dataclass(frozen=True, slots=True)
class Draw:
    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    def notation(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Decline:
    def notation(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class LayMelds:
    """Lay runs and sets; each meld is its pieces in order."""

    melds: tuple[tuple[Piece, ...], ...]

    def notation(self) -> str:
        return "meld " + ", ".join(format_pieces(m) for m in self.melds)


@dataclass(frozen=True, slots=True)
class LayPairs:
    pairs: tuple[tuple[Piece, ...], ...]

    def notation(self) -> str:
        return "pairs " + ", ".join(format_pieces(p) for p in self.pairs)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add ``piece`` (a real tile, or an okey standing for a tile) to table item ``to``."""

    piece: Piece
    to: int

    def notation(self) -> str:
        return f"layoff {self.piece.notation()} on {self.to}"


@dataclass(frozen=True, slots=True)
class Seize:
    """Put the real ``tile`` in place of the okey standing for it in table item ``to``."""

    tile: Tile
    to: int

    def notation(self) -> str:
        return f"seize {self.tile.notation()} on {self.to}"


@dataclass(frozen=True, slots=True)
class Discard:
    tile: Tile

    def notation(self) -> str:
        return f"discard {self.tile.notation()}"


Action = Draw | Take | Decline | LayMelds | LayPairs | LayOff | Seize | Discard
DRAW, TAKE, DECLINE = Draw(), Take(), Decline()


def lay_melds(melds: Sequence[Meld]) -> LayMelds:
    return LayMelds(tuple(meld.pieces for meld in melds))


def lay_pairs(pairs: Sequence[Meld]) -> LayPairs:
    return LayPairs(tuple(pair.pieces for pair in pairs))


def parse_action(text: str, okey: Okey) -> Action:
    """Read an action in the notation of the module's docstring (case-insensitive)."""
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not an action", code="okey-action")
    words = text.strip().split(None, 1)
    verb = words[0].lower() if words else ""
    rest = words[1] if len(words) > 1 else ""
    if verb in ("draw", "take", "decline") and not rest:
        return {"draw": DRAW, "take": TAKE, "decline": DECLINE}[verb]
    if verb in ("meld", "pairs") and rest:
        groups = tuple(parse_pieces(group, okey) for group in rest.split(","))
        return LayMelds(groups) if verb == "meld" else LayPairs(groups)
    if verb in ("layoff", "seize"):
        parts = rest.split()
        # ASCII digits only (str.isdigit() and int() also take "²" and "١"), and not thousands of them.
        if len(parts) == 3 and parts[1].lower() in ("on", "to") and _is_number(parts[2]):
            if verb == "layoff":
                return LayOff(parse_piece(parts[0], okey), int(parts[2]))
            return Seize(Tile.parse(parts[0]), int(parts[2]))
    if verb == "discard" and rest:
        return Discard(Tile.parse(rest))
    raise NotationError(
        f"{quote(text.strip())} is not an action: write draw, take, decline, meld R4 R5 R6, pairs B9 B9, "
        "layoff K13 on 2, seize K12 on 2 or discard R3",
        code="okey-action",
        params={"text": excerpt(text.strip())},
    )


def _is_number(word: str) -> bool:
    """A table item's number: ASCII digits, at most nine of them."""
    return word.isascii() and word.isdigit() and len(word) <= 9


def event_action(event: Event) -> Action:
    """The action that made ``event`` (a replay steps through a round's events with it)."""
    kind = type(event)
    if kind is Drew:
        return DRAW
    if kind is Took:
        return TAKE
    if kind is LaidMelds:
        return LayMelds(event.melds)
    if kind is LaidPairs:
        return LayPairs(event.pairs)
    if kind is LaidOff:
        return LayOff(event.piece, event.to)
    if kind is Seized:
        return Seize(event.tile, event.to)
    if kind is Declined:
        return DECLINE
    return Discard(event.tile)
