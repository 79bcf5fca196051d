"""Real parts for the server's tests: a ``python -m server`` process, a ``redis-server``, Socket.IO clients."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import socketio

ROOT = Path(__file__).resolve().parents[2]


def run(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: a browser test earlier in the same test process leaves
    Playwright's event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tiny_site(folder: Path) -> Path:
    """A built site's shape: an index, the English and Finnish 404 pages, a module and a wasm file."""
    (folder / "fi").mkdir(parents=True, exist_ok=True)
    (folder / "play").mkdir(exist_ok=True)
    (folder / "index.html").write_text("<h1>home</h1>")
    (folder / "play" / "index.html").write_text("<h1>play</h1>")
    (folder / "404.html").write_text("<h1>not found</h1>")
    (folder / "fi" / "404.html").write_text("<h1>ei löytynyt</h1>")
    (folder / "worker.mjs").write_text("export {};")
    (folder / "engine.wasm").write_bytes(b"\0asm\1\0\0\0")
    (folder / "assets" / "pyodide" / "0.1").mkdir(parents=True, exist_ok=True)
    (folder / "assets" / "pyodide" / "0.1" / "pyodide.mjs").write_text("export {};")
    return folder


class ServerProcess:
    """``python -m server`` on a free port, in its own process (killed with SIGKILL when asked)."""

    def __init__(
        self,
        site: Path,
        *,
        db: Path | None = None,
        redis: str | None = None,
        bot_pace: int = 0,
        grace: int | None = None,
        profile: Path | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.site, self.db = site, db
        args = [sys.executable, "-m", "server", "--port", "0", "--site", str(site), "--bot-pace", str(bot_pace)]
        args += ["--redis", redis] if redis else ["--db", str(db)]
        args += [] if grace is None else ["--grace", str(grace)]
        args += list(options)  # more of python -m server's options (its limits)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # ``profile``: the server runs under cProfile, its statistics written to that file when it stops.
        self.profile = profile
        if profile:
            env["SERVER_PROFILE"] = str(profile)
        self.process = subprocess.Popen(
            args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        self.lines: list[str] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            found = re.search(r"serving (http://127\.0\.0\.1:\d+)/", line)
            if found:
                self.url = found.group(1)
                # Keep reading what it says, so its pipe never fills (and a failing test can show it).
                self.drain = threading.Thread(target=self._drain, daemon=True)
                self.drain.start()
                return
        self.process.kill()
        raise RuntimeError("the server did not start:\n" + "".join(self.lines))

    def _drain(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.profile and self.process.poll() is None:
            self.process.send_signal(signal.SIGUSR2)  # the server writes its profile
            deadline = time.monotonic() + 20
            while not Path(self.profile).exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.drain.join(5)  # it ends at the end of the output
        if not self.drain.is_alive():  # else a process the server left holds its output open: closing would hang
            self.process.stdout.close()


class RedisProcess:
    """A ``redis-server`` on a free port; ``persist``: with its append-only file written at every command (as a host
    that loses nothing runs it), so that ``restart`` brings its data back; ``restart(empty=True)`` without it."""

    def __init__(self, folder: Path, persist: bool = False) -> None:
        self.binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.folder = Path(folder)
        self.persist = persist
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.start()

    def start(self) -> None:
        durable = ["--appendonly", "yes", "--appendfsync", "always"] if self.persist else ["--appendonly", "no"]
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", *durable, "--dir", str(self.folder)]
        self.process = subprocess.Popen([self.binary, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.02)
        self.process.kill()
        raise RuntimeError("redis-server did not start")

    def restart(self, down: float = 0.0, empty: bool = False) -> None:
        """Killed (SIGKILL), ``down`` seconds without it, then started again on the same port: with its data, or
        ``empty``."""
        self.process.kill()
        self.process.wait(10)
        if empty:
            shutil.rmtree(self.folder / "appendonlydir", ignore_errors=True)
        time.sleep(down)
        self.start()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Player:
    """A real Socket.IO client at a table: every message it gets is kept (``messages``; not with ``history``
    False: a benchmark's clients would hold every state of every game), the last state too."""

    def __init__(self, url: str, history: bool = True, address: str | None = None) -> None:
        self.url = url
        self.history = history
        #: ``address``: the loopback address it connects from (127.x.y.z: another client to the server's limits).
        self.session = None
        if address is not None:
            import aiohttp

            self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
        self.sio = socketio.AsyncClient(reconnection=False, http_session=self.session)
        self.messages: list[tuple[str, dict]] = []
        self.state: dict | None = None
        self.table: dict | None = None
        self.changed = asyncio.Event()
        self.sio.on("state", self._state)
        self.sio.on("table", self._table)
        self.sio.on("said", self._said)
        self.said: list[dict] = []
        self.sio.on("lost", self._lost)
        self.table_id = self.token = None
        self.seat = None

    def _keep(self, kind: str, data: dict) -> None:
        if self.history:
            self.messages.append((kind, data))

    async def _state(self, data):
        self._keep("state", data)
        if self.state is None or data["version"] >= self.state["version"]:
            self.state = data["state"]
        self.changed.set()

    async def _table(self, data):
        self._keep("table", data)
        self.table = data
        self.changed.set()

    async def _said(self, data):
        self._keep("said", data)
        self.said.append(data)
        self.changed.set()

    async def watch(self, table_id: str, invite: str | None = None) -> dict:
        """Watch a table as a spectator (its states come with ``seat`` null)."""
        data = {"table": table_id, "lang": "en"} | ({} if invite is None else {"invite": invite})
        result = await self.ok("watch", data)
        self.table_id, self.table = table_id, result["table"]
        self.state = result["state"]
        return result

    async def rematch(self) -> dict:
        """One more game: this seat's place at the next table (its states from version 0 again)."""
        self.state = None
        result = await self.ok("rematch", {"table": self.table_id, "token": self.token})
        self.table_id, self.token, self.seat = result["table"], result["token"], result["seat"]
        return result

    async def until(self, predicate, timeout: float = 20) -> None:
        """Until ``predicate(self)`` holds (a ``table``, ``said`` or ``state`` this client got)."""
        deadline = time.monotonic() + timeout
        while not predicate(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting; last state: {self.state}; table: {self.table}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    async def _lost(self, data):
        self._keep("lost", data)
        self.changed.set()

    async def connect(self, url: str | None = None) -> Player:
        await self.sio.connect(url or self.url, transports=["websocket"], wait_timeout=10)
        return self

    async def call(self, event: str, data=None, timeout: float = 20) -> dict:
        answer = await self.sio.call(event, data, timeout=timeout)
        self._keep("answer", answer)
        if answer.get("ok") and isinstance(answer["result"], dict) and "state" in answer["result"]:
            state = answer["result"]["state"]
            if self.state is None or state["version"] >= self.state["version"]:
                self.state = state
        return answer

    async def ok(self, event: str, data=None) -> dict:
        answer = await self.call(event, data)
        assert answer["ok"], (event, data, answer)
        return answer["result"]

    async def create(self, game: str, seats: list[str], options: dict | None = None) -> dict:
        result = await self.ok("create", {"game": game, "options": options or {}, "seats": seats, "lang": "en"})
        self.table_id, self.token, self.seat = result["table"], result["token"], result["seat"]
        return result

    async def join(self, table_id: str, invite: str) -> dict:
        result = await self.ok("join", {"table": table_id, "invite": invite, "lang": "en"})
        self.table_id, self.token, self.seat = table_id, result["token"], result["seat"]
        return result

    async def rejoin(self, since: int = 0) -> dict:
        result = await self.ok("rejoin", {"table": self.table_id, "token": self.token, "since": since})
        self.state = result["state"]
        return result

    async def act(self, action: str, version: int | None = None, command_id: str | None = None) -> dict:
        version = self.state["version"] if version is None else version
        command_id = command_id or f"c{len(self.messages)}-{time.monotonic_ns()}"
        data = {"table": self.table_id, "token": self.token, "id": command_id, "version": version, "action": action}
        return await self.call("act", data)

    async def wait(self, predicate, timeout: float = 20) -> dict:
        """Until ``predicate(state)`` holds for this seat's latest state."""
        await self.until(lambda player: player.state is not None and predicate(player.state), timeout)
        return self.state

    async def close(self) -> None:
        if self.sio.connected:
            await self.sio.disconnect()
        if self.session is not None:
            await self.session.close()


async def play_out(players: list[Player], pick=None, timeout: float = 60, moves: int | None = None) -> dict:
    """Play the game to its end (or ``moves`` moves) with these human seats, each move one of the seat's
    ``legal`` actions; the latest state."""
    pick = pick or (lambda legal: legal[0])
    deadline = time.monotonic() + timeout
    by_seat = {player.seat: player for player in players}
    made = 0
    while time.monotonic() < deadline:
        latest = max((p.state for p in players if p.state), key=lambda s: s["version"])
        if latest["over"] or (moves is not None and made >= moves):
            return latest
        current = latest["current"]
        player = by_seat.get(current)
        if player is None or player.state["version"] != latest["version"] or not player.state["legal"]:
            await asyncio.sleep(0.01)
            continue
        answer = await player.act(pick(player.state["legal"]))
        if not answer["ok"] and answer["error"]["code"] in ("stale", "not-your-turn", "rate-limited"):
            await asyncio.sleep(0.05)
            continue
        assert answer["ok"], answer
        made += 1
    raise AssertionError("the game did not end in time")
