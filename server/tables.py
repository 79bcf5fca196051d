"""A table: a game of the registry, its seats, and the log that rebuilds it.

Everything here is synchronous and game-neutral: the server knows games only through
``engine.core.games`` (``game_spec``). A table is its ``meta`` (fixed at creation: the game, its
options, the seats, the seed, the salt, the commitment, the invite, the creator's token digest)
plus its log of entries, each with the table's ``version`` after it:

    {"version": 1, "kind": "join",  "seat": 1, "token": "<sha256 of the token>"}
    {"version": 2, "kind": "start", "seat": 0, "seats": [2, 3], "level": "greedy", "id": "s1", "fp": "...",
     "deadline": 1767225590000}
    {"version": 3, "kind": "act",   "seat": 0, "action": "draw", "auto": false, "id": "c1", "fp": "..."}
    {"version": 9, "kind": "leave", "seat": 1}
    {"version": 40, "kind": "act",  "seat": 2, "action": "...", "auto": false, "id": "c9", "pause": 1767225600000}
    {"version": 41, "kind": "deal", "seat": null, "deadline": 1767225660000}

Logs written before ``start`` existed have one ``{"kind": "bot", "seat", "level", "by"}`` entry per seat the creator
gave to a bot; they are read as they were.

With a move timer, the entry that passes the turn to another seat carries the turn's ``deadline`` (epoch ms; the
meta, when the table plays from its creation), so a table rebuilt from its log, in this process or another, keeps
the deadline its seat was told.

With a ``pause`` between rounds (or hands) the game is held (the registry's ``hold``): the action that
ends a round carries ``pause``, the epoch ms when the next one is dealt, and the finished round stays the
game's (and every seat's view) until the ``deal`` entry deals the next. Without a pause the engine deals
at once, in the action's own entry. Either way the game and its record are the same.

``Table.load(meta, entries)`` rebuilds a table exactly: the seeded game, then every action through
the engine (which checks each one again). The table never holds a token, only its SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field

from engine.core.errors import EngineError
from engine.core.games import game_spec

from .errors import ServerError
from .store import now_ms

#: Table options every game has (seconds): the move timer (0 = none) and the pause between rounds. A game's own
#: (Okey's assisted table) are its spec's ``table_options``.
TABLE_OPTIONS = {"timer": (0, 3600, 0), "pause": (0, 60, 5)}
MAX_SEATS = 8


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 hex digest of ``"<salt>:<seed>"``: published at creation, checked with the record."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def new_token() -> str:
    """A seat's secret: 192 random bits."""
    return secrets.token_urlsafe(24)


def check_table_options(game: str, options: object) -> tuple[dict, dict]:
    """``options`` split into the game's (checked by its registry spec) and the table's (timer, pause, ...)."""
    if not isinstance(options, dict):
        raise ServerError("bad-request", "options must be an object", {"field": "options"})
    table, rest = {}, {}
    extra = {option.name: option for option in game_spec(game).table_options}
    for name, value in options.items():
        if name in TABLE_OPTIONS:
            low, high, _ = TABLE_OPTIONS[name]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise ServerError(
                    "bad-request",
                    f"the option {name} is a number of seconds from {low} to {high}",
                    {"field": f"options.{name}", "min": low, "max": high},
                )
            table[name] = value
        elif name in extra:
            try:
                table[name] = extra[name].check(value, game)
            except EngineError as error:
                raise ServerError("bad-request", str(error), {"field": f"options.{name}"}) from None
        else:
            rest[name] = value
    for name, (_, _, default) in TABLE_OPTIONS.items():
        table.setdefault(name, default)
    for name, option in extra.items():
        table.setdefault(name, option.default)
    return rest, table


def parse_seats(spec, seats: object) -> list[dict]:
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise ServerError("bad-request", "seats is a list with one entry per seat", {"field": "seats"})
    parsed = []
    for index, seat in enumerate(seats):
        if seat == "human":
            parsed.append({"kind": "human", "token": None, "left": False})
        elif isinstance(seat, str) and seat.startswith("bot:") and seat[4:] in spec.bot_levels:
            parsed.append({"kind": "bot", "level": seat[4:]})
        else:
            levels = ", ".join(f"bot:{level}" for level in spec.bot_levels)
            raise ServerError(
                "bad-request",
                f"seat {index} is human or one of {levels}",
                {"field": f"seats.{index}", "allowed": ["human", *(f"bot:{level}" for level in spec.bot_levels)]},
            )
    if not any(seat["kind"] == "human" for seat in parsed):
        raise ServerError("bad-request", "a table needs at least one human seat (its creator's)", {"field": "seats"})
    return parsed


