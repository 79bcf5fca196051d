"""What one Sniff seat may know during a hand: its view, which bots choose from and boards draw.

``PlayerView.as_json`` writes a view in the engine's one view format (``engine.core.views``: the envelope, then
Sniff's own keys) and ``PlayerView.from_json`` reads it back, the same view: an online table's page reads the
server's JSON with it and draws the very view a game against the bots draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.views import envelope
from .actions import Action, Event, event_from_record, event_record, parse_action
from .deal import Lots, lots_from_record, lots_record
from .layout import Layout
from .notation import format_layout, parse_layout
from .rules import Award, Ruleset, ruleset_named, side_of
from .tiles import Tile


@dataclass(slots=True, eq=False)
class PlayerView:
    """Everything one seat may know during a hand; bots choose from this alone.

    ``layout`` is the hand's own layout, shared and read-only: a bot that places and undoes
    tiles to think ahead works on ``layout.copy()``. Once the hand has ended, ``end`` says how (``out``,
    ``blocked``, ``target``) and ``deductions`` (American Sniff) or ``award`` (classic) how it was settled, as
    its record says; ``lots`` are the lots that chose the hand's leader (public: their tiles went back first).
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
    end: str | None = None
    deductions: tuple[int, ...] | None = None
    award: Award | None = None
    lots: Lots | None = None

    @property
    def part(self) -> int:
        """The number of the hand (1 = the first)."""
        return self.hand_number

    @property
    def sides(self) -> int:
        return self.ruleset.sides(self.players)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    @property
    def side(self) -> int:
        return self.side_of(self.seat)

    @property
    def options(self) -> dict:
        """The game's options (``engine.sniff.spec.OPTIONS``) that make its ruleset and its seats."""
        partnerships = self.ruleset.optional_partnerships and self.ruleset.partnerships
        return {"players": self.players, "rules": self.ruleset.key, "partnerships": partnerships}

    def as_json(self, events: list[dict] | None = None) -> dict:
        """The view as JSON values (``engine.core.views``); ``events``, when given, are its events already written
        (``Hand.records_for``, kept from view to view)."""
        if self.ruleset.deductions:
            settled = {"deductions": None if self.deductions is None else list(self.deductions)}
        else:
            settled = {"award": None if self.award is None else {"seat": self.award.seat, "points": self.award.points}}
        return envelope(
            "sniff",
            self.seat,
            self.players,
            self.options,
            self.hand_number,
            self.current_player,
            [tile.notation() for tile in self.tiles],
            [action.notation() for action in self.legal_actions],
            [event_record(event) for event in self.events] if events is None else events,
            self.end,
        ) | {
            "opener": self.opener,
            "layout": format_layout(self.layout),
            "handSizes": list(self.hand_sizes),
            "boneyard": self.boneyard_size,
            "drawable": self.drawable,
            "scores": list(self.scores),
            "lots": None if self.lots is None else lots_record(self.lots),
            **settled,
        }

    @classmethod
    def from_json(cls, data: dict) -> PlayerView:
        """``as_json``'s reader: the view its JSON writes (``GameSpec.view_from_json`` checks the envelope first)."""
        options = data["options"]
        players = data["players"]
        rules = ruleset_named(options["rules"])
        ruleset = ruleset_named(options["rules"], options["partnerships"] if rules.optional_partnerships else None)
        # A hand of American Sniff is settled by deductions, one of classic Sniff by an award: the view has its own.
        deductions = data["deductions"] if ruleset.deductions else None
        award = None if ruleset.deductions else data["award"]
        lots = data["lots"]
        return cls(
            data["seat"],
            players,
            ruleset,
            ruleset.target(players),
            data["part"],
            data["opener"],
            tuple(Tile.parse(tile) for tile in data["hand"]),
            parse_layout(data["layout"]),
            tuple(data["handSizes"]),
            data["boneyard"],
            data["drawable"],
            tuple(event_from_record(event) for event in data["events"]),
            tuple(data["scores"]),
            data["current"],
            tuple(parse_action(action) for action in data["legal"]),
            data["end"],
            None if deductions is None else tuple(deductions),
            None if award is None else Award(award["seat"], award["points"]),
            None if lots is None else lots_from_record(lots),
        )
