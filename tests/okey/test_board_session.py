"""The Okey table's ops (engine.board's, and engine.okey.board.ops's own) as the page's worker calls them.

Whole games are played through ``engine.board.session.handle``. While a round is in
play, no reply but its ``save`` (the value the page stores and hands back unread)
names a tile that only another seat or the pile holds, the pile's order or the seed;
refused moves come back as errors with the engine's code and the reason in the
page's language; the timer's bot, resuming from a save, the assisted table's helpers
and the step-by-step replay behave as the page relies on.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from engine.board import session
from engine.board.play import adopt
from engine.core import sessions
from engine.okey.board.text import Words
from engine.okey.events import Discarded, Took
from engine.okey.record import game_record, replay
from engine.okey.tiles import FULL_SET


def call(op: str, **args):
    answer = json.loads(session.handle(op, json.dumps(args)))
    assert answer["ok"], answer
    return answer["result"]


def refused(op: str, **args) -> dict:
    answer = json.loads(session.handle(op, json.dumps(args)))
    assert not answer["ok"], answer
    return answer["error"]


def hidden_only(game_id: str) -> set[str]:
    """The faces the player has no way to know of: every copy is in another rack or in the pile, and none was
    seen (in the player's rack, on the table, in the discards, as the indicator, or taken from the discards)."""
    state = sessions.in_play("okey", game_id).game.round
    seen = Counter(state.rack(0))
    for item in state.table:
        seen.update(piece.face for piece in item.meld.pieces)
    for pile in state.discards:
        seen.update(pile)
    seen[state.indicator] += 1
    hidden = Counter(t for seat in (1, 2, 3) for t in state.rack(seat)) + Counter(state.pile_left)
    assert hidden + seen == Counter(FULL_SET)
    taken = {event.tile.notation() for event in state.events if type(event) is Took}
    # The okey's face is named as what the indicator makes of it ("K7 is the okey"), not as a tile somewhere.
    return {
        tile.notation()
        for tile in hidden
        if tile not in seen and tile is not state.okey.tile and tile.notation() not in taken
    }


CODES = re.compile(r"(?<![A-Z0-9*])(?=([RBKY][0-9]+|FJ)(?![0-9]))")
#: Each tile's English name ("red 7", "false joker"), and every name in one pattern (not after "okey as ").
NAMES = {Words("en").tile(tile.notation()): tile.notation() for tile in set(FULL_SET)}
NAME_PATTERN = re.compile(
    r"(?<![a-z])(?<!okey as )(?=(" + "|".join(sorted(map(re.escape, NAMES), key=len, reverse=True)) + r")(?![0-9]))"
)


def leaks(reply: dict, hidden: set[str], seed: int) -> list[str]:
    shown = {key: value for key, value in reply.items() if key not in ("save", "record")}
    text = json.dumps(shown)
    if "seed" in reply["record"] or any(data["end"] is None for data in reply["record"]["rounds"]):
        return ["an unfinished round or the seed in the record"]
    # Every tile the text names by its code (no letter, digit or star before it, no digit after), in one pass.
    found = sorted(set(CODES.findall(text)) & hidden)
    # The labels, the log and the tile names name tiles in words ("red 7"): no hidden tile by its name either.
    found += sorted({NAMES[name] for name in NAME_PATTERN.findall(text)} & hidden)
    if str(seed) in text or '"seed"' in text or '"pile":[' in text.replace(" ", ""):
        found.append("the seed or the pile")
    return found


def play(view: dict, rng: random.Random, prefer=("melds", "pairs", "seize", "layoff")) -> dict:
    """One step of the game: the player's move (a lay-down, seize or lay-off first), a bot's move or a deal."""
    if view["phase"] == "you":
        moves = view["actions"]
        chosen = [m for m in moves if m["kind"] in prefer] or moves
        return call("okey.act", game=view["game"], action=rng.choice(chosen)["action"])
    if view["phase"] == "bot":
        return call("okey.bot", game=view["game"])
    return call("okey.next", game=view["game"])


@pytest.mark.parametrize(("mode", "assisted"), [("solo", True), ("pairs", False)])
def test_no_reply_during_a_round_carries_another_seats_tiles_the_pile_order_or_the_seed(mode, assisted):
    seed = 10**15 + (mode == "pairs")
    rng = random.Random(seed)
    view = call("okey.new", mode=mode, bots="greedy", rounds=3, assisted=assisted, seed=seed)
    checked = 0
    while view["phase"] != "gameOver":
        if view["phase"] in ("you", "bot"):
            assert leaks(view, hidden_only(view["game"]), seed) == [], view["phase"]
            assert all(seat["rack"] is None for seat in view["seats"][1:])
            assert len(view["rack"]) == view["seats"][0]["rackSize"]
            checked += 1
            if view["phase"] == "you" and assisted:
                order = call("okey.arrange", game=view["game"], how="best")
                assert leaks(order | {"record": view["record"]}, hidden_only(view["game"]), seed) == []
        view = play(view, rng)
    assert checked > 60
    assert view["record"]["seed"] == seed and view["record"] == view["save"]
    assert [row["total"] for row in view["roundEnd"]["rows"]] == view["save"]["rounds"][-1]["totals"]
    # The chart of the totals, a line per seat (the page draws it: docs/assets/board/chart.mjs), round by round.
    chart = view["gameEnd"]["chart"]
    rounds = view["save"]["rounds"]
    assert chart["columns"] == [f"Round {number}" for number in range(1, len(rounds) + 1)] and chart["target"] is None
    for seat, line in enumerate(chart["lines"]):
        assert line == {"name": view["seats"][seat]["name"], "values": [r["totals"][seat] for r in rounds]}
    replay(view["record"])


@pytest.mark.parametrize("mode", ["solo", "pairs"])
def test_a_prepared_games_view_carries_no_other_seats_tile_the_pile_order_or_the_seed(mode):
    """The view of a game dealt ahead (``prepare``), which the page keeps in the browser until the visitor starts
    the game, holds what any reply in that position holds."""
    seed = 10**15 + 7 + (mode == "pairs")
    prepared = call("okey.prepare", mode=mode, bots="greedy", assisted=True, seed=seed)
    taken = call("okey.resume", save=prepared["save"], bots="greedy", assisted=True)  # the same game, in the worker
    assert leaks(prepared, hidden_only(taken["game"]), seed) == []
    assert all(seat["rack"] is None for seat in prepared["seats"][1:])


def test_a_round_end_shows_every_rack_and_the_settlement_of_the_record():
    rng = random.Random(3)
    view = call("okey.new", bots="random", seed=3, rounds=3)
    while view["phase"] != "roundOver":
        view = play(view, rng)
    last = view["save"]["rounds"][-1]
    rows = view["roundEnd"]["rows"]
    assert [r["end"] for r in rows] == last["settlement"] and [r["score"] for r in rows] == last["scores"]
    assert [r["charges"] for r in rows] == [s - e for s, e in zip(last["scores"], last["settlement"], strict=True)]
    assert all(seat["rack"] is not None for seat in view["seats"])
    assert view["record"]["rounds"] == view["save"]["rounds"] and "seed" not in view["record"]


@pytest.mark.parametrize("mode", ["solo", "pairs"])
def test_in_pairs_a_round_end_shows_the_partnerships_sums_that_decide_the_winner(mode):
    rng = random.Random(5)
    view = call("okey.new", bots="random", seed=5, rounds=3, mode=mode)
    while view["phase"] != "roundOver":
        view = play(view, rng)
    totals = view["save"]["rounds"][-1]["totals"]
    if mode == "solo":
        assert "sides" not in view
        return
    words = Words("en", "pairs")
    assert view["sides"] == [
        {"seats": [0, 2], "name": words.seat_list([0, 2]), "total": totals[0] + totals[2]},
        {"seats": [1, 3], "name": words.seat_list([1, 3]), "total": totals[1] + totals[3]},
    ]
    assert view["sides"][0]["name"] == "You and North"


def test_refused_moves_carry_the_engines_code_and_the_reason_in_the_pages_language():
    # Seat 0 starts round 1 with 15 tiles; a lay-off before opening is refused.
    view = call("okey.new", seed=11, lang="it")
    game = view["game"]
    error = refused("okey.act", game=game, action="layoff R1 on 0", lang="it")
    assert error["code"] == "okey-layoff-not-open" and error["type"] == "IllegalMoveError"
    assert error["message"] == "Non puoi ancora attaccare: attacca solo chi ha aperto con combinazioni."
    error = refused("okey.act", game=game, action="draw", lang="fi")
    assert error["code"] == "okey-already-drawn" and error["message"] == Words("fi").refusal("okey-already-drawn", {})


def _opening_below_threshold(rack: list[str]):
    """Three tiles of the rack that make a run or a set (worth less than 51), or None."""
    from itertools import combinations

    from engine.okey.melds import check_meld, real, sort_pieces
    from engine.okey.tiles import Okey, Tile

    okey = Okey(Tile.parse("R13"))  # only to read the tiles; the check is the engine's
    for three in combinations(sorted(set(rack)), 3):
        pieces = sort_pieces(real(Tile.parse(t), okey) for t in three)
        result = check_meld(tuple(pieces), okey)
        if result.valid and result.kind != "pair":
            return list(three)
    return None


def test_an_opening_below_the_threshold_is_checked_before_it_is_sent_and_refused_if_sent():
    for seed in range(1, 60):
        view = call("okey.new", seed=seed, lang="en")
        three = _opening_below_threshold(view["rack"])
        state = sessions.in_play("okey", view["game"]).game.round
        if three and state.okey.tile.notation() not in three:
            break
    checked = call("okey.lay_check", game=view["game"], tiles=three, kind="melds")
    assert not checked["ok"] and checked["total"] < 51
    assert checked["text"] == f"{checked['total']} of 51: {51 - checked['total']} more to open."
    error = refused("okey.act", game=view["game"], action="meld " + ", ".join(checked["groups"]), lang="id")
    assert error["code"] == "okey-opening-low"
    assert error["params"] == {"total": checked["total"], "threshold": 51, "words": error["message"]}
    assert error["message"] == f"Kombinasimu bernilai {checked['total']} dari 51: untuk buka perlu 51 atau lebih."


def test_taking_a_discard_that_cannot_be_used_is_refused_with_the_reason():
    rng = random.Random(5)
    for seed in range(1, 40):
        view = call("okey.new", seed=seed, bots="greedy")
        while view["phase"] not in ("roundOver", "gameOver") and not (view["phase"] == "you" and view["takeRefused"]):
            view = play(view, rng, prefer=("discard",))
        if view["phase"] == "you":
            break
    refusal = view["takeRefused"]
    assert refusal["label"] == f"Take {Words('en').tile(refusal['tile'])}"
    error = refused("okey.act", game=view["game"], action="take", lang="id")
    assert error["code"] == "okey-take-unusable"
    assert error["message"] == Words("id").take_refused(refusal["tile"])
    assert all(move["kind"] != "take" for move in view["actions"])


def test_the_timer_hands_the_players_turn_to_a_bot_and_says_so():
    view = call("okey.new", seed=21, bots="strong", lang="fi")
    after = call("okey.timeout", game=view["game"], lang="fi")
    assert after["news"][0] == "Aika loppui: botti pelasi vuorosi."
    assert after["phase"] == "bot" and after["seats"][0]["rackSize"] == 14
    state = sessions.in_play("okey", view["game"]).game.round
    assert state.events[-1].seat == 0 and type(state.events[-1]) is Discarded
    assert refused("okey.timeout", game=view["game"])["code"] == "not-your-turn"


def test_only_the_timer_hands_the_players_turn_to_a_bot_and_a_refused_move_carries_its_words():
    view = call("okey.new", seed=21, bots="strong", lang="it")
    # Absence is not a timeout: the op has no "away" any more, so a page cannot ask for it.
    assert refused("okey.timeout", game=view["game"], away=True)["code"] == "arguments"
    error = refused("okey.act", game=view["game"], action="layoff R1 on 0", lang="it")
    assert error["params"]["words"] == error["message"] == Words("it").refusal(error["code"], {})


def test_a_game_resumed_from_its_save_goes_on_exactly_as_it_would_have():
    rng = random.Random(8)
    view = call("okey.new", seed=99, bots="strong", mode="pairs", rounds=3, assisted=True)
    for _ in range(30):
        view = play(view, rng)
    again = call("okey.resume", save=view["save"], bots="strong", assisted=True)
    same = {k: v for k, v in view.items() if k not in ("game", "news", "botMs")}
    assert {k: v for k, v in again.items() if k not in ("game", "news", "botMs")} == same
    for _ in range(10):
        if view["phase"] != "bot":
            break
        view, again = call("okey.bot", game=view["game"]), call("okey.bot", game=again["game"])
        assert view["save"] == again["save"]
    assert refused("okey.view", game="okey-0")["type"] == "UnknownGameError"


def test_the_rack_is_arranged_by_runs_sets_best_melds_and_pairs_and_only_assisted_tables_solve_it():
    view = call("okey.new", seed=4, assisted=True)
    rack = Counter(view["rack"])
    for how in ("runs", "sets", "best", "pairs"):
        arranged = call("okey.arrange", game=view["game"], how=how)
        assert Counter(arranged["order"]) == rack, how
    best = call("okey.arrange", game=view["game"], how="best")
    assert best["order"][: sum(len(g) for g in best["groups"])] == [t for g in best["groups"] for t in g]
    plain = call("okey.new", seed=4, assisted=False)
    assert refused("okey.arrange", game=plain["game"], how="best")["code"] == "okey-not-assisted"
    assert plain["hint"] is None and plain["penalty"] == [] and view["hint"]


def test_replay_steps_forward_and_back_show_what_a_fresh_replay_of_the_cut_record_shows():
    # A whole game's record, played by the engine's own bots (the table's ops need not make it).
    from engine.okey.bots import make_bot
    from engine.okey.game import Game
    from engine.okey.rules import Options

    game = Game(Options(rounds=3), seed=6)
    bots = [make_bot("greedy", random.Random(seat)) for seat in range(4)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    record = game_record(game)
    start = call("okey.replay_open", text=json.dumps(record))
    key, steps = start["replay"], start["steps"]
    loaded = sessions.store("okey", "replay")[key]
    order = [*range(0, steps, 7), *reversed(range(0, steps, 5)), *random.Random(1).sample(range(steps), 25)]
    for step in order:
        stepped = call("okey.replay_view", replay=key, step=step, lang="it")
        index, done = loaded.positions[step]
        fresh = replay(record)
        state = fresh.rounds[index]
        assert stepped["round"] == index + 1
        assert len(stepped["log"]) >= done + 1
        if done == len(state.events):
            assert stepped["table"] == [
                {"index": i, "owner": t.owner, "ownerName": stepped["table"][i]["ownerName"], "kind": t.meld.kind}
                | {"meld": t.meld.notation(), "meldText": Words("it").meld(t.meld.notation()), "value": t.meld.value}
                for i, t in enumerate(state.table)
            ]
            assert [s["rack"] for s in stepped["seats"]] == [[x.notation() for x in state.rack(s)] for s in range(4)]
    assert game_record(loaded.game) == record
    assert refused("okey.replay_view", replay=key, step=steps)["code"] == "replay-step"


def test_an_opening_with_pairs_is_checked_and_laid_through_the_selection():
    # A deal in which the player (the starter, 15 tiles) holds six pairs: the game is handed to the table as
    # the worker holds its games.
    from engine.okey.game import Deal, Game
    from engine.okey.rules import Options
    from engine.okey.tiles import parse_tiles

    rack = parse_tiles("R1 R1 R2 R2 B3 B3 B4 B4 K5 K5 Y6 Y6 Y8 K10 B12")
    rest = Counter(FULL_SET) - Counter(rack)
    indicator = parse_tiles("Y13")[0]
    rest[indicator] -= 1
    others = list((+rest).elements())
    random.Random(1).shuffle(others)
    deal = Deal(
        0, (tuple(rack), tuple(others[:14]), tuple(others[14:28]), tuple(others[28:42])), indicator, tuple(others[42:])
    )
    game = Game(Options(), auto_deal=False)
    game.begin_round(deal)
    key = adopt("okey", game, "greedy", assisted=True)
    view = call("okey.view", game=key, lang="fi")
    assert view["hint"] == "Voit avata nyt 6 parilla."
    tiles = ["R1", "R1", "R2", "R2", "B3", "B3", "B4", "B4"]
    few = call("okey.lay_check", game=key, tiles=tiles, kind="pairs", lang="fi")
    assert not few["ok"] and few["text"] == "Pareja 4: pareilla avaamiseen tarvitaan viisi."
    one = call("okey.lay_check", game=key, tiles=["R1", "R1"], kind="pairs", lang="it")
    assert one["text"] == "1 coppia: per aprire a coppie ne servono cinque."
    odd = call("okey.lay_check", game=key, tiles=["R1", "R1", "Y8", "K10"], kind="pairs", lang="fi")
    assert odd["text"] == "Nämä laatat eivät muodosta paria muiden valittujen laattojen kanssa: musta 10, keltainen 8."
    checked = call("okey.lay_check", game=key, tiles=[*tiles, "K5", "K5", "Y6", "Y6"], kind="pairs", lang="fi")
    assert checked["ok"] and checked["action"]["kind"] == "pairs"
    after = call("okey.act", game=key, action=checked["action"]["action"], lang="fi")
    assert after["seats"][0]["openedText"] == "avannut pareilla"
    assert after["news"][0] == (
        "Avaat pareilla: punainen 1, punainen 1; punainen 2, punainen 2; sininen 3, sininen 3; sininen 4, sininen 4; "
        "musta 5, musta 5; keltainen 6, keltainen 6."
    )
    error = refused("okey.act", game=key, action="layoff K11 on 0", lang="fi")
    assert error["code"] == "okey-layoff-not-open"


def test_the_check_before_sending_pairs_accepts_two_okeys_split_over_a_real_pair():
    # The game accepts B10 *B10 twice; the selection's check must too (reviews/solvers.md, the pairs gap).
    from engine.okey.game import Deal, Game
    from engine.okey.rules import Options
    from engine.okey.tiles import parse_tiles

    rack = parse_tiles("B9 B9 B10 B10 K2 K2 Y4 Y4 R6 R6 Y8 K11 B12 R13 K13")
    indicator = parse_tiles("R5")[0]  # okey R6
    rest = Counter(FULL_SET) - Counter(rack)
    rest[indicator] -= 1
    others = list((+rest).elements())
    random.Random(2).shuffle(others)
    deal = Deal(
        0, (tuple(rack), tuple(others[:14]), tuple(others[14:28]), tuple(others[28:42])), indicator, tuple(others[42:])
    )
    game = Game(Options(), auto_deal=False)
    game.begin_round(deal)
    key = adopt("okey", game, "greedy", assisted=False)
    selection = ["B9", "B9", "B10", "B10", "K2", "K2", "Y4", "Y4", "R6", "R6"]
    checked = call("okey.lay_check", game=key, tiles=selection, kind="pairs")
    assert checked["ok"], checked
    after = call("okey.act", game=key, action=checked["action"]["action"])
    assert after["seats"][0]["opened"] == "pairs" and len(after["table"]) == 5


def test_the_players_seat_has_sentences_of_its_own_and_lists_are_worded_as_lists():
    words = Words("it")
    assert words.round_start(1, 0, "R5", "R6") == "Mano 1: indicatore 5 rosso, quindi okey 6 rosso. Inizi tu."
    assert words.round_start(2, 1, "R5", "R6").endswith("Inizia Est.")
    assert Words("en").round_start(1, 0, "R5", "R6").endswith("You start.")
    assert Words("fi").winners([0, 1, 3], -300) == "Tasapisteet (-300): voittajat Sinä, Itä ja Länsi."
    assert Words("en").winners([1, 3], 20) == "A shared win with 20: East and West."
    assert Words("fi").opened_state("pairs", None) == "avannut pareilla"
    assert Words("id").opened_state("melds", 60) == "sudah buka dengan kombinasi: 60"
    assert Words("fi").charged(0, 70, "layoff") == "Saat 70 sakkopistettä (yhdistelmään liitettiin laatta)."
    assert Words("fi").few_pairs(1) == "Pareja 1: pareilla avaamiseen tarvitaan viisi."
    assert Words("en").few_pairs(1) == "1 pair: an opening with pairs needs five."


@pytest.mark.parametrize(
    ("lang", "tile", "name"),
    [("en", "R7", "red 7"), ("id", "K5", "hitam 5"), ("it", "R7", "7 rosso"), ("fi", "K5", "musta 5")],
)
def test_tiles_are_named_in_words_on_the_table(lang, tile, name):
    words = Words(lang)
    assert words.tile(tile) == name
    assert name in words.discard_label(tile) and tile not in words.discard_label(tile)
    assert Words("fi").tile("FJ") == "väärä okey"
    assert Words("id").tile("*B8") == "okey sebagai biru 8"
    view = call("okey.new", seed=3, bots="greedy", lang=lang)
    assert view["tileNames"][view["indicator"]] == words.tile(view["indicator"])
    assert set(view["rack"]) <= set(view["tileNames"])
    assert view["marks"] == {"okey": "★", "falseJoker": "♣"}
    codes = re.compile(r"(?<![\w*])[RBKY](?:1[0-3]|[1-9])(?!\d)|\bFJ\b")
    texts = [move["label"] for move in view["actions"]] + view["log"] + [view["turn"]]
    assert not [text for text in texts if codes.search(text)], texts
