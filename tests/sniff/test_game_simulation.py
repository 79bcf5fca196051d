"""Seeded simulation of over a thousand hands: the invariants hold at every step, and every record replays."""

from __future__ import annotations

import json
import random

import pytest

from engine.sniff import DOUBLE_SIX
from engine.sniff.game import Drew, Game, Hand, Played
from engine.sniff.record import dumps, game_record, replay
from engine.sniff.rules import round_to_five

GAMES = {2: 20, 3: 20, 4: 20}


def accounted(hand: Hand) -> list:
    """Every tile exactly once: in a seat's hand, in the layout, or in the boneyard."""
    return sorted(
        [t for seat in range(hand.players) for t in hand.tiles(seat)] + list(hand.layout.tiles) + list(hand.boneyard)
    )


def check_hand_end(hand: Hand, before: tuple[int, ...]) -> None:
    placements = [0] * hand.sides
    for event in hand.events:
        if type(event) is Played:
            placements[hand.side_of(event.seat)] += event.points
    deductions = [0] * hand.sides
    for seat in range(hand.players):
        deductions[hand.side_of(seat)] += hand.deductions[seat]
    # Each score is what it was, plus its placements, minus its deductions.
    assert list(hand.scores) == [b + p - d for b, p, d in zip(before, placements, deductions, strict=True)]
    if hand.end == "target":
        assert hand.deductions == (0,) * hand.players
        assert max(hand.scores) >= hand.target and hand.scores[hand.winner] >= hand.target
        last = hand.events[-1]
        assert type(last) is Played and last.points > 0 and hand.side_of(last.seat) == hand.winner
    else:
        assert max(before[side] + placements[side] for side in range(hand.sides)) < hand.target
        assert hand.deductions == tuple(round_to_five(sum(t.pips for t in hand.tiles(s))) for s in range(hand.players))
        if hand.end == "out":
            assert hand.tiles(hand.out_seat) == () and type(hand.events[-1]) is Played
        else:
            assert hand.drawable == 0
            assert all(not hand.layout.can_place(t) for seat in range(hand.players) for t in hand.tiles(seat))


@pytest.mark.parametrize("players", sorted(GAMES))
def test_invariants_hold_at_every_step_of_seeded_random_games(players):
    rng = random.Random(players)
    hands = 0
    for _ in range(GAMES[players]):
        game = Game(players, rng)
        before = game.scores
        hand = game.hand
        while True:
            assert accounted(hand) == list(DOUBLE_SIX)
            assert game.current_player == hand.current
            actions = game.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            drawable = hand.drawable
            event = game.apply_action(rng.choice(actions))
            if type(event) is Drew:
                assert hand.drawable == drawable - 1 and event.tile in hand.tiles(event.seat)
            if hand.is_over:
                assert accounted(hand) == list(DOUBLE_SIX)
                check_hand_end(hand, before)
                hands += 1
                if game.is_terminal():
                    break
                assert game.hand is not hand and game.hand.start_scores == hand.scores
                if hand.end == "out":
                    assert game.hand.opener == hand.out_seat
                before, hand = hand.scores, game.hand
        assert game.winner == game.hands[-1].winner and game.legal_actions() == ()
        record = json.loads(dumps(game_record(game)))
        assert game_record(replay(record)) == record
    assert hands >= 300  # about 1,250 hands in all


def test_undo_takes_every_action_back_exactly():
    rng = random.Random(12)
    for players in (2, 3, 4):
        for _ in range(20):
            hand = Game(players, rng).hand
            snapshots = []
            while not hand.is_over:
                snapshots.append(snapshot(hand))
                hand.apply(rng.choice(hand.legal_actions()))
            while snapshots:
                hand.undo()
                assert snapshot(hand) == snapshots.pop()
            with pytest.raises(IndexError):
                hand.undo()


def snapshot(hand: Hand) -> tuple:
    return (
        [hand.tiles(s) for s in range(hand.players)],
        hand.layout.placements,
        hand.layout.legal_joins(),
        hand.layout.counted_total(),
        hand.boneyard,
        hand.current,
        hand.end,
        hand.scores,
        hand.points,
        hand.deductions,
        tuple(hand.events),
        [hand.view(seat).events for seat in range(hand.players)],
        # The records the views keep from view to view (engine.core.events.SeenLog), as an undo leaves them.
        [hand.records_for(seat, written) for seat in range(hand.players)],
        hand.legal_actions(),
    )


def written(event) -> dict:
    return {"event": repr(event)}
