"""The breaks of the hostile-user report (../shared/reviews/attack-3.md), each tried again against a real server
process with small limits: raw Engine.IO frames and raw sockets from other loopback addresses (127.0.0.2 and up:
another client to the server), while a player at 127.0.0.1 goes on unharmed."""

from __future__ import annotations

import asyncio
import json
import select
import socket
import sqlite3
import time
import urllib.error
import urllib.request

import pytest
import websockets

from server.app import allowed_origins

from .support import Player, ServerProcess, run
from .test_host import sample
from .test_protocol import error_of, two_seats

#: Small limits, so that each break shows in a few packets: 6 connections per address, 20 in all, a request
#: within 1 s, 20 events at once per connection, closed after 10 refusals (an address whose connections are
#: closed twice is banned for 30 s), 2 waiting tables per address that wait 2.4 s, 5 new WebSockets at once per
#: address (then one each 10 s).
LIMITS = {
    "connections-per-address": 6,
    "connections": 20,
    "request-timeout": 1,
    "body-timeout": 1,
    "events-per-second": 10,
    "event-burst": 20,
    "strikes": 10,
    "ban-after": 2,
    "ban-seconds": 30,
    "waiting-tables": 2,
    "waiting-minutes": 0.04,
    "websocket-burst": 5,
    "websockets-per-minute": 6,
}


@pytest.fixture(scope="module")
def hostile(site, tmp_path_factory):
    options = [item for name, value in LIMITS.items() for item in (f"--{name}", str(value))]
    db = tmp_path_factory.mktemp("hostile") / "tables.sqlite3"
    process = ServerProcess(site, db=db, grace=300, options=(*options, "--min-timer", "5"))
    process.db = db
    yield process
    process.stop()


def address(url: str) -> tuple[str, int]:
    host, port = url.removeprefix("http://").split(":")
    return host, int(port)


async def engineio(url: str, source: str = "127.0.0.2", **options):
    """A WebSocket that speaks Engine.IO by hand, from ``source``, its namespace open."""
    ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    ws = await websockets.connect(ws_url, local_addr=(source, 0), **options)
    assert (await ws.recv()).startswith("0")
    await ws.send("40")
    assert (await ws.recv()).startswith("40")
    return ws


def refusals(url: str, code: str) -> float:
    """The server's count of refusals with ``code`` (its Prometheus metrics)."""
    metrics = urllib.request.urlopen(url + "/metrics", timeout=5).read().decode()
    return sample(metrics, f'online_refusals_total{{code="{code}"}}')


async def answers(ws, count: int, timeout: float = 3) -> tuple[dict[int, str], bool]:
    """The codes of the acknowledgements received (by id), until ``count`` of them, a silence, or the close."""
    codes: dict[int, str] = {}
    try:
        while len(codes) < count:
            message = await asyncio.wait_for(ws.recv(), timeout)
            if message == "2":
                await ws.send("3")
            elif message.startswith("43"):
                digits = len(message) - len(message[2:].lstrip("0123456789"))
                answer = (json.loads(message[digits:]) or [None])[0]  # [] when the server's own handler ran
                code = "no answer" if answer is None else "ok" if answer["ok"] else answer["error"]["code"]
                codes[int(message[2:digits])] = code
    except TimeoutError:
        return codes, False
    except websockets.ConnectionClosed:
        return codes, True
    return codes, False


