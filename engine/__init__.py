"""Rules engines for the tile games of this site, in pure Python.

No third-party runtime dependency: the same code runs in CPython and in Pyodide.
The folders are the layers, lowest first (``tests/test_layers.py`` checks them):

- ``engine.core``: what every game shares: the game registry (``games``), the error base, the game-state and bot
  protocols, the record envelope, the message catalogs;
- one package per game (``engine.sniff``), each ordered rules (its top modules)
  -> ``render`` (geometry, SVG, words) -> ``board`` (the in-page board's ops);
- ``engine.board`` (the game-neutral dispatcher the browser's worker calls) and
  ``engine.commands`` / ``engine.cli`` (``python -m engine``) on top.

A new game goes in a new package beside ``engine.sniff``, with the same inner
folders, and is registered in ``engine.core.games.GAMES``.
"""

__version__ = "0.1.0"
