"""The tables' service: every command of the protocol, the clock (timers, absent seats, bots) and what each
seat is told. Socket.IO is only its transport (``server.sockets``).

Order of every change: check it, apply it to the engine's game, append it to the store's log, then
broadcast. A change that cannot be written is undone by dropping the table from memory (it is rebuilt
from the log at its next use), so memory never runs ahead of the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import weakref
from collections import OrderedDict

from engine.core.errors import EngineError
from engine.core.games import GAMES
from engine.core.sessions import finished_record

from . import wire
from .bots import BotPool
from .errors import ServerError
from .store import StoreConflict, now_ms
from .tables import TAKEOVER, Table, digest, fingerprint, new_meta
from .wire import Holder, Raw

log = logging.getLogger("server")

#: How many finished tables stay in memory (for their seats' last looks: the record).
KEEP_DONE = 256

#: The keys of a view's envelope (``view_json``, ``engine.core.views``) that the state carries as its own.
BOARD_DUPLICATES = frozenset({"events", "legal", "hand"})

#: A seat whose last connection closed is played by the bot after this grace (the spec allows at most 5 s).
GRACE_MS = 2000


class Service:
    def __init__(self, store, emit, bot_pace_ms: int = 300, bot_workers: int = 2, grace_ms: int = GRACE_MS) -> None:
        self.store = store
        #: How long a seat whose connections all closed waits for its human before the bot plays it.
        self.grace_ms = grace_ms
        #: ``await emit(event, data, room)``: Socket.IO's emit (to every process with --redis).
        self.emit = emit
        self.bot_pace_ms = bot_pace_ms
        self.tables: dict[str, Table] = {}
        self.done: OrderedDict[str, Table] = OrderedDict()
        #: Each table's lock while a coroutine holds or awaits it (a finished table's is not kept for ever).
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.bots = BotPool(bot_workers)
        self.ticking: set[str] = set()
        self.clocks: dict[str, dict] = {}  # the store's copy of each table's clock, when the store is not shared
        #: Seconds each bot move took to choose (for the benchmark's figures).
        self.bot_times: list[float] = []

    # -- tables in memory -----------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def locked(self, table_id: str, write: bool = True):
        """The table, up to date with the store, held by this coroutine alone (and, to write, by this process
        alone: the store's writer lease)."""
        lock = self.locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            if write:
                async with self.store.writer(table_id):
                    yield await self.current(table_id)
            else:
                yield await self.current(table_id)

    async def current(self, table_id: str) -> Table:
        table = self.tables.get(table_id) or self.done.get(table_id)
        if table is None:
            meta = await self.store.meta(table_id)
            if meta is None:
                raise ServerError("unknown-table", "there is no such table", {"table": table_id})
            started = time.perf_counter()
            table = Table.load(meta, await self.store.log(table_id))
            log.info(
                "table %s rebuilt from its log: version %d in %.0f ms",
                table_id,
                table.version,
                (time.perf_counter() - started) * 1000,
            )
            if table.game.is_terminal():
                self.done[table_id] = table
                while len(self.done) > KEEP_DONE:
                    self.done.popitem(last=False)
            else:
                self.tables[table_id] = table
        elif self.store.shared:
            for entry in await self.store.log(table_id, table.version):
                table.apply(entry)
        if self.store.shared:
            clock = await self.store.redis.hgetall(f"t:{table_id}:clock")
            table.deadline = int(clock["deadline"]) if clock.get("deadline") else None
            table.turn_seat = int(clock["turn"]) if clock.get("turn") else None
        return table

    async def save_clock(self, table: Table) -> None:
        """The turn's deadline and seat, for the other processes (the pause is in the log)."""
        if self.store.shared:
            fields = {"deadline": table.deadline or "", "turn": table.turn_seat}
            fields = {key: "" if value is None else value for key, value in fields.items()}
            await self.store.redis.hset(f"t:{table.id}:clock", mapping=fields)

    async def write(self, table: Table, entry: dict) -> object:
        """Apply ``entry`` (the engine checks it), then append it to the log; an ``EngineError`` changes nothing.
        An action that ends a round gets its pause's end (``pause``) before it is written."""
        try:
            event = table.apply(entry)
        except EngineError:
            raise  # refused by the engine, which changed nothing
        except Exception:
            self.tables.pop(table.id, None)  # rebuilt from the log at its next use
            raise
        try:
            await self.store.append(table.id, entry)
        except (StoreConflict, Exception):
            self.tables.pop(table.id, None)
            raise
        return event

    # -- what a seat sees -----------------------------------------------------------------------------------

    def board(self, table: Table, seat: int) -> dict:
        """The engine's view of ``seat`` (JSON); computed once per version, for the broadcast and the answer."""
        if table.boards_version != table.version:
            table.boards, table.boards_version = {}, table.version
        board = table.boards.get(seat)
        if board is None:
            board = table.boards[seat] = table.spec.view_json(table.game, seat)
        return board

    def wire_state(self, table: Table, seat: int):
        """The seat's state as it is sent: JSON text encoded once per version (``server.wire``), shared by the
        broadcast and the answers; as a dict with --redis (the messages across processes are JSON themselves)."""
        if self.store.shared:
            return self.state(table, seat)
        if table.states_version != table.version:
            table.states, table.states_version = {}, table.version
        text = table.states.get(seat)
        if text is None:
            text = table.states[seat] = Raw(wire.dumps(self.state(table, seat)))
        return text

    def state(self, table: Table, seat: int) -> dict:
        board = self.board(table, seat)
        current = table.current
        events = board["events"]
        moves = table.moves[-len(events) :] if events else []
        if any(auto for _, auto in moves):  # the events a bot played for a seat are marked (copies: the board's stay)
            marked = [
                {**event, "auto": True} if auto else event for event, (_, auto) in zip(events, moves, strict=False)
            ]
            events = marked + list(events[len(marked) :])
        legal = board["legal"] if current == seat else []
        state = {
            "game": table.meta["game"],
            "version": table.version,
            "seat": seat,
            "status": table.status,
            "current": current,
            "deadline": table.deadline if current is not None else None,
            "pause": table.pause_until if table.pausing else None,
            "hand": board["hand"],
            "legal": legal,
            "events": events,
            # The view's events, legal actions and hand are the state's (sent once, the events marked auto).
            "board": {key: value for key, value in board.items() if key not in BOARD_DUPLICATES},
            "options": {**table.meta["options"], **table.meta["table_options"]},
            "over": table.game.is_terminal(),
        }
        if state["over"]:
            state["record"] = table.final_record()
        else:
            parts = self.parts(table, board)
            if parts is not None:
                state["parts"] = parts
        return state

    def parts(self, table: Table, board: dict) -> dict | None:
        """The record of the finished rounds or hands, without the seed (``engine.core.sessions.finished_record``),
        or None before the first ends: public once they are over, what the page's board draws a round's end,
        the score sheet and the review from. Made again only when a round or hand ends or is dealt."""
        key = (board["part"], table.game.current_player is None)
        if table.parts_key != key:
            parts = table.spec.parts
            finished = finished_record(table.spec.record(table.game), parts)
            table.parts_key, table.parts_record = key, finished if finished[parts] else None
        return table.parts_record

    async def away_seats(self, table: Table) -> set[int]:
        now = now_ms()
        away = set()
        for index, seat in enumerate(table.seats):
            taken = seat["kind"] == "human" and seat["token"] is not None and not seat.get("left")
            if taken and await self.store.here_until(table.id, index) <= now:
                away.add(index)
        return away

    async def table_info(self, table: Table) -> dict:
        seats = table.seats_info(await self.away_seats(table))
        return {"table": table.id, "seats": seats, "status": table.status, "version": table.version}

    async def broadcast(self, table: Table, seats: bool = True) -> None:
        """The ``table`` to all (if ``seats``), then every human seat's ``state``: a page that draws a state
        already has the seats that go with it (the start gives seats to bots and starts the game in one change)."""
        if seats:
            await self.emit("table", await self.table_info(table), room=table.id)
        for index, seat in enumerate(table.seats):
            if seat["kind"] == "human" and seat["token"] is not None and not seat.get("left"):
                state = self.wire_state(table, index)
                data = Holder(table=table.id, version=table.version, seat=index, state=state)
                await self.emit("state", data, room=f"{table.id}:{index}")

    async def changed(self, table: Table, seats: bool = True) -> None:
        """After every change: the turn's deadline, the broadcast, the next wake-up."""
        self.new_turn(table)
        await self.save_clock(table)
        await self.broadcast(table, seats)
        if table.game.is_terminal():
            await self.finish(table)
        else:
            await self.store.wake(table.id, await self.next_wake(table))

    async def next_wake(self, table: Table) -> int | None:
        """When the clock must look at the table next: now for a bot's turn (or a late or absent seat's), the
        end of a pause, the turn's deadline, the end of an absent seat's grace; None when only a human's move
        can change anything."""
        now = now_ms()
        if table.status != "playing":
            return None
        if table.pausing:
            return table.pause_until
        seat = table.current
        if seat is None or table.controller(seat) == "bot":
            return now
        here = await self.store.here_until(table.id, seat)
        wake = here + self.grace_ms if here < 2**61 else None
        if table.deadline is not None:
            wake = table.deadline if wake is None else min(wake, table.deadline)
        if self.store.shared and wake is not None:
            wake = min(wake, now + 1000)  # presence is refreshed every second: look again then
        return wake

    async def finish(self, table: Table) -> None:
        """A game over: no more wake-ups; it moves to the few finished tables kept in memory (an older one is
        rebuilt from its log if a seat asks for it again)."""
        await self.store.finish(table.id)
        if self.tables.pop(table.id, None) is not None:
            self.done[table.id] = table
            while len(self.done) > KEEP_DONE:
                self.done.popitem(last=False)

    def new_turn(self, table: Table) -> None:
        current = table.current
        if current != table.turn_seat:
            table.turn_seat = current
            timer = table.meta["table_options"]["timer"]
            table.deadline = now_ms() + int(timer * 1000) if timer and current is not None else None

    # -- commands -------------------------------------------------------------------------------------------

    async def create(self, game, options, seats, lang, name=None) -> tuple[dict, Table]:
        if not isinstance(game, str) or game not in GAMES:
            raise ServerError("bad-request", f"game is one of {', '.join(GAMES)}", {"field": "game"})
        table_id = secrets.token_urlsafe(12)
        meta, token = new_meta(table_id, game, options, seats, lang)
        if name:
            meta["seats"][meta["creator"]]["name"] = name
        await self.store.create(table_id, meta)
        async with self.locked(table_id) as table:
            await self.changed(table)
            result = {
                "table": table_id,
                "invite": meta["invite"],
                "seat": meta["creator"],
                "token": token,
                "commitment": meta["commitment"],
            }
        return result, table

    async def join(self, table_id, invite, name=None) -> tuple[dict, Table]:
        async with self.locked(table_id) as table:
            if not secrets.compare_digest(str(invite).encode(), table.meta["invite"].encode()):
                raise ServerError("bad-invite", "this invite is not the table's", {"table": table_id})
            seat = table.free_seat()
            if seat is None:
                raise ServerError("table-full", "every seat of this table is taken", {"table": table_id})
            from .tables import new_token

            token = new_token()
            named = {"name": name} if name else {}
            await self.write(table, table.next_entry(kind="join", seat=seat, token=digest(token), **named))
            await self.changed(table)
            return {"seat": seat, "token": token}, table

    def seat(self, table: Table, token, over_ok: bool = False) -> int:
        """The seat ``token`` holds; ``bad-token`` if none (or its human left it), ``over`` once the game is over."""
        seat = table.seat_of(token)
        if seat is None:
            raise ServerError("bad-token", "this token holds no seat at this table", {"table": table.id})
        if table.status == "over":
            if over_ok:
                return seat
            raise ServerError("over", "the game is over", {"table": table.id})
        if table.seats[seat].get("left"):
            raise ServerError("bad-token", "this seat was left: a bot plays it", {"table": table.id})
        return seat

    async def rejoin(self, table_id, token, since) -> tuple[dict, Table, int]:
        async with self.locked(table_id, write=False) as table:
            seat = self.seat(table, token, over_ok=True)
            if since > table.version:
                raise ServerError(
                    "bad-request", "since is after the table's version", {"field": "since", "version": table.version}
                )
            missed = []
            for entry in table.entries[since:]:
                item = {"version": entry["version"], "kind": entry["kind"], "seat": entry["seat"]}
                if entry["kind"] == "act":
                    # An action's notation is public in both games (a draw never names its tile).
                    item["action"] = entry["action"]
                    item["auto"] = bool(entry.get("auto"))
                missed.append(item)
            return Holder(seat=seat, state=self.wire_state(table, seat), missed=missed), table, seat

    async def act(self, table_id, token, command_id, version, action) -> dict:
        async with self.locked(table_id) as table:
            seat = self.seat(table, token, over_ok=True)
            fp = fingerprint({"version": version, "action": action})
            known = table.ids.get((seat, command_id))
            if known is not None:
                if known[0] != fp:
                    raise ServerError("bad-request", "this id was sent before with another command", {"field": "id"})
                return Holder(version=known[1], state=self.wire_state(table, seat), repeated=True)
            self.seat(table, token)
            if version != table.version:
                raise ServerError(
                    "stale", "the table has changed since that version", {"version": table.version, "sent": version}
                )
            if action.startswith("bot ") or action == "bot":
                await self.give_to_bot(table, seat, action, command_id, fp)
                return Holder(version=table.version, state=self.wire_state(table, seat))
            if table.current != seat:
                raise ServerError("not-your-turn", "it is not this seat's turn", {"current": table.current})
            entry = table.next_entry(kind="act", seat=seat, action=action, auto=False, id=command_id, fp=fp)
            try:
                await self.write(table, entry)
            except EngineError as error:
                raise ServerError("illegal", str(error), {"code": error.code, **error.params}) from None
            await self.changed(table, seats=False)
            return Holder(version=table.version, state=self.wire_state(table, seat))

    async def give_to_bot(self, table: Table, seat: int, action: str, command_id, fp) -> None:
        words = action.split()
        levels = table.spec.bot_levels
        if not 2 <= len(words) <= 3 or not words[1].isdigit() or (len(words) == 3 and words[2] not in levels):
            raise ServerError(
                "illegal", "bot <seat> [level] gives a seat nobody has taken to a bot", {"code": "bot-syntax"}
            )
        target, level = int(words[1]), words[2] if len(words) == 3 else TAKEOVER
        if seat != table.meta["creator"]:
            raise ServerError("illegal", "only the table's creator gives seats to bots", {"code": "bot-creator"})
        if table.status != "waiting":
            raise ServerError("illegal", "the game has started", {"code": "bot-started"})
        if not 0 <= target < len(table.seats) or table.seats[target].get("kind") != "human":
            raise ServerError("illegal", "that seat is not a free human seat", {"code": "bot-seat"})
        if table.seats[target]["token"] is not None:
            raise ServerError("illegal", "that seat is taken", {"code": "bot-seat"})
        entry = table.next_entry(kind="bot", seat=target, level=level, id=command_id, fp=fp)
        entry["by"] = seat
        await self.write(table, entry)
        await self.changed(table)

    async def leave(self, table_id, token) -> Table:
        async with self.locked(table_id) as table:
            seat = self.seat(table, token, over_ok=True)
            if table.status != "over" and not table.seats[seat].get("left"):
                await self.write(table, table.next_entry(kind="leave", seat=seat))
                await self.changed(table)
            return table

    # -- the clock ------------------------------------------------------------------------------------------

    async def tick(self, table_id: str) -> None:
        """Look at a table whose wake-up time has come: end a pause, play a bot's move, or a late or absent
        seat's; then set the next wake-up."""
        if table_id in self.ticking:
            return
        self.ticking.add(table_id)
        try:
            for _ in range(1000):  # with no pace, the bots' moves follow each other at once
                async with self.locked(table_id) as table:
                    moved = await self._tick(table)
                if not moved or self.bot_pace_ms:
                    break
                await asyncio.sleep(0)
        except TimeoutError:
            pass  # another process holds the table; it will wake it
        except ServerError as error:
            log.warning("table %s: %s", table_id, error)
            await self.store.wake(table_id, None)
        except Exception:
            log.exception("table %s: its clock failed; it is looked at again in a second", table_id)
            await self.store.wake(table_id, now_ms() + 1000)
        finally:
            self.ticking.discard(table_id)

    async def _tick(self, table: Table) -> bool:
        """True if a bot moved."""
        now = now_ms()
        if table.status != "playing":
            if table.status == "over":
                await self.finish(table)
            else:
                await self.store.wake(table.id, None)
            return False
        if table.pausing:
            if now < table.pause_until:
                await self.store.wake(table.id, table.pause_until)
                return False
            # The pause is over: the next round (or hand) is dealt, written, and broadcast.
            await self.write(table, table.next_entry(kind="deal", seat=None))
            await self.changed(table, seats=False)
            return True
        self.new_turn(table)
        seat = table.current
        if seat is None:
            return False
        if table.controller(seat) == "bot":
            await self.bot_move(table, seat, auto=table.seats[seat]["kind"] == "human")
            return True
        here = await self.store.here_until(table.id, seat)
        late = table.deadline is not None and now >= table.deadline
        if late or here + self.grace_ms <= now:
            await self.bot_move(table, seat, auto=True)
            return True
        await self.save_clock(table)
        await self.store.wake(table.id, await self.next_wake(table))
        return False

    async def bot_move(self, table: Table, seat: int, auto: bool) -> None:
        level = table.seats[seat]["level"] if table.seats[seat]["kind"] == "bot" else TAKEOVER
        actions = [entry["action"] for entry in table.entries if entry["kind"] == "act"]
        meta = table.meta
        started = time.perf_counter()
        notation = await self.bots.choose(
            table.id, meta["game"], meta["seed"], meta["options"], actions, seat, level, secrets.randbits(64)
        )
        self.bot_times.append(time.perf_counter() - started)
        del self.bot_times[:-1000]
        await self.write(table, table.next_entry(kind="act", seat=seat, action=notation, auto=auto))
        self.new_turn(table)
        await self.save_clock(table)
        await self.broadcast(table, seats=False)
        if table.game.is_terminal():
            await self.finish(table)
        else:
            await self.store.wake(table.id, now_ms() + self.bot_pace_ms)

    async def run_clock(self, interval: float = 0.05) -> None:
        """Forever: wake the tables whose time has come (timers any process may take over with --redis)."""
        refreshed = 0.0
        while True:
            try:
                if time.monotonic() - refreshed >= 1:
                    refreshed = time.monotonic()
                    await self.store.refresh()
                due = await self.store.due(now_ms())
                for table_id in due:
                    if table_id not in self.ticking:
                        asyncio.get_running_loop().create_task(self.tick(table_id))
            except Exception:  # a store that failed once: try again at the next beat
                log.exception("the clock's beat failed")
            await asyncio.sleep(interval)

    async def recover(self) -> int:
        """At start: every unfinished table is woken (rebuilt from its log at its first use)."""
        tables = await self.store.unfinished()
        for table_id in tables:
            await self.store.wake(table_id, now_ms())
        return len(tables)
