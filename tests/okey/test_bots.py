"""Okey bots: legal actions only, from the view only; greedy's rules; the strong bot is deterministic."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.okey.arrange import Solver, best_value, is_penalty, pack
from engine.okey.bots import BOTS, make_bot
from engine.okey.bots.simple import GreedyBot
from engine.okey.bots.strong import NEAR, WILD, StrongBot, Table, near, unseen_tiles
from engine.okey.game import DRAW, TAKE, Discard, Game, LayMelds, Round
from engine.okey.rules import Options
from engine.okey.tiles import FULL_SET, TILES, Okey, Tile, parse_tiles

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

    played = moves(9, 0)
    assert played == moves(9, 1000)
    assert played != moves(10, 0)


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


def _opening_draws(view, tile) -> int:
    """How many of the unseen tiles would let the rack open after discarding ``tile`` (a brute count)."""
    rest = list(view.rack)
    rest.remove(tile)
    count = 0
    for drawn, copies in Counter(unseen_tiles(view)).items():
        if rest.count(drawn) < 2 and best_value([*rest, drawn], view.okey, keep=True) >= view.threshold:
            count += copies
    return count


def test_the_strong_bot_keeps_the_discard_with_the_most_draws_that_open():
    # Indicator B4: the okeys are B5, and the false joker counts as B5. The rack lays only the set of 5s (15).
    # Greedy throws K13, its highest lone tile; B13 K13 and the 5s open with R13, Y13 or an okey (54).
    state = position(["R9 R11 B2 B3 B6 B9 B13 K5 K13 Y2 Y3 Y5 Y6 Y11 FJ", "", "", ""], indicator="B4")
    view = _view(state, 0)
    assert GreedyBot().choose(view) == Discard(Tile.parse("K13"))
    choice = StrongBot(random.Random(1)).choose(view)
    assert type(choice) is Discard
    safe = [a.tile for a in view.legal_actions if type(a) is Discard and a.tile is not view.okey.tile]
    draws = {tile: _opening_draws(view, tile) for tile in safe}
    assert draws[Tile.parse("K13")] == 0
    assert draws[choice.tile] == max(draws.values()) == 6  # R13, Y13 and the okeys, two of each


def test_once_open_the_strong_bot_keeps_the_tile_that_a_draw_would_lay_off_with_it():
    # Y12 lays off once Y11 does (Y8 Y9 Y10 on the table): two draws go out with it. Greedy throws it (the highest).
    state = position(
        ["Y12 K1 R2", "", "", ""],
        table=[(1, "Y8 Y9 Y10"), (0, "B9 B10 B11"), (0, "R11 K11 Y11")],
        opened=["melds", None, None, None],
    )
    view = _view(state, 0)
    assert not any(is_penalty(tile, view.melds(), view.okey) for tile in view.rack)
    assert GreedyBot().choose(view) == Discard(Tile.parse("Y12"))
    assert StrongBot(random.Random(1)).choose(view) in (Discard(Tile.parse("K1")), Discard(Tile.parse("R2")))


def test_the_table_lays_off_one_tile_after_another():
    okey = Okey(Tile.parse("R5"))  # the okey is R6
    state = position(["", "", "", ""], table=[(1, "Y8 Y9 Y10"), (2, "B13 K13 R13"), (2, "K12 K13 K1")])
    table = Table(_view(state, 0))
    spots = {TILES[code].notation() for code in range(52) if table.spots() >> code & 1}
    assert spots == {"Y7", "Y11", "Y13", "K11"}
    key, wilds = pack(parse_tiles("Y11 Y12 Y13 Y1 K10 B2"), okey)
    laid, left, _ = table.lay_off(key, wilds)
    assert laid == 4  # Y11, then Y12, Y13 and the 1 after it; K10 waits for K11, B2 fits nothing
    assert left == pack(parse_tiles("K10 B2"), okey)[0]
    laid, left, wilds = table.lay_off(*pack(parse_tiles("B2 R6"), okey))
    assert (laid, wilds) == (1, 0)  # the okey goes anywhere


def test_a_drawn_tile_outside_near_changes_no_rack():
    """The strong bot skips the draws that ``near`` leaves out: they never change the best value."""
    rng = random.Random(8)
    for _ in range(40):
        okey = Okey(rng.choice(TILES[:52]))
        okeys = rng.choice((0, 0, 1))
        pool = [t for t in FULL_SET if t is not okey.tile]
        rack = rng.sample(pool, 14 - okeys) + [okey.tile] * okeys
        key, wilds = pack(rack, okey)
        mask = near(key, wilds)
        assert mask >> WILD & 1
        solver = Solver()
        for drawn in pool:
            code = okey.identity(drawn).code
            if mask >> code & 1 or rack.count(drawn) >= 2:
                continue
            assert solver.value(key + (1 << (2 * code)), wilds, keep=True) == solver.value(key, wilds)
    r1 = {TILES[code].notation() for code in range(52) if NEAR[0] >> code & 1}
    assert r1 == {"R2", "R3", "R12", "R13", "B1", "K1", "Y1"}  # the 1 also comes after 13


def _shuffled_hidden(state: Round, seed: int) -> Round:
    """The same position with the tiles seat 0 cannot see dealt again (same rack sizes, same pile size)."""
    hidden = [t for s in (1, 2, 3) for t in state.rack(s)] + list(state.pile_left)
    random.Random(seed).shuffle(hidden)
    racks = [state.rack(0)]
    for s in (1, 2, 3):
        size = state.rack_sizes[s]
        racks.append(tuple(hidden[:size]))
        hidden = hidden[size:]
    taken = (state.taken, state.taken_used, state.taken_closed, state.opened_now)
    return Round.position(
        state.options, state.indicator, racks, hidden, state.table, state.opened, state.last_opening,
        state.current, state.phase, state.last_discard, state.charges, taken,
    )  # fmt: skip


def test_the_strong_bot_chooses_from_what_its_seat_sees_only():
    """Deal the hidden tiles again at each of seat 0's moves: the view is the same, so is the choice."""
    checked = Counter()
    for seed in (12,):  # 29 of seat 0's moves: 15 before it opens, 14 after
        game = Game(seed=seed)
        bots = [StrongBot(random.Random(0))] + [GreedyBot() for _ in range(3)]
        while not game.is_terminal():
            seat = game.current_player
            if seat == 0:
                choices = set()
                for again in (1, 2):
                    other = Game(seed=0)
                    other.rounds[-1] = _shuffled_hidden(game.round, again)
                    view = other.view(0)
                    assert view.rack == game.view(0).rack and view.pile_size == game.view(0).pile_size
                    choices.add(StrongBot(random.Random(0)).choose(view))
                assert len(choices) == 1
                checked[view.opened[0]] += 1
            game.apply_action(bots[seat].choose(game.view(seat)))
    assert checked[None] > 10 and checked["melds"] > 3, checked
