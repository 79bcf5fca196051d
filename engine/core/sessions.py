"""What a board's worker keeps between calls, for every game: its games and replays, under ids it hands out.

A board's ops (``engine.<game>.board.session``) keep a game in the worker between
calls and give the page its id; the page sends the id back with every move. The
worker keeps a few (the page uses one at a time) and forgets the oldest first; a
restarted worker forgets them all, and the page then resumes from its save
(``UnknownGameError``).

Every game's ops also share the checks of a call's arguments (language, bots,
the game's phase, a replay's step), what a reply about a game in play carries besides its view,
and how a loaded record is kept and stepped through. A game's record is split
into parts, each dealt and then played event by event: Sniff's hands, Okey's
rounds; ``parts`` names the record's list of them.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Generic, TypeVar

from .errors import EngineError, excerpt, quote
from .i18n import LANGUAGES, CatalogError
from .record import NotJSONError, loads

Value = TypeVar("Value")
Game = TypeVar("Game")
Part = TypeVar("Part")

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


def check_bots(bots: object, names: Sequence[str]) -> str:
    """``bots`` if it is one of the game's bots (``names``), else a ``PlayError`` that lists them."""
    if bots not in names:
        raise PlayError(
            f"the bots are one of {', '.join(names)}, not {quote(bots)}",
            code="bots",
            params={"bots": excerpt(bots) if isinstance(bots, str) else quote(bots, 24)},
        )
    return bots


# -- games in play ------------------------------------------------------------------------------------------------


def check_phase(phase: str, wanted: str, refusal: str, code: str) -> None:
    """Nothing if the game is in the ``wanted`` phase (its view's ``phase``); else a ``PlayError``: ``refusal``
    and the phase it is in."""
    if phase != wanted:
        raise PlayError(f"{refusal} ({phase})", code=code, params={"phase": phase})


def finished_record(record: dict, parts: str) -> dict:
    """What a player may download of a game: the finished parts only, and the seed (which deals every
    later part) only once the game is over."""
    if record.get("winner") is not None:
        return record
    finished = [part for part in record[parts] if part.get("end") is not None]
    return {key: value for key, value in record.items() if key != "seed"} | {parts: finished}


def game_reply(key: str, view: dict, news: list[str], save: dict, parts: str) -> dict:
    """What every reply about a game in play carries besides its view: the game's id, the sentences of what
    changed, the record a player may download and the whole record (the page's save)."""
    return view | {"game": key, "news": news, "record": finished_record(save, parts), "save": save}


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


# -- replays ------------------------------------------------------------------------------------------------------


def review_reply(
    record: object,
    seat: object,
    lang: str,
    error: Callable[[str], Exception],
    review: Callable[[dict, int], object],
    review_json: Callable[[object, str], dict],
) -> dict:
    """A board's ``review`` op: the game's ``review`` of a finished game for ``seat``, from its record alone
    (an object, or the text of a file), as ``review_json`` words it in ``lang``: every remark with its kind,
    severity, heading, text and picture, and the worst three as a drill. Only the finished hands or rounds
    are reviewed, so a game in progress shows nothing hidden; ``error`` is the game's record error."""
    check_language(lang)
    if isinstance(record, str):
        record = parse_record(record, error)
    if not isinstance(record, dict):
        raise error("a game record is one JSON object")
    players = record.get("players", 4) if isinstance(record.get("players", 4), int) else 4
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayError(f"seat {seat!r} is not a seat of this game (0 to {players - 1})", code="arguments")
    return review_json(review(record, seat), lang)


#: The seat of a board's player; the bots play the others.
HUMAN = 0


Op = TypeVar("Op", bound=Callable[..., object])


class Ops(dict[str, Callable[..., object]]):
    """A board's ops by name, each function's own (``engine.board.session`` serves them as ``<game>.<name>``);
    ``@OPS.op`` adds a function where it is defined."""

    def op(self, function: Op) -> Op:
        self[function.__name__] = function
        return function


def board_phase(game, phases: type[enum.StrEnum], me: int = HUMAN) -> enum.StrEnum:
    """What a board waits for now, as a member of the game's ``phases``: ``GAME_OVER``, ``PART_OVER`` (a hand
    or round ended: the next deal), ``YOU`` (the move of the player at seat ``me``) or ``BOT`` (another seat's:
    a bot's at the page's pace, or on an online table whoever sits there)."""
    if game.is_terminal():
        return phases.GAME_OVER
    current = game.current_player
    if current is None:
        return phases.PART_OVER
    return phases.YOU if current == me else phases.BOT


