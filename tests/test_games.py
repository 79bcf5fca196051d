"""Every registered game, played through the engine's one game interface alone (``engine.core.games``).

Nothing here knows a game's own classes: games are made, played, recorded,
replayed and refused through ``GAMES[name]`` and the ``GameState`` protocol, the
way the command line, the board's dispatcher and the online tables use them.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from engine.core.errors import EngineError
from engine.core.games import GAMES, GameSpec, OptionError, game_spec
from engine.core.protocols import Bot, GameState
from engine.sniff.record import lots_record

NAMES = list(GAMES)
#: Options worth playing for each game: every value of every option at least once.
OPTION_SETS = {
    "sniff": [
        {},
        {"players": 3},
        {"players": 4},
        {"rules": "classic"},
        {"rules": "classic", "players": 4, "partnerships": True},
    ],
    "okey": [{}, {"mode": "pairs"}, {"doubling": False, "rounds": 3}],
}
CASES = [(name, options) for name in NAMES for options in OPTION_SETS[name]]


def test_the_registry_holds_both_games_and_nothing_else() -> None:
    assert NAMES == ["sniff", "okey"]
    assert all(isinstance(GAMES[name], GameSpec) and GAMES[name].name == name for name in NAMES)
    assert set(OPTION_SETS) == set(NAMES)
    with pytest.raises(EngineError) as caught:
        game_spec("chess")
    assert caught.value.code == "no-such-game" and "sniff, okey" in str(caught.value)


@pytest.mark.parametrize("name", NAMES)
def test_each_option_value_is_played_by_some_case(name: str) -> None:
    spec = GAMES[name]
    for option in spec.options:
        played = {spec.check_options(options)[option.name] for options in OPTION_SETS[name]}
        assert played == set(option.values), option.name


@pytest.mark.parametrize("name", NAMES)
def test_options_a_game_does_not_have_are_refused(name: str) -> None:
    spec = GAMES[name]
    other = next(GAMES[n] for n in NAMES if n != name)
    for option in other.options:
        with pytest.raises(OptionError) as caught:
            spec.check_options({option.name: option.default})
        assert caught.value.code == "option" and caught.value.params["problem"] == "unknown"
        assert option.name in str(caught.value)
    for option in spec.options:
        for bad in ("x" * 500, 99, None, 1.5):
            if bad in option.values:
                continue
            with pytest.raises(OptionError) as caught:
                spec.check_options({option.name: bad})
            assert (caught.value.code, caught.value.params["problem"]) == ("option", "value")
            assert len(str(caught.value)) < 300  # the bad value is quoted short
    # True is not 1, and 1 is not True.
    booleans = [o for o in spec.options if o.values == (False, True) or o.values == (True, False)]
    numbers = [o for o in spec.options if all(type(v) is int for v in o.values)]
    for option in booleans:
        with pytest.raises(OptionError):
            spec.check_options({option.name: 1})
    for option in numbers:
        with pytest.raises(OptionError):
            spec.check_options({option.name: True})


@pytest.mark.parametrize("name", NAMES)
def test_the_schema_offers_every_option_table_option_and_bot_as_the_checks_take_them(name: str) -> None:
    """``schema()`` is what the forms offering a game are drawn from: each of its values and defaults is one the
    checks take, and any other value of the type it names is refused with the one option code."""
    spec = GAMES[name]
    schema = json.loads(json.dumps(spec.schema()))
    assert (schema["game"], schema["part"], schema["parts"]) == (name, spec.part, spec.parts)
    assert schema["bots"] == list(spec.bot_levels) and schema["defaultBot"] in schema["bots"]
    for key, check in (("options", spec.check_options), ("tableOptions", spec.check_table_options)):
        for option in schema[key]:
            assert option["default"] in option["values"] and option["help"]
            for value in option["values"]:
                if (name, option["name"], value) == ("sniff", "partnerships", True):
                    value_options = {"rules": "classic", "players": 4, "partnerships": True}
                else:
                    value_options = {option["name"]: value}
                assert check(value_options)[option["name"]] == value
            other = {"boolean": 1, "integer": 99, "string": "other"}[option["type"]]
            with pytest.raises(OptionError) as caught:
                check({option["name"]: other})
            assert caught.value.code == "option"
        with pytest.raises(OptionError) as caught:
            check({"colour": "red"})
        assert (caught.value.code, caught.value.params["problem"]) == ("option", "unknown")
    assert [o["name"] for o in schema["tableOptions"]] == (["assisted"] if name == "okey" else [])


def test_sniff_partnerships_go_with_classic_and_four_players_only() -> None:
    spec = GAMES["sniff"]
    assert spec.check_options({"rules": "classic", "players": 4, "partnerships": True})["partnerships"] is True
    for options in ({"partnerships": True, "players": 4}, {"rules": "classic", "players": 3, "partnerships": True}):
        with pytest.raises(OptionError) as caught:
            spec.check_options(options)
        assert (caught.value.code, caught.value.params["problem"]) == ("option", "together")


@pytest.mark.parametrize("name", NAMES)
def test_unknown_bots_are_refused_with_an_engine_error(name: str) -> None:
    with pytest.raises(EngineError) as caught:
        GAMES[name].make_bot("genius", 0, random.Random(1))
    assert caught.value.code == "unknown-bot"


def _play_random_through_notation(spec: GameSpec, game, rng: random.Random, limit: int | None = None) -> int:
    moves = 0
    while game.current_player is not None and (limit is None or moves < limit):
        assert not game.is_terminal()
        action = rng.choice(list(game.legal_actions()))
        text = game.notation(action)
        assert isinstance(text, str) and text
        game.apply_action(text)
        moves += 1
    return moves


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_games_through_notation_text_replay_from_json(name: str, options: dict) -> None:
    spec = GAMES[name]
    for seed in range(2):
        game = spec.new_game(seed=seed, **options)
        assert isinstance(game, GameState)
        assert game.players == spec.players(options)
        _play_random_through_notation(spec, game, random.Random(seed))
        assert game.is_terminal() and game.current_player is None
        assert game.legal_actions() in ((), [])
        returns = list(game.returns())
        assert len(returns) == game.players
        best = max(returns)
        assert game.winners and all(returns[seat] == best for seat in game.winners)
        record = json.loads(json.dumps(spec.record(game)))
        again = spec.replay(record)
        assert again.is_terminal() and list(again.returns()) == returns
        assert spec.record(again) == record


@pytest.mark.parametrize(("name", "options"), CASES)
def test_bot_games_choose_from_views_alone(name: str, options: dict) -> None:
    spec = GAMES[name]
    game = spec.new_game(seed=11, **options)
    levels = spec.bot_levels
    assert list(levels) == ["random", "greedy", "strong"]
    bots = [spec.make_bot(levels[seat % 2], seat, random.Random(seat)) for seat in range(game.players)]
    assert all(isinstance(bot, Bot) for bot in bots)
    moves = 0
    while game.current_player is not None and moves < 400:
        seat = game.current_player
        view = game.view(seat)
        game.apply_action(bots[seat].choose(view))
        moves += 1
    assert moves == 400 or game.is_terminal()


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_game_in_progress_is_restored_from_its_record(name: str, options: dict) -> None:
    spec = GAMES[name]
    game = spec.new_game(seed=3, **options)
    _play_random_through_notation(spec, game, random.Random(3), limit=25)
    record = json.loads(json.dumps(spec.record(game)))
    restored = spec.restore(record)
    assert restored.current_player == game.current_player
    assert [restored.notation(a) for a in restored.legal_actions()] == [game.notation(a) for a in game.legal_actions()]
    rng_a, rng_b = random.Random(9), random.Random(9)
    _play_random_through_notation(spec, game, rng_a)
    _play_random_through_notation(spec, restored, rng_b)
    assert spec.record(restored) == spec.record(game)


#: The fields of a finished hand or round that its seats' views show, as its record has them.
END_FIELDS = {"sniff": ("hands", ("end", "deductions", "award")), "okey": ("rounds", ("end", "settlement"))}


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_held_game_waits_between_parts_and_is_the_same_game(name: str, options: dict) -> None:
    """``hold``: after each hand or round that does not end the game, the game waits (no seat to play, every view
    still that part with its end) until ``deal_next``; its record is the auto-dealing game's, byte for byte."""
    spec = GAMES[name]
    parts, fields = END_FIELDS[name]
    for seed in range(2):
        auto = spec.new_game(seed=seed, **options)
        held = spec.new_game(seed=seed, hold=True, **options)
        with pytest.raises(ValueError, match="no deal is due"):
            spec.deal_next(held)  # the first part is dealt: no deal is due
        rng, waits = random.Random(seed), 0
        while not auto.is_terminal():
            assert held.current_player == auto.current_player and not spec.needs_deal(held)
            text = auto.notation(rng.choice(list(auto.legal_actions())))
            auto.apply_action(text)
            held.apply_action(text)
            if not spec.needs_deal(held):
                continue
            waits += 1
            assert held.current_player is None and held.legal_actions() in ((), []) and not held.is_terminal()
            with pytest.raises(EngineError):
                held.apply_action(text)
            ended = spec.record(held)[parts][-1]
            assert ended["end"] is not None
            assert len(spec.record(auto)[parts]) == len(spec.record(held)[parts]) + 1
            for seat in range(held.players):
                view = spec.view_json(held, seat)
                assert view["current"] is None
                assert {key: view[key] for key in fields if key in ended} == {
                    key: ended[key] for key in fields if key in ended
                }
            spec.deal_next(held)
            assert json.dumps(spec.record(held)) == json.dumps(spec.record(auto))
        assert held.is_terminal() and not spec.needs_deal(held)
        assert json.dumps(spec.record(held)) == json.dumps(spec.record(auto))
        assert waits == len(spec.record(auto)[parts]) - 1
        with pytest.raises(ValueError, match="no deal is due"):
            spec.deal_next(held)
        spec.replay(spec.record(held))
    if name == "sniff" or options.get("rounds") == 3:
        assert waits >= 1


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in _strings(item)]
    return []


