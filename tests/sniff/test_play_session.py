"""The board's game, replay and sandbox ops (engine.sniff.board), called as the worker calls them: JSON in, JSON out."""

from __future__ import annotations

import json

import pytest

from engine.core.i18n import LANGUAGES
from engine.sniff import parse_layout
from engine.sniff.board.text import Words, ui_text
from engine.sniff.game import DRAW, PASS, Play
from engine.sniff.layout import Placement
from engine.sniff.record import replay
from engine.sniff.tiles import Side, Tile
from tests.support.ops import call, next_view, reply


def play_out(view: dict, lang: str = "en", choose=lambda actions: actions[0]) -> tuple[dict, list[dict]]:
    """Play a game to its end through the ops, the player taking ``choose``'s move; every view on the way."""
    views = [view]
    while view["phase"] != "gameOver":
        view = next_view(view, choose, lang=lang)
        views.append(view)
    return view, views


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (3, "fi"), (4, "it")])
def test_a_whole_game_against_the_bots_keeps_its_score_sheet_and_record(players, lang):
    view = call("sniff.new", players=players, bots="greedy", lang=lang, seed=11)
    final, views = play_out(view, lang)
    record = final["record"]
    game = replay(record)
    assert game.winner == final["gameEnd"]["winner"] is not None
    assert [side["score"] for side in final["sides"]] == list(game.scores)
    sides = game.sides
    for number, hand in enumerate(record["hands"], start=1):
        for side in range(sides):
            row = final["sheet"][side]["hands"][number - 1]
            scored = [e["points"] for e in hand["events"] if "play" in e and e["points"] and e["seat"] % sides == side]
            assert [entry["points"] for entry in row["entries"]] == scored
            deducted = [d for seat, d in enumerate(hand["deductions"]) if seat % sides == side]
            assert [d["deduction"] for d in row["deductions"]] == ([] if hand["end"] == "target" else deducted)
            assert row["total"] == (hand["scores"][side] if hand["scores"] else game.scores[side])
    # The player never saw another seat's tiles while a hand was in play.
    for seen in views:
        if seen["phase"] in ("you", "bot"):
            assert all(seat["tiles"] is None for seat in seen["seats"][1:])
            assert seen["seats"][0]["tiles"] is not None


def test_the_turn_says_what_the_player_must_do():
    seen = set()
    for seed in (1, 2):  # each game alone meets every kind of turn but the pass (about 90 of the player's turns)
        _, views = play_out(call("sniff.new", players=2, bots="greedy", seed=seed))
        for view in views:
            if view["phase"] != "you":
                continue
            last = view["save"]["hands"][-1]["events"][-1:] or [{}]
            kinds = {move["kind"] for move in view["actions"]}
            if last[0].get("seat") == 0 and "draw" in last[0] and kinds == {"place"}:
                expected, key = f"Your turn: the tile you drew, [{last[0]['draw']}], fits, so place it.", "drawn"
            elif kinds == {"draw"}:
                expected, key = "Your turn: none of your tiles fits, so draw a tile.", "draw"
            elif kinds == {"open"}:
                expected, key = "Your turn: open the hand with any tile.", "open"
            elif kinds == {"pass"}:
                expected, key = "Your turn: nothing fits and the boneyard is empty, so pass.", "pass"
            else:
                expected, key = "Your turn: place a tile.", "place"
            assert view["turn"] == expected
            seen.add(key)
    assert seen >= {"drawn", "draw", "open", "place"}


def test_the_player_sees_only_their_own_moves_named_as_buttons():
    view = call("sniff.new", players=2, bots="random", seed=3)
    while view["phase"] != "you":
        view = call("sniff.bot", game=view["game"])
    hand = view["seats"][0]["tiles"]
    assert all(move["tile"] in hand for move in view["actions"] if "tile" in move)
    for move in view["actions"]:
        if move["kind"] == "open":
            assert move["label"] == f"Open with [{move['tile']}]"
        elif move["kind"] == "place":
            assert move["label"].startswith(f"Place [{move['tile']}] on [{move['target']}] ")
        else:
            assert move["label"] in ("Draw a tile", "Pass")


