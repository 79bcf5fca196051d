"""Which packets the Socket.IO layer reads (``server.sockets``): every packet a connection sends is counted before
it is read (``server.limits``: events per second per connection and per client address), and a connection refused
``strikes`` times within 10 seconds for its limits is closed, its WebSocket with it (it cannot open the namespace
again for a fresh limit). An address whose connections are closed so again and again is banned for a while (its open
connections closed with it), at the door below HTTP too (``server.gate``).

A packet that cannot be read, a binary one, or an event named as Socket.IO's own (``connect``, ``disconnect``:
python-socketio would run the server's handlers for them) is refused as ``bad-request`` (answered when it carries
an acknowledgement id) and counted, never logged with a traceback.
"""

from __future__ import annotations

import logging
import time

import socketio
from socketio import packet as sio_packet

from .errors import ServerError
from .gate import ABORT, COUNTED
from .limits import Bucket, Limits, Strikes, address_key, quiet
from .service import Tables
from .wire import Malformed

log = logging.getLogger("server")
#: The connections closed for their limits: one line each, a few a second at most (a flood closes many).
limits_log = quiet("server.limits")[0]

#: The largest event the server reads (its JSON text); larger ones are refused with too-large.
MAX_EVENT = 64 * 1024


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

    __slots__ = ("abort", "address", "bucket", "strikes")

    def __init__(self, address: str, limits: Limits, abort=None) -> None:
        self.address = address
        #: Drops the connection's WebSocket at once (``server.gate``), None for a polling one.
        self.abort = abort
        self.bucket = Bucket(limits.events_per_second, limits.event_burst)
        self.strikes = Strikes()


class Address:
    """A client address: its open connections and their events' bucket."""

    __slots__ = ("bucket", "connections", "sessions")

    def __init__(self, limits: Limits) -> None:
        self.connections = 0
        self.bucket = Bucket(limits.address_events_per_second, limits.address_event_burst)
        #: Its new connections, counted as at the door (``server.gate``): there the proxy's address is counted
        #: (not at all when it is trusted), here the client's that a trusted proxy forwards.
        self.sessions = Bucket(limits.websockets_per_minute / 60, limits.websocket_burst)


class GuardedServer(socketio.AsyncServer):
    """python-socketio's server, with every packet counted before it is read and the malformed ones refused
    (``Admission`` keeps the counts)."""

    guard: Admission

    async def _handle_eio_connect(self, eio_sid, environ):
        refusal = self.guard.opened(eio_sid, environ)
        if refusal is not None:
            self.guard.count_refusal("rate-limited")
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


class Admission:
    """The connections and their client addresses, counted and bounded: every packet is counted before it is read,
    and a connection refused too often is closed (``GuardedServer`` asks; ``server.sockets.Sockets`` takes these
    methods)."""

    def __init__(self, sio: GuardedServer, tables: Tables, limits: Limits) -> None:
        self.sio = sio
        self.tables = tables
        self.limits = limits
        sio.guard = self
        self.connections: dict[str, Connection] = {}  # eio sid -> its connection
        self.addresses: dict[str, Address] = {}
        #: The tables each address created that may still be waiting for players.
        self.waiting: dict[str, list[str]] = {}
        #: ``count_refusal(code)``: a packet refused before any handler (the metrics count it; no log line each).
        self.count_refusal = lambda code: None
        #: The addresses whose connections were closed for their limits (within a minute), and those banned
        #: (until when, monotonic s); ``ban(address, until)`` tells the door below HTTP (``server.gate``).
        self.closes: dict[str, Strikes] = {}
        self.banned: dict[str, float] = {}
        self.ban = lambda address, until: None
        #: ``counted(address)``: False for a trusted proxy's own address (``server.gate``), whose new connections
        #: (the host's own clients: a health check, a local test) are not counted against a rate.
        self.counted = lambda address: True

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
        extensions = (environ.get("asgi.scope") or {}).get("extensions") or {}
        # A new connection, unless the door counted it already or it is the host's own (a trusted proxy's address).
        if not extensions.get(COUNTED) and self.counted(key) and not address.sessions.take(time.monotonic()):
            return "rate-limited: too many new connections from this address: wait a little"
        address.connections += 1
        self.connections[eio_sid] = Connection(key, self.limits, extensions.get(ABORT))
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
        now = time.monotonic()
        return address.bucket.full(now) and address.sessions.full(now)

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
            banned = self.struck_off(connection.address)
            await self.close(eio_sid, connection)
            if banned:  # its other connections go too: each would flood on until struck off on its own
                for other, item in [pair for pair in self.connections.items() if pair[1].address == connection.address]:
                    self.closed(other)
                    await self.close(other, item)

    def struck_off(self, address: str) -> bool:
        """One more connection of ``address`` closed for its limits: ``ban_after`` within a minute ban the
        address for ``ban_seconds`` (a flood that reconnects at once is refused at the door, its cheapest); whether
        it is banned now."""
        now = time.monotonic()
        closes = self.closes.setdefault(address, Strikes(60.0))
        banned = closes.add(now) >= self.limits.ban_after
        if banned:
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
        return banned

    async def close(self, eio_sid: str, connection: Connection) -> None:
        """Drop the connection at once, its WebSocket too: python-engineio's ``disconnect`` only sends the close
        packet, a client that ignores it would go on being read until its ping timeout, and a WebSocket's closing
        handshake reads whatever the client sends until it answers; so its transport is aborted."""
        socket = self.sio.eio.sockets.get(eio_sid)
        await self.sio.eio.disconnect(eio_sid)
        if connection.abort is not None:
            connection.abort()
        elif socket is not None:
            socket.queue.put_nowait(None)  # its writer ends, and closes the WebSocket
