"""An online table's state as the Okey table draws it: the same view as a game against the bots, from the seat's own.

The table server (``server/``, ``spec/online-tables.md``) sends each seat a ``state``: its view of the round in
play (``engine.okey.spec.view_json``, ``OkeyView.as_json``, less its events and legal actions, which are the
state's own), and the record of the finished rounds (``parts``) or, at the end, the whole record.
``online_view`` turns that into the table's view (``engine.okey.board.view.game_view``) from that seat (``me``),
so the page draws an online table exactly as it draws a game against the bots, the assisted table's help (the
penalty marks, whether the seat can open) included: the engine computes it here, in the page, from the seat's
own rack and the table, which is all it needs.

A finished round is public: it is read from the record, replayed and checked by the engine, so the round's end
(every rack, the settlement), the totals and the chart are the engine's own. The round in play is what the
seat's view holds and nothing more.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import EngineError
from ...core.sessions import SeenGame, SessionStore, check_language, online_past, pausing
from ..events import Charge, Declined, Discarded, Drew, Event, LaidMelds, LaidOff, LaidPairs, RoundEnd, Seized, Took
from ..game import Game, OkeyView, TableItem, parse_action
from ..melds import parse_meld, parse_piece, parse_pieces
from ..rules import Options
from ..tiles import Okey, Tile
from .rack import arranged, checked_lay


def _charge(data: dict) -> Charge | None:
    charge = data.get("charge")
    return None if charge is None else Charge(charge["seat"], charge["points"])


def _event(data: dict, okey: Okey) -> Event:
    """One event as the state gives it (the record's form; another seat's draw is ``"draw": null``)."""
    seat = data["seat"]
    if "draw" in data:
        return Drew(seat, None if data["draw"] is None else Tile.parse(data["draw"]))
    if "discard" in data:
        return Discarded(seat, Tile.parse(data["discard"]), _charge(data))
    if "take" in data:
        return Took(seat, Tile.parse(data["take"]), _charge(data))
    if "meld" in data:
        return LaidMelds(seat, tuple(parse_pieces(group, okey) for group in data["meld"]), data.get("opening"))
    if "pairs" in data:
        return LaidPairs(seat, tuple(parse_pieces(group, okey) for group in data["pairs"]), data.get("opening"))
    if "layoff" in data:
        return LaidOff(seat, parse_piece(data["layoff"], okey), data["to"], _charge(data))
    if "seize" in data:
        return Seized(seat, Tile.parse(data["seize"]), data["to"], _charge(data))
    return Declined(seat)


def _last_opening(events) -> int | None:
    last = None
    for event in events:
        if type(event) is LaidMelds and event.opening is not None:
            last = event.opening
    return last


def seat_view(state: dict) -> OkeyView:
    """The seat's view of the round in play, from the state (its ``board``, ``events`` and ``legal``)."""
    board = state["board"]
    okey = Okey(Tile.parse(board["indicator"]))
    events = tuple(_event(event, okey) for event in state.get("events", ()))
    last = board["lastDiscard"]
    taken = board.get("taken")
    end = board.get("end")
    return OkeyView(
        seat=board["seat"],
        options=Options.from_json(board["options"]),
        round_number=board["round"],
        starter=board["starter"],
        indicator=okey.indicator,
        okey=okey,
        rack=tuple(Tile.parse(tile) for tile in board["rack"]),
        table=tuple(TableItem(item["owner"], parse_meld(item["meld"], okey)) for item in board["table"]),
        rack_sizes=tuple(board["rackSizes"]),
        pile_size=board["pileSize"],
        opened=tuple(board["opened"]),
        last_opening=_last_opening(events),
        threshold=board["threshold"],
        last_discard=None if last is None else (last["seat"], Tile.parse(last["tile"])),
        discards=tuple(tuple(Tile.parse(tile) for tile in pile) for pile in board["discards"]),
        charges=tuple(board["charges"]),
        totals=tuple(board["totals"]),
        current_player=board["currentPlayer"],
        phase=board["phase"],
        taken=None if taken is None else Tile.parse(taken),
        taken_used=taken is None,
        taken_closed=False,
        opened_now=False,
        events=events,
        legal_actions=tuple(parse_action(action, okey) for action in state.get("legal", ())),
        end=None if end is None else RoundEnd(end["kind"], end["seat"]),
        settlement=None if board.get("settlement") is None else tuple(board["settlement"]),
    )


class SeatGame(SeenGame):
    """The game as one seat of an online table knows it during a round: its options and its view. ``game_view``
    reads no more of a game in play than this gives (a finished round is read from the replayed record)."""

    def __init__(self, seen: OkeyView) -> None:
        super().__init__(seen)
        self.options = seen.options


#: The seat's latest view of each online table the page shows, for the rack's checks and orders.
_seats: SessionStore[tuple[OkeyView, bool]] = SessionStore("online", 'the page holds no online table "{key}"')


def _replay(record: dict) -> Game:
    from ..record import replay

    return replay(record)


def online_view(state: dict, lang: str = "en") -> dict:
    """The table's view of an online table's ``state`` from its seat, with the record a player may download."""
    from .view import game_view

    record, past = online_past(state, lang, "rounds", _replay)
    board = state["board"]
    me = board["seat"]
    assisted = bool(state.get("options", {}).get("assisted"))
    # Between two deals (the server's pause) the board shows the one that ended, public now, whether the state
    # still shows it or already the next deal.
    if past is not None and (past.is_terminal() or pausing(state) or len(past.rounds) == board["round"]):
        game = past  # the game's end, or the round that just ended (the pause before the next): all public
    else:
        game = SeatGame(seat_view(state))
    view = game_view(game, lang, assisted=assisted, me=me)
    view["game"] = _seats.add((game.view(me), assisted))
    return view | {"online": True, "record": record or None, "moves": state.get("version", 0)}


def online_lay_check(game: str, tiles: list, kind: str = "melds", lang: str = "en") -> dict:
    """``lay_check`` on an online table, from the seat's own view (its rack, the table, the threshold): the
    page's check before the move is sent; the server checks it again."""
    from .text import Words

    seen, _assisted = _seats[game]
    check_language(lang)
    me = seen.seat
    opened = seen.opened[me]

    def validate(action) -> None:
        if opened is None and getattr(action, "melds", None) is not None:
            value = sum(meld.value for meld in action.melds)
            if value < seen.threshold:
                raise EngineError("the opening is below the threshold", code="okey-opening-low")

    my_turn = seen.current_player == me and seen.phase == "play"
    rack = Counter(seen.rack)
    words = Words(lang, seen.options.mode, me)
    return checked_lay(words, rack, seen.okey, seen.threshold, opened, tiles, kind, validate, my_turn)


def online_arrange(game: str, how: str = "runs", lang: str = "en") -> dict:
    """``arrange`` of the seat's own rack on an online table (``best`` and ``pairs`` on an assisted table)."""
    seen, assisted = _seats[game]
    check_language(lang)
    return arranged(seen.rack, seen.okey, how, assisted)
