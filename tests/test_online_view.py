"""The online table's board view (``engine.board.online``): from a seat's state, as the server sends it, the very
view the board draws of that seat in a game against the bots, at every step of whole games of both games; the
finished parts are replayed once, not at every state."""

from __future__ import annotations

import json
import random

import pytest

from engine.board import online
from engine.board.session import call
from engine.core import sessions
from engine.core.games import GAMES
from engine.core.sessions import finished_record, position_of
from engine.sniff.board.text import Words

#: What only the online view carries: the page's key for the table, the record a player may download, the version.
ONLINE_ONLY = {"game", "record", "moves", "online", "canDeal"}
#: What only a reply about a game against the bots carries: its id, news, records, progress and bots.
LOCAL_ONLY = {"game", "news", "record", "save", "moves", "bots", "canDeal", "botMs"}
#: The envelope's keys the state carries as its own (spec/online-tables.md), sent once.
OWN = ("events", "legal", "hand")


def state_of(name: str, game, seat: int, options: dict, version: int) -> dict:
    """A seat's state as the server sends it (spec/online-tables.md, ``server.service``): the view less the
    envelope's events, legal actions and hand, which are the state's own, and the finished parts' record (without
    the seed), or the whole record at the end."""
    spec = GAMES[name]
    board = spec.view_json(game, seat)
    over = game.is_terminal()
    state = {
        "game": name,
        "version": version,
        "seat": seat,
        "current": game.current_player,
        "hand": board["hand"],
        "legal": board["legal"] if game.current_player == seat else [],
        "events": board["events"],
        "board": {key: value for key, value in board.items() if key not in OWN},
        "options": options,
        "over": over,
    }
    finished = finished_record(spec.record(game), spec.parts)
    if finished[spec.parts]:
        state["parts"] = finished
    if over:
        state["record"] = spec.record(game)
    return state


def play_through(name: str, options: dict, seed: int, steps: int, check, every: int = 1) -> int:
    spec = GAMES[name]
    table = {option.name for option in spec.table_options}
    game = spec.new_game(seed=seed, **{k: v for k, v in options.items() if k not in table})
    rng = random.Random(seed)
    compared = 0
    for version in range(steps):
        for seat in () if version % every and not game.is_terminal() else range(game.players):
            check(game, seat, state_of(name, game, seat, options, version))
            compared += 1
        if game.is_terminal():
            break
        game.apply_action(rng.choice(list(game.legal_actions())))
    return compared


def drawn(name: str, game, seat: int, lang: str, options: dict) -> dict:
    """The board's view of ``game`` from ``seat``, drawn from its position as a game against the bots is."""
    spec = GAMES[name]
    settings = spec.check_table_options({o.name: options[o.name] for o in spec.table_options if o.name in options})
    return sessions.board_of(spec).draw(position_of(spec, game, seat), lang, settings)


@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 4}, {"players": 4, "rules": "classic", "partnerships": False}]
)
def test_sniff_online_view_is_the_boards_view_of_the_seat(options):
    full = {"players": 2, "rules": "american", "partnerships": False} | options

    def check(game, seat, state):
        got = call("sniff.online_view", {"state": state, "lang": "fi"})
        assert {k: v for k, v in got.items() if k not in ONLINE_ONLY} == drawn("sniff", game, seat, "fi", full)
        assert got["me"] == seat

    assert play_through("sniff", full, seed=7, steps=2000, check=check, every=13) > 60


@pytest.mark.parametrize("options", [{"mode": "solo", "assisted": True}, {"mode": "pairs", "rounds": 3}])
def test_okey_online_view_is_the_tables_view_of_the_seat(options):
    full = {"mode": "solo", "doubling": True, "rounds": 1} | options

    def check(game, seat, state):
        got = call("okey.online_view", {"state": state, "lang": "id"})
        assert {k: v for k, v in got.items() if k not in ONLINE_ONLY} == drawn("okey", game, seat, "id", full)

    assert play_through("okey", full, seed=11, steps=2000, check=check, every=5) > 40


@pytest.mark.parametrize(
    ("name", "options", "lang"),
    [("sniff", {"players": 3, "bots": "random"}, "it"), ("okey", {"rounds": 3, "assisted": True}, "fi")],
)
def test_the_online_view_is_the_local_boards_view_of_the_same_position(name, options, lang):
    """A game against the bots and an online table at the same position draw the same board: the local op's
    reply and the online op's, from the state the server would send of that game, agree but for what only one of
    them carries; and a finished part is replayed once however many states show it."""
    spec = GAMES[name]
    view = call(f"{name}.new", {"seed": 5, "lang": lang, **options})
    game = sessions.in_play(name, view["game"]).game
    table = {o.name: options[o.name] for o in spec.table_options if o.name in options}
    rng, compared, steps = random.Random(5), 0, 0
    replayed = online.pasts.replayed

    def finished() -> int:
        parts = spec.parts_of(game)
        return len(parts) - (not parts[-1].is_over)

    while view["phase"] != "gameOver" and finished() < 3:
        if steps % 3 == 0 or view["phase"] != "bot":
            state = state_of(name, game, 0, spec.check_options({}) | table, steps)
            got = call(f"{name}.online_view", {"state": state, "lang": lang})
            assert {k: v for k, v in got.items() if k not in ONLINE_ONLY} == {
                k: v for k, v in view.items() if k not in LOCAL_ONLY
            }, (steps, view["phase"])
            compared += 1
        steps += 1
        if view["phase"] == "you":
            action = rng.choice(view["actions"])["action"]
            view = call(f"{name}.act", {"game": view["game"], "action": action, "lang": lang})
        else:
            view = call(f"{name}.{'bot' if view['phase'] == 'bot' else 'next'}", {"game": view["game"], "lang": lang})
    assert compared > 20 and finished() >= 2
    # Each finished part replayed once (the whole record once more at the end, with its seed).
    assert online.pasts.replayed - replayed <= finished() + (len(spec.parts_of(game)) if game.is_terminal() else 0)


