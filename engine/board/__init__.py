"""The in-page board's Python side, for every game: its ops written once, the worker's dispatcher, the loader's words.

``engine.board.session`` is the board's whole API (JSON in, JSON out): it serves the ops of ``GAME_OPS``
(``ops``: ``play``, ``replays``, ``online``) for every game of the registry, and each game's own
(``engine.<game>.board.ops.OPS``), as ``<game>.<op>``; the worker (``docs/assets/board/worker.mjs``) only
forwards messages to it. ``engine.board.text`` holds the loader's user-visible strings (the ``board`` message
catalog). It sits on top of the games, never the reverse, and names none of them.
"""
