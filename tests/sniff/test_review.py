"""The review of a finished Sniff game (engine.sniff.review): a scripted hand with a missed 15, its
deduction, the words in four languages, the board's op and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.board import session
from engine.core.i18n import LANGUAGES
from engine.sniff.bots.simple import greedy_choice
from engine.sniff.game import Game, Play, parse_action
from engine.sniff.record import game_record
from engine.sniff.render.review import review_json
from engine.sniff.review import review
from engine.sniff.rules import AMERICAN_SNIFF, CLASSIC_SNIFF, round_to_five

#: Seed 4, two players: after four greedy moves, seat 0 holds [3|4], which on [4|4] line B would make the
#: counted ends add up to 15, and it places [0|1] on [0|6] instead, for nothing.
SEED = 4
MISTAKE = (4, "0|1 on 0|6 low")
FIFTEEN = "3|4 on 4|4 line-b"


def scripted_game(ruleset=AMERICAN_SNIFF) -> Game:
    """The first hand played greedily by both seats, but for seat 0's mistake; the next hand is dealt."""
    game = Game(2, seed=SEED, ruleset=ruleset)
    hand = game.hand
    while hand.end is None:
        if len(hand.events) == MISTAKE[0]:
            assert hand.current == 0
            game.apply_action(parse_action(MISTAKE[1]))
        else:
            game.apply_action(greedy_choice(hand.layout, hand.legal_actions(), ruleset.placement_points))
    return game


@pytest.fixture(scope="module")
def record() -> dict:
    return game_record(scripted_game())


@pytest.fixture(scope="module")
def reviewed(record):
    return review(record, 0, samples=4)


def test_the_missed_fifteen_is_named_with_its_points_and_the_better_placement(reviewed):
    placements = [r for r in reviewed.remarks if r.kind in ("score", "counted") or "played" in r.facts]
    assert len(placements) == 1, "every other placement of seat 0 was the greedy (highest-scoring) one"
    (missed,) = placements
    assert missed.kind == "counted"  # it scored nothing while a scoring placement was there
    assert (missed.hand, missed.move) == (1, MISTAKE[0])
    assert missed.facts["played"] == MISTAKE[1]
    assert missed.facts["points"] == 0
    assert missed.facts["best"] == 15
    assert missed.facts["better"] == FIFTEEN
    assert missed.severity == 15


def test_classic_sniff_scores_the_missed_fifteen_in_fives():
    record = game_record(scripted_game(CLASSIC_SNIFF))
    assert record["rules"] == "classic"
    reviewed = review(record, 0, estimate=False)
    (missed,) = [r for r in reviewed.remarks if "played" in r.facts]
    assert (missed.kind, missed.facts["points"], missed.facts["best"]) == ("counted", 0, 3)
    assert missed.facts["better"] == FIFTEEN
    assert missed.severity == 15, "severities are counts in every ruleset"
    assert not [r for r in reviewed.remarks if r.kind == "deduction"], "classic Sniff deducts nothing"
    (text,) = [r["text"] for r in review_json(reviewed, "en", pictures=False)["remarks"] if r["kind"] == "counted"]
    assert "3 points" in text


def test_only_finished_hands_are_reviewed(record, reviewed):
    assert record["hands"][-1]["end"] is None, "the next hand was dealt and has not been played"
    assert {r.hand for r in reviewed.remarks} <= set(range(1, len(record["hands"])))


def greedy_hand(seed: int) -> dict:
    """The record of a two-player game whose first hand both seats play greedily (the next one is dealt)."""
    game = Game(2, seed=seed)
    hand = game.hand
    while hand.end is None:
        game.apply_action(greedy_choice(hand.layout, hand.legal_actions()))
    return game_record(game)


@pytest.mark.parametrize(("seed", "seat"), [(SEED, 0), (SEED, 1), (6, 0)])
def test_the_deduction_and_what_a_lighter_tile_kept_would_have_saved(seed, seat):
    record = greedy_hand(seed) if seed != SEED else game_record(scripted_game())
    hand = record["hands"][0]
    remarks = [r for r in review(record, seat, estimate=False).remarks if r.kind == "deduction"]
    deduction = hand["deductions"][seat]
    if not deduction:
        assert not remarks, "a seat that went out has no deduction to review"
        return
    (remark,) = remarks
    facts = remark.facts
    assert facts["deduction"] == deduction == round_to_five(facts["pips"])
    assert facts["pips"] == sum(sum(map(int, tile.split("|"))) for tile in facts["left"])
    if seed == 6:  # seat 0 placed [1|1] at move 3 while [3|5], which it still held at the end, fitted too
        assert (facts["kept"], facts["instead"], facts["at"]) == ("1|1", "3|5 on 3|4 low", 2)
        assert facts["saved"] == remark.severity == deduction - round_to_five(facts["pips"] - 8 + 2) == 5
        game = Game(2, seed=seed)
        for event in hand["events"][: facts["at"]]:
            game.apply_action(parse_action(event.get("play") or ("draw" if "draw" in event else "pass")))
        legal = [a.placement.notation() for a in game.legal_actions() if type(a) is Play]
        assert facts["instead"] in legal and "1|1" in [p.split()[0] for p in legal]
    else:
        assert facts["saved"] == remark.severity == 0


def test_the_whole_hand_estimate_is_labelled_as_one(reviewed):
    (best,) = [r for r in reviewed.remarks if r.kind == "best" and r.hand == 1]
    assert best.facts["samples"] == 4
    assert best.facts["estimate"] >= 0
    text = review_json(reviewed, "en", pictures=False)
    (shown,) = [r for r in text["remarks"] if r["kind"] == "best" and r["hand"] == 1]
    assert shown["is_estimate"] and "estimate" in shown["text"]


def test_the_worst_three_rank_exact_remarks_first(reviewed):
    worst = reviewed.worst()
    assert len(worst) <= 3
    assert any(r.kind == "counted" for r in worst), "the missed 15 is among the worst three"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_remark_is_worded_in_each_language(reviewed, lang):
    shown = review_json(reviewed, lang)
    english = review_json(reviewed, "en", pictures=False)
    for remark, base in zip(shown["remarks"], english["remarks"], strict=True):
        assert remark["text"] and "{" not in remark["text"]
        if lang != "en":
            assert remark["text"] != base["text"]
    (missed,) = [r for r in shown["remarks"] if r["kind"] == "counted"]
    assert "15" in missed["text"] and "[3|4]" in missed["text"] and "[0|1]" in missed["text"]
    assert missed["svg"].startswith("<svg") and 'data-layout="' in missed["svg"]
    assert FIFTEEN in missed["svg"], "the picture is the layout with the better placement"


def test_the_board_op_returns_the_review_as_json(record):
    reply = json.loads(
        session.handle("sniff.review", json.dumps({"record": json.dumps(record), "seat": 0, "lang": "it"}))
    )
    assert reply["ok"], reply
    result = reply["result"]
    assert result["game"] == "sniff" and result["seat"] == 0
    assert {"kind", "severity", "heading", "text", "svg", "drill"} <= set(result["remarks"][0])
    assert len(result["drill"]) <= 3
    refused = json.loads(session.handle("sniff.review", json.dumps({"record": record, "seat": 2})))
    assert not refused["ok"] and refused["error"]["code"] == "arguments"


def test_the_command_line_prints_the_review(record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "review", str(path), "--seat", "0", "--lang", "fi"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Kierros 1, siirto 5" in done.stdout and "15" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "review", str(path), "--seat", "3"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "seat" in bad.stderr
