"""Load benchmark of the online tables: N tables of 4 seats at once against a real server, clients on loopback.

    .venv/bin/python scripts/bench_server.py [--tables 100] [--seconds 60] [--think 500] [--game okey]
    .venv/bin/python scripts/bench_server.py --spectators 10   # and ten spectators watching each table
    .venv/bin/python scripts/bench_server.py --profile server.prof   # the server under cProfile (pstats file)
    .venv/bin/python scripts/bench_server.py --restart      # the time from SIGKILL to a table playing again
    .venv/bin/python scripts/bench_server.py --restart --redis   # the same, the table going on on another process
    .venv/bin/python scripts/bench_server.py --flood 10     # the load twice: alone, then beside a hostile flood

Starts ``python -m server`` (SQLite in a temporary folder, a tiny site), seats 4 Socket.IO clients at each
table, measures the server's CPU for 5 s while nobody plays (the connections' pings, the clock's beat), then
every seat plays one of its ``legal`` actions about ``--think`` ms after its turn comes (a fast human; each
wait varies by ``--jitter``, seeded, so the tables do not all move in the same millisecond), a finished
table replaced by a new one, until ``--seconds`` have passed. Prints games per minute, the p50/p95/p99 time to
answer an action (from the client's send to its acknowledgement), the server's memory per table (its RSS with
the tables playing, less its RSS before them, over the number of tables), and the server's CPU per action:
all of it, and less the idle cost (what the actions themselves cost, whatever their rate). It stops by itself.

Each table's seats connect from an address of their own (127.1.x.y), as people at different homes do, so that the
server's limits per client address (``server.limits``) see them as the server on a real host would.

With ``--spectators N`` each table (each new one too) is watched by N more clients (from an address of their own
per table, 127.3.x.y), which get its spectator's state after every change; they live in client processes of their
own (told each new table through a queue), so that their decoding does not queue the seats' answers in the seats'
processes; the states they got are counted.

``--flood N``: the load runs twice on a fresh server each time, first alone, then beside a hostile flood from N
addresses (127.2.0.x) in a process of its own (``flooding``): from each address more WebSockets than it may
open, each sending events as fast as it can (names of Socket.IO's own events, malformed packets, tables created,
joins of tables that do not exist), opened again when the server closes it for its limits, and half-sent HTTP
requests held open. Prints the tables' answer times with and without it, and what the flood sent and was refused.
On a real host the attacker's CPU is not the server's; here the flood shares 2 cores with the server and the seats
that measure, so it runs under Linux's SCHED_IDLE policy: on whatever CPU the server and the seats leave (about
three quarters of a core: some 1,300 connections a second), never taking theirs (at nice 10 it still took a share,
and the tables' p95 measured the machine's run queue, not the server: the server's own CPU rose by 5 % of a core).
Loopback's kernel work is charged to the flood's process too, so the server's cost of receiving it is undercounted;
the server's own CPU is printed beside the answer times.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.support import Player, RedisProcess, ServerProcess, tiny_site  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pick(legal: list[str]) -> str:
    for prefix in ("meld", "pairs", "layoff", "draw", "discard"):
        for action in legal:
            if action.startswith(prefix):
                return action
    return legal[0]


class Spectator(Player):
    """A client watching a table: it keeps no history, only how many states it got (``counted[0]``)."""

    def __init__(self, url: str, counted: list[int], address: str) -> None:
        super().__init__(url, history=False, address=address)
        self.counted = counted

    async def _state(self, data):
        self.counted[0] += 1
        await super()._state(data)


class Bench:
    def __init__(self, url: str, game: str, think: float, jitter: float = 0.0, seed: int = 0, tables=None) -> None:
        self.url, self.game, self.think, self.jitter = url, game, think, jitter
        self.rng = random.Random(seed)
        self.seed, self.made = seed, 0
        #: Where each new table is told (its id and invite) to the spectators' processes, if any.
        self.tables = tables
        self.answers: list[float] = []
        self.games = 0
        self.refused: dict[str, int] = {}

    async def seated(self) -> list[Player]:
        """A new table, its four seats taken, from an address of its own."""
        self.made += 1
        number = self.seed * 10_000 + self.made
        address = f"127.1.{number // 250 % 250}.{number % 250 + 1}"
        players = [await Player(self.url, history=False, address=address).connect() for _ in range(4)]
        options = {"pause": 0} if self.game == "okey" else {"pause": 0, "players": 4}
        created = await players[0].create(self.game, ["human"] * 4, options)
        if self.tables is not None:
            self.tables.put((created["table"], created["invite"]))
        for player in players[1:]:
            await player.join(created["table"], created["invite"])
        return players

    async def table(self, players: list[Player], stop: float) -> None:
        """This table, then one new table after another, until ``stop``."""
        while time.monotonic() < stop:
            players = players or await self.seated()
            try:
                over = await asyncio.gather(*(self.seat(player, stop) for player in players))
                if all(over):
                    self.games += 1
            finally:
                for player in players:
                    await player.close()
                players = None

    async def seat(self, player: Player, stop: float) -> bool:
        while time.monotonic() < stop:
            state = player.state
            if state is not None and state["over"]:
                return True
            if state is None or state["current"] != player.seat or not state["legal"]:
                player.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(player.changed.wait(), 1)
                continue
            if self.think:
                await asyncio.sleep(self.think * self.rng.uniform(1 - self.jitter, 1 + self.jitter))
            if player.state is not state:
                continue
            sent = time.perf_counter()
            answer = await player.act(pick(state["legal"]))
            self.answers.append(time.perf_counter() - sent)
            if not answer["ok"]:
                code = answer["error"]["code"]
                self.refused[code] = self.refused.get(code, 0) + 1
                await asyncio.sleep(0.05)
        return False


#: How long the benchmark measures the server's CPU with every table seated and nobody playing.
IDLE_SECONDS = 5


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def clients(conn, url: str, game: str, think: float, jitter: float, seed: int, announce, tables: int) -> None:
    """One client process: seats ``tables`` tables (each told to ``announce``, a queue, if any), says so, waits for
    the start and the end time, plays, and sends back its answer times, its finished games, its refusals and its
    CPU time."""

    async def run() -> None:
        bench = Bench(url, game, think, jitter, seed, announce)
        seated = [await bench.seated() for _ in range(tables)]
        # The clients' own garbage collector passes over every seated client would stop this process's loop
        # for tens of ms, and the answers waiting in it would seem slow: what seating made is left out of them.
        gc.collect()
        gc.freeze()
        conn.send("seated")
        seconds = await asyncio.to_thread(conn.recv)
        own = time.process_time()
        stop = time.monotonic() + seconds
        await asyncio.gather(*(bench.table(players, stop) for players in seated))
        conn.send((bench.answers, bench.games, bench.refused, time.process_time() - own))

    asyncio.run(run())


def spectating(conn, url: str, spectators: int, tables, watching, number: int) -> None:
    """One process of spectators: for each table ``tables`` (a queue) tells of, ``spectators`` clients watch it
    until its game is over (each table said on ``watching`` once they all watch); at None, the states they got."""
    # The spectators' own CPU (decoding 10 states per action) is not the server's on a real host: here it shares
    # the machine's 2 cores with the server and the seats that measure, so it yields (nice 10, not the flood's
    # SCHED_IDLE: spectators are clients the server serves, whose load is part of what is measured).
    os.nice(10)

    async def watch(table_id: str, invite: str, counted: list[int], done: asyncio.Event, made: int) -> None:
        crowd = []
        at = number * 10_000 + made  # each table's spectators from an address of their own
        address = f"127.3.{at // 250 % 250}.{at % 250 + 1}"
        try:
            for _ in range(spectators):
                spectator = await Spectator(url, counted, address).connect()
                await spectator.watch(table_id, invite)
                crowd.append(spectator)
            watching.put(table_id)
            over = asyncio.gather(*(s.wait(lambda state: state["over"], timeout=600) for s in crowd))
            ended = asyncio.ensure_future(done.wait())
            await asyncio.wait([over, ended], return_when=asyncio.FIRST_COMPLETED)
            over.cancel()
            ended.cancel()
            await asyncio.gather(over, ended, return_exceptions=True)
        except Exception as error:  # a connection dropped (a loaded machine): said, and the others go on
            print(f"spectators of {table_id}: {error!r}", file=sys.stderr)
        finally:
            for spectator in crowd:
                await spectator.close()

    async def run() -> None:
        counted, done, tasks, made = [0], asyncio.Event(), set(), 0
        while (told := await asyncio.to_thread(tables.get)) is not None:
            made += 1
            task = asyncio.create_task(watch(*told, counted, done, made))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        done.set()
        await asyncio.gather(*tasks)
        conn.send((counted[0], time.process_time()))

    asyncio.run(run())


async def load(args, server: ServerProcess, flood: int = 0) -> list[float]:
    """The tables shared among ``args.clients`` client processes, so that the clients' own event loops (each
    decodes every state its seats receive) do not add their queueing to the answer times they measure; with
    ``flood``, a hostile flood from that many addresses while they play. The answer times (ms)."""
    before = rss_kib(server.process.pid)
    pid = server.process.pid
    spawn = multiprocessing.get_context("spawn")
    shares = [args.tables // args.clients + (index < args.tables % args.clients) for index in range(args.clients)]
    pipes, processes, watchers = [], [], []
    tables = spawn.Queue() if args.spectators else None
    watching = spawn.Queue() if args.spectators else None
    for number in range(args.clients if args.spectators else 0):  # the spectators' processes
        mine, theirs = spawn.Pipe()
        crowd = (theirs, server.url, args.spectators, tables, watching, number)
        process = spawn.Process(target=spectating, args=crowd, daemon=True)
        process.start()
        watchers.append((mine, process))
    for share in filter(None, shares):
        mine, theirs = spawn.Pipe()
        seed = len(processes)
        think = (server.url, args.game, args.think / 1000, args.jitter, seed, tables)
        process = spawn.Process(target=clients, args=(theirs, *think, share), daemon=True)
        process.start()
        pipes.append(mine)
        processes.append(process)
    for pipe in pipes:  # every table seated, nobody playing yet
        assert await asyncio.to_thread(pipe.recv) == "seated"
    for _ in range(args.tables if args.spectators else 0):  # and watched
        await asyncio.to_thread(watching.get)
    # The server's CPU while nothing happens but the connections' pings and the clock's beat: its cost per
    # second, apart from the actions' own.
    idle_from, idle_start = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(IDLE_SECONDS)
    idle = (cpu_seconds(pid) - idle_from) / (time.monotonic() - idle_start)
    hostile = None
    if flood:
        mine, theirs = spawn.Pipe()
        hostile = (mine, spawn.Process(target=flooding, args=(theirs, server.url, flood), daemon=True))
        hostile[1].start()
        assert await asyncio.to_thread(mine.recv) == "flooding"
    cpu_before = cpu_seconds(pid)
    started = time.monotonic()
    for pipe in pipes:
        pipe.send(args.seconds)
    await asyncio.sleep(min(5, args.seconds / 3))
    playing = rss_kib(pid)
    results = [await asyncio.to_thread(pipe.recv) for pipe in pipes]
    for process in processes:
        process.join()
    flooded = None
    if hostile is not None:
        hostile[0].send("stop")
        flooded = Counter(await asyncio.to_thread(hostile[0].recv))
        hostile[1].join()
    cpu = cpu_seconds(pid) - cpu_before
    for _ in watchers:
        tables.put(None)
    crowds = [await asyncio.to_thread(pipe.recv) for pipe, _ in watchers]
    watched, crowd_cpu = sum(count for count, _ in crowds), sum(seconds for _, seconds in crowds)
    for _, process in watchers:
        process.join()
    minutes = (time.monotonic() - started) / 60
    bench = Bench(server.url, args.game, args.think / 1000)
    own = 0.0
    for answers, games, refused, seconds in results:
        bench.answers += answers
        bench.games += games
        own += seconds
        for code, number in refused.items():
            bench.refused[code] = bench.refused.get(code, 0) + number
    ms = [value * 1000 for value in bench.answers]
    print(
        f"tables at once: {args.tables} ({args.game}, 4 human seats each, {args.think:.0f} ms to think "
        f"\u00b1 {args.jitter:.0%}; "
        f"{len(processes)} client processes)"
    )
    if args.spectators:
        print(
            f"spectators: {args.spectators} per table ({args.spectators * args.tables} at once, in {len(watchers)} "
            f"client processes of their own); the states they got: {watched} "
            f"({watched / max(1, len(bench.answers)):.1f} per action), decoding them cost their processes "
            f"{crowd_cpu * 1000 / max(1, watched):.2f} ms each ({crowd_cpu:.0f} s of CPU, seating included)"
        )
    print(f"games finished: {bench.games} in {minutes * 60:.0f} s: {bench.games / minutes:.1f} games/min")
    if ms:
        print(
            f"answer time of an action ({len(ms)} actions): p50 {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms"
        )
    print(
        f"server memory: {before / 1024:.1f} MiB before, {playing / 1024:.1f} MiB with the tables: "
        f"{(playing - before) / args.tables / 1024:.2f} MiB per table"
    )
    if ms:
        seconds = minutes * 60
        net = cpu - idle * seconds
        print(
            f"CPU: the server {cpu * 1000 / len(ms):.2f} ms per action ({cpu / seconds * 100:.0f}% of a core); "
            f"idle with every seat connected {idle * 100:.1f}% of a core (pings, the clock), so the actions' own "
            f"{net * 1000 / len(ms):.2f} ms per action; the clients {own * 1000 / len(ms):.1f} ms per action; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
    if bench.refused:
        print(f"refused: {bench.refused}")
    if flooded is not None:
        seconds, flood_cpu = flooded.pop("seconds"), flooded.pop("cpu")
        print(f"flood counts: {dict(flooded)}; the flood's own CPU {flood_cpu / seconds:.0%} of a core")
        print(
            f"the flood ({flood} addresses, {seconds:.0f} s): {flooded['sent'] / seconds:.0f} events/s sent on "
            f"{flooded['opened']} WebSockets ({flooded['closed']} closed by the server), "
            f"{flooded['refused 429'] + flooded['refused 503']} connections refused "
            f"(429: {flooded['refused 429']}, 503: {flooded['refused 503']}), "
            f"{flooded['held']} half-sent requests held and {flooded['timed out']} closed by the server"
        )
    return ms


#: What each flooding WebSocket sends, over and over: the names of Socket.IO's own events, malformed packets, an
#: integer of 101 digits, tables created, joins of a table that does not exist.
FLOOD = (
    '42["disconnect"]',
    '42["connect",{}]',
    "42[",
    '42["rejoin",{"table":"t","token":"x","since":1' + "0" * 101 + "}]",
    '421["join",{"table":"nope","invite":"x","lang":"en"}]',
    '422["create",{"game":"okey","options":{},"seats":["human","human","human","human"],"lang":"en"}]',
)
#: Per flooding address: WebSockets kept trying (the server's limit is 64 by default) and half-sent requests.
FLOOD_SOCKETS, FLOOD_HALF_SENT = 72, 8


def flooding(conn, url: str, addresses: int) -> None:
    """The hostile flood, in a process of its own, until told to stop: from each address 127.2.0.<n>, FLOOD_SOCKETS
    WebSockets, each sending FLOOD as fast as it can and opened again when the server closes it, and FLOOD_HALF_SENT
    requests whose head never ends, opened again when the server closes them. Sends back its counts."""
    import websockets

    # The attacker's own CPU is not the server's on a real host: here it shares the machine, so it takes only the
    # CPU nobody else wants (SCHED_IDLE; nice 19 where that policy is missing).
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(19)
    counts: Counter = Counter()
    host, port = url.removeprefix("http://").split(":")
    ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"

    async def socket_flood(address: str) -> None:
        while True:
            try:
                async with websockets.connect(ws_url, local_addr=(address, 0), max_queue=None, open_timeout=10) as ws:
                    await ws.recv()
                    await ws.send("40")
                    await ws.recv()
                    counts["opened"] += 1
                    while True:
                        for frame in FLOOD:
                            await ws.send(frame)
                        counts["sent"] += len(FLOOD)
                        await asyncio.sleep(0)
            except websockets.InvalidStatus as error:
                counts[f"refused {error.response.status_code}"] += 1
                await asyncio.sleep(0.2)
            except websockets.ConnectionClosed:
                counts["closed"] += 1
            except (OSError, TimeoutError):
                counts["failed"] += 1
                await asyncio.sleep(0.2)

    async def half_sent(address: str) -> None:
        while True:
            try:
                reader, writer = await asyncio.open_connection(host, int(port), local_addr=(address, 0))
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                counts["held"] += 1
                answer = await reader.read(100)
                counts["timed out" if not answer else f"refused {answer[9:12].decode()}"] += 1
                writer.close()
            except OSError:
                counts["failed"] += 1
                await asyncio.sleep(0.2)

    async def run() -> None:
        tasks = []
        for number in range(addresses):
            address = f"127.2.0.{number + 1}"
            tasks += [asyncio.create_task(socket_flood(address)) for _ in range(FLOOD_SOCKETS)]
            tasks += [asyncio.create_task(half_sent(address)) for _ in range(FLOOD_HALF_SENT)]
        started = time.monotonic()
        conn.send("flooding")
        await asyncio.to_thread(conn.recv)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        conn.send({**counts, "seconds": time.monotonic() - started, "cpu": time.process_time()})

    asyncio.run(run())


async def restart(args, site: Path, db: Path) -> None:
    """SIGKILL the server in the middle of a game; then a new process on the same SQLite file (or, with --redis,
    the other process already running on the same Redis) and the clients rejoining: the time to the next move."""
    redis = RedisProcess(db.parent) if args.redis else None
    url = redis.url if redis else None
    server = ServerProcess(site, db=db, redis=url)
    other = ServerProcess(site, redis=url) if redis else None
    players = [await Player(server.url).connect() for _ in range(4)]
    created = await players[0].create(args.game, ["human"] * 4, {"pause": 0} if args.game == "okey" else {"players": 4})
    for player in players[1:]:
        await player.join(created["table"], created["invite"])
    for player in players:
        await player.wait(lambda s: s["status"] == "playing")
    killed = time.monotonic()
    server.kill()
    for player in players:
        await player.close()
    server.stop()
    second = other or ServerProcess(site, db=db)
    started = time.monotonic()
    back = []
    for player in players:
        again = await Player(second.url).connect()
        again.table_id, again.token, again.seat = created["table"], player.token, player.seat
        await again.rejoin(0)
        back.append(again)
    mover = next(p for p in back if p.state["current"] == p.seat)
    answer = await mover.act(pick(mover.state["legal"]))
    playing = time.monotonic()
    assert answer["ok"], answer
    where = "the other process on Redis" if redis else "a new process on the same SQLite file"
    print(
        f"from SIGKILL to the table playing again ({where}): {(playing - killed) * 1000:.0f} ms "
        f"(until the process was there: {(started - killed) * 1000:.0f} ms; "
        f"reconnect, rejoin and the first move: {(playing - started) * 1000:.0f} ms)"
    )
    for player in back:
        await player.close()
    second.stop()
    if redis:
        redis.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="tables at once (default 100)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the load lasts (default 60 s)")
    parser.add_argument("--think", type=float, default=500, help="ms each seat waits before its move (default 500)")
    parser.add_argument(
        "--jitter",
        type=float,
        default=0.5,
        help="each wait is --think times a seeded random factor from 1 - J to 1 + J, as people's are (default 0.5;"
        " 0: every seat of every table moves in step, the worst case of actions arriving all at once)",
    )
    parser.add_argument("--game", choices=("okey", "sniff"), default="okey")
    parser.add_argument(
        "--clients", type=int, default=2, help="client processes the tables are shared among (default 2)"
    )
    parser.add_argument(
        "--spectators", type=int, default=0, help="clients watching each table, besides its seats (default 0)"
    )
    parser.add_argument("--restart", action="store_true", help="measure the time from SIGKILL to playing again")
    parser.add_argument("--redis", action="store_true", help="with --restart: two processes on a redis-server")
    parser.add_argument("--profile", type=Path, default=None, help="run the server under cProfile, stats to this file")
    parser.add_argument(
        "--flood",
        type=int,
        default=0,
        metavar="N",
        help="run the load twice, alone and beside a hostile flood from N addresses (127.2.0.x; at most 200)",
    )
    args = parser.parse_args(argv)
    sizes = (
        1 <= args.tables <= 500,
        1 <= args.seconds <= 600,
        1 <= args.clients <= 8,
        0 <= args.jitter < 1,
        0 <= args.flood <= 200,
        0 <= args.spectators <= 50,
    )
    if not all(sizes):
        parser.error(
            "1 to 500 tables, for 1 to 600 seconds, in 1 to 8 client processes, a jitter from 0 to under 1, "
            "a flood from 0 to 200 addresses, 0 to 50 spectators per table"
        )
    with tempfile.TemporaryDirectory() as folder:
        site = tiny_site(Path(folder) / "site")
        db = Path(folder) / "tables.sqlite3"
        if args.restart:
            asyncio.run(restart(args, site, db))
            return 0
        times = {}
        for flood in (0, args.flood) if args.flood else (0,):
            if args.flood:
                print(f"== beside a flood from {flood} addresses" if flood else "== alone")
                db = Path(folder) / f"tables-{flood}.sqlite3"
            server = ServerProcess(site, db=db, profile=args.profile and args.profile.resolve())
            try:
                times[flood] = asyncio.run(load(args, server, flood))
            finally:
                server.stop()
        if args.flood and all(times.values()):
            alone, flooded = (percentile(times[key], 0.95) for key in (0, args.flood))
            print(
                f"p95 of the tables' answers: {alone:.1f} ms alone, {flooded:.1f} ms beside the flood (goal < 100 ms)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
