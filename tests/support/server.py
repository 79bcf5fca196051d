"""A static file server on 127.0.0.1 for browser tests, with optional extra headers (CSP)."""

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


class _Handler(http.server.SimpleHTTPRequestHandler):
    extra_headers: ClassVar[dict[str, str]] = {}

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


_Handler.extensions_map = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
}


@contextmanager
def serve(directory: Path, headers: dict[str, str] | None = None) -> Iterator[str]:
    """Serve ``directory`` on a free port of 127.0.0.1; yield the base URL."""
    handler = type("Handler", (_Handler,), {"extra_headers": dict(headers or {})})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
