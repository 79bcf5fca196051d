"""One more game: a finished table's seats ask for a rematch, as commands of the table's actor
(``server.actor.TableActor``, which takes this class's methods).

The first seat to ask makes the next table (its id is set in the store first, so two processes never make two)
and sits at it; every later one is told which table it is and claims there the seat the rematch kept for it,
with a token derived from its own (``server.tables.rematch_token``): the same claim again gets the same answer.
"""

from __future__ import annotations

import secrets

from .errors import ServerError
from .store import now_ms
from .tables import digest, rematch_meta, rematch_token


class RematchCommands:
    """``on_rematch`` at the finished table, ``on_claim`` at the next one."""

    async def on_rematch(self, token: str) -> dict:
        """A seat of this finished table asks for one more game: the first makes the next table (and sits at it);
        a later one is told which it is, to claim its seat there (``on_claim``)."""
        table = self.table
        seat = self.seat(token, over_ok=True)
        if table.seats[seat].get("left"):
            raise ServerError("bad-token", "this seat was left: a bot played it", {"table": self.id})
        if table.status != "over":
            raise ServerError("illegal", "the game is not over", {"code": "rematch-playing", "table": self.id})
        next_id = self.next or await self.host.store.next_of(self.id)
        if next_id is None:
            wanted = secrets.token_urlsafe(12)
            next_id = await self.host.store.set_next(self.id, wanted)
            if next_id == wanted:
                meta = rematch_meta(table, next_id, seat, token)
                await self.host.make(meta)
                self.next = next_id
                await self.host.emit("table", await self.info(), room=self.id)
                made = {"seat": seat, "token": rematch_token(token, next_id), "invite": meta["invite"]}
                return {"next": next_id, "made": {"table": next_id, "commitment": meta["commitment"], **made}}
        if self.next is None:
            self.next = next_id
            await self.host.emit("table", await self.info(), room=self.id)
        return {"next": next_id, "made": None}

    async def on_claim(self, previous: str, token: str) -> dict:
        """A seat of the finished table (``previous``: its token's digest) takes the seat a rematch reserved for it
        here, with ``token`` (derived from its own: the same claim again gets the same answer)."""
        table = self.table
        seat = table.reserved_seat(previous)
        if seat is None:
            raise ServerError("bad-token", "no seat here was kept for that seat", {"table": self.id})
        info = table.seats[seat]
        if info["token"] is None:
            if table.status == "over":
                raise ServerError("over", "the game is over", {"table": self.id})
            await self.write(table.next_entry(kind="join", seat=seat, token=digest(token)))
            self.away_since[seat] = now_ms()
            await self.changed()
        elif not secrets.compare_digest(info["token"], digest(token)):
            raise ServerError("bad-token", "that seat was taken", {"table": self.id})
        return {
            "table": self.id,
            "invite": table.meta["invite"],
            "seat": seat,
            "token": token,
            "commitment": table.meta["commitment"],
        }