def test_events_named_connect_or_disconnect_are_refused_and_the_rate_limit_holds(hostile):
    """B1: ``42["disconnect"]`` dropped the connection's rate bucket (the server's own handler ran), and a connection
    struck off opened its namespace again for a fresh one: now both are refused, the flood is cut off, and the
    WebSocket is closed with it; an address flooding again is banned. A player at another address plays on."""

    async def flood(ws):
        await ws.send('421["disconnect"]')
        await ws.send('422["connect",{}]')
        for number in range(10, 110):
            await ws.send(f'42{number}["join",{{"table":"nope","invite":"x","lang":"en"}}]')
        return await answers(ws, 102)

    async def main():
        a, b, _ = await two_seats(hostile.url)
        ws = await engineio(hostile.url, "127.0.0.20")
        codes, closed = await flood(ws)
        reopened = True
        try:
            await ws.send("40")
            await asyncio.wait_for(ws.recv(), 1)
        except (websockets.ConnectionClosed, TimeoutError):
            reopened = False
        _, again = await flood(await engineio(hostile.url, "127.0.0.20"))
        try:
            await engineio(hostile.url, "127.0.0.20")
            banned = None
        except websockets.InvalidStatus as error:
            banned = error.response.status_code
        mover = a if a.state["current"] == a.seat else b
        played = await mover.act(mover.state["legal"][0])
        await a.close()
        await b.close()
        return codes, closed, reopened, again, banned, played

    codes, closed, reopened, again, banned, played = run(main())
    assert codes[1] == codes[2] == "bad-request"
    assert list(codes.values()).count("unknown-table") <= 25  # the burst of 20, and what 10 a second refill
    assert "rate-limited" in codes.values()
    assert closed and not reopened
    assert again and banned == 429  # closed twice for its limits: the address is refused for a while
    assert played["ok"]


def test_new_websockets_are_counted_per_address_and_one_over_its_limits_is_dropped_at_once(hostile):
    """The load benchmark's flood (72 WebSockets per address, each flooding) stalled every table for a second or two:
    each new WebSocket is a handshake of Engine.IO and Socket.IO, the dearest thing a client can ask for, and a
    connection closed for its limits went on being read through its closing handshake (for up to 10 s, until the
    flooding client answered). Now an address opens at most ``websocket-burst`` new WebSockets at once (refused with
    429 before any handshake), and a connection over its limits is dropped at once, with no closing handshake."""

    async def main():
        for _ in range(LIMITS["websocket-burst"]):
            await (await engineio(hostile.url, "127.0.0.30")).close()
        with pytest.raises(websockets.InvalidStatus) as refused:
            await engineio(hostile.url, "127.0.0.30")
        assert refused.value.response.status_code == 429
        assert b"too many new WebSockets" in refused.value.response.body
        assert refusals(hostile.url, "door-websockets") == 1  # counted, with no log line each
        player = await Player(hostile.url).connect()  # another address never notices
        await player.close()
        # Behind the trusted proxy (127.0.0.1) the door counts nothing: the Socket.IO layer counts the forwarded one.
        forwarded = {"X-Forwarded-For": "203.0.113.9"}
        for _ in range(LIMITS["websocket-burst"]):
            await (await engineio(hostile.url, "127.0.0.1", additional_headers=forwarded)).close()
        limited = refusals(hostile.url, "rate-limited")
        with pytest.raises(websockets.InvalidStatus) as refused:
            await engineio(hostile.url, "127.0.0.1", additional_headers=forwarded)
        assert refused.value.response.status_code in (401, 403)
        assert refusals(hostile.url, "rate-limited") == limited + 1
        await (await engineio(hostile.url, "127.0.0.1", additional_headers={"X-Forwarded-For": "203.0.113.10"})).close()
        ws = await engineio(hostile.url, "127.0.0.31")
        with pytest.raises(websockets.ConnectionClosed) as dropped:
            for _ in range(10_000):
                await ws.send("42[")
                await asyncio.sleep(0)
        assert dropped.value.rcvd is None  # no close frame: dropped, not a closing handshake that reads on

    run(main())


def test_a_seat_cannot_fake_its_presence(hostile):
    """B3: a fake ``connect`` event reset the connection's seats, so that its real close left its seat present for
    ever: the bot never played it. Now the seat is away at its close, and the bot plays it after the grace."""

    async def main():
        a, b, _ = await two_seats(hostile.url)
        staller, watcher = (a, b) if a.state["current"] == a.seat else (b, a)
        version = watcher.state["version"]
        await staller.sio.eio.send('2["connect",{}]')  # 42["connect",{}] on the wire
        await asyncio.sleep(0.2)
        await staller.close()
        state = await watcher.wait(lambda s: s["version"] > version, timeout=5)
        await watcher.close()
        return state

    assert run(main())["events"][-1].get("auto") is True


