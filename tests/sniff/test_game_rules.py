"""The rules of a hand and of the game, on scripted hands with forced deals (seeds 000, 002, 004)."""

from __future__ import annotations

import random
import re

import pytest

from engine.core.errors import EngineError
from engine.sniff import DOUBLE_SIX, Layout, Placement, Tile, parse_layout
from engine.sniff.game import (
    DRAW,
    PASS,
    Deal,
    Drew,
    Game,
    Hand,
    IllegalActionError,
    Passed,
    Play,
    Played,
    hand_rng,
    parse_action,
)
from engine.sniff.record import game_record
from engine.sniff.rules import AMERICAN_SNIFF, HandOutcome, Ruleset, Settlement, neutral_draw, round_to_five


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in text.split())


def deal(opener: int, *hands: str, boneyard: str = "") -> Deal:
    """A forced deal: the given hands, the boneyard starting with ``boneyard``, then every other tile in order."""
    dealt = tuple(tiles(hand) for hand in hands)
    first = tiles(boneyard)
    used = {t for hand in dealt for t in hand} | set(first)
    return Deal(opener, dealt, first + tuple(t for t in DOUBLE_SIX if t not in used))


def play(hand: Hand, *actions: str) -> list:
    return [hand.apply(parse_action(text)) for text in actions]


def notations(actions) -> list[str]:
    return [action.notation() for action in actions]


# -- the deal and the opener ---------------------------------------------------


@pytest.mark.parametrize(("players", "size", "boneyard"), [(2, 7, 14), (3, 6, 10), (4, 5, 8)])
def test_deal_gives_7_6_or_5_tiles_and_the_rest_is_the_boneyard(players, size, boneyard):
    game = Game(players, random.Random(1))
    hand = game.hand
    assert hand.hand_sizes == (size,) * players
    assert len(hand.boneyard) == boneyard and hand.drawable == boneyard
    every = [t for seat in range(players) for t in hand.tiles(seat)] + list(hand.boneyard)
    assert sorted(every) == list(DOUBLE_SIX)


def test_the_opener_may_play_any_tile():
    hand = Hand(AMERICAN_SNIFF, 2, deal(1, "0|0 1|1 2|2 3|3 4|4 5|5 6|6", "0|1 0|2 0|3 0|4 0|5 0|6 1|2"))
    assert hand.current == 1
    assert notations(hand.legal_actions()) == ["0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "1|2"]


def test_turns_go_clockwise():
    three = deal(2, "0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|2 1|3 1|4 1|5 1|6", "0|0 2|2 2|3 2|4 2|5 2|6")
    hand = Hand(AMERICAN_SNIFF, 3, three)
    seats = [event.seat for event in play(hand, "0|0", "0|1 on 0|0 line-a", "1|1 on 0|1 high")]
    assert seats == [2, 0, 1]
    assert hand.current == 2


# -- placing, drawing, passing -------------------------------------------------

SIXES = "6|6 0|6 1|6 2|6 3|6 4|6 0|0"


def test_a_player_with_a_legal_placement_must_place_and_may_not_draw_or_pass():
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 5|6"))
    play(hand, "6|6")
    assert notations(hand.legal_actions()) == ["5|6 on 6|6 line-a", "5|6 on 6|6 line-b"]
    with pytest.raises(IllegalActionError, match=re.escape("seat 1 cannot draw: it has a legal placement (5|6 on 6|6")):
        hand.apply(DRAW)
    with pytest.raises(IllegalActionError, match="seat 1 cannot pass: it has a legal placement"):
        hand.apply(PASS)


def test_a_player_without_a_placement_draws_one_tile_at_a_time_and_must_place_the_first_playable_one():
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="0|2 0|3 5|6 0|5"))
    play(hand, "6|6")
    assert hand.legal_actions() == (DRAW,)
    with pytest.raises(IllegalActionError, match=r"seat 1 cannot play 1\|1 on 6\|6 line-a: .*does not match"):
        hand.apply(parse_action("1|1 on 6|6 line-a"))
    assert play(hand, "draw", "draw") == [Drew(1, Tile(0, 2)), Drew(1, Tile(0, 3))]
    assert hand.current == 1 and hand.legal_actions() == (DRAW,)
    assert play(hand, "draw") == [Drew(1, Tile(5, 6))]
    # The drawn [5|6] can be placed: it must be placed at once, and it is the only tile that can be.
    assert hand.current == 1
    assert notations(hand.legal_actions()) == ["5|6 on 6|6 line-a", "5|6 on 6|6 line-b"]
    with pytest.raises(IllegalActionError, match="seat 1 cannot draw: it has a legal placement"):
        hand.apply(DRAW)
    # A terminal Sniff [6|6] counts 12 and the new end 5: 17 scores nothing.
    assert play(hand, "5|6 on 6|6 line-a") == [Played(1, parse_action("5|6 on 6|6 line-a").placement, 0)]
    assert hand.boneyard[0] == Tile(0, 5) and hand.tiles(1) == tiles("0|1 0|2 0|3 1|1 1|2 2|2 3|3 4|4 5|5")


