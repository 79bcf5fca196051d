"""An online table as its spectator and its seats see it on the board (``engine.board.online``): a spectator's state
(no seat, nothing of any seat's own, every draw hidden: spec/online-tables.md) drawn at every step of whole games of
both games, with no hand, no move and nobody called "you", no tile of a rack in play; and the names people typed,
used wherever the board names a seat, with the seat's place kept for the players and escaped nowhere but in the
page's text nodes (the engine hands them over as text)."""

from __future__ import annotations

import random

import pytest

from engine.board.session import call
from engine.core.games import GAMES
from tests.test_online_view import state_of

NAMES = ["Ada", None, "<b>Carl</b>", None]


def spectator_state(name: str, game, options: dict, version: int, names=None) -> dict:
    """What the server sends a spectator (spec/online-tables.md): a seat's state whose board is the engine's
    spectator view (no seat, nothing of any seat's own, every draw hidden)."""
    state = state_of(name, game, 0, options, version)
    board = GAMES[name].spectator_json(game)
    state |= {"seat": None, "hand": [], "legal": [], "events": board["events"]}
    state["board"] = {key: value for key, value in board.items() if key not in ("events", "legal", "hand")}
    if names is not None:
        state["names"] = names
    return state


def watch_through(name: str, options: dict, seed: int, check) -> int:
    spec = GAMES[name]
    table = {option.name for option in spec.table_options}
    game = spec.new_game(seed=seed, **{k: v for k, v in options.items() if k not in table})
    rng = random.Random(seed)
    for version in range(3000):
        if version % 7 == 0 or game.current_player is None or game.is_terminal():
            check(game, spectator_state(name, game, options, version, NAMES[: game.players]))
        if game.is_terminal():
            return version
        game.apply_action(rng.choice(list(game.legal_actions())))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "options", [{"players": 2}, {"players": 4}, {"players": 4, "rules": "classic", "partnerships": True}]
)
def test_a_sniff_spectator_sees_no_hand_no_move_and_nobody_is_you(options):
    full = {"players": 2, "rules": "american", "partnerships": False} | options

    def check(game, state):
        view = call("sniff.online_view", {"state": state, "lang": "en"})
        assert view["me"] is None and view["actions"] == [] and view["phase"] in ("bot", "handOver", "gameOver")
        names = [seat["name"] for seat in view["seats"]]
        assert names == [n or f"Seat {i + 1}" for i, n in enumerate(NAMES[: game.players])]
        if view["phase"] == "bot":  # in play, no rack is anyone's to see
            assert all(seat["tiles"] is None for seat in view["seats"])
        said = [view["turn"], *view["log"], *(side["name"] for side in view["sides"])]
        assert not [line for line in said if line.startswith(("You ", "Your ")) or " you " in line], said

    assert watch_through("sniff", full, seed=5, check=check) > 20


@pytest.mark.parametrize("options", [{"mode": "solo", "assisted": True}, {"mode": "pairs"}])
def test_an_okey_spectator_sees_no_rack_no_move_and_nobody_is_you(options):
    full = {"mode": "solo", "doubling": True, "rounds": 1} | options

    def check(game, state):
        view = call("okey.online_view", {"state": state, "lang": "en"})
        assert view["me"] is None and view["actions"] == [] and view["rack"] == [] and view["hint"] is None
        assert [seat["name"] for seat in view["seats"]] == ["Ada", "Seat 2", "<b>Carl</b>", "Seat 4"]
        if view["phase"] == "bot":
            assert all(seat["rack"] is None for seat in view["seats"])
        said = [view["turn"], *view["log"], (view["gameEnd"] or {}).get("text", "")]
        assert not [line for line in said if line.startswith(("You ", "Your ")) or " you " in line], said

    assert watch_through("okey", full, seed=9, check=check) > 20


@pytest.mark.parametrize(("name", "options"), [("sniff", {"players": 3}), ("okey", {"mode": "solo"})])
def test_a_seat_sees_the_others_by_their_typed_names_with_their_places(name, options):
    spec = GAMES[name]
    game = spec.new_game(seed=4, **options)
    for _ in range(6):
        game.apply_action(game.legal_actions()[0])
    state = state_of(name, game, 1, options, 6) | {"names": ["Ada", "Bea", None, "Dan"][: game.players]}
    view = call(f"{name}.online_view", {"state": state, "lang": "fi"})
    seats = [seat["name"] for seat in view["seats"]]
    assert view["me"] == 1 and seats[1] == "Sinä"  # the seat's own name is never its typed one
    assert seats[0].startswith("Ada (") and seats[0] != "Ada ()"
    assert "Bea" not in " ".join([*seats, *view["log"]])
    assert any("Ada (" in line for line in view["log"]), view["log"]


def test_names_that_are_not_a_list_per_seat_are_left_out_and_long_ones_cut():
    spec = GAMES["sniff"]
    game = spec.new_game(seed=4, players=2)
    for names, first in ((["x" * 200, None], "x" * 32), ("Ada", "Seat 1"), (["Ada"], "Seat 1"), ([7, None], "Seat 1")):
        state = spectator_state("sniff", game, {"players": 2}, 0, names)
        assert call("sniff.online_view", {"state": state, "lang": "en"})["seats"][0]["name"] == first
