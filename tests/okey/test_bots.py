"""Okey bots: legal actions only, from the view only; greedy's rules; the strong bot is deterministic."""

from __future__ import annotations

import random

import pytest

from engine.okey.bots import BOTS, make_bot
from engine.okey.bots.simple import GreedyBot
from engine.okey.bots.strong import StrongBot, unseen_tiles
from engine.okey.game import DRAW, TAKE, Discard, Game, LayMelds
from engine.okey.rules import Options
from engine.okey.tiles import FULL_SET

from .support import position


def test_make_bot_knows_the_three_bots():
    assert sorted(BOTS) == ["greedy", "random", "strong"]
    assert isinstance(make_bot("strong", random.Random(1)), StrongBot)
    with pytest.raises(ValueError, match='unknown bot "clever"'):
        make_bot("clever", random.Random(1))


@pytest.mark.parametrize("names", [("random", "greedy", "strong", "random")])
def test_every_bot_only_chooses_legal_actions_from_its_view(names):
    game = Game(Options(mode="pairs"), seed=21)
    bots = [StrongBot(random.Random(s)) if n == "strong" else make_bot(n, random.Random(s))
            for s, n in enumerate(names)]  # fmt: skip
    while not game.is_terminal():
        seat = game.current_player
        view = game.view(seat)
        action = bots[seat].choose(view)
        game.validate_action(action)  # raises if illegal
        game.apply_action(action)


def test_unseen_tiles_are_what_the_view_does_not_show():
    game = Game(seed=4)
    view = game.view(0)
    unseen = unseen_tiles(view)
    assert len(unseen) == 106 - 15 - 1
    hidden = sorted(t for s in (1, 2, 3) for t in game.round.rack(s)) + list(game.round.pile_left)
    assert sorted(unseen) == sorted(hidden)
    assert len(FULL_SET) == 106


def test_greedy_opens_as_soon_as_it_can_and_never_discards_a_penalty_tile_by_choice():
    state = position(["B10 B11 B12 K10 K11 K12 Y1 K4 B2 Y8 K13 R3", "", "", ""], table=[(1, "K5 K6 K7")])
    game_view = _view(state, 0)
    action = GreedyBot().choose(game_view)
    assert isinstance(action, LayMelds)
    state = position(["K4 K8 Y1 B9", "", "", ""], table=[(1, "K5 K6 K7")])
    action = GreedyBot().choose(_view(state, 0))
    assert isinstance(action, Discard) and action.tile.notation() in ("Y1", "B9")


def test_greedy_takes_a_discard_only_to_open_or_complete_a_meld():
    racks = ["K7 Y13 Y2 B4", "B10 B11 B12 K10 K11 K12 K8 K9 Y3 Y5", "", ""]
    state = position(racks, pile="B2")
    state.apply(Discard(next(t for t in state.racks[0] if t.notation() == "K7")))
    assert GreedyBot().choose(_view(state, 1)) is TAKE
    racks = ["Y13 Y2 B4 K1", "B10 B11 B12 K10 K11 K12 K8 K9 Y3 Y5", "", ""]
    state = position(racks, pile="B2")
    state.apply(Discard(next(t for t in state.racks[0] if t.notation() == "Y13")))
    assert GreedyBot().choose(_view(state, 1)) is DRAW


def test_the_strong_bot_s_move_follows_from_its_view_alone_whatever_its_random_source():
    def moves(seed: int, source: int) -> list[str]:
        game = Game(seed=seed)
        bots = [StrongBot(random.Random(source + seat)) for seat in range(4)]
        out = []
        while not game.is_terminal() and len(out) < 60:
            seat = game.current_player
            action = bots[seat].choose(game.view(seat))
            out.append(action.notation())
            game.apply_action(action)
        return out

    assert moves(9, 0) == moves(9, 1000)
    assert moves(9, 0) != moves(10, 0)


def _view(state, seat):
    """A view of a position built by hand (no Game around it)."""
    game = Game(seed=0)
    game.rounds[-1] = state
    return game.view(seat)


def test_the_game_and_the_bots_follow_the_engines_protocols():
    from engine.core.protocols import Bot, GameState

    assert isinstance(Game(seed=1), GameState)
    for name in BOTS:
        assert isinstance(make_bot(name, random.Random(1)), Bot)
