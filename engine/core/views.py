"""What a spectator sees of a game: the public part of every seat's view, written once for every game.

A game's ``view_json(game, seat)`` (the registry's) is what one seat may know. Its seat-own part is named by the
game's spec (``VIEW_PRIVATE``: each such key of the view, and the value a spectator gets instead: the seat's
tiles empty, its legal actions empty, ...); its events hold the seat's own draws with their tiles. The spectator's
view is a seat's view with that part replaced and every draw's tile hidden, as the seats see the others' draws.
It is the same whichever seat it is made from (``tests/test_spectator_view.py`` checks it over whole games):
nothing in it is any one seat's alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def hidden_draws(events: Iterable[dict]) -> list[dict]:
    """The events (in the record's form) with every draw's tile hidden (``"draw": null``), the others as they
    are (shared, not copied)."""
    return [{**event, "draw": None} if event.get("draw") is not None else event for event in events]


def spectator_view(view: Mapping[str, Any], private: Mapping[str, Any]) -> dict:
    """A seat's view (``view_json``) as a spectator sees it: ``private``'s keys replaced by its values, ``events``
    with every draw hidden."""
    out = {**view, **private}
    if "events" in view:
        out["events"] = hidden_draws(view["events"])
    return out


def spectator_json(spec: Any, game: Any, seat: int = 0) -> dict:
    """The spectator's view of ``game`` (a game of the registry's ``spec``), made from ``seat``'s."""
    return spectator_view(spec.view_json(game, seat), spec.view_private)
