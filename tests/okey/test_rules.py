"""Scripted rounds for every rule of the spec: openings, doubling, pairs, taking, charges, penalties, ends.

Indicator R5 throughout: the okey is R6 (a plain R6 in a rack is an okey) and a false joker is R6.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.core.errors import EngineError
from engine.okey.events import Declined, Drew, RoundEnd, event_record
from engine.okey.game import DECLINE, DRAW, TAKE, Game, IllegalActionError, Round, parse_action
from engine.okey.rules import Options
from engine.okey.tiles import Okey, Tile

from .support import deal, position

OKEY = Okey(Tile.parse("R5"))
FILL = "Y2 B4 K3 Y6"


def act(state: Round, text: str) -> dict:
    """Apply an action; its event in the record's form."""
    return event_record(state.apply(parse_action(text, state.okey)))


def refused(state: Round, text: str, reason: str, code: str | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        act(state, text)
    assert reason in str(caught.value), str(caught.value)
    assert isinstance(caught.value, EngineError)
    if code:
        assert caught.value.code == code
    return caught.value


# -- opening ---------------------------------------------------------------------


def test_an_opening_below_51_is_refused_and_51_or_more_opens():
    state = position(["B12 B13 B1 K7 B7 Y7 B10 K10 Y10 K11 K12 K13 K2 Y13", "", "", ""])
    error = refused(state, "meld B12 B13 B1, K7 B7 Y7", "opening 47 is below 51", "okey-opening-low")
    assert error.params == {"total": 47, "threshold": 51}
    event = act(state, "meld B12 B13 B1, K7 B7 Y7, B10 K10 Y10")
    assert event == {"seat": 0, "meld": ["B12 B13 B1", "K7 B7 Y7", "B10 K10 Y10"], "opening": 77}
    assert state.opened[0] == "melds" and state.threshold() == 78
    # After the opening, any meld goes down, and it is not an opening.
    assert act(state, "meld K11 K12 K13") == {"seat": 0, "meld": ["K11 K12 K13"]}
    assert state.last_opening == 77


def test_the_doubling_chain_68_then_69():
    rack = "B9 B10 B11 B12 K12 K13 K1 Y9 K9 R9 " + FILL
    state = position([rack, "", "", ""], table=[(1, "Y10 Y11 Y12 Y13")], opened=[None, "melds", None, None])
    state.last_opening = 68
    refused(state, "meld B9 B10 B11 B12, K12 K13 K1", "opening 68 is below 69: with doubling it must exceed the last")
    assert act(state, "meld B9 B10 B11 B12, Y9 K9 R9")["opening"] == 69
    assert state.threshold() == 70


def test_without_doubling_51_is_enough_after_any_opening():
    rack = "B9 B10 B11 B12 K12 K13 K1 Y9 K9 R9 " + FILL
    state = position([rack, "", "", ""], options=Options(doubling=False), last_opening=68)
    assert state.threshold() == 51
    assert act(state, "meld B9 B10 B11 B12, K12 K13 K1")["opening"] == 68


def test_a_seat_keeps_one_tile_to_discard():
    state = position(["B10 B11 B12 K10 K11 K12", "", "", ""])
    refused(state, "meld B10 B11 B12, K10 K11 K12", "must keep one tile to discard", "okey-keep-one")


def test_pairs_open_with_five_pairs_and_never_change_the_threshold():
    rack = "B10 B10 R2 R2 K4 R6 Y7 Y7 B1 B1 K8 Y12 B3 Y4"
    state = position([rack, "", "", ""], last_opening=60)
    refused(state, "pairs B10 B10, R2 R2, K4 *K4, Y7 Y7", "at least five pairs, not 4", "okey-pairs-few")
    event = act(state, "pairs B10 B10, R2 R2, K4 *K4, Y7 Y7, B1 B1")
    assert event == {"seat": 0, "pairs": ["B10 B10", "R2 R2", "K4 *K4", "Y7 Y7", "B1 B1"], "opening": 0}
    assert state.opened[0] == "pairs" and state.threshold() == 61
    refused(state, "meld B3 *B4 *B5", "opened with pairs: it lays only pairs", "okey-pairs-opener-melds")


def test_the_pairs_opening_with_a_taken_discard():
    racks = ["B1 K13 Y13 B13 " + FILL, "B10 B10 R2 R2 K4 K4 Y7 Y7 B1 K8 K8 Y12 B3 Y4", "", ""]
    state = position(racks, pile="K5 K6")
    assert act(state, "discard B1") == {"seat": 0, "discard": "B1"}
    assert state.current == 1 and state.phase == "draw"
    refused(state, "discard K8", "must first draw a tile or take the discard", "okey-draw-first")
    assert TAKE in state.legal_actions()
    assert act(state, "take") == {"seat": 1, "take": "B1", "charge": {"seat": 0, "points": 10}}
    refused(state, "discard K8", "the taken tile B1 was not used", "okey-taken-unused")
    refused(state, "pairs B10 B10, R2 R2, K4 K4, Y7 Y7, K8 K8", "must be used in these pairs")
    event = act(state, "pairs B10 B10, R2 R2, K4 K4, Y7 Y7, B1 B1")
    assert event["opening"] == 0
    assert act(state, "discard K8") == {"seat": 1, "discard": "K8"}
    assert state.charges == [10, 0, 0, 0]


def test_a_discard_that_nobody_can_use_cannot_be_taken():
    state = position(["B1 K13 " + FILL, "K8 Y12 B3 Y4 K11", "", ""], pile="K5")
    act(state, "discard B1")
    assert state.legal_actions() == [DRAW]
    refused(state, "take", "cannot take B1", "okey-take-unusable")


def test_a_taken_tile_used_in_an_opening_charges_the_discarder():
    racks = ["K7 " + FILL, "B10 B11 B12 K10 K11 K12 K8 K9 Y3 Y5", "", ""]
    state = position(racks, pile="B2")
    act(state, "discard K7")
    assert act(state, "take")["charge"] == {"seat": 0, "points": 70}
    refused(state, "meld B10 B11 B12, K10 K11 K12", "the taken tile K7 must be used in this opening")
    assert act(state, "meld B10 B11 B12, K7 K8 K9 K10 K11 K12")["opening"] == 90


def test_a_taken_tile_laid_off_right_after_the_opening():
    racks = ["Y4 " + FILL, "B10 B11 B12 K10 K11 K12 B9 B2 K1 K2", "", ""]
    state = position(racks, pile="B2", table=[(2, "Y1 Y2 Y3")], opened=[None, None, "melds", None])
    act(state, "discard Y4")  # a penalty tile: it fits Y1 Y2 Y3
    assert state.charges[0] == 100
    act(state, "take")
    act(state, "meld B9 B10 B11 B12, K10 K11 K12")
    refused(state, "discard B2", "must be laid off right after it", "okey-taken-after-opening")
    refused(state, "meld K1 K2 *K3", "must be laid off right after it")
    assert act(state, "layoff Y4 on 0") == {"seat": 1, "layoff": "Y4", "to": 0, "charge": {"seat": 2, "points": 40}}
    act(state, "discard B2")


def test_an_opened_seat_must_use_a_taken_tile_and_cannot_spoil_its_use():
    racks = ["K3 " + FILL, "R6 K2 B7 Y11", "", ""]
    state = position(racks, pile="B2", opened=[None, "melds", None, None], table=[(1, "B8 B9 B10")])
    act(state, "discard K3")
    act(state, "take")
    refused(state, "layoff *B11 on 0", "could not be used this turn: use it first", "okey-taken-unusable-after")
    assert act(state, "meld K2 K3 *K4") == {"seat": 1, "meld": ["K2 K3 *K4"]}
    refused(state, "layoff *B11 on 0", "does not hold an okey")
    act(state, "discard B7")


def test_a_taken_okey_is_charged_at_its_face_value():
    # okey.md, the box of Taking the discard: outside a meld an okey stands for no other tile, so the discarder
    # of R6 (the okey with the indicator R5) pays 6 × 10.
    racks = ["R6 " + FILL, "K2 B7 Y11", "", ""]
    state = position(racks, pile="B2", opened=[None, "melds", None, None], table=[(1, "B8 B9 B10")])
    act(state, "discard R6")
    assert act(state, "take")["charge"] == {"seat": 0, "points": 60}
    assert act(state, "layoff *B11 on 0") == {"seat": 1, "layoff": "*B11", "to": 0}


# -- lay-offs, seizes, charges --------------------------------------------------------


def table_position(mode: str = "solo") -> Round:
    racks = ["K8 Y9 K4 R6 B8 FJ B2 Y13 Y4", "", "", ""]
    table = [(1, "K5 K6 K7"), (0, "B9 R9 K9"), (2, "Y5 Y6 Y7"), (3, "B7 *B8 B9"), (2, "R4 R5 *R6 R7"), (1, "Y3 Y3")]
    return position(racks, table=table, opened=["melds", "melds", "melds", "pairs"], options=Options(mode=mode))


def test_lay_offs_charge_an_opponent_not_oneself():
    state = table_position()
    assert act(state, "layoff K8 on 0") == {"seat": 0, "layoff": "K8", "to": 0, "charge": {"seat": 1, "points": 80}}
    assert act(state, "layoff Y9 on 1") == {"seat": 0, "layoff": "Y9", "to": 1}
    assert act(state, "layoff Y4 on 2")["charge"] == {"seat": 2, "points": 40}
    assert str(state.table[0].meld) == "K5 K6 K7 K8" and str(state.table[1].meld) == "B9 R9 K9 Y9"
    # An okey laid off is charged at the value it stands for.
    assert act(state, "layoff *K4 on 0")["charge"] == {"seat": 1, "points": 40}
    assert str(state.table[0].meld) == "*K4 K5 K6 K7 K8"
    refused(state, "layoff Y13 on 5", "item 5 is a pair: pairs are never extended", "okey-layoff-pair")
    refused(state, "layoff Y13 on 0", "Y13 does not fit *K4 K5 K6 K7 K8 (item 0): it takes K3 or K9")
    refused(state, "layoff Y13 on 9", "item 9 is not on the table")
    refused(state, "layoff K8 on 0", "does not hold K8")


def test_partners_are_exempt_in_pairs_mode():
    state = table_position("pairs")
    assert act(state, "layoff Y4 on 2") == {"seat": 0, "layoff": "Y4", "to": 2}
    event = act(state, "seize FJ on 4")  # seat 2 is the partner: no charge
    assert event == {"seat": 0, "seize": "FJ", "to": 4}
    assert str(state.table[4].meld) == "R4 R5 FJ R7"
    assert act(state, "seize B8 on 3")["charge"] == {"seat": 3, "points": 180}


def test_seizing_an_okey_charges_100_plus_the_tile():
    state = table_position()
    event = act(state, "seize B8 on 3")
    assert event == {"seat": 0, "seize": "B8", "to": 3, "charge": {"seat": 3, "points": 180}}
    assert str(state.table[3].meld) == "B7 B8 B9"
    assert state.racks[0][OKEY.tile] == 2  # the okey came to the rack
    assert act(state, "seize FJ on 4")["charge"] == {"seat": 2, "points": 160}
    refused(state, "seize K4 on 0", "no okey standing for K4 in item 0")
    refused(state, "seize R6 on 4", "only the real tile an okey stands for seizes it")


def test_an_okey_in_a_pair_stays_there():
    # The seed seizes from a kombinasi (a run or a set): an okey in a pair is never seized.
    state = position(
        ["B9 K8 " + FILL, "", "", ""], table=[(1, "B9 *B9"), (1, "K7 *K8 K9")], opened=["melds", "pairs", None, None]
    )
    refused(
        state, "seize B9 on 0", "item 0 (B9 *B9) is a pair: an okey is seized from a run or a set", "okey-seize-pair"
    )
    seizes = [a.notation() for a in state.legal_actions() if a.notation().startswith("seize")]
    assert seizes == ["seize K8 on 1"]
    assert act(state, "seize K8 on 1")["charge"] == {"seat": 1, "points": 180}


def test_only_a_seat_open_with_melds_lays_off_or_seizes():
    state = table_position()
    state.opened[0] = None
    refused(state, "layoff K8 on 0", "cannot lay off: it has not opened", "okey-layoff-not-open")
    refused(state, "seize B8 on 3", "cannot seize an okey: it has not opened")
    state.opened[0] = "pairs"
    refused(state, "layoff K8 on 0", "it opened with pairs")
    state.opened[0] = "melds"
    refused(state, "pairs B8 *B8", "opened with melds: it does not lay pairs")


# -- penalty tiles ---------------------------------------------------------------


def test_a_penalty_discard_costs_100_even_before_opening():
    state = position(["K4 R6 " + FILL, "Y1", "", ""], table=[(1, "K5 K6 K7")], pile="B1")
    assert act(state, "discard K4") == {"seat": 0, "discard": "K4", "charge": {"seat": 0, "points": 100}}


def test_an_okey_is_a_penalty_tile_while_a_meld_takes_one_more():
    state = position(["R6 " + FILL, "Y1", "", ""], table=[(1, "K5 K6 K7")], pile="B1")
    assert act(state, "discard R6")["charge"] == {"seat": 0, "points": 100}
    full = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B1"
    state = position(["R6 " + FILL, "Y1", "", ""], table=[(1, full)], pile="B1")
    assert "charge" not in act(state, "discard R6")


def test_a_tile_that_could_only_seize_is_not_a_penalty_tile():
    state = position(["B8 " + FILL, "Y1", "", ""], table=[(1, "B7 *B8 B9")], pile="B1")
    assert "charge" not in act(state, "discard B8")


def test_the_last_discard_is_exempt_from_the_penalty():
    racks = ["K8", "B3 B4 R6", "Y1 Y2 Y5 Y8", "Y10 FJ"]
    state = position(racks, table=[(1, "K5 K6 K7")], opened=["melds", "melds", None, "pairs"])
    assert act(state, "discard K8") == {"seat": 0, "discard": "K8"}
    assert state.end == RoundEnd("hand", 0)


def test_a_penalty_discard_that_ends_an_exhausted_round_is_still_charged():
    # Only the discard that goes out is exempt (okey.md, the box under Penalty tile): with the pile empty, a
    # discard the next seat cannot take ends the round in a draw and is charged like any other.
    racks = ["K8 K11 " + FILL, "B3 B4 R6", "Y1 Y2 Y5 Y8", "Y10 FJ"]
    state = position(racks, table=[(2, "K5 K6 K7")], opened=["melds", None, "melds", "pairs"])
    assert act(state, "discard K8")["charge"] == {"seat": 0, "points": 100}
    assert state.end == RoundEnd("exhausted", None)


# -- ends and the settlement table ---------------------------------------------------


def finish(last: str, opened0: str, mode: str = "solo") -> Round:
    racks = [last, "B3 B4 R6", "Y1 Y2 Y5 Y8", "Y10 FJ"]
    state = position(racks, opened=[opened0, "melds", None, "pairs"], options=Options(mode=mode))
    act(state, f"discard {last}")
    return state


def test_a_hand_finish_and_its_row():
    state = finish("K8", "melds")
    assert state.end == RoundEnd("hand", 0)
    # seat 1: rack 3 + 4 = 7 × 5, plus 500 for the okey it holds; seat 2 did not open; seat 3 opened with pairs
    assert state.settlement == [-500, 35 + 500, 500, 16 * 10]
    assert state.scores == state.settlement


def test_an_okey_left_in_a_rack_is_charged_by_the_kind_of_finish_not_by_how_its_holder_opened():
    # The seed's "500 (kombinasi) or 1000 (pasangan)" read as the end's row (okey.md, the box of the settlement):
    # a pairs opener holding an okey pays 500 at a hand end, a melds opener 1000 at an okey end.
    racks = ["K8", "B3 B4", "Y1 Y2 Y5 Y8", "K2 R6"]
    state = position(racks, opened=["melds", "melds", None, "pairs"])
    act(state, "discard K8")
    assert state.end.kind == "hand" and state.settlement[3] == 2 * 10 + 500
    racks = ["R6", "K2 R6", "Y1 Y2 Y5 Y8", "Y10"]
    state = position(racks, opened=["melds", "melds", None, "pairs"])
    act(state, "discard R6")
    assert state.end.kind == "okey" and state.settlement[1] == 2 * 10 + 1000


def test_a_pairs_finish_and_its_row():
    state = finish("K8", "pairs")
    assert state.end == RoundEnd("pairs", 0)
    assert state.settlement == [-1000, 70 + 1000, 1000, 160]


def test_an_okey_finish_and_its_row_counted_once_with_pairs():
    state = finish("R6", "melds")
    assert state.end == RoundEnd("okey", 0)
    assert state.settlement == [-1000, 70 + 1000, 1000, 160]
    state = finish("R6", "pairs")
    assert state.end == RoundEnd("okey", 0)
    assert state.settlement == [-1000, 70 + 1000, 1000, 160]


def test_a_false_joker_as_the_last_discard_is_an_ordinary_finish():
    assert finish("FJ", "melds").end == RoundEnd("hand", 0)


def test_the_finishers_partner_pays_nothing_in_pairs_mode():
    racks = ["K8", "B3 B4 R6", "Y1 Y2 R6 Y8", "Y10 FJ"]
    state = position(racks, opened=["melds", "melds", None, "pairs"], options=Options(mode="pairs"))
    act(state, "discard K8")
    assert state.settlement == [-500, 535, 0, 160]


def test_the_round_is_exhausted_when_the_pile_is_empty_and_nobody_takes():
    racks = ["K11 K12 " + FILL, "B3 B4 R6", "Y1 Y2 Y5 Y8", "Y10 FJ"]
    state = position(racks, opened=[None, "melds", None, "pairs"])
    act(state, "discard K11")
    assert state.end == RoundEnd("exhausted", None)
    # Nobody went out: seat 0 did not open (500 whatever its rack), seat 1 pays its rack × 5 and its okey.
    assert state.settlement == [500, 35 + 500, 500, 160]


def test_declining_the_discard_with_an_empty_pile_exhausts_the_round():
    racks = ["K10 Y13 " + FILL, "K11 K12 B1 B2", "Y1 Y2 Y5 Y8", "Y10 FJ"]
    state = position(racks, opened=[None, "melds", None, "pairs"])
    act(state, "discard K10")
    assert state.current == 1 and state.legal_actions() == [TAKE, DECLINE]
    refused(state, "draw", "the pile is empty")
    assert state.apply(DECLINE) == Declined(1)
    assert state.end == RoundEnd("exhausted", None)
    assert state.settlement == [500, (11 + 12 + 1 + 2) * 5, 500, 160]


def test_decline_is_refused_while_the_pile_has_tiles():
    state = position(["K10 " + FILL, "K11 K12 B1 B2", "", ""], pile="B5", opened=[None, "melds", None, None])
    act(state, "discard K10")
    refused(state, "decline", "the pile is not empty")
    assert state.apply(DRAW) == Drew(1, Tile.parse("B5"))
    refused(state, "draw", "already drawn")


# -- the game: rounds, totals, winner, views ----------------------------------------------


def play(game: Game, seed: int) -> Game:
    from engine.okey.bots import make_bot

    bots = [make_bot("greedy", random.Random(seed + seat)) for seat in range(4)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    return game


@pytest.mark.parametrize("rounds", [1, 3])
def test_one_and_three_rounds_totals_and_the_winner(rounds):
    game = play(Game(Options(rounds=rounds), seed=11), 11)
    assert len(game.rounds) == rounds
    assert [r.starter for r in game.rounds] == [0, 1, 2][:rounds]
    assert game.totals == tuple(sum(r.scores[s] for r in game.rounds) for s in range(4))
    for state in game.rounds:
        assert state.scores == [c + s for c, s in zip(state.charges, state.settlement, strict=True)]
    low = min(game.totals)
    assert game.winner == [s for s in range(4) if game.totals[s] == low]
    assert game.returns() == tuple(-t for t in game.totals)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_action(DRAW)


def test_the_pairs_winner_is_the_side_with_the_lowest_sum():
    options = Options(mode="pairs")
    assert options.winners([100, -500, 50, 700]) == [0, 2]
    assert options.winners([100, -500, 450, 1050]) == [0, 1, 2, 3]
    assert Options().winners([5, 5, 7, 9]) == [0, 1]


def test_the_deal_and_the_view():
    game = Game(seed=5)
    state = game.round
    assert state.rack_sizes == (15, 14, 14, 14) and state.pile_size == 48
    assert not state.indicator.is_false_joker
    view = game.view(1)
    values = [getattr(view, f.name) for f in dataclasses.fields(view)]
    text = repr(values)
    assert "pile" not in {f.name for f in dataclasses.fields(view)}
    assert view.rack == state.rack(1) and view.legal_actions == ()
    for seat in (0, 2, 3):
        assert repr(state.rack(seat)) not in text
    game.apply_action(game.legal_actions()[-1])  # seat 0 discards
    game.apply_action(DRAW)  # seat 1 draws
    drawn = game.round.events[-1]
    assert type(drawn) is Drew and drawn.seat == 1 and drawn.tile in game.round.rack(1)
    assert game.view(2).events[-1] == Drew(1, None)
    assert game.view(2).as_json()["events"][-1] == {"seat": 1, "draw": None}
    assert game.view(1).events[-1] is drawn
    assert game.view(1).as_json()["events"][-1] == {"seat": 1, "draw": drawn.tile.notation()}
    assert game.view(1).as_json()["hand"] == [t.notation() for t in game.round.rack(1)]


def test_a_deal_with_a_false_joker_indicator_turns_the_next_tile():
    from engine.okey.game import shuffled_deal

    for seed in range(200):
        rng = random.Random(seed)
        made = shuffled_deal(0, rng)
        made.check()
        assert not made.indicator.is_false_joker
    d = deal({0: "R1 R2 R3"}, "K5", pile="FJ")
    d.check()
    assert d.pile[0].is_false_joker


def test_bad_actions_are_engine_errors_with_a_code():
    game = Game(seed=3)
    with pytest.raises(EngineError) as caught:
        game.apply_action("discard K99")
    assert caught.value.code == "okey-tile"
    with pytest.raises(EngineError, match="is not an action"):
        game.apply_action("jump")
    with pytest.raises(IllegalActionError, match="not in hand"):
        missing = next(t for t in ("R1", "B1", "K1", "Y1", "R2") if Tile.parse(t) not in game.round.racks[0])
        game.apply_action(f"discard {missing}")
