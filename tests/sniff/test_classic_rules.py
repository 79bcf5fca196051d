"""Classic Sniff (seed 003, spec/classic-sniff.md), rule by rule, on scripted hands and forced deals."""

from __future__ import annotations

import random
import re

import pytest

from engine.core.errors import EngineError
from engine.sniff import DOUBLE_SIX, Tile, parse_layout
from engine.sniff.game import DRAW, PASS, Deal, DealError, Drew, Game, Hand, IllegalActionError, Passed, parse_action
from engine.sniff.rules import (
    AMERICAN_SNIFF,
    CLASSIC_SNIFF,
    Award,
    RulesError,
    WinnerTakesTheDifference,
    check_lots,
    draw_lots,
    ruleset_named,
)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in text.split())


def deal(opener: int, *hands: str, boneyard: str = "", lots=None) -> Deal:
    """A forced deal: the given hands, the boneyard starting with ``boneyard``, then every other tile in order."""
    dealt = tuple(tiles(hand) for hand in hands)
    first = tiles(boneyard)
    used = {t for hand in dealt for t in hand} | set(first)
    return Deal(opener, dealt, first + tuple(t for t in DOUBLE_SIX if t not in used), lots)


def play(hand: Hand, *actions: str) -> list:
    return [hand.apply(parse_action(text)) for text in actions]


def notations(actions) -> list[str]:
    return [action.notation() for action in actions]


def rounds(*rows: str) -> tuple:
    """Lots rounds written as ``"2|4 1|5 -"`` (``-`` for a seat not drawing)."""
    return tuple(tuple(None if word == "-" else Tile.parse(word) for word in row.split()) for row in rows)


class Lots(random.Random):
    """A random source whose draws of lots are given, round by round."""

    def __init__(self, *draws: str):
        super().__init__(0)
        self.draws = iter(draws)

    def sample(self, population, k):
        drawn = list(tiles(next(self.draws)))
        assert len(drawn) == k
        return drawn


# -- the lots for the first leader ----------------------------------------------


def test_the_most_pips_leads():
    drawn = draw_lots(3, Lots("1|2 5|6 4|4"))
    assert drawn.seat == 1 and drawn.rounds == rounds("1|2 5|6 4|4")


def test_at_equal_pips_a_double_beats_a_non_double():
    drawn = draw_lots(3, Lots("2|4 3|3 1|5"))
    assert drawn.seat == 1 and drawn.rounds == rounds("2|4 3|3 1|5")


def test_seats_still_equal_draw_again_and_only_they_draw():
    drawn = draw_lots(4, Lots("2|4 1|5 0|1 0|6", "0|1 1|2 0|3", "4|6 3|6"))
    # Round 1: seats 0, 1 and 3 tie at 6 pips; round 2: seats 1 and 3 tie at 3; round 3: seat 1's 10 beats 9.
    assert drawn.seat == 1
    assert drawn.rounds == rounds("2|4 1|5 0|1 0|6", "0|1 1|2 - 0|3", "- 4|6 - 3|6")
    assert check_lots(drawn.rounds, 4) == 1


def test_the_lots_go_back_before_a_redraw_so_a_tile_may_come_again():
    drawn = draw_lots(2, Lots("1|5 2|4", "1|5 0|0"))
    assert drawn.seat == 0 and drawn.rounds == rounds("1|5 2|4", "1|5 0|0")


@pytest.mark.parametrize(
    ("lots", "players", "reason"),
    [
        ((), 2, "the lots have no round"),
        (rounds("1|5 2|4", "6|6 -"), 2, r"round 2 of the lots is drawn by seats \[0\], not by the seats in it"),
        (rounds("1|5 2|4 -"), 3, r"round 1 of the lots is drawn by seats \[0, 1\]"),
        (rounds("5|6 2|4", "0|0 1|1"), 2, r"round 1 of the lots decides the leader \(seat 0\), but more follow"),
        (rounds("1|5 1|5"), 2, "round 1 of the lots has a tile twice"),
        (rounds("1|5 2|4"), 2, r"the last round of the lots leaves seats \[0, 1\] tied"),
        (rounds("1|5 2|4 3|3"), 2, "round 1 of the lots has 3 places for 2 players"),
    ],
)
def test_lots_the_rules_do_not_allow_are_refused_with_the_round(lots, players, reason):
    with pytest.raises(RulesError, match=reason):
        check_lots(lots, players)


