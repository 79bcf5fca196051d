"""American Sniff (and classic Sniff, its variant): the rules.

The modules here are the game's rules: ``tiles``, ``layout`` (open sides and
counted ends), ``notation``, ``rules`` (rulesets), ``game`` (hands and turns),
``record`` and ``bots``. Above them, in this package's own folders, sit
``render`` (geometry, SVG, words) and ``board`` (the in-page board's ops and
views); nothing here imports them. Other games sit beside this package.
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
