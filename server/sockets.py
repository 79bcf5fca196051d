"""The protocol on Socket.IO: each client event checked (size, fields, rate) and answered once.

Every event is answered through its acknowledgement with ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"code", "message", "params"}}`` (``server.errors``); nothing a client sends
makes an answer a traceback, and a fault of the server is answered as the server's (``server-error``, logged
once), never as the client's ``bad-request``.

Every packet a connection sends is counted before it is read (``server.limits``: events per second per connection
and per client address), and a connection refused ``strikes`` times within 10 seconds for its limits is closed,
its WebSocket with it (it cannot open the namespace again for a fresh limit). A packet that cannot be read, a
binary one, or an event named as Socket.IO's own (``connect``, ``disconnect``: python-socketio would run the
server's handlers for them) is refused as ``bad-request`` (answered when it carries an acknowledgement id) and
counted, never logged with a traceback. A client address holds at most ``waiting_tables`` tables waiting for
players.

This layer knows the tables only through their interface (``server.service.Tables``): the commands, the seats'
presence and the rooms a seat's connection listens in; never the store.
"""

from __future__ import annotations

import asyncio
import logging
import time

import socketio
from socketio import packet as sio_packet

from engine.core.games import GAMES

from .errors import ServerError, server_bug
from .fields import bot_level, command_id, language, seat_name, text, timer_option, whole
from .limits import Bucket, Limits, Strikes, address_key, quiet
from .service import Tables
from .store import WATCH
from .wire import Holder, Malformed

log = logging.getLogger("server")
#: The connections closed for their limits: one line each, a few a second at most (a flood closes many).
limits_log = quiet("server.limits")[0]

#: The largest event the server reads (its JSON text); larger ones are refused with too-large.
MAX_EVENT = 64 * 1024
#: The phrases a seat or a spectator may say (by id; each page words them in its reader's language).
PHRASES = ("hello", "good-luck", "well-played", "thanks", "sorry", "oops", "nice-move", "one-more", "bye")
#: Phrases per connection: PHRASE_BURST at once, then one every 1 / PHRASE_RATE seconds; a table's spectators
#: together: CROWD_BURST at once, then CROWD_RATE a second.
PHRASE_BURST, PHRASE_RATE, CROWD_BURST, CROWD_RATE = 3.0, 0.5, 10.0, 1.0
#: Tables one connection watches at once at most.
MAX_WATCHING = 4


def client_address(environ: dict) -> str:
    """The client's address as uvicorn gives it (the proxy's forwarded one behind a trusted proxy; python-engineio's
    ``REMOTE_ADDR`` is always 127.0.0.1 under ASGI), counted as ``address_key`` says."""
    client = (environ.get("asgi.scope") or {}).get("client") or ("?",)
    return address_key(str(client[0]))


def ack_id(data) -> int | None:
    """The acknowledgement id of an event packet (``42<id>[...]``, ``42/ns,<id>[...]``), read without its JSON."""
    if not isinstance(data, str) or data[:1] != "2":
        return None
    rest = data[1:]
    if rest[:1] == "/":
        comma = rest.find(",")
        rest = rest[comma + 1 :] if comma >= 0 else ""
    digits = 0
    while digits < len(rest) and digits < 16 and rest[digits].isdigit():
        digits += 1
    return int(rest[:digits]) if digits and not rest[digits : digits + 1].isdigit() else None


class Connection:
    """One Engine.IO connection: its address, its own events' bucket and its refusals."""

    __slots__ = ("address", "bucket", "strikes")

    def __init__(self, address: str, limits: Limits) -> None:
        self.address = address
        self.bucket = Bucket(limits.events_per_second, limits.event_burst)
        self.strikes = Strikes()


class Address:
    """A client address: its open connections and their events' bucket."""

    __slots__ = ("bucket", "connections")

    def __init__(self, limits: Limits) -> None:
        self.connections = 0
        self.bucket = Bucket(limits.address_events_per_second, limits.address_event_burst)


