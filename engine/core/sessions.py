"""What a board's worker keeps between calls, for every game: its games, replays and online seats, under ids.

The board's ops (``engine.board``) keep a game in the worker between calls and give the page its id; the page
sends the id back with every move. The worker keeps a few of each (the page uses one at a time) and forgets the
oldest first; a restarted worker forgets them all, and the page then resumes from its save (``UnknownGameError``).

A board draws a game from one seat's ``Position``: that seat's view of the part in play (Sniff's hand, Okey's
round) and the finished parts, public once they are over, never a whole game. A game against the bots makes it
from its ``Session`` (``Session.position``), an online table's page from the server's state (the seat's view read
back with ``GameSpec.view_from_json``, the finished parts replayed from their record), a replay from the record's
game at a step: the same drawing either way (``engine.<game>.board.view``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Generic, TypeVar

from .errors import EngineError, excerpt, quote
from .i18n import LANGUAGES, CatalogError
from .record import NotJSONError, loads

Value = TypeVar("Value")

#: How many games, replays and online seats of each game a worker keeps.
KEEP = 4
#: The seat of a board's player; the bots play the others.
HUMAN = 0

_ids = count(1)


class UnknownGameError(EngineError):
    """The worker doesn't hold this game or replay (it was restarted, or it is long gone)."""

    code = "unknown-game"


class SessionStore(Generic[Value]):
    """Values under ids such as ``sniff-7``; at most ``keep`` of them, the oldest forgotten first."""

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
            shown = excerpt(key) if isinstance(key, str) else quote(key)
            raise UnknownGameError(self.missing.format(key=shown), params={"game": shown}) from None

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
            f"{quote(lang)} is not a language of this site: use one of {', '.join(LANGUAGES)}",
            params={"lang": quote(lang, 24)},
        )
    return lang


class PlayError(EngineError):
    """A call that doesn't fit the game as it stands (not the player's turn, nothing to deal, bad settings)."""

    code = "play"


def check_bots(bots: object, names: Iterable[str]) -> str:
    """``bots`` if it is one of the game's bots (``names``), else a ``PlayError`` that lists them."""
    names = tuple(names)
    if bots not in names:
        raise PlayError(
            f"the bots are one of {', '.join(names)}, not {quote(bots)}",
            code="bots",
            params={"bots": excerpt(bots) if isinstance(bots, str) else quote(bots, 24)},
        )
    return bots


def check_phase(phase: str, wanted: str, refusal: str, code: str) -> None:
    """Nothing if the game is in the ``wanted`` phase (its view's ``phase``); else a ``PlayError``: ``refusal``
    and the phase it is in."""
    if phase != wanted:
        raise PlayError(f"{refusal} ({phase})", code=code, params={"phase": phase})


# -- what a board draws -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What a board draws of a game from one seat (``seen.seat``): that seat's view of the part now, in play or
    just ended (``GameSpec.view_json``'s view), the finished parts (public: the part now among them once it has
    ended) and whether the game is over. In a replay of a record, ``shown`` is the part now, every tile of it
    public. ``watching``: an online table's spectator, who sits at no seat (``seen`` is then a seat's view with
    nothing of that seat's own in it); ``names``: the names people typed at an online table, by seat (None: none),
    with which its board names the seats."""

    seen: Any
    done: tuple
    over: bool
    shown: Any = None
    watching: bool = False
    names: tuple | None = None

    @property
    def me(self) -> int | None:
        """The board's own seat; None for a spectator."""
        return None if self.watching else self.seen.seat

    @property
    def ended(self) -> Any:
        """The part now once it has ended (public now: its tiles, its settlement), else None."""
        if self.seen.end is None or len(self.done) != self.seen.part:
            return None
        return self.done[-1]


def position_of(spec: Any, game: Any, me: int = HUMAN, *, reveal: bool = False) -> Position:
    """``game`` from seat ``me``: its view and its finished parts (a game against the bots, whose worker holds the
    whole game; a test's); ``reveal``: the part now shown whole, as a replay of a record shows it."""
    parts = spec.parts_of(game)
    done = tuple(parts if parts[-1].is_over else parts[:-1])
    return Position(game.view(me), done, game.is_terminal(), parts[-1] if reveal else None)


def board_phase(position: Position, part: str) -> str:
    """What a board waits for now: ``gameOver``, ``<part>Over`` (a hand or round ended: the next deal), ``you``
    (the move of the board's seat) or ``bot`` (another seat's: a bot's at the page's pace, or on an online table
    whoever sits there)."""
    if position.over:
        return "gameOver"
    current = position.seen.current_player
    if current is None:
        return f"{part}Over"
    return "you" if current == position.me else "bot"


def board_of(spec: Any) -> Any:
    """The module of a game's board (``spec.board``): its drawing (``draw``, ``news``) and its own ops."""
    return importlib.import_module(spec.board)


# -- games against the bots ---------------------------------------------------------------------------------------


@dataclass
class Session:
    """A game against the bots in a board's worker: the game (its spec's), the level of its bots and the table
    options it keeps (``settings``: Okey's ``assisted``). The player sits at seat ``HUMAN``."""

    spec: Any
    game: Any
    bots: str
    settings: dict = field(default_factory=dict)

    def position(self, me: int = HUMAN) -> Position:
        """The game from seat ``me``: its view and the finished parts."""
        return position_of(self.spec, self.game, me)

    def bot_action(self) -> Any:
        """The action the bot of the seat to play chooses, from that seat's view alone. Its randomness follows
        from the position, so a restored game goes on exactly as it would have."""
        game = self.game
        parts = self.spec.parts_of(game)
        seat = game.current_player
        rng = random.Random(f"{self.spec.bot_seed}:{game.seed}:{len(parts)}:{len(parts[-1].events)}")
        return self.spec.make_bot(self.bots, seat, rng).choose(game.view(seat))

    def reply(self, key: str, lang: str, news: list[str]) -> dict:
        """What a board draws of the game now (its board's ``draw``), and what every reply about a game in play
        carries besides: the game's id, the sentences of what changed, the record a player may download, the
        whole record (the page's save, which the worker keeps sealed), how far the game has gone, its bots."""
        spec = self.spec
        save = spec.record(self.game)
        view = board_of(spec).draw(self.position(), lang, self.settings)
        return view | {
            "game": key,
            "news": news,
            "record": finished_record(save, spec.parts),
            "save": save,
            "moves": moves_made(spec.parts_of(self.game)),
            "bots": self.bots,
            "canDeal": self.game.seed is not None,
        }


