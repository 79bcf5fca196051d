"""The review of a finished Okey game (engine.okey.review): a scripted round in which seat 0 waits to open
and discards a penalty tile, each named with its numbers; the words, the board's op, the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from engine.board import session
from engine.core.i18n import LANGUAGES
from engine.okey.arrange import is_penalty, layoff_spots
from engine.okey.bots import make_bot
from engine.okey.game import DRAW, TAKE, Discard, Game, LayMelds, LayPairs
from engine.okey.melds import check_meld, parse_meld, parse_pieces
from engine.okey.record import game_record
from engine.okey.render.review import review_json
from engine.okey.review import review
from engine.okey.rules import PENALTY, Options
from engine.okey.tiles import Okey, Tile

SEED = 17


class Careless:
    """The greedy bot, but it does not open before its turn ``wait`` and discards one penalty tile (not an okey)."""

    def __init__(self, wait: int = 4) -> None:
        self.greedy = make_bot("greedy", random.Random(0))
        self.turn = 0
        self.wait = wait
        self.penalised: Tile | None = None

    def choose(self, view):
        action = self.greedy.choose(view)
        discards = [a for a in view.legal_actions if type(a) is Discard]
        waiting = view.opened[view.seat] is None and self.turn + 1 < self.wait
        if type(action) in (LayMelds, LayPairs) and waiting and discards:
            action = discards[0]
        if type(action) is Discard:
            if self.penalised is None:
                bad = [
                    a for a in discards if is_penalty(a.tile, view.melds(), view.okey) and a.tile is not view.okey.tile
                ]
                if bad:
                    action = bad[0]
                    self.penalised = action.tile
            self.turn += 1
        return action


@pytest.fixture(scope="module")
def played():
    game = Game(Options(rounds=1), seed=SEED)
    careless = Careless()
    bots = [careless] + [make_bot("greedy", random.Random(seat)) for seat in (1, 2, 3)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    return game_record(game), careless


def test_the_penalty_discard_is_named_with_the_meld_it_fed(played):
    record, careless = played
    events = record["rounds"][0]["events"]
    penalties = [i for i, e in enumerate(events) if e["seat"] == 0 and "discard" in e and "charge" in e]
    assert careless.penalised is not None and len(penalties) == 1
    (remark,) = [r for r in review(record, 0).remarks if r.kind == "penalty"]
    assert remark.move == penalties[0]
    assert remark.facts["tile"] == careless.penalised.notation() == events[remark.move]["discard"]
    assert remark.facts["points"] == remark.severity == PENALTY
    okey = Okey(Tile.parse(record["rounds"][0]["indicator"]))
    assert remark.facts["fed"], "a penalty tile fits a meld on the table"
    for meld in remark.facts["fed"]:
        assert layoff_spots(careless.penalised, [parse_meld(meld, okey)], okey), f"{meld} takes the tile"


def test_the_first_turn_it_could_have_opened_and_the_melds(played):
    record, _ = played
    (remark,) = [r for r in review(record, 0).remarks if r.kind == "open"]
    facts = remark.facts
    assert facts["turn"] < facts["opened"], "it opened later than it could have"
    assert remark.severity == 50 * (facts["opened"] - facts["turn"])
    okey = Okey(Tile.parse(record["rounds"][0]["indicator"]))
    assert facts["with"] == "meld"
    checks = [check_meld(parse_pieces(meld, okey), okey) for meld in facts["melds"]]
    assert all(check.valid for check in checks)
    assert sum(check.value for check in checks) >= 51
    faces = sorted(p.face.notation() for meld in facts["melds"] for p in parse_pieces(meld, okey))
    rack = list(facts["rack"])
    for face in faces:
        rack.remove(face)  # every tile of the opening was in the rack at that turn
    assert rack, "a tile is left to discard"


def test_charges_name_the_move_that_caused_them(played):
    record, _ = played
    events = record["rounds"][0]["events"]
    for seat in range(4):
        charges = [r for r in review(record, seat).remarks if r.kind == "charge"]
        paid = [i for i, e in enumerate(events) if e.get("charge", {}).get("seat") == seat and e["seat"] != seat]
        assert [r.move for r in charges] == paid
        for remark in charges:
            assert remark.facts["points"] == events[remark.move]["charge"]["points"] == remark.severity


def test_the_settlement_remark_is_the_round_end(played):
    record, _ = played
    data = record["rounds"][0]
    for seat in range(4):
        (settle,) = [r for r in review(record, seat).remarks if r.kind == "settle" and "settlement" in r.facts]
        assert settle.facts["settlement"] == data["settlement"][seat]
        assert settle.facts["score"] == data["scores"][seat]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_remark_is_worded_in_each_language(played, lang):
    record, _ = played
    shown = review_json(review(record, 0), lang)
    english = review_json(review(record, 0), "en", pictures=False)
    for remark, base in zip(shown["remarks"], english["remarks"], strict=True):
        assert remark["text"] and "{" not in remark["text"]
        if lang != "en":
            assert remark["text"] != base["text"]
    (penalty,) = [r for r in shown["remarks"] if r["kind"] == "penalty"]
    assert "100" in penalty["text"]
    assert penalty["svg"] and penalty["svg"].startswith("<svg"), "the penalty tile against the meld it fed"
    assert len(shown["drill"]) <= 3 and any(shown["remarks"][i]["kind"] == "penalty" for i in shown["drill"])


def test_the_board_op_and_the_command_line(played, tmp_path):
    record, _ = played
    reply = json.loads(session.handle("okey.review", json.dumps({"record": record, "seat": 0, "lang": "id"})))
    assert reply["ok"], reply
    assert reply["result"]["game"] == "okey" and reply["result"]["remarks"]
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "review", str(path), "--seat", "0", "--json", "--no-svg"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert [r["kind"] for r in json.loads(done.stdout)["remarks"]] == [r["kind"] for r in reply["result"]["remarks"]]


class Drawer:
    """The greedy bot, but it always draws from the pile, even when the discard would open for it."""

    def __init__(self) -> None:
        self.greedy = make_bot("greedy", random.Random(0))

    def choose(self, view):
        action = self.greedy.choose(view)
        return DRAW if action is TAKE and DRAW in view.legal_actions else action


def test_an_opening_missed_by_drawing_instead_of_taking_the_discard():
    game = Game(Options(rounds=1), seed=21)
    bots = [Drawer()] + [make_bot("greedy", random.Random(seat)) for seat in (1, 2, 3)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    record = game_record(game)
    (remark,) = [r for r in review(record, 0).remarks if r.kind == "open"]
    facts = remark.facts
    assert (facts["take"], facts["turn"], facts["opened"]) == ("Y10", 2, 4)
    event = record["rounds"][0]["events"][remark.move]
    assert event == {"seat": 0, "draw": event["draw"]}, "it drew where it could have taken"
    okey = Okey(Tile.parse(record["rounds"][0]["indicator"]))
    checks = [check_meld(parse_pieces(meld, okey), okey) for meld in facts["melds"]]
    assert all(check.valid for check in checks) and sum(check.value for check in checks) >= 51
    assert any("Y10" in meld.split() for meld in facts["melds"]), "the opening uses the discard"
    shown = review_json(review(record, 0), "it")
    (text,) = [r for r in shown["remarks"] if r["kind"] == "open"]
    assert "prendere 10 giallo" in text["text"] and text["svg"]  # Italian names the number first
