"""A table's clock: the one timer of a table's actor (``server.actor.TableActor``, which takes this class's
methods), for whatever comes next: the end of a pause, a bot's turn, the turn's deadline, the end of an absent
seat's grace, or the end of the wait of a table nobody starts.

Time is the event loop's; what the timer fires is posted to the actor's mailbox like any command. A bot's choice
is made in the bots' process pool (``server.bots``) while the mailbox goes on, and comes back as a message of its
own (``on_chose``), played only if the table is still where the bot looked at it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from engine.core.errors import EngineError

from .store import now_ms

log = logging.getLogger("server")

#: After a bot failed to choose (a worker lost, an engine fault): when it tries again (ms).
RETRY_MS = 1000


class TableClock:
    """The timer, the bots' turns and a waiting table's expiry, as methods of the table's actor."""

    def plan(self) -> None:
        """The table's one timer, for what comes next: the end of the pause, a bot's move (after the pace), the
        turn's deadline or the end of an absent seat's grace; none when only a human's move can change anything."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        table = self.table
        now = now_ms()
        if not self.stopped and table.status == "waiting":
            self.timer = self.loop.call_later(max(0, self.expires - now) / 1000, self.post, self.on_expire)
            return
        if self.stopped or self.thinking is not None or table.status != "playing":
            return
        if table.pausing:
            at = table.pause_until
        else:
            seat = table.current
            if seat is None:
                return
            if self.bot_plays(seat, now):
                at = max(now, self.next_bot)
            else:
                times = [] if table.deadline is None else [table.deadline]
                if not self.here(seat):
                    times.append(self.away_since.get(seat, now) + self.host.grace_ms)
                if not times:
                    return
                at = min(times)
        self.timer = self.loop.call_later(max(0, at - now) / 1000, self.post, self.on_tick)

    def bot_plays(self, seat: int, now: int) -> bool:
        """Whether the bot plays ``seat``'s turn now: a bot's seat, one its human left, out of time, or away past
        its grace."""
        table = self.table
        if table.controller(seat) == "bot":
            return True
        if table.deadline is not None and now >= table.deadline:
            return True
        return not self.here(seat) and self.away_since.get(seat, now) + self.host.grace_ms <= now

    async def on_tick(self) -> None:
        """The timer: deal after the pause, or let the bot play the turn whose time has come."""
        self.timer = None
        table = self.table
        if table.status != "playing" or self.thinking is not None:
            return
        now = now_ms()
        if table.pausing:
            if now < table.pause_until:
                return self.plan()
            await self.write(table.next_entry(kind="deal", seat=None))
            return await self.changed(seats=False)
        seat = table.current
        if seat is not None and now >= self.next_bot and self.bot_plays(seat, now):
            self.think(seat)
        else:
            self.plan()

    async def on_expire(self) -> None:
        """A table still waiting for its players when its time is up is deleted: it holds no memory or store
        space any more, and is not rebuilt at the next start (its link then finds no table)."""
        self.timer = None
        if self.table.status != "waiting" or now_ms() < self.expires:
            return self.plan()
        minutes = self.host.waiting_ms / 60000
        log.info("table %s: nobody started it within %g minutes; deleted", self.id, minutes)
        await self.host.store.drop(self.id)
        self.stop(give_up=False)

    def think(self, seat: int) -> None:
        """The bot chooses ``seat``'s move in the pool; the mailbox goes on meanwhile."""
        table, meta = self.table, self.table.meta
        level = table.seats[seat]["level"] if table.seats[seat]["kind"] == "bot" else table.spec.default_bot
        actions = [entry["action"] for entry in table.entries if entry["kind"] == "act"]
        version = table.version
        choosing = self.host.bots.choose(
            self.id, meta["game"], meta["seed"], meta["options"], actions, seat, level, secrets.randbits(64)
        )
        self.thinking = self.loop.create_task(choosing)
        started = time.perf_counter()
        self.thinking.add_done_callback(lambda done: self.post(self.on_chose, version, seat, done, started))

    async def on_chose(self, version: int, seat: int, done: asyncio.Task, started: float) -> None:
        """The bot's choice: played if the table is where the bot saw it and the bot still plays the seat."""
        self.thinking = None
        if done.cancelled():
            return self.plan()
        error = done.exception()
        if error is not None:
            log.error("table %s: the bot could not choose (%r); it tries again", self.id, error, exc_info=error)
            self.next_bot = now_ms() + RETRY_MS
            return self.plan()
        log.debug("table %s: the bot chose in %.0f ms", self.id, (time.perf_counter() - started) * 1000)
        table = self.table
        if table.version != version or table.current != seat or not self.bot_plays(seat, now_ms()):
            return self.plan()  # the table moved on (a seat came back, a seat left): look again
        auto = table.seats[seat]["kind"] == "human"
        try:
            await self.write(table.next_entry(kind="act", seat=seat, action=done.result(), auto=auto))
        except EngineError:
            log.exception("table %s: the engine refused its own bot's move", self.id)
            self.next_bot = now_ms() + RETRY_MS
            return self.plan()
        await self.changed(seats=False, bot_moved=True)
