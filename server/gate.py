"""The door of the server, below HTTP: how many connections a client address may hold open, how many the server
holds in all, and how long a request may take to arrive.

uvicorn bounds none of these (its ``limit_concurrency`` answers 503 only once a whole request has arrived; a
request whose headers never end holds its connection for ever). So the server runs uvicorn with its own HTTP
protocol (``GatedHttp``, uvicorn's h11 protocol) and WebSocket protocol (``GatedWebSocket``, its websockets one),
which count each connection from its first byte to its end, a WebSocket's too:

- a connection over ``connections_per_address`` from its address is answered ``429`` and closed, one over
  ``connections`` in all ``503``; nothing is read from it;
- an address banned for a while (its connections went over their limits again and again: ``server.admission``)
  is answered ``429`` at once;
- a request's head must arrive within ``request_timeout`` seconds of the connection's start (or of the last
  answer on it), its body within ``body_timeout`` of its head; else the connection is closed.

The address is the peer's: behind a reverse proxy (its address in ``--forwarded-allow-ips``) every connection
comes from the proxy, so the proxy's own connections are not counted per address (the proxy limits its clients;
the Socket.IO layer counts them by the address the proxy forwards, ``server.admission``).
"""

from __future__ import annotations

import ipaddress
import time

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import Bucket, Limits, address_key


def _refusal(status: int, reason: str, text: str) -> bytes:
    body = text.encode()
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
        "connection: close\r\nretry-after: 10\r\n\r\n"
    ).encode() + body


#: The keys, in a WebSocket's ASGI scope's extensions, of the callable that drops its connection at once, and of
#: whether the door counted it among its address's new WebSockets (not when it came from a trusted proxy).
ABORT, COUNTED = "tile-games.abort", "tile-games.counted"

TOO_MANY_HERE = _refusal(429, "Too Many Requests", "too many connections from this address")
TOO_FAST_HERE = _refusal(429, "Too Many Requests", "too many new WebSockets from this address: wait a little")
TOO_MANY = _refusal(503, "Service Unavailable", "the server has too many connections; try again soon")


def trusted(proxies: str) -> set:
    """The addresses (or networks) of ``--forwarded-allow-ips``."""
    found = set()
    for item in filter(None, (part.strip() for part in proxies.split(","))):
        found.add(ipaddress.ip_network(item, strict=False))
    return found


