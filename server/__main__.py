"""``python -m server``: the site and the online tables on one origin (see spec/online-tables.md).

.venv/bin/python -m server [--host 127.0.0.1] [--port 8000] [--site site/] [--db .tables/tables.sqlite3]
.venv/bin/python -m server --redis redis://127.0.0.1:6379/0    # several processes on one Redis
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 = any free port)")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default site/)")
    parser.add_argument("--db", type=Path, default=None, help="the SQLite store (default .tables/tables.sqlite3)")
    parser.add_argument("--redis", default=None, help="a Redis URL: the shared store of several processes")
    parser.add_argument(
        "--bot-pace", type=int, default=300, metavar="MS", help="the pause before each bot move (default 300 ms)"
    )
    parser.add_argument(
        "--grace",
        type=int,
        default=2000,
        metavar="MS",
        help="how long a seat whose connection dropped waits before the bot plays it (default 2000 ms, at most 5000)",
    )
    parser.add_argument(
        "--log-format",
        choices=("json", "text"),
        default="json",
        help="one JSON object per log line (default), or text for a terminal",
    )
    args = parser.parse_args(argv)
    if not 0 <= args.grace <= 5000:
        parser.error("--grace is 0 to 5000 ms: the protocol allows a grace of at most 5 seconds")
    if args.db is not None and args.redis:
        parser.error("--db and --redis exclude each other: one store")
    if not (args.site / "index.html").is_file():
        print(f"error: {args.site} holds no built site: run scripts/build_site first", file=sys.stderr)
        return 2
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 <pid>: every thread's stack, on stderr
    if os.environ.get("SERVER_PROFILE"):  # the load benchmark's --profile: kill -USR2 <pid> writes the statistics
        import cProfile

        profiler = cProfile.Profile()
        signal.signal(signal.SIGUSR2, lambda *_: profiler.dump_stats(os.environ["SERVER_PROFILE"]))
        profiler.enable()
    from .logs import configure
    from .store_sqlite import StoreLocked, lock

    configure(args.log_format)
    db = args.db or ROOT / ".tables" / "tables.sqlite3"
    try:  # before anything else: a second process on the same file stops here, at once
        db_lock = None if args.redis else lock(db)
    except StoreLocked as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    import uvicorn

    from .app import make_app
    from .host import serve

    app, sio, tables = make_app(
        args.site,
        db=None if args.redis else db,
        redis=args.redis,
        bot_pace_ms=args.bot_pace,
        grace_ms=args.grace,
        db_lock=db_lock,
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        log_config=None,  # uvicorn's own lines go through the server's (server.logs): JSON, bounded
        access_log=False,  # one line per request is the server's (server.host)
        lifespan="on",
        ws="websockets-sansio",
        ws_ping_interval=None,
        timeout_graceful_shutdown=10,
    )
    serve(config, tables, sio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
