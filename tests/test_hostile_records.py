"""Issue 25, "Records and the command line": hostile records, moves and files get an EngineError that says
where, on the board (``engine.board.session.handle``) and on the command line (one line on stderr, exit 2);
records are read one strict way; nothing a user typed is repeated whole, nor shown as Python text."""

from __future__ import annotations

import copy
import json
import random
import time

import pytest

from engine.board.session import handle
from engine.cli import main
from engine.core.errors import EngineError
from engine.core.sessions import parse_record
from engine.okey.arrange import MAX_RACK, RackError, best_arrangement, most_pairs
from engine.okey.game import parse_action
from engine.okey.record import RecordError as OkeyRecordError
from engine.okey.record import game_record as okey_record
from engine.okey.record import replay as okey_replay
from engine.okey.rules import Options
from engine.okey.simulate import simulate as okey_simulate
from engine.okey.tiles import FULL_SET, Okey, Tile
from engine.sniff.game import Game
from engine.sniff.record import RecordError, game_record, replay

#: The longest message a bad input may get: a reason and a short quote, never the input itself.
SHORT = 400
PYTHON_TEXT = ("None", "['", "True", "False", "Tile(")


def sniff_game() -> dict:
    game = Game(2, seed=2024)
    rng = random.Random(7)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    return game_record(game)


@pytest.fixture(scope="module")
def sniff() -> dict:
    return sniff_game()


@pytest.fixture(scope="module")
def okey() -> dict:
    records, _summary = okey_simulate(1, 5, Options(), ["random"] * 4)
    return records[0]


def board(op: str, **args) -> dict:
    return json.loads(handle(op, json.dumps(args)))


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused_in_one_line(capsys, *argv: str) -> str:
    code, _out, err = cli(capsys, *argv)
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < SHORT, err[:500]
    return err


def where(record: dict, kind: str) -> tuple[int, int]:
    for h, part in enumerate(record.get("hands") or record["rounds"]):
        for e, event in enumerate(part["events"]):
            if kind in event:
                return h, e
    raise AssertionError(f"no {kind} event")


# -- numbers -------------------------------------------------------------------------------------------------------


def test_integers_of_thousands_of_digits_are_refused_in_a_record_and_in_any_call(sniff, okey, tmp_path, capsys):
    huge = "9" * 5000
    for game, record in (("sniff", sniff), ("okey", okey)):
        text = (
            json.dumps(record)
            .replace(f'"seed":{record["seed"]}', f'"seed":{huge}')
            .replace(f'"seed": {record["seed"]}', f'"seed": {huge}')
        )
        assert huge in text
        reply = board(f"{game}.replay_open", text=text)
        assert reply["ok"] is False and reply["error"]["code"] == "record-number"
        path = tmp_path / f"{game}.json"
        path.write_text(text, encoding="utf-8")
        assert "5000 digits" in refused_in_one_line(capsys, "replay", str(path))
    # Any worker call: the arguments themselves.
    reply = json.loads(handle("okey.new", '{"seed": ' + huge + "}"))
    assert reply["ok"] is False and reply["error"]["code"] == "record-number"


@pytest.mark.parametrize("move", ["layoff R1 on ²", "layoff R1 on ١", "seize R1 on ٣", "layoff R1 on " + "1" * 5000])
def test_a_move_s_number_is_ascii_digits(move):
    okey = Okey(Tile.parse("R5"))
    with pytest.raises(EngineError) as caught:
        parse_action(move, okey)
    assert caught.value.code == "okey-action" and len(str(caught.value)) < SHORT


# -- files the command line cannot read ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["replay", "describe", "svg"])
def test_deep_binary_and_endless_files_are_one_line_and_exit_2(command, tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'\xff\xfe{"players": 2}')
    for path in (deep, binary, "/dev/zero"):
        started = time.perf_counter()
        refused_in_one_line(capsys, command, str(path))
        assert time.perf_counter() - started < 10
    assert "not UTF-8" in refused_in_one_line(capsys, command, str(binary))
    assert "too large" in refused_in_one_line(capsys, command, "/dev/zero")


# -- where an error is, and how it quotes ------------------------------------------------------------------------------


@pytest.mark.parametrize("draw", [None, ["K10"], 3, "r5 "])
def test_a_draw_that_is_not_a_tile_names_its_round_event_and_line(okey, draw, tmp_path, capsys):
    r, e = where(okey, "draw")
    record = copy.deepcopy(okey)
    record["rounds"][r]["events"][e]["draw"] = draw
    with pytest.raises(OkeyRecordError) as caught:
        okey_replay(record)
    assert (caught.value.round, caught.value.event) == (r + 1, e + 1)
    assert not any(text in str(caught.value) for text in PYTHON_TEXT), str(caught.value)
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(okey) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    assert f"line 2: round {r + 1}, event {e + 1}: " in refused_in_one_line(capsys, "replay", str(path))


