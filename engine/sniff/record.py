"""Game records (spec/game-record.md): write them, read them, replay and check them.

A record holds every hand's deal, boneyard order and events, so anyone can
replay the game through the engine and check every placement's points, every
deduction and every score. ``replay`` reports the first inconsistency as a
``RecordError`` naming the hand and the event (both counted from 1).

Besides the fields of the spec, a record written by this engine has ``seed``:
the game's seed, from which each hand's opener draw and shuffle follow. With
it, ``replay`` also checks that every deal follows from the seed, and
``restore`` can carry on an unfinished game exactly (the next hands are dealt
as they would have been). The hand in play of an unfinished game has
``"end": null`` and null ``deductions`` and ``scores``.

A classic Sniff record (``"rules": "classic"``) also has ``partnerships``, the
first hand's ``lots`` and each hand's ``award`` instead of ``deductions``
(``spec/game-record.md``); the ruleset comes from the record.

A file of many games is JSON Lines: one game per line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from ..core.errors import EngineError, quote
from ..core.record import dumps as dumps  # re-exported: the game's record API
from ..core.record import write_jsonl as write_jsonl
from ..core.records import Reader, same
from ..core.records import RecordError as CoreRecordError
from .actions import event_record as event_record  # re-exported: the record's events are the actions' own
from .deal import lots_record as lots_record
from .game import DRAW, PASS, Deal, Game, Hand, IllegalActionError, Play, Played
from .layout import Placement
from .notation import parse_placement
from .rules import AMERICAN_SNIFF, RULESETS, Award, HandEnd, Ruleset
from .tiles import DOUBLE_SIX, Tile

ENDS = tuple(HandEnd)


#: The game's name in records; a record without ``"game"`` is Sniff's, as every record written before the field.
GAME = "sniff"


class RecordError(CoreRecordError):
    """A record that isn't valid JSON, or that doesn't replay: ``hand`` and ``event`` (from 1) say where."""

    code = "record"
    PART = "hand"


# -- writing -------------------------------------------------------------------


def award_record(award: Award | None) -> dict | None:
    return None if award is None else {"seat": award.seat, "points": award.points}


def hand_record(hand: Hand) -> dict:
    """One hand; the hand in play has null ``end``, ``deductions`` (or ``award``) and ``scores``."""
    if hand.deal is None:
        raise ValueError("a hand taken up in the middle has no deal to record")
    record: dict = {"opener": hand.opener}
    if hand.deal.lots is not None:
        record["lots"] = lots_record(hand.deal.lots)
    record["deal"] = [[tile.notation() for tile in tiles] for tiles in hand.deal.hands]
    record["boneyard"] = [tile.notation() for tile in hand.deal.boneyard]
    record["events"] = [event_record(event) for event in hand.events]
    record["end"] = hand.end
    if hand.ruleset.deductions:
        record["deductions"] = list(hand.deductions) if hand.is_over else None
    else:
        record["award"] = award_record(hand.award)
    record["scores"] = list(hand.scores) if hand.is_over else None
    return record


def game_record(game: Game) -> dict:
    """The record of a game, finished or not, as plain JSON values."""
    record: dict = {}
    if game.ruleset.key != AMERICAN_SNIFF.key:
        record["rules"] = game.ruleset.key
    record["players"] = game.players
    if game.ruleset.optional_partnerships:
        record["partnerships"] = game.partnerships
    record["target"] = game.target
    if game.seed is not None:
        record["seed"] = game.seed
    record["hands"] = [hand_record(hand) for hand in game.hands]
    record["winner"] = game.winner
    return record


def read_jsonl(stream: IO[str]) -> Iterator[tuple[int, dict]]:
    """Yield ``(line number, record)`` for every non-blank line; RecordError for a line that isn't JSON."""
    return READER.read_jsonl(stream)


# -- reading and replaying -------------------------------------------------

#: The fields of a record, of a hand and of each kind of event (spec/game-record.md); no other is read.
RECORD_FIELDS = ("game", "rules", "players", "partnerships", "target", "seed", "hands", "winner")
HAND_FIELDS = ("opener", "lots", "deal", "boneyard", "events", "end", "deductions", "award", "scores")
EVENT_FIELDS = {"play": ("points",), "draw": (), "pass": ()}

READER = Reader(RecordError, DOUBLE_SIX, Tile.parse, "write a|b, the low half first, for example 1|4")
#: The plays read so far, by their text: only as the engine writes them, so at most the few thousand there are.
_PLAYS: dict[str, Placement] = {}


