"""What the page receives during a hand: only what the player's seat may see.

Whole games are played through the board's ops, as the worker plays them. Every
reply but its ``save`` (which the worker takes out of the reply and keeps, sealed) is
searched for the other seats' tiles, the boneyard and the seed while a hand is in
play; the replay of a record then steps forward and back with apply and undo and
must show what a fresh replay of the record cut at that step shows.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

import pytest

from engine.board.replays import record_at
from engine.core import sessions
from engine.core.games import GAMES
from engine.core.sessions import position_of
from engine.sniff.game import Game
from engine.sniff.record import game_record, replay
from tests.support.ops import call, next_view


def hidden_tiles(game_id: str) -> set[str]:
    """The tiles the player may not see now: the other seats' and the boneyard's."""
    hand = sessions.in_play("sniff", game_id).game.hand
    tiles = {tile.notation() for seat in range(1, hand.players) for tile in hand.tiles(seat)}
    return tiles | {tile.notation() for tile in hand.boneyard}


def leaks(reply: dict, tiles: set[str], seed: int) -> list[str]:
    """The hidden tiles (and the seed) that a reply names, outside what it says of finished hands.

    Every tile comes back in every hand, so the finished hands (the downloadable ``record``, which
    must hold nothing else, and the score sheet's rows of earlier hands) are left out of the search.
    """
    current = reply["handNumber"]
    sheet = [[row for row in side["hands"] if row["number"] == current] for side in reply["sheet"]]
    shown = {key: value for key, value in reply.items() if key not in ("save", "record", "sheet")}
    text = json.dumps(shown | {"sheet": sheet})
    if "seed" in reply["record"] or any(hand["end"] is None for hand in reply["record"]["hands"]):
        return ["an unfinished hand or the seed in the record"]
    # Every tile the text names (``a|b`` with no digit either side), in one pass; the hidden ones among them.
    named = set(re.findall(r"(?<![0-9])(?=([0-9]\|[0-9])(?![0-9]))", text))
    found = sorted(named & tiles)
    if str(seed) in text or '"seed"' in text:
        found.append("the seed")
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_reply_during_a_hand_carries_another_seats_tiles_the_boneyard_or_the_seed(players):
    rng = random.Random(players)
    seed = 10**15 + players  # long enough that it can't appear by chance
    view = call("sniff.new", players=players, bots="random", seed=seed)
    checked = 0
    while view["phase"] != "gameOver":
        if view["phase"] in ("you", "bot"):
            assert leaks(view, hidden_tiles(view["game"]), seed) == [], view["phase"]
            assert all(seat["tiles"] is None for seat in view["seats"][1:])
            checked += 1
        if view["phase"] not in ("you", "bot"):
            finished = view["record"]
            assert all(hand["end"] is not None for hand in finished["hands"]) and "seed" not in finished
        view = next_view(view, rng.choice)
    assert checked > 50
    # The game is over: now the record is whole, with its seed, and it replays.
    assert view["record"]["seed"] == seed and view["record"] == view["save"]
    replay(view["record"])


@pytest.mark.parametrize("players", [2, 4])
def test_a_prepared_games_view_carries_no_other_seats_tile_the_boneyard_or_the_seed(players):
    """The view of a game dealt ahead (``prepare``), which the page keeps in the browser until the visitor starts
    the game, holds what any reply in that position holds: no other seat's tile, the boneyard or the seed."""
    seed = 10**15 + 40 + players
    prepared = call("sniff.prepare", players=players, bots="strong", seed=seed)
    taken = call("sniff.resume", save=prepared["save"], bots="strong")  # the same game, now in the worker
    assert leaks(prepared, hidden_tiles(taken["game"]), seed) == []
    assert all(seat["tiles"] is None for seat in prepared["seats"][1:])


def test_a_record_downloaded_mid_hand_holds_the_finished_hands_only():
    view = call("sniff.new", players=2, bots="greedy", seed=31)
    while len(view["record"]["hands"]) < 1 or view["phase"] not in ("you", "bot"):
        view = next_view(view)
    assert len(view["save"]["hands"]) == len(view["record"]["hands"]) + 1
    assert view["record"]["hands"] == view["save"]["hands"][:-1] and view["record"]["winner"] is None


def test_replay_steps_forward_and_back_show_what_a_fresh_replay_shows():
    # A whole game's record, played by the engine itself (the board's ops need not make it).
    game, rng = Game(3, seed=77), random.Random(77)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    record = game_record(game)
    start = call("sniff.replay_open", text=json.dumps(record))
    key, steps = start["replay"], start["steps"]
    loaded = sessions.store("sniff", "replay")[key]
    # Every step, forward then back: the cursor stands where the step says.
    for step in [*range(steps), *reversed(range(steps))]:
        index, done = loaded.positions[step]
        game = loaded.game_at(GAMES["sniff"], index, done)
        assert (len(game.hands), len(game.hand.events)) == (index + 1, done)
        assert game.hand.layout.placements == loaded.game.hands[index].layout.placements[: len(game.hand.layout)]
    # Steps in any order, as the page may ask for them: the view is a fresh replay's.
    for step in [0, steps - 1, *random.Random(1).sample(range(steps), 25)]:
        stepped = call("sniff.replay_view", replay=key, step=step, lang="it")
        fresh = _fresh_view(replay(record_at(GAMES["sniff"], record, loaded.positions[step])))
        for part in ("layout", "log", "sheet", "seats", "sides", "boneyard", "turn"):
            assert stepped[part] == fresh[part], (step, part)
    assert game_record(loaded.game) == record


def _fresh_view(game):
    from engine.sniff.board.view import game_view

    return game_view(position_of(GAMES["sniff"], game, reveal=True), "it")


# -- the board views start from the player's view ----------------------------------------------


def deal_hidden_differently(record: dict, rng: random.Random) -> dict:
    """The record of a hand in play with the tiles seat 0 has not seen dealt anew: the other seats' tiles that
    have not been played (those dealt and those drawn) and the boneyard's tiles not drawn yet, shuffled. Without
    its seed, so the replay takes the deal as it is; it checks every draw and pass against the new tiles."""
    record = copy.deepcopy(record)
    del record["seed"]
    hand = record["hands"][-1]
    played = {event["play"].split()[0] for event in hand["events"] if "play" in event}
    draws = [event for event in hand["events"] if "draw" in event]
    boneyard = hand["boneyard"]
    # Each unseen tile's places in the record: its place in a deal, or a drawn tile's event and boneyard place.
    places = [
        [(hand["deal"][seat], index)]
        for seat in range(1, record["players"])
        for index, tile in enumerate(hand["deal"][seat])
        if tile not in played
    ]
    places += [
        [(event, "draw"), (boneyard, number)]
        for number, event in enumerate(draws)
        if event["seat"] != 0 and event["draw"] not in played
    ]
    places += [[(boneyard, number)] for number in range(len(draws), len(boneyard))]
    tiles = [holder[key] for (holder, key), *_ in places]
    rng.shuffle(tiles)
    for tile, spots in zip(tiles, places, strict=True):
        for holder, key in spots:
            holder[key] = tile
    return record


def test_the_sniff_board_view_is_the_same_whatever_the_hidden_tiles_are():
    """While a hand is in play, the board's view of seat 0 is the same when the tiles seat 0 cannot see (the
    other seats', the boneyard, the others' drawn tiles) are dealt differently, as any deal that agrees with
    every draw and pass (the replay checks them): it holds none of them (at the hand's end everything is public)."""
    from engine.sniff.board.view import game_view
    from engine.sniff.bots import make_bot
    from engine.sniff.record import RecordError

    def hidden(game: Game) -> tuple:
        return [game.hand.tiles(seat) for seat in range(1, game.players)], game.hand.boneyard

    game = Game(3, seed=5, auto_deal=False)
    game.begin_hand(game.planned_deal())
    bots = [make_bot("random", random.Random(seat)) for seat in range(3)]
    rng = random.Random(5)
    checked = 0
    while not game.hand.is_over:
        view = game_view(position_of(GAMES["sniff"], game), "en")
        assert view["seats"][0]["tiles"] == [t.notation() for t in game.hand.tiles(0)]
        assert all(seat["tiles"] is None for seat in view["seats"][1:])
        for _attempt in range(30):  # a shuffle may give a seat that drew or passed a tile it could have played
            try:
                twin = replay(deal_hidden_differently(game_record(game), rng))
            except RecordError:
                continue
            if hidden(twin) != hidden(game):
                assert game_view(position_of(GAMES["sniff"], twin), "en") == view
                checked += 1
                break
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    assert checked > 20
    assert all(seat["tiles"] is not None for seat in game_view(position_of(GAMES["sniff"], game), "en")["seats"])


@pytest.mark.parametrize("seed", [3, 8])
def test_the_okey_table_view_is_the_same_whatever_the_hidden_tiles_are(seed):
    """While a round is in play, the table's view of seat 0 is the same when the tiles seat 0 cannot see (the
    other racks, the pile, the others' drawn tiles) are dealt differently: it holds none of them."""
    from engine.okey.board.view import game_view
    from engine.okey.bots import make_bot
    from engine.okey.events import Drew
    from engine.okey.game import Game
    from engine.okey.rules import Options
    from engine.okey.tiles import TILES

    game = Game(Options(), seed=seed, auto_deal=False)
    game.begin_round(game.planned_deal())
    bots = [make_bot("greedy", random.Random(seat)) for seat in range(4)]
    rng = random.Random(seed)
    checked = 0
    while not game.round.is_over:
        state = game.round
        view = game_view(position_of(GAMES["okey"], game), "fi", assisted=True)
        racks, pile, events = list(state.racks), list(state.pile), list(state.events)
        hidden = [t for seat in (1, 2, 3) for t in state.rack(seat)] + list(state.pile_left)
        rng.shuffle(hidden)
        for seat in (1, 2, 3):
            size = state.rack_sizes[seat]
            state.racks[seat] = Counter(hidden[:size])
            hidden = hidden[size:]
        state.pile[state.drawn :] = hidden
        state.events[:] = [
            Drew(event.seat, rng.choice(TILES)) if type(event) is Drew and event.seat != 0 else event
            for event in events
        ]
        changed = racks != state.racks or events != state.events
        assert game_view(position_of(GAMES["okey"], game), "fi", assisted=True) == view
        state.racks[:], state.pile[:], state.events[:] = racks, pile, events
        checked += changed
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    assert checked > 10
    assert all(seat["rack"] is not None for seat in game_view(position_of(GAMES["okey"], game), "fi")["seats"])