def test_with_no_placement_and_an_empty_boneyard_the_player_passes():
    # Seat 0 holds every 6; nothing in seat 1's hand or the boneyard has a 6.
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, "6|6 0|6 1|6 2|6 3|6 4|6 5|6", "0|0 1|1 2|2 3|3 4|4 5|5 0|1"))
    play(hand, "6|6")
    for _ in range(14):
        assert hand.legal_actions() == (DRAW,)
        play(hand, "draw")
    assert hand.drawable == 0 and hand.hand_sizes == (6, 21)
    assert hand.legal_actions() == (PASS,)
    with pytest.raises(IllegalActionError, match="seat 1 cannot draw: no tile is left to draw, it must pass"):
        hand.apply(DRAW)
    # Not blocked: seat 0 can still place.
    assert play(hand, "pass") == [Passed(1)] and hand.current == 0 and not hand.is_over
    play(hand, "5|6 on 6|6 line-a")
    assert hand.current == 1 and {a.tile for a in hand.legal_actions()} == set(tiles("0|5 1|5 2|5 3|5 4|5 5|5"))


def test_a_hand_is_blocked_when_the_boneyard_is_empty_and_nobody_can_place():
    hand = Hand(
        AMERICAN_SNIFF,
        2,
        deal(
            0,
            "1|5 0|5 4|5 3|3 3|6 2|3 4|6",
            "3|5 5|6 5|5 0|1 2|5 1|4 2|4",
            boneyard="0|6 0|0 1|3 1|6 2|2 6|6 1|2 4|4 1|1 0|4 0|3 3|4 0|2 2|6",
        ),
    )
    play(
        hand,
        "0|5",
        "2|5 on 0|5 high",
        "2|3 on 2|5 low",
        "3|5 on 2|3 high",
        "1|5 on 3|5 high",
        "1|4 on 1|5 low",
        "4|5 on 1|4 high",
        "5|5 on 4|5 high",
        "draw",
        "0|6 on 0|5 low",
        "5|6 on 0|6 high",
    )
    # Both open ends show 5 and all seven 5s are on the table: seat 0 draws the whole boneyard in vain.
    assert hand.layout.open_values() == {5}
    for _ in range(12):
        assert not hand.is_over
        play(hand, "draw")
    assert hand.legal_actions() == (DRAW,)
    play(hand, "draw")
    assert hand.end == "blocked" and hand.winner is None and hand.out_seat is None and hand.current is None
    assert hand.legal_actions() == ()
    # Seat 0: 88 pips -> 90; seat 1: [0|1] and [2|4], 7 pips -> 5.
    assert hand.deductions == (90, 5)
    assert hand.points == (10, 30)
    assert hand.scores == (10 - 90, 30 - 5)
    with pytest.raises(IllegalActionError, match=r"the hand is over \(blocked\)"):
        hand.apply(PASS)


# -- scoring ---------------------------------------------------------------------


def test_every_placement_is_scored_the_opener_included():
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, "0|5 4|4 0|0 1|1 2|2 3|3 6|6", "0|1 0|2 0|3 0|4 0|6 1|2 1|3"))
    assert play(hand, "0|5")[0].points == 5
    assert hand.scores == (5, 0) and hand.points == (5, 0)


@pytest.mark.parametrize(
    ("pips", "rounded"), [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 10), (12, 10), (13, 15)]
)
def test_remaining_pips_round_to_the_nearest_five_one_and_two_down_three_and_four_up(pips, rounded):
    assert round_to_five(pips) == rounded


