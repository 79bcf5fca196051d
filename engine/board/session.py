"""The board's API: every call of the browser's worker, JSON in and JSON out.

The worker (``docs/assets/board/worker.mjs``) answers each page message
``{id, op, args}`` with ``handle(op, json.dumps(args))``, which returns one JSON
text: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {...}}``.
Strings cross the JavaScript/Python boundary instead of proxies, so nothing
leaks and the same calls work from CPython in tests.

An op is a function registered with ``@op``: keyword arguments of plain JSON
values in, plain JSON values out. Layouts travel in the layout notation
(shared/spec/layout-notation.md), one placement per line or joined by ``;``.

Expected failures come back as errors the page can show: a layout that is not
legal (``NotationError`` with its ``line``), an unknown op, bad arguments, a
language that is not the site's. Anything else is a bug in the engine and
raises, so the worker reports it with its traceback.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable
from typing import Any

from .. import __version__
from ..core.errors import EngineError
from ..core.record import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, check_json_depth
from ..i18n import LANGUAGES, CatalogError
from ..play.session import OPS as PLAY_OPS
from ..sniff import Layout, NotationError, parse_layout
from ..sniff import text as sniff_text

#: Every op the worker may call, by name: the games, replays and sandbox of engine.play, and the ops below.
OPS: dict[str, Callable[..., Any]] = dict(PLAY_OPS)


class BoardCallError(ValueError):
    """A call the board can't answer: unknown op or arguments that don't fit it."""


def op(function: Callable[..., Any]) -> Callable[..., Any]:
    """Register ``function`` as an op under its own name."""
    OPS[function.__name__] = function
    return function


def _layout(layout: str) -> Layout:
    if not isinstance(layout, str):
        raise BoardCallError(f"the layout must be text in the layout notation, not {type(layout).__name__}")
    return parse_layout(layout)


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise CatalogError(f'"{lang}" is not a language of this site: use one of {", ".join(LANGUAGES)}')
    return lang


@op
def version() -> dict:
    """The engine's and Python's versions, and the languages the engine speaks."""
    return {
        "engine": __version__,
        "python": "{}.{}.{}".format(*sys.version_info[:3]),
        "implementation": sys.implementation.name,
        "platform": sys.platform,
        "languages": list(LANGUAGES),
    }


@op
def describe(layout: str, lang: str = "en") -> dict:
    """The diagram text of a layout: heading, caption and long description."""
    text = sniff_text.describe(_layout(layout), _lang(lang))
    return {"heading": text.heading, "caption": text.caption, "description": text.description}


@op
def analyse(layout: str, lang: str = "en") -> dict:
    """Everything the engine knows of a layout (as ``python -m engine describe --json``)."""
    # Imported here: the command line's modules (argparse) would slow every start of the board.
    from ..commands.describe import analysis

    parsed = _layout(layout)
    if not len(parsed):
        raise BoardCallError("the layout has no tiles: write the opening tile first, for example 1|4")
    return analysis(parsed, _lang(lang))


@op
def legal_joins(layout: str) -> list[dict]:
    """Every open side where a tile may join now, as ``{tile, side, value}`` (empty layout: none)."""
    return [{"tile": j.tile.notation(), "side": j.side.value, "value": j.value} for j in _layout(layout).legal_joins()]


@op
def render_svg(layout: str, lang: str = "en", last: bool = False, legend: bool = False) -> str:
    """The engine's SVG diagram of a layout (an empty layout draws an empty table).

    ``last`` highlights the tile placed last; ``legend`` draws the legend below.
    Ids in the SVG are derived from the layout, so two diagrams on a page differ.
    """
    if not isinstance(last, bool) or not isinstance(legend, bool):
        raise BoardCallError("last and legend must be true or false")
    # Imported on the first drawing, not at the board's start: xml.etree and the geometry
    # cost about 80 ms in Pyodide, and the board has its static picture until a game begins.
    from ..sniff import svg as sniff_svg

    return sniff_svg.render_svg(_layout(layout), _lang(lang), last=last, legend=legend)


def _check_arguments(name: str, args: object) -> tuple[Callable[..., Any], dict]:
    function = OPS.get(name)
    if function is None:
        raise BoardCallError(f'the board has no op "{name}": use one of {", ".join(sorted(OPS))}')
    if not isinstance(args, dict):
        raise BoardCallError(f'the arguments of "{name}" must be an object of named values')
    try:
        inspect.signature(function).bind(**args)
    except TypeError as error:
        raise BoardCallError(f'bad arguments for "{name}": {error}') from None
    return function, args


def _error(error: Exception) -> dict:
    reply = {"type": type(error).__name__, "message": str(error)}
    if isinstance(error, NotationError):
        reply |= {"line": error.line, "reason": error.reason}
    # The page words the error in its language from the code and its parameters (engine.play.errors).
    from ..play.errors import describe_error

    reply |= describe_error(error)
    return reply


def call(name: str, args: dict | None = None) -> Any:
    """Run one op in Python and return its result (raises on every failure)."""
    function, args = _check_arguments(name, {} if args is None else args)
    return function(**args)


#: How deeply a call's arguments may nest: a record (MAX_RECORD_DEPTH) inside the arguments' own levels.
MAX_ARGS_DEPTH = MAX_RECORD_DEPTH + 4
#: How large a call's arguments may be: a record's text at its largest, escaped as a JSON string.
MAX_ARGS_CHARS = 2 * MAX_RECORD_BYTES


class TooDeepError(EngineError):
    """A value nested too deeply for the engine to read (Python's recursion limit was reached)."""

    code = "too-deep"


def _decode(args_json: str) -> object:
    """The call's arguments, refused before parsing when too large or too deeply nested."""
    if not isinstance(args_json, str):
        raise BoardCallError("the arguments must be JSON text")
    check_json_depth(args_json, limit=MAX_ARGS_DEPTH, max_bytes=MAX_ARGS_CHARS)
    try:
        return json.loads(args_json)
    except json.JSONDecodeError as error:
        raise BoardCallError(f"the arguments are not JSON: {error}") from None


def handle(name: str, args_json: str = "{}") -> str:
    """The worker's entry point: one op's reply as JSON text (see the module's docstring)."""
    try:
        reply: dict = {"ok": True, "result": call(name, _decode(args_json))}
    except RecursionError:
        # Whatever got past the checks and still nests too deeply is refused, never a crash of the worker.
        error = TooDeepError("the value nests too deeply for the engine to read")
        reply = {"ok": False, "error": _error(error)}
    except (ValueError, LookupError) as error:
        reply = {"ok": False, "error": _error(error)}
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
