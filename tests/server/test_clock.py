"""Time and absence on the server's clock: a seat out of time, or away, is played by the bot (``auto``), and a
rejoin gives it back at once with what it missed."""

from __future__ import annotations

import asyncio
import time

from .conftest import GRACE
from .support import Player, run
from .test_protocol import two_seats


def test_a_seat_out_of_time_has_its_turn_played_by_the_bot(server):
    async def main():
        a, b, _ = await two_seats(server.url, {"timer": 1})
        mover = a if a.state["current"] == a.seat else b
        started = mover.state["version"]
        deadline = mover.state["deadline"]
        # Nobody moves: the timer runs out and the server's bot plays the seat's turn.
        await mover.wait(lambda s: any(e.get("auto") and e["seat"] == mover.seat for e in s["events"]), timeout=10)
        late = time.time() * 1000
        missed = (await mover.rejoin(started))["missed"]
        await a.close()
        await b.close()
        return mover, deadline, late, missed

    mover, deadline, late, missed = run(main())
    assert deadline is not None and deadline - 1500 < time.time() * 1000
    assert late >= deadline
    auto = [item for item in missed if item.get("auto")]
    assert auto and auto[0]["seat"] == mover.seat


def test_an_absent_seat_is_played_by_the_bot_until_it_rejoins(server):
    async def main():
        a, b, created = await two_seats(server.url)
        if a.state["current"] != a.seat:  # let a move first, so that the absent seat is b, to move next
            a, b = b, a
        last_seen = b.state["version"]
        await b.close()  # b's connection drops
        watcher = a
        await watcher.wait(lambda s: s is not None, timeout=5)
        away = None
        # a plays its own turns; b's are played by the bot after the grace.
        deadline = time.monotonic() + 20
        autos = 0
        while autos < 2 and time.monotonic() < deadline:
            if watcher.table and any(seat["kind"] == "away" for seat in watcher.table["seats"]):
                away = watcher.table
            state = watcher.state
            if state["current"] == watcher.seat and state["legal"]:
                await watcher.act(state["legal"][0])
            autos = sum(1 for e in watcher.state["events"] if e.get("auto") and e["seat"] == b.seat)
            await asyncio.sleep(0.05)
        back = await Player(server.url).connect()
        back.table_id, back.token = created["table"], b.token
        rejoined = await back.rejoin(last_seen)
        await back.wait(lambda s: True)
        await asyncio.sleep(GRACE / 1000 * 1.5)  # longer than the grace: the seat is its human's again, no bot plays
        state_after = back.state
        seats_after = watcher.table["seats"]
        await watcher.close()
        await back.close()
        return b.seat, away, rejoined, state_after, seats_after, autos

    seat, away, rejoined, state_after, seats_after, autos = run(main())
    assert autos >= 2
    assert away is not None and away["seats"][seat]["kind"] == "away"
    assert rejoined["seat"] == seat
    played_for_me = [item for item in rejoined["missed"] if item["kind"] == "act" and item["seat"] == seat]
    assert played_for_me and all(item["auto"] for item in played_for_me)
    assert seats_after[seat]["kind"] == "human"
    # Back at its seat: if it is its turn, it waits for its human (no bot move since the rejoin).
    if state_after["current"] == seat:
        assert state_after["legal"]
        assert state_after["version"] == rejoined["state"]["version"]
