"""The registry of games: the one list of what the engine plays, and how each game is played.

``GAMES`` maps a game's name (the ``"game"`` field of its records, the prefix of
its board ops) to its ``GameSpec``. Everything above the games reads it: the
command line, the board's dispatcher, the site's hooks and the online tables'
server. A spec gives, for its game:

- ``part`` and ``parts``: what the game is played in (Sniff's ``hand``, Okey's ``round``) and the record's
  list of them (``hands``, ``rounds``);
- ``options``: each option's name, allowed values and default; ``check_options``
  fills in the defaults and refuses anything else with an ``OptionError`` (one code, ``option``);
- ``table_options``: the options a board or an online table keeps that do not change the rules (Okey's
  ``assisted``), checked by ``check_table_options`` the same way; ``schema()`` gives both, and the bots,
  as JSON, for the forms that offer them;
- ``bot_levels``: the bots' names, weakest first (``default_bot``, the middle one, plays when none is chosen);
- ``new_game(seed=..., **options)``: a game that deals as it goes, so its
  ``current_player`` is None only when the game is over; with ``hold=True`` it
  stops after each hand or round that does not end the game (``needs_deal``)
  until ``deal_next(game)`` deals the next one, as the seed decides;
- ``record(game)`` (JSON values), ``replay(record)`` (every inconsistency an
  ``EngineError`` that says where), ``extend(game, record, start)`` (the parts a longer record adds, replayed
  into its game) and ``restore(record)`` (a game in progress);
- ``make_bot(level, seat, rng)``: a bot whose ``choose(view)`` sees only ``game.view(seat)``;
- ``view_json(game, seat)``: that view as JSON values, nothing hidden from the seat in it, in the one view format
  of every game (``engine.core.views``: an envelope, then the game's own keys); ``view_from_json(data)``
  reads it back, the same view; ``view_private``: the keys of its own that are the seat's, and what a
  spectator sees instead (``spectator_json(game)``: the view any seat could see, every draw hidden);
- ``part_at(whole, cursor, done)``: a finished part stepped to its first ``done`` events (a replay's cursor);
- ``review_json(record, seat, lang)``: the review of a finished game's moves for one seat, worded;
- ``summary(games)``: what ``replay`` says of the games it checked (``"3 games, 12 hands, ..."``);
- ``tally(options, bots, rotate)``: the game's totals over a run of ``simulate`` (``engine.core.simulate``):
  ``add(game, bots_by_seat)`` after each game, ``lines(seconds)`` the summary printed;
- ``bot_budget_ms``: the strong bot's default time per move when it may search by time (``make_bot``'s
  ``budget_ms``), or None when the game's bots never do;
- ``untagged``: whether the game's records may lack ``"game"`` (those written before the field).

Each game writes its spec in its own package (``engine/<game>/spec.py``, at the
level of its rules). The registry names those modules and imports one only when
its game is first asked for, so a page that plays one game never loads another,
and this module, at the bottom of the engine, imports no game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import EngineError
from .record import game_of
from .views import ViewError, check_envelope


class OptionError(EngineError):
    """An option a game does not have, a value it does not allow, or options that do not go together: one code,
    ``option``, whatever the option; ``params`` say which (``option``) and what is wrong with it (``problem``:
    ``unknown``, ``value`` or ``together``)."""

    code = "option"


class UnknownGameError(EngineError):
    code = "no-such-game"


def _same(a: object, b: object) -> bool:
    # True == 1 in Python: an option's value must also be of the allowed value's type.
    return type(a) is type(b) and a == b


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, the values it may take, and its default (one of them)."""

    name: str
    values: tuple
    default: object
    #: What the option means, for the command line's help and the spec.
    help: str = ""

    def __post_init__(self) -> None:
        if not any(_same(self.default, value) for value in self.values):
            raise ValueError(f"the default of {self.name} is not one of its values")

    def check(self, value: object, game: str) -> object:
        """``value`` if the option allows it; otherwise an ``OptionError`` that lists what it allows."""
        for allowed in self.values:
            if _same(value, allowed):
                return allowed
        allowed = ", ".join(_shown(v) for v in self.values)
        shown = _shown(value) if isinstance(value, (bool, int, str)) else type(value).__name__
        raise OptionError(
            f"{game}'s option {self.name} is one of {allowed}, not {shown[:40]}",
            params={"game": game, "option": self.name, "problem": "value", "allowed": list(self.values)},
        )

    @property
    def kind(self) -> str:
        """The type of the option's values, as JSON names it: ``boolean``, ``integer`` or ``string``."""
        value = self.values[0]
        return "boolean" if isinstance(value, bool) else "integer" if isinstance(value, int) else "string"

    def json(self) -> dict:
        """The option as a form draws it: its name, type, allowed values (in order), default and meaning."""
        return {
            "name": self.name,
            "type": self.kind,
            "values": list(self.values),
            "default": self.default,
            "help": self.help,
        }


