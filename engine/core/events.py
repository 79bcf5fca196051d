"""What both games' events share: a seat's draw, which the other seats see without its tile.

Events are immutable values that recur in every hand or round, so each draw is made once
(``Draws``) and shared; what another seat sees of a seat's draw is its hidden draw
(``Draws.seen``), the same value in every view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

TileT = TypeVar("TileT")


@dataclass(frozen=True, slots=True)
class Drew(Generic[TileT]):
    """``seat`` drew ``tile``; None in another seat's view, which can't see it."""

    seat: int
    tile: TileT | None


class Draws(Generic[TileT]):
    """Every draw of ``seats`` seats from ``tiles``, each made once, and the draws hidden from the others."""

    __slots__ = ("_hidden", "by_seat")

    def __init__(self, seats: int, tiles: Iterable[TileT]) -> None:
        tiles = tuple(tiles)
        self._hidden = tuple(Drew(seat, None) for seat in range(seats))
        #: ``by_seat[seat][tile]``: the event of ``seat`` drawing ``tile`` (what ``drew`` gives, for a hot loop).
        self.by_seat: tuple[dict[TileT, Drew[TileT]], ...] = tuple(
            {tile: Drew(seat, tile) for tile in tiles} for seat in range(seats)
        )

    def drew(self, seat: int, tile: TileT) -> Drew[TileT]:
        """The event of ``seat`` drawing ``tile``."""
        return self.by_seat[seat][tile]

    def seen(self, event: object, seat: int) -> object:
        """``event`` as ``seat`` sees it: another seat's draw without its tile, any other event as it is."""
        if type(event) is Drew and event.seat != seat:
            return self._hidden[event.seat]
        return event

    def seen_all(self, events: Iterable[object], seat: int) -> list[object]:
        """``seen`` of each of ``events``, in one call (a view's hot loop)."""
        hidden = self._hidden
        return [hidden[event.seat] if type(event) is Drew and event.seat != seat else event for event in events]
