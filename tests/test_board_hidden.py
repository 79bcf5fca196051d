"""What the page receives during a hand: only what the player's seat may see.

Whole games are played through the board's ops, as the worker plays them. Every
reply but its ``save`` (which the worker takes out of the reply and keeps, sealed) is
searched for the other seats' tiles, the boneyard and the seed while a hand is in
play; the replay of a record then steps forward and back with apply and undo and
must show what a fresh replay of the record cut at that step shows.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.sniff.board import session as sniff_session
from engine.sniff.record import game_record, replay
from tests.support.ops import call, next_view


def hidden_tiles(game_id: str) -> set[str]:
    """The tiles the player may not see now: the other seats' and the boneyard's."""
    hand = sniff_session._games[game_id].game.hand
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
    found = [tile for tile in tiles if re.search(rf"(?<![0-9]){re.escape(tile)}(?![0-9])", text)]
    if str(seed) in text or '"seed"' in text:
        found.append("the seed")
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_reply_during_a_hand_carries_another_seats_tiles_the_boneyard_or_the_seed(players):
    rng = random.Random(players)
    seed = 10**15 + players  # long enough that it can't appear by chance
    view = call("sniff.play_new", players=players, bots="random", seed=seed)
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


def test_a_record_downloaded_mid_hand_holds_the_finished_hands_only():
    view = call("sniff.play_new", players=2, bots="greedy", seed=31)
    while len(view["record"]["hands"]) < 1 or view["phase"] not in ("you", "bot"):
        view = next_view(view)
    assert len(view["save"]["hands"]) == len(view["record"]["hands"]) + 1
    assert view["record"]["hands"] == view["save"]["hands"][:-1] and view["record"]["winner"] is None


def test_replay_steps_forward_and_back_show_what_a_fresh_replay_shows():
    view = call("sniff.play_new", players=3, bots="random", seed=77)
    while view["phase"] != "gameOver":
        view = next_view(view, lambda actions: actions[-1])
    record = view["record"]
    start = call("sniff.replay_open", text=json.dumps(record))
    key, steps = start["replay"], start["steps"]
    loaded = sniff_session._replays[key]
    # Every step, forward then back: the cursor stands where the step says.
    for step in [*range(steps), *reversed(range(steps))]:
        index, done = loaded.positions[step]
        game = sniff_session.game_at(loaded, index, done)
        assert (len(game.hands), len(game.hand.events)) == (index + 1, done)
        assert game.hand.layout.placements == loaded.game.hands[index].layout.placements[: len(game.hand.layout)]
    # Steps in any order, as the page may ask for them: the view is a fresh replay's.
    for step in [0, steps - 1, *random.Random(1).sample(range(steps), 25)]:
        stepped = call("sniff.replay_view", replay=key, step=step, lang="it")
        fresh = _fresh_view(replay(sniff_session._record_at(record, loaded.positions[step])))
        for part in ("layout", "log", "sheet", "seats", "sides", "boneyard", "turn"):
            assert stepped[part] == fresh[part], (step, part)
    assert game_record(loaded.game) == record


def _fresh_view(game):
    from engine.sniff.board.view import game_view

    return game_view(game, "it", reveal=True)