@dataclass(frozen=True)
class GameSpec:
    """How a game is played, for the tools above the games (see the module's docstring).

    A game's spec module (``engine/<game>/spec.py``) defines ``NAME``, ``OPTIONS``, ``BOT_LEVELS``, ``BOARD``
    (the module of its board ops), ``RECORD`` (the module with ``game_record``, ``replay`` and ``restore``),
    ``REVIEW`` (the module with ``review``), ``REVIEW_WORDS`` (with ``review_json``), ``PRACTICE`` (with
    ``exercise_json`` and ``check_answer``), ``PART`` and ``PARTS``,
    perhaps ``TABLE_OPTIONS``, ``UNTAGGED`` (True: its records may lack ``"game"``) and ``BOT_SEED``, and the
    functions ``new_game(seed, options, hold)``, ``deal_next(game)``, ``make_bot(level, seat, rng)`` (with
    ``budget_ms=`` if it defines ``BOT_BUDGET_MS``), ``view_json(game, seat)`` with ``VIEW_PRIVATE`` (its keys
    that are the seat's own, with a spectator's values), ``view_from_json(data)``,
    ``part_at(whole, cursor, done)``, ``players(options)``, ``summary(games)``, ``tally(options, bots, rotate)``
    and, if some options go only with others, ``check_together(options)``; ``GameSpec.of(module)`` reads them.
    """

    name: str
    #: What the game is played in (``hand``, ``round``), and the record's list of them (``hands``, ``rounds``).
    part: str
    parts: str
    options: tuple[Option, ...]
    #: The options a board or a table keeps that do not change the rules (Okey's ``assisted``).
    table_options: tuple[Option, ...]
    bot_levels: tuple[str, ...]
    #: The module of the game's board: what its board draws and its own ops (``engine.board``).
    board: str
    #: The module of the game's records: ``game_record``, ``replay`` and ``restore``, imported at first use.
    record_module: str
    #: The modules of the game's review (``review``) and of its words (``review_json``), imported at first use.
    review_module: str
    review_words_module: str
    #: The module of the game's exercises in words (``exercise_json``, ``check_answer``), imported at first use.
    practice_module: str
    #: Whether a record without ``"game"`` is this game's (every record written before the field was).
    untagged: bool
    _new_game: Callable[[int, dict, bool], Any] = field(repr=False)
    #: Deals a held game's next hand or round (its seed decides it).
    _deal_next: Callable[[Any], Any] = field(repr=False)
    _make_bot: Callable[[str, int, random.Random], Any] = field(repr=False)
    _view_json: Callable[[Any, int], dict] = field(repr=False)
    #: Reads ``view_json``'s JSON back into the game's view (``View.from_json``).
    _view_from_json: Callable[[dict], Any] = field(repr=False)
    #: A finished part stepped to its first events: ``part_at(whole, cursor, done)`` (see the method).
    _part_at: Callable[[Any, Any, int], Any] = field(repr=False)
    #: The number of seats a game with these (checked) options has.
    _players: Callable[[dict], int] = field(repr=False)
    #: Checks between options, after each one is checked alone (an ``OptionError`` if they don't go together).
    _check_together: Callable[[dict], None] = field(repr=False)
    _summary: Callable[[list], str] = field(repr=False)
    _tally: Callable[[dict, list, bool], Any] = field(repr=False)
    #: The strong bot's default time per move when it may search by time; None: the game's bots never do.
    bot_budget_ms: float | None = None
    #: The prefix of a board's bots' seeds (``<bot_seed>:<seed>:<part>:<events>``): each move follows from the
    #: position, so a restored game goes on exactly as it would have.
    bot_seed: str = ""
    #: The keys of ``view_json`` that are the seat's own, with what a spectator gets instead (``engine.core.views``).
    view_private: Mapping[str, object] = field(default_factory=dict, compare=False)
    #: An action of the player to move, as typed, in the game's own notation.
    _action_notation: Callable[[Any, str], str] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, module: Any) -> GameSpec:
        """The spec a game's spec module defines (see the class's docstring)."""
        return cls(
            module.NAME,
            module.PART,
            module.PARTS,
            tuple(module.OPTIONS),
            tuple(getattr(module, "TABLE_OPTIONS", ())),
            tuple(module.BOT_LEVELS),
            module.BOARD,
            module.RECORD,
            module.REVIEW,
            module.REVIEW_WORDS,
            module.PRACTICE,
            getattr(module, "UNTAGGED", False),
            module.new_game,
            module.deal_next,
            module.make_bot,
            module.view_json,
            module.view_from_json,
            module.part_at,
            module.players,
            getattr(module, "check_together", lambda options: None),
            module.summary,
            module.tally,
            getattr(module, "BOT_BUDGET_MS", None),
            getattr(module, "BOT_SEED", f"{module.NAME}-bot"),
            dict(module.VIEW_PRIVATE),
            getattr(module, "action_notation", None),
        )

    def _records(self) -> Any:
        return importlib.import_module(self.record_module)

    def option(self, name: str, options: tuple[Option, ...] | None = None) -> Option:
        """The option called ``name`` (of ``options``: the game's own by default); an ``OptionError`` for another."""
        options = self.options if options is None else options
        for option in options:
            if option.name == name:
                return option
        names = ", ".join(option.name for option in options) or "none"
        raise OptionError(
            f'{self.name} has no option "{name[:40]}": its options are {names}',
            params={"game": self.name, "option": name[:40], "problem": "unknown", "options": [o.name for o in options]},
        )

    def check_options(self, options: Mapping[str, object] | None = None) -> dict:
        """The options with their defaults filled in; an ``OptionError`` for an unknown one or a bad value."""
        checked = self._checked(options, self.options)
        self._check_together(checked)
        return checked

    def check_table_options(self, options: Mapping[str, object] | None = None) -> dict:
        """The table options (``table_options``) with their defaults filled in, checked as ``check_options``."""
        return self._checked(options, self.table_options)

    def _checked(self, options: Mapping[str, object] | None, known: tuple[Option, ...]) -> dict:
        given = dict(options or {})
        for name in given:
            if not isinstance(name, str):
                raise OptionError(f"{self.name}'s options are named by text", params={"problem": "unknown"})
            self.option(name, known)
        return {
            option.name: option.check(given[option.name], self.name) if option.name in given else option.default
            for option in known
        }

    def schema(self) -> dict:
        """What a form offers for a game of this game, as JSON values: its options and table options (each one's
        type, values, default and meaning), its bots (weakest first) and the default one, what it is played in."""
        return {
            "game": self.name,
            "part": self.part,
            "parts": self.parts,
            "options": [option.json() for option in self.options],
            "tableOptions": [option.json() for option in self.table_options],
            "bots": list(self.bot_levels),
            "defaultBot": self.default_bot,
        }

    @property
    def default_bot(self) -> str:
        """The bot that plays when none is chosen (a board's, an online table's seat taken over): the middle level."""
        return self.bot_levels[len(self.bot_levels) // 2]

    def parts_of(self, game: Any) -> list:
        """A game's hands or rounds so far (the last one in play, or just ended)."""
        return getattr(game, self.parts)

    def players(self, options: Mapping[str, object] | None = None) -> int:
        return self._players(self.check_options(options))

    def new_game(self, *, seed: int, hold: bool = False, **options: object) -> Any:
        """A new game from ``seed`` with these options (checked): it deals each hand or round as it goes, or with
        ``hold`` stops after each one that does not end the game, its view still that part's end, until
        ``deal_next``. Either way the same seed and actions make the same game and the same record."""
        return self._new_game(seed, self.check_options(options), hold)

    def needs_deal(self, game: Any) -> bool:
        """True when a held game waits between two hands or rounds for ``deal_next``."""
        return bool(game.needs_deal)

    def deal_next(self, game: Any) -> None:
        """Deal a held game's next hand or round now, as its seed decides. A ``ValueError`` if none is due: the
        caller's mistake (it asks ``needs_deal`` first), never a player's."""
        if not game.needs_deal:
            raise ValueError(f"{self.name}: no deal is due (a part is in play, or the game is over)")
        self._deal_next(game)

    def record(self, game: Any) -> dict:
        """The game's record as JSON values, with its seed (the game's record format, ``spec/``)."""
        return self._records().game_record(game)

    def replay(self, record: object) -> Any:
        """The game a record describes, every move and figure checked (an ``EngineError`` says where)."""
        return self._records().replay(record)

    def extend(self, game: Any, record: dict, start: int) -> None:
        """Replay into ``game`` (replayed from the first ``start`` parts of ``record``, as they are) the parts of
        ``record`` after them, every move and figure checked as ``replay`` checks them."""
        self._records().extend(game, record, start)

    def restore(self, record: object) -> Any:
        """The game a record was saved from, ready to go on."""
        return self._records().restore(record)

    def review_json(self, record: object, seat: int, lang: str = "en", *, pictures: bool = True) -> dict:
        """The review of a finished game's moves for ``seat`` (from its record alone), worded in ``lang``."""
        review = importlib.import_module(self.review_module).review(record, seat)
        return importlib.import_module(self.review_words_module).review_json(review, lang, pictures=pictures)

    def summary(self, games: list) -> str:
        """What the ``replay`` command says of ``games``, replayed from their records: how many, and their parts."""
        return self._summary(games)

    def tally(self, options: Mapping[str, object], bots: list[str], rotate: bool = False) -> Any:
        """The totals of a run of ``simulate`` with ``options`` and ``bots`` (their levels by seat at the first
        game; ``rotate``: turned a seat after each game): ``add(game, bots_by_seat)``, ``lines(seconds)``."""
        return self._tally(self.check_options(options), bots, rotate)

    def make_bot(self, level: str, seat: int, rng: random.Random, *, budget_ms: float | None = None) -> Any:
        """A bot for ``seat``; ``budget_ms``: the strong bot's time per move instead of its fixed search (a game
        with a ``bot_budget_ms`` only)."""
        if budget_ms is not None and self.bot_budget_ms is None:
            raise TypeError(f"{self.name}'s bots do not search by time")
        if level not in self.bot_levels:
            raise EngineError(
                f'{self.name} has no bot "{str(level)[:40]}": use one of {", ".join(self.bot_levels)}',
                code="unknown-bot",
                params={"game": self.name, "bot": str(level)[:40], "bots": list(self.bot_levels)},
            )
        if budget_ms is not None:
            return self._make_bot(level, seat, rng, budget_ms=budget_ms)
        return self._make_bot(level, seat, rng)

    def view_json(self, game: Any, seat: int) -> dict:
        """What ``seat`` may see of the part in play (or just ended), as JSON values (``engine.core.views``)."""
        return self._view_json(game, seat)

    def view_from_json(self, data: object) -> Any:
        """``view_json``'s reader: the seat's view its JSON writes; a ``ViewError`` that says what is wrong for
        JSON that is not a view this engine writes."""
        check_envelope(data, self.name)
        try:
            return self._view_from_json(data)
        except ViewError:
            raise
        except (EngineError, KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            shown = error.args[0] if isinstance(error, KeyError) and error.args else error
            raise ViewError(f"the view of {self.name} cannot be read: {str(shown)[:200]}") from None

    def part_at(self, whole: Any, cursor: Any, done: int) -> Any:
        """The finished part ``whole`` at its deal and then its first ``done`` events: ``cursor`` (an earlier such
        part of the same deal) stepped there, or a new one (a replay steps forward and back through a record)."""
        return self._part_at(whole, cursor, done)

    def spectator_json(self, game: Any, seat: int = 0) -> dict:
        """What a spectator sees (``engine.core.views``): ``seat``'s view less its own part, every draw hidden."""
        from .views import spectator_json

        return spectator_json(self, game, seat)

    def action_notation(self, game: Any, text: str) -> str:
        """``text``, an action of the player to move, written as the game's records write it: the same text however
        the action was typed (case, spaces, a tile's leading zero). A ``NotationError`` if it is no action; whether
        it is legal is ``apply_action``'s to say."""
        if self._action_notation is None:
            return text
        return self._action_notation(game, text)


class _Registry(Mapping[str, GameSpec]):
    """The games by name, each spec imported at its first use."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, GameSpec] = {}

    def __getitem__(self, name: str) -> GameSpec:
        spec = self._loaded.get(name)
        if spec is None:
            spec = self._loaded[name] = GameSpec.of(importlib.import_module(self._modules[name]))
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __repr__(self) -> str:
        return f"<GAMES: {', '.join(self._modules)}>"


#: Every game the engine plays, by name: the only list of games.
GAMES: Mapping[str, GameSpec] = _Registry({"sniff": "engine.sniff.spec", "okey": "engine.okey.spec"})


def record_game(record: object) -> str:
    """The game a record is of: its ``"game"``, or for a record without one the game whose records were written
    before the field (its spec's ``untagged``), whose reader also says what is wrong with a record that is not
    an object; a ``RecordEnvelopeError`` for a ``"game"`` that is no game's name."""
    untagged = next((name for name in GAMES if GAMES[name].untagged), None)
    if not isinstance(record, dict) and untagged is not None:
        return untagged
    return game_of(record, untagged=untagged)


def game_spec(name: object) -> GameSpec:
    """The spec of the game called ``name``; an ``EngineError`` that lists the games for another name."""
    if not isinstance(name, str) or name not in GAMES:
        shown = name[:40] if isinstance(name, str) else type(name).__name__
        raise UnknownGameError(
            f'the engine plays no game "{shown}": use one of {", ".join(GAMES)}',
            params={"game": shown, "games": list(GAMES)},
        )
    return GAMES[name]
