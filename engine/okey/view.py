"""What one Okey seat may know: its view, which bots choose from and boards draw.

``OkeyView.as_json`` writes a view in the engine's one view format (``engine.core.views``: the envelope, then
Okey's own keys) and ``OkeyView.from_json`` reads it back, the same view: an online table's page reads the
server's JSON with it and draws the very view a game against the bots draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.views import envelope
from .actions import Action, parse_action
from .deal import SEATS
from .events import Event, RoundEnd, end_from_record, end_record, event_from_record, event_record
from .melds import Meld, TableItem, parse_meld
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

    @property
    def part(self) -> int:
        """The number of the round (1 = the first)."""
        return self.round_number

    def melds(self) -> list[Meld]:
        return [item.meld for item in self.table]

    def as_json(self, events: list[dict] | None = None) -> dict:
        """The view as JSON values (``engine.core.views``: the envelope, then Okey's own keys); ``events``, when
        given, are its events already written (``Game.event_records``, kept from view to view)."""
        taken = self.taken
        return envelope(
            "okey",
            self.seat,
            SEATS,
            self.options.as_json(),
            self.round_number,
            self.current_player,
            format_tiles(self.rack).split(),
            [action.notation() for action in self.legal_actions],
            [event_record(event) for event in self.events] if events is None else events,
            end_record(self.end),
        ) | {
            "starter": self.starter,
            "indicator": self.indicator.notation(),
            "table": [{"owner": i.owner, "kind": i.meld.kind, "meld": i.meld.notation()} for i in self.table],
            "rackSizes": list(self.rack_sizes),
            "pileSize": self.pile_size,
            "opened": list(self.opened),
            "lastOpening": self.last_opening,
            "threshold": self.threshold,
            "lastDiscard": None
            if self.last_discard is None
            else {"seat": self.last_discard[0], "tile": self.last_discard[1].notation()},
            "discards": [[t.notation() for t in d] for d in self.discards],
            "charges": list(self.charges),
            "totals": list(self.totals),
            "phase": self.phase,
            # The tile taken from the discards this turn, and how it may still be used: the seat's own.
            "taken": None if taken is None else taken.notation(),
            "takenUsed": self.taken_used,
            "takenClosed": self.taken_closed,
            "openedNow": self.opened_now,
            "settlement": None if self.settlement is None else list(self.settlement),
        }

    @classmethod
    def from_json(cls, data: dict) -> OkeyView:
        """``as_json``'s reader: the view its JSON writes (``GameSpec.view_from_json`` checks the envelope first)."""
        okey = Okey(Tile.parse(data["indicator"]))
        last = data["lastDiscard"]
        taken = data["taken"]
        settlement = data["settlement"]
        return cls(
            seat=data["seat"],
            options=Options.from_json(data["options"]),
            round_number=data["part"],
            starter=data["starter"],
            indicator=okey.indicator,
            okey=okey,
            rack=tuple(Tile.parse(tile) for tile in data["hand"]),
            table=tuple(TableItem(item["owner"], parse_meld(item["meld"], okey)) for item in data["table"]),
            rack_sizes=tuple(data["rackSizes"]),
            pile_size=data["pileSize"],
            opened=tuple(data["opened"]),
            last_opening=data["lastOpening"],
            threshold=data["threshold"],
            last_discard=None if last is None else (last["seat"], Tile.parse(last["tile"])),
            discards=tuple(tuple(Tile.parse(tile) for tile in pile) for pile in data["discards"]),
            charges=tuple(data["charges"]),
            totals=tuple(data["totals"]),
            current_player=data["current"],
            phase=data["phase"],
            taken=None if taken is None else Tile.parse(taken),
            taken_used=data["takenUsed"],
            taken_closed=data["takenClosed"],
            opened_now=data["openedNow"],
            events=tuple(event_from_record(event, okey) for event in data["events"]),
            legal_actions=tuple(parse_action(action, okey) for action in data["legal"]),
            end=end_from_record(data["end"]),
            settlement=None if settlement is None else tuple(settlement),
        )
