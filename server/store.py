"""Where tables live, as one interface (``Store``) with two implementations: ``server.store_sqlite`` (one
process, one file) and ``server.store_redis`` (several processes on one Redis). ``tests/server/test_store.py`` is
the contract both pass.

A store keeps each table's fixed facts (``meta``) and its append-only log of entries (``server.tables``): an entry
is written here before anyone hears of it, and a table is rebuilt by replaying its log through the engine.

It also keeps who owns each unfinished table: the one process whose table actor (``server.actor``) writes it, by
a lease it renews (``claim``, ``renew``, ``take_over``, ``release``). ``append`` writes only for the table's
owner and only the next version (else ``StoreConflict``), so two writers can never interleave, even when a lease
ran out under a process that still believes it owns the table. A finished table has no owner: it never changes
again, and any process may read it.

And it keeps presence: how many connections each process has open to each seat (``present``; the seat ``WATCH``
counts the table's spectators), so that a process that takes a table over knows who is still there.

Around the tables: each finished game's record (``finish``, ``record``), kept ``KEEP_MS`` after its end; the table
a rematch made (``set_next``, ``next_of``); and the lobby of public tables (``list_table``, ``lobby``).

A store that cannot be reached or written (a full disk, Redis gone) raises ``StoreUnavailable``: the players are
told ``unavailable``, never a refusal of their own command.

And it has an identity (``epoch``), written once into it: a store that comes back without it (a Redis restarted
without its data) has lost every table, and each process tells its players so (``table-lost``) instead of
stalling.
"""

from __future__ import annotations

import time
from typing import Protocol

#: How long a table's lease lasts without a renewal (ms); the owning process renews its leases every second.
LEASE_MS = 3000
#: How long a finished table (its meta, log and record) is kept after its game's end (ms): 90 days.
KEEP_MS = 90 * 24 * 3600 * 1000


class StoreConflict(Exception):
    """The entry was not written: its version is not the next one, or the writer does not own the table."""


class StoreUnavailable(Exception):
    """The store could not be read or written (the disk, the database or the Redis server failed)."""


#: The presence "seat" that counts a table's spectators.
WATCH = -1


def now_ms() -> int:
    return int(time.time() * 1000)


class Store(Protocol):
    """The tables' store, as ``server.service`` and ``server.actor`` use it (every method may raise
    ``StoreUnavailable``)."""

    #: Whether several processes share this store (and so route commands to a table's owner).
    shared: bool
    #: How long a lease lasts without renewal (ms).
    lease_ms: int

    async def create(self, table_id: str, meta: dict, owner: str) -> None:
        """A new table, owned by ``owner``, with an empty log."""

    async def meta(self, table_id: str) -> dict | None:
        """The table's meta, or None for an unknown table."""

    async def log(self, table_id: str, start: int = 0) -> list[dict]:
        """The entries after version ``start``, in order."""

    async def append(self, table_id: str, entry: dict, owner: str) -> None:
        """Write ``entry`` (its ``version`` the next one) for the table's owner; ``StoreConflict`` otherwise."""

    async def finish(self, table_id: str, record: str | None = None) -> None:
        """The game is over: the table is no longer unfinished, and has no owner from now on; ``record`` (its JSON
        text) is kept with it, and all of it is deleted ``KEEP_MS`` after this."""

    async def record(self, table_id: str) -> str | None:
        """A finished game's record (JSON text), or None (unknown, unfinished, finished before records were kept)."""

    async def purge(self, now: int) -> int:
        """Delete the tables finished more than ``KEEP_MS`` before ``now`` (epoch ms); how many."""

    async def set_next(self, table_id: str, next_id: str) -> str:
        """The table a rematch of ``table_id`` goes to: ``next_id`` if none was set before (now set), else that one."""

    async def next_of(self, table_id: str) -> str | None:
        """The table a rematch of ``table_id`` goes to, or None."""

    async def list_table(self, table_id: str, game: str, created: int, summary: dict | None) -> None:
        """A public table's entry in the lobby (``summary``), or its removal (None)."""

    async def lobby(self, game: str | None, limit: int) -> list[dict]:
        """The lobby's entries (of ``game``, or of every game), newest first, at most ``limit``."""

    async def drop(self, table_id: str) -> None:
        """The table is deleted, its log with it (a table that waited for its players too long): unknown from now
        on."""

    async def unfinished(self) -> list[str]:
        """Every table whose game is not over."""

    async def claim(self, table_id: str, owner: str) -> str | None:
        """The table's owner: ``owner`` if nobody held a live lease (now taken), else the holder; ``owner`` for a
        finished table (no lease: it is read-only); None for an unknown table."""

    async def take_over(self, table_id: str, previous: str, owner: str) -> bool:
        """Make ``owner`` the owner, if ``previous`` still is (or nobody is): a process gone before its lease ran
        out. False if someone else holds it now."""

    async def renew(self, owner: str, table_ids: list[str]) -> list[str]:
        """Renew ``owner``'s leases of these tables; the ones it no longer owns (lost)."""

    async def release(self, table_id: str, owner: str) -> None:
        """``owner`` gives the table up (if it holds it): another process may claim it at once."""

    async def orphans(self) -> list[str]:
        """Unfinished tables that no live lease holds (their process died, or the store was just opened)."""

    async def present(self, table_id: str, seat: int, process: str, count: int) -> None:
        """``process`` has ``count`` connections open to ``seat`` (0: none)."""

    async def presence(self, table_id: str) -> dict[int, dict[str, int]]:
        """Per seat, the processes with connections open to it and how many."""

    async def epoch(self, candidate: str) -> str:
        """The store's identity: the one written in it, or ``candidate``, written now, if it has none (a new store,
        or one that lost its data)."""

    async def close(self) -> None: ...
