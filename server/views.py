"""What a seat sees: its ``state`` (the engine's view of the seat, the public log, the finished parts), the
``table`` event (who sits where), and the Socket.IO rooms they are sent to. Pure functions of a table: its actor
(``server.actor``) calls them after every change; each seat's view is made once per version.
"""

from __future__ import annotations

from engine.core.sessions import finished_record
from engine.core.views import spectator_view

from . import wire
from .tables import Table
from .wire import Raw

#: The keys of a view's envelope (``view_json``, ``engine.core.views``) that the state carries as its own.
BOARD_DUPLICATES = frozenset({"events", "legal", "hand"})


def rooms(table_id: str, seat: int | None) -> tuple[str, str]:
    """The rooms a seat's connection is in: the table's (its ``table`` and ``said`` events) and the seat's own (its
    states); a spectator's (``seat`` None): the table's and the spectators' (their states)."""
    return table_id, f"{table_id}:{'watch' if seat is None else seat}"


def board(table: Table, seat: int | None) -> dict:
    """The engine's view of ``seat`` (JSON), or a spectator's (``seat`` None: ``engine.core.views``, made from seat
    0's view); computed once per version, for the broadcast and the answers."""
    if table.boards_version != table.version:
        table.boards, table.boards_version = {}, table.version
    view = table.boards.get(seat)
    if view is None:
        if seat is None:
            view = spectator_view(board(table, 0), table.spec.view_private)
        else:
            view = table.spec.view_json(table.game, seat)
        table.boards[seat] = view
    return view


def wire_state(table: Table, seat: int | None, shared: bool):
    """The seat's state as it is sent: JSON text encoded once per version (``server.wire``), shared by the
    broadcast and the answers; as a dict when ``shared`` (several processes: the messages between them are JSON
    themselves)."""
    if shared:
        return state(table, seat)
    if table.states_version != table.version:
        table.states, table.states_version = {}, table.version
    text = table.states.get(seat)
    if text is None:
        text = table.states[seat] = Raw(wire.dumps(state(table, seat)))
    return text


def state(table: Table, seat: int | None) -> dict:
    """The ``state`` of ``seat``, or a spectator's (None: no hand, no legal actions, the spectator's board)."""
    view = board(table, seat)
    current = table.current
    events = view["events"]
    moves = table.moves[-len(events) :] if events else []
    if any(auto for _, auto in moves):  # the events a bot played for a seat are marked (copies: the board's stay)
        marked = [{**event, "auto": True} if auto else event for event, (_, auto) in zip(events, moves, strict=False)]
        events = marked + list(events[len(marked) :])
    legal = view["legal"] if current == seat and seat is not None else []
    result = {
        "game": table.meta["game"],
        "version": table.version,
        "seat": seat,
        "status": table.status,
        "current": current,
        "deadline": table.deadline if current is not None else None,
        "pause": table.pause_until if table.pausing else None,
        "hand": view["hand"],
        "legal": legal,
        "events": events,
        # The view's events, legal actions and hand are the state's (sent once, the events marked auto).
        "board": {key: value for key, value in view.items() if key not in BOARD_DUPLICATES},
        "options": {**table.meta["options"], **table.meta["table_options"]},
        "over": table.game.is_terminal(),
    }
    if result["over"]:
        result["record"] = table.final_record()
    else:
        finished = parts(table, view)
        if finished is not None:
            result["parts"] = finished
    return result


def parts(table: Table, view: dict) -> dict | None:
    """The record of the finished rounds or hands, without the seed (``engine.core.sessions.finished_record``),
    or None before the first ends: public once they are over, what the page's board draws a round's end,
    the score sheet and the review from. Made again only when a round or hand ends or is dealt."""
    key = (view["part"], table.game.current_player is None)
    if table.parts_key != key:
        parts = table.spec.parts
        finished = finished_record(table.spec.record(table.game), parts)
        table.parts_key, table.parts_record = key, finished if finished[parts] else None
    return table.parts_record


def table_info(table: Table, away: set[int], watchers: int = 0, next_id: str | None = None) -> dict:
    """The ``table`` event: who sits where (``away``: the human seats with no connection open), whether the table
    is public, how many watch, and the table a rematch made (``next``)."""
    return {
        "table": table.id,
        "seats": table.seats_info(away),
        "status": table.status,
        "version": table.version,
        "public": table.public,
        "watchers": watchers,
        "next": next_id,
    }


def listing(table: Table, away: set[int], watchers: int) -> dict:
    """A public table's entry in the lobby (``tables``)."""
    return {
        "table": table.id,
        "game": table.meta["game"],
        "options": {**table.meta["options"], **table.meta["table_options"]},
        "seats": table.seats_info(away),
        "status": table.status,
        "watchers": watchers,
        "created": table.meta.get("created", 0),
    }


def missed(table: Table, since: int) -> list[dict]:
    """The log's entries after ``since``, as a seat coming back is told them: only their public fields."""
    items = []
    for entry in table.entries[since:]:
        item = {"version": entry["version"], "kind": entry["kind"], "seat": entry["seat"]}
        if entry["kind"] == "act":
            # An action's notation is public in both games (a draw never names its tile).
            item["action"] = entry["action"]
            item["auto"] = bool(entry.get("auto"))
        items.append(item)
    return items
