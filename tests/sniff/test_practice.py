"""Sniff's practice exercises: every kind over many seeds, each answer recomputed from the rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.sniff import parse_layout
from engine.sniff.layout import Placement
from engine.sniff.practice import KINDS, PracticeError, level, make
from engine.sniff.render.practice import check_answer, command_json, exercise_json
from engine.sniff.rules import CLASSIC_SNIFF, round_to_five
from engine.sniff.tiles import Tile

SEEDS = range(0, 240, 7)  # every level


def _american(kind: str, position: dict):
    """The answer from the rules, worked out here from the position alone."""
    if kind == "deduction":
        hands = [[Tile.parse(t) for t in hand] for hand in position["hands"]]
        seats = [round_to_five(sum(t.pips for t in hand)) for hand in hands]
        if position["players"] == 4:
            return {"seats": seats, "sides": [seats[0] + seats[2], seats[1] + seats[3]]}
        return {"seats": seats, "sides": seats}
    layout = parse_layout(position["layout"])
    if kind == "score":
        total = sum(c.value for c in layout.counted_ends())
        return total if total > 0 and total % 5 == 0 else 0
    if kind == "counted":
        values = sorted(c.value for c in layout.counted_ends())
        return {"values": values, "total": sum(values)}
    if kind == "joins":
        tile = Tile.parse(position["tile"])
        lines = []
        for side in layout.legal_joins():
            placement = Placement(tile, side.tile, side.side)
            try:
                layout.check(placement)
            except Exception:
                continue
            lines.append(placement.notation())
        return sorted(lines)
    # best: every placement of every tile of the hand, scored on a copy of the layout
    scores = {}
    for text in position["hand"]:
        tile = Tile.parse(text)
        for side in layout.legal_joins():
            placement = Placement(tile, side.tile, side.side)
            after = layout.copy()
            try:
                after.place(placement)
            except Exception:
                continue
            scores[placement.notation()] = after.score()
    top = max(scores.values())
    return {"points": top, "placements": sorted(p for p, s in scores.items() if s == top)}


@pytest.mark.parametrize("kind", KINDS)
def test_every_answer_agrees_with_the_rules(kind):
    for seed in SEEDS:
        exercise = make(kind, seed)
        assert exercise.answer == _american(kind, exercise.position), (kind, seed)


def test_classic_scoring():
    for seed in SEEDS:
        score = make("score", seed, "classic")
        layout = parse_layout(score.position["layout"])
        assert score.answer == CLASSIC_SNIFF.placement_points(layout.score())
        assert score.answer == (layout.score() // 5)
        deduction = make("deduction", seed, "classic")
        hands = [[Tile.parse(t) for t in hand] for hand in deduction.position["hands"]]
        pips = [sum(t.pips for t in hand) for hand in hands]
        assert deduction.answer["seats"] == pips
        awards = deduction.answer["sides"]
        winners = [side for side, points in enumerate(awards) if points]
        assert len(winners) <= 1
        if winners:
            (side,) = winners
            difference = sum(pips) - 2 * pips[side]
            assert awards[side] == round_to_five(difference) // 5


def test_difficulty_grows():
    sizes = {lvl: [] for lvl in range(5)}
    for seed in range(0, 200, 3):
        sizes[level(seed)].append(len(parse_layout(make("counted", seed).position["layout"])))
    averages = [sum(s) / len(s) for s in sizes.values()]
    assert averages == sorted(averages) and averages[0] <= 3 < averages[-1]
    players = [make("deduction", seed).position["players"] for seed in range(0, 40)]
    assert set(players) == {2}
    assert 4 in [make("deduction", seed).position["players"] for seed in range(160, 200)]


def test_seeded_and_the_same_in_every_language():
    a, b = exercise_json("best", 77, "fi"), exercise_json("best", 77, "fi")
    assert a == b
    en = exercise_json("best", 77, "en")
    assert (en["position"], en["answer"]) == (a["position"], a["answer"]) and en["question"] != a["question"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_page_form_is_checked_as_the_answer(kind):
    for seed in (3, 95, 170):
        data = exercise_json(kind, seed)
        ui = data["ui"]
        expect = ui["expect"]
        targets = expect["targets"] if ui["multi"] else (expect["targets"] or [])[:1]
        right = {"targets": targets, "fields": expect["fields"]}
        assert check_answer(kind, seed, right)["right"]
        assert check_answer(kind, seed, data["answer"] if kind != "best" else data["answer"]["placements"][0])["right"]
        wrong_fields = [f + 1 for f in expect["fields"]]
        if wrong_fields:
            assert not check_answer(kind, seed, {"targets": targets, "fields": wrong_fields})["right"]
        else:
            others = [t["id"] for t in ui["targets"] if t["id"] not in expect["targets"]]
            assert (
                not check_answer(
                    kind, seed, {"targets": targets + others[:1] if ui["multi"] else others[:1], "fields": []}
                )["right"]
                or not others
            )
        # Every target the page needs is a labelled button, on the diagram or in a list.
        assert all(t["label"] and (t["x"] is None or 0 <= t["x"] <= 1) for t in ui["targets"])
        assert all(t in {x["id"] for x in ui["targets"]} for t in expect["targets"] or [])
        assert data["svg"].startswith("<svg") and data["explanation_svg"].startswith("<svg")


def test_the_question_diagram_does_not_show_the_counted_values():
    data = exercise_json("counted", 120)
    assert 'class="badge"' not in data["svg"] and 'class="badge"' in data["explanation_svg"]


def test_bad_requests():
    with pytest.raises(PracticeError):
        make("meld", 1)
    with pytest.raises(PracticeError):
        make("score", -1)
    with pytest.raises(PracticeError):
        make("joins", 1, "classic")


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "engine", "exercise", *args], capture_output=True, text=True)


def test_command_json_shape():
    done = _cli("--game", "sniff", "--kind", "deduction", "--seed", "170", "--lang", "it", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["game", "kind", "seed", "question", "position", "answer", "hints", "explanation"]
    assert data == command_json("deduction", 170, "it")
    assert len(data["hints"]) == 2 and set(data["answer"]) == {"seats", "sides"}
    assert data["position"]["players"] == len(data["position"]["hands"])


@pytest.mark.parametrize(
    "args",
    [
        ("--kind", "nope", "--seed", "1"),
        ("--kind", "score", "--seed", "x"),
        ("--kind", "score", "--seed", "-3"),
        ("--game", "chess", "--kind", "score", "--seed", "1"),
        ("--kind", "score", "--seed", "1", "--lang", "de"),
        ("--kind", "joins", "--seed", "1", "--rules", "classic"),
        ("--kind", "score", "--seed", "1", "--rules", "modern"),
        ("--game", "okey", "--kind", "meld", "--seed", "1", "--rules", "classic"),
    ],
)
def test_bad_options_exit_2_with_one_line(args):
    done = _cli(*args, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error: ")
