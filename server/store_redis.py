"""The tables' store in Redis, shared by several server processes (``server.store.Store``).

Keys: ``t:<id>:meta`` (JSON), ``t:<id>:log`` (a list of JSON entries), ``t:<id>:owner`` (the owning process's
name, with the lease's expiry as the key's own), ``unfinished`` (a set of table ids), ``owners`` (a sorted set:
table -> when its lease ends, epoch ms, so that a process finds the orphans in one read), ``here:<id>`` (a hash:
``<seat>:<process>`` -> that process's open connections to the seat; the seat ``-1`` counts spectators), ``epoch`` (the
store's identity).

Around the tables: ``t:<id>:record`` (a finished game's record, JSON), ``t:<id>:next`` (the table its rematch
made); the lobby: ``lobby`` (a hash: table -> its summary, JSON) and ``lobby:<game>`` (sorted sets: table -> when
it was created). A finished table's keys expire ``KEEP_MS`` after its end.

Every write that must not interleave with another is one Lua script: an append checks the owner and the version,
a claim the table's existence and the lease, a take-over the previous owner.
"""

from __future__ import annotations

import functools
import json

from engine.core.games import GAMES

from .store import KEEP_MS, LEASE_MS, StoreConflict, StoreUnavailable, now_ms

#: Leases renewed per script call.
RENEW_BATCH = 500

