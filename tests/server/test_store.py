"""The store's contract (``server.store.Store``), one set of tests run over every implementation: SQLite and Redis
(a real ``redis-server``). What the tables' actors rely on: the log written only as the next version by the table's
owner, one owner at a time with leases that run out, a take-over that fences the old owner out, orphans found,
finished tables read-only, presence per process, and a failure said as ``StoreUnavailable``."""

from __future__ import annotations

import asyncio
import os
import shutil

import pytest

from server.store import KEEP_MS, StoreConflict, StoreUnavailable, now_ms
from server.store_redis import RedisStore
from server.store_sqlite import SqliteStore

from .support import RedisProcess, run

KINDS = ["sqlite", "redis"]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    if shutil.which("redis-server") is None:
        if os.getuid() == 0:
            pytest.fail("redis-server is missing: scripts/test installs it (apt-get install redis-server)")
        pytest.skip("redis-server is missing and we are not root to install it (scripts/test installs it as root)")
    process = RedisProcess(tmp_path_factory.mktemp("redis"))
    yield process.url
    process.stop()


@pytest.fixture(params=KINDS)
def kind(request):
    return request.param


@pytest.fixture
def opener(kind, request, tmp_path):
    """``await opener(lease_ms)``: a new, empty store of this kind (made inside the test's event loop); with
    ``empty=False``, one more store on what the test's earlier stores wrote."""
    url = request.getfixturevalue("redis_url") if kind == "redis" else None

    async def open_store(lease_ms: int = 3000, empty: bool = True):
        if kind == "sqlite":
            return SqliteStore(tmp_path / "tables.sqlite3", lease_ms=lease_ms)
        store = RedisStore(url, lease_ms=lease_ms)
        if empty:
            await store.redis.flushdb()
        return store

    return open_store


def meta(table_id: str) -> dict:
    return {"id": table_id, "game": "sniff", "seats": [{"kind": "human", "token": None}]}


def entry(version: int, **fields) -> dict:
    return {"version": version, "kind": "act", "seat": 0, "action": f"move {version}", **fields}


def test_a_table_is_its_meta_and_its_log(opener):
    async def main():
        store = await opener()
        try:
            await store.create("t1", meta("t1"), "a")
            got = (await store.meta("t1"), await store.meta("nope"), await store.log("t1"))
            await store.append("t1", entry(1), "a")
            await store.append("t1", entry(2, auto=True), "a")
            return (*got, await store.log("t1"), await store.log("t1", 1), await store.unfinished())
        finally:
            await store.close()

    found, unknown, empty, log, tail, unfinished = run(main())
    assert found == meta("t1") and unknown is None and empty == []
    assert log == [entry(1), entry(2, auto=True)] and tail == [entry(2, auto=True)]
    assert unfinished == ["t1"]


def test_an_entry_is_written_only_as_the_next_version_by_the_tables_owner(opener):
    async def main():
        store = await opener()
        refused = []
        try:
            await store.create("t1", meta("t1"), "a")
            for version, owner in ((2, "a"), (1, "b"), (1, "a"), (1, "a"), (3, "a")):
                try:
                    await store.append("t1", entry(version), owner)
                except StoreConflict:
                    refused.append((version, owner))
            return refused, await store.log("t1")
        finally:
            await store.close()

    refused, log = run(main())
    assert refused == [(2, "a"), (1, "b"), (1, "a"), (3, "a")]
    assert log == [entry(1)]


def test_one_owner_at_a_time_and_a_take_over_fences_the_old_one_out(opener):
    async def main():
        store = await opener()
        seen = {}
        try:
            await store.create("t1", meta("t1"), "a")
            seen["claimed by b"] = await store.claim("t1", "b")
            seen["taken from c"] = await store.take_over("t1", "c", "b")
            seen["taken from a"] = await store.take_over("t1", "a", "b")
            try:
                await store.append("t1", entry(1), "a")
                seen["old owner wrote"] = True
            except StoreConflict:
                seen["old owner wrote"] = False
            await store.append("t1", entry(1), "b")
            seen["a renews"] = await store.renew("a", ["t1"])
            seen["b renews"] = await store.renew("b", ["t1"])
            await store.release("t1", "a")  # not a's to give up
            seen["after a's release"] = await store.claim("t1", "c")
            await store.release("t1", "b")
            seen["after b's release"] = await store.claim("t1", "c")
            seen["log"] = await store.log("t1")
            return seen
        finally:
            await store.close()

    seen = run(main())
    assert seen == {
        "claimed by b": "a",
        "taken from c": False,
        "taken from a": True,
        "old owner wrote": False,
        "a renews": ["t1"],
        "b renews": [],
        "after a's release": "b",
        "after b's release": "c",
        "log": [entry(1)],
    }


