"""Classic Sniff games: seeded games hold every rule at every step, their records replay, tampered ones don't."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine.cli import main
from engine.core.errors import EngineError
from engine.sniff import DOUBLE_SIX, Layout
from engine.sniff.game import DRAW, PASS, Drew, Game, Hand, Play, Played
from engine.sniff.record import RecordError, dumps, game_record, replay, restore
from engine.sniff.rules import CLASSIC_SNIFF, check_lots, round_to_five

#: (players, partnerships) -> games; about 4 s in all.
GAMES = {(2, False): 25, (3, False): 15, (4, False): 12, (4, True): 12}


def expected_award(hand: Hand) -> tuple[int, int] | None:
    """The award as the spec words it, computed apart from the engine's settlement."""
    pips = [sum(t.pips for t in hand.tiles(seat)) for seat in range(hand.players)]
    side_pips = [sum(pips[s] for s in range(hand.players) if hand.side_of(s) == side) for side in range(hand.sides)]
    if hand.end == "out":
        seat = hand.out_seat
    else:
        fewest = min(side_pips)
        if side_pips.count(fewest) > 1:
            return None
        side = side_pips.index(fewest)
        seat = min(range(hand.players), key=lambda s: (hand.side_of(s) != side, pips[s], s))
    own = side_pips[hand.side_of(seat)]
    difference = sum(side_pips) - 2 * own
    return seat, (round_to_five(difference) // 5 if difference > 2 else 0)


def check_turns(hand: Hand) -> None:
    """At most two draws in a turn; a seat passes only after two draws or with nothing drawable left."""
    layout = Layout()
    drawn = 0
    turn_draws = 0
    for index, event in enumerate(hand.events):
        if type(event) is Played:
            count = layout.place(event.placement)
            assert event.points * 5 == count, "a placement scores one point per five"
            turn_draws = 0
        elif type(event) is Drew:
            drawn += 1
            turn_draws += 1
            assert turn_draws <= 2
            if hand.players == 2:
                assert drawn <= 12, "two tiles stay in a two-player boneyard"
        else:
            left = 28 - hand.players * len(hand.deal.hands[0]) - drawn - (2 if hand.players == 2 else 0)
            assert turn_draws == 2 or left == 0, f"event {index + 1}: a pass while a draw was still due"
            turn_draws = 0
    if hand.players == 2:
        assert len(hand.boneyard) >= 2


def check_hand_end(hand: Hand, before: tuple[int, ...]) -> None:
    placements = [0] * hand.sides
    for event in hand.events:
        if type(event) is Played:
            placements[hand.side_of(event.seat)] += event.points
    assert hand.deductions is None
    if hand.end == "target":
        assert hand.award is None and hand.scores[hand.winner] >= 61
        assert list(hand.scores) == [b + p for b, p in zip(before, placements, strict=True)]
        last = hand.events[-1]
        assert type(last) is Played and last.points > 0 and hand.side_of(last.seat) == hand.winner
        return
    assert max(b + p for b, p in zip(before, placements, strict=True)) < 61
    award = expected_award(hand)
    assert (None if hand.award is None else (hand.award.seat, hand.award.points)) == award
    gained = list(placements)
    if award is not None:
        gained[hand.side_of(award[0])] += award[1]
    assert list(hand.scores) == [b + g for b, g in zip(before, gained, strict=True)]
    if hand.winner is not None:
        assert award is not None and hand.side_of(award[0]) == hand.winner and hand.scores[hand.winner] >= 61
    if hand.end == "out":
        assert hand.tiles(hand.out_seat) == ()
    else:
        assert hand.drawable == 0
        assert all(not hand.layout.can_place(t) for seat in range(hand.players) for t in hand.tiles(seat))


@pytest.mark.parametrize(("players", "partnerships"), sorted(GAMES))
def test_seeded_games_keep_every_rule_and_replay(players, partnerships):
    ruleset = CLASSIC_SNIFF.with_partnerships(partnerships)
    rng = random.Random(100 * players + partnerships)
    ends = set()
    for _ in range(GAMES[(players, partnerships)]):
        game = Game(players, rng, ruleset=ruleset)
        assert game.sides == (2 if partnerships else players)
        lots = game.hand.deal.lots
        assert lots is not None and check_lots(lots, players) == game.hand.opener
        before, hand = game.scores, game.hand
        while True:
            assert sorted(
                [*(t for s in range(players) for t in hand.tiles(s)), *hand.layout.tiles, *hand.boneyard]
            ) == list(DOUBLE_SIX)
            actions = game.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            assert actions in ((DRAW,), (PASS,)) or all(type(a) is Play for a in actions)
            game.apply_action(rng.choice(actions))
            if hand.is_over:
                check_turns(hand)
                check_hand_end(hand, before)
                ends.add(hand.end)
                if game.is_terminal():
                    break
                assert game.hand.opener == (hand.opener + 1) % players and game.hand.deal.lots is None
                before, hand = hand.scores, game.hand
        assert game.winner is not None and game.scores[game.winner] >= 61
        record = json.loads(dumps(game_record(game)))
        assert record["rules"] == "classic" and record["partnerships"] is partnerships and record["target"] == 61
        assert "lots" in record["hands"][0] and all("lots" not in h for h in record["hands"][1:])
        assert all("deductions" not in h and "award" in h for h in record["hands"])
        assert game_record(replay(record)) == record
        unseeded = {key: value for key, value in record.items() if key != "seed"}
        assert game_record(replay(unseeded)) == unseeded
    assert ends >= {"out", "target"}


def test_an_unfinished_classic_game_carries_on_from_its_record():
    game = Game(4, seed=8, ruleset=CLASSIC_SNIFF.with_partnerships(True))
    rng = random.Random(8)
    for _ in range(60):
        game.apply_action(rng.choice(game.legal_actions()))
    record = json.loads(dumps(game_record(game)))
    assert record["hands"][-1]["award"] is None and record["hands"][-1]["end"] is None
    again = restore(record)
    assert game_record(again) == record and again.sides == 2
    action = rng.choice(game.legal_actions())
    assert again.apply_action(action) == game.apply_action(action)


# -- tampered records ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record() -> dict:
    """A finished two-player classic game with a second draw followed by a pass, and a pass at the reserve."""
    for seed in range(200):
        game = Game(2, seed=seed, ruleset=CLASSIC_SNIFF)
        rng = random.Random(seed)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
        record = game_record(game)
        if find_pass(record, after_two_draws=True) and find_pass(record, after_two_draws=False):
            return record
    raise AssertionError("no game with both kinds of pass")


def find_pass(record: dict, after_two_draws: bool) -> tuple[int, int, str] | None:
    """A pass (hand index, event index, the boneyard's next tile) after two draws, or with nothing drawable left."""
    for h, hand in enumerate(record["hands"]):
        drawn = 0
        events = hand["events"]
        for e, event in enumerate(events):
            if "draw" in event:
                drawn += 1
            elif "pass" in event:
                two = e >= 2 and "draw" in events[e - 1] and "draw" in events[e - 2]
                reserve = drawn == len(hand["boneyard"]) - 2
                if (two and not reserve) if after_two_draws else reserve:
                    return h, e, hand["boneyard"][drawn]
    return None


def tampered(record: dict, change) -> dict:
    copied = copy.deepcopy(record)
    change(copied)
    return copied


def draw_instead_of_pass(after_two_draws: bool):
    def change(record: dict) -> None:
        h, e, tile = find_pass(record, after_two_draws)
        record["hands"][h]["events"][e] = {"seat": record["hands"][h]["events"][e]["seat"], "draw": tile}

    return change


def set_hand(index: int, key: str, value):
    def change(record: dict) -> None:
        record["hands"][index][key] = value

    return change


def first_points_times_five(record: dict) -> None:
    event = next(e for e in record["hands"][0]["events"] if e.get("points"))
    event["points"] *= 5


def unfair_lots(record: dict) -> None:
    row = record["hands"][0]["lots"][-1]
    loser = next(seat for seat, tile in enumerate(row) if tile is not None and seat != record["hands"][0]["opener"])
    row[loser] = "6|6" if "6|6" not in row else "5|6"


def lots_on_hand_2(record: dict) -> None:
    """Lots that choose the second hand's leader: the lead passes to the left, so they have no place."""
    hand = record["hands"][1]
    hand["lots"] = [["5|6" if seat == hand["opener"] else "1|2" for seat in range(2)]]


TAMPERINGS = {
    "a third draw": (draw_instead_of_pass(True), "cannot draw: it has drawn 2 tiles this turn, it must pass"),
    "a draw from the reserve": (draw_instead_of_pass(False), "cannot draw: no tile is left to draw"),
    "American points": (first_points_times_five, r"hand 1, event \d+: .* scores \d, not \d+"),
    "other lots": (unfair_lots, r"hand 1: the lots choose seat \d to lead, not seat \d"),
    "no lots": (lambda r: r["hands"][0].pop("lots"), "hand 1: the leader of this hand is drawn by lots"),
    "lots on hand 2": (lots_on_hand_2, "hand 2: seat . leads this hand without lots"),
    "a bigger award": (
        lambda r: r["hands"][0]["award"].update(points=r["hands"][0]["award"]["points"] + 1),
        r"hand 1: the award is \{.*\}, but the replay gives",
    ),
    "no award": (lambda r: r["hands"][0].pop("award"), "hand 1: the hand has no 'award'"),
    "deductions": (set_hand(0, "deductions", [0, 0]), "hand 1: the hand has 'deductions', but classic Sniff deducts"),
    "American rules": (lambda r: r.pop("rules"), "the target is 61, but 2 players play to 250"),
    "unknown rules": (lambda r: r.update(rules="cribbage"), 'the rules "cribbage" are not one of american, classic'),
    "partners for two": (lambda r: r.update(partnerships=True), "only four players may play as partnerships, not 2"),
    "no partnerships field": (lambda r: r.pop("partnerships"), "the record has no 'partnerships'"),
    "target 250": (lambda r: r.update(target=250), "the target is 250, but 2 players play to 61"),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_tampered_classic_record_is_refused_at_its_first_inconsistency(record, name):
    change, reason = TAMPERINGS[name]
    assert game_record(replay(copy.deepcopy(record))) == record
    with pytest.raises(RecordError, match=reason) as caught:
        replay(tampered(record, change))
    assert isinstance(caught.value, EngineError) and caught.value.code == "record"


def test_partnerships_flipped_do_not_replay():
    game = Game(4, seed=3, ruleset=CLASSIC_SNIFF)
    rng = random.Random(3)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    record = game_record(game)
    with pytest.raises(RecordError, match=r"hand 1: the (award|scores) (is|are) .*, but the replay gives"):
        replay(tampered(record, lambda r: r.update(partnerships=True)))


def test_american_records_have_no_classic_fields():
    game = Game(4, seed=4)
    record = game_record(game)
    assert "rules" not in record and "partnerships" not in record and "lots" not in record["hands"][0]
    with pytest.raises(RecordError, match="the hand has an 'award', but American Sniff has none"):
        replay(tampered(record, set_hand(0, "award", None)))
    with pytest.raises(
        RecordError, match="the record's 'partnerships' is false, but American Sniff has no such choice"
    ):
        replay(tampered(record, lambda r: r.update(partnerships=False)))
    opener = record["hands"][0]["opener"]
    lots = [["5|6" if seat == opener else "1|2" for seat in range(4)]]
    with pytest.raises(RecordError, match="hand 1: American Sniff draws no lots"):
        replay(tampered(record, set_hand(0, "lots", lots)))
    explicit = tampered(record, lambda r: r.update(rules="american"))
    assert game_record(replay(explicit)) == record


# -- the command line ----------------------------------------------------------------------------


def test_simulate_and_replay_classic_games(tmp_path, capsys):
    out = tmp_path / "classic.jsonl"
    argv = ["simulate", "--rules", "classic", "--players", "4", "--partnerships", "--games", "4"]
    assert main([*argv, "--bots", "greedy,random,greedy,random", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == ["seat", "bot", "wins", "win", "%", "points/hand", "award/hand"]
    assert "partners" in lines[-1]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(r["rules"] == "classic" and r["partnerships"] is True and r["winner"] in (0, 1) for r in records)
    assert main(["replay", str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("all consistent")
    assert (
        main(
            [
                "simulate",
                "--rules",
                "classic",
                "--players",
                "4",
                "--games",
                "2",
                "--bots",
                "random,greedy,random,greedy",
            ]
        )
        == 0
    )
    assert "partners" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "classic", "--players", "3", "--partnerships"], "--partnerships: partnerships need four players"),
        (["--rules", "classic", "--players", "5"], "--players: sniff's option players is one of 2, 3, 4, not 5"),
        (["--players", "4", "--partnerships"], "--partnerships: partnerships is an option of classic Sniff"),
    ],
)
def test_simulate_refuses_partnerships_it_cannot_play(argv, message, capsys):
    assert main(["simulate", "--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_replay_names_the_first_inconsistency_of_a_classic_record(tmp_path, record, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(dumps(record) + "\n" + dumps(tampered(record, first_points_times_five)) + "\n")
    assert main(["replay", str(path)]) == 2
    assert "line 2: hand 1, event" in capsys.readouterr().err
