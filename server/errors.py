"""The protocol's errors: a code of the spec, an English message and params; never a traceback.

The codes are a closed list. Most say what was wrong with the client's event; three say that the fault is the
server's, so that a client never reads its own ``bad-request`` for them: ``unavailable`` (the tables' store could
not be read or written, or the process owning the table did not answer: try again later), ``server-error`` (a
bug of the server, logged with its traceback once, where it was caught) and ``table-lost`` (the store lost the
table: a Redis that came back without its data; the game cannot go on).
"""

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
    "unavailable",
    "server-error",
    "table-lost",
)


class ServerError(Exception):
    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params or {})

    def answer(self) -> dict:
        return {"ok": False, "error": self.as_json()}

    def as_json(self) -> dict:
        return {"code": self.code, "message": self.message, "params": self.params}

    @classmethod
    def from_json(cls, error: dict) -> ServerError:
        """The error ``as_json`` wrote (a refusal answered by the process that owns the table)."""
        return cls(error["code"], error["message"], error.get("params"))


def server_bug() -> ServerError:
    """What a client is told of a bug of the server (the caller has logged it, with its traceback)."""
    return ServerError("server-error", "the server failed to carry out this event; the fault is logged", {})


def store_down(table_id: str | None = None) -> ServerError:
    """What a client is told when the tables' store cannot be read or written: nothing was changed."""
    params = {} if table_id is None else {"table": table_id}
    return ServerError("unavailable", "the tables' store cannot be reached now: nothing was changed; try again", params)


def table_lost(table_id: str) -> ServerError:
    """What the players of a table are told when the store lost it (also sent unasked, as the ``lost`` event)."""
    message = "the tables' store lost this table (it came back without its data): the game cannot go on"
    return ServerError("table-lost", message, {"table": table_id})