def test_the_first_hand_leader_is_the_one_the_lots_choose_and_its_deal_keeps_them():
    for seed in range(30):
        game = Game(3, seed=seed, ruleset=CLASSIC_SNIFF)
        first = game.hand.deal
        assert first.lots is not None and check_lots(first.lots, 3) == first.opener
    leaders = {Game(4, seed=seed, ruleset=CLASSIC_SNIFF).hand.opener for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_a_deal_with_lots_that_choose_another_seat_is_refused():
    lots = rounds("1|2 5|6")
    good = deal(1, "0|0 0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|3 1|4 1|5 1|6 2|2 2|3", lots=lots)
    Hand(CLASSIC_SNIFF, 2, good)
    bad = deal(0, "0|0 0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|3 1|4 1|5 1|6 2|2 2|3", lots=lots)
    with pytest.raises(DealError, match="the lots choose seat 1 to lead, not seat 0"):
        Hand(CLASSIC_SNIFF, 2, bad)
    with pytest.raises(DealError, match="American Sniff draws no lots"):
        Hand(AMERICAN_SNIFF, 2, good)
    with pytest.raises(RulesError, match="round 1 of the lots has a tile twice") as caught:
        Hand(CLASSIC_SNIFF, 2, Deal(1, good.hands, good.boneyard, rounds("5|6 5|6")))
    assert isinstance(caught.value, EngineError) and caught.value.code == "lots"
    unlotted = Deal(1, good.hands, good.boneyard)
    with pytest.raises(DealError, match="drawn by lots, but the deal has no lots"):
        Game(2, seed=1, ruleset=CLASSIC_SNIFF, auto_deal=False).begin_hand(unlotted)


# -- the lead passes to the left ---------------------------------------------------


def test_the_lead_passes_to_the_left_whoever_won():
    game = Game(3, seed=11, ruleset=CLASSIC_SNIFF)
    rng = random.Random(11)
    while len(game.hands) < 6 and not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    outs = [hand.out_seat for hand in game.hands[:-1]]
    assert any(out is not None and out != (hand.opener + 1) % 3 for out, hand in zip(outs, game.hands, strict=False))
    for previous, hand in zip(game.hands, game.hands[1:], strict=False):
        assert hand.opener == (previous.opener + 1) % 3
        assert hand.deal.lots is None


def test_a_later_hand_must_be_led_by_the_next_seat_without_lots():
    game = Game(2, seed=3, ruleset=CLASSIC_SNIFF, auto_deal=False)
    first = deal(1, "0|0 0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|3 1|4 1|5 1|6 2|2 2|3", lots=rounds("1|2 5|6"))
    hand = game.begin_hand(first)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert game.forced_opener() == 0
    second = deal(1, "0|0 0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|3 1|4 1|5 1|6 2|2 2|3")
    with pytest.raises(ValueError, match=r"seat 0 must open this hand \(the lead passes to the left\), not seat 1"):
        game.begin_hand(second)
    with pytest.raises(ValueError, match="seat 0 leads this hand without lots"):
        game.begin_hand(Deal(0, second.hands, second.boneyard, rounds("5|6 1|2")))
    assert game.begin_hand(Deal(0, second.hands, second.boneyard)).current == 0


# -- drawing: the reserve, two draws a turn, then a pass ----------------------------

SIXES = "6|6 0|6 1|6 2|6 3|6 4|6 0|0"


def test_with_two_players_the_last_two_tiles_are_never_drawn():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2"))
    assert len(hand.boneyard) == 14 and hand.drawable == 12
    seats = [tiles("0|6"), tiles("1|1")]
    position = Hand.position(CLASSIC_SNIFF, 2, parse_layout("6|6"), seats, tiles("0|2 0|3 0|4"), 1, (0, 0))
    play(position, "draw")
    assert position.drawable == 0 and position.boneyard == tiles("0|3 0|4")
    assert position.legal_actions() == (PASS,)
    with pytest.raises(IllegalActionError, match="seat 1 cannot draw: no tile is left to draw, it must pass"):
        position.apply(DRAW)


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_every_tile_may_be_drawn(players):
    hand = Game(players, seed=5, ruleset=CLASSIC_SNIFF).hand
    assert hand.drawable == len(hand.boneyard) == 28 - players * {3: 6, 4: 5}[players]
    seats = [tiles("0|6")] + [tiles(f"{n}|{n}") for n in range(1, players)]
    position = Hand.position(CLASSIC_SNIFF, players, parse_layout("6|6"), seats, tiles("0|2"), 1, (0,) * players)
    assert play(position, "draw") == [Drew(1, Tile(0, 2))] and position.drawable == 0


def test_a_seat_draws_at_most_two_tiles_in_a_turn_then_passes():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="0|2 0|3 5|6"))
    play(hand, "6|6")
    assert hand.legal_actions() == (DRAW,)
    assert play(hand, "draw") == [Drew(1, Tile(0, 2))]
    # The first tile does not fit: the second draw is compulsory, not a pass.
    assert hand.legal_actions() == (DRAW,)
    with pytest.raises(IllegalActionError, match="seat 1 cannot pass: the boneyard still has a tile to draw"):
        hand.apply(PASS)
    assert play(hand, "draw") == [Drew(1, Tile(0, 3))]
    # Neither fits: after two draws the seat passes, though [5|6] is next in the boneyard.
    assert hand.legal_actions() == (PASS,)
    with pytest.raises(IllegalActionError, match="seat 1 cannot draw: it has drawn 2 tiles this turn, it must pass"):
        hand.apply(DRAW)
    assert play(hand, "pass") == [Passed(1)] and hand.current == 0
    play(hand, "0|6 on 6|6 line-a")
    # A new turn: seat 1 holds [0|2] and [0|3] now, and must place one.
    assert {a.tile for a in hand.legal_actions()} == set(tiles("0|1 0|2 0|3"))


