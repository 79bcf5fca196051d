"""The fields of a client's event, checked before any table sees them (``server.sockets``): each one the protocol
allows (spec/online-tables.md), or a ``bad-request`` that names the field and says what it takes.
"""

from __future__ import annotations

import unicodedata

from engine.core.i18n import LANGUAGES

from .errors import ServerError

#: The longest text field (an id, a token, an invite).
MAX_TEXT = 128
#: Letters and symbols that show nothing (Hangul fillers, the blank braille pattern): a name of these alone is none.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def text(data: dict, name: str, limit: int = MAX_TEXT) -> str:
    """A text field of the protocol: ids, tokens, invites and actions are printable ASCII."""
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit or not (value.isascii() and value.isprintable()):
        message = f"{name} is a text of 1 to {limit} printable ASCII characters"
        raise ServerError("bad-request", message, {"field": name})
    return value


def whole(data: dict, name: str, default: int | None = None) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ServerError("bad-request", f"{name} is a whole number from 0", {"field": name})
    return value


def seat_name(data: dict, limit: int) -> str | None:
    """The optional ``name`` a visitor typed for their seat: a printable text of at most ``limit`` characters,
    trimmed; one that shows nothing (empty, blank fillers, combining marks alone) is no name."""
    value = data.get("name")
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise ServerError("bad-request", f"name is a text of at most {limit} characters", {"field": "name"})
    value = value.strip()
    if not any(char not in BLANKS and unicodedata.category(char)[0] not in "MZC" for char in value):
        return None
    return value


def command_id(data: dict) -> str:
    """The client's own ``id`` of a command (a text or a number): a command sent again with it is not applied
    twice."""
    value = data.get("id")
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > MAX_TEXT:
        raise ServerError("bad-request", "id is the client's own text or number for this command", {"field": "id"})
    if isinstance(value, str) and not value.isprintable():
        raise ServerError("bad-request", "id is a printable text", {"field": "id"})
    return str(value)


def language(data: dict) -> str:
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise ServerError("bad-request", f"lang is one of {', '.join(LANGUAGES)}", {"field": "lang"})
    return lang


def bot_level(data: dict) -> str | None:
    """The optional ``level`` of the bots that take a starting table's free seats (the table checks it is one of
    the game's)."""
    level = data.get("level")
    if level is not None and (not isinstance(level, str) or len(level) > MAX_TEXT or not level.isprintable()):
        raise ServerError("bad-request", "level is the name of one of the game's bots", {"field": "level"})
    return level


def timer_option(options, low: float):
    """A new table's options, its move timer checked: one shorter than ``low`` seconds (but not 0, none) is
    refused, since every human move would be the bot's."""
    timer = options.get("timer") if isinstance(options, dict) else None
    if isinstance(timer, (int, float)) and not isinstance(timer, bool) and 0 < timer < low:
        raise ServerError(
            "bad-request",
            f"the option timer is 0 (none) or at least {low:g} seconds",
            {"field": "options.timer", "min": low},
        )
    return options
