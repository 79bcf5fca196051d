"""Failing parts under two server processes on one Redis: ``redis-server`` killed and started again mid-game (the
tables play on, and a seat whose process was cut off from Redis while a move was broadcast still gets it), then
started again without its data (every player is told ``lost``, and a command is answered ``table-lost``); then a
process stopped with SIGTERM, which hands its tables over at once (another process carries them on well before
their leases would have run out) and closes its clients' connections for them to come back elsewhere."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from .conftest import need_redis
from .support import Player, RedisProcess, ServerProcess, run


@pytest.fixture
def durable_redis(tmp_path):
    """A redis-server that writes its append-only file at every command."""
    need_redis()
    process = RedisProcess(tmp_path, persist=True)
    yield process
    if process.process.poll() is None:
        process.stop()


async def acted(player: Player, timeout: float = 15) -> int:
    """The seat's first legal move, sent again (same id) while the store is unavailable; its version."""
    command_id = f"m{time.monotonic_ns()}"
    version = player.state["version"]
    deadline = time.monotonic() + timeout
    while True:
        answer = await player.act(player.state["legal"][0], version=version, command_id=command_id)
        if answer["ok"]:
            return answer["result"]["version"]
        assert answer["error"]["code"] == "unavailable", answer
        assert time.monotonic() < deadline, answer
        await asyncio.sleep(0.2)


def mover(players: list[Player]) -> tuple[Player, Player]:
    latest = max((p.state for p in players), key=lambda s: s["version"])
    one, other = players
    return (one, other) if latest["current"] == one.seat else (other, one)


def test_redis_restarted_mid_game_then_back_empty_then_a_process_stopped_with_sigterm(site, durable_redis):
    """One pair of processes for the three (starting them is most of such a test's time)."""
    one = ServerProcess(site, redis=durable_redis.url)
    two = ServerProcess(site, redis=durable_redis.url)
    try:

        async def main():
            a, b = await Player(one.url).connect(), await Player(two.url).connect()
            created = await a.create("sniff", ["human", "human"], {"pause": 0})
            await b.join(created["table"], created["invite"])
            for player in (a, b):
                await player.wait(lambda s: s["status"] == "playing" and s["current"] is not None)
            # Up to the creator's turn: its move is broadcast by its process, the table's, to the other one's.
            while mover([a, b])[0] is b:
                await b.wait(lambda s: bool(s["legal"]))
                version = await acted(b)
                await a.wait(lambda s, version=version: s["version"] >= version)
            # Redis is killed and comes back 1.5 s later with its data. The next two moves reach the other seat,
            # whether its process listens to Socket.IO's channel again by then or not: the first is the creator's,
            # broadcast from the first process to the second; the next whoever's turn it is then (a draw keeps it).
            durable_redis.restart(down=1.5)
            back = time.monotonic()
            reached = []
            for first in (True, False):
                player, other = (a, b) if first else mover([a, b])
                await player.wait(lambda s: bool(s["legal"]))
                version = await acted(player)
                await other.wait(lambda s, version=version: s["version"] >= version, timeout=8)
                reached.append(round(time.monotonic() - back, 2))
            # Now Redis comes back without its data: each player is told by its own process.
            durable_redis.restart(empty=True)
            emptied = time.monotonic()
            for player in (a, b):
                deadline = time.monotonic() + 8
                while not any(kind == "lost" for kind, _ in player.messages):
                    assert time.monotonic() < deadline, "a player was never told its table was lost"
                    await asyncio.sleep(0.05)
            told = time.monotonic() - emptied
            answers = [await player.act("pass") for player in (a, b)]
            lost = [data for player in (a, b) for kind, data in player.messages if kind == "lost"]
            # A new table, the first process's (its creator is connected there), its other seat on the second;
            # the first process is stopped with SIGTERM.
            for player in (a, b):
                await player.close()
            a, b = await Player(one.url).connect(), await Player(two.url).connect()
            created_again = await a.create("sniff", ["human", "human"], {"pause": 0})
            await b.join(created_again["table"], created_again["invite"])
            for player in (a, b):
                await player.wait(lambda s: s["status"] == "playing")
            dropped = asyncio.Event()
            a.sio.on("disconnect", lambda *_: dropped.set())
            one.process.send_signal(signal.SIGTERM)
            stopped = time.monotonic()
            await asyncio.wait_for(dropped.wait(), 5)  # its connection is closed: come back elsewhere
            closed = time.monotonic() - stopped
            rebuilt = f"table {created_again['table']} rebuilt from its log"
            while rebuilt not in two.output:
                assert time.monotonic() < stopped + 10, "the table was never carried on"
                await asyncio.sleep(0.02)
            adopted = time.monotonic() - stopped
            # The creator comes back on the second process and plays on.
            again = await Player(two.url).connect()
            again.table_id, again.token, again.seat = created_again["table"], a.token, a.seat
            await again.rejoin(a.state["version"])
            player, _ = mover([again, b])
            await player.wait(lambda s: bool(s["legal"]))
            moved = await player.act(player.state["legal"][0])
            for player in (again, b):
                await player.close()
            return created, reached, told, answers, lost, (closed, adopted, moved)

        created, reached, told, answers, lost, (closed, adopted, moved) = run(main())
        code = one.process.wait(15)
    finally:
        one.stop()
        two.stop()
    print(f"moves after the restart reached the other seat at {reached} s; the loss was told after {told:.2f} s")
    print(f"SIGTERM: connection closed after {closed:.2f} s, table carried on by the other one after {adopted:.2f} s")
    assert all(data == {**data, "table": created["table"], "code": "table-lost"} for data in lost) and len(lost) == 2
    assert [answer["error"]["code"] for answer in answers] == ["table-lost", "table-lost"]
    assert "came back without its data" in one.output and "came back without its data" in two.output
    # SIGTERM: the tables were handed over, and the process went all the way through its stop.
    assert code in (0, -signal.SIGTERM)  # uvicorn raises the signal again once it has stopped
    assert "tables handed over" in one.output and '"message":"stopped"' in one.output
    assert moved["ok"], moved
    # Its lease was given up: taken at the other process's next beat (1 s), not when it would have run out (3 s).
    assert adopted < 2.5, adopted