def test_a_drawn_tile_that_fits_is_placed_at_once_on_any_legal_join():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="5|6 0|3"))
    play(hand, "6|6", "draw")
    assert notations(hand.legal_actions()) == ["5|6 on 6|6 line-a", "5|6 on 6|6 line-b"]
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="0|3 5|6"))
    play(hand, "6|6", "draw", "draw")
    # The second tile fits: it must be placed, not passed.
    assert notations(hand.legal_actions()) == ["5|6 on 6|6 line-a", "5|6 on 6|6 line-b"]
    with pytest.raises(IllegalActionError, match="seat 1 cannot pass: it has a legal placement"):
        hand.apply(PASS)


def test_the_draw_count_starts_again_each_turn_and_undo_restores_it():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="0|2 0|3 1|3 1|4 5|6"))
    play(hand, "6|6", "draw", "draw", "pass", "0|6 on 6|6 line-a", "0|2 on 0|6 low")
    assert hand.current == 0
    play(hand, "2|6 on 0|2 high")
    hand.undo()
    hand.undo()
    hand.undo()
    hand.undo()
    assert hand.current == 1 and hand.legal_actions() == (PASS,)
    hand.undo()
    assert hand.legal_actions() == (DRAW,)


# -- scoring in fives ------------------------------------------------------------------


