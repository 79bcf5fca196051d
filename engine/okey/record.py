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

from collections.abc import Iterator
from typing import IO

from ..core.errors import EngineError, quote
from ..core.record import dumps as dumps  # re-exported: the game's record API
from ..core.record import write_jsonl as write_jsonl
from ..core.records import Reader, same
from ..core.records import RecordError as CoreRecordError
from .events import end_record, event_record
from .game import DECLINE, DRAW, PLAY_PHASE, TAKE, Deal, Discard, Game, LayMelds, LayOff, LayPairs, Round, Seize
from .melds import parse_piece, parse_pieces
from .rules import ENDS, EXHAUSTED, Options
from .tiles import TILES, Tile

#: Each kind of event, in the spec's order, and the fields its events have besides "seat" and the kind.
EXTRA = {"draw": (), "take": ("charge",), "meld": ("opening",), "pairs": ("opening",)}
EXTRA.update({"layoff": ("to", "charge"), "seize": ("to", "charge"), "discard": ("charge",)})


class RecordError(CoreRecordError):
    """A record that is not valid or does not replay: ``round`` and ``event`` (from 1) say where."""

    code = "okey-record"
    PART = "round"


# -- writing -------------------------------------------------------------------


def round_record(state: Round, totals: list[int] | None) -> dict:
    deal = state.deal
    return {
        "starter": deal.starter,
        "indicator": deal.indicator.notation(),
        "deal": [[tile.notation() for tile in rack] for rack in deal.racks],
        "pile": [tile.notation() for tile in deal.pile],
        "events": [event_record(event) for event in state.events],
        "end": end_record(state.end),
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
    return READER.read_jsonl(stream)


# -- reading and replaying -------------------------------------------------------

#: The fields of a record and of a round (spec/okey-record.md); no other is read.
RECORD_FIELDS = ("game", "seed", "options", "rounds", "winner")
ROUND_FIELDS = ("starter", "indicator", "deal", "pile", "events", "end", "settlement", "scores", "totals")

READER = Reader(RecordError, TILES, Tile.parse, "a colour R, B, K or Y and a number 1 to 13, for example R7, or FJ")


def _deal(data: dict, number: int) -> Deal:
    starter = READER.field(data, "starter", int, "the round", number)
    racks = READER.field(data, "deal", list, "the round", number)
    pile = READER.field(data, "pile", list, "the round", number)
    indicator = READER.tile(READER.field(data, "indicator", str, "the round", number), "the indicator", number)
    tiles = tuple(
        tuple(sorted(READER.tiles(rack, f"the deal of seat {seat}", number))) for seat, rack in enumerate(racks)
    )
    deal = Deal(starter, tiles, indicator, READER.tiles(pile, "the pile", number))
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
    seat, kind = READER.event(event, EXTRA, number, index)
    okey = state.okey
    try:
        if kind == "draw":
            return seat, DRAW
        if kind == "take":
            return seat, TAKE
        if kind in ("meld", "pairs"):
            groups = READER.field(event, kind, list, f"the {kind} event", number, index)
            if not all(isinstance(g, str) for g in groups):
                raise RecordError(f"a {kind} event lists its {kind} as strings", number, index, field=kind)
            pieces = tuple(parse_pieces(g, okey) for g in groups)
            return seat, LayMelds(pieces) if kind == "meld" else LayPairs(pieces)
        if kind == "layoff":
            text = READER.field(event, kind, str, "the layoff event", number, index)
            return seat, LayOff(
                parse_piece(text, okey), READER.field(event, "to", int, "the layoff event", number, index)
            )
        if kind == "seize":
            text = READER.field(event, kind, str, "the seize event", number, index)
            tile = READER.tile(text, "the seize event", number, index)
            return seat, Seize(tile, READER.field(event, "to", int, "the seize event", number, index))
        return seat, Discard(
            READER.tile(
                READER.field(event, kind, str, "the discard event", number, index), "the discard event", number, index
            )
        )
    except RecordError:
        raise
    except EngineError as error:
        raise RecordError(str(error), number, index, field=kind) from None


def _describe(value: object) -> str:
    return "absent" if value is _ABSENT else quote(value)


_ABSENT = object()


def _replay_round(game: Game, data: dict, number: int) -> Round:
    READER.known(data, ROUND_FIELDS, "the round", number)
    deal = _deal(data, number)
    if deal.starter != game.next_starter():
        raise RecordError(f"seat {deal.starter} starts, but seat {game.next_starter()} starts this round", number)
    if game.seed is not None:
        planned = game.planned_deal()
        if deal != planned:
            raise RecordError(f"the deal does not follow from the seed: {_difference(deal, planned)}", number)
    state = game.begin_round(deal)
    events = READER.field(data, "events", list, "the round", number)
    for index, event in enumerate(events, start=1):
        if state.is_over:
            raise RecordError(f"the round is already over ({state.end.kind})", number, index)
        seat, action = _action(event, state, number, index)
        READER.turn(seat, state.current, number, index)
        if action is DRAW and state.pile_size:
            tile = READER.tile(event["draw"], "the draw event", number, index)
            if tile is not state.pile[state.drawn]:
                raise RecordError(
                    f"seat {seat} draws {tile}, but the pile's next tile is {state.pile[state.drawn]}",
                    number,
                    index,
                    field="draw",
                )
        if action is TAKE and state.last_discard is not None:
            tile = READER.tile(event["take"], "the take event", number, index)
            if tile is not state.last_discard[1]:
                raise RecordError(
                    f"seat {seat} takes {tile}, but the last discard is {state.last_discard[1]}",
                    number,
                    index,
                    field="take",
                )
        try:
            produced = event_record(state.apply(action))
        except EngineError as error:
            raise RecordError(str(error), number, index) from None
        if not same(event, produced):
            for key in [*produced, *(key for key in event if key not in produced)]:
                if not same(event.get(key, _ABSENT), produced.get(key, _ABSENT)):
                    raise RecordError(
                        f"the event's {key} is {_describe(event.get(key, _ABSENT))}, "
                        f"but the replay gives {_describe(produced.get(key, _ABSENT))}",
                        number,
                        index,
                        field=key,
                    )
    end = data.get("end", _ABSENT)
    if end is _ABSENT:
        raise RecordError("the round has no 'end' (null while it is unfinished)", number, field="end")
    if end is None:
        if state.is_over:
            raise RecordError(f"the record says the round is unfinished, but it ended ({state.end.kind})", number)
        for key in ("settlement", "scores", "totals"):
            if data.get(key) is not None:
                raise RecordError(f"an unfinished round has a null '{key}'", number, field=key)
        return state
    if (
        not isinstance(end, dict)
        or not isinstance(end.get("kind"), str)
        or end["kind"] not in ENDS
        or set(end)
        != {
            "kind",
            "seat",
        }
    ):
        raise RecordError(f'the end {quote(end)} is not {{"kind": {"|".join(ENDS)}, "seat": ...}}', number, field="end")
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
    if not same(end, end_record(state.end)):
        raise RecordError(
            f"the end is {quote(end)}, but the replay gives {quote(end_record(state.end))}", number, field="end"
        )
    for key, actual in (("settlement", state.settlement), ("scores", state.scores), ("totals", list(game.totals))):
        READER.check(key, data.get(key), list(actual), number)
    return state


def replay(record: object) -> Game:
    """Replay a record, checking everything in it; the game as the record leaves it (``auto_deal`` off).

    Raises RecordError at the first inconsistency.
    """
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("game") != "okey":
        raise RecordError(f'the record is of the game {quote(record.get("game"))}, not "okey"', field="game")
    READER.envelope(record, RECORD_FIELDS)
    try:
        options = Options.from_json(READER.field(record, "options", dict, "the record"))
    except RecordError:
        raise
    except (EngineError, TypeError) as error:
        raise RecordError(f"the options: {error}", field="options") from None
    seed = READER.seed(record)
    game = Game(options, seed=seed, auto_deal=False)
    READER.parts(record, "rounds", game, lambda game: game.rounds, _replay_round, most=options.rounds)
    READER.winner(record, game.winner)
    return game


def extend(game: Game, record: dict, start: int) -> None:
    """Replay into ``game``, replayed from the first ``start`` rounds of ``record``, the rounds after them (the
    record's other fields are the ones ``game`` was replayed from), each checked as ``replay`` checks it."""
    READER.parts(record, "rounds", game, lambda game: game.rounds, _replay_round, most=game.options.rounds, start=start)
    READER.winner(record, game.winner)


def restore(record: object) -> Game:
    """The game a record was saved from, ready to go on (the next round dealt from the seed if needed).

    The record must have its seed: its deals are checked against it, and the next rounds follow from it.
    """
    return READER.restore(record, replay, lambda game: game.begin_round(game.planned_deal()))