def _sniff_hidden(game, seat: int) -> set[str]:
    """The tiles ``seat`` may not know of: the other seats' hands and the boneyard (Sniff's 28 tiles are distinct)."""
    hand = game.hand
    hidden = {tile for other in range(game.players) if other != seat for tile in hand.tiles(other)}
    hidden |= set(hand.boneyard)
    return {tile.notation() for tile in hidden}


def _okey_visible(game, seat: int) -> Counter:
    """The physical tiles a seat's view lists: its rack, the melds on the table, the discards, the indicator."""
    view = game.view(seat)
    shown = Counter(view.rack)
    shown.update(piece.face for item in view.table for piece in item.meld.pieces)
    shown.update(tile for pile in view.discards for tile in pile)
    shown[view.indicator] += 1
    return shown


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_seats_view_json_holds_only_what_it_may_see(name: str, options: dict) -> None:
    spec = GAMES[name]
    game = spec.new_game(seed=21, **options)
    rng = random.Random(21)
    checked = 0
    for _ in range(40):
        if game.current_player is None:
            break
        for seat in range(game.players):
            view = spec.view_json(game, seat)
            text = json.dumps(view)
            assert view["seat"] == seat and "seed" not in text
            own = view["hand"]
            if name == "sniff":
                assert own == [tile.notation() for tile in game.hand.tiles(seat)]
                # The lots that chose the first leader were drawn face up, for every seat to see, and went back
                # before the deal: the one part of the view that names tiles now in other hands or the boneyard.
                lots = game.hand.deal.lots if game.hand.deal is not None else None
                assert view["lots"] == (None if lots is None else lots_record(lots))
                seen = {key: value for key, value in view.items() if key != "lots"}
                tokens = {token for string in _strings(seen) for token in string.replace(";", " ").split()}
                leaked = tokens & _sniff_hidden(game, seat)
                assert not leaked, f"seat {seat} is shown hidden tiles {sorted(leaked)}"
                hidden_draws = [e for e in view["events"] if "draw" in e and e["seat"] != seat]
                assert all(e["draw"] is None for e in hidden_draws)
            else:
                state = game.round
                assert sorted(own) == sorted(tile.notation() for tile in state.rack(seat))
                # Each tile has two copies: what the view lists of a tile, and the copies hidden from the seat
                # (other racks, the pile), never add up to more than there are.
                hidden = Counter(state.pile_left)
                for other in range(4):
                    if other != seat:
                        hidden.update(state.rack(other))
                for tile, count in _okey_visible(game, seat).items():
                    assert count + hidden[tile] <= 2, f"seat {seat} is shown a hidden {tile.notation()}"
                assert all(e.get("draw") is None for e in view["events"] if "draw" in e and e["seat"] != seat)
                assert "pile" not in view and view["pileSize"] == len(state.pile_left)
            checked += 1
        game.apply_action(rng.choice(list(game.legal_actions())))
    assert checked >= 40


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_view_reads_back_as_the_same_view(name: str, options: dict) -> None:
    """``view_from_json`` is ``view_json``'s inverse for every seat at every step of a game, across the ends of its
    hands or rounds (a held game shows each one's end): the envelope comes first, the same for every game, and
    the view read back is the game's own view, whose bot chooses the very move it chooses from the game's."""
    from engine.core.views import ENVELOPE

    spec = GAMES[name]
    game = spec.new_game(seed=13, hold=True, **options)
    rng = random.Random(13)
    checked = ends = steps = 0
    while True:
        every = steps % 4 == 0 or game.current_player is None
        for seat in range(game.players) if every else (game.current_player,):
            data = json.loads(json.dumps(spec.view_json(game, seat)))
            assert tuple(data)[: len(ENVELOPE)] == ENVELOPE and data["game"] == name and data["seat"] == seat
            assert data["part"] == len(spec.parts_of(game)) and data["options"] == spec.check_options(options)
            assert data["current"] == game.current_player and data["players"] == game.players
            view = spec.view_from_json(data)
            assert view.as_json() == data, (seat, checked)
            if game.current_player == seat and steps % 3 == 0:
                mine, theirs = (spec.make_bot("greedy", seat, random.Random(checked)) for _ in range(2))
                assert game.notation(mine.choose(view)) == game.notation(theirs.choose(game.view(seat)))
            checked += 1
        ends += data["end"] is not None
        if game.is_terminal():
            break
        if spec.needs_deal(game):
            spec.deal_next(game)
        else:
            game.apply_action(rng.choice(list(game.legal_actions())))
        steps += 1
    assert checked > 100 and ends >= 1


