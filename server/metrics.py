"""What a host watches: Prometheus metrics of one server process (``GET /metrics``, ``server.host``), and one log
line per refused event.

- ``online_tables{status}``: the unfinished tables this process owns, ``waiting`` or ``playing``;
- ``online_seats``: the seats with a connection open to this process; ``online_connections``: its Engine.IO
  connections;
- ``online_answer_seconds{event}``: how long a client's event took to answer (a histogram), by event;
- ``online_refusals_total{code}``: the events answered with a refusal, by the protocol's code;
- ``online_http_requests_total{status}``: HTTP requests and WebSocket sessions, by status class (``2xx`` …);
- ``online_store_up``: 1 while the tables' store answered at the last beat; ``online_tables_lost_total``: the
  tables this process knew when the store came back without its data.

Each process has its own registry (a test may run several apps in one process); Prometheus scrapes every process
and adds them up. The events are observed where python-socketio calls their handlers (``observe``), so the
protocol's own layer (``server.sockets``) knows nothing of them; a refusal made before any handler runs (a limit
of the socket layer) is counted by calling ``Metrics.refused``.
"""

from __future__ import annotations

import logging
import time

import socketio
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from .logs import clip

log = logging.getLogger("server.refusals")

#: The answer times' buckets (s): a move is answered in a few ms; a forward to another process may take 10 s.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: The events whose handlers python-socketio calls itself, never a client's command.
RESERVED = frozenset({"connect", "disconnect"})

CONTENT_TYPE = CONTENT_TYPE_LATEST


class Metrics:
    def __init__(self, tables, sio: socketio.AsyncServer) -> None:
        self.tables = tables
        self.sio = sio
        self.registry = registry = CollectorRegistry()
        self.answers = Histogram(
            "online_answer_seconds", "Time to answer a client's event", ["event"], buckets=BUCKETS, registry=registry
        )
        self.refusals = Counter("online_refusals", "Events refused, by code", ["code"], registry=registry)
        self.requests = Counter(
            "online_http_requests", "HTTP requests and WebSocket sessions by status", ["status"], registry=registry
        )
        self.registry.register(_Now(tables, sio))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)

    def answered(self, event: str, seconds: float, answer, sid: str | None, data) -> None:
        """A client's event answered in ``seconds``: timed, and if refused, counted and logged (one bounded line)."""
        handlers = self.sio.handlers.get("/", {})
        name = event if isinstance(event, str) and event in handlers else "other"
        self.answers.labels(name).observe(seconds)
        if not (isinstance(answer, dict) and answer.get("ok") is False):
            return
        error = answer.get("error") or {}
        params = error.get("params") or {}
        table = params.get("table") or (data.get("table") if isinstance(data, dict) else None)
        self.refused(event, error.get("code", "?"), sid, table, params.get("field"), seconds)

    def refused(self, event, code: str, sid: str | None, table=None, field=None, seconds: float = 0.0) -> None:
        """A client's event refused with ``code``: counted, and one log line of bounded size."""
        self.refusals.labels(code).inc()
        fields = {"event": "refusal", "on": clip(event, 40), "code": code, "table": clip(table, 40)}
        fields["field"] = clip(field, 40)
        fields.update(client=self.client(sid), ms=round(seconds * 1000, 1))
        log.info("refused %s: %s", fields["on"], code, extra={"fields": fields})

    def client(self, sid: str | None) -> str | None:
        """The client's address (as uvicorn has it: the proxy's X-Forwarded-For when the proxy is trusted)."""
        environ = self.sio.get_environ(sid) if sid else None
        client = (environ or {}).get("asgi.scope", {}).get("client")
        return client[0] if client else None

    def request(self, status: int) -> None:
        self.requests.labels(f"{status // 100}xx").inc()


class _Now:
    """The gauges, read when Prometheus scrapes (nothing kept up to date meanwhile)."""

    def __init__(self, tables, sio) -> None:
        self.tables = tables
        self.sio = sio

    def describe(self):
        return []

    def collect(self):
        tables = self.tables
        counts = {"waiting": 0, "playing": 0}
        for actor in list(tables.actors.values()):
            status = actor.table.status
            if status in counts:
                counts[status] += 1
        open_tables = GaugeMetricFamily("online_tables", "Unfinished tables this process owns", labels=["status"])
        for status, count in counts.items():
            open_tables.add_metric([status], count)
        yield open_tables
        yield GaugeMetricFamily("online_seats", "Seats with a connection open here", value=len(tables.connections))
        yield GaugeMetricFamily("online_connections", "Engine.IO connections", value=len(self.sio.eio.sockets))
        yield GaugeMetricFamily("online_store_up", "1 while the store answers", value=0 if tables.store_failing else 1)
        yield CounterMetricFamily("online_tables_lost", "Tables lost with the store's data", value=tables.lost_total)


def observe(sio: socketio.AsyncServer, metrics: Metrics) -> None:
    """Each client event's answer timed, and its refusal counted and logged (``Metrics.answered``), where
    python-socketio calls the event's handler (its ``_trigger_event``, wrapped on this one server object, whatever
    its class)."""
    trigger = sio._trigger_event

    async def timed(event, namespace, *args):
        if event in RESERVED:
            return await trigger(event, namespace, *args)
        started = time.perf_counter()
        answer = await trigger(event, namespace, *args)
        sid = args[0] if args else None
        metrics.answered(event, time.perf_counter() - started, answer, sid, args[1] if len(args) > 1 else None)
        return answer

    sio._trigger_event = timed
