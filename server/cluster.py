"""How a command reaches the process that owns its table, when several share one Redis.

Every process has a name and listens on its own channel (``proc:<name>``). A command for a table owned elsewhere
is published to the owner's channel with a request id and the asking process's name; the owner runs it at its
table and publishes the answer (or the refusal) back on the asker's channel. It is Colyseus's remote room call
over its Redis presence, on redis-py's pub/sub.

Publishing tells how many processes heard it: none means the owner's process is gone (its connection to Redis
closed with it, even if its lease has not run out yet), and the asker takes the table over at once
(``Gone``). The same count (``PUBSUB NUMSUB``) tells the owner of a table which of the processes holding its seats'
connections are still alive (``alive``).

``Alone`` is the same interface for one process (SQLite): every table it can claim is its own, nothing is ever
forwarded.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets

import orjson

from . import bus, wire
from .errors import ServerError, server_bug
from .store import StoreUnavailable

log = logging.getLogger("server")

#: How long an asker waits for the owner's answer (s); past it the client is told ``unavailable``.
ANSWER_TIMEOUT = 10.0


class Gone(Exception):
    """Nobody heard the request: the owner's process has died (or lost Redis)."""


class Moved(Exception):
    """The process asked no longer owns the table (its lease was lost or given up): ask again."""


class Alone:
    """One process: never forwards."""

    def __init__(self) -> None:
        self.name = "local"

    async def start(self, serve, back=None) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to close."""

    async def request(self, owner: str, table_id: str, op: str, args: list):
        raise Gone(owner)

    async def alive(self, processes: set[str]) -> set[str]:
        return processes & {self.name}


class RedisLink:
    """Requests and answers between the processes of one Redis."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis
        from redis.exceptions import RedisError

        self.errors = (RedisError, OSError)
        self.name = secrets.token_hex(6)
        # As the store's (``server.store_redis``): a connection broken by a restart is made again for the command.
        self.redis = redis.from_url(
            url, decode_responses=True, socket_connect_timeout=5, retry_on_error=[redis.ConnectionError]
        )
        self.listening = bus.listening_client(url)
        self.pending: dict[int, asyncio.Future] = {}
        self.ids = itertools.count(1)
        self.serving: set[asyncio.Task] = set()
        self.listener: asyncio.Task | None = None

    def channel(self, process: str) -> str:
        return f"proc:{process}"

    async def start(self, serve, back=None) -> None:
        """Listen on this process's channel; ``await serve(table_id, op, args)`` runs a request for a table, and
        ``back()`` is called when the channel is listened to again after a loss (``server.bus``): meanwhile other
        processes took this one for gone (their requests went unheard)."""
        self.serve = serve
        self.back = back or (lambda: None)
        self.ready = asyncio.Event()
        self.listener = asyncio.get_running_loop().create_task(self._listen())
        with contextlib.suppress(TimeoutError):  # Redis is not there yet: listened to as soon as it is
            await asyncio.wait_for(self.ready.wait(), 5)

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, *self.errors):
                await self.listener
        with contextlib.suppress(*self.errors):
            await self.listening.aclose()
            await self.redis.aclose()

    async def _listen(self) -> None:
        channel = self.channel(self.name)
        async for data in bus.messages(self.listening, channel, lambda: self.back(), "the tables' channel", self.ready):
            try:
                self._heard(data)
            except Exception:  # a message no process of this server wrote
                log.exception("a message on %s could not be read", channel)

    def _heard(self, text: str) -> None:
        message = orjson.loads(text)
        if "answer" in message:
            future = self.pending.pop(message["answer"], None)
            if future is not None and not future.done():
                future.set_result(message)
            return
        task = asyncio.get_running_loop().create_task(self._run(message))
        self.serving.add(task)
        task.add_done_callback(self.serving.discard)

    async def _run(self, message: dict) -> None:
        """A request from another process, run at the table here; its answer (result, refusal, or moved)."""
        head = '{"answer":' + str(message["id"])
        try:
            result = await self.serve(message["table"], message["op"], message["args"])
            text = head + ',"ok":true,"result":' + wire.dumps(result) + "}"
        except ServerError as error:
            text = head + ',"ok":false,"error":' + wire.dumps(error.as_json()) + "}"
        except Moved:
            text = head + ',"moved":true}'
        except Exception:  # serve answers every failure as a ServerError; this is a bug of the link itself
            log.exception("a request from process %s failed", message.get("from"))
            text = head + ',"ok":false,"error":' + wire.dumps(server_bug().as_json()) + "}"
        for pause in (0.1, 0.3, None):  # Redis may be coming back: its first commands may fail
            try:
                await self.redis.publish(self.channel(message["from"]), text)
                return
            except self.errors as error:
                if pause is None:
                    log.warning("an answer to process %s was lost (%s)", message.get("from"), error)
                    return
            await asyncio.sleep(pause)

    async def request(self, owner: str, table_id: str, op: str, args: list):
        """``op`` run at ``owner``'s table: its result, or its ``ServerError``; ``Gone`` if nobody heard it,
        ``Moved`` if the owner no longer has the table."""
        request_id = next(self.ids)
        future = asyncio.get_running_loop().create_future()
        self.pending[request_id] = future
        message = {"id": request_id, "from": self.name, "table": table_id, "op": op, "args": args}
        try:
            try:
                heard = await self.redis.publish(self.channel(owner), orjson.dumps(message).decode())
            except self.errors as error:
                raise StoreUnavailable(f"redis: {error}") from error
            if not heard:
                raise Gone(owner)
            try:
                answer = await asyncio.wait_for(future, ANSWER_TIMEOUT)
            except TimeoutError:
                message = "the process that holds this table did not answer in time (send it again with its id)"
                raise ServerError("unavailable", message, {"table": table_id}) from None
        finally:
            self.pending.pop(request_id, None)
        if answer.get("moved"):
            raise Moved(table_id)
        if not answer["ok"]:
            raise ServerError.from_json(answer["error"])
        return answer["result"]

    async def alive(self, processes: set[str]) -> set[str]:
        """Those of ``processes`` still listening on their channels."""
        if not processes:
            return set()
        ordered = sorted(processes)
        try:
            counts = await self.redis.pubsub_numsub(*(self.channel(process) for process in ordered))
        except self.errors as error:
            raise StoreUnavailable(f"redis: {error}") from error
        return {process for process, (_, count) in zip(ordered, counts, strict=True) if count}
