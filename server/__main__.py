"""``python -m server``: the site and the online tables on one origin (see spec/online-tables.md).

.venv/bin/python -m server [--host 127.0.0.1] [--port 8000] [--site site/] [--db .tables/tables.sqlite3]
.venv/bin/python -m server --redis redis://127.0.0.1:6379/0    # several processes on one Redis
"""

from __future__ import annotations

import argparse
import dataclasses
import faulthandler
import logging
import os
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def raise_file_limit(connections: int) -> int:
    """Each connection is a file: the soft limit raised to hold ``connections`` and the server's own files (up to
    the hard limit). How many connections the process can hold (fewer than asked, with a warning, when the hard
    limit is too low)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return connections
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    if target < wanted:
        logging.getLogger("server").warning(
            "open files are limited to %d (ulimit -n): at most %d connections", target, target - 256
        )
    return min(connections, target - 256)


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
    parser.add_argument(
        "--origin",
        action="append",
        default=[o for o in os.environ.get("SERVER_ORIGIN", "").split(",") if o],
        metavar="URL",
        help="an origin whose pages may use the tables (https://tiles.example; repeat for more; default: the "
        "page's own scheme and Host)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
        metavar="IPS",
        help="the reverse proxies whose X-Forwarded-For gives the client's address (comma-separated; default "
        "127.0.0.1,::1, a proxy on this host, as uvicorn's; '' for none)",
    )
    from .limits import Limits

    Limits.add_options(parser)
    args = parser.parse_args(argv)
    try:
        limits = Limits.from_options(args)
    except ValueError as error:
        parser.error(str(error))
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
    from .gate import Gate, protocols
    from .host import serve
    from .limits import quiet

    app, sio, tables = make_app(
        args.site,
        db=None if args.redis else db,
        redis=args.redis,
        bot_pace_ms=args.bot_pace,
        grace_ms=args.grace,
        limits=limits,
        origins=args.origin,
        db_lock=db_lock,
    )
    limits = dataclasses.replace(limits, connections=raise_file_limit(limits.connections))
    gate = Gate(limits, args.forwarded_allow_ips)
    sio.guard.ban = gate.ban  # an address the Socket.IO layer bans is refused below HTTP too
    sio.guard.counted = gate.counted
    gate.count_refusal = sio.guard.count_refusal  # the metrics' refusals, by code
    http, ws = protocols(gate)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        log_config=None,  # uvicorn's own lines go through the server's (server.logs): JSON, bounded
        access_log=False,  # one line per request is the server's (server.host)
        lifespan="on",
        http=http,
        ws=ws,
        ws_ping_interval=None,
        ws_max_size=1_000_000,  # what Engine.IO reads at most (max_http_buffer_size)
        timeout_keep_alive=limits.keep_alive,
        h11_max_incomplete_event_size=limits.header_bytes,
        forwarded_allow_ips=args.forwarded_allow_ips,
        server_header=False,
        timeout_graceful_shutdown=10,
    )
    quiet("uvicorn.error")  # a flood of garbage requests: a few short lines a second, not one each
    serve(config, tables, sio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
