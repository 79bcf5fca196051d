"""Game records (spec/game-record.md): the format, JSON Lines, replay, and saving a game in progress."""

from __future__ import annotations

import copy
import io
import json
import random

import pytest

from engine.sniff import DOUBLE_SIX, Tile
from engine.sniff.game import Game
from engine.sniff.record import RecordError, dumps, game_record, read_jsonl, replay, restore, write_jsonl


def finished_game(players: int = 2, seed: int = 2024, moves: int = 99) -> Game:
    game = Game(players, seed=seed)
    rng = random.Random(moves)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def record() -> dict:
    return game_record(finished_game())


def find(record: dict, kind: str, where=lambda event: True) -> tuple[int, int]:
    """The first (hand index, event index) of an event of ``kind``, counted from 0."""
    for h, hand in enumerate(record["hands"]):
        for e, event in enumerate(hand["events"]):
            if kind in event and where(event):
                return h, e
    raise AssertionError(f"no {kind} event")


# -- the format ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_record_has_the_fields_of_the_spec(players):
    record = game_record(finished_game(players, seed=players))
    assert list(record) == ["players", "target", "seed", "hands", "winner"]
    assert record["players"] == players and record["target"] == (250 if players == 2 else 200)
    sides = 2 if players == 4 else players
    assert record["winner"] in range(sides)
    for hand in record["hands"]:
        assert list(hand) == ["opener", "deal", "boneyard", "events", "end", "deductions", "scores"]
        assert [len(tiles) for tiles in hand["deal"]] == [{2: 7, 3: 6, 4: 5}[players]] * players
        every = [Tile.parse(t) for tiles in hand["deal"] for t in tiles] + [Tile.parse(t) for t in hand["boneyard"]]
        assert sorted(every) == list(DOUBLE_SIX)
        assert all(isinstance(t, str) and "[" not in t for t in hand["boneyard"])
        for event in hand["events"]:
            assert list(event) in (["seat", "play", "points"], ["seat", "draw"], ["seat", "pass"])
            if "pass" in event:
                assert event["pass"] is True
        assert hand["end"] in ("out", "blocked", "target")
        assert len(hand["deductions"]) == players and len(hand["scores"]) == sides
        if hand["end"] == "target":
            assert hand["deductions"] == [0] * players
    assert record["hands"][-1]["end"] == "target"
    assert all(hand["end"] != "target" for hand in record["hands"][:-1])


def test_the_spec_example_event_forms(record):
    h, e = find(record, "draw")
    event = record["hands"][h]["events"][e]
    assert set(event) == {"seat", "draw"} and Tile.parse(event["draw"]).notation() == event["draw"]
    h, e = find(record, "play", lambda event: " on " in event["play"])
    assert set(record["hands"][h]["events"][e]) == {"seat", "play", "points"}


def test_a_record_replays_and_survives_json(record):
    text = dumps(record)
    assert "\n" not in text
    game = replay(json.loads(text))
    assert game_record(game) == record
    assert json.loads(dumps(record, indent=2)) == record


def test_json_lines_hold_one_game_per_line(record):
    other = game_record(finished_game(3, seed=7))
    stream = io.StringIO()
    assert write_jsonl([record, other], stream) == 2
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert list(read_jsonl(io.StringIO(stream.getvalue() + "\n"))) == [(1, record), (2, other)]


def test_a_line_that_is_not_json_is_reported_with_its_line():
    stream = io.StringIO('{"players": 2}\n{"players": \n')
    with pytest.raises(RecordError, match="line 2: not JSON"):
        list(read_jsonl(stream))


