"""The Okey table of the in-page board: ops (``session``), what the human seat sees (``view``), words (``text``).

Imports only ``engine.core`` and ``engine.okey``.
"""
