"""The board's ops written once for every game: their registry.

An op of ``GAME_OPS`` takes the game's spec (``engine.core.games.GameSpec``) first, then the call's arguments;
``engine.board.session`` serves it as ``<game>.<op>`` for every game of the registry, beside the game's own ops
(its board module's ``OPS``). The ops live in ``play`` (games against the bots),
``replays`` (replays, reviews, exercises) and ``online`` (an online table's state as the board draws it).
"""

from __future__ import annotations

from ..core.sessions import Ops

#: The ops of every game, by name: ``op(spec, **args)``.
GAME_OPS = Ops()
