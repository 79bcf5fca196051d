"""The server's bots, off the event loop: each move is chosen in a worker process, so a strong bot's search
never stalls the other tables (a thread would share the event loop's GIL).

A worker keeps the games it has seen (``KEEP`` of them, the least recent forgotten first) and is sent, with
each request, the table's seed, options and every action so far (short notations): it applies the ones it has
not seen, or rebuilds the game when its copy does not match. A table always goes to the same worker. The
worker answers with the action's notation; the table's own game applies it like any other move.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

KEEP = 256

_games: OrderedDict[str, tuple[object, int, str | None]] = OrderedDict()


def choose(table_id: str, game: str, seed: int, options: dict, actions: list[str], seat: int, level: str, rng: int):
    """In a worker: the bot's action for ``seat``, in notation (the game rebuilt or brought up to date first)."""
    from engine.core.games import game_spec

    spec = game_spec(game)
    cached = _games.pop(table_id, None)
    if cached is not None:
        state, applied, last = cached
        if applied > len(actions) or (applied and actions[applied - 1] != last):
            cached = None
    if cached is None:
        state, applied = spec.new_game(seed=seed, **options), 0
    for action in actions[applied:]:
        state.apply_action(action)
    _games[table_id] = (state, len(actions), actions[-1] if actions else None)
    while len(_games) > KEEP:
        _games.popitem(last=False)
    bot = spec.make_bot(level, seat, random.Random(rng))
    return state.notation(bot.choose(state.view(seat)))


def _watch(parent: int) -> None:
    """In a worker: end it when the server's process is gone. A worker holds both ends of its own task queue, so
    it would never see the queue close, and a server killed with SIGKILL would leave it behind for ever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotPool:
    """One single-process executor per worker; a table's moves always go to the same one."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self.executors: list[ProcessPoolExecutor | None] = [None] * workers

    def executor(self, index: int) -> ProcessPoolExecutor:
        if self.executors[index] is None:
            context = multiprocessing.get_context("spawn")
            self.executors[index] = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_watch, initargs=(os.getpid(),)
            )
        return self.executors[index]

    async def choose(self, table_id: str, *args) -> str:
        index = zlib.crc32(table_id.encode()) % self.workers
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor(index), choose, table_id, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new one, once
            self.executors[index] = None
            return await loop.run_in_executor(self.executor(index), choose, table_id, *args)

    def shutdown(self) -> None:
        """The workers end with the server (a move under way is waited for)."""
        for executor in self.executors:
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
