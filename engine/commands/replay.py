"""``replay``: replay game records through the engine and report the first inconsistency."""

from __future__ import annotations

import argparse
import io

from ..core.errors import EngineError
from ..core.games import record_game
from ..core.record import NotJSONError, RecordEnvelopeError, loads, read_jsonl
from ..core.records import RecordError
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
    return read_jsonl(io.StringIO(text), lambda reason, line: RecordError(reason, line=line))


def run(args: argparse.Namespace) -> int:
    text, name = read_input(args)
    #: Each game's replayed games, in the order the registry lists the games.
    played: dict[str, list] = {game: [] for game in GAMES}
    try:
        for line, record in records(text):
            game = record_game(record)
            try:
                if game not in GAMES:
                    raise RecordError(f'the record is of the game "{game}", which this engine does not play')
                played[game].append(GAMES[game].replay(record))
            except RecordError as error:
                raise error.at_line(line) from None
    except (RecordError, RecordEnvelopeError) as error:
        raise UsageError(f"{name}: {error}") from None
    except EngineError as error:  # never expected here: every reading error is one of the above
        raise UsageError(f"{name}: {error}") from None
    if not any(played.values()):
        raise UsageError(f"{name}: no game records in it")
    # The games the registry lists last first: Okey's summary has come before Sniff's since Okey was added.
    for game, games in reversed(played.items()):
        if games:
            unseeded = sum(one.seed is None for one in games)
            print(f"{name}: {GAMES[game].summary(games)}: all consistent{_unchecked(unseeded, len(games))}")
    return 0


def _unchecked(unseeded: int, games: int) -> str:
    """What the summary adds when records have no seed: their deals follow the rules, but nothing says they
    were dealt at random (anyone may have written them)."""
    if not unseeded:
        return ""
    which = "every record" if unseeded == games else f"{unseeded} of the {games} records"
    return f"; {which} without a seed: their deals were not checked"
