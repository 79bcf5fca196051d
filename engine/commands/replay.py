"""``replay``: replay game records through the engine and report the first inconsistency."""

from __future__ import annotations

import argparse
import io

from ..core.errors import EngineError
from ..core.record import NotJSONError, RecordEnvelopeError, game_of, loads
from ..okey.record import RecordError as OkeyRecordError
from ..okey.record import replay as okey_replay
from ..sniff.game import Drew, Passed, Played
from ..sniff.record import GAME as SNIFF
from ..sniff.record import RecordError, read_jsonl, replay
from . import GAMES, UsageError, add_input, read_input

NAME = "replay"
HELP = "replay game records (JSON Lines, or one JSON record) and report the first inconsistency, by hand and event"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(parser)


def records(text: str):
    """``(line, record)`` pairs: a JSON Lines file, or a whole file holding one record (or a list of them)."""
    stripped = text.strip()
    if stripped.startswith(("{", "[")) and "\n" in stripped:
        try:
            whole = loads(stripped)
        except NotJSONError:
            whole = None
        if isinstance(whole, dict):
            return [(1, whole)]
        if isinstance(whole, list):
            return [(1, record) for record in whole]
    return read_jsonl(io.StringIO(text))


def run(args: argparse.Namespace) -> int:
    text, name = read_input(args)
    games = hands = events = unseeded = 0
    counts = {Played: 0, Drew: 0, Passed: 0}
    okey = {"games": 0, "rounds": 0, "events": 0, "unseeded": 0}
    try:
        for line, record in records(text):
            # A record without "game" is Sniff's, as every record written before the field (spec/game-record.md).
            game = game_of(record, untagged=SNIFF) if isinstance(record, dict) else SNIFF
            if game == "okey":  # Okey records: engine.okey.record checks them
                try:
                    played = okey_replay(record)
                except OkeyRecordError as error:
                    raise UsageError(f"{name}: {error.at_line(line)}") from None
                okey["games"] += 1
                okey["rounds"] += len(played.rounds)
                okey["events"] += sum(len(state.events) for state in played.rounds)
                okey["unseeded"] += played.seed is None
                continue
            try:
                if game not in GAMES:
                    raise RecordError(f'the record is of the game "{game}", which this engine does not play')
                game = replay(record)
            except RecordError as error:
                raise error.at_line(line) from None
            games += 1
            hands += len(game.hands)
            unseeded += game.seed is None
            for hand in game.hands:
                events += len(hand.events)
                for event in hand.events:
                    counts[type(event)] += 1
    except (RecordError, RecordEnvelopeError) as error:
        raise UsageError(f"{name}: {error}") from None
    except EngineError as error:  # never expected here: every reading error is one of the above
        raise UsageError(f"{name}: {error}") from None
    if okey["games"]:
        print(
            f"{name}: {okey['games']} Okey games, {okey['rounds']} rounds, {okey['events']} events: "
            f"all consistent{_unchecked(okey['unseeded'], okey['games'])}"
        )
        if not games:
            return 0
    if not games:
        raise UsageError(f"{name}: no game records in it")
    print(
        f"{name}: {games} games, {hands} hands, {events} events "
        f"({counts[Played]} placements, {counts[Drew]} draws, {counts[Passed]} passes): all consistent"
        f"{_unchecked(unseeded, games)}"
    )
    return 0


def _unchecked(unseeded: int, games: int) -> str:
    """What the summary adds when records have no seed: their deals follow the rules, but nothing says they
    were dealt at random (anyone may have written them)."""
    if not unseeded:
        return ""
    which = "every record" if unseeded == games else f"{unseeded} of the {games} records"
    return f"; {which} without a seed: their deals were not checked"