_APPEND = """
if redis.call('GET', KEYS[2]) ~= ARGV[3] then return -1 end
if redis.call('LLEN', KEYS[1]) + 1 ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
return 1
"""
# KEYS: meta, owner, unfinished, owners; ARGV: table, owner, lease ms, now ms
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then return ARGV[2] end
local holder = redis.call('GET', KEYS[2])
if holder then return holder end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[4], tonumber(ARGV[4]) + tonumber(ARGV[3]), ARGV[1])
return ARGV[2]
"""
# KEYS: owner, owners; ARGV: table, previous, owner, lease ms, now ms
_TAKE_OVER = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
redis.call('ZADD', KEYS[2], tonumber(ARGV[5]) + tonumber(ARGV[4]), ARGV[1])
return 1
"""
# KEYS: owners, then each table's owner key; ARGV: owner, lease ms, now ms, then each table's id
_RENEW = """
local lost = {}
for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    redis.call('ZADD', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[2]), ARGV[i + 2])
  else
    table.insert(lost, ARGV[i + 2])
  end
end
return lost
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('ZADD', KEYS[2], 0, ARGV[2])
end
return 0
"""
# KEYS: here, unfinished; ARGV: table, field, count. A finished (or unknown) table keeps no presence.
_PRESENT = """
if tonumber(ARGV[3]) == 0 then return redis.call('HDEL', KEYS[1], ARGV[2]) end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return 0 end
return redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
"""
# Tables written before the owners' set existed (or whose entry was lost) become orphans.
_ADOPT_UNLISTED = """
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if not redis.call('ZSCORE', KEYS[2], id) then redis.call('ZADD', KEYS[2], 0, id) end
end
return 0
"""
# KEYS: epoch; ARGV: candidate
_EPOCH = """
local epoch = redis.call('GET', KEYS[1])
if epoch then return epoch end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""


def _reached(method):
    """Redis failures (a lost connection, a timeout, a refused write) become ``StoreUnavailable``."""

    @functools.wraps(method)
    async def wrapper(self, *args, **kwargs):
        try:
            return await method(self, *args, **kwargs)
        except self.errors as error:
            raise StoreUnavailable(f"redis: {error}") from error

    return wrapper


class RedisStore:
    shared = True

    def __init__(self, url: str, lease_ms: int = LEASE_MS) -> None:
        import redis.asyncio as redis
        from redis.exceptions import ConnectionError, RedisError

        self.errors = (RedisError, OSError)
        self.lease_ms = lease_ms
        # A Redis that stops answering is told as unavailable within seconds, not waited for. A connection that
        # broke (Redis restarted) is made again and the command sent again, a few times (redis-py's backoff, half a
        # second at most): else every pooled connection fails one command after a restart.
        self.redis = redis.from_url(
            url, decode_responses=True, socket_timeout=5, socket_connect_timeout=5, retry_on_error=[ConnectionError]
        )
        self._append = self.redis.register_script(_APPEND)
        self._claim = self.redis.register_script(_CLAIM)
        self._take_over = self.redis.register_script(_TAKE_OVER)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._adopt_unlisted = self.redis.register_script(_ADOPT_UNLISTED)
        self._present = self.redis.register_script(_PRESENT)
        self._epoch = self.redis.register_script(_EPOCH)
        self.listed = False

    async def close(self) -> None:
        await self.redis.aclose()

    @_reached
    async def create(self, table_id: str, meta: dict, owner: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(f"t:{table_id}:meta", json.dumps(meta))
            pipe.sadd("unfinished", table_id)
            pipe.set(f"t:{table_id}:owner", owner, px=self.lease_ms)
            pipe.zadd("owners", {table_id: now_ms() + self.lease_ms})
            await pipe.execute()

    @_reached
    async def meta(self, table_id: str) -> dict | None:
        text = await self.redis.get(f"t:{table_id}:meta")
        return json.loads(text) if text else None

    @_reached
    async def log(self, table_id: str, start: int = 0) -> list[dict]:
        return [json.loads(text) for text in await self.redis.lrange(f"t:{table_id}:log", start, -1)]

    @_reached
    async def append(self, table_id: str, entry: dict, owner: str) -> None:
        text = json.dumps(entry, separators=(",", ":"))
        keys = [f"t:{table_id}:log", f"t:{table_id}:owner"]
        done = await self._append(keys=keys, args=[entry["version"], text, owner])
        if done == -1:
            raise StoreConflict(f"{table_id}: {owner} does not own it")
        if done == 0:
            raise StoreConflict(f"{table_id}: version {entry['version']} is not the next")

    @_reached
    async def finish(self, table_id: str, record: str | None = None) -> None:
        keys = [f"t:{table_id}:{name}" for name in ("meta", "log", "record", "next")]
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.srem("unfinished", table_id)
            pipe.zrem("owners", table_id)
            pipe.delete(f"t:{table_id}:owner", f"here:{table_id}")
            if record is not None:
                pipe.set(keys[2], record, nx=True)
            for key in keys:
                pipe.pexpire(key, KEEP_MS)
            await pipe.execute()
        await self.list_table(table_id, "", 0, None)

    @_reached
    async def record(self, table_id: str) -> str | None:
        return await self.redis.get(f"t:{table_id}:record")

    async def purge(self, now: int) -> int:
        return 0  # a finished table's keys expire by themselves

    @_reached
    async def set_next(self, table_id: str, next_id: str) -> str:
        key = f"t:{table_id}:next"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(key, next_id, nx=True)
            pipe.get(key)
            pipe.pexpire(key, KEEP_MS)
            _, chosen, _ = await pipe.execute()
        return chosen

    @_reached
    async def next_of(self, table_id: str) -> str | None:
        return await self.redis.get(f"t:{table_id}:next")

    @_reached
    async def list_table(self, table_id: str, game: str, created: int, summary: dict | None) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            if summary is None:
                pipe.hdel("lobby", table_id)
                for name in GAMES:
                    pipe.zrem(f"lobby:{name}", table_id)
            else:
                pipe.hset("lobby", table_id, json.dumps(summary, separators=(",", ":")))
                pipe.zadd(f"lobby:{game}", {table_id: created})
            await pipe.execute()

    @_reached
    async def lobby(self, game: str | None, limit: int) -> list[dict]:
        found: list[tuple[float, str]] = []
        for name in GAMES if game is None else (game,):
            found += [
                (score, table)
                for table, score in await self.redis.zrevrange(f"lobby:{name}", 0, limit - 1, withscores=True)
            ]
        found.sort(reverse=True)
        ids = [table for _, table in found[:limit]]
        texts = await self.redis.hmget("lobby", ids) if ids else []
        return [json.loads(text) for text in texts if text]

    @_reached
    async def drop(self, table_id: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.srem("unfinished", table_id)
            pipe.zrem("owners", table_id)
            pipe.delete(f"t:{table_id}:meta", f"t:{table_id}:log", f"t:{table_id}:owner", f"here:{table_id}")
            pipe.delete(f"t:{table_id}:record", f"t:{table_id}:next")
            await pipe.execute()
        await self.list_table(table_id, "", 0, None)

    @_reached
    async def unfinished(self) -> list[str]:
        return sorted(await self.redis.smembers("unfinished"))

    @_reached
    async def claim(self, table_id: str, owner: str) -> str | None:
        keys = [f"t:{table_id}:meta", f"t:{table_id}:owner", "unfinished", "owners"]
        holder = await self._claim(keys=keys, args=[table_id, owner, self.lease_ms, now_ms()])
        return holder or None

    @_reached
    async def take_over(self, table_id: str, previous: str, owner: str) -> bool:
        keys = [f"t:{table_id}:owner", "owners"]
        return bool(await self._take_over(keys=keys, args=[table_id, previous, owner, self.lease_ms, now_ms()]))

    @_reached
    async def renew(self, owner: str, table_ids: list[str]) -> list[str]:
        lost = []
        for start in range(0, len(table_ids), RENEW_BATCH):  # Redis runs one script at a time: keep each short
            batch = table_ids[start : start + RENEW_BATCH]
            keys = ["owners", *(f"t:{table_id}:owner" for table_id in batch)]
            lost += await self._renew(keys=keys, args=[owner, self.lease_ms, now_ms(), *batch])
        return lost

    @_reached
    async def release(self, table_id: str, owner: str) -> None:
        await self._release(keys=[f"t:{table_id}:owner", "owners"], args=[owner, table_id])

    @_reached
    async def orphans(self) -> list[str]:
        if not self.listed:
            await self._adopt_unlisted(keys=["unfinished", "owners"])
            self.listed = True
        return list(await self.redis.zrangebyscore("owners", "-inf", now_ms()))

    @_reached
    async def present(self, table_id: str, seat: int, process: str, count: int) -> None:
        await self._present(keys=[f"here:{table_id}", "unfinished"], args=[table_id, f"{seat}:{process}", count])

    @_reached
    async def epoch(self, candidate: str) -> str:
        return await self._epoch(keys=["epoch"], args=[candidate])

    @_reached
    async def presence(self, table_id: str) -> dict[int, dict[str, int]]:
        seats: dict[int, dict[str, int]] = {}
        for field, count in (await self.redis.hgetall(f"here:{table_id}")).items():
            seat, _, process = field.partition(":")
            if process and seat.lstrip("-").isdigit() and int(count) > 0:
                seats.setdefault(int(seat), {})[process] = int(count)
        return seats
