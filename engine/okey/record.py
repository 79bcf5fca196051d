"""Okey game records: write them, replay and check them, restore a game from one.

The format is ``spec/okey-record.md``: the options, the seed, and per round the
starter, indicator, deal, pile and events, with each round's end, settlement,
scores and running totals, then the winners. ``replay`` plays a record through
the engine and checks everything in it: the deal against the seed, every event
(its seat, its tile, its legality, its charge and opening value), the end, the
settlement, the scores, the totals and the winners. The first inconsistency is
a ``RecordError`` naming the round and the event (both counted from 1).

``restore`` returns the game ready to go on, also in the
middle of a round.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO

from ..core.errors import EngineError
from ..core.record import MAX_SEED, game_of
from ..core.record import dumps as dumps  # re-exported: the game's record API
from ..core.record import read_jsonl as core_read_jsonl
from ..core.record import write_jsonl as write_jsonl
from .game import DECLINE, DRAW, PLAY_PHASE, TAKE, Deal, Discard, Game, LayMelds, LayOff, LayPairs, Round, Seize
from .melds import parse_piece, parse_pieces
from .rules import ENDS, EXHAUSTED, Options
from .tiles import Tile

KINDS = ("draw", "take", "meld", "pairs", "layoff", "seize", "discard")
EXTRA = {"draw": (), "take": ("charge",), "meld": ("opening",), "pairs": ("opening",)}
EXTRA.update({"layoff": ("to", "charge"), "seize": ("to", "charge"), "discard": ("charge",)})


class RecordError(EngineError):
    """A record that is not valid or does not replay: ``round`` and ``event`` (from 1) say where."""

    code = "okey-record"

    def __init__(self, reason: str, round: int | None = None, event: int | None = None, line: int | None = None):
        self.reason, self.round, self.event, self.line = reason, round, event, line
        where = [f"line {line}"] if line is not None else []
        if round is not None:
            where.append(f"round {round}" + (f", event {event}" if event is not None else ""))
        super().__init__(
            ": ".join([*where, reason]), code="okey-record", params={"round": round, "event": event, "line": line}
        )

    def at_line(self, line: int) -> RecordError:
        return RecordError(self.reason, self.round, self.event, line)


# -- writing -------------------------------------------------------------------


def round_record(state: Round, totals: list[int] | None) -> dict:
    deal = state.deal
    return {
        "starter": deal.starter,
        "indicator": deal.indicator.notation(),
        "deal": [[tile.notation() for tile in rack] for rack in deal.racks],
        "pile": [tile.notation() for tile in deal.pile],
        "events": [dict(event) for event in state.events],
        "end": None if state.end is None else dict(state.end),
        "settlement": None if state.settlement is None else list(state.settlement),
        "scores": state.scores,
        "totals": totals,
    }


def game_record(game: Game) -> dict:
    """The record of a game, finished or not, as plain JSON values."""
    record: dict = {"game": "okey"}
    if game.seed is not None:
        record["seed"] = game.seed
    record["options"] = game.options.as_json()
    rounds = []
    totals = [0, 0, 0, 0]
    for state in game.rounds:
        scores = state.scores
        if scores is not None:
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
        rounds.append(round_record(state, list(totals) if scores is not None else None))
    record["rounds"] = rounds
    record["winner"] = game.winner
    return record


def read_jsonl(stream: IO[str]) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, record)`` for every non-blank line; RecordError for a line that isn't JSON."""
    return core_read_jsonl(stream, lambda reason, line: RecordError(reason, line=line))


# -- reading and replaying -------------------------------------------------------


def _field(data: dict, key: str, kind, what: str, round_no: int | None = None, event: int | None = None):
    if key not in data:
        raise RecordError(f"{what} has no {key!r}", round_no, event)
    value = data[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise RecordError(f"{what}'s {key!r} is {json.dumps(value)}, which is not {_kind(kind)}", round_no, event)
    return value


def _kind(kind) -> str:
    names = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "true or false"}
    return names.get(kind, str(kind))


def _tile(text: object, where: str, round_no: int, event: int | None = None) -> Tile:
    try:
        return Tile.parse(text)
    except EngineError as error:
        raise RecordError(f"{where}: {error}", round_no, event) from None


