"""Nothing lost: a server killed with SIGKILL in the middle of a game and started again on the same SQLite file
carries on every table from its last written action; its clients rejoin with their tokens."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from .support import Player, ServerProcess, play_out
from .test_protocol import two_seats


def test_sigkill_mid_game_then_restart_on_the_same_sqlite_file(site, tmp_path):
    db = tmp_path / "tables.sqlite3"
    first = ServerProcess(site, db=db)
    try:

        async def before():
            a, b, created = await two_seats(first.url)
            acked = 0
            for _ in range(12):
                mover = a if a.state["current"] == a.seat else b
                await mover.wait(lambda s, acked=acked: s["legal"] and s["version"] >= acked)
                answer = await mover.act(mover.state["legal"][0])
                assert answer["ok"], answer
                acked = answer["result"]["version"]
            # One more sent, and the server killed while it may be in flight: it is either written or not at all.
            mover = a if a.state["current"] == a.seat else b
            in_flight = asyncio.ensure_future(mover.act(mover.state["legal"][0]))
            await asyncio.sleep(0.002)
            first.kill()
            await asyncio.wait([in_flight], timeout=0.5)  # an answer may have come before the kill; no more will
            in_flight.cancel()
            await a.close()
            await b.close()
            return a.token, b.token, a.seat, b.seat, created, acked

        token_a, token_b, seat_a, seat_b, created, acked = asyncio.run(before())
    finally:
        first.stop()

    second = ServerProcess(site, db=db)
    try:

        async def after():
            players = []
            for token, seat in ((token_a, seat_a), (token_b, seat_b)):
                player = await Player(second.url).connect()
                player.table_id, player.token, player.seat = created["table"], token, seat
                rejoined = await player.rejoin(acked)
                players.append((player, rejoined))
            final = await play_out([player for player, _ in players], timeout=30, moves=20)
            for player, _ in players:
                await player.close()
            return players, final

        players, final = asyncio.run(after())
    finally:
        second.stop()
    for _, rejoined in players:
        state = rejoined["state"]
        assert state["version"] in (acked, acked + 1)  # every answered action was written; at most one more
        assert len(rejoined["missed"]) == state["version"] - acked
    # The table plays on from there, every seat's state agreeing.
    assert final["version"] >= players[0][1]["state"]["version"] + 20


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def test_the_bots_workers_end_with_a_server_killed_with_sigkill(site, tmp_path):
    server = ServerProcess(site, db=tmp_path / "tables.sqlite3")
    try:

        async def main():
            human = await Player(server.url).connect()
            await human.create("sniff", ["human", "bot:random"], {"pause": 0})
            # The human leaves: both seats are the bots', whose moves are chosen in the workers.
            await human.wait(lambda s: s["status"] == "playing")
            await human.ok("leave", {"table": human.table_id, "token": human.token})
            await human.close()

        asyncio.run(main())
        deadline = time.monotonic() + 20
        while len(children(server.process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children(server.process.pid)
        assert workers, "no bot worker started"
        server.kill()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "a bot worker outlived its server"
    finally:
        server.stop()