def test_move_names_in_every_language():
    place = Play(Placement(Tile(3, 4), Tile(4, 4), Side.LINE_B))
    opening = Play(Placement(Tile(3, 4)))
    assert [Words("en", 2).action(a) for a in (opening, place, DRAW, PASS)] == [
        "Open with [3|4]",
        "Place [3|4] on [4|4] line B",
        "Draw a tile",
        "Pass",
    ]
    # The Play pages name the same buttons (docs/play.*.md, "Playing with the keyboard").
    assert Words("it", 2).action(place) == "Posa [3|4] su [4|4], lato rettilineo B"
    assert Words("id", 2).action(place) == "Letakkan [3|4] pada [4|4] sisi lurus B"
    assert Words("fi", 2).action(place) == "Aseta [3|4] laatan [4|4] linjaan B"
    assert Words("fi", 2).action(opening) == "Avaa laatalla [3|4]"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_page_is_translated(lang):
    words, english = ui_text(lang), ui_text("en")
    assert words.keys() == english.keys()
    if lang != "en":
        # A few words are the same in some languages ("Bot", "Normal", "Total"); nearly all differ.
        same = [key for key in words if words[key] == english[key]]
        assert len(same) <= 3, same


def test_a_deduction_is_shown_with_its_rounding():
    words = Words("en", 2)
    assert words.deduction(0, 0) == "No tiles left: nothing to deduct."
    assert words.deduction(12, 10) == "12 pips, rounded down to 10: minus 10."
    assert words.deduction(13, 15) == "13 pips, rounded up to 15: minus 15."
    assert words.deduction(15, 15) == "15 pips, a multiple of 5: minus 15."
    assert Words("fi", 2).deduction(13, 15) == "Silmäluku 13 pyöristyy ylös lukuun 15: vähennys 15."


def test_a_hand_that_ends_waits_for_next_hand_and_reveals_every_hand():
    view = call("sniff.new", players=3, bots="greedy", seed=5)
    while view["phase"] not in ("handOver", "gameOver"):
        if view["phase"] == "you":
            view = call("sniff.act", game=view["game"], action=view["actions"][0]["action"])
        else:
            view = call("sniff.bot", game=view["game"])
    assert view["phase"] == "handOver"
    assert all(seat["tiles"] is not None for seat in view["seats"])
    end = view["handEnd"]
    assert [d["deduction"] for d in end["deductions"]] == view["record"]["hands"][0]["deductions"]
    assert reply("sniff.bot", game=view["game"])["error"]["type"] == "PlayError"
    nxt = call("sniff.next", game=view["game"])
    assert nxt["handNumber"] == 2 and nxt["layout"] == []


def test_invalid_moves_are_refused_and_change_nothing():
    view = call("sniff.new", players=2, bots="greedy", seed=8)
    while view["phase"] != "you":
        view = call("sniff.bot", game=view["game"])
    before = view["save"]
    assert reply("sniff.act", game=view["game"], action="0|0 on 6|6 high")["ok"] is False
    if view["actions"][0]["kind"] in ("open", "place"):
        assert reply("sniff.act", game=view["game"], action="draw")["error"]["type"] == "IllegalActionError"
    assert reply("sniff.act", game=view["game"], action=42)["error"]["type"] == "PlayError"
    assert call("sniff.view", game=view["game"])["save"] == before
    assert reply("sniff.view", game="game-0")["error"]["type"] == "UnknownGameError"


def test_a_saved_game_resumes_at_the_same_position():
    view = call("sniff.new", players=4, bots="greedy", seed=21)
    for _ in range(9):
        if view["phase"] == "you":
            view = call("sniff.act", game=view["game"], action=view["actions"][-1]["action"])
        else:
            view = call("sniff.bot", game=view["game"])
    resumed = call("sniff.resume", save=view["save"], bots="greedy")
    assert resumed["game"] != view["game"]
    for key in ("layout", "seats", "actions", "log", "sheet", "record", "save", "phase", "turn", "boneyard"):
        assert resumed[key] == view[key], key


def test_a_broken_record_says_where_it_breaks():
    view = call("sniff.new", players=2, bots="greedy", seed=2)
    final, _ = play_out(view)
    record = final["record"]
    record["hands"][0]["events"][2]["points"] += 5
    error = reply("sniff.replay_open", text=json.dumps(record))["error"]
    assert error["type"] == "RecordError"
    assert "hand 1, event 3" in error["message"]
    assert reply("sniff.replay_open", text="{not json")["error"]["type"] == "RecordError"
    assert reply("sniff.resume", save={"players": 2})["error"]["type"] == "RecordError"


