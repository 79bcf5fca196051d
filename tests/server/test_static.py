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


def served(site, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One GET of the static app itself, in this process (no server): status, headers, body."""
    from server.static import StaticSite

    from .support import run

    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": b"",
        "headers": [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()],
    }
    run(StaticSite(site)(scope, receive, send))
    start = sent[0]
    body = b"".join(message.get("body", b"") for message in sent[1:])
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


def test_a_precompressed_file_is_sent_as_accept_encoding_allows(tmp_path):
    import gzip

    import brotli

    script = b"export const words = '" + b"tile " * 2000 + b"';\n"
    (tmp_path / "app.mjs").write_bytes(script)
    (tmp_path / "app.mjs.br").write_bytes(brotli.compress(script))
    (tmp_path / "app.mjs.gz").write_bytes(gzip.compress(script))
    (tmp_path / "plain.mjs").write_bytes(script)

    status, headers, body = served(tmp_path, "/app.mjs", accept_encoding="gzip, deflate, br, zstd")
    assert status == 200 and headers["content-encoding"] == "br" and brotli.decompress(body) == script
    assert headers["content-type"].startswith("text/javascript") and headers["vary"] == "Accept-Encoding"
    assert headers["content-length"] == str(len(body)) and len(body) < len(script) // 10

    _, headers, body = served(tmp_path, "/app.mjs", accept_encoding="gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == script
    _, headers, body = served(tmp_path, "/app.mjs", accept_encoding="br;q=0, gzip;q=0.5")
    assert headers["content-encoding"] == "gzip"
    _, headers, body = served(tmp_path, "/app.mjs")  # no Accept-Encoding: as it is, still varying
    assert "content-encoding" not in headers and body == script and headers["vary"] == "Accept-Encoding"
    _, headers, body = served(tmp_path, "/plain.mjs", accept_encoding="br")  # nothing precompressed: as it is
    assert "content-encoding" not in headers and "vary" not in headers and body == script


def test_an_etag_per_encoding_and_304_for_the_copy_held(tmp_path):
    (tmp_path / "index.html").write_bytes(b"<h1>home</h1>" * 200)
    (tmp_path / "index.html.br").write_bytes(b"compressed")
    _, plain, _ = served(tmp_path, "/")
    _, packed, _ = served(tmp_path, "/", accept_encoding="br")
    assert plain["etag"] != packed["etag"]
    status, headers, body = served(tmp_path, "/", accept_encoding="br", if_none_match=packed["etag"])
    assert status == 304 and body == b"" and headers["etag"] == packed["etag"]
    assert served(tmp_path, "/", if_none_match=packed["etag"])[0] == 200  # the plain copy is another
