"""What a real host needs of a server process, against the shared server (``python -m server`` on SQLite):
``/health``, Prometheus metrics at ``/metrics`` (only to a scraper on the host's own network, never through the
proxy), one JSON log line of bounded size per request and per refused event, and one process per SQLite file."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

from .conftest import QUICK
from .support import ROOT, Player, ServerProcess, run


def get(url: str, headers: dict | None = None) -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.headers.get("content-type", ""), reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("content-type", ""), error.read().decode()


def sample(metrics: str, name: str) -> float:
    """The value of one sample (``name`` with its labels, as the exposition writes it); 0 if absent."""
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return 0.0


def log_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_health_metrics_and_a_json_log_line_per_request_and_refusal(server):
    status, kind, body = get(server.url + "/health")
    assert (status, kind) == (200, "application/json")
    assert json.loads(body)["status"] == "ok" and json.loads(body)["store"] == "sqlite"
    before = get(server.url + "/metrics")[2]

    async def main():
        player = await Player(server.url).connect()
        refused = await player.call("join", {"table": "no-such-table", "invite": "x", "lang": "en"})
        await player.call("rejoin", {"table": "\ud800", "token": "x"})  # a lone surrogate: logged escaped
        await player.create("sniff", ["human", "human"])
        await player.close()
        return refused

    assert run(main())["error"]["code"] == "unknown-table"
    get(server.url + "/aaa" + "/a" * 500)  # a long path (of short segments: a plain 404)
    status, kind, metrics = get(server.url + "/metrics")
    assert status == 200 and kind.startswith("text/plain")
    refusals = 'online_refusals_total{code="unknown-table"}'
    assert sample(metrics, refusals) == sample(before, refusals) + 1
    joins = 'online_answer_seconds_count{event="join"}'
    assert sample(metrics, joins) >= sample(before, joins) + 1
    assert sample(metrics, 'online_tables{status="waiting"}') >= 1
    assert sample(metrics, "online_store_up") == 1
    assert sample(metrics, 'online_http_requests_total{status="2xx"}') >= 2
    # Through the reverse proxy (X-Forwarded-For), the metrics do not exist.
    assert get(server.url + "/metrics", {"X-Forwarded-For": "203.0.113.9"})[0] == 404
    deadline = time.monotonic() + 5
    while True:
        lines = log_lines(server.output)
        requests = [line for line in lines if line.get("event") == "request"]
        refused = [line for line in lines if line.get("event") == "refusal"]
        if any(line["path"].startswith("/aaa") for line in requests) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    health = [line for line in requests if line["path"] == "/health"]
    assert health and health[0]["status"] == 200 and health[0]["method"] == "GET" and health[0]["client"]
    assert any(line["code"] == "unknown-table" and line["on"] == "join" for line in refused)
    long = [line for line in requests if line["path"].startswith("/aaa")]
    assert long and len(long[0]["path"]) <= 256
    assert any(line["table"] == "\\ud800" for line in refused)
    # Every line is JSON of bounded size, whatever a client sent.
    assert all(len(line.encode()) <= 4096 for line in server.output.splitlines() if line.startswith("{"))
    assert "Logging error" not in server.output


def test_a_second_process_on_one_sqlite_file_refuses_to_start(server):
    """One writer per SQLite file: a second ``python -m server`` on the shared server's file stops at once with one
    line that says why, and the first one goes on serving."""
    args = [sys.executable, "-m", "server", "--port", "0", "--site", str(server.site), "--db", str(server.db)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "is the store of another server process" in lines[0] and f"pid {server.process.pid}" in lines[0]
    assert get(server.url + "/health")[0] == 200


def test_sigterm_does_not_wait_for_a_client_that_stopped_polling(site, tmp_path):
    """A graceful stop tells each client to reconnect, but a client that never takes its close packet (a long-polling
    client that stopped polling) does not hold the stop for uvicorn's whole grace (10 s): the process is gone within a
    few seconds, and says the client did not take its close in time."""
    process = ServerProcess(site, db=tmp_path / "tables.sqlite3", options=QUICK)
    try:
        status, _, body = get(process.url + "/socket.io/?EIO=4&transport=polling")
        sid = json.loads(body[1:])["sid"]
        request = urllib.request.Request(f"{process.url}/socket.io/?EIO=4&transport=polling&sid={sid}", data=b"40")
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert (status, reply.status) == (200, 200)
        started = time.monotonic()
        process.process.terminate()
        process.process.wait(10)
        assert time.monotonic() - started < 5
    finally:
        process.stop()
    assert "did not take their close packet in time" in process.output