def test_the_lots_of_a_classic_first_hand_are_in_every_seats_log_from_its_start():
    """The lots that chose the first leader are public (their tiles go back before the deal): each seat's log says
    them from the first state on, in the words of a game against the bots, not only once the hand is over."""
    options = {"players": 4, "rules": "classic", "partnerships": True}
    game = GAMES["sniff"].new_game(seed=3, **options)
    lots = game.hand.deal.lots
    assert len(lots) == 2  # a tie, drawn again
    for seat in range(4):
        words = Words("it", 4, partnerships=True, me=seat)
        said = [words.lots(row, last=index == len(lots) - 1) for index, row in enumerate(lots)]
        log = call("sniff.online_view", {"state": state_of("sniff", game, seat, options, 0), "lang": "it"})["log"]
        assert log[:3] == [*said, words.opener(1, game.hand.opener)]


def test_okey_online_rack_checks_come_from_the_seats_own_view():
    spec = GAMES["okey"]
    game = spec.new_game(seed=3, mode="solo", doubling=True, rounds=1)
    game.apply_action(game.legal_actions()[0])  # seat 0 discards: seat 1 to draw
    state = state_of("okey", game, 1, {"mode": "solo", "assisted": True}, 1)
    view = call("okey.online_view", {"state": state})
    rack = view["seats"][1]["rack"]
    assert sorted(call("okey.arrange", {"game": view["game"], "how": "runs"})["order"]) == sorted(rack)
    assert call("okey.arrange", {"game": view["game"], "how": "best"})["order"]
    checked = call("okey.lay_check", {"game": view["game"], "tiles": rack[:1]})
    assert checked["ok"] is False
    with pytest.raises(Exception) as refused:
        call("okey.lay_check", {"game": view["game"], "tiles": ["R1"] * 3})
    assert getattr(refused.value, "code", None) == "okey-not-in-rack"


def test_an_online_lay_down_is_checked_by_the_rules_from_the_seats_view():
    """The online seat's lay-down is checked by the engine's own rules from its view (not a copy of one rule):
    melds that open are offered in the seat's play; before its turn the same melds are checked as if it were its
    play, and not offered; in its draw phase the rules say why not (draw first)."""
    from engine.okey.arrange import best_arrangement
    from engine.okey.board.text import Words

    spec = GAMES["okey"]
    for seed in range(1, 200):
        game = spec.new_game(seed=seed, rounds=1)
        found = [best_arrangement(game.round.rack(seat), game.round.okey) for seat in (0, 1)]
        if all(arrangement.value >= 51 for arrangement in found):
            break
    tiles = [[piece.face.notation() for meld in arrangement.melds for piece in meld.pieces] for arrangement in found]

    def checked(seat: int) -> dict:
        view = call("okey.online_view", {"state": state_of("okey", game, seat, {}, 0), "lang": "en"})
        return call("okey.lay_check", {"game": view["game"], "tiles": tiles[seat], "kind": "melds"})

    mine = checked(0)
    assert mine["ok"] and mine["action"]["kind"] == "melds" and mine["total"] == found[0].value
    later = checked(1)
    assert not later["ok"] and later["total"] == found[1].value and later["text"] == Words("en").not_your_turn()
    game.apply_action(next(a for a in game.legal_actions() if game.notation(a).startswith("discard")))
    drawing = checked(1)
    assert not drawing["ok"] and drawing["text"] == Words("en", me=1).refusal("okey-draw-first", {"seat": 1})


def test_a_new_part_that_does_not_replay_is_refused_and_the_kept_ones_stay_sound():
    """The finished parts a state adds are checked as a whole record is (``GameSpec.extend``): a tampered one is
    refused, and the parts kept before it serve the next state as they were."""
    spec = GAMES["sniff"]
    game = spec.new_game(seed=4, hold=True, players=2)
    rng, states = random.Random(4), []
    while len(states) < 2:
        if spec.needs_deal(game):
            states.append(state_of("sniff", game, 0, {}, len(states)))
            spec.deal_next(game)
        else:
            game.apply_action(rng.choice(list(game.legal_actions())))
    first, second = states
    fresh = call("sniff.online_view", {"state": second})
    call("sniff.online_view", {"state": first})  # the first hand kept
    tampered = json.loads(json.dumps(second))
    tampered["parts"]["hands"][1]["events"][0]["points"] += 5
    with pytest.raises(Exception) as refused:
        call("sniff.online_view", {"state": tampered})
    assert getattr(refused.value, "code", None) == "record"
    again = call("sniff.online_view", {"state": second})
    assert {k: v for k, v in again.items() if k != "game"} == {k: v for k, v in fresh.items() if k != "game"}
