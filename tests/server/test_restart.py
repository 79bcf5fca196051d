"""Nothing lost: a server killed with SIGKILL in the middle of games and started again on the same SQLite file
carries on every table from its last written action (a pause between hands included); its clients rejoin with
their tokens. Its bots' workers end with it.

One kill and one restart serve three tables, since starting a server is most of such a test's time."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from .support import Player, ServerProcess, play_out, run
from .test_games import seated
from .test_pause import check_held, play_until
from .test_protocol import two_seats


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


def alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if Path(f"/proc/{pid}").exists()}


async def back(url: str, table_id: str, token: str, seat: int) -> Player:
    player = await Player(url).connect()
    player.table_id, player.token, player.seat = table_id, token, seat
    return player


def test_sigkill_mid_game_and_mid_pause_then_restart_on_the_same_sqlite_file(site, tmp_path):
    db = tmp_path / "tables.sqlite3"
    first = ServerProcess(site, db=db)
    try:

        async def before():
            # A table whose seats are both bots' (its human left): their moves are chosen in the workers.
            human = await Player(first.url).connect()
            await human.create("sniff", ["human", "bot:random"], {"pause": 0})
            await human.wait(lambda s: s["status"] == "playing")
            await human.ok("leave", {"table": human.table_id, "token": human.token})
            await human.close()
            # A table in the middle of a game: 12 answered moves.
            a, b, mid = await two_seats(first.url)
            acked = 0
            for _ in range(12):
                mover = a if a.state["current"] == a.seat else b
                await mover.wait(lambda s, acked=acked: s["legal"] and s["version"] >= acked)
                answer = await mover.act(mover.state["legal"][0])
                assert answer["ok"], answer
                acked = answer["result"]["version"]
            # A table whose first hand just ended: its pause has begun.
            pausing, paused = await seated(first.url, "sniff", 2, {"pause": 4})
            ended = await play_until(pausing, lambda s: s["pause"] is not None)
            for player in pausing:
                await player.wait(lambda s: s["version"] == ended["version"])
            held = {player.seat: player.state for player in pausing}
            deadline = time.monotonic() + 10
            while not children(first.process.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            workers = children(first.process.pid)
            # One more move sent, and the server killed while it may be in flight: it is either written or not.
            mover = a if a.state["current"] == a.seat else b
            in_flight = asyncio.ensure_future(mover.act(mover.state["legal"][0]))
            await asyncio.sleep(0.002)
            first.kill()
            await asyncio.wait([in_flight], timeout=0.5)  # an answer may have come before the kill; no more will
            in_flight.cancel()
            for player in (a, b, *pausing):
                await player.close()
            seats = [(p.token, p.seat) for p in (a, b)], [(p.token, p.seat) for p in pausing]
            return seats, mid, acked, paused, ended, held, workers

        seats, mid, acked, paused, ended, held, workers = run(before())
    finally:
        first.stop()
    # The bots' workers did not outlive their server.
    assert workers, "no bot worker started"
    deadline = time.monotonic() + 10
    while alive(workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(workers), "a bot worker outlived its server"

    second = ServerProcess(site, db=db)
    try:

        async def after():
            mid_players, pause_players = [], []
            for token, seat in seats[0]:
                player = await back(second.url, mid["table"], token, seat)
                mid_players.append((player, await player.rejoin(acked)))
            for token, seat in seats[1]:
                player = await back(second.url, paused["table"], token, seat)
                pause_players.append((player, (await player.rejoin(ended["version"]))["state"]))
            dealt = await pause_players[0][0].wait(lambda s: s["version"] > ended["version"], timeout=10)
            arrived = time.time() * 1000
            final = await play_out([player for player, _ in mid_players], timeout=30, moves=20)
            for player, *_ in (*mid_players, *pause_players):
                await player.close()
            return mid_players, final, pause_players, dealt, arrived

        mid_players, final, pause_players, dealt, arrived = run(after())
    finally:
        second.stop()
    for _, rejoined in mid_players:
        state = rejoined["state"]
        assert state["version"] in (acked, acked + 1)  # every answered action was written; at most one more
        assert len(rejoined["missed"]) == state["version"] - acked
    # The table plays on from there, every seat's state agreeing.
    assert final["version"] >= mid_players[0][1]["state"]["version"] + 20
    # The pause goes on where it was (or, if it ended while the server was down, the next hand was dealt).
    for _, state in pause_players:
        if state["version"] == ended["version"]:
            # Its pause's end may have passed by the time the answer arrives: the next hand is dealt at the table's
            # next wake-up, after that end (``arrived`` below), not before the answer (measured: 18 ms late once).
            check_held(state, "part", "deductions", ended["version"], None)
            assert state == held[state["seat"]]  # the very state the seat saw before the kill, its pause too
        else:
            assert state["version"] == ended["version"] + 1 and state["board"]["part"] == 2
    assert arrived >= ended["pause"]
    assert dealt["version"] == ended["version"] + 1 and dealt["board"]["part"] == 2 and dealt["current"] is not None
