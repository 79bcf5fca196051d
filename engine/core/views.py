"""One view format for every game: what a seat may see, as JSON values, in an envelope every game writes alike.

A game's view type (Sniff's ``PlayerView``, Okey's ``OkeyView``) has a pair, as python-chess pairs
``Move.uci`` with ``Move.from_uci``: ``view.as_json()`` writes it and ``View.from_json(data)`` reads it back,
the same view (``tests/test_games.py`` round-trips every game's views). Its JSON starts with the envelope, the
same keys in every game (``spec/game-interface.md``):

    game      the game's name
    seat      the seat whose view it is
    players   the number of seats
    options   the game's options (every one, as ``GameSpec.check_options`` fills them in)
    part      the number of the hand or round in play (1 = the first)
    current   the seat to act, or null (the part is over, or the game waits for the next deal)
    hand      the seat's own tiles, in the game's notation
    legal     the actions the seat may take now, in the notation (empty when it is not its turn)
    events    the part's events as the seat saw them, in the record's form (another seat's draw is null)
    end       how the part ended, as its record says, or null while it is in play

and goes on with the game's own keys. The layers above (the boards, the online tables' server) read the
envelope and nothing else of a game's view; a board reads the rest through the game's ``from_json``.

A spectator's view (``spectator_view``) is a seat's view less the seat's own part: the envelope's seat, hand and
legal actions, and the game's own keys its spec names (``VIEW_PRIVATE``), each replaced by what a spectator sees
instead; and every draw's tile hidden in the events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import EngineError

#: The keys every game's view JSON starts with, in this order.
ENVELOPE = ("game", "seat", "players", "options", "part", "current", "hand", "legal", "events", "end")


class ViewError(EngineError):
    """A view's JSON that is not one the engine writes (a key missing, a value of the wrong kind)."""

    code = "view"


def envelope(
    game: str,
    seat: int,
    players: int,
    options: Mapping[str, object],
    part: int,
    current: int | None,
    hand: Sequence[str],
    legal: Sequence[str],
    events: list[dict],
    end: object,
) -> dict:
    """The envelope of a view's JSON (the module's docstring), its keys in their order; the game adds its own."""
    return {
        "game": game,
        "seat": seat,
        "players": players,
        "options": dict(options),
        "part": part,
        "current": current,
        "hand": list(hand),
        "legal": list(legal),
        "events": events,
        "end": end,
    }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_envelope(data: object, game: str) -> dict:
    """``data`` if it is a view of ``game`` with every key of the envelope, each of its kind; else a ``ViewError``
    that names the first key that is not."""
    if not isinstance(data, dict):
        raise ViewError(f"a view is a JSON object, not {type(data).__name__}")
    if data.get("game") != game:
        raise ViewError(f"the view is not one of {game}", params={"key": "game"})
    kinds = {
        "seat": _is_int,
        "players": _is_int,
        "options": lambda value: isinstance(value, dict),
        "part": _is_int,
        "current": lambda value: value is None or _is_int(value),
        "hand": lambda value: isinstance(value, list) and all(isinstance(tile, str) for tile in value),
        "legal": lambda value: isinstance(value, list) and all(isinstance(action, str) for action in value),
        "events": lambda value: isinstance(value, list) and all(isinstance(event, dict) for event in value),
    }
    for key, kind in kinds.items():
        if key not in data or not kind(data[key]):
            raise ViewError(f"the view's {key} is missing or not of its kind", params={"key": key})
    if "end" not in data:
        raise ViewError("the view's end is missing (null while the part is in play)", params={"key": "end"})
    return data


# -- what a spectator sees -------------------------------------------------------------------------------------

#: The envelope's keys that are the seat's own, and what a spectator gets instead (a game names its own others:
#: its spec's ``VIEW_PRIVATE``).
SPECTATOR = {"seat": None, "hand": [], "legal": []}


def hidden_draws(events: Iterable[dict]) -> list[dict]:
    """The events (in the record's form) with every draw's tile hidden (``"draw": null``), the others as they
    are (shared, not copied)."""
    return [{**event, "draw": None} if event.get("draw") is not None else event for event in events]


def spectator_view(view: Mapping[str, Any], private: Mapping[str, Any]) -> dict:
    """A seat's view (``view_json``) as a spectator sees it: what a spectator sees instead of the seat's own part
    (``SPECTATOR``: no seat, no tiles, no legal actions; then the game's ``private`` keys), and the events with
    every draw hidden, as the seats see the others' draws. It is the same whichever seat it is made from
    (``tests/test_spectator_view.py`` checks it over whole games): nothing in it is any one seat's alone."""
    return {**view, **SPECTATOR, **private, "events": hidden_draws(view["events"])}


def spectator_json(spec: Any, game: Any, seat: int = 0) -> dict:
    """The spectator's view of ``game`` (a game of the registry's ``spec``), made from ``seat``'s."""
    return spectator_view(spec.view_json(game, seat), spec.view_private)