def test_unknown_tables_have_no_owner_and_finished_ones_are_anyones_to_read(opener):
    async def main():
        store = await opener()
        try:
            await store.create("t1", meta("t1"), "a")
            await store.create("t2", meta("t2"), "a")
            await store.append("t1", entry(1), "a")
            await store.present("t1", 0, "p", 1)
            await store.finish("t1")
            try:
                await store.append("t1", entry(2), "a")
                wrote = True
            except StoreConflict:
                wrote = False
            await store.present("t1", 0, "p", 1)  # a seat looking at the record: not kept
            await store.present("nope", 0, "p", 1)
            claims = [await store.claim("nope", "b"), await store.claim("t1", "b"), await store.claim("t1", "c")]
            presence = [await store.presence("t1"), await store.presence("nope")]
            return claims, wrote, await store.unfinished(), presence, await store.log("t1")
        finally:
            await store.close()

    claims, wrote, unfinished, presence, log = run(main())
    assert claims == [None, "b", "c"]
    assert not wrote and log == [entry(1)]
    assert unfinished == ["t2"] and presence == [{}, {}]


def test_a_lease_not_renewed_runs_out_and_its_table_is_an_orphan(opener):
    async def main():
        store = await opener(lease_ms=300)
        try:
            for table_id in ("t1", "t2", "t3"):
                await store.create(table_id, meta(table_id), "a")
            await store.finish("t3")
            held = await store.orphans()
            for _ in range(4):
                await asyncio.sleep(0.15)
                lost = await store.renew("a", ["t2"])
            orphans = await store.orphans()
            claimed = await store.claim("t1", "b"), await store.claim("t2", "b")
            return held, lost, orphans, claimed, await store.orphans()
        finally:
            await store.close()

    held, lost, orphans, claimed, after = run(main())
    assert held == [] and lost == []
    assert orphans == ["t1"]  # t2 was renewed; t3 is finished
    assert claimed == ("b", "a")
    assert after == []


def test_a_store_opened_on_tables_no_process_owns_finds_them_orphans(opener, kind):
    """After a restart (SQLite: a new store on the same file) or on tables written before leases existed (Redis:
    only their meta and the set of unfinished tables), every unfinished table is an orphan at once."""

    async def main():
        old = await opener()
        try:
            if kind == "sqlite":
                for table_id in ("t1", "t2"):
                    await old.create(table_id, meta(table_id), "old")
                await old.finish("t2")
            else:
                await old.redis.set("t:t1:meta", '{"id": "t1"}')
                await old.redis.set("t:t2:meta", '{"id": "t2"}')
                await old.redis.sadd("unfinished", "t1")
        finally:
            await old.close()
        store = await opener(empty=False)
        try:
            return await store.orphans(), await store.claim("t1", "new"), await store.orphans()
        finally:
            await store.close()

    assert run(main()) == (["t1"], "new", [])


def test_presence_is_counted_per_seat_and_process(opener):
    async def main():
        store = await opener()
        try:
            await store.create("t1", meta("t1"), "a")
            await store.present("t1", 0, "p1", 2)
            await store.present("t1", 0, "p2", 1)
            await store.present("t1", 1, "p1", 1)
            await store.present("t1", -1, "p1", 3)  # the table's spectators (server.store.WATCH)
            both = await store.presence("t1")
            await store.present("t1", 0, "p1", 0)
            await store.present("t1", 1, "p1", 0)
            await store.present("t1", -1, "p1", 0)
            return both, await store.presence("t1"), await store.presence("t2")
        finally:
            await store.close()

    both, after, other = run(main())
    assert both == {0: {"p1": 2, "p2": 1}, 1: {"p1": 1}, -1: {"p1": 3}}
    assert after == {0: {"p2": 1}} and other == {}


