"""``review``: the engine's review of a finished game for one seat, from its record alone."""

from __future__ import annotations

import argparse
import json

from ..core.errors import EngineError
from ..core.games import record_game
from ..core.record import RecordEnvelopeError
from ..core.records import RecordError
from . import GAMES, UsageError, add_input, add_lang, read_input
from .replay import records

NAME = "review"
HELP = (
    "review a finished game's moves for one seat (Sniff or Okey, from its record; of a JSON Lines file, "
    "the first game): the remarks, the worst three starred"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(parser)
    parser.add_argument("--seat", type=int, required=True, help="the seat to review (0 = the first)")
    add_lang(parser)
    parser.add_argument("--json", action="store_true", help="the review as JSON (as the boards' review op gives it)")
    parser.add_argument("--no-svg", action="store_true", help="with --json: leave the pictures out")


def review_of(record: dict, seat: int, lang: str, pictures: bool) -> dict:
    try:
        game = record_game(record)  # as replay reads them: a record without "game" is of the untagged game
    except RecordEnvelopeError as error:
        raise UsageError(str(error)) from None
    if game not in GAMES:
        raise RecordError(f'the record is of the game "{game}", which this engine does not play')
    players = record.get("players", 4)
    if not isinstance(players, int) or not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: this game's seats are 0 to {players - 1 if isinstance(players, int) else 3}")
    return GAMES[game].review_json(record, seat, lang, pictures=pictures)


def run(args: argparse.Namespace) -> int:
    text, name = read_input(args)
    found = records(text)
    if not found:
        raise UsageError(f"{name}: no game record in it")
    line, record = found[0] if isinstance(found, list) else next(iter(found))
    if not isinstance(record, dict):
        raise UsageError(f"{name}: line {line}: a game record is one JSON object")
    try:
        result = review_of(record, args.seat, args.lang, pictures=args.json and not args.no_svg)
    except UsageError:
        raise
    except EngineError as error:  # the record modules' RecordError, with the hand and event
        raise UsageError(f"{name}: {error}") from None
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    for remark in result["remarks"]:
        mark = "*" if remark["drill"] else " "
        print(f"{mark} {remark['heading']}: {remark['text']}")
    return 0
