"""Around the table, from real clients to a real server: public tables in the lobby, an open seat a visitor
takes over from its bot, phrases (never free text), a rematch for two seats, and a finished game's record by
link. (Spectators over whole games of both games: ``test_games.py``.)"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

from .support import Player, play_out, run
from .test_games import okey_pick
from .test_protocol import error_of

OPEN_SEAT = {"seat": 1, "kind": "bot", "level": "greedy", "taken": False, "open": True}


def get(url: str) -> tuple[int, str, dict]:
    """A GET: its status, content type and JSON body."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["content-type"], json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers["content-type"], json.loads(error.read())


async def listed(client: Player, table_id: str, game: str = "sniff") -> dict:
    """The table's entry in the lobby (which may be a second old)."""
    for _ in range(40):
        tables = (await client.ok("tables", {"game": game}))["tables"]
        assert len(tables) <= 50
        entry = next((item for item in tables if item["table"] == table_id), None)
        if entry is not None:
            return entry
        await asyncio.sleep(0.1)
    raise AssertionError(f"table {table_id} is not in the lobby")


def test_a_public_open_table_starts_at_once_is_listed_and_a_visitor_takes_its_seat_over(server):
    async def main():
        ada = await Player(server.url).connect()
        data = {"game": "sniff", "options": {"pause": 0}, "seats": ["human", "open"], "lang": "en"}
        created = await ada.ok("create", {**data, "name": "Ada", "public": True})
        table = ada.table_id = created["table"]
        ada.token, ada.seat = created["token"], created["seat"]
        await ada.wait(lambda state: state["status"] == "playing")  # at once: a bot holds the open seat
        assert ada.table["public"] is True and ada.table["seats"][1] == OPEN_SEAT

        lobby = await Player(server.url).connect()
        entry = await listed(lobby, table)
        assert entry["game"] == "sniff" and entry["status"] == "playing" and entry["options"]["pause"] == 0
        assert entry["seats"][0]["name"] == "Ada" and entry["seats"][1] == OPEN_SEAT
        okey = (await lobby.ok("tables", {"game": "okey"}))["tables"]
        assert table not in {item["table"] for item in okey}
        assert error_of(await lobby.call("tables", {"game": "chess"})) == "bad-request"

        # Anyone watches a public table, no invite needed; the seats see how many watch.
        spectator = await Player(server.url).connect()
        watched = await spectator.watch(table)
        assert watched["state"]["seat"] is None and watched["state"]["hand"] == [] and watched["state"]["legal"] == []
        assert watched["table"]["watchers"] == 1
        await ada.until(lambda player: player.table["watchers"] == 1)

        # A visitor joins without an invite and takes the open seat over at once: its moves are its own.
        bo = await Player(server.url).connect()
        joined = await bo.ok("join", {"table": table, "lang": "en", "name": "Bo"})
        bo.table_id, bo.token, bo.seat = table, joined["token"], joined["seat"]
        assert bo.seat == 1
        seat = {"seat": 1, "kind": "human", "level": None, "taken": True, "name": "Bo", "open": True}
        await ada.until(lambda player: player.table["seats"][1] == seat)
        # Until Bo has moved: a seat that cannot play draws, and may draw again, so a few moves may all be Ada's.
        for _ in range(30):
            if any(kind == "answer" and m["ok"] and "version" in m["result"] for kind, m in bo.messages):
                break
            await play_out([ada, bo], moves=1)
        assert any(kind == "answer" and m["ok"] and "version" in m["result"] for kind, m in bo.messages)
        third = await Player(server.url, address="127.4.0.1").connect()  # its waiting tables count for it alone
        assert error_of(await third.call("join", {"table": table, "lang": "en"})) == "table-full"
        # A name that shows nothing is no name (blank fillers, combining marks alone); one too long is refused.
        for blank in ("\u3164", "\u2800\u2800", "\u0301" * 5, "   "):
            made = await third.ok("create", {**data, "seats": ["human", "human"], "name": blank})
            await third.until(lambda p, t=made["table"]: p.table["table"] == t)
            assert third.table["seats"][0]["name"] is None, blank
        assert error_of(await third.call("create", {**data, "name": "x" * 33})) == "bad-request"

        # Phrases: by id only, to every seat and spectator, rate-limited; never free text.
        await ada.ok("say", {"table": table, "token": ada.token, "phrase": "hello"})
        await spectator.ok("say", {"table": table, "phrase": "good-luck"})
        for player in (ada, bo, spectator):
            await player.until(
                lambda p: [(s["seat"], s["phrase"]) for s in p.said] == [(0, "hello"), (None, "good-luck")]
            )
        assert all(isinstance(said["at"], int) for said in spectator.said)
        refused = await ada.call("say", {"table": table, "token": ada.token, "phrase": "hi, I am at 5 Main St"})
        assert error_of(refused) == "bad-request" and refused["error"]["params"]["field"] == "phrase"
        assert "hello" in refused["error"]["params"]["allowed"]
        assert error_of(await third.call("say", {"table": table, "phrase": "hello"})) == "bad-token"  # not watching
        answers = [await ada.call("say", {"table": table, "token": ada.token, "phrase": "oops"}) for _ in range(3)]
        assert [answer["ok"] for answer in answers] == [True, True, False]
        assert answers[2]["error"]["code"] == "rate-limited"

        # The visitor leaves: the seat is open again, a bot holds it, and the next visitor may take it.
        await bo.ok("leave", {"table": table, "token": bo.token})
        await ada.until(lambda player: player.table["seats"][1] == OPEN_SEAT)
        assert error_of(await bo.call("say", {"table": table, "token": bo.token, "phrase": "bye"})) == "bad-token"
        assert (await third.ok("join", {"table": table, "lang": "en"}))["seat"] == 1

        # A private table: no watching or joining without its invite; no open seats.
        other = await Player(server.url, address="127.4.0.2").connect()
        private = await other.create("sniff", ["human", "human"], {"pause": 0})
        assert error_of(await third.call("watch", {"table": private["table"], "lang": "en"})) == "bad-invite"
        wrong = {"table": private["table"], "invite": "x" + private["invite"], "lang": "en"}
        assert error_of(await third.call("watch", wrong)) == "bad-invite"
        assert error_of(await third.call("join", {"table": private["table"], "lang": "en"})) == "bad-invite"
        assert error_of(await third.call("create", {**data, "public": False})) == "bad-request"
        assert error_of(await third.call("create", {**data, "public": "yes"})) == "bad-request"
        assert error_of(await third.call("watch", {"table": "nope", "lang": "en"})) == "unknown-table"
        for player in (ada, bo, spectator, lobby, third, other):
            await player.close()

    run(main())


