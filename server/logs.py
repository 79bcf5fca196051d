"""The server's log: one line per record, as JSON (``--log-format json``, the default) or as text, each line of
bounded size, whatever a client sent.

A record may carry ``fields`` (``log.info("request", extra={"fields": {...}})``): they become the line's own keys,
so that a log collector filters on them (``"event": "request"``, ``"code": "rate-limited"``). Every text is clipped
(a path, a message, a traceback), so a client never writes a large line with a long path or a deep packet: a line
is at most ``MAX_LINE`` bytes (uvicorn's own lines too: it logs through the root logger).
"""

from __future__ import annotations

import logging
import time

import orjson

#: A field's text, a record's message, a traceback (its end: where it failed) at most, in characters.
MAX_FIELD = 256
MAX_MESSAGE = 1024
MAX_TRACEBACK = 3000
#: A whole line at most (bytes); a longer one loses its traceback, then its fields.
MAX_LINE = 4096


def clip(value, limit: int = MAX_FIELD):
    """``value`` as it is logged: numbers, booleans and None as they are, anything else as text of at most
    ``limit`` characters (marked ``…`` where cut)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    # A lone surrogate (a client may send one, escaped in its JSON) cannot be written as UTF-8: shown escaped.
    return text.encode("utf-8", "backslashreplace").decode() if not text.isascii() else text


def traceback(trace: str) -> str:
    """A traceback as it is logged: each line clipped (an exception's message may quote a whole request), then its
    last ``MAX_TRACEBACK`` characters, where it failed."""
    trace = "\n".join(clip(line, MAX_FIELD) for line in trace.splitlines())
    return trace if len(trace) <= MAX_TRACEBACK else "…" + trace[-MAX_TRACEBACK:]


class JsonLines(logging.Formatter):
    """One JSON object per record: ``time`` (UTC, ISO 8601, ms), ``level``, ``logger``, ``message``, the record's
    ``fields``, and ``traceback`` (its last ``MAX_TRACEBACK`` characters)."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"
        line = {"time": stamp, "level": record.levelname.lower(), "logger": record.name}
        line["message"] = clip(record.getMessage(), MAX_MESSAGE)
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            for key, value in list(fields.items())[:20]:
                line.setdefault(clip(key, 40), clip(value))
        if record.exc_info:
            line["traceback"] = traceback(self.formatException(record.exc_info))
        text = orjson.dumps(line).decode()
        if len(text.encode()) > MAX_LINE:
            line.pop("traceback", None)
            text = orjson.dumps({key: line[key] for key in ("time", "level", "logger", "message")}).decode()
        return text


class TextLines(logging.Formatter):
    """For a person at a terminal: time, logger, level, message, then the fields as ``key=value``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(name)s %(levelname)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        record.msg, record.args = clip(record.getMessage(), MAX_MESSAGE), ()
        text = super().format(record)
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            text += "".join(f" {clip(key, 40)}={clip(value)}" for key, value in list(fields.items())[:20])
        return text[: MAX_LINE * 2]

    def formatException(self, exc_info) -> str:
        return traceback(super().formatException(exc_info))


def configure(form: str = "json", level: int = logging.INFO) -> None:
    """The root logger writes ``form`` lines (``json`` or ``text``) to standard error."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if form == "json" else TextLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