class Gate:
    """The open connections, per address and in all."""

    def __init__(self, limits: Limits, proxies: str = "") -> None:
        self.limits = limits
        self.proxies = trusted(proxies)
        self.open: dict[object, str] = {}  # transport -> its address
        self.per_address: dict[str, int] = {}
        #: Addresses banned (``server.admission``: their connections went over their limits), until when (monotonic).
        self.banned: dict[str, float] = {}
        #: The new WebSockets of each address, counted: a WebSocket's handshake (and the Socket.IO one on it) costs
        #: the server more than anything else a client can ask for, so a flood of them is refused before it.
        self.upgrades: dict[str, Bucket] = {}
        self.prune_at = 10_000
        #: ``count_refusal(code)``: a connection refused at the door (the metrics count it; no log line each:
        #: a flood is refused here thousands of times a second). Codes: ``door-full`` (503), ``door-address``
        #: (too many open from the address), ``door-banned``, ``door-websockets`` (too many new WebSockets).
        self.count_refusal = lambda code: None

    def ban(self, address: str, until: float) -> None:
        """Refuse ``address`` until ``until`` (monotonic), and drop its open connections at once: aborted, not
        closed, so nothing more is read from them (a WebSocket's closing handshake would go on reading a flood's
        frames until its peer answers, for up to 10 s)."""
        if not self.counted(address):  # never a trusted proxy: every client behind it would be refused
            return
        self.banned[address] = until
        for transport in [transport for transport, where in self.open.items() if where == address]:
            transport.abort()

    def counted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_network(address, strict=False)
        except ValueError:
            return True
        return not any(ip.subnet_of(network) for network in self.proxies if network.version == ip.version)

    def admit(self, transport) -> bytes | None:
        """Count a new connection; the refusal to send it instead when it is over a limit."""
        peer = transport.get_extra_info("peername")
        address = address_key(str(peer[0])) if isinstance(peer, (tuple, list)) and peer else "?"
        if len(self.open) >= self.limits.connections:
            self.count_refusal("door-full")
            return TOO_MANY
        if self.counted(address):
            if self.banned and address in self.banned:
                if self.banned[address] > time.monotonic():
                    self.count_refusal("door-banned")
                    return TOO_MANY_HERE
                del self.banned[address]
            if self.per_address.get(address, 0) >= self.limits.connections_per_address:
                self.count_refusal("door-address")
                return TOO_MANY_HERE
            self.per_address[address] = self.per_address.get(address, 0) + 1
        self.open[transport] = address
        return None

    def upgrade(self, transport) -> bool:
        """Whether the connection may become a WebSocket (its address's bucket of new WebSockets not empty)."""
        address = self.open.get(transport)
        if address is None or not self.counted(address):
            return True
        now = time.monotonic()
        bucket = self.upgrades.get(address)
        if bucket is None:
            if len(self.upgrades) >= self.prune_at:  # the addresses whose buckets are full again are forgotten
                self.upgrades = {key: item for key, item in self.upgrades.items() if not item.full(now)}
                self.prune_at = max(10_000, 2 * len(self.upgrades))  # each address looked at twice at most
            bucket = self.upgrades[address] = Bucket(
                self.limits.websockets_per_minute / 60, self.limits.websocket_burst
            )
        if bucket.take(now):
            return True
        self.count_refusal("door-websockets")
        return False

    def release(self, transport) -> None:
        address = self.open.pop(transport, None)
        if address is not None and address in self.per_address:
            left = self.per_address[address] - 1
            if left > 0:
                self.per_address[address] = left
            else:
                del self.per_address[address]


def protocols(gate: Gate) -> tuple[type, type]:
    """uvicorn's HTTP and WebSocket protocols, counted at ``gate`` and timed."""
    limits = gate.limits

    class GatedWebSocket(WebSocketsSansIOProtocol):
        def handle_connect(self, event) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # the Socket.IO layer may drop a connection over its limits at once
                scope["extensions"][ABORT] = self.transport.abort
                scope["extensions"][COUNTED] = gate.counted(gate.open.get(self.transport, "?"))

        def connection_lost(self, exc) -> None:
            gate.release(self.transport)
            super().connection_lost(exc)

    class GatedHttp(H11Protocol):
        timer = None
        upgraded = False

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            refusal = gate.admit(transport)
            if refusal is not None:
                transport.write(refusal)
                transport.close()
                return
            self.wait(limits.request_timeout)

        def wait(self, seconds: float | None) -> None:
            """Close the connection unless what it owes arrives within ``seconds`` (None: it owes nothing)."""
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if seconds is not None and not self.transport.is_closing():
                self.timer = self.loop.call_later(seconds, self.too_slow)

        def too_slow(self) -> None:
            self.timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            waiting_head = self.conn.their_state is h11.IDLE
            super().data_received(data)
            if self.upgraded:
                return
            state = self.conn.their_state
            if state is h11.SEND_BODY and waiting_head:
                self.wait(limits.body_timeout)  # the head is in: now its body
            elif state is not h11.IDLE and state is not h11.SEND_BODY:
                self.wait(None)  # the whole request is in: the answer is the server's to give

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.wait(limits.request_timeout)  # the next request on this connection

        def handle_websocket_upgrade(self, event) -> None:
            self.wait(None)
            if not gate.upgrade(self.transport):
                self.transport.write(TOO_FAST_HERE)
                self.transport.close()
                return
            self.upgraded = True
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc) -> None:
            self.wait(None)
            if not self.upgraded:  # an upgraded connection is the WebSocket's to release
                gate.release(self.transport)
            super().connection_lost(exc)

    return GatedHttp, GatedWebSocket
