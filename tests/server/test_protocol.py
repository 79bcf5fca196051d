"""Every error code of the protocol, from real clients to a real server; a hostile client leaves other tables be."""

from __future__ import annotations

import asyncio

from .support import Player, run


def error_of(answer: dict) -> str:
    assert answer["ok"] is False, answer
    assert set(answer["error"]) == {"code", "message", "params"}
    assert "Traceback" not in answer["error"]["message"]
    return answer["error"]["code"]


async def two_seats(url: str, options: dict | None = None) -> tuple[Player, Player, dict]:
    a, b = await Player(url).connect(), await Player(url).connect()
    created = await a.create("sniff", ["human", "human"], {"pause": 0, **(options or {})})
    await b.join(created["table"], created["invite"])
    await a.wait(lambda s: s["status"] == "playing")
    await b.wait(lambda s: s["status"] == "playing" and s["version"] == a.state["version"])
    return a, b, created


def test_bad_requests_are_refused_with_their_field(server):
    async def main():
        client = await Player(server.url).connect()
        codes = {}
        cases = {
            "no object": ("create", "okey"),
            "no game": ("create", {"options": {}, "seats": ["human"] * 4}),
            "unknown game": ("create", {"game": "chess", "options": {}, "seats": ["human"] * 2}),
            "game not a name": ("create", {"game": ["okey"], "options": {}, "seats": ["human"] * 4}),
            "options not an object": ("create", {"game": "okey", "options": [], "seats": ["human"] * 4}),
            "seats not a list": ("create", {"game": "okey", "options": {}, "seats": {"0": "human"}}),
            "since not a number": ("rejoin", {"table": "t", "token": "x", "since": True}),
            "id not a text": ("act", {"table": "t", "token": "x", "id": {"a": 1}, "version": 0, "action": "draw"}),
            "unknown option": ("create", {"game": "okey", "options": {"speed": 3}, "seats": ["human"] * 4}),
            "bad value": ("create", {"game": "okey", "options": {"rounds": 2}, "seats": ["human"] * 4}),
            "bad timer": ("create", {"game": "okey", "options": {"timer": -1}, "seats": ["human"] * 4}),
            "assisted is Okey's": ("create", {"game": "sniff", "options": {"assisted": True}, "seats": ["human"] * 2}),
            "options together": (
                "create",
                {"game": "sniff", "options": {"partnerships": True}, "seats": ["human"] * 4},
            ),
            "players and seats": ("create", {"game": "sniff", "options": {"players": 3}, "seats": ["human"] * 2}),
            "okey has four seats": ("create", {"game": "okey", "options": {}, "seats": ["human"] * 3}),
            "bad seat": ("create", {"game": "okey", "options": {}, "seats": ["human", "bot:genius", "human", "human"]}),
            "no human": ("create", {"game": "sniff", "options": {}, "seats": ["bot:random", "bot:random"]}),
            "bad lang": ("create", {"game": "sniff", "options": {}, "seats": ["human", "human"], "lang": "xx"}),
            "no token": ("act", {"table": "t", "id": "1", "version": 0, "action": "draw"}),
            "bad version": ("act", {"table": "t", "token": "x", "id": "1", "version": "0", "action": "draw"}),
            "unknown event": ("shuffle", {"table": "t"}),
        }
        for name, (event, data) in cases.items():
            codes[name] = error_of(await client.call(event, data))
        await client.close()
        return codes

    codes = run(main())
    assert codes == dict.fromkeys(codes, "bad-request")
    assert "Traceback" not in server.output  # each refused as a request, none by the catch-all


