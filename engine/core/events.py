"""What both games' events share: a seat's draw, which the other seats see without its tile.

Events are immutable values that recur in every hand or round, so each draw is made once
(``Draws``) and shared; what another seat sees of a seat's draw is its hidden draw
(``Draws.seen``), the same value in every view.

A hand's or round's events only grow while it is played, and every view of every seat shows all of them: a
``SeenLog`` keeps each seat's copy (and its JSON records) from view to view, so an event is seen and written once
per seat, not once per view (a server sends every seat a view after every move: a round's views would otherwise
cost the square of its length).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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

    def hidden(self, seat: int) -> Drew[TileT]:
        """``seat``'s draw as the other seats see it: without its tile."""
        return self._hidden[seat]

    def seen(self, event: object, seat: int) -> object:
        """``event`` as ``seat`` sees it: another seat's draw without its tile, any other event as it is."""
        if type(event) is Drew and event.seat != seat:
            return self._hidden[event.seat]
        return event

    def seen_all(self, events: Iterable[object], seat: int) -> list[object]:
        """``seen`` of each of ``events``, in one call (a view's hot loop)."""
        hidden = self._hidden
        return [hidden[event.seat] if type(event) is Drew and event.seat != seat else event for event in events]


class SeenLog:
    """One hand's or round's events as each seat sees them (``Draws.seen_all``) and as JSON records, each made
    once per seat and kept. The events it is given are only ever appended to; an owner that takes an event back
    (a bot's look ahead) drops its log and makes a new one."""

    __slots__ = ("_draws", "_records", "_seen")

    def __init__(self, draws: Draws, seats: int) -> None:
        self._draws = draws
        self._seen: list[list[object]] = [[] for _ in range(seats)]
        self._records: list[list[dict]] = [[] for _ in range(seats)]

    def seen(self, events: Sequence[object], seat: int) -> tuple[object, ...]:
        """``events`` as ``seat`` sees them."""
        mine = self._seen[seat]
        done = len(mine)
        if done < len(events):
            mine.extend(self._draws.seen_all(events[done:], seat))
        return tuple(mine)

    def records(self, events: Sequence[object], seat: int, record: Callable[[object], dict]) -> list[dict]:
        """``events`` as ``seat`` sees them, each written by ``record``: a new list of the kept records, which
        are shared from view to view (read them; copy one to change it)."""
        mine = self._records[seat]
        done = len(mine)
        if done < len(events):
            mine.extend(record(event) for event in self.seen(events, seat)[done:])
        return list(mine)
