"""A save of the release before, from the page's localStorage (docs/assets/board/controller.mjs LEGACY): the page
can write one, so the engine takes it as it would a forged one. Without its seed, or with a deal its seed does not
make, it is refused; with its options edited (doubling flipped) and its events cut back, what is resumed is the
seed's own deal under those options with those moves, the game a new game with that seed would give: never the
forged game's tiles."""

from __future__ import annotations

import json

import pytest

from engine.board.session import handle
from engine.okey.bots import GreedyBot
from engine.okey.game import Game
from engine.okey.record import game_record
from engine.okey.rules import Options

SEED = 47


def _played(doubling: bool, moves: int) -> tuple[dict, list]:
    """A solo game of ``SEED`` after ``moves`` greedy moves, as its save, and the moves."""
    game = Game(Options(mode="solo", doubling=doubling, rounds=1), seed=SEED, auto_deal=False)
    game.begin_round(game.planned_deal())
    actions = []
    for _ in range(moves):
        action = GreedyBot().choose(game.view(game.current_player))
        game.apply_action(action)
        actions.append(action)
    return game_record(game), actions


def _resume(save: dict) -> dict:
    return json.loads(handle("okey.resume", json.dumps({"save": save, "bots": "greedy", "lang": "en"})))


def test_an_edited_legacy_save_resumes_only_its_seeds_game():
    save, actions = _played(doubling=True, moves=12)
    forged = json.loads(json.dumps(save))
    forged["options"]["doubling"] = False  # doubling flipped mid-game
    forged["rounds"][0]["events"] = forged["rounds"][0]["events"][:5]  # events cut back
    reply = _resume(forged)
    assert reply["ok"], reply
    # What is resumed: a new game with that seed and those options, then those five moves.
    expected, _ = _played(doubling=False, moves=0)
    game = Game(Options(mode="solo", doubling=False, rounds=1), seed=SEED, auto_deal=False)
    game.begin_round(game.planned_deal())
    for action in actions[:5]:
        game.apply_action(action)
    resumed = reply["result"]["save"]
    assert resumed == game_record(game)
    assert resumed["rounds"][0]["deal"] == expected["rounds"][0]["deal"]
    assert resumed["options"]["doubling"] is False and len(resumed["rounds"][0]["events"]) == 5


@pytest.mark.parametrize("edit", ["no seed", "null seed", "another deal", "another pile"])
def test_a_legacy_save_without_its_seeds_deal_is_refused(edit):
    save, _ = _played(doubling=True, moves=6)
    forged = json.loads(json.dumps(save))
    forged["options"]["doubling"] = False
    round_ = forged["rounds"][0]
    if edit == "no seed":
        del forged["seed"]
    elif edit == "null seed":  # a seed JavaScript cannot hold (1e400) arrives as null
        forged["seed"] = None
    elif edit == "another deal":  # the visitor's rack given the pile's first tile, and the pile the rack's
        rack, pile = round_["deal"][0], round_["pile"]
        rack[0], pile[0] = pile[0], rack[0]
    else:
        round_["pile"] = list(reversed(round_["pile"]))
    reply = _resume(forged)
    assert not reply["ok"], reply
    # No seed: nothing to check the deal against; another deal: the replay finds it is not the seed's.
    assert reply["error"]["code"] == ("no-seed" if "seed" in edit else "okey-record"), reply["error"]