def test_each_refusal_has_its_code_and_changes_nothing(server):
    async def main():
        a, b, created = await two_seats(server.url)
        table = created["table"]
        version = a.state["version"]
        mover, waiter = (a, b) if a.state["current"] == a.seat else (b, a)
        got = {}
        got["too-large"] = error_of(await a.call("rejoin", {"table": table, "token": a.token, "pad": "x" * 70_000}))
        got["unknown-table"] = error_of(await a.call("rejoin", {"table": "no-such-table", "token": a.token}))
        got["bad-invite"] = error_of(await a.call("join", {"table": table, "invite": "guess", "lang": "en"}))
        got["table-full"] = error_of(await a.call("join", {"table": table, "invite": created["invite"]}))
        forged = {"table": table, "token": "A" * 32, "id": "f1", "version": version, "action": mover.state["legal"][0]}
        got["bad-token"] = error_of(await a.call("act", forged))
        got["not-your-turn"] = error_of(await waiter.act(mover.state["legal"][0]))
        answer = await mover.act("9|9 on 1|1 low")
        got["illegal"] = error_of(answer)
        assert answer["error"]["params"]["code"]  # the engine's own code comes along
        got["stale"] = error_of(await mover.act(mover.state["legal"][0], version=version - 1))
        # Nothing above changed the table.
        assert (await a.rejoin(version))["missed"] == []
        assert a.state["version"] == version
        # A command sent twice (a retry) is answered again and applied once; its id with another action is refused.
        action = mover.state["legal"][0]
        first = await mover.act(action, command_id="same")
        again = await mover.act(action, version=version, command_id="same")
        assert first["ok"] and again["ok"] and again["result"]["version"] == first["result"]["version"] == version + 1
        assert again["result"].get("repeated") is True
        assert (await a.rejoin(version))["missed"][-1]["version"] == version + 1
        assert a.state["version"] == version + 1
        other = await mover.act("draw", version=version, command_id="same")
        got["id reused"] = error_of(other)
        await a.close()
        await b.close()
        return got

    got = run(main())
    assert got == {
        "too-large": "too-large",
        "unknown-table": "unknown-table",
        "bad-invite": "bad-invite",
        "table-full": "table-full",
        "bad-token": "bad-token",
        "not-your-turn": "not-your-turn",
        "illegal": "illegal",
        "stale": "stale",
        "id reused": "bad-request",
    }


def test_a_left_seat_is_played_by_a_bot_to_the_end_and_then_acts_are_over(server):
    async def main():
        human = await Player(server.url).connect()
        created = await human.create("sniff", ["human", "bot:random"], {"pause": 0})
        await human.wait(lambda s: s["status"] == "playing")
        assert await human.ok("leave", {"table": created["table"], "token": human.token}) == {}
        # Both seats are bots now: the game runs to its end by itself; a new connection watches it with the token.
        watcher = await Player(server.url).connect()
        watcher.table_id, watcher.token = created["table"], human.token
        refused = error_of(await watcher.call("rejoin", {"table": created["table"], "token": human.token}))
        deadline = asyncio.get_running_loop().time() + 30
        while True:
            answer = await watcher.act("draw", version=0)
            if answer["error"]["code"] == "over":
                break
            assert answer["error"]["code"] == "bad-token"
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.2)
        final = await watcher.rejoin(0)
        await human.close()
        await watcher.close()
        return refused, final

    refused, final = run(main())
    assert refused == "bad-token"  # a seat left is the bot's until the end
    assert final["state"]["over"] and final["state"]["record"]["winner"] is not None
    assert any(item.get("auto") for item in final["missed"] if item["kind"] == "act" and item["seat"] == 0)


