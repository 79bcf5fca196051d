"""The bots: legal moves only, from the player's view only; greedy's choice; what the strong bot infers and finds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.sniff import DOUBLE_SIX, Layout, Placement, Tile, parse_layout
from engine.sniff.bots import BOTS, make_bot
from engine.sniff.bots.inference import TILE_MASK, hidden_slots, sample_hidden, unseen_tiles
from engine.sniff.bots.simple import greedy_choice
from engine.sniff.bots.strong import StrongBot
from engine.sniff.game import DRAW, Deal, Drew, Game, Hand, Passed, Play, Played, PlayerView, parse_action
from engine.sniff.rules import AMERICAN_SNIFF


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in text.split())


def fast(name: str, seed: int):
    """A bot for tests: the strong one with a fixed number of guesses, so it is quick and reproducible."""
    if name == "strong":
        return StrongBot(random.Random(seed), samples=3)
    return make_bot(name, random.Random(seed))


@pytest.mark.parametrize("seating", [("random", "greedy"), ("strong", "greedy", "random"), ("strong",) * 4])
def test_every_bot_only_ever_chooses_a_legal_action(seating):
    players = len(seating)
    for seed in range(2):
        game = Game(players, seed=seed)
        bots = [fast(name, seed * 10 + seat) for seat, name in enumerate(seating)]
        while not game.is_terminal() and len(game.hands) == 1:
            seat = game.current_player
            view = game.view(seat)
            action = bots[seat].choose(view)
            assert action in game.legal_actions()
            game.apply_action(action)


def test_make_bot_knows_the_three_bots():
    assert sorted(BOTS) == ["greedy", "random", "strong"]
    assert make_bot("strong", random.Random(1), budget_ms=50).budget_ms == 50
    assert make_bot("strong", random.Random(1)).budget_ms == 200
    with pytest.raises(ValueError, match='unknown bot "clever": use one of random, greedy, strong'):
        make_bot("clever", random.Random(1))


def test_the_view_is_all_a_bot_gets_and_it_holds_no_hidden_tile():
    game = Game(2, seed=8)
    rng = random.Random(8)
    while not any(type(e) is Drew for e in game.hand.events):
        game.apply_action(rng.choice(game.legal_actions()))
    seat = game.current_player
    view = game.view(1 - seat)
    hidden = set(game.hand.tiles(seat)) | set(game.hand.boneyard)
    values = [getattr(view, f.name) for f in dataclasses.fields(PlayerView)]
    assert not any(isinstance(value, Game | Hand) for value in values)
    assert set(view.tiles).isdisjoint(hidden) and set(view.layout.tiles).isdisjoint(hidden)
    assert all(e.tile is None for e in view.events if type(e) is Drew and e.seat != view.seat)
    assert sorted(unseen_tiles(view)) == sorted(hidden)


def test_same_view_same_choice_whatever_the_hidden_tiles():
    """Two deals that look the same from seat 0 (the other hand and the boneyard swapped) get the same move."""
    seen = tiles("0|1 1|4 4|4 2|5 3|3 0|6 5|5")
    other = [t for t in DOUBLE_SIX if t not in seen]
    first = Deal(0, (seen, tuple(other[:7])), tuple(other[7:]))
    second = Deal(0, (seen, tuple(other[-7:])), tuple(other[:-7]))
    choices = []
    for deal in (first, second):
        view = Hand(AMERICAN_SNIFF, 2, deal).view(0)
        choices.append(StrongBot(random.Random(3), samples=6).choose(view))
    assert choices[0] == choices[1]


# -- greedy ----------------------------------------------------------------------


def points(layout: Layout, action: Play) -> int:
    result = layout.place(action.placement)
    layout.undo()
    return result


def test_greedy_plays_the_highest_placement_score():
    layout = parse_layout("0|5")
    actions = [parse_action(text) for text in ("0|4 on 0|5 low", "5|5 on 0|5 high", "0|0 on 0|5 low")]
    # [0|4]: 4 + 5 = 9 scores nothing; [5|5] on the 5 end: 10 + 0 scores 10; [0|0] on the 0 end: 0 + 5 scores 5.
    assert [points(layout, a) for a in actions] == [0, 10, 5]
    assert greedy_choice(layout, actions) == actions[1]


def test_greedy_sheds_the_heaviest_tile_on_a_tie():
    layout = parse_layout("4|4")
    actions = [parse_action(f"{t} on 4|4 line-a") for t in ("0|4", "4|6", "1|4")]
    assert [points(layout, a) for a in actions] == [0, 0, 0]
    assert greedy_choice(layout, actions).notation() == "4|6 on 4|4 line-a"
    bot = make_bot("greedy", random.Random(0))
    hand = Hand.position(AMERICAN_SNIFF, 2, parse_layout("4|4"), [tiles("0|4 4|6 1|4"), tiles("2|2")], (), 0, (0, 0))
    assert bot.choose(hand.view(0)).notation() == "4|6 on 4|4 line-a"


def test_total_after_agrees_with_placing_on_random_layouts():
    rng = random.Random(5)
    checked = 0
    for _ in range(100):
        layout, rest = Layout(), list(DOUBLE_SIX)
        rng.shuffle(rest)
        layout.place(Placement(rest.pop()))
        while True:
            moves = [Placement(t, j.tile, j.side) for t in rest for j in layout.joins_for(t)]
            for move in moves:
                predicted = layout.total_after(move)
                layout.place(move)
                expected = layout.counted_total()
                layout.undo()
                assert predicted == expected, (layout, move)
                checked += 1
            if not moves:
                break
            move = rng.choice(moves)
            layout.place(move)
            rest.remove(move.tile)
    assert checked > 10_000


# -- what the strong bot infers --------------------------------------------------


def synthetic_view(events, hand_sizes, own) -> PlayerView:
    layout = Layout(e.placement for e in events if type(e) is Played)
    unseen = 28 - len(own) - len(layout)
    return PlayerView(
        seat=0,
        players=2,
        ruleset=AMERICAN_SNIFF,
        target=250,
        hand_number=1,
        opener=0,
        tiles=own,
        layout=layout,
        hand_sizes=hand_sizes,
        boneyard_size=unseen - hand_sizes[1],
        drawable=unseen - hand_sizes[1],
        events=tuple(events),
        scores=(0, 0),
        current_player=0,
        legal_actions=(),
    )


def played(seat, text):
    return Played(seat, parse_action(text).placement, 0)


def mask(*values):
    return sum(1 << v for v in values)


def test_draws_show_what_a_player_lacks_and_kept_draws_only_lack_what_came_after():
    events = [
        played(0, "1|2"),
        Drew(1, None),  # kept: lacks 1 and 2
        Drew(1, None),  # placed at once
        played(1, "2|3 on 1|2 high"),
        played(0, "1|4 on 1|2 low"),
        Drew(1, None),  # kept: lacks 3 and 4
        Drew(1, None),
        played(1, "4|5 on 1|4 high"),
    ]
    view = synthetic_view(events, (5, 9), tiles("0|0 0|1 6|6 5|5 2|2"))
    # The latest kept draw lacks 3 and 4 only; every other tile was held at every draw: it lacks 1, 2, 3 and 4.
    assert hidden_slots(view) == [(1, mask(3, 4))] + [(1, mask(1, 2, 3, 4))] * 8


def test_a_pass_shows_what_a_player_lacks_too():
    events = [played(0, "6|6"), played(1, "5|6 on 6|6 line-a"), played(0, "0|6 on 6|6 line-b"), Passed(1)]
    events += [played(0, "0|0 on 0|6 low")]
    view = synthetic_view(events, (3, 6), tiles("1|1 2|2 3|3"))
    # At the pass the open values were 5, 0 and the Sniff's two branches (6).
    assert hidden_slots(view) == [(1, mask(0, 5, 6))] * 6


def test_the_guesses_respect_what_was_seen():
    # Seat 0 opens [6|6]; seat 1 draws twice, keeps both, then places the third tile it draws.
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, "6|6 0|0 1|1 2|2 3|3 4|4 0|1", "1|2 1|3 1|4 1|5 2|3 2|4 2|5", "0|2 0|3 5|6"))
    for text in ("6|6", "draw", "draw", "draw", "5|6 on 6|6 line-a"):
        hand.apply(parse_action(text))
    view = hand.view(0)
    slots = hidden_slots(view)
    assert len(slots) == 9 and all(m & mask(6) for _, m in slots)
    unseen = unseen_tiles(view)
    rng = random.Random(1)
    sixes_in_boneyard = 0
    for _ in range(200):
        hands, boneyard = sample_hidden(unseen, slots, 2, rng)
        assert hands[0] == [] and len(hands[1]) == 9 and len(boneyard) == view.boneyard_size
        assert sorted(hands[1] + boneyard) == sorted(unseen)
        assert not any(TILE_MASK[t] & mask(6) for t in hands[1])
        sixes_in_boneyard += sum(6 in (t.low, t.high) for t in boneyard)
    assert sixes_in_boneyard == 200 * 5  # [0|6] ... [4|6] are unseen, and seat 1 can't hold any of them


def deal(opener: int, first: str, second: str, boneyard: str = "") -> Deal:
    """A two-player deal; the boneyard starts with ``boneyard``, then every other tile in order."""
    hands = (tiles(first), tiles(second))
    start = tiles(boneyard)
    used = set(hands[0]) | set(hands[1]) | set(start)
    return Deal(opener, hands, start + tuple(t for t in DOUBLE_SIX if t not in used))


def test_impossible_constraints_fall_back_to_the_right_sizes():
    unseen = list(tiles("0|6 1|6 2|6"))
    hands, boneyard = sample_hidden(unseen, [(1, mask(6)), (1, mask(6))], 2, random.Random(0), tries=3)
    assert len(hands[1]) == 2 and len(boneyard) == 1


# -- what the strong bot finds ------------------------------------------------------


def solve(hand: Hand, me: int) -> int:
    """Exact value of a hand with nothing hidden left (empty boneyard): 1 win, 0 no winner, -1 loss."""
    if hand.is_over:
        return 0 if hand.winner is None else (1 if hand.winner == me else -1)
    values = []
    for action in hand.legal_actions():
        hand.apply(action)
        values.append(solve(hand, me))
        hand.undo()
    return max(values) if hand.current == me else min(values)


# Two late positions from greedy-vs-greedy games (seeds 754 and 1594): the boneyard is empty, so the mover
# knows every tile; the greedy move loses the game at once, another wins it.
POSITIONS = [
    (
        (160, 205),
        Deal(
            1,
            (tiles("5|6 0|6 0|5 0|1 5|5 3|3 4|4"), tiles("3|6 3|5 0|2 0|3 4|6 1|3 4|5")),
            tiles("1|5 2|4 2|6 3|4 2|2 1|6 0|0 1|1 0|4 1|4 1|2 6|6 2|3 2|5"),
        ),
        "4|6; 5|6 on 4|6 high; 4|5 on 4|6 low; 5|5 on 4|5 high; 3|5 on 5|5 line-b; 3|3 on 3|5 low; "
        "0|3 on 3|3 line-b; 0|5 on 0|3 low; draw; 1|5 on 0|5 high; 0|1 on 1|5 low; 0|2 on 0|1 low; draw; "
        "2|4 on 0|2 high; draw; draw; 3|4 on 2|4 high; draw; draw; draw; draw; draw; draw; draw; draw; draw; "
        "2|3 on 3|4 low; 2|6 on 2|3 low; 0|6 on 2|6 high; draw; 2|5 on 5|5 branch-a; 0|4 on 0|6 low; pass; "
        "4|4 on 0|4 high; pass",
    ),
    (
        (190, 150),
        Deal(
            0,
            (tiles("2|2 0|6 0|0 0|2 0|5 4|5 2|4"), tiles("1|2 1|4 5|6 0|3 2|5 0|4 6|6")),
            tiles("2|6 0|1 3|3 1|6 1|1 3|4 1|5 1|3 2|3 3|6 3|5 4|4 5|5 4|6"),
        ),
        "0|5; 5|6 on 0|5 high; 0|6 on 0|5 low; 6|6 on 0|6 high; draw; 2|6 on 6|6 line-b; 2|5 on 2|6 low; "
        "4|5 on 2|5 high; 1|4 on 4|5 low; draw; 0|1 on 1|4 low; 0|4 on 0|1 low; 2|4 on 0|4 high; "
        "1|2 on 2|4 low; draw; draw; 1|6 on 1|2 low; draw; draw; draw; draw; draw; draw; 3|6 on 1|6 high; "
        "3|3 on 3|6 low; 2|3 on 3|3 line-b; 2|2 on 2|3 low; draw; draw; draw; draw; 4|6 on 5|6 high; "
        "0|2 on 2|2 line-b",
    ),
]


@pytest.mark.parametrize(("scores", "deal", "script"), POSITIONS)
def test_the_strong_bot_finds_the_win_that_greedy_misses(scores, deal, script):
    hand = Hand(AMERICAN_SNIFF, 2, deal, scores)
    for text in script.split("; "):
        hand.apply(parse_action(text))
    me = hand.current
    outcome = {}
    for action in hand.legal_actions():
        hand.apply(action)
        outcome[action] = solve(hand, me)
        hand.undo()
    assert outcome[greedy_choice(hand.layout, hand.legal_actions())] == -1
    choice = StrongBot(random.Random(1), samples=10).choose(hand.view(me))
    assert outcome[choice] == 1


def test_the_strong_bot_draws_and_passes_without_searching():
    hand = Hand(AMERICAN_SNIFF, 2, deal(0, "6|6 0|6 1|6 2|6 3|6 4|6 5|6", "0|0 1|1 2|2 3|3 4|4 5|5 0|1"))
    hand.apply(parse_action("6|6"))
    bot = StrongBot(random.Random(0), budget_ms=10_000)
    assert bot.choose(hand.view(1)) == DRAW and bot.last_samples == 0


def test_the_strong_bot_keeps_to_a_fixed_number_of_guesses():
    game = Game(3, seed=4)
    bot = StrongBot(random.Random(0), samples=5)
    seat = game.current_player
    bot.choose(game.view(seat))
    assert bot.last_samples == 5
    with pytest.raises(ValueError, match="not its turn"):
        bot.choose(game.view((seat + 1) % 3))
