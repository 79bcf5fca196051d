"""A table's actor, in this process on a real SQLite store and the real bots' pool (no Socket.IO: ``emit`` keeps
what it is sent): one change at a time, in order, broadcast as the spec orders it; a bot's think that holds no
other command; a task only while there is work; a server's bug and a store's failure each answered as what it is,
with nothing lost."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
import weakref

import pytest

from server import service as service_module
from server import views
from server.errors import ServerError
from server.service import Tables
from server.store_sqlite import SqliteStore
from server.tables import new_meta

from .support import run
from .test_games import okey_pick


def state_of(message) -> dict:
    """A state as sent: JSON text once per version (SQLite), or a dict."""
    state = message["state"]
    return json.loads(state) if isinstance(state, str) else state


class Emitted:
    """What the tables broadcast, in order: (event, room, data)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict]] = []

    async def __call__(self, event, data, room=None):
        self.sent.append((event, room, data))


async def opened(tmp_path, **options) -> tuple[Tables, Emitted]:
    emitted = Emitted()
    tables = Tables(SqliteStore(tmp_path / "tables.sqlite3"), emitted, bot_pace_ms=0, bot_workers=1, **options)
    await tables.open()
    return tables, emitted


async def closed(tables: Tables) -> None:
    await tables.close()
    await tables.store.close()