def test_a_placement_scores_one_point_per_five():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, "5|5 4|5 1|6 2|6 3|6 4|6 0|0", "1|1 2|2 3|3 4|4 5|6 0|1 1|2"))
    # The opening Sniff [5|5] counts 10: 2 points.
    assert play(hand, "5|5")[0].points == 2
    # [5|6] on line A: [5|5] still counts 10 on line B, plus 6: 16 scores nothing.
    assert play(hand, "5|6 on 5|5 line-a")[0].points == 0
    # [4|5] on line B: both line sides are joined and the branches open: 6 + 4 + 5 + 5 = 20, 4 points.
    event = play(hand, "4|5 on 5|5 line-b")[0]
    assert hand.layout.counted_total() == 20 and event.points == 4
    assert hand.scores == (6, 0) and hand.points == (6, 0)


def test_fifteen_is_three_points():
    seats = [tiles("6|6 1|1"), tiles("2|2")]
    hand = Hand.position(CLASSIC_SNIFF, 2, parse_layout("3|6"), seats, tiles("0|0 0|1 0|2"), 0, (4, 0))
    # The Sniff [6|6] on the high end counts both halves: 3 + 12 = 15 -> 3 points.
    event = play(hand, "6|6 on 3|6 high")[0]
    assert hand.layout.counted_total() == 15 and event.points == 3 and hand.scores == (7, 0)


# -- the award at the end of a hand -------------------------------------------------------

# Seat 0 plays [6|6] on [5|6]: both open ends show 5 and 6, which nobody holds, and nothing can be drawn.
SEED_EXAMPLE = [tiles("6|6 1|2"), tiles("1|4"), tiles("4|4 0|3"), tiles("3|4 2|4")]


def test_the_seed_example_26_rounds_to_25_and_scores_5():
    hand = Hand.position(CLASSIC_SNIFF, 4, parse_layout("5|6"), SEED_EXAMPLE, (), 0, (0, 0, 0, 0))
    play(hand, "6|6 on 5|6 high")
    assert hand.end == "blocked" and hand.out_seat is None
    # Seat 0 keeps 3 pips, the others 5, 11 and 13: 5 + 11 + 13 - 3 = 26 -> 25 -> 5 points, and nobody else scores.
    assert [sum(t.pips for t in hand.tiles(seat)) for seat in range(4)] == [3, 5, 11, 13]
    assert hand.award == Award(0, 5)
    assert hand.deductions is None
    assert hand.scores == (5, 0, 0, 0)


def test_the_seat_that_goes_out_scores_the_opponents_pips():
    hand = Hand.position(CLASSIC_SNIFF, 2, parse_layout("0|5"), [tiles("5|6"), tiles("1|1 0|2")], (), 0, (10, 20))
    play(hand, "5|6 on 0|5 high")
    # 2 + 2 = 4 pips round to 5: 1 point.
    assert hand.end == "out" and hand.award == Award(0, 1) and hand.scores == (11, 20)


def test_a_blocked_hand_tied_for_the_fewest_pips_awards_nothing():
    seats = [tiles("6|6 1|2"), tiles("0|3"), tiles("4|4"), tiles("2|4 1|4")]
    hand = Hand.position(CLASSIC_SNIFF, 4, parse_layout("5|6"), seats, (), 0, (3, 1, 4, 1))
    play(hand, "6|6 on 5|6 high")
    assert hand.end == "blocked" and hand.award is None and hand.scores == (3, 1, 4, 1)


@pytest.mark.parametrize(
    ("remaining", "end", "out_seat", "award"),
    [
        # A difference of 2 or less awards 0; 3 rounds up to 5.
        (["", "1|1"], "out", 0, Award(0, 0)),
        (["", "1|2"], "out", 0, Award(0, 1)),
        # Partnerships: seat 0 went out, its partner keeps 12 pips, the opponents 4: a negative difference awards 0.
        (["", "0|1", "6|6", "0|3"], "out", 0, Award(0, 0)),
        # Partnerships: the sides' pips are summed: 1 + 6 = 7 against 12 + 0; the side's seat with fewer pips.
        (["0|1", "6|6", "0|6", "0|0"], "blocked", None, Award(0, 1)),
        # Partnerships, blocked, the side's two seats equal: the lower seat.
        (["0|2", "6|6", "1|1", "0|0"], "blocked", None, Award(0, 2)),
        # Partnerships, blocked, the sides tied at 8 pips: no award.
        (["0|2", "1|1", "0|6", "2|4"], "blocked", None, None),
    ],
)
def test_the_award(remaining, end, out_seat, award):
    sides = 2 if len(remaining) == 4 else len(remaining)
    settlement = WinnerTakesTheDifference().settle(sides, [tiles(r) for r in remaining], end, out_seat)
    assert settlement.award == award and settlement.deductions is None
    expected = [0] * sides
    if award is not None:
        expected[award.seat % sides] = award.points
    assert list(settlement.awards) == expected


