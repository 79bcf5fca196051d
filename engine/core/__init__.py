"""What every game of the engine shares, and nothing game-specific.

- ``errors``: ``EngineError``, the one base of every error the engine raises
  for bad input (the command line and the board catch it, and only it);
- ``protocols``: the game-state and bot protocols every game implements;
- ``record``: the record envelope (its ``"game"`` field names the game).

The layers, lowest first: ``engine.core`` < one package per game
(``engine.sniff``, ``engine.okey``: rules, then rendering, then board) <
``engine.board`` (the game-neutral dispatcher) and ``engine.commands`` /
``engine.cli``. Nothing imports upwards, or sideways between games
(``tests/test_layers.py`` walks the imports).
"""
