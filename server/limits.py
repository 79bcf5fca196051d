"""The limits a server on the open internet keeps: one list, each a command-line option of ``python -m server``
(and an environment variable, ``SERVER_<NAME>``), with a default that a real host can run with.

Every resource a client can make the server hold is bounded here: connections (per client address and in all),
the time a request may take to arrive, events per second (per connection and per address), tables waiting for
players (per address, and how long they wait), and the size of what a client types (a name, an action). A client
over a limit is told so (``rate-limited``, or an HTTP 429/503 before any Socket.IO), and one that goes on is
disconnected; the others never notice. spec/online-tables.md ("Limits") lists them.

Also here: the token bucket that counts events, and the filter that keeps a flood of malformed packets from
flooding the log (one short line each, a bounded number per second).
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import os
import time
from collections import deque
from dataclasses import dataclass, field, fields


def _limit(default, help: str):
    """A limit's field: its default (whose type, int or float, is the option's) and the option's help."""
    return field(default=default, metadata={"help": help, "kind": type(default)})


@dataclass(frozen=True)
class Limits:
    connections_per_address: int = _limit(
        64, "open connections (HTTP and WebSocket) from one client address; more are refused with 429"
    )
    websockets_per_minute: float = _limit(
        20.0, "new WebSockets one client address may open per minute, on average; more are refused with 429"
    )
    websocket_burst: int = _limit(10, "new WebSockets one client address may open at once")
    connections: int = _limit(4000, "open connections in all; more are refused with 503 (keep it under ulimit -n)")
    request_timeout: float = _limit(
        10.0, "seconds for a request's headers to arrive, from the connection's start or the last answer"
    )
    body_timeout: float = _limit(30.0, "seconds for a request's body to arrive after its headers")
    keep_alive: int = _limit(5, "seconds an idle HTTP connection stays open (uvicorn's timeout_keep_alive)")
    header_bytes: int = _limit(16384, "the largest request head in bytes (uvicorn's h11_max_incomplete_event_size)")
    events_per_second: float = _limit(50.0, "events a connection may send per second, on average")
    event_burst: int = _limit(100, "events a connection may send at once")
    address_events_per_second: float = _limit(
        200.0, "events all connections of one client address may send per second, on average"
    )
    address_event_burst: int = _limit(400, "events all connections of one client address may send at once")
    strikes: int = _limit(20, "refusals for a limit within 10 seconds that disconnect a connection")
    ban_after: int = _limit(3, "connections of one address closed for their limits within a minute that ban it")
    ban_seconds: float = _limit(60.0, "how long a banned address's new connections are refused (429)")
    waiting_tables: int = _limit(5, "tables one client address may have waiting for players at once")
    waiting_minutes: float = _limit(60.0, "minutes a table that never starts waits for its players; then it is deleted")
    name_length: int = _limit(32, "the longest seat name, in characters")
    action_length: int = _limit(256, "the longest action, in characters")
    min_timer: float = _limit(10.0, "the shortest move timer, in seconds (0, no timer, is allowed)")

    @classmethod
    def add_options(cls, parser: argparse.ArgumentParser) -> None:
        """One ``--<name>`` option per limit, its default from ``SERVER_<NAME>`` when set."""
        group = parser.add_argument_group("limits (each also SERVER_<NAME> in the environment)")
        for limit in fields(cls):
            env = "SERVER_" + limit.name.upper()
            kind = limit.metadata["kind"]
            default = kind(os.environ[env]) if os.environ.get(env) else limit.default
            group.add_argument(
                "--" + limit.name.replace("_", "-"),
                type=kind,
                default=default,
                metavar="N",
                help=f"{limit.metadata['help']} (default {limit.default})",
            )

    @classmethod
    def from_options(cls, args: argparse.Namespace) -> Limits:
        limits = cls(**{limit.name: getattr(args, limit.name) for limit in fields(cls)})
        for limit in fields(cls):
            if getattr(limits, limit.name) < 0:
                raise ValueError(f"--{limit.name.replace('_', '-')} is a number from 0")
        return limits


def address_key(address: str) -> str:
    """What the limits count a client address as: an IPv4 address itself, an IPv6 address its /64 (one subscriber
    holds a whole /64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address


class Bucket:
    """A token bucket: ``burst`` events at once, refilled at ``rate`` per second."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.stamp = burst, time.monotonic()

    def full(self, now: float) -> bool:
        """Whether the bucket has refilled by ``now`` (forgetting it then changes nothing)."""
        return self.level + (now - self.stamp) * self.rate >= self.burst

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Strikes:
    """A connection's refusals for its limits within the last ``window`` seconds."""

    __slots__ = ("times", "window")

    def __init__(self, window: float = 10.0) -> None:
        self.times: deque[float] = deque()
        self.window = window

    def add(self, now: float) -> int:
        """One more refusal now: how many within the window."""
        self.times.append(now)
        while self.times[0] < now - self.window:
            self.times.popleft()
        return len(self.times)


class QuietFilter(logging.Filter):
    """For Engine.IO's and Socket.IO's loggers, which a client reaches with any malformed packet: each record one
    short line (no traceback), and at most ``rate`` of them a second (``burst`` at once); the lines left out are
    counted in the next one written."""

    def __init__(self, rate: float = 5.0, burst: int = 20) -> None:
        super().__init__()
        self.bucket = Bucket(rate, burst)
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.bucket.take(time.monotonic()):
            self.dropped += 1
            return False
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {str(error)[:120]}"
            record.args = None
            record.exc_info = record.exc_text = None
        if self.dropped:
            record.msg = f"{record.getMessage()} ({self.dropped} such lines left out)"
            record.args = None
            self.dropped = 0
        return True


def quiet(*names: str) -> list[logging.Logger]:
    """The libraries' loggers, warnings and errors only, each line short and their rate bounded."""
    loggers = []
    for name in names:
        logger = logging.getLogger(name)
        logger.setLevel(logging.WARNING)
        if not any(isinstance(item, QuietFilter) for item in logger.filters):
            logger.addFilter(QuietFilter())
        loggers.append(logger)
    return loggers
