"""The tables' store in one SQLite file (WAL mode), for one server process (``server.store.Store``).

The meta and the log are in the file; leases and presence are in memory, since they concern the processes alive
now, and this store has one: after a restart every unfinished table is an orphan that the new process claims, and
every seat starts away (its connections died with the old process).

One process per file: the store holds a lock on ``<file>.lock`` (a POSIX record lock, which the system drops when
the process ends, even killed) for as long as it is open, and a second process on the same file refuses to start
(``StoreLocked``): two writers would each believe they own every table, and each one's bots would play the seats
whose humans are connected to the other.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
from pathlib import Path

from .store import KEEP_MS, LEASE_MS, StoreConflict, StoreUnavailable, now_ms

#: The tables: each table's meta and log, the finished ones, their records (and when the game ended), the table a
#: rematch made, and the lobby's entries of the public tables.
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, meta TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS log (table_id TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL,"
    " PRIMARY KEY (table_id, version))",
    "CREATE TABLE IF NOT EXISTS finished (id TEXT PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, at INTEGER NOT NULL, record TEXT)",
    "CREATE INDEX IF NOT EXISTS records_at ON records (at)",
    "CREATE TABLE IF NOT EXISTS nexts (id TEXT PRIMARY KEY, next TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS lobby (id TEXT PRIMARY KEY, game TEXT NOT NULL, created INTEGER NOT NULL,"
    " summary TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS lobby_created ON lobby (created)",
    "CREATE TABLE IF NOT EXISTS store (epoch TEXT NOT NULL)",
)


class StoreLocked(Exception):
    """Another process has the SQLite file open as its store."""


def lock(path: Path):
    """The open lock file of ``path``, locked for this process; ``StoreLocked`` if another process holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path.with_name(path.name + ".lock"), "a+")  # noqa: SIM115 (held open while the store is)
    try:
        fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip()[:20] or "?"
        handle.close()
        raise StoreLocked(
            f"{path} is the store of another server process (pid {holder}): one process per SQLite file"
            " (several processes share one Redis: --redis)"
        ) from None
    handle.truncate(0)
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


