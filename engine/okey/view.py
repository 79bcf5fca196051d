"""What one Okey seat may know: its view, which bots choose from and boards draw."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .events import Event, RoundEnd, end_record, event_record
from .melds import Meld, TableItem
from .rules import Options
from .tiles import Okey, Tile, format_tiles


@dataclass(frozen=True, eq=False)
class OkeyView:
    """Everything one seat may know: its rack, the table, the discards, the counts; never the other racks
    or the pile's order. Bots choose from this alone."""

    seat: int
    options: Options
    round_number: int
    starter: int
    indicator: Tile
    okey: Okey
    rack: tuple[Tile, ...]
    table: tuple[TableItem, ...]
    rack_sizes: tuple[int, ...]
    pile_size: int
    opened: tuple[str | None, ...]
    last_opening: int | None
    threshold: int
    last_discard: tuple[int, Tile] | None
    discards: tuple[tuple[Tile, ...], ...]
    charges: tuple[int, ...]
    totals: tuple[int, ...]
    current_player: int | None
    phase: str
    taken: Tile | None
    taken_used: bool
    taken_closed: bool
    opened_now: bool
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    end: RoundEnd | None
    settlement: tuple[int, ...] | None

    def melds(self) -> list[Meld]:
        return [item.meld for item in self.table]

    def as_json(self, events: list[dict] | None = None) -> dict:
        """The view as plain JSON values (for the board); ``events``, when given, are its events already written
        (``Game.event_records``)."""
        return {
            "seat": self.seat,
            "options": self.options.as_json(),
            "round": self.round_number,
            "starter": self.starter,
            "indicator": self.indicator.notation(),
            "okey": self.okey.tile.notation(),
            "rack": format_tiles(self.rack).split(),
            "table": [{"owner": i.owner, "kind": i.meld.kind, "meld": i.meld.notation()} for i in self.table],
            "rackSizes": list(self.rack_sizes),
            "pileSize": self.pile_size,
            "opened": list(self.opened),
            "threshold": self.threshold,
            "lastDiscard": None
            if self.last_discard is None
            else {"seat": self.last_discard[0], "tile": self.last_discard[1].notation()},
            "discards": [[t.notation() for t in d] for d in self.discards],
            "charges": list(self.charges),
            "totals": list(self.totals),
            "currentPlayer": self.current_player,
            "phase": self.phase,
            "taken": None if self.taken is None or self.taken_used else self.taken.notation(),
            "events": [event_record(event) for event in self.events] if events is None else events,
            "actions": [a.notation() for a in self.legal_actions],
            "end": end_record(self.end),
            "settlement": None if self.settlement is None else list(self.settlement),
        }
