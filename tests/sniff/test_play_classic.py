"""Classic Sniff through the board's ops (engine.sniff.board): settings, the lots, the fives, the award, replays."""

from __future__ import annotations

import json

import pytest

from engine.board import session
from engine.core.i18n import LANGUAGES
from engine.sniff.board.text import Words
from engine.sniff.game import PASS
from engine.sniff.record import game_record, replay
from tests.support.ops import next_view


def reply(op: str, **args) -> dict:
    return json.loads(session.handle(f"sniff.{op}", json.dumps(args)))


def call(op: str, **args):
    answer = reply(op, **args)
    assert answer["ok"], answer
    return answer["result"]


def play_out(view: dict, lang: str = "en") -> list[dict]:
    views = [view]
    while view["phase"] != "gameOver":
        view = next_view(view, lambda actions: actions[-1], lang=lang)
        views.append(view)
    return views


@pytest.fixture(scope="module")
def game_views() -> list[dict]:
    return play_out(call("new", players=2, bots="greedy", seed=21, rules="classic"))


def test_a_classic_game_on_the_board_is_recorded_as_classic_and_replays(game_views):
    last = game_views[-1]
    record = last["record"]
    assert last["rules"] == "classic" and last["partnerships"] is False and last["target"] == 61
    assert record["rules"] == "classic" and "lots" in record["hands"][0]
    assert game_record(replay(record)) == record
    assert game_views[0]["log"][0].startswith("Lots for the lead: You [")
    assert last["sides"][last["gameEnd"]["winner"]]["score"] >= 61


def test_the_hint_says_what_a_count_scores_in_fives(game_views):
    hints = [view["hint"] for view in game_views if view["hint"]]
    scored = [hint for hint in hints if hint["fives"]]
    assert scored
    for hint in hints:
        total = sum(end["value"] for end in hint["counted"])
        if total and total % 5 == 0:
            assert hint["fives"] == f"In fives: {total} → {total // 5} point{'s' if total != 5 else ''}."
        else:
            assert hint["fives"] is None


def test_the_end_of_a_hand_and_the_sheet_show_the_award(game_views):
    ends = [view for view in game_views if view["phase"] == "handOver"]
    assert ends
    for view in ends:
        end = view["handEnd"]
        hand = view["record"]["hands"][-1]
        assert end["deductions"] == [] and len(end["remaining"]) == 2
        assert (end["award"]["seat"], end["award"]["points"]) == (
            (hand["award"]["seat"], hand["award"]["points"]) if hand["award"] else (None, None)
        )
        assert end["award"]["text"] in end["lines"]
        row = [side["hands"][-1] for side in view["sheet"]]
        if hand["award"]:
            winner = row[hand["award"]["seat"]]
            assert winner["award"]["points"] == hand["award"]["points"]
            assert winner["award"]["text"].startswith("award: ")
            assert row[1 - hand["award"]["seat"]]["award"] is None


def test_the_player_is_told_why_they_pass():
    words = Words("en", 2)
    assert words.turn(0, PASS, why_pass="two-draws") == (
        "Your turn: you have drawn two tiles this turn and neither fits, so pass."
    )
    assert "the last two tiles of the boneyard stay there" in words.turn(0, PASS, why_pass="reserve")
    assert words.turn(0, PASS) == "Your turn: nothing fits and the boneyard is empty, so pass."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_award_in_every_language(lang):
    words = Words(lang, 4, partnerships=False)
    text = words.award(2, 29, 3, 5)
    assert "29" in text and "3" in text and "26" in text and "25" in text and "5" in text
    assert words.side(2) == words.seat(2), "four players alone keep four scores, each under its seat's name"
    small = words.award(1, 2, 0, 0)
    assert "2" in small and small != words.award(1, 3, 0, 1)
    assert "15" in words.fives(15, 3) and "3" in words.fives(15, 3)


def test_four_players_choose_partnerships_in_classic_sniff_only():
    alone = call("new", players=4, seed=3, rules="classic")
    partners = call("new", players=4, seed=3, rules="classic", partnerships=True)
    american = call("new", players=4, seed=3)
    assert len(alone["sides"]) == 4 and alone["record"]["partnerships"] is False
    assert len(partners["sides"]) == 2 and partners["record"]["partnerships"] is True
    assert [side["name"] for side in partners["sides"]] == ["You and North", "West and East"]
    assert len(american["sides"]) == 2 and "rules" not in american["record"]
    bad = reply("new", players=2, rules="cribbage")
    assert not bad["ok"] and 'option rules is one of "american", "classic"' in bad["error"]["message"]
    bad = reply("new", players=4, rules="classic", partnerships="yes")
    assert not bad["ok"] and "option partnerships is one of false, true" in bad["error"]["message"]


def test_a_classic_record_replays_step_by_step_on_the_board(game_views):
    record = game_views[-1]["record"]
    opened = call("replay_open", text=json.dumps(record))
    assert opened["rules"] == "classic"
    middle = call("replay_view", replay=opened["replay"], step=3)
    assert middle["rules"] == "classic" and middle["handNumber"] == 1 and middle["handEnd"] is None
    assert middle["log"][0].startswith("Lots for the lead: ")
    resumed = call("replay_play_on", replay=opened["replay"], step=3)
    assert resumed["rules"] == "classic" and resumed["phase"] in ("you", "bot")
