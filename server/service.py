"""The tables' interface, as the socket layer (``server.sockets``) uses it: every command of the protocol, for any
table, wherever it lives.

Each unfinished table is owned by one process and, in it, by one actor (``server.actor``): the process holds the
table's lease in the store and renews it every second. A command for a table goes to its actor here, or is
forwarded to the owning process (``server.cluster``); a table nobody owns is claimed by the process that needs it,
and a table whose process is gone is taken over, at once when a command finds nobody listening for it, else when
its lease runs out (every process adopts orphans at its beat). With SQLite there is one process, which owns every
table. A finished table is read-only: any process loads it to answer its seats.

Presence: this process counts its own connections per seat, writes the count to the store (so a process taking
the table over knows it), and tells the table's actor. The owner drops the counts of processes that died.

The leases over the process's life (its start, its beat, the hand-over at SIGTERM) are ``server.leases``'s; the
faults of the parts around (spec/online-tables.md, "Failing parts": a store that comes back without its data,
Redis's channels cut off) are ``server.recovery``'s. Here: the commands, and the routing that takes each to its
table's actor.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import OrderedDict

from engine.core.games import GAMES

from . import views
from .actor import TableActor
from .bots import BotPool
from .cluster import Alone, Gone, Moved
from .errors import ServerError, store_down, table_lost
from .leases import Leases
from .recovery import Recovery
from .store import StoreUnavailable
from .tables import Table, digest, new_meta, rematch_token

log = logging.getLogger("server")

#: How many finished tables stay in memory (for their seats' last looks: the record).
KEEP_DONE = 256
#: A seat whose last connection closed is played by the bot after this grace (the spec allows at most 5 s).
GRACE_MS = 2000
#: How long a table waits for its players before it is deleted (``--waiting-minutes``).
WAITING_MS = 60 * 60 * 1000
#: How many times a command follows a table that moves between processes before it gives up (``unavailable``).
HOPS = 4
#: The lobby: at most this many tables in an answer, read from the store at most once a second per game.
LOBBY_SIZE, LOBBY_AGE = 50, 1.0


class Tables(Leases, Recovery):
    def __init__(
        self,
        store,
        emit,
        cluster=None,
        bot_pace_ms: int = 300,
        bot_workers: int = 2,
        grace_ms: int = GRACE_MS,
        waiting_ms: int = WAITING_MS,
    ) -> None:
        self.store = store
        #: ``await emit(event, data, room)``: Socket.IO's emit (to every process with --redis).
        self.emit = emit
        self.cluster = cluster or Alone()
        #: This process's name: the owner written in its tables' leases.
        self.name = self.cluster.name
        self.bot_pace_ms = bot_pace_ms
        self.grace_ms = grace_ms
        #: A table nobody starts is deleted this long after its creation.
        self.waiting_ms = waiting_ms
        self.bots = BotPool(bot_workers)
        #: The unfinished tables this process owns, and the finished ones it keeps (least recent first).
        self.actors: dict[str, TableActor] = {}
        self.done: OrderedDict[str, TableActor] = OrderedDict()
        self.loading: dict[str, asyncio.Task] = {}
        #: This process's open connections per (table, seat), and the order of their reports per seat.
        self.connections: dict[tuple[str, int], int] = {}
        self.reporting: weakref.WeakValueDictionary[tuple[str, int], asyncio.Lock] = weakref.WeakValueDictionary()
        self.beating: asyncio.Task | None = None
        self.releasing: set[asyncio.Task] = set()
        self.store_failing = False
        #: The lobby's answers per game (None: every game): (when read, the tables).
        self.lobby: dict[str | None, tuple[float, list[dict]]] = {}
        self.purged = 0.0
        #: The store's identity when this process opened it (``Store.epoch``), and the tables it lost since.
        self.epoch: str | None = None
        self.lost: OrderedDict[str, None] = OrderedDict()
        self.lost_total = 0
        #: With Redis: Socket.IO's channel between processes (``server.bus.Bus``: the broadcasts it dropped).
        self.bus = None
        #: SIGTERM: the tables were handed over; no table is taken any more.
        self.stopping = False
        #: The tables whose seats here are to be sent their states again (``resync``), and the tasks doing it.
        self.unsynced: set[str] = set()
        self.syncing: set[asyncio.Task] = set()

    # -- the socket layer's interface -------------------------------------------------------------------------------

    @staticmethod
    def rooms(table_id: str, seat: int) -> tuple[str, str]:
        return views.rooms(table_id, seat)

    async def create(self, game, options, seats, lang, name=None, public=False) -> dict:
        if not isinstance(game, str) or game not in GAMES:
            raise ServerError("bad-request", f"game is one of {', '.join(GAMES)}", {"field": "game"})
        table_id = secrets.token_urlsafe(12)
        meta, token = new_meta(table_id, game, options, seats, lang, public)
        if name:
            meta["seats"][meta["creator"]]["name"] = name
        await self.make(meta)
        return {
            "table": table_id,
            "invite": meta["invite"],
            "seat": meta["creator"],
            "token": token,
            "commitment": meta["commitment"],
        }

    async def make(self, meta: dict) -> None:
        """A new table (a creation, or a rematch's next table) written to the store and owned here."""
        table = Table.load(meta, [])  # a table that plays at once gets its first turn's deadline in its meta
        try:
            await self.store.create(meta["id"], meta, self.name)
        except StoreUnavailable as error:
            log.warning("a new table: %s", error)
            raise store_down() from None
        self.adopt(table, {})

    async def join(self, table_id: str, invite: str | None, name: str | None) -> dict:
        return await self.call(table_id, "join", invite, name)

    async def watch(self, table_id: str, invite: str | None) -> None:
        """Whether a spectator may watch the table (``ServerError`` if not)."""
        await self.call(table_id, "watch", invite)

    async def peek(self, table_id: str) -> dict:
        """A spectator's ``state`` and the ``table`` object, now."""
        return await self.call(table_id, "peek")

    async def rematch(self, table_id: str, token: str) -> dict:
        """One more game for a seat of a finished table: the next table's id, invite, seat, token, commitment."""
        answer = await self.call(table_id, "rematch", token)
        if answer["made"] is not None:
            return answer["made"]
        previous, mine = digest(token), rematch_token(token, answer["next"])
        for _ in range(40):  # the next table is being made by another process (its id was set first)
            try:
                return await self.call(answer["next"], "claim", previous, mine)
            except ServerError as error:
                if error.code != "unknown-table":
                    raise
            await asyncio.sleep(0.05)
        raise ServerError("unavailable", "the next table could not be reached: try again", {"table": answer["next"]})

    async def listed(self, game: str | None) -> list[dict]:
        """The lobby: the public tables (of ``game``), newest first; read from the store at most once a second."""
        now = time.monotonic()
        kept = self.lobby.get(game)
        if kept is not None and now - kept[0] < LOBBY_AGE:
            return kept[1]
        try:
            tables = await self.store.lobby(game, LOBBY_SIZE)
        except StoreUnavailable as error:
            log.warning("the lobby: %s", error)
            raise store_down() from None
        self.lobby[game] = (now, tables)
        return tables

    async def record(self, table_id: str) -> tuple[str | None, bool]:
        """A finished game's record (JSON text) or None, and whether the table exists."""
        try:
            record = await self.store.record(table_id)
            return record, record is not None or await self.store.meta(table_id) is not None
        except StoreUnavailable as error:
            log.warning("table %s: its record: %s", table_id, error)
            raise store_down(table_id) from None

    async def seat_of(self, table_id: str, token: str) -> int:
        return await self.call(table_id, "seat", token)

    async def speaker(self, table_id: str, token: str) -> int:
        """The seat ``token`` holds, to say a phrase (a finished game's too; not a seat its human left)."""
        return await self.call(table_id, "speaker", token)

    async def look(self, table_id: str, token: str) -> dict:
        """The seat's ``state`` event now."""
        return (await self.call(table_id, "look", token))["state"]

    async def sitting(self, table_id: str, token: str) -> dict:
        """The ``table`` event and the seat's ``state`` event now (for a connection that just sat down)."""
        return await self.call(table_id, "look", token)

    async def rejoin(self, table_id: str, token: str, since: int) -> dict:
        return await self.call(table_id, "rejoin", token, since)

    async def act(self, table_id: str, token: str, command_id: str, version: int, action: str) -> dict:
        return await self.call(table_id, "act", token, command_id, version, action)

    async def start(self, table_id: str, token: str, command_id: str, level: str | None) -> dict:
        return await self.call(table_id, "start", token, command_id, level)

    async def leave(self, table_id: str, token: str) -> int:
        return await self.call(table_id, "leave", token)

    def waiting(self, table_id: str) -> bool:
        """Whether ``table_id`` is a table of this process that waits for players (counted per client address)."""
        actor = self.actors.get(table_id)
        return actor is not None and not actor.stopped and actor.table.status == "waiting"

    async def present(self, table_id: str, seat: int, delta: int) -> None:
        """One more (+1) or one less (-1) connection of this process at ``seat``; the table is told the count.
        The reports of one seat go out one at a time, in order (each carries the whole count)."""
        key = (table_id, seat)
        lock = self.reporting.setdefault(key, asyncio.Lock())
        async with lock:
            count = max(0, self.connections.get(key, 0) + delta)
            if count:
                self.connections[key] = count
            else:
                self.connections.pop(key, None)
            try:
                await self.store.present(table_id, seat, self.name, count)
            except StoreUnavailable as error:
                log.warning("table %s: presence not written: %s", table_id, error)
            if not self.stopping:  # else the table's next owner reads the count from the store
                await self.call(table_id, "presence", seat, self.name, count)

    # -- routing ----------------------------------------------------------------------------------------------------

    async def call(self, table_id: str, op: str, *args):
        """``op`` at the table's actor, here or in the process that owns it."""
        try:
            for _ in range(HOPS):
                if table_id in self.lost:
                    raise table_lost(table_id)
                actor = self.actors.get(table_id) or self.done.get(table_id)
                if actor is None and table_id in self.loading:
                    actor = await self.activate(table_id)
                if actor is not None:
                    try:
                        return await actor.call(op, *args)
                    except Moved:
                        continue
                if self.stopping:
                    raise ServerError("unavailable", "this server process is stopping: reconnect", {"table": table_id})
                owner = await self.store.claim(table_id, self.name)
                if owner is None:
                    if await self.check_store() and table_id in self.lost:
                        raise table_lost(table_id)
                    raise ServerError("unknown-table", "there is no such table", {"table": table_id})
                if owner == self.name:
                    await self.activate(table_id)
                    continue
                try:
                    return await self.cluster.request(owner, table_id, op, list(args))
                except Gone:
                    if await self.store.take_over(table_id, owner, self.name):
                        log.info("table %s: its process %s is gone; taken over", table_id, owner)
                        await self.activate(table_id)
                except Moved:
                    await asyncio.sleep(0.01)
            raise ServerError("unavailable", "the table is moving between processes: try again", {"table": table_id})
        except StoreUnavailable as error:
            log.warning("table %s: %s", table_id, error)
            raise store_down(table_id) from None

    async def serve(self, table_id: str, op: str, args: list):
        """A command forwarded by another process: ``Moved`` if this process does not hold the table."""
        actor = self.actors.get(table_id) or self.done.get(table_id)
        try:
            if actor is None and table_id in self.loading:
                actor = await self.activate(table_id)
        except StoreUnavailable as error:
            log.warning("table %s: %s", table_id, error)
            raise store_down(table_id) from None
        if actor is None:
            raise Moved(table_id)
        return await actor.call(op, *args)

    async def activate(self, table_id: str) -> TableActor:
        """The table loaded from its log into its actor, once however many commands ask for it meanwhile."""
        task = self.loading.get(table_id)
        if task is None:
            task = self.loading[table_id] = asyncio.get_running_loop().create_task(self._load(table_id))
            task.add_done_callback(lambda _: self.loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> TableActor:
        meta = await self.store.meta(table_id)
        if meta is None:
            await self.store.release(table_id, self.name)
            raise ServerError("unknown-table", "there is no such table", {"table": table_id})
        started = time.perf_counter()
        table = Table.load(meta, await self.store.log(table_id))
        log.info(
            "table %s rebuilt from its log: version %d in %.0f ms",
            table_id,
            table.version,
            (time.perf_counter() - started) * 1000,
        )
        return self.adopt(table, await self.live_presence(table_id))

    def adopt(self, table: Table, presence: dict) -> TableActor:
        actor = TableActor(table, self, presence)
        self.actors[table.id] = actor
        actor.post(actor.on_wake)
        return actor

    async def live_presence(self, table_id: str) -> dict[int, dict[str, int]]:
        """The table's presence in the store, less the processes that are gone (whose counts are dropped)."""
        presence = await self.store.presence(table_id)
        processes = {process for counts in presence.values() for process in counts}
        gone = processes - await self.cluster.alive(processes)
        for seat, counts in presence.items():
            for process in gone & set(counts):
                del counts[process]
                await self.store.present(table_id, seat, process, 0)
        return presence

    def finished(self, actor: TableActor) -> None:
        """A game over: the table moves to the few finished ones kept in memory (an older one is loaded again
        from its log if a seat asks for it)."""
        if self.actors.get(actor.id) is actor:
            del self.actors[actor.id]
        self.done[actor.id] = actor
        self.done.move_to_end(actor.id)
        while len(self.done) > KEEP_DONE:
            self.done.popitem(last=False)

    def forget(self, actor: TableActor, give_up: bool) -> None:
        """An actor that stopped: its table is loaded again (here or elsewhere) at its next command; with
        ``give_up``, its lease (if this process still holds it) is released for that."""
        if self.actors.get(actor.id) is actor:
            del self.actors[actor.id]
            if give_up:
                task = asyncio.get_running_loop().create_task(self.give_up(actor.id))
                self.releasing.add(task)
                task.add_done_callback(self.releasing.discard)
        if self.done.get(actor.id) is actor:
            del self.done[actor.id]

    async def give_up(self, table_id: str) -> None:
        try:
            await self.store.release(table_id, self.name)
        except StoreUnavailable as error:
            log.warning("table %s: its lease was not given up (%s); it runs out", table_id, error)
