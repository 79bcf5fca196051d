"""The record envelope every game's record shares, and the one strict way records are read as JSON.

A record is a JSON object. Its ``"game"`` field names the game; a record written before
the field existed has none, and which game those are is the caller's to say
(``game_of(record, untagged=...)``: the commands and the first game's own reader say
it, after their spec). Inside the envelope each game owns its format (``spec/``).

Every record, from a file on the command line or from the board's page, is read the same
strict way (``read_text``, ``loads``): at most ``MAX_RECORD_BYTES``, read in bounded
pieces; UTF-8 without a byte-order mark; nested at most ``MAX_RECORD_DEPTH`` deep; JSON
numbers as JSON has them (no ``NaN`` or ``Infinity``) and integers of at most
``MAX_INT_DIGITS`` digits. Whatever breaks a rule is a ``RecordEnvelopeError`` with its
own code, never a ``ValueError`` from deep in Python.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from .errors import EngineError, quote

#: The largest record the engine reads, and how deeply its JSON may nest.
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_RECORD_DEPTH = 32
#: The longest integer a record or a board call may hold: far more than any seed (16 digits), far less than
#: the 4300 digits past which Python refuses to read one.
MAX_INT_DIGITS = 64
#: How much of a file is read at a time.
CHUNK = 64 * 1024


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


def game_of(record: object, untagged: str | None = None) -> str:
    """The game a record is of: its ``"game"`` field; when it has none, ``untagged`` (the game whose records
    predate the field, as the caller's spec says), or an error when the caller names none."""
    if not isinstance(record, dict):
        raise RecordEnvelopeError("a record must be a JSON object", code="record-not-object")
    game = record.get("game", untagged)
    if not isinstance(game, str) or not game:
        raise RecordEnvelopeError(f"the record's \"game\" must be a game's name, not {quote(game)}", code="record-game")
    return game


def check_json_depth(text: str, limit: int = MAX_RECORD_DEPTH, max_bytes: int = MAX_RECORD_BYTES) -> None:
    """Refuse JSON text that is too large or nests deeper than ``limit``, before parsing it.

    The scan counts brackets outside strings, so a deeply nested file is refused
    in linear time instead of exhausting the parser's recursion (in C, by regular
    expressions, but for the brackets themselves).
    """
    if len(text) > max_bytes:
        raise RecordEnvelopeError(
            f"the file is too large to be a record ({len(text)} characters; at most {max_bytes})",
            code="record-too-large",
            params={"size": len(text), "limit": max_bytes},
        )
    if text.count("[") + text.count("{") <= limit:
        return
    # The text outside strings: with no backslash, every other piece between quotes (fast, in C).
    outside = "".join(text.split('"')[0::2]) if "\\" not in text else _STRINGS.sub("", text)
    depth = 0
    for match in _BRACKETS.finditer(outside):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                raise RecordEnvelopeError(
                    f"the file nests deeper than a record does (more than {limit} levels)",
                    code="record-too-deep",
                    params={"limit": limit},
                )
        else:
            depth -= 1


#: A JSON string (its escapes included; one left open runs to the end), and a bracket outside of one.
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
#: An integer longer than a record's (refused by ``loads``; looked for in C first, as most records have none).
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_INT_DIGITS + 1}}}")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordEnvelopeError(
            f"the file holds an integer of {len(text.lstrip('-'))} digits: a record's numbers have at most "
            f"{MAX_INT_DIGITS}",
            code="record-number",
            params={"limit": MAX_INT_DIGITS},
        )
    return int(text)


def _constant(text: str) -> None:
    raise RecordEnvelopeError(f"{text} is not a JSON number", code="record-number", params={"limit": MAX_INT_DIGITS})


class NotJSONError(RecordEnvelopeError):
    """Text that is not JSON: ``reason``, ``line`` and ``column`` say where."""

    code = "record"

    def __init__(self, reason: str, line: int, column: int) -> None:
        super().__init__(
            f"not JSON: {reason}, line {line}, column {column}",
            params={"reason": reason, "line": line, "column": column},
        )
        self.reason, self.line, self.column = reason, line, column


def loads(text: str, limit: int = MAX_RECORD_DEPTH, max_bytes: int = MAX_RECORD_BYTES) -> object:
    """One JSON value, read the strict way of the module's docstring (``NotJSONError`` for text that isn't
    JSON; ``RecordEnvelopeError`` for a value too large, too deep, or with a number JSON does not have)."""
    if text.startswith("\ufeff"):
        raise RecordEnvelopeError(
            "the file starts with a byte-order mark: save it as UTF-8 without one", code="record-bom"
        )
    check_json_depth(text, limit, max_bytes)
    try:
        if _LONG_DIGITS.search(text):  # rare: only then is every integer read through Python
            return json.loads(text, parse_int=_integer, parse_constant=_constant)
        return json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as failure:
        raise NotJSONError(failure.msg, failure.lineno, failure.colno) from None
    except RecursionError:  # not reached after check_json_depth, but never a traceback
        raise RecordEnvelopeError("the file nests too deeply to be read", code="too-deep") from None


def decode(data: bytes) -> str:
    """Bytes as UTF-8 text; a ``RecordEnvelopeError`` (code ``record-not-text``) for anything else."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise RecordEnvelopeError(
            f"the file is not UTF-8 text (byte {failure.start + 1} cannot be read)",
            code="record-not-text",
            params={"byte": failure.start + 1},
        ) from None


def read_text(stream: IO[bytes], max_bytes: int = MAX_RECORD_BYTES) -> str:
    """A binary stream's text, read in bounded pieces: at most ``max_bytes`` bytes (an endless stream such as
    ``/dev/zero`` is refused after them), UTF-8 without a byte-order mark."""
    pieces, size = [], 0
    while size <= max_bytes:
        piece = stream.read(min(CHUNK, max_bytes + 1 - size))
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
    if size > max_bytes:
        raise RecordEnvelopeError(
            f"the file is too large (more than {max_bytes} bytes)",
            code="record-too-large",
            params={"size": size, "limit": max_bytes},
        )
    data = b"".join(pieces)
    if data.startswith(b"\xef\xbb\xbf"):
        raise RecordEnvelopeError(
            "the file starts with a byte-order mark: save it as UTF-8 without one", code="record-bom"
        )
    return decode(data)


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
            record = loads(line)
        except NotJSONError as failure:
            raise error(f"not JSON: {failure.reason} at column {failure.column}", number) from None
        except RecordEnvelopeError as failure:
            raise error(str(failure), number) from None
        yield number, record