def _deal(data: dict, number: int) -> Deal:
    starter = _field(data, "starter", int, "the round", number)
    racks = _field(data, "deal", list, "the round", number)
    pile = _field(data, "pile", list, "the round", number)
    indicator = _tile(_field(data, "indicator", str, "the round", number), "the indicator", number)
    tiles = []
    for seat, rack in enumerate(racks):
        if not isinstance(rack, list):
            raise RecordError(f"the deal of seat {seat} is not a list of tiles", number)
        tiles.append(tuple(sorted(_tile(t, f"the deal of seat {seat}", number) for t in rack)))
    deal = Deal(starter, tuple(tiles), indicator, tuple(_tile(t, "the pile", number) for t in pile))
    try:
        deal.check()
    except EngineError as error:
        raise RecordError(str(error), number) from None
    return deal


def _difference(recorded: Deal, planned: Deal) -> str:
    if recorded.starter != planned.starter:
        return f"seat {recorded.starter} starts, but seat {planned.starter} starts this round"
    for seat, (rack, expected) in enumerate(zip(recorded.racks, planned.racks, strict=True)):
        if rack != expected:
            return f"seat {seat}'s tiles are not the ones the seed deals"
    if recorded.indicator is not planned.indicator:
        return f"the indicator is {recorded.indicator}, but the seed turns up {planned.indicator}"
    return "the pile's order is not the one the seed gives"


def _action(event: object, state: Round, number: int, index: int):
    if not isinstance(event, dict):
        raise RecordError(f"the event {json.dumps(event)} is not an object", number, index)
    seat = _field(event, "seat", int, "the event", number, index)
    kinds = [key for key in KINDS if key in event]
    if len(kinds) != 1:
        raise RecordError(f"an event has exactly one of {', '.join(KINDS)}", number, index)
    kind = kinds[0]
    extra = sorted(set(event) - {"seat", kind, *EXTRA[kind]})
    if extra:
        raise RecordError(f"a {kind} event has no {extra[0]!r}", number, index)
    okey = state.okey
    try:
        if kind == "draw":
            return seat, DRAW
        if kind == "take":
            return seat, TAKE
        if kind in ("meld", "pairs"):
            groups = _field(event, kind, list, f"the {kind} event", number, index)
            if not all(isinstance(g, str) for g in groups):
                raise RecordError(f"a {kind} event lists its {kind} as strings", number, index)
            pieces = tuple(parse_pieces(g, okey) for g in groups)
            return seat, LayMelds(pieces) if kind == "meld" else LayPairs(pieces)
        if kind == "layoff":
            text = _field(event, kind, str, "the layoff event", number, index)
            return seat, LayOff(parse_piece(text, okey), _field(event, "to", int, "the layoff event", number, index))
        if kind == "seize":
            text = _field(event, kind, str, "the seize event", number, index)
            return seat, Seize(Tile.parse(text), _field(event, "to", int, "the seize event", number, index))
        return seat, Discard(Tile.parse(_field(event, kind, str, "the discard event", number, index)))
    except RecordError:
        raise
    except EngineError as error:
        raise RecordError(str(error), number, index) from None


def _describe(value: object) -> str:
    return "absent" if value is _ABSENT else json.dumps(value)


_ABSENT = object()


