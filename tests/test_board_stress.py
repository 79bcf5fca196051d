"""The board's engine side under attack (issue 15): deep and huge values, seeds, error codes, small wordings.

Called as the worker calls it (``engine.board.session.handle``: JSON text in and out), so what
holds here holds in Pyodide, whose stack is smaller than CPython's.
"""

from __future__ import annotations

import json
import re

import pytest

from engine.board import session
from engine.i18n import LANGUAGES
from engine.play.errors import describe_error, error_words
from engine.play.text import Words, ui_text
from engine.sniff import parse_layout
from engine.sniff.game import MAX_SEED, Game
from engine.sniff.notation import NotationError
from engine.sniff.record import RecordError, replay
from engine.sniff.tiles import Tile


def reply(op: str, **args) -> dict:
    return json.loads(session.handle(op, json.dumps(args)))


def call(op: str, **args):
    answer = reply(op, **args)
    assert answer["ok"], answer
    return answer["result"]


def hand_over(seed: int, players: int = 2) -> dict:
    view = call("play_new", players=players, bots="greedy", seed=seed)
    while view["phase"] not in ("handOver", "gameOver"):
        if view["phase"] == "you":
            view = call("play_act", game=view["game"], action=view["actions"][0]["action"])
        else:
            view = call("play_bot", game=view["game"])
    return view


# -- item 3: deep and huge values are refused before any parser sees them --------------------------------------


@pytest.mark.parametrize("depth", [100, 10_000, 200_000])
def test_a_deeply_nested_record_is_the_engines_error_not_a_crash(depth):
    error = reply("replay_open", text="[" * depth)["error"]
    assert error["code"] == "record-too-deep" and error["params"] == {"limit": 32}


def test_deeply_nested_arguments_are_refused_before_parsing():
    answer = json.loads(session.handle("play_resume", '{"record": ' + "[" * 50_000 + "]" * 50_000 + "}"))
    assert answer["ok"] is False
    assert answer["error"]["code"] == "record-too-deep"


def test_a_huge_record_is_refused_by_its_size():
    error = reply("replay_open", text=" " * (4 * 1024 * 1024 + 1))["error"]
    assert error["code"] == "record-too-large"
    assert error["params"]["limit"] == 4 * 1024 * 1024


def test_a_recursion_error_is_the_engines_error(monkeypatch):
    def deep(**_):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setitem(session.OPS, "version", deep)
    answer = json.loads(session.handle("version", "{}"))
    assert answer["ok"] is False
    assert answer["error"]["type"] == "TooDeepError" and answer["error"]["code"] == "too-deep"


def test_a_huge_sandbox_layout_is_refused_by_its_size():
    error = reply("sandbox_view", layout="1|4;" * 15_000)["error"]
    assert error["code"] == "layout-too-long" and error["params"] == {"size": 60_000}


# -- item 5: seeds stay within what JavaScript numbers hold exactly ---------------------------------------------


def test_a_seed_beyond_two_to_the_53_is_refused_everywhere_a_seed_is_accepted():
    assert MAX_SEED == 2**53 - 1
    with pytest.raises(ValueError, match="from 0 to 9007199254740991"):
        Game(2, seed=2**53)
    with pytest.raises(ValueError, match="from 0 to 9007199254740991"):
        Game(2, seed=-1)
    Game(2, seed=MAX_SEED)  # the largest is fine
    assert reply("play_new", players=2, seed=2**53 + 1)["ok"] is False
    record = call("play_new", players=2, seed=7)["record"]
    record["seed"] = 2**60
    with pytest.raises(RecordError, match="seed must be a whole number from 0 to 9007199254740991"):
        replay(record)
    error = reply("replay_open", text=json.dumps(record))["error"]
    assert error["type"] == "RecordError" and "9007199254740991" in error["message"]
    assert reply("play_resume", record=record)["ok"] is False


def test_a_new_games_seed_survives_a_round_trip_through_a_javascript_number():
    for _ in range(20):
        seed = call("play_new", players=2)["record"]["seed"]
        assert 0 <= seed <= MAX_SEED and float(seed) == seed


# -- item 9: every error the board shows carries a code and parameters, worded from the catalogs -------------


def test_the_board_errors_carry_a_code_and_parameters():
    error = reply("sandbox_view", layout="1|4;2|2 on 1|4 high")["error"]
    assert (error["code"], error["params"]) == ("notation", {"line": 1})
    view = call("play_new", players=2, seed=2)
    record = view["record"]
    while len(record["hands"][0]["events"]) < 3:
        view = (
            call("play_act", game=view["game"], action=view["actions"][0]["action"])
            if view["phase"] == "you"
            else call("play_bot", game=view["game"])
        )
        record = view["record"]
    record["hands"][0]["events"][1]["seat"] = 1 - record["hands"][0]["events"][1]["seat"]
    error = reply("replay_open", text=json.dumps(record))["error"]
    assert (error["code"], error["params"]) == ("record-event", {"hand": 1, "event": 2})
    assert reply("replay_open", text="")["error"]["code"] == "record"
    assert reply("play_bot", game=view["game"])["error"]["code"] in ("play", "unknown-game")
    assert reply("play_view", game="nothing")["error"]["code"] == "unknown-game"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_code_is_worded_in_every_language(lang):
    words, english = error_words(lang), error_words("en")
    assert words.keys() == english.keys()
    assert ui_text(lang)["errors"] == words
    for code, sentence in words.items():
        placeholders = set(re.findall(r"\{([a-z_]+)\}", sentence))
        assert placeholders == set(re.findall(r"\{([a-z_]+)\}", english[code])), code
        if lang != "en":
            assert sentence != english[code], code
    for error in (NotationError(3, "x"), RecordError("x", hand=2, event=5), RecordError("x", hand=2)):
        described = describe_error(error)
        assert described["code"] in words
        words[described["code"]].format(**described["params"])  # every placeholder has its parameter


# -- item 10 and 16: small wordings and readings -----------------------------------------------------------------


def test_a_player_holding_double_blank_is_not_told_they_have_no_tiles():
    view = hand_over(seed=1)  # the hand ends with North holding [0|0] only
    north = view["seats"][1]
    assert north["tiles"] == ["0|0"]
    text = next(d["text"] for d in view["handEnd"]["deductions"] if d["seat"] == 1)
    assert text == "Only [0|0] left, worth no pips: nothing to deduct."
    assert "North: Only [0|0] left" in " ".join(view["log"])
    assert Words("en", 2).deduction(0, 0, held=0) == "No tiles left: nothing to deduct."


@pytest.mark.parametrize("text", ["１|４", "1|４", "٣|٤", "۱|۴", "²|3"])
def test_only_ascii_digits_make_a_tile(text):
    with pytest.raises(ValueError, match="is not a tile"):
        Tile.parse(text)
    with pytest.raises(NotationError):
        parse_layout(text)
    assert reply("sandbox_view", layout=text)["error"]["code"] == "notation"
