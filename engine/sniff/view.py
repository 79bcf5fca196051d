"""What one Sniff seat may know during a hand: its view, which bots choose from and boards draw."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Event
from .layout import Layout
from .rules import Ruleset, side_of
from .tiles import Tile


@dataclass(slots=True, eq=False)
class PlayerView:
    """Everything one seat may know during a hand; bots choose from this alone.

    ``layout`` is the hand's own layout, shared and read-only: a bot that places and undoes
    tiles to think ahead works on ``layout.copy()``.
    """

    seat: int
    players: int
    ruleset: Ruleset
    target: int
    hand_number: int
    opener: int | None
    tiles: tuple[Tile, ...]
    layout: Layout
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    drawable: int
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    current_player: int | None
    legal_actions: tuple[Action, ...]

    @property
    def sides(self) -> int:
        return self.ruleset.sides(self.players)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    @property
    def side(self) -> int:
        return self.side_of(self.seat)
