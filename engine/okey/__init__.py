"""Okey (seed 001): a 51-point Okey with penalties, for four players, solo or 2v2.

- ``tiles``: the 106 tiles, their notation, the indicator's okey and the false joker;
- ``melds``: runs, sets and pairs with okeys standing in, values, reasons;
- ``arrange``: the assisted table's solver (best arrangement, pairs, openings,
  penalty tiles, lay-off spots);
- ``rules``: the options and the settlement table;
- ``game``: rounds and games (the engine's ``GameState`` API), actions and views;
- ``record``: records, their replay and check, and restoring a game;
- ``bots``: random, greedy and strong.

Imports only ``engine.core`` and itself.
"""

from .arrange import (
    Arrangement,
    best_arrangement,
    is_penalty,
    layoff_spots,
    most_pairs,
    opening,
    pairs_opening,
    penalty_tiles,
    seize_spots,
)
from .melds import InvalidMeldError, Meld, MeldCheck, Piece, check_meld, parse_meld, parse_pieces
from .rules import Options
from .tiles import FALSE_JOKER, FULL_SET, NotationError, Okey, Tile, format_tiles, parse_tiles

__all__ = [
    "FALSE_JOKER",
    "FULL_SET",
    "Arrangement",
    "InvalidMeldError",
    "Meld",
    "MeldCheck",
    "NotationError",
    "Okey",
    "Options",
    "Piece",
    "Tile",
    "best_arrangement",
    "check_meld",
    "format_tiles",
    "is_penalty",
    "layoff_spots",
    "most_pairs",
    "opening",
    "pairs_opening",
    "parse_meld",
    "parse_pieces",
    "parse_tiles",
    "penalty_tiles",
    "seize_spots",
]