class GuardedServer(socketio.AsyncServer):
    """python-socketio's server, with every packet counted before it is read and the malformed ones refused
    (``Sockets`` keeps the counts)."""

    guard: Sockets

    async def _handle_eio_connect(self, eio_sid, environ):
        refusal = self.guard.opened(eio_sid, environ)
        if refusal is not None:
            return refusal
        return await super()._handle_eio_connect(eio_sid, environ)

    async def _handle_eio_disconnect(self, eio_sid, reason):
        try:
            await super()._handle_eio_disconnect(eio_sid, reason)
        finally:
            self.guard.closed(eio_sid)

    async def _handle_eio_message(self, eio_sid, data):
        guard = self.guard
        if eio_sid not in guard.connections:
            return  # closed for its limits: nothing more is read from it
        refusal = guard.admit(eio_sid, data)
        if refusal is None:
            try:
                return await super()._handle_eio_message(eio_sid, data)
            except Malformed as bad:
                refusal = ServerError("bad-request", f"a packet that cannot be read ({bad.reason})", {})
            except ValueError as error:  # Socket.IO's refusal of a packet type: a binary one, a client's error
                refusal = ServerError("bad-request", f"a packet the server does not take ({error})", {})
        await guard.refuse(eio_sid, ack_id(data), refusal)

    async def _handle_event(self, eio_sid, namespace, id, data):
        if self.manager.sid_from_eio_sid(eio_sid, namespace or "/") is None:
            return await self.guard.strike(eio_sid)  # an event before its namespace is open: nobody to answer
        if not (isinstance(data, list) and data and isinstance(data[0], str)) or data[0] in self.reserved_events:
            event = str(data[0])[:40] if isinstance(data, list) and data else ""
            refusal = ServerError("bad-request", "no such event", {"event": event})
            return await self.guard.refuse(eio_sid, id, refusal, namespace)
        return await super()._handle_event(eio_sid, namespace, id, data)


