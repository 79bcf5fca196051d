"""Redis pub/sub that knows when it was cut off, for the two channels a process listens on: Socket.IO's messages
between processes (``Bus``, the ``client_manager`` of python-socketio) and the requests between table owners
(``server.cluster.RedisLink``).

A subscription lives on one connection to Redis. When Redis restarts (or the network drops), what is published
until the process subscribes again is lost for it, and Redis says nothing of it. redis-py would subscribe again by
itself, silently; python-socketio's own listener waits up to a minute between its attempts, and a message it
could not publish is dropped with a line in the log. Here, instead:

- the connection that listens never retries on its own: a loss comes up to ``messages``, which subscribes again as
  soon as Redis answers (at most a second apart) and then calls ``back()``, so that the process makes up for what
  it may have missed (``server.recovery.Recovery.resync``: every seat connected here is sent its state again);
- a message ``Bus`` could not publish is remembered by its table (``dropped``): the table's owner broadcasts the
  table again once Redis takes messages again (at its next beat).

The versioned log stays the truth either way: a client that sees a gap in the versions, or hears nothing for a
while, asks for what it missed (``rejoin`` with ``since``), so nothing depends on a message arriving.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable

import socketio

log = logging.getLogger("server")

#: Seconds between two attempts to subscribe again; the last one repeats.
RETRY = (0.1, 0.25, 0.5, 1.0)


def listening_client(url: str):
    """A Redis client whose connections never retry by themselves: a lost connection is an error, seen."""
    import redis.asyncio as redis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff

    return redis.from_url(url, socket_connect_timeout=2, retry=Retry(NoBackoff(), 0))


def redis_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


async def messages(
    client, channel: str, back: Callable[[], None], what: str, ready: asyncio.Event | None = None
) -> AsyncIterator[bytes | str]:
    """Every message published on ``channel``, for ever; after a loss of the subscription, subscribed again as soon
    as Redis answers, and ``back()`` called (what was published meanwhile did not arrive). ``ready`` is set once
    the channel is first listened to."""
    errors = redis_errors()
    lost_at: float | None = None
    attempt = 0
    while True:
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(channel)
            if ready is not None:
                ready.set()
            if lost_at is not None:
                log.warning("%s: subscribed again after %.1f s without", what, time.monotonic() - lost_at)
                lost_at, attempt = None, 0
                back()
            async for message in pubsub.listen():
                if message.get("type") == "message":
                    yield message["data"]
        except errors as error:
            if lost_at is None:
                lost_at = time.monotonic()
                log.warning("%s: the subscription was lost (%s); subscribing again", what, error)
            await asyncio.sleep(RETRY[min(attempt, len(RETRY) - 1)])
            attempt += 1
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()


class Bus(socketio.AsyncRedisManager):
    """Socket.IO's messages between the processes of one Redis, with a subscription that is made again at once
    after a loss (``back`` is called then), and the tables whose messages could not be published remembered."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.client = listening_client(url)
        #: Called (no arguments) when the subscription is back after a loss.
        self.back: Callable[[], None] = lambda: None
        #: The tables whose broadcast could not be published (their owner broadcasts them again).
        self.dropped: set[str] = set()

    def _redis_connect(self) -> None:
        # One client, kept: its pool connects again by itself (python-socketio makes a new client each time).
        self.redis = self.client
        self.connected = True

    async def _publish(self, data) -> None:
        errors = redis_errors()
        for _ in range(2):
            try:
                return await self.client.publish(self.channel, self.json.dumps(data))
            except errors as error:
                failure = error
        room = data.get("room") if isinstance(data, dict) else None
        if data.get("method") == "emit" and isinstance(room, str):
            self.dropped.add(room.split(":", 1)[0])
        log.warning("a message to the other processes was not published (%s): it is sent again later", failure)

    def take_dropped(self) -> set[str]:
        dropped, self.dropped = self.dropped, set()
        return dropped

    async def _listen(self):
        async for data in messages(self.client, self.channel, lambda: self.back(), "the Socket.IO channel"):
            yield data

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.client.aclose()
