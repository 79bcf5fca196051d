"""What happens in an Okey round, as typed values: one event per kind of move, the charges, the round's end.

``Round.apply`` returns the event of each action and keeps the record's events in
``Round.events``; ``Round.end`` is the ``RoundEnd``. ``event_record`` and
``end_record`` are the one place that writes them in the record's JSON form
(``spec/okey-record.md``); ``engine.okey.record`` reads, and checks, a record's, and ``event_from_record``
and ``end_from_record`` read a seat's view's.

Events are immutable values: the draws, and the discards without a charge, are made once
and shared. Another seat's view holds a draw without its tile (``seen``); ``Drew`` is both games'
(``engine.core.events``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.events import Draws, Drew, SeenLog
from .melds import Piece, format_pieces, parse_piece, parse_pieces
from .tiles import TILES, Okey, Tile

SEATS = 4


@dataclass(frozen=True, slots=True)
class Charge:
    """``seat`` is charged ``points`` (the seat that gave the tile, or the owner of the meld)."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Took:
    """``seat`` took the previous seat's discard ``tile``; the giver may be charged."""

    seat: int
    tile: Tile
    charge: Charge | None = None


@dataclass(frozen=True, slots=True)
class Declined:
    """``seat`` left the last discard with the pile empty: the round is exhausted (not an event of the record)."""

    seat: int


@dataclass(frozen=True, slots=True)
class LaidMelds:
    """``seat`` laid runs and sets; ``opening`` is their total when they opened the seat, else None."""

    seat: int
    melds: tuple[tuple[Piece, ...], ...]
    opening: int | None = None


@dataclass(frozen=True, slots=True)
class LaidPairs:
    """``seat`` laid pairs; ``opening`` is 0 when they opened the seat, else None."""

    seat: int
    pairs: tuple[tuple[Piece, ...], ...]
    opening: int | None = None


@dataclass(frozen=True, slots=True)
class LaidOff:
    """``seat`` added ``piece`` to table item ``to``; an opponent owner is charged."""

    seat: int
    piece: Piece
    to: int
    charge: Charge | None = None


@dataclass(frozen=True, slots=True)
class Seized:
    """``seat`` put ``tile`` in place of the okey standing for it in table item ``to``."""

    seat: int
    tile: Tile
    to: int
    charge: Charge | None = None


@dataclass(frozen=True, slots=True)
class Discarded:
    """``seat`` discarded ``tile``; a penalty tile (one that fits a table meld) charges the seat itself."""

    seat: int
    tile: Tile
    charge: Charge | None = None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How the round ended (``hand``, ``pairs``, ``okey`` or ``exhausted``) and the seat that finished, if any."""

    kind: str
    seat: int | None


Event = Drew | Took | Declined | LaidMelds | LaidPairs | LaidOff | Seized | Discarded

_DRAWS = Draws(SEATS, TILES)
_DISCARDS = tuple({tile: Discarded(seat, tile) for tile in TILES} for seat in range(SEATS))


drew = _DRAWS.drew


def discarded(seat: int, tile: Tile, charge: Charge | None) -> Discarded:
    return _DISCARDS[seat][tile] if charge is None else Discarded(seat, tile, charge)


#: ``seen(event, seat)``: ``event`` as ``seat`` saw it, another seat's draw without its tile.
seen = _DRAWS.seen


def seen_log() -> SeenLog:
    """A new round's log of the events as each seat sees them (``Round.seen_by``, ``Round.records_for``)."""
    return SeenLog(_DRAWS, SEATS)


def _charged(out: dict, charge: Charge | None) -> dict:
    if charge is not None:
        out["charge"] = {"seat": charge.seat, "points": charge.points}
    return out


def event_record(event: Event) -> dict:
    """The event as the record writes it (a hidden draw's tile is null)."""
    kind = type(event)
    if kind is Drew:
        return {"seat": event.seat, "draw": None if event.tile is None else event.tile.notation()}
    if kind is Discarded:
        return _charged({"seat": event.seat, "discard": event.tile.notation()}, event.charge)
    if kind is Took:
        return _charged({"seat": event.seat, "take": event.tile.notation()}, event.charge)
    if kind is LaidMelds or kind is LaidPairs:
        name, groups = ("meld", event.melds) if kind is LaidMelds else ("pairs", event.pairs)
        out: dict = {"seat": event.seat, name: [format_pieces(group) for group in groups]}
        if event.opening is not None:
            out["opening"] = event.opening
        return out
    if kind is LaidOff:
        return _charged({"seat": event.seat, "layoff": event.piece.notation(), "to": event.to}, event.charge)
    if kind is Seized:
        return _charged({"seat": event.seat, "seize": event.tile.notation(), "to": event.to}, event.charge)
    return {"seat": event.seat, "decline": True}


def event_from_record(data: dict, okey: Okey) -> Event:
    """``event_record``'s reader, for a seat's view (``OkeyView.from_json``): the event the JSON writes, its pieces
    read under the round's ``okey``. Extra keys (an online table's ``auto``) are left aside; records are read,
    and checked, by ``engine.okey.record``."""
    seat = data["seat"]
    charge = data.get("charge")
    charge = None if charge is None else Charge(charge["seat"], charge["points"])
    if "draw" in data:
        return _DRAWS.hidden(seat) if data["draw"] is None else drew(seat, Tile.parse(data["draw"]))
    if "discard" in data:
        return discarded(seat, Tile.parse(data["discard"]), charge)
    if "take" in data:
        return Took(seat, Tile.parse(data["take"]), charge)
    if "meld" in data or "pairs" in data:
        kind, key = (LaidMelds, "meld") if "meld" in data else (LaidPairs, "pairs")
        return kind(seat, tuple(parse_pieces(group, okey) for group in data[key]), data.get("opening"))
    if "layoff" in data:
        return LaidOff(seat, parse_piece(data["layoff"], okey), data["to"], charge)
    if "seize" in data:
        return Seized(seat, Tile.parse(data["seize"]), data["to"], charge)
    return Declined(seat)


def end_record(end: RoundEnd | None) -> dict | None:
    return None if end is None else {"kind": end.kind, "seat": end.seat}


def end_from_record(data: dict | None) -> RoundEnd | None:
    """``end_record``'s reader."""
    return None if data is None else RoundEnd(data["kind"], data["seat"])


__all__ = [
    "Charge",
    "Declined",
    "Discarded",
    "Drew",
    "Event",
    "LaidMelds",
    "LaidOff",
    "LaidPairs",
    "RoundEnd",
    "Seized",
    "Took",
    "discarded",
    "drew",
    "end_record",
    "event_record",
    "seen",
    "seen_log",
]