def _deal(hand_record: dict, number: int) -> Deal:
    opener = READER.field(hand_record, "opener", int, "the hand", number)
    hands = READER.field(hand_record, "deal", list, "the hand", number)
    boneyard = READER.field(hand_record, "boneyard", list, "the hand", number)
    tiles = tuple(READER.tiles(seat_tiles, f"the deal of seat {seat}", number) for seat, seat_tiles in enumerate(hands))
    lots = None
    if "lots" in hand_record:
        rounds = READER.field(hand_record, "lots", list, "the hand", number)
        lots = []
        for round_number, row in enumerate(rounds, start=1):
            if not isinstance(row, list):
                raise RecordError(f"round {round_number} of the lots is not a list (one tile or null per seat)", number)
            where = f"round {round_number} of the lots"
            lots.append(tuple(None if tile is None else READER.tile(tile, where, number) for tile in row))
        lots = tuple(lots)
    return Deal(opener, tiles, READER.tiles(boneyard, "the boneyard", number), lots)


def _deal_difference(recorded: Deal, planned: Deal) -> str:
    if recorded.lots != planned.lots:
        return "the lots are not the ones the seed gives"
    if recorded.opener != planned.opener:
        return f"the opener is seat {recorded.opener}, but the seed's draw gives seat {planned.opener}"
    for seat, (tiles, expected) in enumerate(zip(recorded.hands, planned.hands, strict=True)):
        if tiles != expected:
            return f"seat {seat}'s deal is not the one the seed gives ({' '.join(t.notation() for t in expected)})"
    return "the boneyard's order is not the one the seed gives"


def _action(event: object, number: int, index: int):
    """Read one event: ``(seat, action, recorded draw tile or points)``."""
    seat, kind = READER.event(event, EVENT_FIELDS, number, index)
    if kind == "play":
        text = READER.field(event, "play", str, "the event", number, index)
        points = READER.field(event, "points", int, "the play event", number, index)
        placement = _PLAYS.get(text)
        if placement is None:
            try:
                placement = parse_placement(text)
            except EngineError as error:
                raise RecordError(str(error), number, index, field="play") from None
            if placement.notation() != text:
                raise RecordError(
                    f"the play {quote(text)} is not written as a record writes it ({quote(placement.notation())})",
                    number,
                    index,
                    field="play",
                )
            _PLAYS[text] = placement
        return seat, Play(placement), points
    if kind == "draw":
        return seat, DRAW, READER.tile(event["draw"], "the draw event", number, index)
    if event["pass"] is not True:
        raise RecordError(f'a pass event is {{"seat": {seat}, "pass": true}}', number, index, field="pass")
    return seat, PASS, None


def _replay_hand(game: Game, hand_record: dict, number: int) -> None:
    if game.is_terminal():
        raise RecordError(f"the game was already won by side {game.winner}", number)
    READER.known(hand_record, HAND_FIELDS, "the hand", number)
    _check_fields(hand_record, game.ruleset, number)
    deal = _deal(hand_record, number)
    try:
        deal.check(game.ruleset, game.players)
        game.check_deal(deal)
        forced = game.forced_opener()
        if game.seed is not None and (forced is None or forced == deal.opener):
            planned = game.planned_deal()
            if deal != planned:
                raise RecordError(f"the deal does not follow from the seed: {_deal_difference(deal, planned)}", number)
        hand = game.begin_hand(deal)
    except RecordError:
        raise
    except EngineError as error:
        raise RecordError(str(error), number) from None
    events = READER.field(hand_record, "events", list, "the hand", number)
    for index, event in enumerate(events, start=1):
        seat, action, detail = _action(event, number, index)
        if hand.is_over:
            raise RecordError(f"the hand is already over ({hand.end})", number, index)
        READER.turn(seat, hand.current, number, index)
        if action is DRAW and hand.drawable and hand.boneyard[0] != detail:
            raise RecordError(
                f"seat {seat} draws {detail.notation()}, but the boneyard's next tile is {hand.boneyard[0].notation()}",
                number,
                index,
            )
        try:
            happened = game.apply_action(action)
        except IllegalActionError as error:
            raise RecordError(str(error), number, index) from None
        if type(happened) is Played and happened.points != detail:
            raise RecordError(f"{happened.placement.notation()} scores {happened.points}, not {detail}", number, index)
    end = hand_record.get("end")
    if end is None:
        if hand.is_over:
            raise RecordError(f"the record says the hand is unfinished, but it ended ({hand.end})", number)
        return
    if not isinstance(end, str) or end not in ENDS:
        raise RecordError(f"the end {quote(end)} is not one of {', '.join(ENDS)}", number, field="end")
    if not hand.is_over:
        raise RecordError(f"the record says the hand ended ({end}), but seat {hand.current} still has to act", number)
    if end != hand.end:
        raise RecordError(f"the record says the hand ended {end}, but it ended {hand.end}", number)
    if game.ruleset.deductions:
        checks = (("deductions", hand.deductions), ("scores", hand.scores))
    else:
        checks = (("scores", hand.scores),)
        if "award" not in hand_record:
            raise RecordError("the hand has no 'award' (null when nobody wins it)", number, field="award")
        recorded, actual = hand_record["award"], award_record(hand.award)
        if not same(recorded, actual):
            raise RecordError(
                f"the award is {quote(recorded)}, but the replay gives {quote(actual)}", number, field="award"
            )
    for key, actual in checks:
        READER.check(key, hand_record.get(key), list(actual), number)


