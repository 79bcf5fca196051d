"""engine.core: what every game shares."""

from __future__ import annotations

import random

import pytest

from engine.core import fastrandom
from engine.core.errors import EngineError
from engine.core.record import RecordEnvelopeError, check_json_depth, game_of
from engine.core.sessions import (
    PlayError,
    Replay,
    SessionStore,
    UnknownGameError,
    check_bots,
    check_language,
    check_phase,
    finished_record,
    parse_record,
)


def test_a_session_store_keeps_the_newest_and_names_what_it_lost():
    store = SessionStore("game", 'no game "{key}"', keep=2)
    first, second, third = store.add(1), store.add(2), store.add(3)
    assert (store[second], store[third]) == (2, 3) and first not in store and len(store) == 2
    with pytest.raises(UnknownGameError, match=f'no game "{first}"'):
        store[first]
    with pytest.raises(UnknownGameError):
        store[["not", "an", "id"]]


def test_a_boards_call_is_checked_for_its_bots_and_the_games_phase():
    assert check_bots("greedy", ("random", "greedy")) == "greedy"
    with pytest.raises(PlayError, match='the bots are one of random, greedy, not "genius"') as caught:
        check_bots("genius", ("random", "greedy"))
    assert (caught.value.code, caught.value.params) == ("bots", {"bots": "genius"})
    check_phase("bot", "bot", "it is not a bot's turn", "not-bot-turn")
    with pytest.raises(PlayError, match=r"it is not a bot's turn \(you\)") as caught:
        check_phase("you", "bot", "it is not a bot's turn", "not-bot-turn")
    assert (caught.value.code, caught.value.params) == ("not-bot-turn", {"phase": "you"})


def test_a_download_holds_the_finished_parts_and_the_seed_once_the_game_is_over():
    parts = [{"end": "out"}, {"end": None}]
    playing = {"seed": 7, "hands": parts, "winner": None}
    assert finished_record(playing, "hands") == {"hands": [{"end": "out"}], "winner": None}
    assert finished_record(playing | {"winner": 0}, "hands") == playing | {"winner": 0}


class _Part:
    def __init__(self, events: int) -> None:
        self.events = [None] * events


def test_a_record_s_text_is_one_object_or_the_first_line_and_a_replay_has_a_step_per_position():
    error = type("GameRecordError", (EngineError,), {})
    assert parse_record('{"a": 1}', error) == {"a": 1}
    assert parse_record('\n{"a": 1}\n{"a": 2}\n', error) == {"a": 1}
    with pytest.raises(error, match="the file is empty"):
        parse_record(" \n", error)
    with pytest.raises(error, match="not JSON"):
        parse_record("{", error)
    with pytest.raises(PlayError, match="text of a JSON file"):
        parse_record(["{}"], error)
    replay = Replay.of({}, None, [_Part(1), _Part(0)])
    assert replay.positions == [(0, 0), (0, 1), (1, 0)] and replay.position(2) == (1, 0)
    for step in (3, -1, True, "1"):
        with pytest.raises(PlayError, match="the replay has steps 0 to 2") as caught:
            replay.position(step)
        assert (caught.value.code, caught.value.params) == ("replay-step", {"last": 2})


def test_a_record_names_its_game_and_the_caller_names_the_game_of_untagged_records():
    # Issue 19: no game's name in a shared layer; which game untagged records are is the caller's (its spec's).
    assert (
        game_of({"game": "okey"}, untagged="sniff") == "okey" and game_of({"players": 2}, untagged="sniff") == "sniff"
    )
    for bad in ([], {"game": 3}, {"game": ""}, {"players": 2}):
        with pytest.raises(RecordEnvelopeError):
            game_of(bad)


def test_deep_or_huge_json_is_refused_before_it_is_parsed_and_strings_do_not_count():
    check_json_depth("[" * 32 + "]" * 32)
    check_json_depth('["' + "[" * 100 + '"]')  # brackets inside a string are text
    with pytest.raises(RecordEnvelopeError, match="nests deeper"):
        check_json_depth("[" * 33)
    with pytest.raises(RecordEnvelopeError, match="too large"):
        check_json_depth("[]" + " " * 10, max_bytes=5)


def test_every_engine_error_has_a_code_and_params_and_is_a_value_error():
    error = EngineError("no", code="x", params={"a": 1})
    assert isinstance(error, ValueError) and (error.code, error.params, str(error)) == ("x", {"a": 1}, "no")
    assert check_language("fi") == "fi"
    with pytest.raises(EngineError, match="not a language of this site"):
        check_language("de")


@pytest.mark.parametrize("seed", range(40))
def test_the_fast_shuffle_and_rolls_give_random_random_s_numbers_and_leave_it_in_the_same_state(seed):
    for size in (0, 1, 2, 3, 7, 14, 28, 106):
        items = list(range(size))
        ours, theirs = random.Random(seed), random.Random(seed)
        mine = list(items)
        fastrandom.shuffle(ours, mine)
        theirs.shuffle(items)
        assert mine == items
        assert ours.getstate() == theirs.getstate()
    for sides in (1, 2, 5, 6, 7, 100):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [fastrandom.roll(ours, sides) for _ in range(50)] == [theirs.randint(1, sides) for _ in range(50)]
        assert [fastrandom.below(ours, sides) for _ in range(50)] == [theirs.randrange(sides) for _ in range(50)]
        assert ours.getstate() == theirs.getstate()


def test_a_shuffled_list_is_a_permutation_and_not_the_same_order_every_time():
    rng = random.Random(3)
    orders = set()
    for _ in range(20):
        items = list(range(10))
        fastrandom.shuffle(rng, items)
        assert sorted(items) == list(range(10))
        orders.add(tuple(items))
    assert len(orders) == 20


def test_a_generator_of_its_own_is_asked_through_its_own_methods():
    class Loaded(random.Random):
        def randint(self, a, b):
            return b

        def shuffle(self, items):
            items.reverse()

        def randrange(self, n):
            return n - 1

    items = [1, 2, 3]
    fastrandom.shuffle(Loaded(1), items)
    assert items == [3, 2, 1]
    assert fastrandom.roll(Loaded(1)) == 6
    assert fastrandom.below(Loaded(1), 9) == 8
