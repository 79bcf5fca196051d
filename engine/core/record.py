"""The record envelope every game's record shares.

A record is a JSON object. Its ``"game"`` field names the game (``"sniff"`` or
``"okey"``); a record without one is an American Sniff record, as every record
written before the field existed. Inside the envelope each game owns its format
(``docs/formats/``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from .errors import EngineError

#: The game of a record that does not say.
DEFAULT_GAME = "sniff"

#: The largest record the engine reads, and how deeply its JSON may nest.
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_RECORD_DEPTH = 32


#: The largest seed a game accepts: a record carries its seed as a JSON number, which JavaScript (the board's page)
#: reads exactly only up to 2**53 - 1. Every game's seeds are checked with ``check_seed``.
MAX_SEED = 2**53 - 1


def check_seed(seed: int) -> int:
    """``seed`` if it is within 0 .. MAX_SEED; otherwise an ``EngineError`` that says the bounds."""
    if not 0 <= seed <= MAX_SEED:
        raise EngineError(
            f"the seed must be a whole number from 0 to {MAX_SEED} (2**53 - 1), not {seed}",
            code="seed",
            params={"max": MAX_SEED},
        )
    return seed


class RecordEnvelopeError(EngineError):
    code = "record"


def game_of(record: object) -> str:
    """The game a record is of: its ``"game"`` field, or American Sniff when absent."""
    if not isinstance(record, dict):
        raise RecordEnvelopeError("a record must be a JSON object", code="record-not-object")
    game = record.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or not game:
        raise RecordEnvelopeError("the record's \"game\" must be a game's name", code="record-game")
    return game


def check_json_depth(text: str, limit: int = MAX_RECORD_DEPTH, max_bytes: int = MAX_RECORD_BYTES) -> None:
    """Refuse JSON text that is too large or nests deeper than ``limit``, before parsing it.

    The scan counts brackets outside strings, so a deeply nested file is refused
    in linear time instead of exhausting the parser's recursion.
    """
    if len(text) > max_bytes:
        raise RecordEnvelopeError(
            f"the file is too large to be a record ({len(text)} characters; at most {max_bytes})",
            code="record-too-large",
            params={"size": len(text), "limit": max_bytes},
        )
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise RecordEnvelopeError(
                    f"the file nests deeper than a record does (more than {limit} levels)",
                    code="record-too-deep",
                    params={"limit": limit},
                )
        elif char in "]}":
            depth -= 1


def dumps(record: dict, indent: int | None = None) -> str:
    """A record as JSON text: one line by default (for JSON Lines)."""
    separators = (",", ":") if indent is None else None
    return json.dumps(record, ensure_ascii=False, indent=indent, separators=separators)


def write_jsonl(records: Iterable[dict], stream: IO[str]) -> int:
    """Write records as JSON Lines; return how many."""
    count = 0
    for record in records:
        stream.write(dumps(record) + "\n")
        count += 1
    return count


def read_jsonl(stream: IO[str], error: Callable[[str, int], Exception]) -> Iterator[tuple[int, object]]:
    """Yield ``(line number, record)`` for every non-blank line; a line that is not JSON raises
    ``error(reason, line)``, the game's own record error."""
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as failure:
            raise error(f"not JSON: {failure.msg} at column {failure.colno}", number) from None
        yield number, record
