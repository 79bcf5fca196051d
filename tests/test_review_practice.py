"""The review's "Practise this" links and drill (engine.<game>.review exercise_for, engine.core.review_text):
each remark's exercise is of its kind, at the practice level of a position like the remark's, and makes; a drill
never repeats an exercise; the page's words exist in every language."""

from __future__ import annotations

import pytest

from engine.core.i18n import LANGUAGES
from engine.core.review_text import page_words, practice_seeds
from engine.okey import practice as okey_practice
from engine.okey.render.review import review_json as okey_json
from engine.okey.review import exercise_for as okey_exercise
from engine.okey.review import review as okey_review
from engine.sniff import practice as sniff_practice
from engine.sniff.record import game_record
from engine.sniff.render.review import review_json as sniff_json
from engine.sniff.review import exercise_for as sniff_exercise
from engine.sniff.review import review as sniff_review
from engine.sniff.rules import CLASSIC_SNIFF
from tests.okey.test_review import played  # noqa: F401 - the scripted Okey round (a fixture)
from tests.sniff.test_review import MISTAKE, scripted_game


@pytest.fixture(scope="module")
def sniff():
    return sniff_json(sniff_review(game_record(scripted_game()), 0, samples=4), "en", pictures=False)


def exercise_size(exercise) -> int:
    """Placements after the opener in a Sniff exercise's layout."""
    return len(exercise.position["layout"].splitlines()) - 1


def test_the_missed_fifteen_links_to_a_counted_exercise_of_a_layout_as_long(sniff):
    (missed,) = [r for r in sniff["remarks"] if r.get("played") == MISTAKE[1]]
    link = missed["practice"]
    assert link["kind"] == "counted" == missed["kind"]
    assert link["rules"] == "american"
    size = len(missed["layout"])  # placements after the opener, the remark's own one counted
    low, high = sniff_practice.LAYOUT_SIZE[link["level"]]
    assert size <= high
    assert link["level"] == 0 or size > sniff_practice.LAYOUT_SIZE[link["level"] - 1][1], "the lowest level that fits"
    exercise = sniff_practice.make(link["kind"], link["seed"], link["rules"])
    assert exercise.kind == "counted" and exercise.level == link["level"]
    assert low <= exercise_size(exercise) <= high


def test_every_sniff_remark_links_to_an_exercise_that_makes(sniff):
    assert sniff["remarks"]
    for remark in sniff["remarks"]:
        link = remark["practice"]
        assert link["kind"] == remark["kind"]
        exercise = sniff_practice.make(link["kind"], link["seed"], link["rules"])
        assert sniff_practice.level(link["seed"]) == link["level"] == exercise.level


def test_a_deduction_links_to_the_level_whose_hands_are_as_long():
    remark = {"kind": "deduction", "left": ["6|6", "5|5", "4|4"], "deduction": 45}
    assert sniff_exercise(remark, 2, "american") == ("deduction", 1, "american")
    assert sniff_exercise(remark, 4, "american") == ("deduction", 2, "american")
    assert sniff_exercise({**remark, "left": ["6|6"]}, 2, "american") == ("deduction", 0, "american")
    assert sniff_exercise({**remark, "left": ["1|1"] * 7}, 2, "american")[1] == sniff_practice.LEVELS - 1


def test_classic_sniff_links_its_scoring_to_classic_exercises_and_the_rest_to_the_shared_ones():
    review = sniff_json(sniff_review(game_record(scripted_game(CLASSIC_SNIFF)), 0, samples=2), "en", pictures=False)
    (missed,) = [r for r in review["remarks"] if r.get("played") == MISTAKE[1]]
    assert missed["practice"]["rules"] == "american", "counting the open ends is the same in both rulesets"
    placement = {"kind": "score", "layout": ["4|1", "1|1 on 4|1 low"]}
    assert sniff_exercise(placement, 2, "classic") == ("score", 0, "classic")
    assert sniff_exercise({**placement, "kind": "joins"}, 2, "classic") == ("joins", 0, "american")
    exercise = sniff_practice.make("score", 0, "classic")
    assert exercise.rules == "classic"