@pytest.mark.parametrize("draw", [None, ["1|4"], 14])
def test_a_sniff_draw_that_is_not_a_tile_names_its_hand_and_event(sniff, draw):
    h, e = where(sniff, "draw")
    record = copy.deepcopy(sniff)
    record["hands"][h]["events"][e]["draw"] = draw
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert (caught.value.hand, caught.value.event) == (h + 1, e + 1)
    assert not any(text in str(caught.value) for text in PYTHON_TEXT), str(caught.value)


@pytest.mark.parametrize("options", [{"mode": ["solo"]}, {"doubling": None}, {"rounds": [1]}, {"rounds": 1.0}])
def test_the_options_are_quoted_as_json(okey, options):
    record = copy.deepcopy(okey)
    record["options"].update(options)
    with pytest.raises(OkeyRecordError) as caught:
        okey_replay(record)
    assert not any(text in str(caught.value) for text in PYTHON_TEXT), str(caught.value)


def test_error_messages_quote_a_short_prefix_of_the_bad_input(sniff, okey, tmp_path, capsys):
    long = "R" * 1_000_000
    okey_bad = copy.deepcopy(okey)
    okey_bad["rounds"][0]["pile"][0] = long
    sniff_bad = copy.deepcopy(sniff)
    sniff_bad["hands"][0]["deal"][0][0] = long
    for game, record in (("okey", okey_bad), ("sniff", sniff_bad)):
        reply = board(f"{game}.replay_open", text=json.dumps(record))
        assert reply["ok"] is False and len(json.dumps(reply)) < 2 * SHORT, len(json.dumps(reply))
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        refused_in_one_line(capsys, "replay", str(path))
    # Moves and layouts too.
    for op, args in (
        ("sniff.sandbox_view", {"layout": "x" * 1900}),
        ("sniff.describe", {"layout": "1|4 on " + "9" * 100_000}),
        ("okey.new", {"bots": "b" * 100_000}),
    ):
        reply = board(op, **args)
        assert reply["ok"] is False and len(json.dumps(reply)) < 2 * SHORT, (op, len(json.dumps(reply)))


# -- one strict reading ------------------------------------------------------------------------------------------------


def strict_cases(sniff: dict, okey: dict):
    """(name, game, record) that the spec does not allow, each a small change of a valid record."""
    h, e = where(sniff, "play")
    r, d = where(okey, "draw")

    def change(record, edit):
        copied = copy.deepcopy(record)
        edit(copied)
        return copied

    yield "float points", "sniff", change(sniff, lambda x: x["hands"][h]["events"][e].update(points=54.0))
    yield (
        "float score",
        "sniff",
        change(sniff, lambda x: x["hands"][0].update(scores=[float(s) for s in x["hands"][0]["scores"]])),
    )
    yield (
        "reversed tile",
        "sniff",
        change(
            sniff,
            lambda x: x["hands"][0]["deal"][0].__setitem__(
                0, "|".join(reversed(x["hands"][0]["deal"][0][0].split("|")))
            ),
        ),
    )
    yield (
        "padded tile",
        "sniff",
        change(sniff, lambda x: x["hands"][0]["boneyard"].__setitem__(0, " " + x["hands"][0]["boneyard"][0])),
    )
    yield "unknown field", "sniff", change(sniff, lambda x: x.update(comment="hello"))
    yield "unknown hand field", "sniff", change(sniff, lambda x: x["hands"][0].update(extra=1))
    yield (
        "float total",
        "okey",
        change(okey, lambda x: x["rounds"][-1].update(totals=[float(t) for t in x["rounds"][-1]["totals"]])),
    )
    yield (
        "lower-case tile",
        "okey",
        change(okey, lambda x: x["rounds"][0]["pile"].__setitem__(0, x["rounds"][0]["pile"][0].lower())),
    )
    yield (
        "padded draw",
        "okey",
        change(okey, lambda x: x["rounds"][r]["events"][d].update(draw=x["rounds"][r]["events"][d]["draw"] + " ")),
    )
    yield (
        "lower-case indicator",
        "okey",
        change(okey, lambda x: x["rounds"][0].update(indicator=x["rounds"][0]["indicator"].lower())),
    )
    yield "unknown field", "okey", change(okey, lambda x: x.update(note="hi"))
    yield "unknown round field", "okey", change(okey, lambda x: x["rounds"][0].update(comment=None))


def test_what_the_spec_does_not_allow_is_refused_the_same_in_the_page_and_the_cli(sniff, okey, tmp_path, capsys):
    cases = list(strict_cases(sniff, okey))
    for name, game, record in cases:
        error = RecordError if game == "sniff" else OkeyRecordError
        with pytest.raises(error):
            (replay if game == "sniff" else okey_replay)(record)
        reply = board(f"{game}.replay_open", text=json.dumps(record))
        assert reply["ok"] is False, name
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        refused_in_one_line(capsys, "replay", str(path))
    # The valid records themselves pass, of course.
    replay(sniff), okey_replay(okey)


