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

import base64
import hashlib
import hmac
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


def parse_seats(spec, seats: object, public: bool = False) -> list[dict]:
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise ServerError("bad-request", "seats is a list with one entry per seat", {"field": "seats"})
    parsed = []
    for index, seat in enumerate(seats):
        if seat == "human":
            parsed.append({"kind": "human", "token": None, "left": False})
        elif seat == "open" and public:  # a bot holds it until a visitor takes it
            parsed.append({"kind": "human", "token": None, "left": False, "open": True})
        elif seat == "open":
            raise ServerError(
                "bad-request", f"seat {index} is open: only a public table has open seats", {"field": f"seats.{index}"}
            )
        elif isinstance(seat, str) and seat.startswith("bot:") and seat[4:] in spec.bot_levels:
            parsed.append({"kind": "bot", "level": seat[4:]})
        else:
            kinds = ["human", "open", *(f"bot:{level}" for level in spec.bot_levels)]
            raise ServerError(
                "bad-request",
                f"seat {index} is one of {', '.join(kinds)}",
                {"field": f"seats.{index}", "allowed": kinds},
            )
    if not any(seat["kind"] == "human" and not seat.get("open") for seat in parsed):
        raise ServerError("bad-request", "a table needs at least one human seat (its creator's)", {"field": "seats"})
    return parsed


def new_meta(
    table_id: str, game: str, options: object, seats: object, lang: str, public: bool = False
) -> tuple[dict, str]:
    """A new table's meta and its creator's token; ``ServerError("bad-request")`` for bad options or seats."""
    spec = game_spec(game)
    game_options, table_options = check_table_options(game, options)
    parsed = parse_seats(spec, seats, public)
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
    creator = next(index for index, seat in enumerate(parsed) if seat["kind"] == "human" and not seat.get("open"))
    parsed[creator]["token"] = digest(token)
    return dealt_meta(table_id, game, game_options, table_options, parsed, creator, lang, public), token


def dealt_meta(
    table_id: str, game: str, options: dict, table_options: dict, seats: list, creator: int, lang: str, public: bool
) -> dict:
    """A table's meta with a new seed, salt and commitment (a new table, or a rematch's next one)."""
    seed = secrets.randbelow(2**53)
    salt = secrets.token_hex(16)
    return {
        "id": table_id,
        "game": game,
        "options": options,
        "table_options": table_options,
        "seats": seats,
        "creator": creator,
        "invite": secrets.token_urlsafe(9),
        "seed": seed,
        "salt": salt,
        "commitment": commitment(seed, salt),
        "lang": lang,
        "public": public,
        "created": now_ms(),
    }


def rematch_token(token: str, next_id: str) -> str:
    """A seat's token at the rematch's next table, derived from its token at the finished one: the same rematch
    sent again gets the same token, and only the finished seat's holder can make it (256 bits)."""
    mac = hmac.new(token.encode(), f"rematch:{next_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def rematch_meta(table: Table, next_id: str, creator: int, token: str) -> dict:
    """The next table of a finished one: the same game, options and publicity, a new deal; a bot seat the same bot,
    an open seat a bot held at the end open again, every other seat reserved for its holder at the finished table
    (the digest of the token it holds there) with its name. ``creator`` (the first to ask, with ``token``) sits."""
    seats = []
    for info in table.seats:
        if info["kind"] == "bot":
            seats.append({"kind": "bot", "level": info["level"]})
        elif info.get("open") and info["token"] is None:
            seats.append({"kind": "human", "token": None, "left": False, "open": True})
        else:
            seat = {"kind": "human", "token": None, "left": False, "reserved": info["token"]}
            if info.get("name"):
                seat["name"] = info["name"]
            seats.append(seat)
    seats[creator]["token"] = digest(rematch_token(token, next_id))
    meta = table.meta
    return dealt_meta(
        next_id,
        meta["game"],
        meta["options"],
        meta["table_options"],
        seats,
        creator,
        meta["lang"],
        bool(meta.get("public")),
    )


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
    def public(self) -> bool:
        return bool(self.meta.get("public"))

    @property
    def status(self) -> str:
        if self.game.is_terminal():
            return "over"
        if any(seat["kind"] == "human" and seat["token"] is None and not seat.get("open") for seat in self.seats):
            return "waiting"  # an open seat never keeps a table waiting: a bot holds it
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
        """The seat a ``join`` takes: the first free human seat nobody reserved, else (a public table) the first
        open seat a bot holds."""
        free = [index for index, seat in enumerate(self.seats) if seat["kind"] == "human" and seat["token"] is None]
        for index in free:
            if not self.seats[index].get("open") and not self.seats[index].get("reserved"):
                return index
        for index in free:
            if self.seats[index].get("open"):
                return index
        return None

    def reserved_seat(self, previous: str) -> int | None:
        """The seat a rematch reserved for the holder of ``previous`` (a token digest at the finished table)."""
        for index, seat in enumerate(self.seats):
            if seat["kind"] == "human" and seat.get("reserved") and secrets.compare_digest(seat["reserved"], previous):
                return index
        return None

    def controller(self, seat: int) -> str:
        """Who plays ``seat``: ``human`` or ``bot`` (a bot seat, a seat whose human left, an open seat nobody
        took)."""
        info = self.seats[seat]
        if info["kind"] != "human" or info.get("left") or (info.get("open") and info["token"] is None):
            return "bot"
        return "human"

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
            if self.seats[seat].get("open"):  # open again: the bot holds it until the next visitor
                self.seats[seat] = {"kind": "human", "token": None, "left": False, "open": True}
            else:
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
                item = {"seat": index, "kind": "bot", "level": seat["level"]}
            elif seat.get("left"):
                item = {"seat": index, "kind": "bot", "level": self.spec.default_bot}
            elif seat["token"] is None and seat.get("open"):
                item = {"seat": index, "kind": "bot", "level": self.spec.default_bot, "taken": False}
            elif seat["token"] is None:
                item = {"seat": index, "kind": "human", "level": None, "taken": False}
                if seat.get("reserved"):  # a rematch keeps it for its player
                    item["reserved"] = True
                    item["name"] = seat.get("name")
            else:
                kind = "away" if index in away else "human"
                item = {"seat": index, "kind": kind, "level": None, "taken": True, "name": seat.get("name")}
            if seat.get("open"):
                item["open"] = True
            info.append(item)
        return info


def fingerprint(fields: dict) -> str:
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:32]