def _replay_round(game: Game, data: dict, number: int, seeded: bool) -> Round:
    deal = _deal(data, number)
    if deal.starter != game.next_starter():
        raise RecordError(f"seat {deal.starter} starts, but seat {game.next_starter()} starts this round", number)
    if seeded:
        planned = game.planned_deal()
        if deal != planned:
            raise RecordError(f"the deal does not follow from the seed: {_difference(deal, planned)}", number)
    state = game.begin_round(deal)
    events = _field(data, "events", list, "the round", number)
    for index, event in enumerate(events, start=1):
        if state.is_over:
            raise RecordError(f"the round is already over ({state.end['kind']})", number, index)
        seat, action = _action(event, state, number, index)
        if seat != state.current:
            raise RecordError(f"seat {seat} acts, but it is seat {state.current}'s turn", number, index)
        if action is DRAW and state.pile_size and Tile.parse(str(event["draw"])) is not state.pile[state.drawn]:
            raise RecordError(
                f"seat {seat} draws {event['draw']}, but the pile's next tile is {state.pile[state.drawn]}",
                number,
                index,
            )
        if action is TAKE and state.last_discard is not None:
            tile = _tile(event["take"], "the take event", number, index)
            if tile is not state.last_discard[1]:
                raise RecordError(
                    f"seat {seat} takes {tile}, but the last discard is {state.last_discard[1]}", number, index
                )
        try:
            produced = state.apply(action)
        except EngineError as error:
            raise RecordError(str(error), number, index) from None
        if produced != event:
            for key in sorted(set(produced) | set(event)):
                if produced.get(key, _ABSENT) != event.get(key, _ABSENT):
                    raise RecordError(
                        f"the event's {key} is {_describe(event.get(key, _ABSENT))}, "
                        f"but the replay gives {_describe(produced.get(key, _ABSENT))}",
                        number,
                        index,
                    )
    end = data.get("end", _ABSENT)
    if end is _ABSENT:
        raise RecordError("the round has no 'end' (null while it is unfinished)", number)
    if end is None:
        if state.is_over:
            raise RecordError(f"the record says the round is unfinished, but it ended ({state.end['kind']})", number)
        for key in ("settlement", "scores", "totals"):
            if data.get(key) is not None:
                raise RecordError(f"an unfinished round has a null {key!r}", number)
        return state
    if not isinstance(end, dict) or end.get("kind") not in ENDS or set(end) != {"kind", "seat"}:
        raise RecordError(f'the end {json.dumps(end)} is not {{"kind": {"|".join(ENDS)}, "seat": ...}}', number)
    if (
        end["kind"] == EXHAUSTED
        and not state.is_over
        and state.phase != PLAY_PHASE
        and not state.pile_size
        and state.current is not None
    ):
        state.apply(DECLINE)  # the seat to play did not take the discard
    if not state.is_over:
        raise RecordError(
            f"the record says the round ended ({end['kind']}), but seat {state.current} still acts", number
        )
    if end != state.end:
        raise RecordError(f"the end is {json.dumps(end)}, but the replay gives {json.dumps(state.end)}", number)
    for key, actual in (("settlement", state.settlement), ("scores", state.scores), ("totals", list(game.totals))):
        recorded = data.get(key)
        if recorded != list(actual):
            raise RecordError(f"the {key} are {json.dumps(recorded)}, but the replay gives {list(actual)}", number)
    return state


def replay(record: object) -> Game:
    """Replay a record, checking everything in it; the game as the record leaves it (``auto_deal`` off).

    Raises RecordError at the first inconsistency.
    """
    try:
        game_name = game_of(record)
    except EngineError as error:
        raise RecordError(str(error)) from None
    if game_name != "okey":
        raise RecordError(f'the record is of the game "{game_name}", not "okey"')
    try:
        options = Options.from_json(_field(record, "options", dict, "the record"))
    except RecordError:
        raise
    except (EngineError, TypeError) as error:
        raise RecordError(f"the options: {error}") from None
    seed = record.get("seed")
    if seed is not None:
        seed = _field(record, "seed", int, "the record")
        if not 0 <= seed <= MAX_SEED:
            raise RecordError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {seed}")
    rounds = _field(record, "rounds", list, "the record")
    if not rounds:
        raise RecordError("the record has no rounds")
    if len(rounds) > options.rounds:
        raise RecordError(f"the record has {len(rounds)} rounds, but the game has {options.rounds}")
    game = Game(options, seed=seed, auto_deal=False)
    for number, data in enumerate(rounds, start=1):
        if not isinstance(data, dict):
            raise RecordError("a round is a JSON object", number)
        if game.rounds and not game.rounds[-1].is_over:
            raise RecordError("only the last round may be unfinished", number)
        _replay_round(game, data, number, seed is not None)
    if "winner" not in record:
        raise RecordError("the record has no 'winner' (null while the game is unfinished)")
    if record["winner"] != game.winner:
        raise RecordError(
            f"the winner is {json.dumps(record['winner'])}, but the replay gives {json.dumps(game.winner)}"
        )
    return game


def restore(record: object) -> Game:
    """The game a record was saved from, ready to go on (the next round dealt from the seed when needed)."""
    game = replay(record)
    game.auto_deal = True
    if game.needs_deal:
        if game.seed is None:
            raise RecordError("the record has no seed, so the next round cannot be dealt")
        game.begin_round(game.planned_deal())
    return game
