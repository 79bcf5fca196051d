"""Playing on the in-page board: games against the bots, replays of records, and the sandbox.

The board's worker calls these through ``engine.board.session`` (JSON in, JSON
out). ``session`` holds the ops; ``view`` turns a game into what the page
draws, from the human player's seat; ``sandbox`` does the same for a free
layout; ``chart`` draws the end-of-game chart; ``text`` holds every word (the
``play`` message catalog). The package sits on top of the rules and the
rendering, never the reverse.
"""