# Seat 3 opens and goes out; seats 0 and 2 (partners) are left with 3 pips each.
PARTNERS_DEAL = deal(
    3,
    "2|5 3|4 1|2 4|5 1|1",
    "5|6 3|5 2|6 1|6 0|1",
    "1|3 0|3 3|6 4|6 1|4",
    "3|3 0|4 4|4 5|5 0|5",
    boneyard="0|6 2|3 0|0 0|2 2|4 6|6 2|2 1|5",
)
PARTNERS_PLAYS = (
    "5|5",
    "2|5 on 5|5 line-b",
    "2|6 on 2|5 low",
    "3|6 on 2|6 high",
    "0|5 on 5|5 line-a",
    "4|5 on 5|5 branch-a",
    "0|1 on 0|5 low",
    "1|3 on 3|6 low",
    "4|4 on 4|5 low",
    "1|1 on 0|1 high",
    "3|5 on 5|5 branch-b",
    "1|4 on 1|1 line-b",
    "3|3 on 3|5 low",
    "3|4 on 1|4 high",
    "1|6 on 1|3 low",
    "4|6 on 1|6 high",
    "0|4 on 4|6 low",
)


def test_partners_are_rounded_separately_so_three_and_three_cost_ten():
    hand = Hand(AMERICAN_SNIFF, 4, PARTNERS_DEAL)
    play(hand, *PARTNERS_PLAYS)
    assert hand.end == "out" and hand.out_seat == 3
    assert [hand.tiles(seat) for seat in range(4)] == [tiles("1|2"), tiles("5|6"), tiles("0|3"), ()]
    assert hand.deductions == (5, 10, 5, 0)
    # Side 0 (seats 0 + 2) scored nothing and loses 5 + 5; side 1 scored 10 + 15 and loses 10.
    assert hand.points == (0, 0, 0, 25)
    assert hand.scores == (-10, 15)


def test_there_is_no_bonus_for_going_out():
    hand = Hand.position(AMERICAN_SNIFF, 2, parse_layout("0|5"), [tiles("5|6"), tiles("1|1 0|2")], (), 0, (0, 0))
    play(hand, "5|6 on 0|5 high")
    assert hand.end == "out" and hand.out_seat == 0
    assert hand.deductions == (0, 5)
    assert hand.scores == (0, -5)


def test_the_first_side_to_reach_the_target_wins_at_once_in_the_middle_of_a_hand():
    hand = Hand(
        AMERICAN_SNIFF, 2, deal(0, "0|1 4|5 6|6 3|3 2|2 0|2 1|1", "1|4 3|6 2|6 5|6 0|6 2|3 1|3"), scores=(248, 0)
    )
    play(hand, "0|1", "1|4 on 0|1 high")
    assert hand.scores == (248, 0) and not hand.is_over
    assert play(hand, "4|5 on 1|4 high")[0].points == 5
    assert hand.end == "target" and hand.winner == 0 and hand.current is None
    # The hand stops there: no deductions, although both seats still hold tiles.
    assert hand.deductions == (0, 0) and hand.scores == (253, 0)
    assert hand.hand_sizes == (5, 6)
    with pytest.raises(IllegalActionError, match=r"the hand is over \(target\)"):
        hand.apply(DRAW)


def test_reaching_the_target_with_the_last_tile_wins_without_deductions():
    hand = Hand.position(AMERICAN_SNIFF, 2, parse_layout("0|5"), [tiles("5|5"), tiles("6|6 4|6")], (), 0, (240, 0))
    play(hand, "5|5 on 0|5 high")
    assert hand.end == "target" and hand.winner == 0
    assert hand.deductions == (0, 0) and hand.scores == (250, 0)


def test_partners_share_one_score_and_win_together():
    seats = [tiles("3|3"), tiles("4|4"), tiles("5|5 2|2"), tiles("1|1")]
    hand = Hand.position(AMERICAN_SNIFF, 4, parse_layout("0|5"), seats, (), 2, (190, 0))
    play(hand, "5|5 on 0|5 high")
    assert hand.end == "target" and hand.winner == 0 and hand.scores == (200, 0)


# -- who opens -------------------------------------------------------------------


