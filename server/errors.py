"""The protocol's errors: a code of the spec, an English message and params; never a traceback."""

from __future__ import annotations

CODES = (
    "bad-request",
    "too-large",
    "unknown-table",
    "bad-invite",
    "table-full",
    "bad-token",
    "not-your-turn",
    "illegal",
    "stale",
    "over",
    "rate-limited",
)


class ServerError(Exception):
    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params or {})

    def answer(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message, "params": self.params}}
