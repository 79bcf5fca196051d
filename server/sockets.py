"""The protocol on Socket.IO: each client event checked (size, fields, rate) and answered once.

Every event is answered through its acknowledgement with ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"code", "message", "params"}}`` (``server.errors``); nothing a client sends
makes an answer a traceback. A connection that goes on sending after it is refused for its rate is
disconnected.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque

import socketio

from engine.core.i18n import LANGUAGES

from .errors import ServerError
from .service import Service
from .store import now_ms
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
    """The optional ``name`` a visitor typed for their seat: a text of at most MAX_NAME characters, trimmed;
    an empty one is no name."""
    value = data.get("name")
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_NAME or not value.isprintable():
        raise ServerError("bad-request", f"name is a text of at most {MAX_NAME} characters", {"field": "name"})
    return value.strip() or None


def language(data: dict) -> str:
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise ServerError("bad-request", f"lang is one of {', '.join(LANGUAGES)}", {"field": "lang"})
    return lang


class Bucket:
    __slots__ = ("level", "refused", "stamp")

    def __init__(self) -> None:
        self.level, self.stamp, self.refused = BURST, time.monotonic(), deque()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.stamp) * RATE)
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
    def __init__(self, sio: socketio.AsyncServer, service: Service) -> None:
        self.sio = sio
        self.service = service
        self.buckets: dict[str, Bucket] = {}
        self.seats: dict[str, set[tuple[str, int]]] = {}  # sid -> the (table, seat) it plays
        self.telling: set[asyncio.Task] = set()  # the presence broadcasts under way (kept from the collector)
        sio.on("connect", self.connect)
        sio.on("disconnect", self.disconnect)
        for name in ("create", "join", "rejoin", "act", "leave"):
            sio.on(name, self.command(getattr(self, "on_" + name)))
        sio.on("*", self.unknown)

    async def connect(self, sid, environ, auth=None) -> None:
        self.buckets[sid] = Bucket()
        self.seats[sid] = set()

    async def disconnect(self, sid, *args) -> None:
        """A connection closed. Its seats are away; the tables are told in a task of their own, since a
        connection found dead while a table's broadcast sends to it is closed, and this awaited, right there,
        under the table's lock (``server.wire.LocalManager``)."""
        self.buckets.pop(sid, None)
        for table_id, seat in self.seats.pop(sid, set()):
            await self.service.store.connected(table_id, seat, -1)
            await self.service.store.wake(table_id, now_ms() + self.service.grace_ms)
            task = asyncio.get_running_loop().create_task(self.presence_changed(table_id))
            self.telling.add(task)
            task.add_done_callback(self.telling.discard)

    async def presence_changed(self, table_id: str) -> None:
        try:
            async with self.service.locked(table_id, write=False) as table:
                await self.sio.emit("table", await self.service.table_info(table), room=table_id)
        except Exception:
            log.exception("presence of %s", table_id)

    async def sit(self, sid: str, table_id: str, seat: int) -> None:
        """``sid`` plays ``seat``: it hears the table's and the seat's broadcasts, and the seat is here."""
        await self.sio.enter_room(sid, table_id)
        await self.sio.enter_room(sid, f"{table_id}:{seat}")
        seats = self.seats.setdefault(sid, set())
        if (table_id, seat) not in seats:
            seats.add((table_id, seat))
            await self.service.store.connected(table_id, seat, +1)
            await self.presence_changed(table_id)

    async def tell(self, sid: str, table, seat: int) -> None:
        """A seat's state to one new connection (the broadcast of its change went out before it sat)."""
        async with self.service.locked(table.id, write=False) as table:
            state = self.service.wire_state(table, seat)
            await self.sio.emit("state", Holder(table=table.id, version=table.version, seat=seat, state=state), to=sid)

    async def stand(self, sid: str, table_id: str, seat: int) -> None:
        await self.sio.leave_room(sid, f"{table_id}:{seat}")
        seats = self.seats.get(sid, set())
        if (table_id, seat) in seats:
            seats.discard((table_id, seat))
            await self.service.store.connected(table_id, seat, -1)

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
                return ServerError("bad-request", "the server could not carry out this event", {}).answer()

        return answer

    async def unknown(self, event, sid, *args):
        return ServerError("bad-request", "no such event", {"event": str(event)[:40]}).answer()

    async def on_create(self, sid, data):
        game = data.get("game")
        options = data.get("options", {})
        name = seat_name(data)
        result, table = await self.service.create(game, options, data.get("seats"), language(data), name)
        await self.sit(sid, result["table"], result["seat"])
        await self.tell(sid, table, result["seat"])
        return result

    async def on_join(self, sid, data):
        table_id, invite = text(data, "table"), text(data, "invite")
        language(data)
        result, table = await self.service.join(table_id, invite, seat_name(data))
        await self.sit(sid, table_id, result["seat"])
        await self.tell(sid, table, result["seat"])
        return result

    async def on_rejoin(self, sid, data):
        table_id, token, since = text(data, "table"), text(data, "token"), whole(data, "since", 0)
        result, _table, seat = await self.service.rejoin(table_id, token, since)
        await self.sit(sid, table_id, seat)
        await self.service.store.wake(table_id, now_ms())
        return result

    async def on_act(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        command_id = data.get("id")
        if isinstance(command_id, bool) or not isinstance(command_id, (str, int)) or len(str(command_id)) > MAX_TEXT:
            raise ServerError("bad-request", "id is the client's own text or number for this command", {"field": "id"})
        version = whole(data, "version")
        action = text(data, "action", MAX_ACTION)
        return await self.service.act(table_id, token, str(command_id), version, action)

    async def on_leave(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        table = await self.service.leave(table_id, token)
        seat = table.seat_of(token)
        if seat is not None:
            await self.stand(sid, table_id, seat)
        return {}
