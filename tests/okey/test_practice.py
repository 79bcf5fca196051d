"""Okey's practice exercises: every kind over many seeds, each answer recomputed from the rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.okey.arrange import best_value, layoff_spots
from engine.okey.melds import check_meld, parse_meld, parse_pieces
from engine.okey.practice import KINDS, PracticeError, make
from engine.okey.render.practice import check_answer, command_json, exercise_json
from engine.okey.rules import (
    FINISHER,
    LAYOFF_TIMES,
    NOT_OPENED,
    OKEY_LEFT,
    PAIRS_OPENER_TIMES,
    PENALTY,
    RACK_TIMES,
    SEIZE_BASE,
    TAKE_TIMES,
)
from engine.okey.tiles import Okey, Tile

SEEDS = range(0, 220, 9)


def _okey(position) -> Okey:
    return Okey(Tile.parse(position["indicator"]))


def _expected(kind: str, position: dict):
    okey = _okey(position)
    if kind == "meld":
        result = check_meld(parse_pieces(position["meld"], okey), okey)
        return {"valid": result.valid, "value": result.value}
    if kind == "penalty":
        table = [parse_meld(m, okey) for m in position["table"]]
        rack = {Tile.parse(t) for t in position["rack"]}
        return sorted((t.notation() for t in rack if layoff_spots(t, table, okey)), key=lambda n: Tile.parse(n))
    if kind == "open":
        value = best_value([Tile.parse(t) for t in position["rack"]], okey, keep=True)
        return {"can": value >= position["threshold"], "value": value}
    if kind == "charge":
        table = [(item["owner"], parse_meld(item["meld"], okey)) for item in position["table"]]
        verb, *rest = position["action"].split()
        partners = position["mode"] == "pairs"
        if verb == "take":
            tile = Tile.parse(position["taken"])
            return {"seat": 3, "points": okey.value(tile) * TAKE_TIMES}
        if verb == "discard":
            tile = Tile.parse(rest[0])
            penalty = layoff_spots(tile, [m for _o, m in table], okey)
            return {"seat": 0, "points": PENALTY} if penalty else {"seat": None, "points": 0}
        tile, index = Tile.parse(rest[0]), int(rest[2])
        owner = table[index][0]
        if owner == 0 or (partners and owner == 2):
            return {"seat": None, "points": 0}
        points = tile.number * LAYOFF_TIMES + (SEIZE_BASE if verb == "seize" else 0)
        return {"seat": owner, "points": points}
    end, finisher = position["end"], position["finisher"]
    out = []
    for seat, row in enumerate(position["seats"]):
        rack = [Tile.parse(t) for t in row["rack"]]
        if seat == finisher:
            out.append(FINISHER[end])
            continue
        if finisher is not None and position["mode"] == "pairs" and seat == 2:
            out.append(0)
            continue
        value = sum(okey.value(t) for t in rack if t is not okey.tile)
        okeys = sum(1 for t in rack if t is okey.tile)
        base = {"pairs": value * PAIRS_OPENER_TIMES, "opened": value * RACK_TIMES[end]}.get(
            row["state"], NOT_OPENED[end]
        )
        out.append(base + okeys * OKEY_LEFT[end])
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_answer_agrees_with_the_rules(kind):
    for seed in SEEDS:
        data = command_json(kind, seed)
        assert data["answer"] == _expected(kind, data["position"]), (kind, seed, data["position"])


def test_difficulty_grows():
    early = [make("meld", s).position["meld"] for s in range(0, 40)]
    late = [make("meld", s).position["meld"] for s in range(120, 200)]
    assert not any("*" in m or "FJ" in m for m in early)
    assert any("*" in m for m in late) and any("FJ" in m for m in late)
    assert {make("settle", s).position["mode"] for s in range(0, 80)} == {"solo"}
    assert "pairs" in {make("settle", s).position["mode"] for s in range(80, 200)}


@pytest.mark.parametrize("kind", KINDS)
def test_the_page_form_is_checked_as_the_answer(kind):
    for seed in (2, 90, 190):
        data = exercise_json(kind, seed, "id")
        ui = data["ui"]
        expect = ui["expect"]
        targets = expect["targets"] if ui["multi"] else (expect["targets"] or [])[:1]
        assert check_answer(kind, seed, {"targets": targets, "fields": expect["fields"]})["right"]
        assert check_answer(kind, seed, data["answer"])["right"]
        wrong = [None if f is None else f + 1 for f in expect["fields"]]
        if any(f is not None for f in wrong):
            assert not check_answer(kind, seed, {"targets": targets, "fields": wrong})["right"]
        assert all(t["label"] for t in ui["targets"])
        assert data["svg"].startswith("<svg") and data["explanation_svg"].startswith("<svg")
        assert data["page"] == "okey" and data["anchor"]


def test_the_question_does_not_mark_the_penalty_tiles():
    data = exercise_json("penalty", 130)
    assert data["answer"]
    assert "penalty-mark" not in data["svg"] and "penalty-mark" in data["explanation_svg"]


def test_bad_requests():
    with pytest.raises(PracticeError):
        make("score", 1)
    with pytest.raises(PracticeError):
        make("meld", True)


def test_command():
    done = subprocess.run(
        [sys.executable, "-m", "engine", "exercise", "--game", "okey", "--kind", "charge", "--seed", "150", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["game", "kind", "seed", "question", "position", "answer", "hints", "explanation"]
    assert set(data["position"]) >= {"indicator", "mode", "table", "seat", "action"}
    assert set(data["answer"]) == {"seat", "points"}
