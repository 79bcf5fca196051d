"""A table's actor: the one owner of an online table in this process (lila's ``RoundAsyncActor``, Colyseus's
``Room``). Every command, tick and bot move of the table goes through its mailbox, and one task at a time takes
them out in order, so the table needs no lock: nothing else ever changes it.

Order of every change: check it, apply it to the engine's game (``Table.apply``), append it to the store's log
(only the table's owner can), then broadcast: the ``table`` event first when the seats changed, then every seat's
``state``. A change the store did not take leaves the table rebuilt from its log, so memory never runs ahead of
the store.

Time is the event loop's: one timer per table, for whatever comes next (``server.clock``: the end of a pause, a
bot's turn, the turn's deadline, the end of an absent seat's grace). A bot's choice is made in the bots' process
pool (``server.bots``) while the mailbox goes on: commands are answered meanwhile, and the choice comes back as a
message of its own, played only if the table is still where the bot looked at it. A finished table's rematch and
the claims of its seats at the next table are commands of their own (``server.rematch``), as are the
spectators' (``server.spectators``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import deque

from engine.core.errors import EngineError

from . import views, wire
from .clock import TableClock
from .cluster import Moved
from .errors import ServerError, server_bug, store_down
from .rematch import RematchCommands
from .spectators import Spectators
from .store import WATCH, StoreConflict, StoreUnavailable, now_ms
from .tables import Table, digest, fingerprint, new_token
from .wire import Holder

log = logging.getLogger("server")

#: Commands waiting at one table at most; more are refused (``rate-limited``) until it catches up.
MAILBOX = 256
#: The commands a table takes from outside (``on_<op>``), from this process or forwarded by another.
COMMANDS = frozenset(
    {
        "join",
        "seat",
        "look",
        "rejoin",
        "act",
        "start",
        "leave",
        "presence",
        "seen",
        "watch",
        "peek",
        "rematch",
        "claim",
        "speaker",
    }
)


class TableActor(TableClock, RematchCommands, Spectators):
    def __init__(self, table: Table, host, presence: dict[int, dict[str, int]]) -> None:
        #: ``host`` (``server.service.Tables``): ``store``, ``emit``, ``bots``, ``name`` (this process),
        #: ``grace_ms``, ``bot_pace_ms``, and ``finished(actor)``, ``forget(actor)``.
        self.table = table
        self.host = host
        self.loop = asyncio.get_running_loop()
        self.mailbox: deque = deque()
        self.task: asyncio.Task | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.thinking: asyncio.Task | None = None
        #: No bot moves before this (epoch ms): the pace between two bot moves, or a retry after a failure.
        self.next_bot = 0
        self.stopped = False
        #: seat -> process -> open connections; seat -> since when no connection is open (epoch ms).
        self.present = presence
        #: The table its rematch made, once known.
        self.next: str | None = None
        started = now_ms()
        #: A table nobody starts is deleted ``host.waiting_ms`` after its creation (a meta of an older release
        #: has no creation time: from its load).
        self.expires = table.meta.get("created", started) + host.waiting_ms
        self.away_since = {seat: started for seat in range(len(table.seats)) if not self.here(seat)}

    @property
    def id(self) -> str:
        return self.table.id

    # -- the mailbox ----------------------------------------------------------------------------------------------

    def call(self, op: str, *args) -> asyncio.Future:
        """A command for the table (``on_<op>``): its answer, or its refusal, when its turn comes."""
        if op not in COMMANDS:
            raise ValueError(f"no command {op!r} at a table")
        if self.stopped:
            raise Moved(self.id)
        if len(self.mailbox) >= MAILBOX:
            raise ServerError("rate-limited", "this table has too many commands waiting: slow down", {"table": self.id})
        future = self.loop.create_future()
        self._post(getattr(self, "on_" + op), args, future)
        return future

    def post(self, handler, *args) -> None:
        """A message of the table's own (a timer, a bot's choice): nobody waits for an answer."""
        if not self.stopped:
            self._post(handler, args, None)

    def _post(self, handler, args: tuple, future: asyncio.Future | None) -> None:
        self.mailbox.append((handler, args, future))
        if self.task is None:
            self.task = self.loop.create_task(self._run())

    async def _run(self) -> None:
        """Take the messages out one at a time until none is left (the task ends; the next message starts one)."""
        try:
            while self.mailbox and not self.stopped:
                handler, args, future = self.mailbox.popleft()
                if future is not None and future.done():
                    continue  # its asker is gone
                try:
                    outcome = await handler(*args)
                except ServerError as error:
                    outcome = error
                except StoreConflict as error:
                    log.warning("table %s: %s; this process no longer owns it", self.id, error)
                    self.stop()
                    outcome = Moved(self.id)
                except StoreUnavailable as error:
                    log.warning("table %s: the store failed: %s", self.id, error)
                    await self.rebuild()
                    outcome = store_down(self.id)
                except Exception:
                    log.exception("table %s: %s failed", self.id, handler.__name__)
                    await self.rebuild()
                    outcome = server_bug()
                if future is None:
                    if isinstance(outcome, ServerError):
                        log.warning("table %s: %s: %s", self.id, handler.__name__, outcome)
                elif future.done():
                    pass  # its asker stopped waiting meanwhile
                elif isinstance(outcome, Exception):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
        finally:
            self.task = None
            if self.stopped:  # what is left goes to the table's next owner
                while self.mailbox:
                    _, _, future = self.mailbox.popleft()
                    if future is not None and not future.done():
                        future.set_exception(Moved(self.id))

    async def rebuild(self) -> None:
        """After a failure: the table again as its log has it (memory never runs ahead of the store); if the store
        cannot be read either, the actor stops, and the table is loaded again at its next command."""
        try:
            meta = await self.host.store.meta(self.id)
            self.table = Table.load(meta, await self.host.store.log(self.id))
        except Exception as error:
            log.warning("table %s: not rebuilt (%s); it is loaded again at its next command", self.id, error)
            self.stop()
            return
        self.post(self.on_wake)

    def stop(self, give_up: bool = True) -> None:
        """This process no longer holds the table: its lease was lost, the table could not be rebuilt (its lease
        is given up, so the next command loads it again at once), or the process stops."""
        self.stopped = True
        if self.timer is not None:
            self.timer.cancel()
        if self.thinking is not None:
            self.thinking.cancel()
        self.host.forget(self, give_up)

    # -- commands ---------------------------------------------------------------------------------------------------

    async def on_join(self, invite: str | None, name: str | None) -> dict:
        """A visitor takes the first free seat (a public table's: needing no invite), or takes an open seat over
        from its bot at once."""
        table = self.table
        if not table.public:
            self.check_invite(invite)
        if table.status == "over":
            raise ServerError("over", "the game is over", {"table": self.id})
        seat = table.free_seat()
        if seat is None:
            raise ServerError("table-full", "every seat of this table is taken", {"table": self.id})
        token = new_token()
        named = {"name": name} if name else {}
        await self.write(table.next_entry(kind="join", seat=seat, token=digest(token), **named))
        self.away_since[seat] = now_ms()  # its grace runs from now, until its connection sits down
        await self.changed()
        return {"seat": seat, "token": token}

    def check_invite(self, invite: str | None) -> None:
        if not isinstance(invite, str) or not secrets.compare_digest(
            invite.encode(), self.table.meta["invite"].encode()
        ):
            raise ServerError("bad-invite", "this invite is not the table's", {"table": self.id})

    async def on_speaker(self, token: str) -> int:
        """The seat ``token`` holds, to say a phrase: a finished game's too, not one its human left."""
        seat = self.seat(token, over_ok=True)
        if self.table.seats[seat].get("left"):
            raise ServerError("bad-token", "this seat was left: a bot plays it", {"table": self.id})
        return seat

    async def on_seat(self, token: str) -> int:
        """The seat ``token`` holds (a finished game's too: its record)."""
        return self.seat(token, over_ok=True)

    async def on_look(self, token: str) -> Holder:
        """The seat's ``state`` event now."""
        table = self.table
        seat = self.seat(token, over_ok=True)
        state = views.wire_state(table, seat, self.host.store.shared)
        return Holder(
            table=await self.info(), state=Holder(table=self.id, version=table.version, seat=seat, state=state)
        )

    async def on_rejoin(self, token: str, since: int) -> Holder:
        """The seat's state now, and the entries it missed after version ``since``."""
        table = self.table
        seat = self.seat(token, over_ok=True)
        if since > table.version:
            raise ServerError(
                "bad-request", "since is after the table's version", {"field": "since", "version": table.version}
            )
        state = views.wire_state(table, seat, self.host.store.shared)
        return Holder(seat=seat, state=state, missed=views.missed(table, since), table=await self.info())

    async def on_act(self, token: str, command_id: str, version: int, action: str) -> Holder:
        table = self.table
        seat = self.seat(token, over_ok=True)
        fp = fingerprint({"version": version, "action": action})
        known = self.repeated(seat, command_id, fp)
        if known is not None:
            return known
        self.seat(token)
        if version != table.version:
            raise ServerError(
                "stale", "the table has changed since that version", {"version": table.version, "sent": version}
            )
        if table.current != seat:
            raise ServerError("not-your-turn", "it is not this seat's turn", {"current": table.current})
        try:
            # Kept and passed on in the game's own notation, never as typed (padding, case).
            notation = table.spec.action_notation(table.game, action)
            entry = table.next_entry(kind="act", seat=seat, action=notation, auto=False, id=command_id, fp=fp)
            await self.write(entry)
        except EngineError as error:
            raise ServerError("illegal", str(error), {"code": error.code, **error.params}) from None
        await self.changed(seats=False)
        return self.answer(seat)

    async def on_start(self, token: str, command_id: str, level: str | None) -> Holder:
        """The creator starts a waiting table: every human seat nobody has taken goes to a bot of ``level`` (the
        game's default bot when None)."""
        table = self.table
        level = table.spec.default_bot if level is None else level
        seat = self.seat(token, over_ok=True)
        fp = fingerprint({"start": level})
        known = self.repeated(seat, command_id, fp)
        if known is not None:
            return known
        self.seat(token)
        if level not in table.spec.bot_levels:
            levels = ", ".join(table.spec.bot_levels)
            raise ServerError("bad-request", f"level is one of {levels}", {"field": "level"})
        if seat != table.meta["creator"]:
            raise ServerError("illegal", "only the table's creator starts it", {"code": "start-creator"})
        if table.status != "waiting":
            raise ServerError("illegal", "the game has started", {"code": "start-started"})
        free = [
            index
            for index, info in enumerate(table.seats)
            if info["kind"] == "human" and info["token"] is None and not info.get("open")  # an open seat stays open
        ]
        await self.write(table.next_entry(kind="start", seat=seat, seats=free, level=level, id=command_id, fp=fp))
        await self.changed()
        return self.answer(seat)

    async def on_leave(self, token: str) -> int:
        table = self.table
        seat = self.seat(token, over_ok=True)
        if table.status != "over" and not table.seats[seat].get("left"):
            await self.write(table.next_entry(kind="leave", seat=seat))
            await self.changed()
        return seat

    async def on_presence(self, seat: int, process: str, count: int) -> None:
        """``process`` now has ``count`` connections open to ``seat``: away or back, told to every seat (``WATCH``:
        how many spectators, told too)."""
        if seat == WATCH:
            return await self.watching(process, count)
        if not 0 <= seat < len(self.table.seats):
            return
        before = self.here(seat)
        counts = self.present.setdefault(seat, {})
        if count:
            counts[process] = count
        else:
            counts.pop(process, None)
        if self.here(seat) == before:
            return
        if before:
            self.away_since[seat] = now_ms()
        else:
            self.away_since.pop(seat, None)
        await self.host.emit("table", await self.info(), room=self.id)
        await self.relist()
        self.plan()

    async def on_seen(self, seats: list[int]) -> Holder:
        """The ``table`` event and the ``state`` events of ``seats`` now: what a process whose Socket.IO channel
        was cut off sends its connections again (``server.recovery.Recovery.resync``)."""
        table, shared = self.table, self.host.store.shared
        states = [
            Holder(table=self.id, version=table.version, seat=seat, state=views.wire_state(table, seat, shared))
            for seat in seats
            if 0 <= seat < len(table.seats) and table.seats[seat]["token"] is not None
        ]
        return Holder(table=await self.info(), states=states)

    async def on_resend(self) -> None:
        """The table's broadcast again (one of its messages could not be published to the other processes)."""
        await self.broadcast()

    # -- checks and answers ---------------------------------------------------------------------------------------

    def seat(self, token, over_ok: bool = False) -> int:
        """The seat ``token`` holds; ``bad-token`` if none (or its human left it), ``over`` once the game is over."""
        table = self.table
        seat = table.seat_of(token)
        if seat is None:
            raise ServerError("bad-token", "this token holds no seat at this table", {"table": self.id})
        if table.status == "over":
            if over_ok:
                return seat
            raise ServerError("over", "the game is over", {"table": self.id})
        if table.seats[seat].get("left"):
            raise ServerError("bad-token", "this seat was left: a bot plays it", {"table": self.id})
        return seat

    def repeated(self, seat: int, command_id: str, fp: str) -> Holder | None:
        """A command this seat sent before with this id: its first answer's version again, nothing applied."""
        known = self.table.ids.get((seat, command_id))
        if known is None:
            return None
        if known[0] != fp:
            raise ServerError("bad-request", "this id was sent before with another command", {"field": "id"})
        return Holder(version=known[1], state=views.wire_state(self.table, seat, self.host.store.shared), repeated=True)

    def answer(self, seat: int) -> Holder:
        return Holder(version=self.table.version, state=views.wire_state(self.table, seat, self.host.store.shared))

    async def info(self) -> dict:
        """The ``table`` event now (a finished table's ``next``, looked up once)."""
        if self.next is None and self.table.status == "over":
            self.next = await self.host.store.next_of(self.id)
        return views.table_info(self.table, self.away_seats(), self.watchers(), self.next)

    async def relist(self) -> None:
        """A public table's entry in the lobby, as it is now (gone once the game is over)."""
        table = self.table
        if table.public and table.status != "over":
            listing = views.listing(table, self.away_seats(), self.watchers())
            await self.host.store.list_table(self.id, table.meta["game"], table.meta.get("created", 0), listing)

    def here(self, seat: int) -> bool:
        return any(self.present.get(seat, {}).values())

    def away_seats(self) -> set[int]:
        seats = self.table.seats
        return {
            index
            for index, info in enumerate(seats)
            if info["kind"] == "human" and info["token"] is not None and not info.get("left") and not self.here(index)
        }

    # -- changes ----------------------------------------------------------------------------------------------------

    async def write(self, entry: dict) -> None:
        """Apply ``entry`` (the engine checks it: an ``EngineError`` changes nothing), then append it to the log."""
        self.table.apply(entry)
        await self.host.store.append(self.id, entry, self.host.name)

    async def changed(self, seats: bool = True, bot_moved: bool = False) -> None:
        """After every change: the broadcast, then the next timer (or the end of the game)."""
        self.next_bot = now_ms() + self.host.bot_pace_ms if bot_moved else 0
        await self.broadcast(seats)
        if self.table.game.is_terminal():
            await self.finish()
        else:
            self.plan()

    async def broadcast(self, seats: bool = True) -> None:
        """The ``table`` to all (if ``seats``), then every human seat's ``state``: a page that draws a state
        already has the seats that go with it (a start gives seats to bots and starts the game in one change)."""
        table, emit = self.table, self.host.emit
        if seats:
            await emit("table", await self.info(), room=self.id)
            await self.relist()
        shared = self.host.store.shared
        for index, info in enumerate(table.seats):
            if info["kind"] == "human" and info["token"] is not None and not info.get("left"):
                state = views.wire_state(table, index, shared)
                data = Holder(table=self.id, version=table.version, seat=index, state=state)
                await emit("state", data, room=views.rooms(self.id, index)[1])
        if self.watchers():  # the spectators' one state, to all of them
            state = views.wire_state(table, None, shared)
            data = Holder(table=self.id, version=table.version, seat=None, state=state)
            await emit("state", data, room=views.rooms(self.id, None)[1])

    async def finish(self) -> None:
        """The game is over: no more timers; the table is read-only from now on."""
        if self.timer is not None:
            self.timer.cancel()
        await self.host.store.finish(self.id, wire.dumps(self.table.final_record()))
        self.host.finished(self)

    # -- loading and closing ----------------------------------------------------------------------------------------

    async def on_wake(self) -> None:
        """A table just loaded (created, recovered, taken over): its timer; a game found over is finished (its
        end may not have been written as such)."""
        if self.table.game.is_terminal():
            await self.finish()
        else:
            await self.relist()
            self.plan()

    def close(self) -> None:
        """The process stops: the table's timer and bot with it (its lease is released by the caller)."""
        self.stop(give_up=False)
        if self.task is not None:
            self.task.cancel()