class Sockets:
    def __init__(self, sio: GuardedServer, tables: Tables, limits: Limits | None = None) -> None:
        self.sio = sio
        self.tables = tables
        self.limits = limits or Limits()
        sio.guard = self
        self.connections: dict[str, Connection] = {}  # eio sid -> its connection
        self.addresses: dict[str, Address] = {}
        #: The tables each address created that may still be waiting for players.
        self.waiting: dict[str, list[str]] = {}
        self.seats: dict[str, set[tuple[str, int]]] = {}  # sid -> the (table, seat) it plays
        self.watching: dict[str, set[str]] = {}  # sid -> the tables it watches
        self.phrases: dict[str, Bucket] = {}  # sid -> its phrases' bucket
        self.crowds: dict[str, Bucket] = {}  # table -> its spectators' phrases' bucket
        self.telling: set[asyncio.Task] = set()  # the presence reports under way (kept from the collector)
        #: ``count_refusal(code)``: a packet refused before any handler (the metrics count it; no log line each).
        self.count_refusal = lambda code: None
        #: The addresses whose connections were closed for their limits (within a minute), and those banned
        #: (until when, monotonic s); ``ban(address, until)`` tells the door below HTTP (``server.gate``).
        self.closes: dict[str, Strikes] = {}
        self.banned: dict[str, float] = {}
        self.ban = lambda address, until: None
        sio.on("connect", self.connect)
        sio.on("disconnect", self.disconnect)
        for name in ("create", "join", "rejoin", "act", "start", "leave", "watch", "tables", "say", "rematch"):
            sio.on(name, self.command(getattr(self, "on_" + name)))
        sio.on("*", self.unknown)

    # -- connections and their limits -------------------------------------------------------------------------------

    def opened(self, eio_sid: str, environ: dict) -> str | None:
        """A new Engine.IO connection: counted at its address; the refusal if the address has too many."""
        key = client_address(environ)
        if self.banned.get(key, 0) > time.monotonic():
            return "rate-limited: this address is banned for a while: its connections went over their limits"
        address = self.addresses.get(key)
        if address is None:
            address = self.addresses[key] = Address(self.limits)
        if address.connections >= self.limits.connections_per_address:
            return "rate-limited: too many connections from this address"
        address.connections += 1
        self.connections[eio_sid] = Connection(key, self.limits)
        return None

    def closed(self, eio_sid: str) -> None:
        connection = self.connections.pop(eio_sid, None)
        if connection is None:
            return
        address = self.addresses.get(connection.address)
        if address is not None:
            address.connections -= 1
            # An address whose bucket is full again is forgotten; one still refilling is kept (reconnecting never
            # gives it a fresh one) and forgotten at a later close once it is full.
            if address.connections <= 0 and self.refilled(address):
                del self.addresses[connection.address]
        if len(self.addresses) > 2 * len(self.connections) + 1000:
            for key in [key for key, item in self.addresses.items() if not item.connections and self.refilled(item)]:
                del self.addresses[key]
        if len(self.waiting) > 1000 and len(self.waiting) > 2 * len(self.addresses):
            for key, tables in list(self.waiting.items()):
                if not any(self.tables.waiting(table) for table in tables):
                    del self.waiting[key]

    @staticmethod
    def refilled(address: Address) -> bool:
        bucket = address.bucket
        return bucket.level + (time.monotonic() - bucket.stamp) * bucket.rate >= bucket.burst

    def admit(self, eio_sid: str, data) -> ServerError | None:
        """Whether this packet may be read: the refusal for a connection or address over its rate, or for a packet
        too large or binary (the server takes JSON only), else None."""
        connection = self.connections.get(eio_sid)
        if connection is None:
            return None
        now = time.monotonic()
        if not connection.bucket.take(now):
            rate = self.limits.events_per_second
            return ServerError("rate-limited", "too many events: slow down", {"rate": rate, "limit": "connection"})
        address = self.addresses.get(connection.address)
        if address is not None and not address.bucket.take(now):
            rate = self.limits.address_events_per_second
            return ServerError(
                "rate-limited", "too many events from this address: slow down", {"rate": rate, "limit": "address"}
            )
        if not isinstance(data, str) or data[:1] in ("5", "6"):
            return ServerError("bad-request", "the server takes JSON events only, no binary data", {})
        if len(data) > MAX_EVENT:
            return ServerError("too-large", f"an event is at most {MAX_EVENT} bytes", {"limit": MAX_EVENT})
        return None

    async def refuse(self, eio_sid: str, ack: int | None, refusal: ServerError, namespace: str | None = None) -> None:
        """Answer a refused packet (when it asked for an answer) and count it; a connection refused too often is
        closed, its WebSocket with it."""
        self.count_refusal(refusal.code)
        namespace = namespace or "/"
        if ack is not None and self.sio.manager.sid_from_eio_sid(eio_sid, namespace) is not None:
            reply = self.sio.packet_class(sio_packet.ACK, namespace=namespace, id=ack, data=[refusal.answer()])
            try:
                await self.sio._send_packet(eio_sid, reply)
            except Exception:  # the connection is closing
                log.debug("refusal to %s not sent", eio_sid, exc_info=True)
        await self.strike(eio_sid)

    async def strike(self, eio_sid: str) -> None:
        connection = self.connections.get(eio_sid)
        if connection is not None and connection.strikes.add(time.monotonic()) >= self.limits.strikes:
            limits_log.warning(
                "a connection from %s was refused %d times in 10 s: closed", connection.address, self.limits.strikes
            )
            self.closed(eio_sid)
            self.struck_off(connection.address)
            await self.close(eio_sid)

    def struck_off(self, address: str) -> None:
        """One more connection of ``address`` closed for its limits: ``ban_after`` within a minute ban the
        address for ``ban_seconds`` (a flood that reconnects at once is refused at the door, its cheapest)."""
        now = time.monotonic()
        closes = self.closes.setdefault(address, Strikes(60.0))
        if closes.add(now) >= self.limits.ban_after:
            until = self.banned[address] = now + self.limits.ban_seconds
            del self.closes[address]
            limits_log.warning(
                "the address %s is banned for %g s: its connections went over their limits",
                address,
                self.limits.ban_seconds,
            )
            self.ban(address, until)
        if len(self.closes) > 1000 or len(self.banned) > 1000:
            self.closes = {key: item for key, item in self.closes.items() if item.times[-1] > now - 60}
            self.banned = {key: until for key, until in self.banned.items() if until > now}

    async def close(self, eio_sid: str) -> None:
        """Close the connection at once, its WebSocket too (python-engineio's ``disconnect`` only sends the close
        packet, and a client that ignores it would go on being read until its ping timeout)."""
        socket = self.sio.eio.sockets.get(eio_sid)
        await self.sio.eio.disconnect(eio_sid)
        if socket is not None:
            socket.queue.put_nowait(None)  # its writer ends, and closes the WebSocket

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