def _check_fields(hand_record: dict, ruleset: Ruleset, number: int) -> None:
    """Refuse the fields the ruleset's records don't have (American deductions vs classic award)."""
    if ruleset.deductions and "award" in hand_record:
        raise RecordError(f"the hand has an 'award', but {ruleset.name} has none (it deducts)", number, field="award")
    if not ruleset.deductions and "deductions" in hand_record:
        raise RecordError(f"the hand has 'deductions', but {ruleset.name} deducts nothing", number, field="deductions")


def record_ruleset(record: dict, players: int) -> Ruleset:
    """The ruleset a record names: its ``rules`` (absent: American Sniff) and ``partnerships``."""
    key = record.get("rules", AMERICAN_SNIFF.key)
    if not isinstance(key, str) or key not in RULESETS:
        names = ", ".join(RULESETS)
        raise RecordError(f"the rules {quote(key)} are not one of {names}", field="rules")
    ruleset = RULESETS[key]
    if ruleset.optional_partnerships:
        partnerships = READER.field(record, "partnerships", bool, "the record")
        if partnerships and players != 4:
            raise RecordError(f"only four players may play as partnerships, not {players}", field="partnerships")
        ruleset = ruleset.with_partnerships(partnerships if players == 4 else ruleset.partnerships)
    elif "partnerships" in record and record["partnerships"] is not (ruleset.partnerships and players == 4):
        value = quote(record["partnerships"])
        raise RecordError(
            f"the record's 'partnerships' is {value}, but {ruleset.name} has no such choice", field="partnerships"
        )
    return ruleset


def replay(record: object, ruleset: Ruleset | None = None) -> Game:
    """Replay a record through the engine, checking everything in it; return the game as the record leaves it.

    The ruleset is the one the record names (``rules``, ``partnerships``); a
    ``ruleset`` given must be that one. Raises RecordError at the first
    inconsistency. The returned game does not deal by itself (``auto_deal`` is
    False); ``restore`` carries an unfinished game on.
    """
    if not isinstance(record, dict):
        raise RecordError("a game record is a JSON object")
    if record.get("game", GAME) != GAME:  # a record without "game" is Sniff's (spec/game-record.md)
        raise RecordError(f'the record is of the game {quote(record["game"])}, not of Sniff ("sniff")', field="game")
    READER.envelope(record, RECORD_FIELDS)
    players = READER.field(record, "players", int, "the record")
    named = record_ruleset(record, players)
    if ruleset is None:
        ruleset = named
    elif ruleset.key != named.key:
        raise RecordError(f"the record is of {named.name}, not of {ruleset.name}")
    try:
        ruleset.check_players(players)
    except EngineError as error:
        raise RecordError(str(error), field="players") from None
    target = READER.field(record, "target", int, "the record")
    if target != ruleset.target(players):
        raise RecordError(
            f"the target is {target}, but {players} players play to {ruleset.target(players)}", field="target"
        )
    seed = READER.seed(record)
    game = Game(players, seed=seed, ruleset=ruleset, auto_deal=False)
    READER.parts(record, "hands", game, lambda game: game.hands, _replay_hand)
    READER.winner(record, game.winner)
    return game


def extend(game: Game, record: dict, start: int) -> None:
    """Replay into ``game``, replayed from the first ``start`` hands of ``record``, the hands after them (the
    record's other fields are the ones ``game`` was replayed from), each checked as ``replay`` checks it."""
    READER.parts(record, "hands", game, lambda game: game.hands, _replay_hand, start=start)
    READER.winner(record, game.winner)


def restore(record: object, ruleset: Ruleset | None = None) -> Game:
    """The game a record was saved from, ready to go on (the next hand dealt from the seed if needed).

    The record must have its seed: its deals are checked against it, and the next hands follow from it.
    """
    return READER.restore(
        record, lambda record: replay(record, ruleset), lambda game: game.begin_hand(game.planned_deal())
    )
