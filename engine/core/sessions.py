"""What a board's worker keeps between calls, for every game: its games and replays, under ids it hands out.

A board's ops (``engine.<game>.board.session``) keep a game in the worker between
calls and give the page its id; the page sends the id back with every move. The
worker keeps a few (the page uses one at a time) and forgets the oldest first; a
restarted worker forgets them all, and the page then resumes from its save
(``UnknownGameError``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Generic, TypeVar

from .errors import EngineError
from .i18n import LANGUAGES, CatalogError

Value = TypeVar("Value")

#: How many games, and how many replays, a worker keeps.
KEEP = 4

_ids = count(1)


class UnknownGameError(EngineError):
    """The worker doesn't hold this game or replay (it was restarted, or it is long gone)."""

    code = "unknown-game"


class SessionStore(Generic[Value]):
    """Values under ids such as ``game-7``; at most ``keep`` of them, the oldest forgotten first."""

    def __init__(self, prefix: str, missing: str, keep: int = KEEP) -> None:
        self.prefix = prefix
        #: The error's message when an id is unknown; ``{key}`` is the id asked for.
        self.missing = missing
        self.keep = keep
        self._values: dict[str, Value] = {}

    def add(self, value: Value) -> str:
        key = f"{self.prefix}-{next(_ids)}"
        self._values[key] = value
        while len(self._values) > self.keep:
            del self._values[next(iter(self._values))]
        return key

    def __getitem__(self, key: object) -> Value:
        try:
            return self._values[key]
        except (KeyError, TypeError):
            raise UnknownGameError(self.missing.format(key=key), params={"game": str(key)}) from None

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._values

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


def check_language(lang: object) -> str:
    """``lang`` if it is one of the site's languages, else the engine's error saying which are."""
    if lang not in LANGUAGES:
        raise CatalogError(
            f'"{lang}" is not a language of this site: use one of {", ".join(LANGUAGES)}', params={"lang": str(lang)}
        )
    return lang