# -- saving and restoring a game in progress -------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_saved_in_the_middle_of_a_hand_carries_on_exactly(players):
    for cut in (0, 1, 7, 23, 60, 150):
        original = Game(players, seed=1000 + cut)
        moves = random.Random(cut)
        for _ in range(cut):
            if original.is_terminal():
                break
            original.apply_action(moves.choice(original.legal_actions()))
        saved = json.loads(dumps(game_record(original)))
        if not original.is_terminal():
            assert saved["winner"] is None
            assert saved["hands"][-1]["end"] is None and saved["hands"][-1]["scores"] is None
        restored = restore(saved)
        assert game_record(restored) == saved
        assert restored.current_player == original.current_player
        assert restored.legal_actions() == original.legal_actions()
        assert restored.hand.boneyard == original.hand.boneyard
        # Both go on with the same choices, into the next hands: the same game.
        a, b = random.Random(cut), random.Random(cut)
        while not original.is_terminal():
            original.apply_action(a.choice(original.legal_actions()))
            restored.apply_action(b.choice(restored.legal_actions()))
        assert game_record(restored) == game_record(original)


def test_a_game_saved_between_two_hands_deals_the_next_one_from_its_seed():
    game = Game(2, seed=31)
    rng = random.Random(31)
    while len(game.hands) < 2:
        game.apply_action(rng.choice(game.legal_actions()))
    record = game_record(game)
    # The saved record already holds the new hand, with no events yet.
    assert record["hands"][-1]["events"] == [] and record["hands"][-1]["end"] is None
    # Drop that hand: restoring deals it again, identically.
    cut = copy.deepcopy(record)
    cut["hands"].pop()
    assert game_record(restore(cut)) == record


def test_a_record_without_a_seed_replays_but_is_not_restored(record):
    # Issue 25 (forged saves): a save without its seed restored with any deal; restoring now needs the seed,
    # against which every deal is checked.
    unseeded = {key: value for key, value in record.items() if key != "seed"}
    assert replay(unseeded).seed is None
    unfinished = copy.deepcopy(unseeded)
    unfinished["hands"][-1].update(events=unfinished["hands"][-1]["events"][:-1], end=None, deductions=None)
    unfinished["hands"][-1]["scores"] = None
    unfinished["winner"] = None
    assert replay(unfinished).current_player is not None
    for cut in (unfinished, {**unfinished, "hands": unfinished["hands"][:-1]}):
        with pytest.raises(RecordError, match="the record has no seed, so its deals cannot be checked") as caught:
            restore(cut)
        assert caught.value.field == "seed"


# -- replay finds the first inconsistency ------------------------------------------


def tampered(record: dict, change) -> dict:
    copied = copy.deepcopy(record)
    change(copied)
    return copied