def new_meta(table_id: str, game: str, options: object, seats: object, lang: str) -> tuple[dict, str]:
    """A new table's meta and its creator's token; ``ServerError("bad-request")`` for bad options or seats."""
    spec = game_spec(game)
    game_options, table_options = check_table_options(game, options)
    parsed = parse_seats(spec, seats)
    if "players" in (option.name for option in spec.options):
        game_options.setdefault("players", len(parsed))
    try:
        game_options = spec.check_options(game_options)
        players = spec.players(game_options)
    except EngineError as error:
        params = {"field": "options", "engine": error.code, **error.params}
        raise ServerError("bad-request", str(error), params) from None
    if players != len(parsed):
        raise ServerError(
            "bad-request", f"this game has {players} seats, and seats lists {len(parsed)}", {"field": "seats"}
        )
    token = new_token()
    creator = next(index for index, seat in enumerate(parsed) if seat["kind"] == "human")
    parsed[creator]["token"] = digest(token)
    seed = secrets.randbelow(2**53)
    salt = secrets.token_hex(16)
    meta = {
        "id": table_id,
        "game": game,
        "options": game_options,
        "table_options": table_options,
        "seats": parsed,
        "creator": creator,
        "invite": secrets.token_urlsafe(9),
        "seed": seed,
        "salt": salt,
        "commitment": commitment(seed, salt),
        "lang": lang,
    }
    return meta, token


