"""The online table's board view (``engine.<game>.board.online``): from a seat's state, as the server sends it, the
very view the board draws of that seat in a game against the bots, at every step of whole games of both games."""

from __future__ import annotations

import random

import pytest

from engine.core.games import GAMES
from engine.core.sessions import finished_record
from engine.okey.board import online as okey_online
from engine.okey.board.view import game_view as okey_view
from engine.sniff.board import online as sniff_online
from engine.sniff.board.text import Words
from engine.sniff.board.view import game_view as sniff_view

#: What only the online view carries: the page's key for the table, the record a player may download, the version.
ONLINE_ONLY = {"game", "record", "moves", "online", "canDeal"}


def state_of(name: str, game, seat: int, options: dict, version: int) -> dict:
    """A seat's state as the server sends it (spec/online-tables.md): the view less its events and legal
    actions, which are the state's own, and the finished parts' record (without the seed)."""
    spec = GAMES[name]
    board = spec.view_json(game, seat)
    over = game.is_terminal()
    record = spec.record(game)
    parts = "hands" if name == "sniff" else "rounds"
    state = {
        "game": name,
        "version": version,
        "seat": seat,
        "board": {k: v for k, v in board.items() if k not in ("events", "legal", "actions")},
        "events": board["events"],
        "legal": board.get("legal", board.get("actions", [])) if game.current_player == seat else [],
        "options": options,
        "over": over,
    }
    finished = finished_record(record, parts)
    if finished[parts]:
        state["parts"] = finished
    if over:
        state["record"] = record
    return state


def play_through(name: str, options: dict, seed: int, steps: int, check, every: int = 1) -> int:
    spec = GAMES[name]
    game = spec.new_game(seed=seed, **{k: v for k, v in options.items() if k != "assisted"})
    rng = random.Random(seed)
    compared = 0
    for version in range(steps):
        for seat in (
            ()
            if version % every and not game.is_terminal()
            else range(spec.players(spec.check_options({k: v for k, v in options.items() if k != "assisted"})))
        ):
            check(game, seat, state_of(name, game, seat, options, version))
            compared += 1
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply_action(rng.choice(list(legal)))
    return compared


@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 4}, {"players": 4, "rules": "classic", "partnerships": False}]
)
def test_sniff_online_view_is_the_boards_view_of_the_seat(options):
    full = {"players": 2, "rules": "american", "partnerships": False} | options

    def check(game, seat, state):
        got = sniff_online.online_view(state, "fi")
        want = sniff_view(game, "fi", me=seat)
        assert {k: v for k, v in got.items() if k not in ONLINE_ONLY} == want
        assert got["me"] == seat

    assert play_through("sniff", full, seed=7, steps=2000, check=check, every=13) > 60


def test_the_lots_of_a_classic_first_hand_are_in_every_seats_log_from_its_start():
    """The lots that chose the first leader are public (their tiles go back before the deal): each seat's log says
    them from the first state on, in the words of a game against the bots, not only once the hand is over."""
    options = {"players": 4, "rules": "classic", "partnerships": True}
    game = GAMES["sniff"].new_game(seed=3, **options)
    lots = game.hand.deal.lots
    assert len(lots) == 2  # a tie, drawn again
    for seat in range(4):
        words = Words("it", 4, partnerships=True, me=seat)
        said = [words.lots(row, last=index == len(lots) - 1) for index, row in enumerate(lots)]
        log = sniff_online.online_view(state_of("sniff", game, seat, options, 0), "it")["log"]
        assert log[:3] == [*said, words.opener(1, game.hand.opener)]


@pytest.mark.parametrize("options", [{"mode": "solo", "assisted": True}, {"mode": "pairs", "rounds": 3}])
def test_okey_online_view_is_the_tables_view_of_the_seat(options):
    full = {"mode": "solo", "doubling": True, "rounds": 1} | options

    def check(game, seat, state):
        got = okey_online.online_view(state, "id")
        want = okey_view(game, "id", assisted=bool(options.get("assisted")), me=seat)
        assert {k: v for k, v in got.items() if k not in ONLINE_ONLY} == want

    assert play_through("okey", full, seed=11, steps=2000, check=check, every=5) > 40


def test_okey_online_rack_checks_come_from_the_seats_own_view():
    spec = GAMES["okey"]
    game = spec.new_game(seed=3, mode="solo", doubling=True, rounds=1)
    game.apply_action(game.legal_actions()[0])  # seat 0 discards: seat 1 to draw
    state = state_of("okey", game, 1, {"mode": "solo", "assisted": True}, 1)
    view = okey_online.online_view(state, "en")
    rack = view["seats"][1]["rack"]
    assert sorted(okey_online.online_arrange(view["game"], "runs")["order"]) == sorted(rack)
    assert okey_online.online_arrange(view["game"], "best")["order"]
    checked = okey_online.online_lay_check(view["game"], rack[:1])
    assert checked["ok"] is False
    with pytest.raises(Exception) as refused:
        okey_online.online_lay_check(view["game"], ["R1"] * 3)
    assert getattr(refused.value, "code", None) == "okey-not-in-rack"
