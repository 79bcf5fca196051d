"""Reading a game's record, written once for every game: the error, the field and tile readers, the checks.

A game's record (``spec/game-record.md``, ``spec/okey-record.md``) is a JSON object of
the game's options, its seed, its parts (Sniff's hands, Okey's rounds; each dealt,
then played event by event) and its winner. A game's reader (``engine.<game>.record``)
reads its own fields and plays its own parts; this module gives it:

- ``RecordError``: the first thing that does not add up, with where it is: the part
  (``hand`` or ``round``, counted from 1), the event (from 1), the line of a JSON
  Lines file and the field. Each game subclasses it for its name of a part and its
  error code (``"record"``, ``"okey-record"``), which the board's pages word.
- ``Reader``: the field readers (a field of a kind, no fields but the known ones, a
  tile written exactly as the engine writes it, values compared as JSON compares
  them, where ``54.0`` is not ``54``), the seed (``core.record.check_seed``), the
  loop over the parts, the winner, JSON Lines, and ``restore``: a game taken up from
  its record, which must have its seed.

Every value a message quotes goes through ``core.errors.quote``: as JSON, and cut short.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from typing import IO, ClassVar, Generic, TypeVar

from .errors import EngineError, excerpt, quote
from .record import MAX_SEED, check_seed, read_jsonl

Game = TypeVar("Game")
Thing = TypeVar("Thing")


#: The fields every record may carry whatever its game: an online table's seed commitment (spec/online-tables.md).
ENVELOPE_FIELDS = ("salt", "commitment")


class RecordError(EngineError):
    """A record that isn't valid, or that doesn't replay; ``part``, ``event``, ``line`` and ``field`` say where.

    A game's subclass names its parts (``PART = "hand"``): the error then has that attribute too
    (``error.hand``), and its params carry it under that name, with ``event``, ``line``, ``field`` and
    the ``reason``.
    """

    code = "record"
    #: What the game calls the parts of its record.
    PART: ClassVar[str] = "part"

    def __init__(
        self,
        reason: str,
        part: int | None = None,
        event: int | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.reason, self.part, self.event, self.line, self.field = reason, part, event, line, field
        where = [f"line {line}"] if line is not None else []
        if part is not None:
            where.append(f"{self.PART} {part}" + (f", event {event}" if event is not None else ""))
        params = {"reason": reason, self.PART: part, "event": event, "line": line}
        if field is not None:
            params["field"] = field
        super().__init__(": ".join([*where, reason]), code=self.code, params=params)

    def __getattr__(self, name: str):
        if name == self.PART:
            return self.part
        raise AttributeError(name)

    def at_line(self, line: int) -> RecordError:
        """The same error, placed on a line of a JSON Lines file."""
        return type(self)(self.reason, self.part, self.event, line, self.field)


_KINDS = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "true or false"}


def kind_name(kind: type | tuple) -> str:
    """``int`` -> "an integer"; ``(int, type(None))`` -> "an integer or null"."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_KINDS.get(k, "null") for k in kinds)


def same(recorded: object, actual: object) -> bool:
    """Whether a recorded value is the replay's, as JSON values: of the same kinds throughout (``54.0`` is not
    ``54``, ``true`` is not ``1``); a tuple of the replay's is a list."""
    if isinstance(actual, tuple):
        actual = list(actual)
    if type(recorded) is not type(actual):
        return False
    if isinstance(actual, list):
        return len(recorded) == len(actual) and all(map(same, recorded, actual))
    if isinstance(actual, dict):
        return recorded.keys() == actual.keys() and all(same(recorded[key], actual[key]) for key in actual)
    return recorded == actual


