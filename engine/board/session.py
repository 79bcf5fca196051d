"""The board's API: every call of the browser's worker, JSON in and JSON out, for every game.

The worker (``docs/assets/board/worker.mjs``) answers each page message
``{id, op, args}`` with ``handle(op, json.dumps(args))``, which returns one JSON
text: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {...}}``.
Strings cross the JavaScript/Python boundary instead of proxies, so nothing
leaks and the same calls work from CPython in tests.

An op's name carries its game: ``<game>.new`` is the op ``new`` written once for
every game (``engine.board.ops``: ``play``, ``replays``, ``online``) called with
that game's spec, and ``<game>.<own>`` one of the game's own ops (its board
module's ``OPS``: a sandbox, a rack's checks). The games and their
board modules are the registry's (``engine.core.games.GAMES``); a game's board is
imported at its first call, so a page with one game never loads another.
``version`` belongs to no game.

Expected failures come back as errors the page can show in its language: every
``EngineError`` (a layout that is not legal, with its ``line``; an illegal move;
a broken record; an unknown op or bad arguments), with its ``code`` and
``params``. Anything else is a bug in the engine and raises, so the worker
reports it with its traceback. A record nested so deeply that Python's parser
would run out of stack is refused before parsing (``core.record``); a
``RecursionError`` that happens anyway is reported as the engine's error.
"""

from __future__ import annotations

import functools
import inspect
import json
import sys
from collections.abc import Callable
from typing import Any

from .. import __version__
from ..core.errors import EngineError
from ..core.games import GAMES
from ..core.i18n import LANGUAGES
from ..core.record import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, NotJSONError, loads
from ..core.sessions import board_of
from . import online, play, replays  # noqa: F401 (their ops join GAME_OPS)
from .ops import GAME_OPS

#: The ops of no game.
OPS: dict[str, Callable[..., Any]] = {}


class BoardCallError(EngineError):
    """A call the board can't answer: unknown op or arguments that don't fit it."""

    code = "call"


def op(function: Callable[..., Any]) -> Callable[..., Any]:
    """Register ``function`` as an op of no game, under its own name."""
    OPS[function.__name__] = function
    return function


@op
def version() -> dict:
    """The engine's and Python's versions, the languages the engine speaks and the games it plays."""
    return {
        "engine": __version__,
        "python": "{}.{}.{}".format(*sys.version_info[:3]),
        "implementation": sys.implementation.name,
        "platform": sys.platform,
        "languages": list(LANGUAGES),
        "games": list(GAMES),
    }


def game_ops(game: str) -> dict[str, Callable[..., Any]]:
    """Every op of ``game``, by its short name: those written once (bound to the game's spec) and its own."""
    spec = GAMES[game]
    return {name: functools.partial(op, spec) for name, op in GAME_OPS.items()} | dict(board_of(spec).OPS)


def find_op(name: object) -> Callable[..., Any]:
    """The function behind an op's name (``version``, or ``<game>.<op>``)."""
    if not isinstance(name, str):
        raise BoardCallError("an op's name is text: version, or <game>.<op>")
    game, dot, short = name.partition(".")
    if not dot:
        function = OPS.get(name)
    elif game in GAMES:
        spec = GAMES[game]
        shared = GAME_OPS.get(short)
        function = functools.partial(shared, spec) if shared is not None else board_of(spec).OPS.get(short)
    else:
        raise BoardCallError(
            f'the board plays no game "{game}": use one of {", ".join(GAMES)}', code="unknown-op", params={"op": name}
        )
    if function is None:
        raise BoardCallError(f'the board has no op "{name}"', code="unknown-op", params={"op": name})
    return function


def _check_arguments(name: str, args: object) -> tuple[Callable[..., Any], dict]:
    function = find_op(name)
    if not isinstance(args, dict):
        raise BoardCallError(f'the arguments of "{name}" must be an object of named values')
    try:
        inspect.signature(function).bind(**args)
    except TypeError as error:
        raise BoardCallError(f'bad arguments for "{name}": {error}', code="arguments") from None
    return function, args


def _error(error: EngineError) -> dict:
    reply = {"type": type(error).__name__, "code": error.code, "params": error.params, "message": str(error)}
    for name in ("line", "reason"):  # an error that says where and why has both at the top, for the page's box
        if name in error.params:
            reply[name] = error.params[name]
    return reply


def _too_deep() -> EngineError:
    return EngineError("the input nests too deeply to be read", code="too-deep")


def call(name: str, args: dict | None = None) -> Any:
    """Run one op in Python and return its result (raises on every failure)."""
    function, args = _check_arguments(name, {} if args is None else args)
    try:
        return function(**args)
    except RecursionError:
        raise _too_deep() from None


#: How deeply a call's arguments may nest: a record (MAX_RECORD_DEPTH) inside the arguments' own levels.
MAX_ARGS_DEPTH = MAX_RECORD_DEPTH + 4
#: How large a call's arguments may be: a record's text at its largest, escaped as a JSON string.
MAX_ARGS_CHARS = 2 * MAX_RECORD_BYTES


def handle(name: str, args_json: str = "{}") -> str:
    """The worker's entry point: one op's reply as JSON text (see the module's docstring)."""
    try:
        return _handle(name, args_json)
    except RecursionError:  # the stack ran out outside the op itself; here, at the top, there is room again
        return json.dumps({"ok": False, "error": _error(_too_deep())}, ensure_ascii=False, separators=(",", ":"))


def _handle(name: str, args_json: str) -> str:
    try:
        if not isinstance(args_json, str):
            raise BoardCallError("the arguments are the text of a JSON object")
        # Read as every record is (core.record.loads): too deep or too large is refused before parsing (in
        # Pyodide a deep enough value exhausts the stack before Python can raise), and so are integers of
        # thousands of digits, which Python refuses to read.
        args = loads(args_json, limit=MAX_ARGS_DEPTH, max_bytes=MAX_ARGS_CHARS)
    except NotJSONError as error:
        reply: dict = {"ok": False, "error": _error(BoardCallError(f"the arguments are {error}"))}
    except EngineError as error:
        reply = {"ok": False, "error": _error(error)}
    else:
        try:
            reply = {"ok": True, "result": call(name, args)}
        except EngineError as error:
            reply = {"ok": False, "error": _error(error)}
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
