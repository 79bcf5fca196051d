"""A static file server on 127.0.0.1 for browser tests: optional extra headers (CSP), axe-core at ``/__axe__.js``."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

# What a deployment should send with every response (README: "Deploying"). Material's
# inline scripts are moved into files by the theme (overrides/), the board has none,
# and Pyodide needs only 'wasm-unsafe-eval' to compile its WebAssembly.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


#: Served under ``/assets/pyodide/`` as a deployment serves it (README, "Deploying"): its folders are versioned. The
#: browser keeps the runtime in its cache, with the wasm it compiled (tests.support.browser ``Profile``); pages and
#: the rest are revalidated.
IMMUTABLE = "public, max-age=31536000, immutable"

#: axe-core, served by the test server from the site's own origin, so a strict policy's script-src 'self' lets it run
#: (and the browser caches it like any script of the site).
AXE_PATH = "/__axe__.js"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extra_headers: ClassVar[dict[str, str]] = {}
    cache_control: ClassVar[str | None] = None

    def translate_path(self, path: str) -> str:
        if path.split("?", 1)[0] == AXE_PATH:
            return str(AXE)
        return super().translate_path(path)

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        # Anything else is revalidated: a later server on the same port (another test's) never gets this one's pages.
        pyodide = self.path.startswith("/assets/pyodide/")
        self.send_header("Cache-Control", IMMUTABLE if pyodide else self.cache_control or "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


_Handler.extensions_map = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
}


@contextmanager
def serve(directory: Path, headers: dict[str, str] | None = None, *, cache_control: str | None = None) -> Iterator[str]:
    """Serve ``directory`` on a free port of 127.0.0.1; yield the base URL. ``cache_control``: what every response
    but Pyodide's says instead of "no-cache", only for a server that serves for the whole test session (its port,
    and with it its origin, is nobody else's while the browser's profile keeps what it cached) files that do not
    change meanwhile."""
    handler = type("Handler", (_Handler,), {"extra_headers": dict(headers or {}), "cache_control": cache_control})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
