"""Several server processes on one Redis: clients of one table on two processes, the process that owns the table
killed with SIGKILL, the game finished on the other. The table goes over at once when a command finds nobody
listening for it; another table, which nobody sends a command to, is adopted when its lease runs out, and its timer
carries on."""

from __future__ import annotations

import asyncio
import time

from .conftest import QUICK
from .support import Player, ServerProcess, play_out, run
from .test_around import get
from .test_games import okey_pick


def test_two_processes_one_killed_and_the_game_finished_on_the_other(site, redis_server):
    one = ServerProcess(site, redis=redis_server.url, options=QUICK)
    two = ServerProcess(site, redis=redis_server.url, options=QUICK)
    try:

        async def main():
            # Seats 0 and 1 on the first process, 2 and 3 on the second.
            first = [await Player(one.url).connect(), await Player(one.url).connect()]
            second = [await Player(two.url).connect(), await Player(two.url).connect()]
            created = await first[0].create("okey", ["human"] * 4, {"pause": 0})
            for player in (first[1], *second):
                await player.join(created["table"], created["invite"])
            # A spectator on the second process, of the table the first owns.
            spectator = await Player(two.url).connect()
            await spectator.watch(created["table"], created["invite"])
            # Another table, owned by the first process too, whose seats never move: its timer plays them.
            timed = [await Player(one.url).connect(), await Player(two.url).connect()]
            made = await timed[0].create("sniff", ["human", "human"], {"pause": 0, "timer": 1})
            await timed[1].join(made["table"], made["invite"])
            players = first + second
            for player in players:
                await player.wait(lambda s: s["status"] == "playing")
            # Moves made on either process reach every seat (through Redis).
            await play_out(players, pick=okey_pick, moves=12, timeout=30)
            version = max(player.state["version"] for player in players)
            for player in (*players, spectator):
                await player.wait(lambda s, version=version: s["version"] >= version)
            await first[0].ok("say", {"table": created["table"], "token": first[0].token, "phrase": "good-luck"})
            await spectator.until(lambda p: [said["phrase"] for said in p.said] == ["good-luck"])
            one.kill()
            killed = time.monotonic()
            for player in (*first, timed[0]):
                await player.close()
            # Their clients come back on the second process with their tokens and carry on.
            moved = []
            for player in first:
                back = await Player(two.url).connect()
                back.table_id, back.token, back.seat = created["table"], player.token, player.seat
                rejoined = await back.rejoin(version)
                assert rejoined["state"]["version"] >= version
                moved.append(back)
            final = await play_out(moved + second, pick=okey_pick, timeout=60)
            # Nobody sends the timed table a command: the second process adopts it once its lease ran out, and
            # the seat connected there is told the moves its timer makes the bots play.
            rebuilt = f"table {made['table']} rebuilt from its log"
            while rebuilt not in two.output:
                assert time.monotonic() < killed + 15, "the timed table was never adopted"
                await asyncio.sleep(0.05)
            adopted = time.monotonic() - killed
            seen = timed[1].state["version"]
            await timed[1].wait(lambda s: s["version"] > seen, timeout=10)
            await timed[1].close()
            # The new owner knows the spectator (its presence is in Redis): it was sent the game to its end.
            await spectator.wait(lambda s: s["over"])
            record = await asyncio.to_thread(get, f"{two.url}/tables/{created['table']}/record")
            await spectator.close()
            for player in moved + second:
                await player.close()
            return final, created, made, adopted, record

        final, created, made, adopted, record = run(main())
    finally:
        one.stop()
        two.stop()
    assert final["over"]
    assert record[0] == 200 and record[2] == final["record"]  # by link, from the process that did not own it
    assert final["record"]["commitment"] == created["commitment"]
    assert f"table {created['table']}: its process" in two.output  # taken over at the rejoin
    assert f"table {made['table']}: its process" not in two.output  # adopted, not taken over by a command
    assert 2 < adopted < 6, adopted  # when its lease ran out (3 s), at the next beat
