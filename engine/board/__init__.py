"""The in-page board's Python side: what the browser's worker calls, and the board's text.

``engine.board.session`` is the board's whole API (JSON in, JSON out); the
worker (``docs/assets/board/worker.mjs``) only forwards messages to it.
``engine.board.text`` holds the board's user-visible strings (the ``board``
message catalog). The board sits on top of the rules and the rendering, never
the reverse: nothing in ``engine.sniff`` imports it.
"""