class SqliteStore:
    shared = False

    def __init__(self, path: Path, lease_ms: int = LEASE_MS, locked=None) -> None:
        """``locked``: the file's lock (``lock``), if the caller took it already."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.locked = locked or lock(path)
        self.lease_ms = lease_ms
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a transaction is in the WAL (the OS's cache) when commit returns, so a killed process
        # loses nothing; only a power cut could lose the last ones (FULL would sync every commit).
        self.db.execute("PRAGMA synchronous=NORMAL")
        for statement in SCHEMA:
            self.db.execute(statement)
        #: table -> (owner, until: time.monotonic() seconds)
        self.leases: dict[str, tuple[str, float]] = {}
        #: table -> seat -> process -> open connections
        self.here: dict[str, dict[int, dict[str, int]]] = {}

    def _run(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        try:
            return self.db.execute(sql, args)
        except sqlite3.Error as error:  # a full disk, a broken or locked file
            raise StoreUnavailable(f"sqlite: {error}") from error

    async def close(self) -> None:
        self.db.close()
        self.locked.close()  # the lock goes with it

    async def create(self, table_id: str, meta: dict, owner: str) -> None:
        self._run("INSERT INTO tables (id, meta) VALUES (?, ?)", (table_id, json.dumps(meta)))
        self.leases[table_id] = (owner, time.monotonic() + self.lease_ms / 1000)

    async def meta(self, table_id: str) -> dict | None:
        row = self._run("SELECT meta FROM tables WHERE id = ?", (table_id,)).fetchone()
        return json.loads(row[0]) if row else None

    async def log(self, table_id: str, start: int = 0) -> list[dict]:
        rows = self._run("SELECT entry FROM log WHERE table_id = ? AND version > ? ORDER BY version", (table_id, start))
        return [json.loads(row[0]) for row in rows]

    async def append(self, table_id: str, entry: dict, owner: str) -> None:
        if self._holder(table_id) != owner:
            raise StoreConflict(f"{table_id}: {owner} does not own it")
        version = entry["version"]
        # One statement: written only if the log's last version is the one before (a gap is refused as a repeat).
        written = self._run(
            "INSERT INTO log (table_id, version, entry) SELECT ?, ?, ?"
            " WHERE (SELECT COALESCE(MAX(version), 0) FROM log WHERE table_id = ?) = ?",
            (table_id, version, json.dumps(entry, separators=(",", ":")), table_id, version - 1),
        ).rowcount
        if written != 1:
            raise StoreConflict(f"{table_id}: version {version} is not the next")

    async def finish(self, table_id: str, record: str | None = None) -> None:
        self._run("BEGIN")
        try:
            self._run("INSERT OR IGNORE INTO finished (id) VALUES (?)", (table_id,))
            self._run("INSERT OR IGNORE INTO records (id, at, record) VALUES (?, ?, ?)", (table_id, now_ms(), record))
            self._run("DELETE FROM lobby WHERE id = ?", (table_id,))
            self._run("COMMIT")
        except StoreUnavailable:
            self.db.rollback()
            raise
        self.leases.pop(table_id, None)
        self.here.pop(table_id, None)

    async def record(self, table_id: str) -> str | None:
        row = self._run("SELECT record FROM records WHERE id = ?", (table_id,)).fetchone()
        return row[0] if row else None

    async def purge(self, now: int) -> int:
        old = [row[0] for row in self._run("SELECT id FROM records WHERE at < ?", (now - KEEP_MS,))]
        for table_id in old:
            for table in ("tables", "finished", "records", "nexts", "lobby"):
                self._run(f"DELETE FROM {table} WHERE id = ?", (table_id,))
            self._run("DELETE FROM log WHERE table_id = ?", (table_id,))
        return len(old)

    async def set_next(self, table_id: str, next_id: str) -> str:
        self._run("INSERT OR IGNORE INTO nexts (id, next) VALUES (?, ?)", (table_id, next_id))
        return await self.next_of(table_id)

    async def next_of(self, table_id: str) -> str | None:
        row = self._run("SELECT next FROM nexts WHERE id = ?", (table_id,)).fetchone()
        return row[0] if row else None

    async def list_table(self, table_id: str, game: str, created: int, summary: dict | None) -> None:
        if summary is None:
            self._run("DELETE FROM lobby WHERE id = ?", (table_id,))
        else:
            self._run(
                "INSERT OR REPLACE INTO lobby (id, game, created, summary) VALUES (?, ?, ?, ?)",
                (table_id, game, created, json.dumps(summary, separators=(",", ":"))),
            )

    async def lobby(self, game: str | None, limit: int) -> list[dict]:
        if game is None:
            rows = self._run("SELECT summary FROM lobby ORDER BY created DESC LIMIT ?", (limit,))
        else:
            rows = self._run("SELECT summary FROM lobby WHERE game = ? ORDER BY created DESC LIMIT ?", (game, limit))
        return [json.loads(row[0]) for row in rows]

    async def drop(self, table_id: str) -> None:
        self._run("DELETE FROM log WHERE table_id = ?", (table_id,))
        for table in ("finished", "records", "nexts", "lobby", "tables"):
            self._run(f"DELETE FROM {table} WHERE id = ?", (table_id,))
        self.leases.pop(table_id, None)
        self.here.pop(table_id, None)

    async def unfinished(self) -> list[str]:
        return [row[0] for row in self._run("SELECT id FROM tables WHERE id NOT IN (SELECT id FROM finished)")]

    async def epoch(self, candidate: str) -> str:
        row = self._run("SELECT epoch FROM store").fetchone()
        if row is None:
            self._run("INSERT INTO store (epoch) VALUES (?)", (candidate,))
            return candidate
        return row[0]

    # -- ownership: in memory (one process) --------------------------------------------------------------------

    def _holder(self, table_id: str) -> str | None:
        lease = self.leases.get(table_id)
        if lease is None or lease[1] <= time.monotonic():
            return None
        return lease[0]

    async def claim(self, table_id: str, owner: str) -> str | None:
        if self._run("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
            return None
        if self._run("SELECT 1 FROM finished WHERE id = ?", (table_id,)).fetchone() is not None:
            return owner
        holder = self._holder(table_id)
        if holder is None:
            self.leases[table_id] = (owner, time.monotonic() + self.lease_ms / 1000)
            return owner
        return holder

    async def take_over(self, table_id: str, previous: str, owner: str) -> bool:
        if self._holder(table_id) not in (None, previous):
            return False
        self.leases[table_id] = (owner, time.monotonic() + self.lease_ms / 1000)
        return True

    async def renew(self, owner: str, table_ids: list[str]) -> list[str]:
        until = time.monotonic() + self.lease_ms / 1000
        lost = []
        for table_id in table_ids:
            if self._holder(table_id) == owner:
                self.leases[table_id] = (owner, until)
            else:
                lost.append(table_id)
        return lost

    async def release(self, table_id: str, owner: str) -> None:
        if self._holder(table_id) == owner:
            del self.leases[table_id]

    async def orphans(self) -> list[str]:
        return [table_id for table_id in await self.unfinished() if self._holder(table_id) is None]

    # -- presence: in memory (the connections of this one process) ---------------------------------------------

    async def present(self, table_id: str, seat: int, process: str, count: int) -> None:
        if count and table_id not in self.here and not self._unfinished(table_id):
            return  # a finished (or unknown) table keeps no presence
        seats = self.here.setdefault(table_id, {})
        if count:
            seats.setdefault(seat, {})[process] = count
        else:
            seats.get(seat, {}).pop(process, None)

    def _unfinished(self, table_id: str) -> bool:
        sql = "SELECT 1 FROM tables WHERE id = ? AND id NOT IN (SELECT id FROM finished)"
        return self._run(sql, (table_id,)).fetchone() is not None

    async def presence(self, table_id: str) -> dict[int, dict[str, int]]:
        seats = self.here.get(table_id, {})
        return {seat: dict(counts) for seat, counts in seats.items() if counts}
