"""An online table's state as the board draws it: the same view as a game against the bots, from the seat's own.

The table server (``server/``, ``spec/online-tables.md``) sends each seat a ``state``: its view of the hand in
play (``engine.sniff.spec.view_json`` less its events and legal actions, which are the state's own), and the
record of the finished hands (``parts``, without the seed) or, at the end, the whole record. ``online_view``
turns that into the board's view (``engine.sniff.board.view.game_view``) from that seat (``me``), so the page's
board draws an online table exactly as it draws a game against the bots.

A finished hand is public: it is read from the record, replayed and checked by the engine, so the hand's end
(every seat's tiles, the deductions or the award), the score sheet and the chart are the engine's own. The hand
in play is what the seat's view holds and nothing more: its tiles, the layout, the counts, the events with the
other seats' draws hidden; the seat's view stands in for ``Game.view``, and nothing hidden is ever guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.sessions import SeenGame, online_past, pausing
from ..game import Drew, Event, Game, Passed, Played, PlayerView, parse_action
from ..notation import parse_layout, parse_placement
from ..rules import ruleset_named
from ..tiles import Tile


def _event(data: dict) -> Event:
    """One event as the state gives it (the record's form; another seat's draw is ``"draw": null``)."""
    seat = data["seat"]
    if "play" in data:
        return Played(seat, parse_placement(data["play"]), data["points"])
    if "draw" in data:
        return Drew(seat, None if data["draw"] is None else Tile.parse(data["draw"]))
    return Passed(seat)


def seat_view(state: dict) -> PlayerView:
    """The seat's view of the hand in play, from the state (its ``board``, ``events`` and ``legal``)."""
    board = state["board"]
    options = state.get("options", {})
    classic = board["rules"] == "classic" and board["players"] == 4  # its four play alone or as partnerships
    ruleset = ruleset_named(board["rules"], bool(options.get("partnerships")) if classic else None)
    return PlayerView(
        board["seat"],
        board["players"],
        ruleset,
        board["target"],
        board["hand"],
        board["opener"],
        tuple(Tile.parse(tile) for tile in board["tiles"]),
        parse_layout(board["layout"]),
        tuple(board["handSizes"]),
        board["boneyard"],
        board["drawable"],
        tuple(_event(event) for event in state.get("events", ())),
        tuple(board["scores"]),
        board["current"],
        tuple(parse_action(action) for action in state.get("legal", ())),
    )


@dataclass
class _Deal:
    """What the log reads of the hand's deal: the lots that chose its leader (public: their tiles go back before
    the deal), None on a hand led without them."""

    lots: tuple[tuple[Tile | None, ...], ...] | None = None


def _lots(board: dict) -> tuple[tuple[Tile | None, ...], ...] | None:
    rounds = board.get("lots")
    if rounds is None:
        return None
    return tuple(tuple(None if tile is None else Tile.parse(tile) for tile in row) for row in rounds)


@dataclass
class SeatHand:
    """The hand in play as the seat knows it: what the score sheet and the log read of a hand."""

    seen: PlayerView
    deal: _Deal = field(default_factory=_Deal)
    is_over: bool = False
    award: None = None

    @property
    def events(self):
        return self.seen.events

    @property
    def scores(self):
        return self.seen.scores

    @property
    def opener(self):
        return self.seen.opener

    def side_of(self, seat: int) -> int:
        return self.seen.side_of(seat)


class SeatGame(SeenGame):
    """The game as one seat of an online table knows it: the finished hands (replayed from the record) and the
    hand in play (the seat's view). ``game_view`` reads no more of a game than this gives."""

    def __init__(self, past: Game | None, seen: PlayerView, lots: tuple | None = None) -> None:
        super().__init__(seen)
        self.players = seen.players
        self.ruleset = seen.ruleset
        self.target = seen.target
        self.sides = seen.sides
        self.partnerships = self.players == 4 and self.sides == 2
        self.hand = SeatHand(seen, _Deal(lots))
        self.hands = [*(past.hands if past is not None else ()), self.hand]
        self.scores = seen.scores
        self.seed = None


def _replay(record: dict) -> Game:
    from ..record import replay

    return replay(record)


def online_view(state: dict, lang: str = "en") -> dict:
    """The board's view of an online table's ``state`` from its seat, with the record a player may download."""
    from .view import game_view

    record, past = online_past(state, lang, "hands", _replay)
    me = state["board"]["seat"]
    # Between two deals (the server's pause) the board shows the one that ended, public now, whether the state
    # still shows it or already the next deal.
    if past is not None and (past.is_terminal() or pausing(state) or len(past.hands) == state["board"]["hand"]):
        game = past  # the game's end, or the hand that just ended (the pause before the next): all public
    else:
        game = SeatGame(past, seat_view(state), _lots(state["board"]))
    view = game_view(game, lang, me=me)
    return view | {
        "online": True,
        "record": record or None,
        "moves": state.get("version", 0),
        "canDeal": False,
        "game": "online",
    }