# -- an online table's state, as a board draws it (engine.<game>.board.online) ------------------------------------


class SeenGame:
    """The game as one seat of an online table knows it while a hand or round is in play: that seat's view
    (``seen``) and nothing else; a game's online module adds what its board reads of a game in play."""

    def __init__(self, seen) -> None:
        self.seen = seen
        self.current_player = seen.current_player

    def view(self, seat: int):
        if seat != self.seen.seat:
            raise PlayError(f"an online table's page knows only its own seat ({self.seen.seat}), not seat {seat}")
        return self.seen

    def is_terminal(self) -> bool:
        return False


def online_past(state: object, lang: str, parts: str, replay: Callable[[dict], object]) -> tuple[dict | None, object]:
    """What an online table's ``state`` makes public of its game: the record a player may download (the whole
    record at the end, else the finished ``parts``) and that record replayed by the engine (None before any
    part has finished)."""
    check_language(lang)
    if not isinstance(state, dict) or not isinstance(state.get("board"), dict):
        raise PlayError("an online table's state has a board", code="arguments")
    record = state.get("record") if state.get("over") else state.get("parts")
    if not isinstance(record, dict) or not record.get(parts):
        return record, None
    return record, replay(record)


def pausing(state: dict) -> bool:
    """Whether the table pauses between two deals (the board shows the one that ended, public now)."""
    return state.get("pause") is not None and state.get("current") is None


def practice_ops(renderer: str) -> tuple[Callable[..., dict], Callable[..., dict]]:
    """A game's Practice ops, ``practice_make`` and ``practice_check``, from its exercises' renderer (the module
    ``renderer``, ``engine.<game>.render.practice``): the same data as the page's build-time bank and the
    command line, so they cannot disagree. The renderer is imported by the first call, not when the worker
    starts (the boards' start stays as quick)."""

    def practice_make(kind: str, seed: int, lang: str = "en", rules: str | None = None) -> dict:
        """The exercise ``kind`` number ``seed``, with its words in ``lang``, diagrams and page data."""
        exercise_json = importlib.import_module(renderer).exercise_json
        return exercise_json(kind, seed, check_language(lang), *(() if rules is None else (rules,)))

    def practice_check(kind: str, seed: int, answer: object, lang: str = "en", rules: str | None = None) -> dict:
        """``{"right": bool, "answer": the engine's answer}`` for the page's answer or the command's form."""
        check_language(lang)
        check_answer = importlib.import_module(renderer).check_answer
        return check_answer(kind, seed, answer, *(() if rules is None else (rules,)))

    return practice_make, practice_check


def review_op(game: str) -> Callable[..., dict]:
    """A game's ``review`` op (``review_reply``) from its package ``game`` (``engine.<game>``): its record error
    (``record``), its review (``review``) and the review's words (``render.review``), imported by the first
    review, not when the worker starts."""

    def review(record: object, seat: int = 0, lang: str = "en") -> dict:
        """The game's review of the record's finished hands or rounds for ``seat``, in ``lang``."""
        error = importlib.import_module(f"{game}.record").RecordError
        review_json = importlib.import_module(f"{game}.render.review").review_json
        review_record = importlib.import_module(f"{game}.review").review
        return review_reply(record, seat, lang, error, review_record, review_json)

    return review


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
class Replay(Generic[Game, Part]):
    """A loaded record, kept in memory: the whole game, every position, and a cursor: the part being
    stepped through (a fresh part of ``game``'s deal, which each game's ``game_at`` moves), and its index."""

    record: dict
    game: Game
    #: Every position: (part index, events played), from each part's deal to its end.
    positions: list[tuple[int, int]]
    cursor: Part | None = None
    index: int = -1

    @classmethod
    def of(cls, record: dict, game: Game, parts: Iterable) -> Replay[Game, Part]:
        """The replay of ``record``, replayed as ``game`` whose parts are ``parts``."""
        positions = [(index, done) for index, part in enumerate(parts) for done in range(len(part.events) + 1)]
        return cls(record, game, positions)

    def game_at_cursor(self, parts: str) -> Game:
        """The replayed game as the cursor stands: the parts before it as they ended, then the cursor (a copy
        of ``game`` whose list of parts, the attribute ``parts``, ends there)."""
        game = type(self.game).__new__(type(self.game))
        game.__dict__.update(self.game.__dict__)
        setattr(game, parts, [*getattr(self.game, parts)[: self.index], self.cursor])
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
