"""Where tables live: each table's fixed facts (``meta``) and its append-only log of entries.

An entry is written here before anyone hears of it; a table is rebuilt by replaying its log
through the engine (``server.tables``). Two stores with one interface:

- ``SqliteStore``: one file (WAL mode), one process; a per-table ``asyncio.Lock`` is the writer's lock.
- ``RedisStore``: several processes on one Redis; the writer's lock is a lease (``SET NX PX``) that
  expires if its holder dies, and the wake-up times (timers, bots, absent seats) and the seats'
  presence are shared, so any process can take a table's timer over.

Both keep what a process needs to find the tables it must wake (``wake``/``due``) and who is
connected (``presence``). ``append`` refuses to write an entry whose version is not the next one,
so two writers can never interleave.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sqlite3
import time
import weakref
from pathlib import Path


class StoreConflict(Exception):
    """Another writer appended first (a lease that expired under its holder)."""


def now_ms() -> int:
    return int(time.time() * 1000)


class SqliteStore:
    shared = False

    def __init__(self, path: Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a transaction is in the WAL (the OS's cache) when commit returns, so a killed process
        # loses nothing; only a power cut could lose the last ones (FULL would sync every commit).
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, meta TEXT NOT NULL)")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS log (table_id TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL,"
            " PRIMARY KEY (table_id, version))"
        )
        self.db.execute("CREATE TABLE IF NOT EXISTS finished (id TEXT PRIMARY KEY)")
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()  # while held
        self.wakes: dict[str, int] = {}
        self.present: dict[tuple[str, int], int] = {}  # (table, seat) -> open connections
        self.away_since: dict[tuple[str, int], int] = {}
        self.started = now_ms()

    async def close(self) -> None:
        self.db.close()

    async def create(self, table_id: str, meta: dict) -> None:
        self.db.execute("INSERT INTO tables (id, meta) VALUES (?, ?)", (table_id, json.dumps(meta)))

    async def meta(self, table_id: str) -> dict | None:
        row = self.db.execute("SELECT meta FROM tables WHERE id = ?", (table_id,)).fetchone()
        return json.loads(row[0]) if row else None

    async def log(self, table_id: str, start: int = 0) -> list[dict]:
        rows = self.db.execute(
            "SELECT entry FROM log WHERE table_id = ? AND version > ? ORDER BY version", (table_id, start)
        )
        return [json.loads(row[0]) for row in rows]

    async def append(self, table_id: str, entry: dict) -> None:
        try:
            self.db.execute(
                "INSERT INTO log (table_id, version, entry) VALUES (?, ?, ?)",
                (table_id, entry["version"], json.dumps(entry, separators=(",", ":"))),
            )
        except sqlite3.IntegrityError:
            raise StoreConflict(table_id) from None

    async def finish(self, table_id: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO finished (id) VALUES (?)", (table_id,))
        self.wakes.pop(table_id, None)

    async def unfinished(self) -> list[str]:
        rows = self.db.execute("SELECT id FROM tables WHERE id NOT IN (SELECT id FROM finished)")
        return [row[0] for row in rows]

    @contextlib.asynccontextmanager
    async def writer(self, table_id: str):
        lock = self.locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            yield

    # Wake-ups: when a table must next be looked at (a bot's turn, a deadline, an absent seat).
    async def wake(self, table_id: str, at: int | None) -> None:
        if at is None:
            self.wakes.pop(table_id, None)
        else:
            self.wakes[table_id] = at

    async def due(self, now: int) -> list[str]:
        return [table for table, at in self.wakes.items() if at <= now]

    # Presence: a seat with an open connection is here; else away since when its last one closed.
    async def connected(self, table_id: str, seat: int, delta: int) -> None:
        key = (table_id, seat)
        count = max(0, self.present.get(key, 0) + delta)
        self.present[key] = count
        if count == 0:
            self.away_since[key] = now_ms()

    async def here_until(self, table_id: str, seat: int) -> int:
        """Until when the seat counts as here: far ahead while connected, else the moment it went away."""
        key = (table_id, seat)
        if self.present.get(key, 0) > 0:
            return 2**62
        return self.away_since.get(key, self.started)

    async def refresh(self) -> None:
        """Presence needs no refreshing in one process."""


_APPEND = """
if redis.call('LLEN', KEYS[1]) + 1 ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
return 1
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisStore:
    """Tables in Redis: ``t:<id>:meta`` (JSON), ``t:<id>:log`` (a list of JSON entries), ``t:<id>:lease``;
    ``wake`` (a sorted set: table -> epoch ms), ``unfinished`` (a set), ``here:<id>`` (a hash: seat -> until)."""

    shared = True
    LEASE_MS = 3000
    #: How long a connected seat's presence lasts without a refresh (each process refreshes every second).
    HERE_MS = 3000

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.redis = redis.from_url(url, decode_responses=True)
        self._append = self.redis.register_script(_APPEND)
        self._release = self.redis.register_script(_RELEASE)
        self.present: dict[tuple[str, int], int] = {}

    async def close(self) -> None:
        await self.redis.aclose()

    async def create(self, table_id: str, meta: dict) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(f"t:{table_id}:meta", json.dumps(meta))
            pipe.sadd("unfinished", table_id)
            await pipe.execute()

    async def meta(self, table_id: str) -> dict | None:
        text = await self.redis.get(f"t:{table_id}:meta")
        return json.loads(text) if text else None

    async def log(self, table_id: str, start: int = 0) -> list[dict]:
        return [json.loads(text) for text in await self.redis.lrange(f"t:{table_id}:log", start, -1)]

    async def append(self, table_id: str, entry: dict) -> None:
        text = json.dumps(entry, separators=(",", ":"))
        if not await self._append(keys=[f"t:{table_id}:log"], args=[entry["version"], text]):
            raise StoreConflict(table_id)

    async def finish(self, table_id: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.srem("unfinished", table_id)
            pipe.zrem("wake", table_id)
            await pipe.execute()

    async def unfinished(self) -> list[str]:
        return sorted(await self.redis.smembers("unfinished"))

    @contextlib.asynccontextmanager
    async def writer(self, table_id: str):
        """The table's lease: one writer at a time across every process; it expires if its holder dies."""
        key, mine = f"t:{table_id}:lease", secrets.token_hex(8)
        deadline = time.monotonic() + self.LEASE_MS / 1000 * 2
        while not await self.redis.set(key, mine, nx=True, px=self.LEASE_MS):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the table {table_id} stayed locked")
            await asyncio.sleep(0.01)
        try:
            yield
        finally:
            await self._release(keys=[key], args=[mine])

    async def wake(self, table_id: str, at: int | None) -> None:
        if at is None:
            await self.redis.zrem("wake", table_id)
        else:
            await self.redis.zadd("wake", {table_id: at})

    async def due(self, now: int) -> list[str]:
        return list(await self.redis.zrangebyscore("wake", 0, now))

    async def connected(self, table_id: str, seat: int, delta: int) -> None:
        key = (table_id, seat)
        count = max(0, self.present.get(key, 0) + delta)
        self.present[key] = count
        if count:
            await self.redis.hset(f"here:{table_id}", str(seat), now_ms() + self.HERE_MS)
        else:
            del self.present[key]
            # Away now, unless a connection on another process refreshes it within a second.
            await self.redis.hset(f"here:{table_id}", str(seat), now_ms())

    async def here_until(self, table_id: str, seat: int) -> int:
        value = await self.redis.hget(f"here:{table_id}", str(seat))
        return int(value) if value else 0

    async def refresh(self) -> None:
        """Every second: this process's connected seats are here for HERE_MS more."""
        if not self.present:
            return
        until = now_ms() + self.HERE_MS
        async with self.redis.pipeline(transaction=False) as pipe:
            for (table_id, seat), count in self.present.items():
                if count:
                    pipe.hset(f"here:{table_id}", str(seat), until)
            await pipe.execute()