class Reader(Generic[Game]):
    """The readers of one game's records: ``error`` is its ``RecordError``, ``tiles`` every tile of the game
    (each read from its ``notation()`` exactly), ``parse_tile`` its tile parser (whose error says what is wrong
    with a tile that is not one), ``tile_hint`` how its tiles are written (quoted in the error of a bad one)."""

    def __init__(
        self,
        error: type[RecordError],
        tiles: Iterable[object],
        parse_tile: Callable[[str], object],
        tile_hint: str,
    ) -> None:
        self.error = error
        self.by_notation = {tile.notation(): tile for tile in tiles}
        self.parse_tile = parse_tile
        self.tile_hint = tile_hint
        self.part = error.PART

    # -- fields ------------------------------------------------------------------------------------------------

    def field(
        self,
        data: dict,
        key: str,
        kind: type | tuple,
        what: str,
        part: int | None = None,
        event: int | None = None,
    ):
        """``data[key]``, which must be there and of ``kind`` (``bool`` is no integer, ``54.0`` none either)."""
        if key not in data:
            raise self.error(f"{what} has no '{key}'", part, event, field=key)
        value = data[key]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise self.error(f"{what}'s '{key}' is {quote(value)}, not {kind_name(kind)}", part, event, field=key)
        return value

    def known(
        self, data: dict, allowed: Collection[str], what: str, part: int | None = None, event: int | None = None
    ) -> None:
        """Refuse a field the format does not have (the first, in the record's order)."""
        for key in data:
            if key not in allowed:
                shown = excerpt(key, 24)
                raise self.error(
                    f"{what} has a field {quote(shown)}, which a record does not have", part, event, field=shown
                )

    def envelope(self, record: dict, allowed: Collection[str]) -> None:
        """Refuse a field of the whole record that neither the game's format nor every record's envelope has, and
        check the envelope: an online table's record carries the ``salt`` of its seed and the ``commitment`` the
        table published when it was made, the SHA-256 hex digest of ``"<salt>:<seed>"`` (spec/online-tables.md),
        and the two must agree, so that anyone can check the deals were fixed before the first move."""
        self.known(record, (*allowed, *ENVELOPE_FIELDS), "the record")
        if "salt" not in record and "commitment" not in record:
            return
        salt, seed, published = record.get("salt"), record.get("seed"), record.get("commitment")
        if (
            not isinstance(salt, str)
            or not isinstance(published, str)
            or isinstance(seed, bool)
            or not isinstance(seed, int)
        ):
            raise self.error('a record with a "salt" has a "commitment" and a "seed" too', field="salt")
        import hashlib  # here: only a record with a commitment needs it (hashlib costs a board's start some 10 ms)

        if hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest() != published:
            raise self.error(
                "the commitment is not the SHA-256 of the record's salt and seed: the deals are not the ones announced",
                field="commitment",
            )

    def tile(self, text: object, where: str, part: int | None = None, event: int | None = None):
        """The tile ``text`` names, written exactly as the engine writes it (no blanks, no other case, no other
        order of the halves)."""
        tile = self.by_notation.get(text) if isinstance(text, str) else None
        if tile is not None:
            return tile
        if isinstance(text, str) and len(text) <= 8:
            try:
                tile = self.parse_tile(text)
            except EngineError as error:
                raise self.error(f"{where}: {error}", part, event) from None
            if tile.notation() == text:
                return tile
        raise self.error(f"{where}: {quote(text)} is not a tile as a record writes it ({self.tile_hint})", part, event)

    def event(self, event: object, fields: dict[str, Collection[str]], part: int, index: int) -> tuple[int, str]:
        """An event's ``(seat, kind)``: an object with its ``seat`` and exactly one kind's key (``fields`` maps each
        kind to the other fields its events may have, and no others)."""
        if not isinstance(event, dict):
            raise self.error(f"the event {quote(event)} is not an object", part, index)
        seat = self.field(event, "seat", int, "the event", part, index)
        kinds = [kind for kind in fields if kind in event]
        if len(kinds) != 1:
            *others, last = fields
            raise self.error(f"an event has exactly one of {', '.join(others)} or {last}", part, index)
        self.known(event, {"seat", kinds[0], *fields[kinds[0]]}, f"a {kinds[0]} event", part, index)
        return seat, kinds[0]

    def turn(self, seat: int, current: int | None, part: int, index: int) -> None:
        """The event's seat must be the one whose turn it is."""
        if seat != current:
            raise self.error(f"seat {seat} acts, but it is seat {current}'s turn", part, index)

    def tiles(self, value: object, where: str, part: int | None = None) -> tuple:
        if not isinstance(value, list):
            raise self.error(f"{where} is not a list of tiles", part)
        return tuple(self.tile(text, where, part) for text in value)

    def check(self, key: str, recorded: object, actual: object, part: int | None = None) -> None:
        """The recorded ``key`` must be what the replay gives."""
        if not same(recorded, actual):
            shown = list(actual) if isinstance(actual, tuple) else actual
            raise self.error(
                f"the {key} are {quote(recorded)}, but the replay gives {quote(shown, 80)}", part, field=key
            )

    # -- the record --------------------------------------------------------------------------------------------

    def seed(self, record: dict) -> int | None:
        """The record's seed (``None`` when it has none), within ``core.record.check_seed``'s bounds."""
        if record.get("seed") is None:
            return None
        seed = self.field(record, "seed", int, "the record")
        try:
            return check_seed(seed)
        except EngineError:
            raise self.error(
                f"the seed must be a whole number from 0 to {MAX_SEED}, not {quote(seed)}", field="seed"
            ) from None

    def parts(
        self,
        record: dict,
        key: str,
        game: Game,
        played: Callable[[Game], list],
        replay_part: Callable[[Game, dict, int], object],
        most: int | None = None,
        start: int = 0,
    ) -> None:
        """Replay the record's list of parts ``record[key]`` into ``game``: each part an object, at least one, at
        most ``most``, only the last unfinished; ``replay_part(game, part, number)`` plays one, ``played(game)``
        is the game's list of parts so far. ``start``: the first parts are ``game``'s already (replayed before)."""
        parts = self.field(record, key, list, "the record")
        if not parts:
            raise self.error(f"the record has no {key}", field=key)
        if most is not None and len(parts) > most:
            raise self.error(f"the record has {len(parts)} {key}, but the game has {most}", field=key)
        for number, data in enumerate(parts[start:], start=start + 1):
            if not isinstance(data, dict):
                raise self.error(f"a {self.part} is a JSON object", number)
            so_far = played(game)
            if so_far and not so_far[-1].is_over:
                raise self.error(f"only the last {self.part} may be unfinished", number)
            replay_part(game, data, number)

    def winner(self, record: dict, actual: object) -> None:
        """The record's ``winner`` must be the replay's (``null`` while the game is unfinished)."""
        if "winner" not in record:
            raise self.error("the record has no 'winner' (null while the game is unfinished)", field="winner")
        if not same(record["winner"], actual):
            raise self.error(
                f"the winner is {quote(record['winner'])}, but the replay gives {quote(actual)}", field="winner"
            )

    # -- files and games in progress ---------------------------------------------------------------------------

    def read_jsonl(self, stream: IO[str]) -> Iterator[tuple[int, object]]:
        """``(line number, record)`` for every non-blank line; the game's error for a line that isn't JSON."""
        return read_jsonl(stream, lambda reason, line: self.error(reason, line=line))

    def restore(self, record: object, replay: Callable[[object], Game], deal: Callable[[Game], object]) -> Game:
        """The game ``record`` was saved from, ready to go on: replayed (``replay``) with every deal checked
        against its seed, which it must have, and the next part dealt (``deal``) when the last one is over."""
        if isinstance(record, dict) and record.get("seed") is None:
            raise self.error(
                f"the record has no seed, so its deals cannot be checked nor the next {self.part} dealt", field="seed"
            )
        game = replay(record)
        game.auto_deal = True
        if game.needs_deal:
            deal(game)
        return game
