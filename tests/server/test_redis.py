"""Several server processes on one Redis: clients of one table on two processes, one process killed with
SIGKILL, the game finished on the other."""

from __future__ import annotations

from .support import Player, ServerProcess, play_out, run
from .test_games import okey_pick


def test_two_processes_one_killed_and_the_game_finished_on_the_other(site, redis_server):
    one = ServerProcess(site, redis=redis_server.url)
    two = ServerProcess(site, redis=redis_server.url)
    try:

        async def main():
            # Seats 0 and 1 on the first process, 2 and 3 on the second.
            first = [await Player(one.url).connect(), await Player(one.url).connect()]
            second = [await Player(two.url).connect(), await Player(two.url).connect()]
            created = await first[0].create("okey", ["human"] * 4, {"pause": 0})
            for player in (first[1], *second):
                await player.join(created["table"], created["invite"])
            players = first + second
            for player in players:
                await player.wait(lambda s: s["status"] == "playing")
            # Moves made on either process reach every seat (through Redis).
            await play_out(players, pick=okey_pick, moves=12, timeout=30)
            version = max(player.state["version"] for player in players)
            for player in players:
                await player.wait(lambda s, version=version: s["version"] >= version)
            one.kill()
            for player in first:
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
            for player in moved + second:
                await player.close()
            return final, created

        final, created = run(main())
    finally:
        one.stop()
        two.stop()
    assert final["over"]
    assert final["record"]["commitment"] == created["commitment"]
