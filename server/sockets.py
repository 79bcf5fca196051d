"""The protocol on Socket.IO: each client event checked (size, fields, rate) and answered once.

Every event is answered through its acknowledgement with ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"code", "message", "params"}}`` (``server.errors``); nothing a client sends
makes an answer a traceback, and a fault of the server is answered as the server's (``server-error``, logged
once), never as the client's ``bad-request``. A connection that goes on sending after it is refused for its
rate is disconnected.

This layer knows the tables only through their interface (``server.service.Tables``): the commands, the seats'
presence and the rooms a seat's connection listens in; never the store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import unicodedata
from collections import deque

import socketio

from engine.core.games import GAMES
from engine.core.i18n import LANGUAGES

from .errors import ServerError, server_bug
from .service import Tables
from .store import WATCH
from .wire import Holder

log = logging.getLogger("server")

#: The largest event the server reads (its JSON text); larger ones are refused with too-large.
MAX_EVENT = 64 * 1024
#: Per connection: a bucket of BURST events, refilled at RATE per second; STRIKES refusals within WINDOW seconds
#: disconnect it.
RATE, BURST, STRIKES, WINDOW = 50.0, 100.0, 50, 10.0
MAX_TEXT = 128
MAX_ACTION = 4096
#: The longest name a visitor types for their seat.
MAX_NAME = 32
#: Letters and symbols that show nothing (Hangul fillers, the blank braille pattern): a name of these alone is none.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: The phrases a seat or a spectator may say (by id; each page words them in its reader's language).
PHRASES = ("hello", "good-luck", "well-played", "thanks", "sorry", "oops", "nice-move", "one-more", "bye")
#: Phrases per connection: PHRASE_BURST at once, then one every 1 / PHRASE_RATE seconds; a table's spectators
#: together: CROWD_BURST at once, then CROWD_RATE a second.
PHRASE_BURST, PHRASE_RATE, CROWD_BURST, CROWD_RATE = 3.0, 0.5, 10.0, 1.0
#: Tables one connection watches at once at most.
MAX_WATCHING = 4


def text(data: dict, name: str, limit: int = MAX_TEXT) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ServerError("bad-request", f"{name} is a text of 1 to {limit} characters", {"field": name})
    return value


def whole(data: dict, name: str, default: int | None = None) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ServerError("bad-request", f"{name} is a whole number from 0", {"field": name})
    return value


def seat_name(data: dict) -> str | None:
    """The optional ``name`` a visitor typed for their seat: a printable text of at most MAX_NAME characters,
    trimmed; one that shows nothing (empty, blank fillers, combining marks alone) is no name."""
    value = data.get("name")
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_NAME or not value.isprintable():
        raise ServerError("bad-request", f"name is a text of at most {MAX_NAME} characters", {"field": "name"})
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
    return str(value)


def language(data: dict) -> str:
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise ServerError("bad-request", f"lang is one of {', '.join(LANGUAGES)}", {"field": "lang"})
    return lang


class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second; the refusals of the last WINDOW seconds."""

    __slots__ = ("burst", "level", "rate", "refused", "stamp")

    def __init__(self, burst: float = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.level, self.stamp, self.refused = burst, time.monotonic(), deque()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            self.refused.append(now)
            while self.refused[0] < now - WINDOW:
                self.refused.popleft()
            return False
        self.level -= 1
        return True

    @property
    def strikes(self) -> int:
        return len(self.refused)


class Sockets:
    def __init__(self, sio: socketio.AsyncServer, tables: Tables) -> None:
        self.sio = sio
        self.tables = tables
        self.buckets: dict[str, Bucket] = {}
        self.seats: dict[str, set[tuple[str, int]]] = {}  # sid -> the (table, seat) it plays
        self.watching: dict[str, set[str]] = {}  # sid -> the tables it watches
        self.phrases: dict[str, Bucket] = {}  # sid -> its phrases' bucket
        self.crowds: dict[str, Bucket] = {}  # table -> its spectators' phrases' bucket
        self.telling: set[asyncio.Task] = set()  # the presence reports under way (kept from the collector)
        sio.on("connect", self.connect)
        sio.on("disconnect", self.disconnect)
        for name in ("create", "join", "rejoin", "act", "start", "leave", "watch", "tables", "say", "rematch"):
            sio.on(name, self.command(getattr(self, "on_" + name)))
        sio.on("*", self.unknown)

    async def connect(self, sid, environ, auth=None) -> None:
        self.buckets[sid] = Bucket()
        self.seats[sid] = set()
        self.watching[sid] = set()

    async def disconnect(self, sid, *args) -> None:
        """A connection closed: its seats have one connection less. Told to the tables in tasks of their own,
        since a connection found dead while a table's broadcast sends to it is closed, and this awaited, right
        there, inside the table's actor (``server.wire.LocalManager``), which must not wait for itself."""
        self.buckets.pop(sid, None)
        self.phrases.pop(sid, None)
        places = self.seats.pop(sid, set()) | {(table_id, WATCH) for table_id in self.watching.pop(sid, set())}
        for table_id, seat in places:
            task = asyncio.get_running_loop().create_task(self.present(table_id, seat, -1))
            self.telling.add(task)
            task.add_done_callback(self.telling.discard)

    async def present(self, table_id: str, seat: int, delta: int) -> None:
        try:
            await self.tables.present(table_id, seat, delta)
        except ServerError as error:
            log.warning("presence at %s: %s", table_id, error.message)
        except Exception:
            log.exception("presence at %s", table_id)

    async def sit(self, sid: str, table_id: str, seat: int) -> None:
        """``sid`` plays ``seat``: it hears the table's and the seat's broadcasts, and the seat is here."""
        seats = self.seats.get(sid)
        if seats is None:  # the connection closed while its command was carried out: it never sits
            return
        for room in self.tables.rooms(table_id, seat):
            await self.sio.enter_room(sid, room)
        if (table_id, seat) not in seats and self.seats.get(sid) is seats:
            seats.add((table_id, seat))
            await self.tables.present(table_id, seat, +1)

    async def unwatch(self, sid: str, table_id: str) -> None:
        """``sid`` watches ``table_id`` no more (it sits there now)."""
        watched = self.watching.get(sid)
        if watched is not None and table_id in watched:
            watched.discard(table_id)
            await self.sio.leave_room(sid, self.tables.rooms(table_id, None)[1])
            await self.tables.present(table_id, WATCH, -1)

    async def stand(self, sid: str, table_id: str, seat: int) -> None:
        await self.sio.leave_room(sid, self.tables.rooms(table_id, seat)[1])
        seats = self.seats.get(sid, set())
        if (table_id, seat) in seats:
            seats.discard((table_id, seat))
            await self.tables.present(table_id, seat, -1)

    def command(self, handler):
        async def answer(sid, *args):
            bucket = self.buckets.get(sid)
            if bucket is not None and not bucket.take():
                if bucket.strikes >= STRIKES:
                    await self.sio.disconnect(sid)
                return ServerError("rate-limited", "too many events: slow down", {"rate": RATE}).answer()
            try:
                data = args[0] if len(args) == 1 else None
                if not isinstance(data, dict):
                    raise ServerError("bad-request", "an event carries one JSON object", {})
                try:
                    size = len(json.dumps(data, separators=(",", ":")).encode())
                except (TypeError, ValueError):
                    raise ServerError("bad-request", "an event carries JSON values only", {}) from None
                if size > MAX_EVENT:
                    raise ServerError("too-large", f"an event is at most {MAX_EVENT} bytes", {"limit": MAX_EVENT})
                return Holder(ok=True, result=await handler(sid, data))
            except ServerError as error:
                return error.answer()
            except Exception:
                log.exception("event from %s", sid)
                return server_bug().answer()

        return answer

    async def unknown(self, event, sid, *args):
        return ServerError("bad-request", "no such event", {"event": str(event)[:40]}).answer()

    async def on_create(self, sid, data):
        game = data.get("game")
        options = data.get("options", {})
        name = seat_name(data)
        public = data.get("public", False)
        if not isinstance(public, bool):
            raise ServerError("bad-request", "public is true or false", {"field": "public"})
        result = await self.tables.create(game, options, data.get("seats"), language(data), name, public)
        await self.seated(sid, result["table"], result["seat"], result["token"])
        return result

    async def on_join(self, sid, data):
        table_id = text(data, "table")
        invite = text(data, "invite") if data.get("invite") is not None else None
        language(data)
        result = await self.tables.join(table_id, invite, seat_name(data))
        await self.seated(sid, table_id, result["seat"], result["token"])
        return result

    async def seated(self, sid: str, table_id: str, seat: int, token: str) -> None:
        """A new seat's connection: it sits (and watches the table no more), then is sent the ``table`` and the
        seat's state as they are once it sits (the broadcast of the change that seated it went out before; every
        later one reaches it)."""
        await self.unwatch(sid, table_id)
        await self.sit(sid, table_id, seat)
        look = await self.tables.sitting(table_id, token)
        await self.sio.emit("table", look["table"], to=sid)
        await self.sio.emit("state", look["state"], to=sid)

    async def on_rejoin(self, sid, data):
        table_id, token, since = text(data, "table"), text(data, "token"), whole(data, "since", 0)
        seat = await self.tables.seat_of(table_id, token)
        await self.unwatch(sid, table_id)
        await self.sit(sid, table_id, seat)
        # Looked at once it sits: nothing between the two is missed.
        result = await self.tables.rejoin(table_id, token, since)
        await self.sio.emit("table", result["table"], to=sid)
        return result

    async def on_watch(self, sid, data):
        """A spectator: checked, then it hears the table's broadcasts, then it is told the table as it is."""
        table_id = text(data, "table")
        invite = text(data, "invite") if data.get("invite") is not None else None
        language(data)
        watched = self.watching.get(sid)
        if watched is None:
            raise ServerError("bad-request", "this connection is closing", {})
        if table_id not in watched and len(watched) >= MAX_WATCHING:
            raise ServerError(
                "rate-limited", f"a connection watches at most {MAX_WATCHING} tables", {"watching": MAX_WATCHING}
            )
        await self.tables.watch(table_id, invite)
        if table_id not in watched and self.watching.get(sid) is watched:
            watched.add(table_id)
            for room in self.tables.rooms(table_id, None):
                await self.sio.enter_room(sid, room)
            await self.tables.present(table_id, WATCH, +1)
        # Looked at once it listens: nothing between the two is missed.
        return await self.tables.peek(table_id)

    async def on_tables(self, sid, data):
        game = data.get("game")
        if game is not None and game not in GAMES:
            raise ServerError("bad-request", f"game is one of {', '.join(GAMES)}", {"field": "game"})
        return {"tables": await self.tables.listed(game)}

    async def on_say(self, sid, data):
        table_id, phrase = text(data, "table"), data.get("phrase")
        if phrase not in PHRASES:
            raise ServerError(
                "bad-request", "phrase is one of the fixed phrases", {"field": "phrase", "allowed": list(PHRASES)}
            )
        bucket = self.phrases.setdefault(sid, Bucket(PHRASE_BURST, PHRASE_RATE))
        if not bucket.take():
            raise ServerError("rate-limited", "one phrase every 2 seconds: slow down", {"phrases": PHRASE_RATE})
        if data.get("token") is not None:
            seat = await self.tables.speaker(table_id, text(data, "token"))
        elif table_id in self.watching.get(sid, ()):
            seat = None
            if not self.crowd(table_id).take():
                raise ServerError("rate-limited", "the spectators say too much: slow down", {"phrases": CROWD_RATE})
        else:
            raise ServerError("bad-token", "a spectator says a phrase from a connection watching the table", {})
        said = {"table": table_id, "seat": seat, "phrase": phrase, "at": int(time.time() * 1000)}
        await self.sio.emit("said", said, room=table_id)
        return {}

    def crowd(self, table_id: str) -> Bucket:
        """The bucket of the phrases of a table's spectators (those of tables nobody said anything at for long
        enough to have filled up again are dropped, so that they stay few)."""
        crowd = self.crowds.get(table_id)
        if crowd is None:
            if len(self.crowds) >= 10_000:
                now = time.monotonic()
                self.crowds = {
                    key: old for key, old in self.crowds.items() if now - old.stamp < CROWD_BURST / CROWD_RATE
                }
            crowd = self.crowds[table_id] = Bucket(CROWD_BURST, CROWD_RATE)
        return crowd

    async def on_rematch(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        result = await self.tables.rematch(table_id, token)
        await self.seated(sid, result["table"], result["seat"], result["token"])
        return result

    async def on_act(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        version = whole(data, "version")
        action = text(data, "action", MAX_ACTION)
        return await self.tables.act(table_id, token, command_id(data), version, action)

    async def on_start(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        level = data.get("level")
        if level is not None and (not isinstance(level, str) or len(level) > MAX_TEXT):
            raise ServerError("bad-request", "level is the name of one of the game's bots", {"field": "level"})
        return await self.tables.start(table_id, token, command_id(data), level)

    async def on_leave(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        seat = await self.tables.leave(table_id, token)
        await self.stand(sid, table_id, seat)
        return {}
