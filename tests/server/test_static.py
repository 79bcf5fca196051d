"""The server serves the built site as a real host would (what scripts/serve.py did), with the deployment's CSP."""

from __future__ import annotations

import urllib.error
import urllib.request


def get(url: str, method: str = "GET"):
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_pages_types_and_each_languages_404(server):
    status, headers, body = get(server.url + "/")
    assert status == 200 and body == b"<h1>home</h1>"
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert get(server.url + "/play/")[2] == b"<h1>play</h1>"
    status, headers, _ = get(server.url + "/worker.mjs")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert get(server.url + "/engine.wasm")[1]["content-type"] == "application/wasm"
    cached = get(server.url + "/assets/pyodide/0.1/pyodide.mjs")[1]
    assert cached["cache-control"] == "public, max-age=31536000, immutable"
    assert "cache-control" not in get(server.url + "/worker.mjs")[1]
    status, _, body = get(server.url + "/fi/no-such-page/")
    assert status == 404 and "ei löytynyt" in body.decode()
    status, _, body = get(server.url + "/it/no-such-page/")
    assert status == 404 and body == b"<h1>not found</h1>"  # no Italian 404 page in this site: the English one
    assert get(server.url + "/../../etc/passwd")[0] == 404
    assert get(server.url + "/%2e%2e/%2e%2e/etc/passwd")[0] == 404
    status, _, body = get(server.url + "/", method="HEAD")
    assert status == 200 and body == b""
    assert get(server.url + "/", method="POST")[0] == 405


def test_every_response_carries_the_csp_with_only_socketios_websocket_added(server):
    _, headers, _ = get(server.url + "/")
    csp = headers["content-security-policy"]
    host = server.url.removeprefix("http://")
    assert csp == (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{host} wss://{host}; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
    assert get(server.url + "/missing")[1]["content-security-policy"] == csp


def test_no_response_lets_a_browser_sniff_its_type(server):
    """Every response says ``nosniff`` (a file is what its Content-Type says), Socket.IO's polling answers too."""
    for path in ("/", "/worker.mjs", "/missing", "/socket.io/?EIO=4&transport=polling"):
        assert get(server.url + path)[1]["x-content-type-options"] == "nosniff", path