@pytest.mark.parametrize("name", NAMES)
def test_json_that_is_no_view_is_refused_with_the_view_error(name: str) -> None:
    spec = GAMES[name]
    data = spec.view_json(spec.new_game(seed=2), 0)
    other = next(n for n in NAMES if n != name)
    for bad in (
        None,
        [],
        {**data, "game": other},
        {**data, "hand": "R1"},
        {k: v for k, v in data.items() if k != "end"},
    ):
        with pytest.raises(EngineError) as caught:
            spec.view_from_json(bad)
        assert caught.value.code == "view"
    from engine.core.views import ENVELOPE

    own = [key for key in data if key not in ENVELOPE]
    # An action that cannot be read, and each of the game's own keys missing: the view error, saying so.
    for broken in ({**data, "legal": ["not an action"]}, *({k: v for k, v in data.items() if k != key} for key in own)):
        with pytest.raises(EngineError) as caught:
            spec.view_from_json(broken)
        assert caught.value.code == "view", broken.keys()


def _part_events_seen(spec: GameSpec, game, seat: int) -> list[dict]:
    """The events of the hand or round in play, from the record, as ``seat`` saw them: another seat's draw without
    its tile (what every view of the seat must hold, however it is made)."""
    record = spec.record(game)
    events = record["hands" if "hands" in record else "rounds"][-1]["events"]
    return [{"seat": e["seat"], "draw": None} if "draw" in e and e["seat"] != seat else e for e in events]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_views_events_kept_from_view_to_view_are_the_records_as_the_seat_saw_them(name: str, options: dict) -> None:
    """The views keep each seat's events from one view to the next (``engine.core.events.SeenLog``): whichever
    seats ask, however seldom, through the strong bots' look-ahead (a Sniff bot takes moves back) and across the
    ends of hands and rounds, a view's events are the record's; changing one view's list changes no later view."""
    spec = GAMES[name]
    game = spec.new_game(seed=5, **options)
    rng = random.Random(5)
    bots = [
        spec.make_bot("strong" if seat == 0 else "random", seat, random.Random(seat)) for seat in range(game.players)
    ]
    compared = 0
    for move in range(160):
        if game.current_player is None:
            break
        for seat in range(game.players):
            if rng.random() < 0.5:  # a seat that asks now and then, not after every move
                events = spec.view_json(game, seat)["events"]
                assert events == _part_events_seen(spec, game, seat), (move, seat)
                events.append({"seat": seat, "pass": True})
                compared += 1
        mover = game.current_player
        game.apply_action(bots[mover].choose(game.view(mover)))
    assert compared >= 100


