"""The tables' interface (``server.service.Tables``, which takes this class's methods) over time: the leases of
the tables this process owns, from its start to its stop.

At start the process listens for the others and takes every orphan table (with SQLite: every unfinished one);
then it beats every second: it renews its leases (a table whose lease was lost stops here, another process carries
it on), adopts the orphans, drops the seats' counts of processes that died, and deletes the finished tables past
their keeping. On SIGTERM it hands its tables over: their leases are given up at once, for another process to
take each at its next command or beat.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING

from .errors import ServerError
from .store import KEEP_MS, StoreUnavailable, now_ms

if TYPE_CHECKING:
    from .actor import TableActor

log = logging.getLogger("server")

#: How often a process renews its leases, adopts orphans and looks for dead processes (s).
BEAT = 1.0
#: How often the finished tables past their keeping are looked for (s).
PURGE_EVERY = 3600
#: At SIGTERM, how long the tables' commands under way may take to finish before their leases are given up (s).
HAND_OVER_WAIT = 2.0


class Leases:
    """Start, beat, hand over and stop: the tables this process owns over its life."""

    async def open(self) -> int:
        """At start: listen for other processes, take every orphan table (with SQLite: every unfinished one), and
        beat. How many tables were taken."""
        self.epoch = await self.store.epoch(secrets.token_hex(8))
        await self.cluster.start(self.serve, self.on_back)
        taken = await self.adopt_orphans()
        self.beating = asyncio.get_running_loop().create_task(self.beat())
        return taken

    async def hand_over(self) -> None:
        """SIGTERM: no table is taken any more; the commands under way finish (for at most ``HAND_OVER_WAIT``), and
        every table is given up at once: with Redis another process takes each over at its next command or beat,
        without waiting for the lease to run out."""
        if self.stopping:
            return
        self.stopping = True
        if self.beating is not None:
            self.beating.cancel()
        actors = list(self.actors.values())
        for actor in actors:
            actor.stop(give_up=False)
        running = [actor.task for actor in actors if actor.task is not None]
        if running:
            await asyncio.wait(running, timeout=HAND_OVER_WAIT)
        for actor in actors:
            actor.close()
            try:
                await self.store.release(actor.id, self.name)
            except StoreUnavailable as error:
                log.warning("the tables' leases were not given up (%s): they run out", error)
                break
        log.info("%d tables handed over", len(actors))

    async def close(self) -> None:
        """At stop: the tables handed over (if SIGTERM has not already), the link to the other processes closed, and
        the bots' workers ended."""
        await self.hand_over()
        await self.cluster.stop()
        self.bots.shutdown()

    async def beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self.check_store()  # before the leases: a store that lost them lost the tables too
                self.start_resync()
                if time.monotonic() - self.purged >= PURGE_EVERY:
                    self.purged = time.monotonic()
                    deleted = await self.store.purge(now_ms())
                    if deleted:
                        log.info("%d tables finished %d days ago or more deleted", deleted, KEEP_MS // 86_400_000)
                await self.renew()
                if self.bus is not None:
                    for table_id in self.bus.take_dropped():
                        actor = self.actors.get(table_id)
                        if actor is not None:
                            actor.post(actor.on_resend)
                if self.store.shared:
                    await self.adopt_orphans()
                    await self.drop_dead_processes()
                if self.store_failing:
                    log.warning("the store answers again")
                    self.store_failing = False
            except StoreUnavailable as error:
                if not self.store_failing:
                    log.warning("the store failed at the beat: %s", error)
                    self.store_failing = True
            except Exception:
                log.exception("the beat failed")

    async def renew(self) -> None:
        for table_id in await self.store.renew(self.name, list(self.actors)):
            actor = self.actors.get(table_id)
            if actor is not None:
                log.warning("table %s: its lease was lost; another process carries it on", table_id)
                actor.stop()

    async def adopt_orphans(self) -> int:
        taken = 0
        for table_id in await self.store.orphans():
            if table_id in self.actors or await self.store.claim(table_id, self.name) != self.name:
                continue
            try:
                await self.activate(table_id)
                taken += 1
            except ServerError as error:
                log.warning("table %s: not taken: %s", table_id, error)
        return taken

    async def drop_dead_processes(self) -> None:
        """The seats' connections held by processes that died are closed: those seats are away."""
        places: dict[str, list[tuple[TableActor, int]]] = {}
        for actor in self.actors.values():
            for seat, counts in actor.present.items():
                for process in counts:
                    if process != self.name:
                        places.setdefault(process, []).append((actor, seat))
        if not places:
            return
        alive = await self.cluster.alive(set(places))
        for process in set(places) - alive:
            for actor, seat in places[process]:
                log.info("table %s: seat %d's connections were on process %s, which is gone", actor.id, seat, process)
                await self.store.present(actor.id, seat, process, 0)
                actor.post(actor.on_presence, seat, process, 0)
