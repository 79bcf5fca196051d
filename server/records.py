"""Replays by link: ``GET /tables/<table>/record`` answers a finished game's record (JSON) from the tables' store;
404 for an unknown table and for one still waiting or in play (never a partial record). Every other path goes to
the site (``server.static``)."""

from __future__ import annotations

import json
import re

from .errors import ServerError
from .static import csp_for

#: A table's id is ``secrets.token_urlsafe(12)``; anything else is no table.
PATH = re.compile(r"/tables/([A-Za-z0-9_-]{1,64})/record")


class Records:
    """An ASGI app: the records' path, else ``site``."""

    def __init__(self, tables, site) -> None:
        self.tables = tables
        self.site = site

    async def __call__(self, scope, receive, send) -> None:
        found = PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        if found is None:
            return await self.site(scope, receive, send)
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        headers = [(b"content-security-policy", csp_for(host).encode()), (b"content-type", b"application/json")]
        method = scope["method"]
        if method not in ("GET", "HEAD"):
            return await self.respond(send, 405, [*headers, (b"allow", b"GET, HEAD")], b"", method)
        table_id = found.group(1)
        try:
            record, exists = await self.tables.record(table_id)
        except ServerError as error:  # the store failed: said as the server's fault, to try again
            body = json.dumps({"error": error.as_json()}).encode()
            return await self.respond(send, 503, [*headers, (b"retry-after", b"5")], body, method)
        if record is None:
            code = "no-record" if exists else "unknown-table"
            message = "this table's game is not over" if exists else "there is no such table"
            body = json.dumps({"error": {"code": code, "message": message, "params": {"table": table_id}}}).encode()
            return await self.respond(send, 404, headers, body, method)
        headers.append((b"cache-control", b"public, max-age=86400"))
        await self.respond(send, 200, headers, record.encode(), method)

    @staticmethod
    async def respond(send, status: int, headers: list, body: bytes, method: str) -> None:
        headers = [*headers, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})
