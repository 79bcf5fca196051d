"""The tables' interface (``server.service.Tables``, which takes this class's methods) when a part around fails
(spec/online-tables.md, "Failing parts").

A store that comes back without its data is noticed at the next beat by its identity (``epoch``): every table this
process knew is lost, its actors stop without writing, and every connection here at one of them is told ``lost``
(``table-lost``). When this process's Redis channels were cut off (``server.bus``), it reports its presence again
and sends its connections their tables and their seats' states again (``resync``): what was broadcast meanwhile
did not reach them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets

from . import views
from .errors import ServerError, table_lost

log = logging.getLogger("server")

#: How many lost tables a process remembers, to answer their seats ``table-lost`` rather than ``unknown-table``.
KEEP_LOST = 10_000
#: How long a table's states, asked for again after a loss of Redis's messages, are waited for (s); then again at
#: the next beat.
RESYNC_WAIT = 2.0


class Recovery:
    """A lost store's tables told as lost, and a cut-off process's connections sent their states again."""

    async def check_store(self) -> bool:
        """Whether the store still is the one this process opened (its ``epoch``); if it is not (it came back
        without its data), every table this process knew is lost, and its players here are told (True)."""
        epoch = await self.store.epoch(secrets.token_hex(8))
        if epoch == self.epoch:
            return False
        await self.store_lost(epoch)
        return True

    async def store_lost(self, epoch: str) -> None:
        """The store lost its tables: their actors stop (nothing is written), the tables are remembered as lost, and
        every connection of this process at one of them is sent ``lost`` (each process tells its own)."""
        known = {*self.actors, *self.done, *(table_id for table_id, _ in self.connections)}
        log.error("the tables' store came back without its data: %d tables known here are lost", len(known))
        self.epoch = epoch
        self.lost_total += len(known)
        for actor in [*self.actors.values(), *self.done.values()]:
            actor.stop(give_up=False)
        for table_id in sorted(known):
            self.lost[table_id] = None
            while len(self.lost) > KEEP_LOST:
                self.lost.popitem(last=False)
        for table_id in sorted(known):
            error = table_lost(table_id)
            message = {"table": table_id, "code": error.code, "message": error.message}
            await self.emit("lost", message, room=table_id, ignore_queue=True)

    def on_back(self) -> None:
        """A Redis channel of this process is listened to again after a loss (``server.bus``): every table with a
        seat connected here is to be sent again, now and, for those that fail, at the next beats."""
        self.unsynced.update(table_id for table_id, _ in self.connections)
        self.start_resync()

    def start_resync(self) -> None:
        if self.unsynced and not self.syncing:
            task = asyncio.get_running_loop().create_task(self.resync())
            self.syncing.add(task)
            task.add_done_callback(self.syncing.discard)

    async def resync(self) -> None:
        """After this process's channels were cut off: its presence reported again (the tables' owners may have
        taken it for gone and dropped its counts), and each of its connections sent its table and its seat's state
        now (what was broadcast meanwhile did not reach it). Only here: each process makes up for its own loss."""
        seats: dict[str, list[int]] = {}
        for table_id, seat in list(self.connections):
            if table_id in self.unsynced:
                seats.setdefault(table_id, []).append(seat)
        self.unsynced.difference_update(set(self.unsynced) - set(seats))  # nobody of theirs is here any more
        for table_id, numbers in seats.items():
            try:
                for seat in numbers:
                    await self.present(table_id, seat, 0)
                seen = await asyncio.wait_for(self.call(table_id, "seen", sorted(numbers)), RESYNC_WAIT)
            except TimeoutError:
                log.warning("table %s: its seats here not sent their states again yet: no answer", table_id)
                continue
            except ServerError as error:
                if error.code != "unavailable":
                    self.unsynced.discard(table_id)
                log.warning("table %s: its seats here not sent their states again: %s", table_id, error.message)
                continue
            self.unsynced.discard(table_id)
            await self.emit("table", seen["table"], room=table_id, ignore_queue=True)
            for state in seen["states"]:
                await self.emit("state", state, room=views.rooms(table_id, state["seat"])[1], ignore_queue=True)
        log.info("after a loss of Redis's messages: %d tables' seats sent their states again", len(seats))
