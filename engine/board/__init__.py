"""The in-page board's Python side, for every game: the worker's dispatcher and the loader's words.

``engine.board.session`` is the board's whole API (JSON in, JSON out): it serves
each game's ops (``engine.<game>.board.session.OPS``) as ``<game>.<op>``; the
worker (``docs/assets/board/worker.mjs``) only forwards messages to it.
``engine.board.text`` holds the loader's user-visible strings (the ``board``
message catalog). It sits on top of the games, never the reverse.
"""