def test_a_drill_never_repeats_an_exercise_and_starts_with_the_levels_first_seeds():
    links = [("score", 1, "american"), ("score", 1, "american"), ("joins", 1, "american"), ("score", 2, "american")]
    assert practice_seeds(links, 40) == [40, 41, 40, 80]
    sniff = sniff_json(sniff_review(game_record(scripted_game()), 0, samples=2), "en", pictures=False)
    chosen = [(r["practice"]["kind"], r["practice"]["seed"]) for r in sniff["remarks"]]
    assert len(set(chosen)) == len(chosen)


def test_the_first_link_of_each_kind_and_level_is_in_the_practice_pages_bank():
    from scripts.hooks.practice import bank_seeds

    for game in (sniff_practice, okey_practice):
        banked = set(bank_seeds(game))
        for level in range(game.LEVELS):
            assert set(practice_seeds([("meld", level, ""), ("meld", level, "")], game.PER_LEVEL)) <= banked


def test_the_okey_penalty_discard_links_to_a_penalty_exercise_of_as_many_melds(played):  # noqa: F811
    record, _careless = played
    review = okey_json(okey_review(record, 0), "en", pictures=False)
    (penalty,) = [r for r in review["remarks"] if r["kind"] == "penalty"]
    link = penalty["practice"]
    fed = penalty["fed"]
    okeys = any("*" in meld for meld in fed)
    assert link["level"] == (2 if okeys or len(fed) >= 3 else len(fed) - 1)
    exercise = okey_practice.make("penalty", link["seed"])
    assert exercise.kind == "penalty" and exercise.level == link["level"]
    for remark in review["remarks"]:
        made = okey_practice.make(remark["practice"]["kind"], remark["practice"]["seed"])
        assert made.kind == remark["kind"] and made.level == remark["practice"]["level"]


def test_okey_levels_follow_what_the_position_holds():
    assert okey_exercise({"kind": "penalty", "fed": ["R4 R5 R6"]}, "solo") == ("penalty", 0)
    assert okey_exercise({"kind": "penalty", "fed": ["R4 R5 R6", "B9 K9 Y9"]}, "solo") == ("penalty", 1)
    assert okey_exercise({"kind": "penalty", "fed": ["R4 *R5 R6"]}, "solo") == ("penalty", 2)
    charge = {"kind": "charge", "cause": "take", "tile": "R7"}
    assert okey_exercise(charge, "solo") == ("charge", 0)
    assert okey_exercise(charge, "pairs") == ("charge", 2), "pairs-mode exercises start at level 2"
    assert okey_exercise({**charge, "cause": "seize", "meld": "R4 *R5 R6"}, "solo") == ("charge", 2)
    unplayed = {"kind": "meld", "tile": "R7", "meld": "R4 R5 R6", "what": "layoff"}
    assert okey_exercise(unplayed, "solo") == ("meld", 0)
    assert okey_exercise({**unplayed, "meld": "R4 FJ R6"}, "solo") == ("meld", 3)
    assert okey_exercise({"kind": "settle", "okeys": 1, "each": 100}, "solo") == ("settle", 3)
    assert okey_exercise({"kind": "settle", "end": "exhausted"}, "solo") == ("settle", 1)
    assert okey_exercise({"kind": "open", "with": "meld", "melds": ["R4 R5 R6"]}, "solo") == ("open", 0)
    assert okey_exercise({"kind": "open", "with": "pairs", "melds": ["R4 R4"]}, "solo") == ("open", 2)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_pages_words_are_in_every_language(lang):
    words = page_words(lang)
    english = page_words("en")
    assert set(words) == set(english) and all(words.values())
    if lang != "en":
        assert words["open"] != english["open"] and words["practise"] != english["practise"]
    assert "{number}" in words["count"] and "{count}" in words["count"] and "{reason}" in words["failed"]