# -- the target: 61 --------------------------------------------------------------------------


def test_reaching_61_in_play_wins_at_once_without_an_award():
    seats = [tiles("5|5 1|1"), tiles("2|2"), tiles("3|3")]
    hand = Hand.position(CLASSIC_SNIFF, 3, parse_layout("0|5"), seats, (), 0, (59, 60, 0))
    # [5|5] on [0|5]: 0 + 10 = 10 -> 2 points: 61.
    assert play(hand, "5|5 on 0|5 high")[0].points == 2
    assert hand.end == "target" and hand.winner == 0 and hand.award is None and hand.deductions is None
    assert hand.scores == (61, 60, 0)


def test_reaching_61_with_the_last_tile_is_a_target_end_not_an_award():
    hand = Hand.position(CLASSIC_SNIFF, 2, parse_layout("0|5"), [tiles("5|5"), tiles("6|6 4|6")], (), 0, (60, 0))
    play(hand, "5|5 on 0|5 high")
    assert hand.end == "target" and hand.winner == 0 and hand.award is None and hand.scores == (62, 0)


def test_an_award_reaching_61_wins_the_game_and_the_hand_keeps_its_end():
    hand = Hand.position(CLASSIC_SNIFF, 2, parse_layout("0|5"), [tiles("5|6"), tiles("1|1 0|2")], (), 0, (60, 58))
    play(hand, "5|6 on 0|5 high")
    assert hand.end == "out" and hand.award == Award(0, 1) and hand.winner == 0 and hand.scores == (61, 58)
    hand = Hand.position(CLASSIC_SNIFF, 4, parse_layout("5|6"), SEED_EXAMPLE, (), 0, (56, 60, 60, 60))
    play(hand, "6|6 on 5|6 high")
    assert hand.end == "blocked" and hand.winner == 0 and hand.scores == (61, 60, 60, 60)


def test_an_award_short_of_61_plays_another_hand():
    hand = Hand.position(CLASSIC_SNIFF, 2, parse_layout("0|5"), [tiles("5|6"), tiles("1|1 0|2")], (), 0, (59, 58))
    play(hand, "5|6 on 0|5 high")
    assert hand.winner is None and hand.scores == (60, 58)


# -- the ruleset value ---------------------------------------------------------------------------


def test_partnerships_are_an_option_for_four_in_classic_sniff_only():
    assert CLASSIC_SNIFF.sides(4) == 4
    partners = CLASSIC_SNIFF.with_partnerships(True)
    assert partners.sides(4) == 2 and partners.sides(3) == 3 and partners.key == "classic"
    assert ruleset_named("classic", True).sides(4) == 2
    assert AMERICAN_SNIFF.with_partnerships(True) is AMERICAN_SNIFF
    with pytest.raises(RulesError, match="in American Sniff four players always play as two partnerships"):
        AMERICAN_SNIFF.with_partnerships(False)
    with pytest.raises(EngineError, match='unknown rules "cribbage": use american or classic'):
        ruleset_named("cribbage")
    assert CLASSIC_SNIFF.target(2) == CLASSIC_SNIFF.target(4) == 61


def test_illegal_actions_are_engine_errors():
    hand = Hand(CLASSIC_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2"))
    with pytest.raises(EngineError, match=re.escape("seat 0 cannot draw: it has a legal placement")):
        hand.apply(DRAW)
