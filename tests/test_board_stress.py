"""The board's engine side under attack (issue 15): deep and huge values, seeds, error codes, small wordings.

Called as the worker calls it (``engine.board.session.handle``: JSON text in and out), so what
holds here holds in Pyodide, whose stack is smaller than CPython's.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from engine.board import session
from engine.core.errors import EngineError
from engine.core.i18n import LANGUAGES
from engine.core.record import MAX_SEED
from engine.sniff import parse_layout
from engine.sniff.board.errors import error_words
from engine.sniff.board.text import Words, ui_text
from engine.sniff.game import Game
from engine.sniff.notation import NotationError
from engine.sniff.record import RecordError, replay
from engine.sniff.tiles import Tile


def reply(op: str, **args) -> dict:
    return json.loads(session.handle(op if op == "version" else f"sniff.{op}", json.dumps(args)))


def call(op: str, **args):
    answer = reply(op, **args)
    assert answer["ok"], answer
    return answer["result"]


def hand_over(seed: int, players: int = 2) -> dict:
    view = call("new", players=players, bots="greedy", seed=seed)
    while view["phase"] not in ("handOver", "gameOver"):
        if view["phase"] == "you":
            view = call("act", game=view["game"], action=view["actions"][0]["action"])
        else:
            view = call("bot", game=view["game"])
    return view


# -- item 3: deep and huge values are refused before any parser sees them --------------------------------------


@pytest.mark.parametrize("depth", [100, 10_000, 200_000])
def test_a_deeply_nested_record_is_the_engines_error_not_a_crash(depth):
    error = reply("replay_open", text="[" * depth)["error"]
    assert error["code"] == "record-too-deep" and error["params"] == {"limit": 32}


def test_deeply_nested_arguments_are_refused_before_parsing():
    answer = json.loads(session.handle("sniff.resume", '{"save": ' + "[" * 50_000 + "]" * 50_000 + "}"))
    assert answer["ok"] is False
    assert answer["error"]["code"] == "record-too-deep"


def test_a_huge_record_is_refused_by_its_size():
    error = reply("replay_open", text=" " * (4 * 1024 * 1024 + 1))["error"]
    assert error["code"] == "record-too-large"
    assert error["params"]["limit"] == 4 * 1024 * 1024


def test_a_stack_that_runs_out_during_a_call_is_the_engines_error():
    # Pyodide's stack is smaller than CPython's: a call that runs out of it, wherever it does (reading the
    # arguments, the op, writing the reply), answers with the engine's error, never a RecursionError.
    args = json.dumps({"players": 2, "bots": "greedy", "seed": 3})
    assert json.loads(session.handle("sniff.new", args))["ok"] is True
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    ample, answers = sys.getrecursionlimit(), []
    try:
        for room in range(400, 0, -1):  # ever less stack above this frame, until the call fails
            sys.setrecursionlimit(depth + room)
            answers.append(json.loads(session.handle("sniff.new", args)))
            if not answers[-1]["ok"]:
                break
    finally:
        sys.setrecursionlimit(ample)
    answer = answers[-1]
    assert answers[0]["ok"] and not answer["ok"]  # the call fits at first, and fails on a smaller stack
    assert (answer["error"]["code"], answer["error"]["type"]) == ("too-deep", "EngineError")


def test_a_huge_sandbox_layout_is_refused_by_its_size():
    error = reply("sandbox_view", layout="1|4;" * 15_000)["error"]
    assert error["code"] == "layout-too-long" and error["params"] == {"size": 60_000}


# -- item 5: seeds stay within what JavaScript numbers hold exactly ---------------------------------------------


def test_a_seed_beyond_two_to_the_53_is_refused_everywhere_a_seed_is_accepted():
    assert MAX_SEED == 2**53 - 1
    with pytest.raises(EngineError, match="from 0 to 9007199254740991") as caught:
        Game(2, seed=2**53)
    assert (caught.value.code, caught.value.params) == ("seed", {"max": MAX_SEED})
    with pytest.raises(EngineError, match="from 0 to 9007199254740991"):
        Game(2, seed=-1)
    Game(2, seed=MAX_SEED)  # the largest is fine
    assert reply("new", players=2, seed=2**53 + 1)["ok"] is False
    record = call("new", players=2, seed=7)["save"]
    record["seed"] = 2**60
    with pytest.raises(RecordError, match="seed must be a whole number from 0 to 9007199254740991"):
        replay(record)
    error = reply("replay_open", text=json.dumps(record))["error"]
    assert error["type"] == "RecordError" and "9007199254740991" in error["message"]
    assert reply("resume", save=record)["ok"] is False


def test_a_new_games_seed_survives_a_round_trip_through_a_javascript_number():
    for _ in range(20):
        seed = call("new", players=2)["save"]["seed"]
        assert 0 <= seed <= MAX_SEED and float(seed) == seed


# -- item 9: every error the board shows carries a code and parameters, worded from the catalogs -------------


def test_the_board_errors_carry_a_code_and_parameters():
    error = reply("sandbox_view", layout="1|4;2|2 on 1|4 high")["error"]
    assert error["code"] == "notation" and error["params"]["line"] == 1
    view = call("new", players=2, seed=2)
    record = view["save"]
    while len(record["hands"][0]["events"]) < 3:
        view = (
            call("act", game=view["game"], action=view["actions"][0]["action"])
            if view["phase"] == "you"
            else call("bot", game=view["game"])
        )
        record = view["save"]
    record["hands"][0]["events"][1]["seat"] = 1 - record["hands"][0]["events"][1]["seat"]
    error = reply("replay_open", text=json.dumps(record))["error"]
    assert error["code"] == "record" and (error["params"]["hand"], error["params"]["event"]) == (1, 2)
    assert reply("replay_open", text="")["error"]["code"] == "record"
    assert reply("bot", game=view["game"])["error"]["code"] in ("not-bot-turn", "hand-not-over")
    assert reply("view", game="nothing")["error"]["code"] == "unknown-game"
    assert reply("sandbox_view", layout="１|４")["error"]["code"] == "notation"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_code_is_worded_in_every_language(lang):
    words, english = error_words(lang), error_words("en")
    assert words.keys() == english.keys()
    assert ui_text(lang)["errors"] == words
    for code, sentences in words.items():
        sentences, originals = [sentences] if isinstance(sentences, str) else sentences, english[code]
        originals = [originals] if isinstance(originals, str) else originals
        for sentence, original in zip(sentences, originals, strict=True):
            assert set(re.findall(r"\{([a-z_]+)\}", sentence)) == set(re.findall(r"\{([a-z_]+)\}", original)), code
            if lang != "en":
                assert sentence != original, code


def codes_raised(root: Path) -> set[str]:
    """Every error code the Sniff board's Python may raise: given at a raise, or as a class's own."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in root.rglob("*.py"))
    return set(re.findall(r'\bcode(?:=| = )"([a-z0-9-]+)"', text))


def test_every_code_the_sniff_board_can_raise_has_its_words():
    engine = Path(__file__).resolve().parent.parent / "engine"
    raised = codes_raised(engine / "core") | codes_raised(engine / "sniff") | codes_raised(engine / "board")
    # The command line's own codes never reach the board's page.
    unworded = raised - set(error_words("en")) - {"engine", "usage", "unknown-bot"}
    assert unworded == set(), f"codes the page cannot word: {sorted(unworded)}"


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


def test_okey_seeds_have_the_same_bound():
    from engine.okey.game import Game as OkeyGame
    from engine.okey.record import RecordError as OkeyRecordError
    from engine.okey.record import game_record, replay

    with pytest.raises(EngineError, match="9007199254740991") as caught:
        OkeyGame(seed=2**53)
    assert caught.value.code == "seed"
    record = game_record(OkeyGame(seed=3))
    with pytest.raises(OkeyRecordError, match="9007199254740991"):
        replay(record | {"seed": 2**64})