def half_sent(url: str, source: str) -> socket.socket:
    sock = socket.create_connection(address(url), timeout=5, source_address=(source, 0))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # the head never ends
    return sock


def refusal(sock: socket.socket) -> bytes:
    """What the server has sent on ``sock`` so far (nothing for a connection it holds open)."""
    sock.setblocking(False)
    try:
        return sock.recv(200)
    except BlockingIOError:
        return b""
    finally:
        sock.setblocking(True)


def first_answers(socks: list[socket.socket], timeout: float = 10) -> None:
    """Until one of ``socks`` has an answer (a busy machine's server may take a while), and a moment more."""
    select.select(socks, [], [], timeout)
    time.sleep(0.3)


def test_one_address_cannot_take_every_connection_and_half_sent_requests_are_closed(hostile):
    """B2: WebSockets or never-finished requests from one client filled every file the server may open. Now an
    address holds at most 6 connections (a 7th is answered 429), the server 20 (then 503), and a request whose head
    has not come within 1 s is closed."""
    held = [half_sent(hostile.url, "127.0.0.2") for _ in range(LIMITS["connections-per-address"])]
    over = half_sent(hostile.url, "127.0.0.2")
    assert over.recv(200).startswith(b"HTTP/1.1 429 ")
    assert all(refusal(sock) == b"" for sock in held)
    with pytest.raises(websockets.InvalidStatus, match="429"):
        run(engineio(hostile.url, "127.0.0.2"))
    assert urllib.request.urlopen(hostile.url + "/", timeout=5).status == 200  # another address: served
    # 24 from four more addresses, 6 each, in one burst (the server's own request timeout may have closed the
    # first ones by now, on a busy machine): the server holds 20 at most.
    others = [half_sent(hostile.url, f"127.0.0.{3 + n // 6}") for n in range(24)]
    first_answers(others)
    answered = [refusal(sock)[:13] for sock in others]
    assert b"HTTP/1.1 503 " in answered and b"HTTP/1.1 429 " not in answered
    assert sum(not answer for answer in answered) <= LIMITS["connections"]
    time.sleep(1.2)  # the request timeout: every half-sent request is closed
    assert all(sock.recv(10) == b"" for sock in held)
    assert urllib.request.urlopen(hostile.url + "/", timeout=5).status == 200
    for sock in [*held, over, *others]:
        sock.close()


def test_tables_waiting_for_players_are_bounded_per_address_and_deleted_when_nobody_starts_them(hostile):
    """B4: tables had no bound, and tables that never started were kept (and rebuilt at every restart) for ever.
    Now an address has at most 2 waiting, and each is deleted when it has waited its time."""

    async def main():
        creator = await Player(hostile.url).connect()
        seats = ["human"] * 4
        made = [await creator.create("okey", seats) for _ in range(LIMITS["waiting-tables"])]
        data = {"game": "okey", "options": {}, "seats": seats, "lang": "en"}
        refused = await creator.call("create", data)
        # Another address is not refused for this one's tables.
        ws = await engineio(hostile.url, "127.0.0.9")
        await ws.send("421" + json.dumps(["create", data]))
        elsewhere, _ = await answers(ws, 1)
        await ws.close()
        await asyncio.sleep(LIMITS["waiting-minutes"] * 60 + 0.5)
        joined = await creator.call("join", {"table": made[0]["table"], "invite": made[0]["invite"], "lang": "en"})
        again = await creator.call("create", data)
        await creator.close()
        return made, refused, elsewhere, joined, again

    made, refused, elsewhere, joined, again = run(main())
    assert error_of(refused) == "rate-limited" and refused["error"]["params"]["limit"] == "waiting-tables"
    assert elsewhere == {1: "ok"}
    assert error_of(joined) == "unknown-table"
    assert again["ok"]
    with sqlite3.connect(f"file:{hostile.db}?mode=ro", uri=True) as db:  # not kept, so never rebuilt at a restart
        kept = {row[0] for row in db.execute("SELECT id FROM tables")}
    assert not kept & {table["table"] for table in made}