@pytest.mark.parametrize("name", NAMES)
def test_tampered_records_are_refused_with_an_engine_error(name: str) -> None:
    spec = GAMES[name]
    game = spec.new_game(seed=4)
    _play_random_through_notation(spec, game, random.Random(4))
    record = json.loads(json.dumps(spec.record(game)))
    parts = "hands" if name == "sniff" else "rounds"
    rng = random.Random(4)
    tampered = 0
    for _ in range(60):
        bad = copy.deepcopy(record)
        part = rng.choice(bad[parts])
        events = part["events"]
        index = rng.randrange(len(events))
        how = rng.randrange(4)
        if how == 0:
            del events[index]
        elif how == 1:
            events.insert(index, copy.deepcopy(events[rng.randrange(len(events))]))
        elif how == 2:
            events[index] = {"seat": (events[index].get("seat", 0) + 1) % game.players} | {
                k: v for k, v in events[index].items() if k != "seat"
            }
        else:
            bad["winner"] = [] if name == "okey" else (0 if record["winner"] else 1)
        if bad == record:
            continue
        with pytest.raises(EngineError):
            spec.replay(bad)
        tampered += 1
    assert tampered > 40


def test_reprs_that_look_like_code_evaluate_back() -> None:
    from engine.okey.tiles import FULL_SET, Okey, Tile
    from engine.sniff import DOUBLE_SIX, Side
    from engine.sniff import Tile as SniffTile
    from engine.sniff.render.geometry import Direction
    from engine.sniff.rules import DeductRemainingPips, LotsThenLeft, WinnerOpens, WinnerTakesTheDifference

    namespace = {
        "Tile": Tile,
        "Okey": Okey,
        "Side": Side,
        "Direction": Direction,
        "WinnerOpens": WinnerOpens,
        "LotsThenLeft": LotsThenLeft,
        "DeductRemainingPips": DeductRemainingPips,
        "WinnerTakesTheDifference": WinnerTakesTheDifference,
    }
    values = [*set(FULL_SET), Okey(Tile.parse("R13")), *Side, *Direction]
    values += [WinnerOpens(), LotsThenLeft(), DeductRemainingPips(), WinnerTakesTheDifference()]
    for value in values:
        assert repr(eval(repr(value), namespace)) == repr(value)
    for tile in DOUBLE_SIX:
        assert eval(repr(tile), {"Tile": SniffTile}) == tile