@dataclass
class Table:
    meta: dict
    game: object
    seats: list[dict]
    version: int = 0
    entries: list[dict] = field(default_factory=list)
    #: (seat, client id) -> (fingerprint of the command, version after it)
    ids: dict[tuple[int, str], tuple[str, int]] = field(default_factory=dict)
    #: Per action applied: (seat, auto) in order, to mark the events a bot played for a seat.
    moves: list[tuple[int, bool]] = field(default_factory=list)
    #: When the current turn ends (epoch ms, from the log: see ``_turn``) and its seat.
    deadline: int | None = None
    turn_seat: int | None = None
    #: While the game is held between rounds: when the next one is dealt (epoch ms, from the log).
    pause_until: int | None = None
    #: The seats' views at ``boards_version`` (the engine's game changes only with the version).
    boards: dict = field(default_factory=dict)
    boards_version: int = -1
    #: The seats' states as sent (JSON text, ``server.wire``) at ``states_version``.
    states: dict = field(default_factory=dict)
    states_version: int = -1
    _record: dict | None = None
    #: The finished parts' record sent in every state (``server.views.parts``), and what it was made for.
    parts_key: tuple | None = None
    parts_record: dict | None = None
    bots: dict = field(default_factory=dict)
    spec: object = None

    @classmethod
    def load(cls, meta: dict, entries: list[dict]) -> Table:
        spec = game_spec(meta["game"])
        # With a pause, the finished round stays on the table until the pause's end deals the next one.
        hold = bool(meta["table_options"]["pause"])
        game = spec.new_game(seed=meta["seed"], hold=hold, **meta["options"])
        table = cls(meta=meta, game=game, seats=[dict(seat) for seat in meta["seats"]], spec=spec)
        table._turn(meta)  # a table whose seats were all taken at its creation plays at once
        for entry in entries:
            table.apply(entry)
        return table

    @property
    def id(self) -> str:
        return self.meta["id"]

    @property
    def pausing(self) -> bool:
        """Between two rounds (or hands): the finished one is still the game's, until the ``deal`` entry."""
        return self.spec.needs_deal(self.game)

    @property
    def status(self) -> str:
        if self.game.is_terminal():
            return "over"
        if any(seat["kind"] == "human" and seat["token"] is None for seat in self.seats):
            return "waiting"
        return "playing"

    @property
    def current(self) -> int | None:
        """The seat to move, or None (waiting, over, or pausing between rounds)."""
        if self.status != "playing":
            return None
        return self.game.current_player  # None while the game is held between rounds

    def seat_of(self, token: object) -> int | None:
        if not isinstance(token, str) or not token:
            return None
        wanted = digest(token)
        for index, seat in enumerate(self.seats):
            if seat["kind"] == "human" and seat["token"] is not None and secrets.compare_digest(seat["token"], wanted):
                return index
        return None

    def free_seat(self) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat["kind"] == "human" and seat["token"] is None:
                return index
        return None

    def controller(self, seat: int) -> str:
        """Who plays ``seat``: ``human`` or ``bot`` (a bot seat, or a seat whose human left)."""
        info = self.seats[seat]
        return "human" if info["kind"] == "human" and not info.get("left") else "bot"

    def next_entry(self, **fields) -> dict:
        return {"version": self.version + 1, **fields}

    def apply(self, entry: dict) -> object:
        """Apply one log entry (already checked, or read back from the store); the engine checks actions again."""
        if entry["version"] != self.version + 1:
            raise ValueError(f"table {self.id}: entry {entry['version']} after version {self.version}")
        kind, seat = entry["kind"], entry["seat"]
        event = None
        if kind == "join":
            self.seats[seat]["token"] = entry["token"]
            if entry.get("name"):
                self.seats[seat]["name"] = entry["name"]
        elif kind == "start":
            for index in entry["seats"]:
                self.seats[index] = {"kind": "bot", "level": entry["level"]}
        elif kind == "bot":  # written before "start": one seat given to a bot
            self.seats[seat] = {"kind": "bot", "level": entry["level"]}
        elif kind == "leave":
            self.seats[seat]["left"] = True
        elif kind == "act":
            if self.pausing:  # a log written before rounds were held: its next round was dealt at once
                self.spec.deal_next(self.game)
            event = self.game.apply_action(entry["action"])
            self.moves.append((seat, bool(entry.get("auto"))))
            if self.pausing:  # this action ended a round: the pause's end is written with it
                pause = self.meta["table_options"]["pause"]
                self.pause_until = entry.setdefault("pause", now_ms() + int(pause * 1000))
        elif kind == "deal":
            self.spec.deal_next(self.game)
            self.pause_until = None
        else:
            raise ValueError(f"table {self.id}: unknown entry {kind!r}")
        if entry.get("id") is not None:
            self.ids[(seat, entry["id"])] = (entry.get("fp", ""), entry["version"])
        self.entries.append(entry)
        self.version = entry["version"]
        self._turn(entry)
        return event

    def _turn(self, source: dict) -> None:
        """When the turn passes to another seat, its deadline (with a move timer): written into ``source``, the
        entry (or meta) that passed it, so that a rebuilt table keeps it; an old log without it starts a new one."""
        current = self.current
        if current == self.turn_seat:
            return
        self.turn_seat = current
        timer = self.meta["table_options"]["timer"]
        if timer and current is not None:
            self.deadline = source.setdefault("deadline", now_ms() + int(timer * 1000))
        else:
            self.deadline = None

    def record(self) -> dict:
        """The whole game's record, with its seed and salt (only ever sent once the game is over)."""
        record = dict(self.spec.record(self.game))
        record["seed"] = self.meta["seed"]
        record["salt"] = self.meta["salt"]
        record["commitment"] = self.meta["commitment"]
        return record

    def final_record(self) -> dict:
        if self._record is None:
            self._record = self.record()
        return self._record

    def seats_info(self, away: set[int]) -> list[dict]:
        info = []
        for index, seat in enumerate(self.seats):
            if seat["kind"] == "bot":
                info.append({"seat": index, "kind": "bot", "level": seat["level"]})
            elif seat.get("left"):
                info.append({"seat": index, "kind": "bot", "level": self.spec.default_bot})
            elif seat["token"] is None:
                info.append({"seat": index, "kind": "human", "level": None, "taken": False})
            else:
                kind = "away" if index in away else "human"
                info.append({"seat": index, "kind": kind, "level": None, "taken": True, "name": seat.get("name")})
        return info


def fingerprint(fields: dict) -> str:
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:32]
