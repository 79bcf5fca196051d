"""The board's ops called as the worker calls them (``engine.board.session.handle``): JSON in, JSON out."""

from __future__ import annotations

import json
from collections.abc import Callable

from engine.board import session


def reply(op: str, **args) -> dict:
    """The op's whole reply: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": ...}``."""
    return json.loads(session.handle(op, json.dumps(args)))


def call(op: str, **args):
    """The op's result (an error fails the test)."""
    answer = reply(op, **args)
    assert answer["ok"], answer
    return answer["result"]


def next_view(view: dict, choose: Callable[[list], dict] = lambda actions: actions[0], **args) -> dict:
    """A Sniff game one move on through the ops: the player's move (``choose`` picks it from the view's moves),
    a bot's, or the next hand dealt; ``args`` go with the op (``lang``)."""
    if view["phase"] == "you":
        return call("sniff.act", game=view["game"], action=choose(view["actions"])["action"], **args)
    if view["phase"] == "bot":
        return call("sniff.bot", game=view["game"], **args)
    return call("sniff.next", game=view["game"], **args)
