"""Fuzz (issue 25): mutated records and worker calls thrown at the board's entry point and at the command line.

Whatever comes in, ``engine.board.session.handle`` answers with JSON, ``{"ok": true}`` or ``{"ok": false}``
with an engine error (never raises: anything but an ``EngineError`` escapes it, and is a bug), and
``python -m engine replay`` exits 0 or 2 with one line on stderr. Kept to a few seconds for the fast loop.
"""

from __future__ import annotations

import copy
import inspect
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board.session import game_ops, handle
from engine.cli import main
from engine.okey.rules import Options
from engine.okey.simulate import simulate as okey_simulate
from engine.sniff.game import Game
from engine.sniff.record import game_record

OPS = {game: game_ops(game) for game in ("sniff", "okey")}


def _sniff_record() -> dict:
    game = Game(2, seed=31)
    rng = random.Random(3)
    while len(game.hands) < 2 and not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    return game_record(game)


RECORDS = {"sniff": _sniff_record(), "okey": okey_simulate(1, 3, Options(), ["random"] * 4)[0][0]}

#: Values a hostile record or call may hold: JSON's kinds, the edges the engine once tripped on.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 120),
    st.integers(),
    st.sampled_from([2**53, 2**53 - 1, -1, 10**40, 54.0, 1e400, -0.0, 0.5]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["R5", "r5", " R5", "FJ", "*R6", "1|4", "4|1", "[1|4]", "²", "١", "solo", "pairs", "hand", "out"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def paths(value, prefix=()):
    """Every path into a JSON value (keys and indexes)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def mutate(record: dict, draw) -> dict:
    record = copy.deepcopy(record)
    for _ in range(draw(st.integers(1, 3))):
        every = list(paths(record))[1:]
        path = draw(st.sampled_from(every))
        parent = record
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "delete", "add", "cut"]))
        if action == "replace":
            parent[last] = draw(values)
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(values)
        elif action == "cut" and isinstance(parent[last], list):
            parent[last] = parent[last][: draw(st.integers(0, max(len(parent[last]) - 1, 0)))]
    return record


def answered(op: str, args_json: str) -> dict:
    reply = json.loads(handle(op, args_json))
    assert reply["ok"] in (True, False)
    if not reply["ok"]:
        error = reply["error"]
        assert error["code"] and isinstance(error["message"], str) and len(error["message"]) < 2000
    return reply


def text_of(record: dict) -> str:
    try:
        return json.dumps(record, ensure_ascii=False)
    except ValueError:  # a float such as 1e400 became infinity: JSON text of it is what a hostile page sends
        return json.dumps(record, ensure_ascii=False, allow_nan=True)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(RECORDS)), data=st.data())
def test_a_mutated_record_is_replayed_or_refused_by_the_board(game, data):
    record = mutate(RECORDS[game], data.draw)
    text = text_of(record)
    answered(f"{game}.replay_open", json.dumps({"text": text}))
    answered(f"{game}.resume", '{"save": ' + text + "}")
    # Text-level damage too: a character cut or added anywhere.
    at = data.draw(st.integers(0, len(text)))
    damaged = (
        text[:at] + data.draw(st.sampled_from(["", "[", "{", '"', "\ufeff", "9" * 5000, "\\", "²"])) + text[at + 1 :]
    )
    answered(f"{game}.replay_open", json.dumps({"text": damaged}))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(game=st.sampled_from(sorted(RECORDS)), data=st.data())
def test_a_mutated_record_file_gives_replay_exit_0_or_2_and_one_line(game, data, tmp_path_factory, capsys):
    record = mutate(RECORDS[game], data.draw)
    path = tmp_path_factory.mktemp("fuzz") / "record.jsonl"
    path.write_text(text_of(record) + "\n", encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 2000, err[:300]
    else:
        assert "all consistent" in out


def _game_ids() -> dict:
    sniff = answered("sniff.new", json.dumps({"players": 2, "seed": 5}))["result"]["game"]
    okey = answered("okey.new", json.dumps({"seed": 5}))["result"]["game"]
    return {"sniff": sniff, "okey": okey}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(OPS)), data=st.data())
def test_a_worker_call_with_hostile_arguments_gets_a_reply(game, data):
    name = data.draw(st.sampled_from(sorted(OPS[game])))
    parameters = list(inspect.signature(OPS[game][name]).parameters)
    ids = _game_ids()
    args = {}
    for parameter in data.draw(st.lists(st.sampled_from([*parameters, "extra"]), max_size=len(parameters) + 1)):
        if parameter == "game" and data.draw(st.booleans()):
            args[parameter] = ids[game]
        elif parameter in ("action", "layout") and data.draw(st.booleans()):
            words = [
                "draw",
                "take",
                "pass",
                "meld",
                "pairs",
                "layoff",
                "seize",
                "discard",
                "on",
                "to",
                ",",
                "R5",
                "*R6",
                "1|4",
                "4|4",
                "low",
                "line-b",
                "²",
                "١",
                "99999999999",
            ]
            args[parameter] = " ".join(data.draw(st.lists(st.sampled_from(words), max_size=6)))
        else:
            args[parameter] = data.draw(values)
    answered(f"{game}.{name}", text_of(args))


@pytest.mark.parametrize("args_json", ['{"seed": ' + "9" * 5000 + "}", "[" * 10_000, '{"a": NaN}', "\ufeff{}", "{", ""])
def test_a_call_that_is_not_json_the_engine_reads_is_refused(args_json):
    assert answered("okey.new", args_json)["ok"] is False
