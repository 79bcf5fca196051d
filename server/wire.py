"""What goes on the wire: Socket.IO's packets as JSON, each seat's state encoded once per version.

A seat's ``state`` is sent in its broadcast and again in the answer to the seat's own ``act`` (and to a
``rejoin``, a repeated command): it is encoded once (``Raw``, JSON text) and spliced into each message that
carries it, inside a ``Holder`` (a dict encoded here, key by key). Everything else is encoded by orjson
(its UTF-8 text; the standard library's encoder, for what orjson refuses: a key that is not a text, a number
beyond 64 bits), some 15 times faster than the standard library's on a state's many small objects, which took
a fifth of an action's CPU (measured). What a client reads is the same JSON values either way.

``JsonPacket`` is Socket.IO's packet without its search for binary data in everything sent (the server sends
JSON values only; the search cost more than the rest of an action: 1.6 ms of a state's emit, measured).

``LocalManager`` is Socket.IO's client manager of one process, less a task per recipient for every emit: each
packet is put straight into its connection's queue (Engine.IO's writer sends it), in the same order. A
connection found dead while sending is closed there and then, its ``disconnect`` handler awaited: that handler
must not wait for a table's lock (``server.sockets`` leaves that to a task of its own).
"""

from __future__ import annotations

import json
import logging

import orjson
import socketio
from engineio import json as engineio_json
from engineio import packet as eio_packet
from socketio import packet as sio_packet

log = logging.getLogger("server")

_fallback = json.JSONEncoder(separators=(",", ":")).encode


def _encode(value) -> str:
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return _fallback(value)


#: Incoming JSON, read as Engine.IO reads it (integers of at most 100 digits).
loads = engineio_json.loads


class Raw(str):
    """JSON text, already encoded: spliced as it is into a ``Holder``'s encoding."""

    __slots__ = ()


class Holder(dict):
    """A dict whose values may be ``Raw``: encoded key by key here."""

    __slots__ = ()


def dumps(value, **_options) -> str:
    """Compact JSON of ``value``: a packet's top-level list and any ``Holder`` in it encoded here, so that the
    ``Raw`` texts they hold are spliced in; everything else by orjson."""
    kind = type(value)
    if kind is Raw:
        return value
    if kind is Holder:
        return "{" + ",".join(_encode(key) + ":" + dumps(item) for key, item in value.items()) + "}"
    if kind is list:
        return "[" + ",".join(dumps(item) for item in value) + "]"
    return _encode(value)


class _Json:
    """The ``json`` module Socket.IO's packets use: ``dumps`` above, Engine.IO's ``loads``."""

    dumps = staticmethod(dumps)
    loads = staticmethod(loads)


class Malformed(ValueError):
    """A packet that cannot be read (bad JSON, a number of over 100 digits, nesting too deep): refused as the
    client's, never logged with a traceback."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class JsonPacket(socketio.packet.Packet):
    json = _Json

    def decode(self, encoded_packet):
        try:
            return super().decode(encoded_packet)
        except (ValueError, TypeError, IndexError, RecursionError) as error:
            raise Malformed(f"{type(error).__name__}: {str(error)[:80]}") from None

    @classmethod
    def data_is_binary(cls, data) -> bool:
        return False


class LocalManager(socketio.AsyncManager):
    async def emit(self, event, data, namespace, room=None, skip_sid=None, callback=None, to=None, **kwargs):
        if callback is not None or skip_sid is not None or isinstance(data, tuple):
            return await super().emit(
                event, data, namespace, room=room, skip_sid=skip_sid, callback=callback, to=to, **kwargs
            )
        room = to or room
        if namespace not in self.rooms:
            return None
        args = [event] if data is None else [event, data]
        encoded = self.server.packet_class(sio_packet.EVENT, namespace=namespace, data=args).encode()
        message = eio_packet.Packet(eio_packet.MESSAGE, encoded)
        for _sid, eio_sid in list(self.get_participants(namespace, room)):
            try:
                await self.server._send_eio_packet(eio_sid, message)
            except Exception:  # a connection closing: its disconnect is handled on its own
                log.debug("emit to %s failed", eio_sid, exc_info=True)
        return None
