"""A table's spectators, as commands and counts of the table's actor (``server.actor.TableActor``, which takes
this class's methods): whether one may watch (any for a public table, else one with the invite; not beyond
``MAX_WATCHERS``), what one is sent, and how many watch (each process reports its own count, under the seat
``WATCH``).

A spectator's state is the engine's spectator view, the same whichever seat it is made from: it holds nothing any
one seat alone may see (spec/online-tables.md, "Around the table").
"""

from __future__ import annotations

from . import views
from .errors import ServerError
from .store import WATCH
from .wire import Holder

#: Spectators at one table at most (counted by the processes that report them).
MAX_WATCHERS = 500


class Spectators:
    """``on_watch`` and ``on_peek`` for a spectator; ``watching`` and ``watchers`` for their count."""

    async def on_watch(self, invite: str | None) -> None:
        """Whether a spectator may watch: any for a public table, else one with the invite; not beyond the bound."""
        if not self.table.public:
            self.check_invite(invite)
        if self.watchers() >= MAX_WATCHERS:
            raise ServerError(
                "table-full",
                "this table has as many spectators as it takes",
                {"table": self.id, "watchers": MAX_WATCHERS},
            )

    async def on_peek(self) -> Holder:
        """What a spectator is sent: its ``state`` and the ``table`` object."""
        state = views.wire_state(self.table, None, self.host.store.shared)
        return Holder(state=state, table=await self.info())

    async def watching(self, process: str, count: int) -> None:
        """``process`` now has ``count`` spectators' connections open: a new total is told to all, and listed."""
        before = self.watchers()
        counts = self.present.setdefault(WATCH, {})
        if count:
            counts[process] = count
        else:
            counts.pop(process, None)
        if self.watchers() != before:
            await self.host.emit("table", await self.info(), room=self.id)
            await self.relist()

    def watchers(self) -> int:
        """How many spectators the processes reported."""
        return sum(self.present.get(WATCH, {}).values())