def test_a_byte_order_mark_is_refused_by_the_page_s_reader_and_the_cli(sniff, tmp_path, capsys):
    text = "\ufeff" + json.dumps(sniff)
    with pytest.raises(EngineError) as caught:
        parse_record(text, RecordError)
    assert caught.value.code == "record-bom"
    assert board("sniff.replay_open", text=text)["error"]["code"] == "record-bom"
    path = tmp_path / "bom.json"
    path.write_bytes(text.encode("utf-8"))
    assert "byte-order mark" in refused_in_one_line(capsys, "replay", str(path))


# -- the sandbox, the solver, meld, simulate -------------------------------------------------------------------------


def test_the_sandbox_s_errors_name_the_placement():
    reply = board("sniff.sandbox_view", layout="1|4; 1|3 on 1|4 low; 2|2 on 1|4 low")
    error = reply["error"]
    assert error["params"]["placement"] == 3 and "placement 3" in error["message"]
    from engine.sniff.board.errors import error_words

    assert "{placement}" in error_words("fi")["notation"][0]


def test_the_solver_refuses_a_rack_larger_than_a_game_holds():
    okey = Okey(Tile.parse("R5"))
    rack = list(FULL_SET[:50])
    for solve in (best_arrangement, most_pairs):
        started = time.perf_counter()
        with pytest.raises(RackError) as caught:
            solve(rack, okey)
        assert caught.value.params == {"size": 50, "limit": MAX_RACK}
        assert time.perf_counter() - started < 1
    assert best_arrangement(list(FULL_SET[:MAX_RACK]), okey).value > 0


def test_meld_takes_commas_as_the_notation_does(capsys):
    code, out, err = cli(capsys, "meld", "--indicator", "R5", "R4, R5, *R6")
    assert code == 0, err
    assert json.loads(out)["valid"] is True
    code, out, _err = cli(capsys, "meld", "--indicator", "R5", "B4,", "B5,", "B6")
    assert code == 0 and json.loads(out)["valid"] is True


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "okey", "--players", "3"],
        ["--game", "okey", "--rules", "classic"],
        ["--game", "okey", "--partnerships"],
        ["--game", "okey", "--budget-ms", "5"],
        ["--mode", "pairs"],
        ["--game", "sniff", "--rounds", "3"],
        ["--no-doubling"],
    ],
)
def test_simulate_refuses_the_other_game_s_options(argv, capsys):
    err = refused_in_one_line(capsys, "simulate", "--games", "1", *argv)
    assert "is an option of" in err


# -- seeds: what replay did not check, what a save must have ---------------------------------------------------------


def test_replay_says_when_deals_were_not_checked(sniff, okey, tmp_path, capsys):
    path = tmp_path / "records.jsonl"
    for record in (sniff, okey):
        unseeded = {key: value for key, value in record.items() if key != "seed"}
        path.write_text(json.dumps(unseeded) + "\n", encoding="utf-8")
        code, out, err = cli(capsys, "replay", str(path))
        assert code == 0, err
        assert "all consistent; every record without a seed: their deals were not checked" in out
        path.write_text(json.dumps(unseeded) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
        code, out, _err = cli(capsys, "replay", str(path))
        assert "1 of the 2 records without a seed: their deals were not checked" in out
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
        code, out, _err = cli(capsys, "replay", str(path))
        assert code == 0 and out.rstrip().endswith("all consistent")


def test_a_save_without_its_seed_is_not_resumed():
    for game, new, resume in (("sniff", "new", "resume"), ("okey", "new", "resume")):
        args = {"players": 2} if game == "sniff" else {}
        save = board(f"{game}.{new}", seed=11, **args)["result"]["save"]
        assert board(f"{game}.{resume}", save=save)["ok"] is True
        for seed in (None, "absent"):
            forged = {key: value for key, value in save.items() if key != "seed"}
            if seed is None:
                forged["seed"] = None  # what JavaScript makes of a seed of 1e400
            reply = board(f"{game}.{resume}", save=forged)
            assert reply["ok"] is False and reply["error"]["code"] == "no-seed", reply
        # A save whose deal is not the seed's is refused too.
        other = board(f"{game}.{new}", seed=12, **args)["result"]["save"]
        reply = board(f"{game}.{resume}", save=other | {"seed": 11})
        assert reply["ok"] is False and "seed" in reply["error"]["message"]


def test_okey_records_written_by_the_engine_stay_valid():
    records, _ = okey_simulate(2, 9, Options(mode="pairs", rounds=3), ["greedy"] * 4)
    for record in records:
        assert okey_record(okey_replay(json.loads(json.dumps(record)))) == record