class Dice(random.Random):
    """A random source whose die rolls are given."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = iter(rolls)

    def randint(self, a, b):
        return next(self.rolls)


def test_the_neutral_draw_is_drawn_again_among_the_tied():
    assert neutral_draw(3, Dice([6, 6, 2, 3, 5])) == 1
    assert neutral_draw(2, Dice([4, 4, 4, 4, 1, 6])) == 1
    assert neutral_draw(4, Dice([1, 2, 3, 6])) == 3


def test_the_neutral_draw_favours_nobody():
    counts = [0, 0, 0]
    for seed in range(3000):
        counts[neutral_draw(3, random.Random(seed))] += 1
    assert all(900 < count < 1100 for count in counts), counts


def test_the_first_opener_comes_from_a_neutral_draw():
    game = Game(3, seed=99)
    assert game.hand.opener == neutral_draw(3, hand_rng(99, 0))
    openers = {Game(4, seed=seed).hand.opener for seed in range(40)}
    assert openers == {0, 1, 2, 3}


def test_whoever_went_out_opens_the_next_hand():
    game = Game(4, seed=5, auto_deal=False)
    game.begin_hand(PARTNERS_DEAL)
    for text in PARTNERS_PLAYS:
        game.apply_action(parse_action(text))
    assert game.needs_deal and game.current_player is None and game.scores == (-10, 15)
    assert game.forced_opener() == 3
    assert game.planned_deal().opener == 3
    with pytest.raises(ValueError, match="seat 3 must open this hand"):
        game.begin_hand(deal(0, "0|0 0|1 0|2 0|3 0|4", "0|5 0|6 1|1 1|2 1|3", "1|4 1|5 1|6 2|2 2|3", "2|4 2|5 3|3"))
    assert game.begin_hand(game.planned_deal()).current == 3


def test_after_a_blocked_hand_a_new_neutral_draw_decides():
    ruleset = AMERICAN_SNIFF
    assert ruleset.opener.forced(2, HandOutcome(opener=1, end="blocked", out_seat=None)) is None
    assert ruleset.opener.forced(2, HandOutcome(opener=1, end="out", out_seat=0)) == 0
    # In real games: every hand after an "out" is opened by that seat; after "blocked" the draw varies.
    after_blocked = set()
    for seed in range(60):
        game = Game(2, random.Random(seed))
        rng = random.Random(seed)
        while not game.is_terminal() and len(game.hands) < 8:
            game.apply_action(rng.choice(game.legal_actions()))
        for number, (previous, hand) in enumerate(zip(game.hands, game.hands[1:], strict=False), start=1):
            if previous.end == "out":
                assert hand.opener == previous.out_seat
            else:
                assert hand.opener == neutral_draw(2, hand_rng(game.seed, number))
                after_blocked.add(hand.opener)
    assert after_blocked == {0, 1}


# -- errors and views -----------------------------------------------------------


def test_illegal_actions_say_why():
    game = Game(2, seed=3)
    hand = game.hand
    opener = hand.current
    foreign = next(t for t in DOUBLE_SIX if t not in hand.tiles(opener))
    with pytest.raises(IllegalActionError, match=re.escape(f"seat {opener} cannot play {foreign.notation()}: it doe")):
        game.apply_action(Play(Placement(foreign)))
    with pytest.raises(IllegalActionError, match=f"seat {opener} cannot draw: it has a legal placement"):
        game.apply_action(DRAW)
    # An action's notation goes through the same rules as the action itself.
    with pytest.raises(IllegalActionError, match=f"seat {opener} cannot draw: it has a legal placement"):
        game.apply_action("draw")
    with pytest.raises(EngineError):
        game.apply_action("fly")
    first = hand.tiles(opener)[0]
    game.apply_action(Play(Placement(first)))
    second = hand.tiles(opener)[0]
    with pytest.raises(IllegalActionError, match=re.escape(f"seat {1 - opener} cannot play {second.notation()}: it")):
        game.apply_action(Play(Placement(second)))


def test_the_view_hides_the_other_hands_and_the_boneyard_order():
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, SIXES, "1|1 2|2 3|3 4|4 5|5 0|1 1|2", boneyard="0|2 0|3 5|6"))
    play(hand, "6|6", "draw", "draw")
    view = hand.view(0)
    assert view.tiles == tiles("0|0 0|6 1|6 2|6 3|6 4|6")
    assert view.hand_sizes == (6, 9) and view.boneyard_size == 12 and view.drawable == 12
    assert view.events[1:] == (Drew(1, None), Drew(1, None))
    assert view.legal_actions == () and view.current_player == 1
    assert not hasattr(view, "boneyard")
    mine = hand.view(1)
    assert mine.events[1:] == (Drew(1, Tile(0, 2)), Drew(1, Tile(0, 3)))
    assert mine.legal_actions == (DRAW,)
    # The view shares the hand's layout (read-only): no copy per view.
    assert mine.layout is hand.layout and [p.notation() for p in view.layout] == ["6|6"]


def test_actions_have_a_notation_and_parse_back():
    for text in ("draw", "pass", "1|4", "1|1 on 1|4 low"):
        assert parse_action(text).notation() == text
    with pytest.raises(ValueError, match="cannot read"):
        parse_action("play 1|4")


def test_a_game_needs_its_randomness_passed_in():
    with pytest.raises(TypeError, match=r"seeded random\.Random"):
        Game(2)
    with pytest.raises(ValueError, match="played by 2, 3, 4 players, not 5"):
        Game(5, seed=1)
    assert game_record(Game(3, random.Random(8))) == game_record(Game(3, random.Random(8)))


def test_a_bad_deal_is_refused_with_the_reason():
    good = deal(0, "0|0 0|1 0|2 0|3 0|4 0|5 0|6", "1|1 1|2 1|3 1|4 1|5 1|6 2|2")
    with pytest.raises(ValueError, match="seat 1 is dealt 6 tiles, not 7"):
        Hand(AMERICAN_SNIFF, 2, Deal(0, (good.hands[0], good.hands[1][:6]), good.boneyard))
    with pytest.raises(ValueError, match=r"\[0\|0\] is in the deal twice"):
        Hand(AMERICAN_SNIFF, 2, Deal(0, good.hands, (Tile(0, 0), *good.boneyard[1:])))
    with pytest.raises(ValueError, match=r"miss \[6\|6\]"):
        Hand(AMERICAN_SNIFF, 2, Deal(0, good.hands, good.boneyard[:-1]))
    with pytest.raises(ValueError, match="the opener 2 is not a seat"):
        Hand(AMERICAN_SNIFF, 2, Deal(2, good.hands, good.boneyard))


# -- another ruleset, without touching the core -----------------------------------


class Rotate:
    def forced(self, players, previous):
        return None if previous is None else (previous.opener + 1) % players

    def draw(self, players, rng):
        return neutral_draw(players, rng)


class WinnerTakesThePips:
    def settle(self, sides, remaining, end, out_seat):
        awards = [0] * sides
        if out_seat is not None:
            awards[out_seat % sides] = round_to_five(sum(t.pips for seat in remaining for t in seat))
        return Settlement((0,) * len(remaining), tuple(awards))


def test_a_variant_is_another_ruleset_value():
    variant = Ruleset(
        name="test variant",
        hand_sizes={2: 7},
        targets={2: 150},
        opener=Rotate(),
        scoring=WinnerTakesThePips(),
        reserve={2: 2},
    )
    game = Game(2, random.Random(4), ruleset=variant)
    rng = random.Random(4)
    while not game.is_terminal():
        hand = game.hand
        assert len(hand.boneyard) >= 2
        if hand.legal_actions() == (PASS,):
            assert len(hand.boneyard) == 2
        game.apply_action(rng.choice(game.legal_actions()))
    before = (0, 0)
    for number, hand in enumerate(game.hands):
        if number:
            assert hand.opener == (game.hands[number - 1].opener + 1) % 2
        gained = [sum(e.points for e in hand.events if type(e) is Played and e.seat == s) for s in (0, 1)]
        if hand.end == "out":
            pips = round_to_five(sum(t.pips for s in (0, 1) for t in hand.tiles(s)))
            gained[hand.out_seat] += pips
        assert [a - b for a, b in zip(hand.scores, before, strict=True)] == gained
        before = hand.scores
    assert game.winner is not None and max(game.scores) >= 150


def test_a_hand_taken_up_in_the_middle_plays_on_from_there():
    layout = Layout()
    layout.place(Placement(Tile(4, 4)))
    hand = Hand.position(AMERICAN_SNIFF, 2, layout, [tiles("4|6 1|1"), tiles("1|4")], tiles("0|0"), 1, (0, 0))
    assert notations(hand.legal_actions()) == ["1|4 on 4|4 line-a", "1|4 on 4|4 line-b"]
    play(hand, "1|4 on 4|4 line-a")
    # Seat 0 keeps [4|6] and [1|1]: 12 pips, rounded down to 10.
    assert hand.end == "out" and hand.deductions == (10, 0)
