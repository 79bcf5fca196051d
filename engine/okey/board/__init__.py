"""What Okey adds to the in-page board: its drawing (``view``), its words (``text``), the rack (``rack``) and its
own ops (``ops``, the game's board module: ``draw``, ``news``, ``refusal``, ``lay_check``, ``arrange``,
``timeout``).

Imports only ``engine.core`` and ``engine.okey``.
"""