async def until(predicate, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "not reached in time"
        await asyncio.sleep(0.01)


def test_a_bots_think_holds_no_other_command_of_its_table(tmp_path):
    """While the bot's choice waits in the pool (its one worker kept busy for a second), the table answers its human
    at once; the bot's move is played when the choice comes."""

    async def main():
        tables, _ = await opened(tmp_path)
        try:
            busy = asyncio.get_running_loop().run_in_executor(tables.bots.executor(0), time.sleep, 1.0)
            created = await tables.create("sniff", {"pause": 0}, ["human", "bot:random"], "en")
            table_id, token = created["table"], created["token"]
            await tables.present(table_id, 0, +1)
            actor = tables.actors[table_id]
            look = state_of(await tables.look(table_id, token))
            if look["current"] == 0:  # the human moves first: then it is the bot's turn
                answer = await tables.act(table_id, token, "c1", look["version"], look["legal"][0])
                look = state_of(answer)
            await until(lambda: actor.thinking is not None)
            version = actor.table.version
            started = time.perf_counter()
            for _ in range(20):
                await tables.look(table_id, token)
                refused = None
                try:
                    await tables.act(table_id, token, "c2", version, "pass")
                except ServerError as error:
                    refused = error.code
                assert refused == "not-your-turn"
            answered = time.perf_counter() - started
            still_thinking = actor.thinking is not None
            await busy
            await until(lambda: actor.table.version > version)
            return answered, still_thinking
        finally:
            await closed(tables)

    answered, still_thinking = run(main())
    assert still_thinking  # all 40 commands were answered while the bot was thinking
    assert answered < 0.5, answered


def test_changes_are_broadcast_one_at_a_time_in_order_the_seats_before_the_states(tmp_path):
    """A whole Okey game of a human and three bots, the human's looks and moves arriving while the bots play: the
    human's seat is sent every version once, in order, and the start's ``table`` event comes before the states of
    the same change."""

    async def main():
        tables, emitted = await opened(tmp_path)
        try:
            created = await tables.create("okey", {"pause": 0}, ["human", "human", "bot:random", "bot:random"], "en")
            table_id, token = created["table"], created["token"]
            await tables.present(table_id, 0, +1)
            start = await tables.start(table_id, token, "s1", "random")
            moves = 0
            while True:
                look = state_of(await tables.look(table_id, token))
                if look["over"]:
                    break
                if look["current"] == 0 and look["legal"]:
                    await tables.act(table_id, token, f"m{moves}", look["version"], okey_pick(look["legal"]))
                    moves += 1
                await asyncio.sleep(0.001)
            return table_id, start, moves, emitted.sent
        finally:
            await closed(tables)

    table_id, start, moves, sent = run(main())
    assert start["version"] == 1 and moves > 3
    versions = [data["version"] for event, room, data in sent if event == "state"]
    assert versions == list(range(1, len(versions) + 1)) and len(versions) > moves
    assert {room for event, room, data in sent if event == "state"} == {views.rooms(table_id, 0)[1]}
    kinds = [(event, data["version"]) for event, room, data in sent]
    assert kinds.index(("table", 1)) < kinds.index(("state", 1))
    table_event = next(data for event, room, data in sent if event == "table" and data["version"] == 1)
    assert [seat["kind"] for seat in table_event["seats"]] == ["human", "bot", "bot", "bot"]


def test_a_table_has_a_task_only_while_it_has_work_and_finished_ones_leave_memory(tmp_path, monkeypatch):
    """Three games played to their end by their bots (each human left at once), with two finished tables kept:
    no table keeps a task or a timer once idle, and the third finished table's actor is freed."""
    monkeypatch.setattr(service_module, "KEEP_DONE", 2)

    async def main():
        tables, _ = await opened(tmp_path)
        try:
            actors = {}
            for _ in range(3):
                created = await tables.create("sniff", {"pause": 0}, ["human", "bot:random"], "en")
                actors[created["table"]] = weakref.ref(tables.actors[created["table"]])
                await tables.leave(created["table"], created["token"])  # two bots play it to its end
            await until(lambda: not tables.actors)
            idle = [(actor.task, actor.timer, actor.thinking) for actor in tables.done.values()]
            kept = list(tables.done)
            gc.collect()
            return actors, kept, idle
        finally:
            await closed(tables)

    actors, kept, idle = run(main())
    assert idle == [(None, None, None)] * 2
    assert len(kept) == 2 and set(kept) < set(actors)
    (dropped,) = set(actors) - set(kept)
    assert actors[dropped]() is None, "a finished table beyond the kept ones stayed in memory"


def test_a_server_bug_is_answered_server_error_logged_once_and_nothing_is_lost(tmp_path, monkeypatch, caplog):
    """A fault in the server's own code while it answers an action: the player reads ``server-error`` (never their
    own ``bad-request``), the log has its traceback once, the table is its log again, and the action's retry with
    the same id is answered as applied once."""

    async def main():
        tables, _ = await opened(tmp_path)
        try:
            created = await tables.create("sniff", {"pause": 0}, ["human", "human"], "en")
            table_id, token = created["table"], created["token"]
            joined = await tables.join(table_id, created["invite"], None)
            seats = {0: token, 1: joined["token"]}
            look = state_of(await tables.look(table_id, token))
            mover = seats[look["current"]]
            look = state_of(await tables.look(table_id, mover))
            real_state = views.state
            failing = {"once": True}

            def state(table, seat):
                if failing.pop("once", False):
                    raise RuntimeError("a bug in the state's making")
                return real_state(table, seat)

            monkeypatch.setattr(views, "state", state)
            with pytest.raises(ServerError) as bug:
                await tables.act(table_id, mover, "m1", look["version"], look["legal"][0])
            retried = await tables.act(table_id, mover, "m1", look["version"], look["legal"][0])
            logged = await tables.store.log(table_id)
            return bug.value, retried, look["version"], logged
        finally:
            await closed(tables)

    with caplog.at_level(logging.ERROR, logger="server"):
        error, retried, version, logged = run(main())
    assert error.code == "server-error"
    assert "bad-request" not in error.message and "Traceback" not in error.message
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert "a bug in the state's making" in str(errors[0].exc_info[1])
    assert retried["repeated"] is True and retried["version"] == version + 1
    assert [entry["version"] for entry in logged][-1] == version + 1


def test_a_store_that_cannot_write_is_answered_unavailable_and_changes_nothing(tmp_path):
    """The SQLite file turns read-only (as a full or failing disk does): an action is refused ``unavailable``, the
    table stays at its version; once the store writes again the same command is applied, once."""

    async def main():
        tables, _ = await opened(tmp_path)
        try:
            created = await tables.create("sniff", {"pause": 0}, ["human", "human"], "en")
            table_id = created["table"]
            joined = await tables.join(table_id, created["invite"], None)
            seats = {0: created["token"], 1: joined["token"]}
            look = state_of(await tables.look(table_id, created["token"]))
            mover = seats[look["current"]]
            legal = state_of(await tables.look(table_id, mover))["legal"]
            tables.store.db.execute("PRAGMA query_only = ON")
            with pytest.raises(ServerError) as refused:
                await tables.act(table_id, mover, "m1", look["version"], legal[0])
            after = state_of(await tables.look(table_id, mover))
            tables.store.db.execute("PRAGMA query_only = OFF")
            applied = await tables.act(table_id, mover, "m1", look["version"], legal[0])
            return refused.value, look["version"], after, applied
        finally:
            await closed(tables)

    refused, version, after, applied = run(main())
    assert refused.code == "unavailable" and refused.params == {"table": refused.params["table"]}
    assert after["version"] == version and after["legal"]  # nothing changed: the seat may move again
    assert applied["version"] == version + 1 and "repeated" not in applied


def test_a_log_written_before_start_rebuilds_and_plays_on(tmp_path):
    """A table of an older release, its seats given to bots one ``bot`` entry at a time and no deadline in its log,
    left in the SQLite file: a server started on that file rebuilds it, shows the bots, times its turns again, and
    its creator plays on."""

    async def main():
        old = SqliteStore(tmp_path / "tables.sqlite3")
        meta, token = new_meta("t-old", "okey", {"pause": 0, "timer": 30}, ["human"] * 4, "en")
        await old.create("t-old", meta, "an older release")
        for version, seat in enumerate((1, 2, 3), start=1):
            entry = {"version": version, "kind": "bot", "seat": seat, "level": "random", "by": 0, "id": f"b{seat}"}
            await old.append("t-old", entry, "an older release")
        await old.close()
        tables, emitted = await opened(tmp_path)
        try:
            taken = list(tables.actors)
            await tables.present("t-old", 0, +1)
            first = state_of(await tables.look("t-old", token))
            table = next(data for event, room, data in emitted.sent if event == "table")
            look = first
            while look["current"] != 0:  # the bots play their turns first
                await asyncio.sleep(0.01)
                look = state_of(await tables.look("t-old", token))
            played = await tables.act("t-old", token, "m1", look["version"], okey_pick(look["legal"]))
            return taken, first, table, look, played
        finally:
            await closed(tables)

    taken, first, table, look, played = run(main())
    assert taken == ["t-old"]  # recovered at the start, as every unfinished table
    assert first["version"] >= 3 and first["status"] == "playing"
    assert [(seat["kind"], seat["level"]) for seat in table["seats"][1:]] == [("bot", "random")] * 3
    assert look["deadline"] is not None  # its turns are timed again
    assert played["version"] == look["version"] + 1


def test_a_start_without_a_level_and_a_seat_left_get_the_games_default_bot(tmp_path):
    """The level is the game's (``spec.default_bot``), not the server's: a start that names none gives the free
    seats that bot, and a seat whose human left is shown played by it."""
    from engine.core.games import game_spec

    async def main():
        tables, _ = await opened(tmp_path)
        try:
            created = await tables.create("sniff", {"pause": 0}, ["human", "human", "human"], "en")
            table_id = created["table"]
            joined = await tables.join(table_id, created["invite"], None)
            await tables.start(table_id, created["token"], "s1", None)
            await tables.leave(table_id, joined["token"])
            return [(seat["kind"], seat["level"]) for seat in tables.actors[table_id].table.seats_info(set())]
        finally:
            await closed(tables)

    default = game_spec("sniff").default_bot
    assert run(main()) == [("human", None), ("bot", default), ("bot", default)]
