"""The built site as an ASGI application, served as a real host would (what ``scripts/serve.py`` did).

- ``/dir/`` serves ``dir/index.html``; ``/dir`` redirects to ``/dir/``;
- a missing page gets the 404 page of its language (``/fi/...`` the Finnish one), with status 404;
- ``.mjs`` is JavaScript, ``.wasm`` is ``application/wasm``;
- every response carries the deployment's headers (``HEADERS``: the README's Content-Security-Policy,
  with what Socket.IO needs on the same origin), and ``/assets/pyodide/`` (versioned folders) is cached
  for a year;
- a file the build compressed (``scripts/hooks/compress.py``: ``page.html.br`` and ``page.html.gz`` beside
  ``page.html``) is sent compressed, brotli or gzip, as the request's ``Accept-Encoding`` allows, with
  ``Vary: Accept-Encoding``; a file has an ``ETag`` (one per encoding), and a request that holds it
  (``If-None-Match``) gets ``304 Not Modified``;
- only GET and HEAD; nothing outside the site's folder is ever read.
"""

from __future__ import annotations

import asyncio
import mimetypes
import os
from pathlib import Path
from urllib.parse import unquote

from engine.core.i18n import LANGUAGES as ENGINE_LANGUAGES

#: The languages in their own folder (the engine's, ``engine.core.i18n``); English is the site's root.
LANGUAGES = tuple(lang for lang in ENGINE_LANGUAGES if lang != "en")

#: The README's Content-Security-Policy ("Deploying"). Socket.IO on the same origin needs its WebSocket
#: (``ws:``/``wss:`` to this host, which some browsers do not count as ``'self'``) in ``connect-src``;
#: its polling transport is plain ``'self'``.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' {ws}; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

#: On every response: no type sniffing (a file is what its Content-Type says), and no Referer to other sites
#: (a table's link carries its invite).
SAFE_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]

TYPES = {
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}
CHUNK = 256 * 1024
#: The compressed files the build writes beside a file, by the encoding's name, in the server's order of preference.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted(header: str) -> set[str]:
    """The encodings an ``Accept-Encoding`` header allows (a ``q=0`` refuses one; ``*`` allows any)."""
    allowed, refused = set(), set()
    for item in header.lower().split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        try:
            refuse = params.strip().startswith("q=") and float(quality) == 0
        except ValueError:
            refuse = False
        (refused if refuse else allowed).add(name.strip())
    if "*" in allowed:
        allowed |= {name for name, _ in ENCODINGS}
    return allowed - refused


def variant(file: Path, accept: str) -> tuple[Path, str | None, bool]:
    """What to send for ``file``: the file itself or its compressed copy, the content encoding (None: as it is),
    and whether the file has compressed copies (then the answer varies with ``Accept-Encoding``)."""
    copies = [(name, file.with_name(file.name + suffix)) for name, suffix in ENCODINGS]
    copies = [(name, path) for name, path in copies if path.is_file()]
    allowed = accepted(accept) if copies else set()
    for name, path in copies:
        if name in allowed:
            return path, name, True
    return file, None, bool(copies)


def etag(path: Path, encoding: str | None) -> str:
    stat = path.stat()
    return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'


def content_type(path: Path) -> str:
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
        kind += "; charset=utf-8"
    return kind


def csp_for(host: str) -> str:
    """The policy for a page served as ``host`` (the request's Host header): its WebSocket origins only."""
    host = host if host and all(c.isalnum() or c in ".-:[]" for c in host) else ""
    ws = f"ws://{host} wss://{host}" if host else ""
    return CSP.format(ws=ws).replace("'self' ;", "'self';")


class StaticSite:
    """An ASGI app serving ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.root = Path(directory).resolve()

    def resolve(self, url_path: str) -> Path | None:
        """The file for a URL path, or None when there is none (or it would leave the site)."""
        parts = [p for p in unquote(url_path).split("/") if p not in ("", ".")]
        if any(p == ".." or "\\" in p or "\0" in p for p in parts):
            return None
        if any(len(p.encode("utf-8", "surrogateescape")) > 255 for p in parts):
            return None  # no file has such a name (the system would refuse it: not a fault of the server's)
        candidate = self.root.joinpath(*parts) if parts else self.root
        try:
            if candidate.is_dir():
                candidate = candidate / "index.html"
            candidate.resolve().relative_to(self.root)
            return candidate if candidate.is_file() else None
        except (ValueError, OSError):  # outside the site, or a name the system refuses
            return None

    def not_found_page(self, url_path: str) -> Path | None:
        first = url_path.lstrip("/").split("/", 1)[0]
        folders = [self.root / first] if first in LANGUAGES else []
        for folder in [*folders, self.root]:
            page = folder / "404.html"
            if page.is_file():
                return page
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":  # uvicorn's start and stop: nothing to do here
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        request_headers = dict(scope.get("headers") or [])
        host = request_headers.get(b"host", b"").decode("latin-1")
        headers = [(b"content-security-policy", csp_for(host).encode()), *SAFE_HEADERS]
        method = scope["method"]
        path = scope["path"]
        if method not in ("GET", "HEAD"):
            await self.respond(send, 405, [*headers, (b"allow", b"GET, HEAD")], b"", method)
            return
        file = self.resolve(path)
        if file is not None and not path.endswith("/") and (self.root / path.lstrip("/")).is_dir():
            query = scope.get("query_string", b"")
            location = path + "/" + ("?" + query.decode("latin-1") if query else "")
            await self.respond(send, 301, [*headers, (b"location", location.encode())], b"", method)
            return
        if file is None:
            page = self.not_found_page(path)
            body = page.read_bytes() if page else b"Not found"
            kind = b"text/html; charset=utf-8" if page else b"text/plain; charset=utf-8"
            await self.respond(send, 404, [*headers, (b"content-type", kind)], body, method)
            return
        if path.startswith("/assets/pyodide/"):
            headers.append((b"cache-control", b"public, max-age=31536000, immutable"))
        sent, encoding, varies = variant(file, request_headers.get(b"accept-encoding", b"").decode("latin-1"))
        tag = etag(sent, encoding)
        headers += [(b"content-type", content_type(file).encode()), (b"etag", tag.encode())]
        if varies:
            headers.append((b"vary", b"Accept-Encoding"))
        if encoding:
            headers.append((b"content-encoding", encoding.encode()))
        if tag in request_headers.get(b"if-none-match", b"").decode("latin-1").replace("W/", "").split(", "):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        file = sent
        size = file.stat().st_size
        headers.append((b"content-length", str(size).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        if method == "HEAD" or size == 0:
            await send({"type": "http.response.body", "body": b""})
            return
        if size <= CHUNK:
            await send({"type": "http.response.body", "body": file.read_bytes()})
            return
        handle = await asyncio.to_thread(open, file, "rb")
        try:
            while True:
                chunk = await asyncio.to_thread(handle.read, CHUNK)
                more = len(chunk) == CHUNK
                await send({"type": "http.response.body", "body": chunk, "more_body": more})
                if not more:
                    break
        finally:
            handle.close()

    @staticmethod
    async def respond(send, status: int, headers: list, body: bytes, method: str) -> None:
        headers = [*headers, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})


def site_ok(directory: Path) -> bool:
    return (Path(directory) / "index.html").is_file() and os.access(directory, os.R_OK)
