"""What the service keeps of a table once nobody uses it: the table service itself, in this process, on a real
SQLite store (no Socket.IO: ``emit`` keeps what it is given). A long-running server creates tables all day; a
table's locks live while a command holds or awaits them, not for ever."""

from __future__ import annotations

import asyncio
import gc

from server.service import Service
from server.store import SqliteStore

from .support import run

SEATS = ["human", "bot:random", "bot:random", "bot:random"]


def test_a_tables_locks_live_while_its_commands_hold_or_await_them_only(tmp_path):
    sent: list[str] = []

    async def emit(event, data, room=None):
        sent.append(event)

    async def play() -> None:
        store = SqliteStore(tmp_path / "tables.sqlite3")
        service = Service(store, emit, bot_pace_ms=0, bot_workers=1)
        try:
            tables = [(await service.create("okey", {"pause": 0}, SEATS, "en"))[1] for _ in range(20)]
            first = tables[0].id
            order = []

            async def command(name: str) -> None:
                async with service.locked(first):
                    order.append(f"{name} in")
                    await asyncio.sleep(0.01)
                    order.append(f"{name} out")

            # Two commands on one table at once: the second waits for the lock the first holds, the same lock.
            both = asyncio.gather(command("a"), command("b"))
            await asyncio.sleep(0)
            assert list(service.locks) == [first] and list(store.locks) == [first]
            await both
            assert order == ["a in", "a out", "b in", "b out"]
            gc.collect()
            assert len(service.locks) == 0 and len(store.locks) == 0, (list(service.locks), list(store.locks))
        finally:
            service.bots.shutdown()
            await store.close()

    run(play())
    assert sent.count("state") >= 20