def test_the_creator_starts_the_table_and_the_seats_nobody_took_go_to_bots(server):
    async def main():
        creator, other = await Player(server.url).connect(), await Player(server.url).connect()
        created = await creator.create("okey", ["human", "human", "human", "bot:greedy"], {})
        await other.join(created["table"], created["invite"])
        await creator.wait(lambda s: s["version"] == 1)
        start = {"table": created["table"], "id": "s1"}
        refused = {
            "not the creator": error_of(await other.call("start", {**start, "token": other.token})),
            "no such bot": error_of(await creator.call("start", {**start, "token": creator.token, "level": "god"})),
            "no token": error_of(await creator.call("start", {"table": created["table"], "id": "s1"})),
        }
        given = await creator.ok("start", {**start, "token": creator.token, "level": "strong"})
        again = await creator.ok("start", {**start, "token": creator.token, "level": "strong"})
        refused["started"] = error_of(await creator.call("start", {**start, "id": "s2", "token": creator.token}))
        await creator.wait(lambda s: s["status"] == "playing")
        await creator.wait(lambda s: creator.table["status"] == "playing")
        seats = creator.table["seats"]
        missed = (await creator.rejoin(0))["missed"]
        await creator.close()
        await other.close()
        return refused, given, again, seats, missed

    refused, given, again, seats, missed = run(main())
    assert refused == {
        "not the creator": "illegal",
        "no such bot": "bad-request",
        "no token": "bad-request",
        "started": "illegal",
    }
    # One change gives every free seat to a bot and starts the game; sent again with its id, it is not applied twice.
    assert given["version"] == 2 and given["state"]["status"] == "playing"
    assert again["version"] == 2 and again["repeated"] is True
    assert [seat["kind"] for seat in seats] == ["human", "human", "bot", "bot"]
    assert seats[2]["level"] == "strong" and seats[3]["level"] == "greedy"
    assert [(item["kind"], item["seat"]) for item in missed[:2]] == [("join", 1), ("start", 0)]


def test_a_flood_is_rate_limited_then_disconnected_and_other_tables_go_on(server):
    async def main():
        a, b, _ = await two_seats(server.url)
        flooder = await Player(server.url).connect()
        bogus = {"table": "t", "token": "x" * 30}
        calls = (flooder.call("rejoin", bogus, timeout=3) for _ in range(300))
        answers = await asyncio.gather(*calls, return_exceptions=True)
        # Once cut off, the rest of the flood is never answered.
        codes = [answer["error"]["code"] for answer in answers if isinstance(answer, dict)]
        for _ in range(40):  # the server closes the connection's namespace: the client hears of it
            if "/" not in flooder.sio.namespaces:
                break
            await asyncio.sleep(0.05)
        cut = "/" not in flooder.sio.namespaces
        # The other table plays on.
        mover = a if a.state["current"] == a.seat else b
        played = await mover.act(mover.state["legal"][0])
        await a.close()
        await b.close()
        await flooder.close()
        return codes, cut, played

    codes, cut, played = run(main())
    assert "unknown-table" in codes and "rate-limited" in codes
    assert cut
    assert played["ok"]


def test_seats_carry_the_names_typed_and_states_the_finished_hands(server):
    """A name typed at create or join is every seat's to see in the table event (a bad one is refused); once a
    hand ends, every state carries the finished hands' record (without the seed) for the page's board."""

    async def main():
        a, b = await Player(server.url).connect(), await Player(server.url).connect()
        data = {"game": "sniff", "options": {"pause": 0}, "seats": ["human", "human"], "lang": "en"}
        too_long = error_of(await a.call("create", data | {"name": "x" * 33}))
        created = await a.ok("create", data | {"name": " Ada "})
        a.table_id, a.token, a.seat = created["table"], created["token"], created["seat"]
        joined = await b.ok("join", {"table": created["table"], "invite": created["invite"], "name": "Bea"})
        b.table_id, b.token, b.seat = created["table"], joined["token"], joined["seat"]
        await a.wait(lambda s: s["status"] == "playing")
        await a.wait(lambda s: a.table and all(seat.get("taken") for seat in a.table["seats"]))
        names = [seat.get("name") for seat in a.table["seats"]]
        before = a.state.get("parts")
        while a.state["board"]["part"] == 1 and not a.state["over"]:
            player = a if a.state["current"] == a.seat else b
            seat = player.seat
            await player.wait(lambda s, seat=seat: s["current"] == seat and s["legal"])
            assert (await player.act(player.state["legal"][0]))["ok"]
            version = player.state["version"]
            await a.wait(lambda s, version=version: s["version"] >= version)
        parts = a.state.get("parts") or a.state.get("record")
        await a.close()
        await b.close()
        return too_long, names, before, parts

    too_long, names, before, parts = run(main())
    assert too_long == "bad-request"
    assert names == ["Ada", "Bea"]
    assert before is None
    assert parts["hands"][0]["end"] is not None
    assert "seed" not in parts or parts.get("winner") is not None
