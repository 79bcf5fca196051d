"""A game dealt ahead for the next visit's New game (``engine.board.play.prepare``), for every game of the registry.

The worker prepares the visitor's next game while it runs anyway; the page keeps only its first view and draws it
at once on the next visit, before Python has booted, and the worker takes the game up from its sealed save
(``resume``) when it is ready. Checked here, through the ops as the worker calls them: the prepared game is the game
``new`` and the bots' moves make from the same seed; the game the worker takes up is the one the page drew; moves
chosen from the drawn view before the worker took the game up are played, and the game replays exactly from its
record. That the view holds nothing hidden is checked beside each game's other replies (``test_board_hidden.py``,
``tests/okey/test_board_session.py``).
"""

from __future__ import annotations

import random

import pytest

from engine.core.games import GAMES
from tests.support.ops import call

#: Each game with settings as the pages send them; bots before the visitor's first turn in some.
CASES = [
    ("sniff", {"players": 2, "bots": "greedy"}),
    ("sniff", {"players": 4, "bots": "strong", "rules": "american"}),
    ("sniff", {"players": 4, "bots": "random", "rules": "classic", "partnerships": True}),
    ("okey", {"mode": "solo", "bots": "greedy", "rounds": 1, "doubling": True, "assisted": True}),
    ("okey", {"mode": "pairs", "bots": "strong", "rounds": 3, "doubling": False, "assisted": False}),
]
IDS = [f"{name}-{'-'.join(str(value) for value in options.values())}" for name, options in CASES]
#: What differs between two replies about the same game: its id in the worker, what changed, the bot's time.
OWN = ("game", "news", "botMs")


def same_game(reply: dict) -> dict:
    return {key: value for key, value in reply.items() if key not in OWN}


def resume_args(name: str, options: dict) -> dict:
    """What the page keeps beside the save to resume it (its ``resumeMeta``): the bots and the table options."""
    table = {option.name for option in GAMES[name].table_options}
    return {key: value for key, value in options.items() if key == "bots" or key in table}


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_prepared_game_is_the_game_new_and_the_bots_make_from_its_seed(name, options):
    seed = 4_000_000_017
    prepared = call(f"{name}.prepare", seed=seed, lang="it", **options)
    assert prepared["game"] is None and prepared["phase"] == "you"
    view = call(f"{name}.new", seed=seed, lang="it", **options)
    while view["phase"] == "bot":
        view = call(f"{name}.bot", game=view["game"], lang="it")
    assert same_game(prepared) == same_game(view)
    assert prepared["save"]["seed"] == seed


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_game_begun_on_its_prepared_view_before_the_worker_took_it_up_replays_from_its_record(name, options):
    spec = GAMES[name]
    prepared = call(f"{name}.prepare", lang="fi", **options)
    # The page drew the view and the visitor chose a move on it before any op answered.
    chosen = random.Random(7).choice(prepared["actions"])["action"]
    taken = call(f"{name}.resume", save=prepared["save"], lang="fi", **resume_args(name, options))
    assert same_game(taken) == same_game(prepared)
    view = call(f"{name}.act", game=taken["game"], action=chosen, lang="fi")
    assert view["moves"] == prepared["moves"] + 1
    rng = random.Random(11)
    while view["phase"] in ("you", "bot"):
        if view["phase"] == "you":
            view = call(f"{name}.act", game=view["game"], action=rng.choice(view["actions"])["action"], lang="fi")
        else:
            view = call(f"{name}.bot", game=view["game"], lang="fi")
    record = view["save"]
    assert spec.record(spec.replay(record)) == record
    replayed = call(f"{name}.resume", save=record, lang="fi", **resume_args(name, options))
    assert same_game(replayed) == same_game(view)


@pytest.mark.parametrize("name", list(GAMES))
def test_each_prepared_game_has_a_fresh_seed_from_the_systems_randomness(name):
    seeds = {call(f"{name}.prepare")["save"]["seed"] for _ in range(3)}
    assert len(seeds) == 3
