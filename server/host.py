"""What a real host needs in front of the tables: ``GET /health`` (readiness), ``GET /metrics`` (Prometheus), and
one log line per HTTP request or WebSocket session. An ASGI application around the site and Socket.IO
(``server.app``); see spec/deploying.md.

- ``/health`` answers 200 ``{"status": "ok", ...}`` while the tables' store answers (it is read, within 2 s), and
  503 with ``"status": "unavailable"`` (the store does not answer) or ``"stopping"`` (SIGTERM: the process hands
  its tables over and closes), so that a load balancer sends no new client there.
- ``/metrics`` is for Prometheus scraping the process itself: it is answered only to a client on a loopback or
  private address whose request did not come through the reverse proxy (no ``X-Forwarded-For`` or
  ``Forwarded``); to anyone else it does not exist (404).
- The log line (``server.logs``): ``"event": "request"``, the method, the path (clipped), the status, the bytes
  sent, the time taken (ms), the client's address; for a WebSocket, its whole session.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time

import orjson

from .logs import clip
from .metrics import CONTENT_TYPE
from .store import StoreUnavailable

log = logging.getLogger("server.access")

#: How long ``/health`` waits for the store (s).
HEALTH_WAIT = 2.0
#: At SIGTERM, how long the clients' connections are given to take their close packet (s): a polling client that
#: stopped polling, or a WebSocket whose peer never reads, would otherwise hold the stop for uvicorn's whole grace.
CLOSE_WAIT = 1.0
PROXIED = (b"x-forwarded-for", b"forwarded")


def private(address: str | None) -> bool:
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private


class Host:
    def __init__(self, app, tables, metrics) -> None:
        self.app = app
        self.tables = tables
        self.metrics = metrics

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        sent = {"status": None, "bytes": 0}

        async def sending(message) -> None:
            name = message["type"]
            if name == "http.response.start":
                sent["status"] = message["status"]
            elif name == "http.response.body":
                sent["bytes"] += len(message.get("body", b""))
            elif name == "websocket.accept":
                sent["status"] = 101
            elif name == "websocket.close" and sent["status"] is None:
                sent["status"] = 403  # refused before it was accepted
            await send(message)

        try:
            path = scope.get("path", "")
            if kind == "http" and path == "/health":
                await self.health(sending)
            elif kind == "http" and path == "/metrics":
                await self.exposition(scope, sending)
            else:
                await self.app(scope, receive, sending)
        finally:
            status = sent["status"] or (101 if kind == "websocket" else 500)
            self.metrics.request(status)
            client = scope.get("client")
            fields = {
                "event": "request",
                "method": scope.get("method", "WS"),
                "path": clip(scope.get("path", "")),
                "status": status,
                "bytes": sent["bytes"],
                "ms": round((time.perf_counter() - started) * 1000, 1),
                "client": client[0] if client else None,
            }
            log.info("%s %s %s", fields["method"], fields["path"], status, extra={"fields": fields})

    async def health(self, send) -> None:
        tables = self.tables
        answer = {"store": "redis" if tables.store.shared else "sqlite", "process": tables.name}
        if tables.stopping:
            status, answer["status"] = 503, "stopping"
        else:
            try:
                await asyncio.wait_for(tables.check_store(), HEALTH_WAIT)
            except (StoreUnavailable, TimeoutError):
                status, answer["status"] = 503, "unavailable"
            else:
                status, answer["status"] = 200, "ok"
                answer["tables"] = len(tables.actors)
        await respond(send, status, orjson.dumps(answer), b"application/json")

    async def exposition(self, scope, send) -> None:
        client = scope.get("client")
        proxied = any(name in PROXIED for name, _ in scope.get("headers", []))
        if proxied or not private(client[0] if client else None):
            return await respond(send, 404, b"not found\n", b"text/plain; charset=utf-8")
        await respond(send, 200, self.metrics.exposition(), CONTENT_TYPE.encode())


async def respond(send, status: int, body: bytes, content_type: bytes) -> None:
    headers = [
        (b"content-type", content_type),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"x-content-type-options", b"nosniff"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def serve(config, tables, sio) -> None:
    """uvicorn's server for ``config``, with the stop a host expects (``Stopping``); returns when it has stopped."""
    Stopping(config, tables, sio).run()


def _uvicorn_server():
    import uvicorn

    return uvicorn.Server


class Stopping(_uvicorn_server()):
    """uvicorn's server, which says where it listens once it does, and stops gracefully on SIGTERM (or Ctrl-C):
    ``/health`` says ``stopping``, the tables are handed over (``Tables.hand_over``: with Redis, their leases are
    given up, and another process takes each over at its next command or beat), then every client's connection is
    closed, so that its page connects again (to another process behind the proxy, or to this one restarted) and
    rejoins its seat; then uvicorn closes what is left."""

    def __init__(self, config, tables, sio) -> None:
        super().__init__(config)
        self.tables = tables
        self.sio = sio

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        for listener in self.servers:
            for sock in listener.sockets:
                host, port = sock.getsockname()[:2]
                print(f"== serving http://{host}:{port}/ (Ctrl-C to stop)", flush=True)

    async def shutdown(self, sockets=None) -> None:
        started = time.perf_counter()
        try:
            await self.tables.hand_over()
            if self.sio.eio.sockets:
                try:  # each client's connection closes: its page connects again
                    await asyncio.wait_for(self.sio.eio.disconnect(), CLOSE_WAIT)
                except TimeoutError:
                    logging.getLogger("server").info("stopping: some clients did not take their close packet in time")
        except Exception:
            logging.getLogger("server").exception("the tables were not all handed over")
        logging.getLogger("server").info(
            "stopping: tables handed over and clients told to reconnect in %.0f ms",
            (time.perf_counter() - started) * 1000,
        )
        await super().shutdown(sockets)