def test_a_rematch_takes_two_seats_to_the_next_table_and_the_record_is_served_by_link(server):
    async def main():
        a, b = await Player(server.url).connect(), await Player(server.url).connect()
        created = await a.create("okey", ["human", "human", "bot:greedy", "bot:random"], {"pause": 0})
        await b.join(created["table"], created["invite"])
        await a.wait(lambda state: state["status"] == "playing")
        table = created["table"]
        playing = await asyncio.to_thread(get, f"{server.url}/tables/{table}/record")
        unknown = await asyncio.to_thread(get, f"{server.url}/tables/nosuchtable/record")
        early = await a.call("rematch", {"table": table, "token": a.token})
        final = await play_out([a, b], pick=okey_pick, timeout=60)
        for player in (a, b):
            await player.wait(lambda state: state["over"])
        record = await asyncio.to_thread(get, f"{server.url}/tables/{table}/record")

        old_token = b.token
        first = await a.rematch()
        await b.until(lambda player: player.table["table"] == table and player.table["next"] == first["table"])
        await a.wait(lambda state: state["status"] == "waiting")  # until the other seat comes too
        second = await b.rematch()
        again = await b.ok("rematch", {"table": table, "token": old_token})
        for player in (a, b):
            await player.wait(lambda state: state["status"] == "playing" and state["options"]["pause"] == 0)
        seats = a.table["seats"]
        for player in (a, b):
            await player.close()
        return playing, unknown, early, final, record, created, first, second, again, seats, a.state

    playing, unknown, early, final, record, created, first, second, again, seats, state = run(main())
    assert playing[0] == 404 and playing[2]["error"]["code"] == "no-record"
    assert unknown[0] == 404 and unknown[2]["error"]["code"] == "unknown-table"
    assert early["error"]["code"] == "illegal" and early["error"]["params"]["code"] == "rematch-playing"
    status, kind, body = record
    assert status == 200 and kind == "application/json" and body == final["record"]
    assert body["commitment"] == created["commitment"] and "seed" in body and "salt" in body
    # The next table: the same seats (each its own number), new tokens, a new deal and commitment.
    assert first["seat"] == 0 and second["seat"] == 1 and second["table"] == first["table"]
    assert again == second  # sent again: the same answer, nothing changed
    assert first["token"] != created["token"] and first["commitment"] != created["commitment"]
    assert [seat["kind"] for seat in seats] == ["human", "human", "bot", "bot"]
    assert [seat.get("level") for seat in seats[2:]] == ["greedy", "random"]
    assert state["game"] == "okey" and state["seat"] == 0 and not state["over"]
