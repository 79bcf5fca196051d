"""American Sniff: the layout, its notation and its diagram text.

The public API of the game; other games will sit beside this package.
"""

from .layout import (
    CountedEnd,
    IllegalPlacementError,
    Join,
    Layout,
    OpenSide,
    Placement,
    attached_side,
    placement_score,
)
from .notation import NotationError, format_layout, parse_layout, parse_placement
from .tiles import DOUBLE_SIX, Side, Tile

__all__ = [
    "DOUBLE_SIX",
    "CountedEnd",
    "IllegalPlacementError",
    "Join",
    "Layout",
    "NotationError",
    "OpenSide",
    "Placement",
    "Side",
    "Tile",
    "attached_side",
    "format_layout",
    "parse_layout",
    "parse_placement",
    "placement_score",
]
