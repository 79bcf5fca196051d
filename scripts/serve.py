"""Serve the built site on 127.0.0.1 as a real host would: each language's own 404 page, the right types.

    .venv/bin/python scripts/serve.py [PORT] [--directory site]

A missing page under ``/id/``, ``/it/`` or ``/fi/`` gets that language's ``404.html``
(scripts/hooks/i18n_outputs.py writes one per language), anything else the English
one, with the status 404. ``.mjs`` is served as JavaScript and ``.wasm`` as
``application/wasm``, as the board needs.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("id", "it", "fi")  # the languages in their own folder; English is the site's root


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def not_found_page(self) -> Path | None:
        """The 404 page in the language of the requested path."""
        first = self.path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
        folder = Path(self.directory)
        for candidate in ([folder / first / "404.html"] if first in LANGUAGES else []) + [folder / "404.html"]:
            if candidate.is_file():
                return candidate
        return None

    def send_error(self, code, message=None, explain=None):
        page = self.not_found_page() if code == 404 else None
        if page is None:
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument("--directory", type=Path, default=ROOT / "site", help="the built site (default site/)")
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"error: {args.directory} holds no built site: run scripts/build_site first", file=sys.stderr)
        return 2
    with make_server(args.directory, args.port) as server:
        print(f"== serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
