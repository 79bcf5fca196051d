"""American Sniff on the in-page board: games against the bots, replays, the sandbox.

``session`` holds the ops the worker calls (through ``engine.board.session``,
as ``sniff.<op>``); ``view`` turns a game into what the page draws from the
player's seat; ``sandbox`` does the same for a free layout; ``chart`` draws the
end-of-game chart; ``text`` holds every word (the ``play`` catalog). It sits on
the rules and the rendering, never the reverse.
"""
