"""The ASGI application: the built site and Socket.IO (``/socket.io/``) on one origin, behind what a host needs
(``server.host``: ``/health``, ``/metrics``, a log line per request)."""

from __future__ import annotations

import gc
import logging
from pathlib import Path

import socketio

from .admission import GuardedServer
from .bus import Bus
from .cluster import Alone, RedisLink
from .host import Host
from .limits import Limits, quiet
from .metrics import Metrics, observe
from .records import Records
from .service import GRACE_MS, Tables
from .sockets import Sockets
from .static import SAFE_HEADERS, StaticSite
from .store_redis import RedisStore
from .store_sqlite import SqliteStore
from .wire import JsonPacket, LocalManager

log = logging.getLogger("server")


def allowed_origins(origins: list[str]):
    """The origins whose pages may open Socket.IO here: ``origins`` (``--origin``), or by default the page's own,
    the scheme and host it was served from (the request's ``Host``). A request without ``Origin`` (not from a
    browser's page) is not checked. An empty list would turn the check off in python-engineio: never used."""
    wanted = {origin.rstrip("/").lower() for origin in origins}

    def allowed(origin: str, environ: dict) -> bool:
        origin = (origin or "").lower()
        if wanted:
            return origin in wanted
        host = str(environ.get("HTTP_HOST", "")).lower()
        return bool(host) and origin in (f"http://{host}", f"https://{host}")

    return allowed


def make_app(
    site: Path,
    db: Path | None = None,
    redis: str | None = None,
    bot_pace_ms: int = 300,
    grace_ms: int = GRACE_MS,
    limits: Limits | None = None,
    origins: list[str] | None = None,
    db_lock=None,
):
    """The app, its Socket.IO server and its tables (started and stopped with the app's lifespan). ``db_lock``:
    the SQLite file's lock, if the caller took it already (``server.store_sqlite.lock``)."""
    limits = limits or Limits()
    if redis:
        store, cluster = RedisStore(redis), RedisLink(redis)
        manager = Bus(redis)
    else:
        store, cluster = SqliteStore(db, locked=db_lock), Alone()
        manager = LocalManager()
    # Their own loggers, not python-socketio's default ones (which log each malformed packet twice, with its
    # traceback): warnings only, each one line, their rate bounded.
    sio_log, eio_log = quiet("socketio.server", "engineio.server")
    sio = GuardedServer(
        async_mode="asgi",
        serializer=JsonPacket,
        client_manager=manager,
        cors_allowed_origins=allowed_origins(origins or []),
        max_http_buffer_size=1_000_000,
        ping_interval=5,
        ping_timeout=5,
        logger=sio_log,
        engineio_logger=eio_log,
    )
    waiting_ms = int(limits.waiting_minutes * 60_000)
    tables = Tables(store, sio.emit, cluster, bot_pace_ms=bot_pace_ms, grace_ms=grace_ms, waiting_ms=waiting_ms)
    if redis:
        tables.bus = manager
        manager.back = tables.on_back
    sockets = Sockets(sio, tables, limits)
    metrics = Metrics(tables, sio)
    observe(sio, metrics)
    sockets.count_refusal = lambda code: metrics.refusals.labels(code).inc()

    async def startup() -> None:
        # The collector, tuned for answer times (measured at 100 tables, scripts/bench_server.py): with Python's
        # defaults, a full collection every few seconds stopped every table for 60-170 ms (the connections' and
        # tables' objects, some 85,000, walked each time), and the younger ones 15-40 ms, dozens of times a
        # minute. What the process holds once started (modules, the engine's tables) is frozen, out of every
        # collection; the youngest generation is collected after 60,000 objects, not 700: what an action makes
        # is freed by its references, not by the collector (a few cycles per thousand actions), and the memory
        # per table stayed 0.27 MiB.
        gc.collect()
        gc.freeze()
        gc.set_threshold(60_000, 10, 100)
        taken = await tables.open()
        log.info("%d unfinished tables to carry on", taken)

    async def shutdown() -> None:
        await tables.close()
        await store.close()
        if redis:
            await manager.close()
        log.info("stopped")

    app = socketio.ASGIApp(
        sio,
        other_asgi_app=Records(tables, StaticSite(site)),
        socketio_path="socket.io",
        on_startup=startup,
        on_shutdown=shutdown,
    )
    return with_safe_headers(Host(app, tables, metrics)), sio, tables


def with_safe_headers(app):
    """``app`` with the site's safe headers (``nosniff``, the Referrer-Policy) on every HTTP response, Socket.IO's
    polling answers too."""
    names = {name for name, _ in SAFE_HEADERS}

    async def guarded(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if not names & {bytes(name).lower() for name, _ in headers}:
                    message = {**message, "headers": headers + SAFE_HEADERS}
            await send(message)

        return await app(scope, receive, sending)

    return guarded
