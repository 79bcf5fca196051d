"""The board's errors in the reader's language: a code and parameters for every error, and the sentences for them.

The engine's errors say why in English (``str(error)``: for the command line, the
console and the tests). The board's page words them in its own language instead:
``describe_error`` gives each error the board may meet a ``code`` and ``params``
(an ``EngineError`` carries its own), and ``error_words`` is the sentence of every
code, from the ``play`` catalog, which the site's build writes into the page
(``ui_text``'s ``errors``). The page fills in the parameters; a code it has no
sentence for gets the general one (``unknown``). Each sentence is a reason, put
into the page's own sentences ("This file is not a game record the board can
replay: {reason}").
"""

from __future__ import annotations

from ..i18n import translations


def describe_error(error: BaseException) -> dict:
    """``{"code": ..., "params": {...}}`` of an error: where it is (line, hand, event) and what it quotes."""
    code = getattr(error, "code", None)
    params = getattr(error, "params", None)
    if isinstance(code, str) and code != "engine":
        return {"code": code, "params": dict(params or {})}
    # The games' own errors, by class (they say where; their reasons stay in the message).
    name = type(error).__name__
    if name == "NotationError":
        return {"code": "notation", "params": {"line": error.line}}
    if name == "RecordError":
        where = {key: getattr(error, key, None) for key in ("line", "hand", "event")}
        if where["hand"] is not None and where["event"] is not None:
            return {"code": "record-event", "params": {"hand": where["hand"], "event": where["event"]}}
        if where["hand"] is not None:
            return {"code": "record-hand", "params": {"hand": where["hand"]}}
        return {"code": "record", "params": {}}
    if name in ("IllegalActionError", "PlayError"):
        return {"code": "play", "params": {}}
    if name == "UnknownGameError":
        return {"code": "unknown-game", "params": {}}
    return {"code": "unknown", "params": {}}


def error_words(lang: str = "en") -> dict[str, str]:
    """The reason of every error code, in ``lang``; placeholders in braces are the error's ``params``."""
    _ = translations(lang, "play").gettext
    return {
        "unknown": _("the board could not do this, for a reason it has no words for in this language"),
        "notation": _("line {line} cannot be read, or places a tile where the rules do not allow it"),
        "layout-too-long": _("it is longer than any layout of the 28 tiles ({size} characters)"),
        "record": _("it is not a game record of American Sniff, or its figures do not add up"),
        "record-hand": _("hand {hand} does not follow the rules, or its figures do not add up"),
        "record-event": _("in hand {hand}, move {event} does not follow the rules"),
        "record-not-text": _("the file could not be read as text"),
        "record-not-object": _("a game record is one JSON object, and this file holds something else"),
        "record-game": _("the record does not say which game it is"),
        "record-too-large": _("the file is too large to be a game record ({size} characters; at most {limit})"),
        "record-too-deep": _("the file nests more deeply than a game record does (more than {limit} levels)"),
        "too-deep": _("the value nests too deeply for the engine to read"),
        "play": _("that does not fit the game as it stands"),
        "unknown-game": _("the board no longer holds this game"),
        "stopped": _("the rules engine stopped working"),
    }
