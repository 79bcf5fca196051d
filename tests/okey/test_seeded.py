"""Seeded games over every option combination: invariants at every step, records that replay, tampering
caught at the right round and event, and games restored from a record (also mid-round) going on exactly.

``OKEY_ROUNDS=2000 pytest tests/okey/test_seeded.py`` plays that many rounds per combination instead of a few.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import random
from collections import Counter

import pytest

from engine.okey.bots import make_bot
from engine.okey.bots.strong import StrongBot
from engine.okey.game import Game, Round
from engine.okey.record import RecordError, game_record, replay, restore
from engine.okey.rules import Options
from engine.okey.tiles import FULL_SET

COMBINATIONS = [
    Options(mode, doubling, rounds)
    for mode, doubling, rounds in itertools.product(("solo", "pairs"), (True, False), (1, 3))
]
ROUNDS = int(os.environ.get("OKEY_ROUNDS", "0"))


def all_tiles(state: Round) -> Counter:
    """Every tile of the round wherever it is: racks, pile, table, discards lying, the indicator."""
    counts = Counter()
    for rack in state.racks:
        counts.update(rack)
    counts.update(state.pile_left)
    for item in state.table:
        counts.update(piece.face for piece in item.meld.pieces)
    for pile in state.discards:
        counts.update(pile)
    counts[state.indicator] += 1
    return counts


def bots_for(seed: int):
    rng = random.Random(seed)
    names = [rng.choice(("random", "greedy", "greedy", "strong")) for _ in range(4)]
    return [
        StrongBot(random.Random(seed * 4 + s)) if n == "strong" else make_bot(n, random.Random(seed + s))
        for s, n in enumerate(names)
    ]


def play(options: Options, seed: int, check_steps: bool = True) -> tuple[Game, list[str]]:
    game = Game(options, seed=seed)
    bots = bots_for(seed)
    actions = []
    full = Counter(FULL_SET)
    while not game.is_terminal():
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        actions.append(action.notation())
        game.apply_action(action)
        if check_steps:
            assert all_tiles(game.round) == full
            assert sum(game.round.rack_sizes) + game.round.pile_size <= 105
    return game, actions


def check_game(game: Game) -> dict:
    totals = [0] * 4
    for state in game.rounds:
        assert state.is_over
        assert state.scores == [c + s for c, s in zip(state.charges, state.settlement, strict=True)]
        charged = [0] * 4
        for event in state.events:
            charge = getattr(event, "charge", None)
            if charge is not None:
                assert charge.points > 0
                charged[charge.seat] += charge.points
        assert charged == state.charges
        totals = [a + b for a, b in zip(totals, state.scores, strict=True)]
    assert list(game.totals) == totals
    record = json.loads(json.dumps(game_record(game)))
    assert record["game"] == "okey" and record["seed"] == game.seed
    again = replay(record)
    assert game_record(again) == record
    return record


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: f"{o.mode}-{o.doubling}-{o.rounds}")
def test_seeded_games_keep_every_invariant_and_replay(options):
    games = max(1, ROUNDS // options.rounds) if ROUNDS else 2
    for seed in range(games):
        game, _actions = play(options, seed * 31 + options.rounds)
        check_game(game)
        assert game.winner == options.winners(game.totals)


def test_the_same_seed_gives_the_same_game():
    first, _ = play(Options(), 42, check_steps=False)
    second, _ = play(Options(), 42, check_steps=False)
    assert game_record(first) == game_record(second)
    other, _ = play(Options(), 43, check_steps=False)
    assert game_record(other)["rounds"][0]["deal"] != game_record(first)["rounds"][0]["deal"]


@pytest.mark.parametrize("cut", [1, 17, 40, 95, 150])
def test_a_game_restored_from_its_record_goes_on_exactly(cut):
    options = Options(mode="pairs", rounds=3)
    game, actions = play(options, 7, check_steps=False)
    cut = min(cut, len(actions) - 1)
    partial = Game(options, seed=7)
    for text in actions[:cut]:
        partial.apply_action(text)
    record = json.loads(json.dumps(game_record(partial)))
    if not partial.round.is_over:
        assert record["rounds"][-1]["end"] is None and record["winner"] is None
    resumed = restore(record)
    assert resumed.current_player == partial.current_player
    assert resumed.round.rack(resumed.current_player) == partial.round.rack(partial.current_player)
    for text in actions[cut:]:
        resumed.apply_action(text)
    assert game_record(resumed) == game_record(game)


def tampered(record: dict, change) -> RecordError:
    copied = copy.deepcopy(record)
    change(copied)
    with pytest.raises(RecordError) as caught:
        replay(copied)
    return caught.value


def test_tampered_records_are_rejected_at_the_right_round_and_event():
    game, _ = play(Options(rounds=3), 5, check_steps=False)
    record = check_game(game)
    rounds = record["rounds"]
    # A charge changed in round 2.
    index = next(i for i, e in enumerate(rounds[1]["events"]) if "charge" in e)
    error = tampered(record, lambda r: r["rounds"][1]["events"][index]["charge"].update(points=999))
    assert (error.round, error.event) == (2, index + 1)
    assert "charge" in error.reason
    # A drawn tile changed in round 3.
    index = next(i for i, e in enumerate(rounds[2]["events"]) if "draw" in e)
    drawn = rounds[2]["events"][index]["draw"]
    other = "R1" if drawn != "R1" else "R2"
    error = tampered(record, lambda r: r["rounds"][2]["events"][index].update(draw=other))
    assert (error.round, error.event) == (3, index + 1)
    assert f"draws {other}, but the pile's next tile is {drawn}" in error.reason
    # A discard moved to another seat.
    index = next(i for i, e in enumerate(rounds[0]["events"]) if "discard" in e)
    seat = rounds[0]["events"][index]["seat"]
    error = tampered(record, lambda r: r["rounds"][0]["events"][index].update(seat=(seat + 1) % 4))
    assert (error.round, error.event) == (1, index + 1)
    assert "it is seat" in error.reason
    # An opening value, the settlement, the totals, the winner, the seed.
    opening = next(
        ((n, i) for n, rd in enumerate(rounds) for i, e in enumerate(rd["events"]) if e.get("opening")), None
    )
    if opening:
        n, i = opening
        error = tampered(record, lambda r: r["rounds"][n]["events"][i].update(opening=1))
        assert (error.round, error.event) == (n + 1, i + 1)
    error = tampered(record, lambda r: r["rounds"][1]["settlement"].__setitem__(0, 12345))
    assert (error.round, error.event) == (2, None) and "settlement" in error.reason
    error = tampered(record, lambda r: r["rounds"][2]["totals"].__setitem__(3, -1))
    assert error.round == 3 and "totals" in error.reason
    error = tampered(record, lambda r: r.update(winner=[9]))
    assert "winner" in error.reason
    error = tampered(record, lambda r: r.update(seed=r["seed"] + 1))
    assert error.round == 1 and "does not follow from the seed" in error.reason
    error = tampered(record, lambda r: r["rounds"][0]["events"].insert(0, {"seat": 0, "draw": "R1"}))
    assert (error.round, error.event) == (1, 1)
    error = tampered(record, lambda r: r["rounds"][0]["events"][0].update(extra=1))
    assert (error.round, error.event) == (1, 1) and "extra" in error.reason


def test_bad_records_say_why():
    for bad, reason in [
        ([], "JSON object"),
        ({"game": "sniff"}, 'not "okey"'),
        ({"game": "okey", "options": {"mode": "trio"}}, "solo or pairs"),
        ({"game": "okey", "options": {}, "rounds": []}, "no rounds"),
        ({"game": "okey", "options": {"rounds": 1}, "rounds": [{}, {}]}, "2 rounds"),
    ]:
        with pytest.raises(RecordError, match=reason):
            replay(bad)
    game, _ = play(Options(), 1, check_steps=False)
    record = game_record(game)
    record["rounds"][0]["events"] = record["rounds"][0]["events"][:5]
    with pytest.raises(RecordError, match="ended"):
        replay(record)
    record["rounds"][0].update(end=None, settlement=None, scores=None, totals=None)
    record["winner"] = None
    assert restore(record).current_player is not None