def test_a_replay_goes_move_by_move_and_can_be_played_on():
    view = call("sniff.new", players=2, bots="greedy", seed=4)
    final, _ = play_out(view)
    record = final["record"]
    start = call("sniff.replay_open", text=json.dumps(record) + "\n")
    moves = sum(len(hand["events"]) + 1 for hand in record["hands"])
    assert (start["step"], start["steps"]) == (moves - 1, moves)
    assert start["sides"] == final["sides"] and start["canPlayOn"] is False
    first = call("sniff.replay_view", replay=start["replay"], step=0)
    assert first["layout"] == [] and first["handNumber"] == 1
    assert all(seat["tiles"] is not None for seat in first["seats"]), "a replay shows every hand"
    third = call("sniff.replay_view", replay=start["replay"], step=3)
    assert len(third["log"]) == 4 and third["canPlayOn"] is True
    assert reply("sniff.replay_view", replay=start["replay"], step=moves)["error"]["type"] == "PlayError"
    live = call("sniff.replay_play_on", replay=start["replay"], step=3, bots="greedy")
    assert live["save"]["hands"][0]["events"] == record["hands"][0]["events"][:3]
    assert live["phase"] in ("you", "bot")


def test_the_sandbox_offers_every_remaining_tile_on_every_legal_join():
    view = call("sniff.sandbox_view", layout="4|4;4|6 on 4|4 line-a", lang="en")
    assert view["layout"] == ["4|4", "4|6 on 4|4 line-a"]
    assert view["hint"]["caption"].startswith("Counted values: ")
    assert len(view["tiles"]) == 26
    layout = parse_layout("4|4\n4|6 on 4|4 line-a")
    for entry in view["tiles"]:
        for move in entry["moves"]:
            trial = layout.copy()
            trial.place(parse_layout(";".join(["4|4", "4|6 on 4|4 line-a", move["action"]])).last)
        expected = [j for j in layout.legal_joins() if j.value in map(int, entry["tile"].split("|"))]
        assert len(entry["moves"]) == len(expected)
    empty = call("sniff.sandbox_view", layout="")
    assert empty["hint"] is None and all(entry["moves"][0]["kind"] == "open" for entry in empty["tiles"])
    error = reply("sniff.sandbox_view", layout="1|4;2|2 on 1|4 high")["error"]
    assert error["type"] == "NotationError" and error["reason"]


def test_the_end_of_game_chart_has_a_line_per_side():
    # The chart's data, worded in the page's language; the page draws it (docs/assets/board/chart.mjs, its lines'
    # looks tested in tests/node/board_chart.test.mjs).
    view = call("sniff.new", players=3, bots="greedy", seed=9)
    final, _ = play_out(view, "id")
    chart = final["gameEnd"]["chart"]
    game = replay(final["record"])
    hands = len(final["record"]["hands"])
    assert len(chart["lines"]) == 3
    assert [line["name"] for line in chart["lines"]] == [side["name"] for side in final["sides"]]
    for side, line in enumerate(chart["lines"]):
        assert line["values"] == [hand.scores[side] for hand in game.hands]
    assert len(chart["columns"]) == hands
    assert chart["title"] == "Skor ronde demi ronde"
    assert chart["columns"][-1] == f"Ronde {hands}"
    assert chart["target"]["value"] == game.target == final["target"]
    assert str(game.target) in chart["target"]["text"]


def test_four_players_alone_get_four_lines():
    # Classic Sniff lets four players play alone: four sides, four lines (this chart once had three looks only: the
    # page gives each line its own, tests/node/board_chart.test.mjs).
    view = call("sniff.new", players=4, bots="greedy", seed=5, rules="classic", partnerships=False)
    final, _ = play_out(view, "fi")
    chart = final["gameEnd"]["chart"]
    assert len(chart["lines"]) == 4
    assert len({line["name"] for line in chart["lines"]}) == 4


def test_the_bots_on_offer_are_the_engines():
    from engine.core.games import GAMES
    from engine.sniff.bots import BOTS

    assert tuple(BOTS) == GAMES["sniff"].bot_levels


def test_bad_settings_are_refused():
    # A bad option, whichever, is the one option error of the registry (engine.core.games), saying which.
    for args, option, problem in (
        ({"players": 5}, "players", "value"),
        ({"players": 2, "budget_ms": 0}, "budget_ms", "unknown"),
        ({"players": 3, "rules": "classic", "partnerships": True}, "partnerships", "together"),
        ({"rules": "modern"}, "rules", "value"),
        ({"partnerships": "yes"}, "partnerships", "value"),
    ):
        error = reply("sniff.new", **args)["error"]
        assert (error["type"], error["code"]) == ("OptionError", "option"), args
        assert (error["params"]["option"], error["params"]["problem"]) == (option, problem)
    assert reply("sniff.new", players=2, bots="genius")["error"]["type"] == "PlayError"
    assert reply("sniff.new", players=2, lang="xx")["error"]["type"] == "CatalogError"
    assert reply("sniff.new", players=2, seed="7")["error"]["code"] == "arguments"
