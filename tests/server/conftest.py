"""Fixtures of the server's tests: a tiny site, server processes on free ports, a redis-server."""

from __future__ import annotations

import os
import shutil

import pytest

from .support import RedisProcess, ServerProcess, tiny_site


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    return tiny_site(tmp_path_factory.mktemp("site"))


#: The shared server's grace for a dropped seat (ms): shorter than the default 2 s, so that the absence tests wait
#: less; the same clock otherwise.
GRACE = 500
#: The clock tests' move timer of 1 s, under the default shortest one (10 s: a real player's least).
QUICK = ("--min-timer", "1")


@pytest.fixture(scope="session")
def server(site, tmp_path_factory):
    """One server process on SQLite for the tests that need no server of their own."""
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    process = ServerProcess(site, db=db, grace=GRACE, options=QUICK)
    yield process
    process.stop()


def need_redis() -> None:
    if shutil.which("redis-server") is None:
        if os.getuid() == 0:
            pytest.fail("redis-server is missing: scripts/test installs it (apt-get install redis-server)")
        pytest.skip("redis-server is missing and we are not root to install it (scripts/test installs it as root)")


@pytest.fixture
def redis_server(tmp_path):
    need_redis()
    process = RedisProcess(tmp_path)
    yield process
    process.stop()
