"""Sniff's actions, their notation, and the events they make.

An action is a value: ``Play(placement)`` (notation ``1|4 on 4|4 line-b``), ``DRAW`` (``draw``) or ``PASS``
(``pass``); ``parse_action`` reads the notation back. Each action made by a hand is an event: ``Played`` (with
its points), ``Drew`` (``engine.core.events``: another seat sees it without its tile) or ``Passed``. Actions and
events recur in every hand, so each one is made once and shared.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import EngineError
from ..core.events import Draws, Drew
from .layout import OPEN_SIDES, Placement
from .notation import parse_placement
from .tiles import DOUBLE_SIX, Tile


@dataclass(frozen=True, slots=True)
class Play:
    """Place a tile: ``Play(Placement(Tile(1, 4), Tile(4, 4), Side.LINE_B))``, notation ``1|4 on 4|4 line-b``."""

    placement: Placement

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    def notation(self) -> str:
        return self.placement.notation()

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the boneyard's next tile (notation ``draw``)."""

    def notation(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no placement and nothing left to draw (notation ``pass``)."""

    def notation(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass
DRAW = Draw()
PASS = Pass()

# Legal actions recur in every hand: one Play object per (tile, target, side), made once.
_PLAYS: dict[tuple[Tile, Tile | None, object], Play] = {}


class _PlaysOn(dict):
    """The Play objects joining one open side, by tile, made when first asked for."""

    __slots__ = ("join",)

    def __init__(self, join) -> None:
        super().__init__()
        self.join = join

    def __missing__(self, tile: Tile) -> Play:
        play = self[tile] = play_of(tile, self.join.tile, self.join.side)
        return play


# The same Play objects by open side (its rank) and tile, for the legal actions' inner loop.
PLAYS_ON: tuple[_PlaysOn, ...] = tuple(_PlaysOn(join) for join in OPEN_SIDES)


def play_of(tile: Tile, target: Tile | None = None, side=None) -> Play:
    found = _PLAYS.get((tile, target, side))
    if found is None:
        found = _PLAYS[(tile, target, side)] = Play(Placement(tile, target, side))
    return found


def parse_action(text: str) -> Action:
    """Read ``draw``, ``pass`` or a placement in the layout notation (``1|4 on 4|4 line-b``)."""
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    return Play(parse_placement(text))


class IllegalActionError(EngineError):
    """An action the rules don't allow now; the message says whose turn it is and why."""

    code = "illegal-action"


# -- events ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` placed a tile and scored ``points``."""

    seat: int
    placement: Placement
    points: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed."""

    seat: int


Event = Played | Drew | Passed

# Events are immutable values that recur in every hand: each one is made once and shared.
# What the other seats see of a seat's draw is its hidden draw.
_DRAWS = Draws(8, DOUBLE_SIX)
DREWS = _DRAWS.by_seat
PASSES = tuple(Passed(seat) for seat in range(8))
PLAYEDS: dict[tuple, Played] = {}


def played(seat: int, placement: Placement, points: int) -> Played:
    """The event of ``seat`` placing ``placement`` for ``points`` (made once, shared)."""
    key = (seat, placement.tile, placement.target, placement.side, points)
    found = PLAYEDS.get(key)
    if found is None:
        found = PLAYEDS[key] = Played(seat, placement, points)
    return found


def event_record(event: Event) -> dict:
    """The event as the record writes it (``spec/game-record.md``); another seat's draw, hidden, has a null tile."""
    if type(event) is Played:
        return {"seat": event.seat, "play": event.placement.notation(), "points": event.points}
    if type(event) is Drew:
        return {"seat": event.seat, "draw": None if event.tile is None else event.tile.notation()}
    return {"seat": event.seat, "pass": True}


def event_from_record(data: dict) -> Event:
    """``event_record``'s reader: the event a record (or a seat's view) writes, made once and shared as every
    event is. Extra keys (an online table's ``auto``) are left aside; ``engine.sniff.record`` checks records."""
    seat = data["seat"]
    if "play" in data:
        return played(seat, parse_placement(data["play"]), data["points"])
    if "draw" in data:
        return _DRAWS.hidden(seat) if data["draw"] is None else DREWS[seat][Tile.parse(data["draw"])]
    return PASSES[seat]


def event_action(event: Event) -> Action:
    """The action that made ``event`` (a replay steps through a hand's events with it)."""
    kind = type(event)
    if kind is Played:
        return play_of(event.placement.tile, event.placement.target, event.placement.side)
    return DRAW if kind is Drew else PASS
