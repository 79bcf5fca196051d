"""Rules engines for the domino games of this site, in pure Python.

No third-party runtime dependency: the same code runs in CPython and in Pyodide.
Each game is a subpackage (``engine.sniff`` for American Sniff); ``engine.core.i18n``
loads the message catalogs that every game's text comes from.
"""

__version__ = "0.1.0"