def error_of(record: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


def test_wrong_points_are_reported_at_their_hand_and_event(record):
    h, e = find(record, "play", lambda event: event["points"] > 0)
    event = record["hands"][h]["events"][e]

    def change(r):
        r["hands"][h]["events"][e]["points"] += 5

    error = error_of(tampered(record, change))
    assert (error.hand, error.event) == (h + 1, e + 1)
    assert (
        str(error)
        == f"hand {h + 1}, event {e + 1}: {event['play']} scores {event['points']}, not {event['points'] + 5}"
    )


def test_a_drawn_tile_that_is_not_the_boneyards_next_is_reported(record):
    h, e = find(record, "draw")
    hand = record["hands"][h]
    drawn = hand["events"][e]["draw"]
    other = next(t for t in hand["boneyard"] if t != drawn)

    def change(r):
        r["hands"][h]["events"][e]["draw"] = other

    error = error_of(tampered(record, change))
    assert (error.hand, error.event) == (h + 1, e + 1)
    assert f"draws {other}, but the boneyard's next tile is {drawn}" in str(error)


def test_an_event_out_of_turn_is_reported(record):
    players = record["players"]

    def change(r):
        r["hands"][0]["events"][1]["seat"] = (r["hands"][0]["events"][1]["seat"] + 1) % players

    error = error_of(tampered(record, change))
    assert (error.hand, error.event) == (1, 2)
    assert "acts, but it is seat" in error.reason


def test_an_illegal_play_is_reported_with_the_engines_reason(record):
    h, e = find(record, "draw")
    seat = record["hands"][h]["events"][e]["seat"]
    held = record["hands"][h]["deal"][seat][0]

    def change(r):
        # Drawing is only legal without a placement; replace the draw with a play of a dealt tile.
        r["hands"][h]["events"][e] = {"seat": seat, "play": f"{held} on {held} high", "points": 0}

    error = error_of(tampered(record, change))
    assert (error.hand, error.event) == (h + 1, e + 1)
    assert error.reason.startswith(f"seat {seat} cannot play {held} on {held} high")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["hands"][0].update(deductions=[d + 5 for d in r["hands"][0]["deductions"]]),
            "hand 1: the deductions",
        ),
        (lambda r: r["hands"][0]["scores"].__setitem__(0, r["hands"][0]["scores"][0] + 1), "hand 1: the scores are"),
        (
            lambda r: r["hands"][0].update(end="target" if r["hands"][0]["end"] != "target" else "out"),
            "hand 1: the record says",
        ),
        (lambda r: r["hands"][0].update(end="won"), 'hand 1: the end "won" is not one of out, blocked, target'),
        (lambda r: r["hands"][0]["events"].pop(), "hand 1: the record says the hand ended"),
        (
            lambda r: r["hands"][0]["events"].append({"seat": 0, "pass": True}),
            "hand 1, event .*: the hand is already over",
        ),
        (lambda r: r.update(winner=None), "the winner is null, but the replay gives"),
        (lambda r: r["hands"].append(r["hands"][-1]), "the game was already won by side"),
        (lambda r: r.update(target=100), "the target is 100, but 2 players play to 250"),
        (lambda r: r.update(players=5), "American Sniff is played by 2, 3, 4 players, not 5"),
        (lambda r: r.pop("hands"), "the record has no 'hands'"),
        (lambda r: r["hands"][0].pop("events"), "hand 1: the hand has no 'events'"),
        (
            lambda r: r["hands"][0]["deal"][0].__setitem__(0, "7|1"),
            "hand 1: the deal of seat 0: 7|1 is not a double-six",
        ),
        (
            lambda r: r["hands"][0]["deal"][0].__setitem__(0, r["hands"][0]["deal"][1][0]),
            "hand 1: .* is in the deal twice",
        ),
        (lambda r: r["hands"][0]["events"][0].update(draw="0|0"), "hand 1, event 1: an event has exactly one of"),
        (lambda r: r["hands"][0]["events"][0].update(seat="0"), "hand 1, event 1: the event's 'seat' is \"0\", not an"),
        (lambda r: r["hands"][0].update(opener=(r["hands"][0]["opener"] + 1) % 2), "does not follow from the seed"),
        (lambda r: r["hands"][0]["boneyard"].reverse(), "the boneyard's order is not the one the seed gives"),
    ],
)
def test_every_inconsistency_is_reported_with_its_place(record, change, message):
    with pytest.raises(RecordError, match=message):
        replay(tampered(record, change))


def test_the_first_inconsistency_is_the_one_reported(record):
    def change(r):
        r["hands"][1]["events"][0]["points"] = 1
        r["hands"][0]["deductions"] = [99, 99]

    assert error_of(tampered(record, change)).hand == 1


def test_without_a_seed_any_deal_and_drawn_opener_replay():
    game = finished_game(2, seed=77)
    record = game_record(game)
    del record["seed"]
    # Without the seed, the order of the tiles nobody drew can't be checked.
    first = record["hands"][0]
    untouched = [t for t in first["boneyard"] if t not in {e.get("draw") for e in first["events"]}]
    assert game_record(replay(record)) == record
    if len(untouched) >= 2:
        first["boneyard"][-1], first["boneyard"][-2] = first["boneyard"][-2], first["boneyard"][-1]
        replay(record)


def test_a_forced_opener_is_checked_without_a_seed():
    record = game_record(finished_game(2, seed=5))
    del record["seed"]
    h = next(i for i in range(1, len(record["hands"])) if record["hands"][i - 1]["end"] == "out")
    record["hands"][h]["opener"] = 1 - record["hands"][h]["opener"]
    with pytest.raises(RecordError, match=f"hand {h + 1}: seat .* must open this hand"):
        replay(record)
