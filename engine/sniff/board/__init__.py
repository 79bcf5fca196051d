"""What American Sniff adds to the in-page board: its drawing, the sandbox, single diagrams.

``ops`` is the game's board module (its spec's ``board``): ``draw`` and ``news`` for the ops every game has
(``engine.board``) and Sniff's own ops; ``view`` draws a seat's position (its view and the finished hands) as
the page shows it; ``sandbox`` does the same for a free layout (the end-of-game chart is data the page draws); ``text``
holds every word (the ``play`` catalog). It sits on the rules and the rendering, never the reverse.
"""
