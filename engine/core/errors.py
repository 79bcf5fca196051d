"""The one error base of the engine.

Every error raised for bad input (a notation error, an illegal move, a broken
record, a bad command-line argument, a board call it cannot serve) is an
``EngineError``. The command line and the board catch this class and nothing
broader, so a bug in the engine stays a traceback instead of a polite message.

An error may carry a ``code`` and ``params`` as well as its English message:
the board words the error in the reader's language from the code, and falls
back to the message when the catalog has no entry for it.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Bad input, refused with a reason a person can read.

    ``code`` names the kind of error for translated messages (``"notation"``,
    ``"illegal-action"``, ``"record"``...); ``params`` are the values the
    message quotes.
    """

    code = "engine"

    def __init__(self, message: str = "", *args: object, code: str | None = None, params: dict | None = None) -> None:
        super().__init__(message, *args)
        if code is not None:
            self.code = code
        self.params = dict(params or {})

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


#: How many characters of a bad value an error message quotes.
QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A bad value as an error message quotes it: as JSON (``"K10"``, ``["K10"]``, ``null``), never as Python
    text, and cut to its first ``limit`` characters with an ellipsis, so a huge input is never repeated whole."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters of a text an error message repeats (cut with an ellipsis)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
