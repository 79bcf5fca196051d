"""The spectator's view (``engine.core.views``), for every game of the registry: made from any seat's view it is
the same, so it holds nothing any one seat alone may see; it has no tiles of a seat's own and no drawn tile."""

from __future__ import annotations

import random

import pytest

from engine.core.games import GAMES
from engine.core.views import SPECTATOR, hidden_draws, spectator_view

#: One whole game of each game, with a table's pause between rounds (the finished round's view is checked too).
CASES = [
    ("sniff", {"players": 3}),
    ("sniff", {"rules": "classic", "players": 4, "partnerships": True}),
    ("okey", {"rounds": 3}),
]


def _check(spec, game) -> dict:
    views = [spec.spectator_json(game, seat) for seat in range(game.players)]
    for seat, view in enumerate(views[1:], 1):
        assert view == views[0], f"the spectator's view made from seat {seat} differs from seat 0's"
    view = views[0]
    assert view["seat"] is None
    for key, value in {**SPECTATOR, **spec.view_private}.items():
        assert view[key] == value
    assert all(event.get("draw") is None for event in view["events"])
    return view


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_spectator_sees_what_every_seat_sees_and_no_seat_own_tile(name: str, options: dict) -> None:
    spec = GAMES[name]
    game = spec.new_game(seed=5, hold=True, **options)
    bots = [spec.make_bot("greedy", seat, random.Random(seat)) for seat in range(game.players)]
    draws = ends = 0
    while not game.is_terminal():
        if spec.needs_deal(game):
            ends += _check(spec, game)["end"] is not None
            spec.deal_next(game)
            continue
        view = _check(spec, game)
        draws += sum(1 for event in view["events"] if "draw" in event)
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    _check(spec, game)
    assert draws and ends  # draws were hidden, and finished rounds or hands were looked at


def test_hidden_draws_and_the_private_part() -> None:
    events = [{"seat": 0, "draw": "3-4"}, {"seat": 1, "draw": None}, {"seat": 0, "play": "3-4"}]
    assert hidden_draws(events) == [{"seat": 0, "draw": None}, {"seat": 1, "draw": None}, {"seat": 0, "play": "3-4"}]
    assert events[0]["draw"] == "3-4"  # the seat's own records are not changed
    view = {"seat": 2, "hand": ["1-1"], "legal": ["draw"], "events": events, "scores": [1, 2], "taken": "R5"}
    assert spectator_view(view, {"taken": None}) == {
        "seat": None,
        "hand": [],
        "legal": [],
        "events": hidden_draws(events),
        "scores": [1, 2],
        "taken": None,
    }
