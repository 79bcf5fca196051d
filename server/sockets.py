"""The protocol on Socket.IO: each client event checked (size, fields, rate) and answered once.

Every event is answered through its acknowledgement with ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"code", "message", "params"}}`` (``server.errors``); nothing a client sends
makes an answer a traceback, and a fault of the server is answered as the server's (``server-error``, logged
once), never as the client's ``bad-request``.

Every packet is counted and checked before it is read (``server.admission``), and every event's fields before any
table sees them (``server.fields``). A client address holds at most ``waiting_tables`` tables waiting for players.

This layer knows the tables only through their interface (``server.service.Tables``): the commands, the seats'
presence and the rooms a seat's connection listens in; never the store.
"""

from __future__ import annotations

import asyncio
import logging
import time

from engine.core.games import GAMES

from .admission import Admission, GuardedServer
from .errors import ServerError, server_bug
from .fields import bot_level, command_id, language, seat_name, text, timer_option, whole
from .limits import Bucket, Limits
from .service import Tables
from .store import WATCH
from .wire import Holder

log = logging.getLogger("server")

#: The phrases a seat or a spectator may say (by id; each page words them in its reader's language).
PHRASES = ("hello", "good-luck", "well-played", "thanks", "sorry", "oops", "nice-move", "one-more", "bye")
#: Phrases per connection: PHRASE_BURST at once, then one every 1 / PHRASE_RATE seconds; a table's spectators
#: together: CROWD_BURST at once, then CROWD_RATE a second.
PHRASE_BURST, PHRASE_RATE, CROWD_BURST, CROWD_RATE = 3.0, 0.5, 10.0, 1.0
#: Tables one connection watches at once at most.
MAX_WATCHING = 4


class Sockets(Admission):
    def __init__(self, sio: GuardedServer, tables: Tables, limits: Limits | None = None) -> None:
        super().__init__(sio, tables, limits or Limits())
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

    # -- Socket.IO's own events -------------------------------------------------------------------------------------

    async def connect(self, sid, environ, auth=None) -> None:
        self.seats[sid] = set()
        self.watching[sid] = set()

    async def disconnect(self, sid, *args) -> None:
        """A connection closed: its seats have one connection less. Told to the tables in tasks of their own,
        since a connection found dead while a table's broadcast sends to it is closed, and this awaited, right
        there, inside the table's actor (``server.wire.LocalManager``), which must not wait for itself."""
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
            try:
                data = args[0] if len(args) == 1 else None
                if not isinstance(data, dict):
                    raise ServerError("bad-request", "an event carries one JSON object", {})
                return Holder(ok=True, result=await handler(sid, data))
            except ServerError as error:
                if error.code == "rate-limited":
                    await self.strike(self.sio.manager.eio_sid_from_sid(sid, "/"))
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
        name = seat_name(data, self.limits.name_length)
        public = data.get("public", False)
        if not isinstance(public, bool):
            raise ServerError("bad-request", "public is true or false", {"field": "public"})
        connection = self.connections.get(self.sio.manager.eio_sid_from_sid(sid, "/"))
        if connection is None:  # closed meanwhile for its limits
            raise ServerError("rate-limited", "this connection was closed for its limits", {"limit": "connection"})
        address = connection.address
        mine = [table for table in self.waiting.get(address, []) if self.tables.waiting(table)]
        if len(mine) >= self.limits.waiting_tables:
            raise ServerError(
                "rate-limited",
                "too many tables from this address wait for players: start one, or wait until one is full",
                {"limit": "waiting-tables", "max": self.limits.waiting_tables},
            )
        options = timer_option(options, self.limits.min_timer)
        result = await self.tables.create(game, options, data.get("seats"), language(data), name, public)
        self.waiting[address] = [*mine, result["table"]]
        await self.seated(sid, result["table"], result["seat"], result["token"])
        return result

    async def on_join(self, sid, data):
        table_id = text(data, "table")
        invite = text(data, "invite") if data.get("invite") is not None else None
        language(data)
        result = await self.tables.join(table_id, invite, seat_name(data, self.limits.name_length))
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
        bucket = self.phrases.setdefault(sid, Bucket(PHRASE_RATE, PHRASE_BURST))
        if not bucket.take(time.monotonic()):
            raise ServerError("rate-limited", "one phrase every 2 seconds: slow down", {"phrases": PHRASE_RATE})
        if data.get("token") is not None:
            seat = await self.tables.speaker(table_id, text(data, "token"))
        elif table_id in self.watching.get(sid, ()):
            seat = None
            if not self.crowd(table_id).take(time.monotonic()):
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
            crowd = self.crowds[table_id] = Bucket(CROWD_RATE, CROWD_BURST)
        return crowd

    async def on_rematch(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        result = await self.tables.rematch(table_id, token)
        await self.seated(sid, result["table"], result["seat"], result["token"])
        return result

    async def on_act(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        version = whole(data, "version")
        action = text(data, "action", self.limits.action_length)
        return await self.tables.act(table_id, token, command_id(data), version, action)

    async def on_start(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        return await self.tables.start(table_id, token, command_id(data), bot_level(data))

    async def on_leave(self, sid, data):
        table_id, token = text(data, "table"), text(data, "token")
        seat = await self.tables.leave(table_id, token)
        await self.stand(sid, table_id, seat)
        return {}