def test_only_the_sites_own_pages_may_use_socketio(hostile):
    """B7: ``cors_allowed_origins=[]`` turned python-engineio's origin check off, so any site's page could play
    here from its visitors' browsers. Now an Origin other than the page's own is refused (polling and WebSocket)."""
    polling = hostile.url + "/socket.io/?EIO=4&transport=polling"

    def handshake(origin: str) -> int:
        request = urllib.request.Request(polling, headers={"Origin": origin})
        try:
            return urllib.request.urlopen(request, timeout=5).status
        except urllib.error.HTTPError as error:
            return error.code

    assert handshake("http://evil.example") == 400
    assert handshake(hostile.url) == 200
    with pytest.raises(websockets.InvalidStatus):
        run(engineio(hostile.url, origin="http://evil.example"))
    named = allowed_origins(["https://tiles.example"])  # --origin: those origins only, whatever the Host
    assert named("https://tiles.example", {"HTTP_HOST": "internal:8000"})
    assert not named("http://internal:8000", {"HTTP_HOST": "internal:8000"})


def test_malformed_packets_and_long_paths_are_refused_without_flooding_the_log(hostile):
    """B8 and P4/P5: each malformed packet wrote a 3 kB traceback (twice), a 300-byte path segment was a 500 with
    a 61 kB one, and some packets got no answer. Now each is answered when it can be (bad-request), counted
    against the connection's limits, and logged at most in one short line."""
    before = len(hostile.output)

    async def main():
        ws = await engineio(hostile.url)
        await ws.send('421["rejoin",{"table":"t","token":"x","since":1' + "0" * 101 + "}]")
        await ws.send('422["rejoin",{"table":"t","token":"x","deep":' + "[" * 5000 + "]" * 5000 + "}]")
        await ws.send('423["rejoin",{"table":"\\ud800","token":"x"}]')  # a lone surrogate
        await ws.send("42")
        first, _ = await answers(ws, 3)
        try:
            for _ in range(200):
                await ws.send("42[")
        except websockets.ConnectionClosed:  # dropped mid-flood: a connection over its limits is aborted
            return first, True
        _, closed = await answers(ws, 1)
        return first, closed

    first, closed = run(main())
    assert first == {1: "bad-request", 2: "bad-request", 3: "bad-request"}
    assert closed
    with pytest.raises(urllib.error.HTTPError, match="404"):
        urllib.request.urlopen(hostile.url + "/" + "a" * 300, timeout=5)
    time.sleep(0.2)
    logged = hostile.output[before:]
    assert "Traceback" not in logged and len(logged) < 2000, logged


def test_actions_are_kept_in_the_engines_notation_and_a_timer_is_long_enough(hostile):
    """B9 and B10: an action padded with 4,000 spaces or an ideographic space was stored and passed on as typed,
    and a timer of 1 ms gave every human move to the bot. Now an action is printable ASCII of at most 256
    characters, kept in the engine's notation, and a timer is 0 or at least the server's shortest."""

    async def main():
        a, b, _ = await two_seats(hostile.url)
        mover, other = (a, b) if a.state["current"] == a.seat else (b, a)
        legal = mover.state["legal"][0]
        two = ["human", "human"]
        refused = {
            "padded": error_of(await mover.act(legal + " " * 4000)),
            "ideographic": error_of(await mover.act("\u3000" + legal)),
            "timer": error_of(await a.call("create", {"game": "sniff", "options": {"timer": 0.001}, "seats": two})),
        }
        typed = "  " + legal.upper().replace(" ", "   ") + "  "
        played = await mover.act(typed)
        missed = (await other.rejoin(played["result"]["version"] - 1))["missed"]
        await a.close()
        await b.close()
        return refused, legal, played, missed

    refused, legal, played, missed = run(main())
    assert refused == {"padded": "bad-request", "ideographic": "bad-request", "timer": "bad-request"}
    assert played["ok"] and missed[-1]["action"] == legal