def finished_record(record: dict, parts: str) -> dict:
    """What a player may download of a game: the finished parts only, and the seed (which deals every
    later part) only once the game is over."""
    if record.get("winner") is not None:
        return record
    finished = [part for part in record[parts] if part.get("end") is not None]
    return {key: value for key, value in record.items() if key != "seed"} | {parts: finished}


def check_save(save: dict) -> dict:
    """A save the board may resume, once replayed: a record with its seed, against which the replay has checked
    every deal (a save without one, or with a seed JavaScript could not keep, which arrives as null, would
    restore any deal at all)."""
    if save.get("seed") is None:
        raise PlayError(
            "the save has no seed, so its deals cannot be checked: it is not resumed", code="no-seed", params={}
        )
    return save


def moves_made(parts: Iterable) -> int:
    """How far a game has gone: parts dealt plus events (tests and scripts wait on it)."""
    return sum(len(part.events) + 1 for part in parts)


_stores: dict[tuple[str, str], SessionStore] = {}

_MISSING = {
    "game": 'the board holds no game "{key}": resume it from its save',
    "replay": 'the board holds no replay "{key}": load the record again',
    "online": 'the page holds no online table "{key}"',
}


def store(game: str, kind: str) -> SessionStore:
    """A game's ``kind`` of values in this worker: ``game`` (``Session``), ``replay`` (``Replay``) or ``online``
    (an online table's seat: its ``Position`` and settings), under ids such as ``okey-7``, ``okey-replay-8``."""
    found = _stores.get((game, kind))
    if found is None:
        prefix = game if kind == "game" else f"{game}-{kind}"
        found = _stores[(game, kind)] = SessionStore(prefix, _MISSING[kind])
    return found


def in_play(game: str, key: object) -> Session:
    """The game against the bots under ``key``."""
    return store(game, "game")[key]


def seat_of(game: str, key: object) -> tuple[Position, dict]:
    """The seat's position and settings under ``key``: a game against the bots (its player's seat) or an online
    table's seat, whose ops (Okey's rack) then read the same view either way."""
    if key in store(game, "online"):
        return store(game, "online")[key]
    session = in_play(game, key)
    return session.position(), session.settings


# -- replays ------------------------------------------------------------------------------------------------------


def parse_record(text: object, error: Callable[[str], Exception]) -> dict:
    """A game record from a file's text: one JSON object, or the first game of a JSON Lines file;
    ``error(reason)`` is the game's own record error.

    The text is read as ``core.record.loads`` reads every record (its size and nesting checked before it is
    parsed, so a hostile file is refused quickly; no byte-order mark; no integer longer than any record's).
    """
    if not isinstance(text, str):
        raise PlayError("the record is the text of a JSON file")
    try:
        return loads(text)
    except NotJSONError:
        pass
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise error("the file is empty") from None
    try:
        return loads(lines[0])
    except NotJSONError as failure:
        raise error(f"not JSON: {failure.reason}, line 1, column {failure.column}") from None


@dataclass
class Replay:
    """A loaded record, kept in memory: the whole game, every position, and a cursor: the part being stepped
    through (a fresh part of ``game``'s deal, which ``GameSpec.part_at`` moves), and its index."""

    record: dict
    game: Any
    #: Every position: (part index, events played), from each part's deal to its end.
    positions: list[tuple[int, int]]
    cursor: Any = None
    index: int = -1

    @classmethod
    def of(cls, record: dict, game: Any, parts: Iterable) -> Replay:
        """The replay of ``record``, replayed as ``game`` whose parts are ``parts``."""
        positions = [(index, done) for index, part in enumerate(parts) for done in range(len(part.events) + 1)]
        return cls(record, game, positions)

    def game_at(self, spec: Any, index: int, done: int) -> Any:
        """The replayed game at part ``index`` after ``done`` events: the parts before it as they ended, then the
        cursor stepped there (a copy of ``game`` whose list of parts ends at the cursor)."""
        whole = spec.parts_of(self.game)[index]
        self.cursor = spec.part_at(whole, self.cursor if self.index == index else None, done)
        self.index = index
        game = type(self.game).__new__(type(self.game))
        game.__dict__.update(self.game.__dict__)
        setattr(game, spec.parts, [*spec.parts_of(self.game)[:index], self.cursor])
        return game

    def position(self, step: object) -> tuple[int, int]:
        """The position of ``step`` (0 = the first deal), or a ``PlayError`` that says the steps there are."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(self.positions):
            raise PlayError(
                f"the replay has steps 0 to {len(self.positions) - 1}, not {quote(step)}",
                code="replay-step",
                params={"last": len(self.positions) - 1},
            )
        return self.positions[step]


Op = TypeVar("Op", bound=Callable[..., object])


class Ops(dict[str, Callable[..., object]]):
    """A game's own board ops by name (``engine.board.session`` serves them as ``<game>.<name>``); ``@OPS.op``
    adds a function where it is defined."""

    def op(self, function: Op) -> Op:
        self[function.__name__] = function
        return function
