"""The ASGI application: the built site and Socket.IO (``/socket.io/``) on one origin, behind what a host needs
(``server.host``: ``/health``, ``/metrics``, a log line per request)."""

from __future__ import annotations

import gc
import logging
from pathlib import Path

import socketio

from .bus import Bus
from .cluster import Alone, RedisLink
from .host import Host
from .metrics import Metrics, observe
from .records import Records
from .service import GRACE_MS, Tables
from .sockets import Sockets
from .static import StaticSite
from .store_redis import RedisStore
from .store_sqlite import SqliteStore
from .wire import JsonPacket, LocalManager

log = logging.getLogger("server")


def make_app(
    site: Path,
    db: Path | None = None,
    redis: str | None = None,
    bot_pace_ms: int = 300,
    grace_ms: int = GRACE_MS,
    db_lock=None,
):
    """The app, its Socket.IO server and its tables (started and stopped with the app's lifespan). ``db_lock``:
    the SQLite file's lock, if the caller took it already (``server.store_sqlite.lock``)."""
    if redis:
        store, cluster = RedisStore(redis), RedisLink(redis)
        manager = Bus(redis)
    else:
        store, cluster = SqliteStore(db, locked=db_lock), Alone()
        manager = LocalManager()
    sio = socketio.AsyncServer(
        async_mode="asgi",
        serializer=JsonPacket,
        client_manager=manager,
        cors_allowed_origins=[],  # same origin only
        max_http_buffer_size=1_000_000,
        ping_interval=5,
        ping_timeout=5,
    )
    tables = Tables(store, sio.emit, cluster, bot_pace_ms=bot_pace_ms, grace_ms=grace_ms)
    if redis:
        tables.bus = manager
        manager.back = tables.on_back
    Sockets(sio, tables)
    metrics = Metrics(tables, sio)
    observe(sio, metrics)

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
    return Host(app, tables, metrics), sio, tables