def test_records_rematches_and_the_lobby(opener, kind):
    async def main():
        store = await opener()
        seen = {}
        try:
            for table_id in ("t1", "t2", "t3"):
                await store.create(table_id, meta(table_id), "a")
            await store.list_table("t1", "sniff", 100, {"table": "t1"})
            await store.list_table("t2", "okey", 300, {"table": "t2"})
            await store.list_table("t3", "sniff", 200, {"table": "t3"})
            await store.list_table("t3", "sniff", 200, {"table": "t3", "watchers": 2})  # changed in place
            seen["all"] = await store.lobby(None, 50)
            seen["sniff"] = await store.lobby("sniff", 50)
            seen["newest"] = await store.lobby(None, 1)
            seen["playing"] = await store.record("t1")
            await store.finish("t1", '{"seed": 1}')
            seen["finished"] = await store.record("t1"), await store.record("nope")
            seen["listed after"] = [entry["table"] for entry in await store.lobby(None, 50)]
            await store.list_table("t2", "okey", 300, None)
            seen["unlisted"] = [entry["table"] for entry in await store.lobby(None, 50)]
            seen["next"] = await store.next_of("t1")
            seen["set"] = await store.set_next("t1", "n1"), await store.set_next("t1", "n2"), await store.next_of("t1")
            if kind == "sqlite":  # Redis's keys expire by themselves
                seen["purged now"] = await store.purge(now_ms())
                seen["purged later"] = await store.purge(now_ms() + KEEP_MS + 1000)
                seen["gone"] = await store.meta("t1"), await store.record("t1"), await store.log("t1")
            else:
                seen["ttl"] = await store.redis.pttl("t:t1:meta")
            return seen
        finally:
            await store.close()

    seen = run(main())
    assert seen["all"] == [{"table": "t2"}, {"table": "t3", "watchers": 2}, {"table": "t1"}]
    assert seen["sniff"] == [{"table": "t3", "watchers": 2}, {"table": "t1"}]
    assert seen["newest"] == [{"table": "t2"}]
    assert seen["playing"] is None and seen["finished"] == ('{"seed": 1}', None)
    assert seen["listed after"] == ["t2", "t3"] and seen["unlisted"] == ["t3"]
    assert seen["next"] is None and seen["set"] == ("n1", "n1", "n1")
    if kind == "sqlite":
        assert seen["purged now"] == 0 and seen["purged later"] == 1 and seen["gone"] == (None, None, [])
    else:
        assert KEEP_MS - 60_000 < seen["ttl"] <= KEEP_MS


def test_a_dropped_table_is_gone_with_its_log_lease_and_presence(opener):
    """A table deleted (it waited for its players too long) is unknown from then on: no meta, no log, no owner,
    no presence, not unfinished (so never rebuilt at a start); the others stay."""

    async def main():
        store = await opener()
        try:
            for table_id in ("t1", "t2"):
                await store.create(table_id, meta(table_id), "a")
                await store.append(table_id, entry(1), "a")
                await store.present(table_id, 0, "a", 1)
            await store.drop("t1")
            gone = (await store.meta("t1"), await store.log("t1"), await store.presence("t1"))
            return gone, await store.claim("t1", "b"), await store.unfinished(), await store.log("t2")
        finally:
            await store.close()

    gone, claimed, unfinished, kept = run(main())
    assert gone == (None, [], {}) and claimed is None
    assert unfinished == ["t2"] and kept == [entry(1)]


def test_a_store_that_cannot_be_written_says_so(kind, tmp_path):
    """A failing store raises ``StoreUnavailable``, never a refusal of the entry: SQLite on a file that turned
    read-only (as a full or failing disk leaves it), Redis gone."""

    async def main():
        redis = None
        if kind == "sqlite":
            store = SqliteStore(tmp_path / "tables.sqlite3")
        else:
            if shutil.which("redis-server") is None:
                pytest.skip("redis-server is missing")
            redis = RedisProcess(tmp_path)
            store = RedisStore(redis.url)
        try:
            await store.create("t1", meta("t1"), "a")
            if redis is None:
                store.db.execute("PRAGMA query_only = ON")
            else:
                redis.stop()
            failed = []
            for name, call in (
                ("append", store.append("t1", entry(1), "a")),
                ("create", store.create("t2", meta("t2"), "a")),
                ("renew", store.renew("a", ["t1"])),
            ):
                try:
                    await call
                except StoreUnavailable:
                    failed.append(name)
            return failed
        finally:
            if redis is not None and redis.process.poll() is None:
                redis.stop()
            await store.close()

    failed = run(main())
    # SQLite's leases are in memory: its renewal needs no file.
    assert failed == (["append", "create"] if kind == "sqlite" else ["append", "create", "renew"])


def test_a_store_keeps_its_identity_and_one_that_lost_its_data_gets_a_new_one(opener, kind, tmp_path):
    """The epoch is written once and read back by every store opened on the same data; a store emptied meanwhile
    (Redis restarted without its data; SQLite: another file) has another, so that a process notices the loss."""

    async def main():
        store = await opener()
        try:
            first = await store.epoch("one"), await store.epoch("two")
        finally:
            await store.close()
        again = await opener(empty=False)
        try:
            kept = await again.epoch("three")
            if kind == "redis":
                await again.redis.flushdb()
                emptied = await again.epoch("four")
            else:
                other = SqliteStore(tmp_path / "other.sqlite3")
                emptied = await other.epoch("four")
                await other.close()
        finally:
            await again.close()
        return first, kept, emptied

    assert run(main()) == (("one", "one"), "one", "four")
