"""The sandbox ("Try it"): a layout with no hands and no turns, where any remaining tile may be placed.

The page keeps the layout (a list of placements in the layout notation, also
in its address) and asks for its view after every change: the picture, the
caption and the score, and for each of the 28 tiles not yet placed, every
legal join it may take, with the name of the move's button.
"""

from __future__ import annotations

from ..layout import Layout, Placement
from ..tiles import DOUBLE_SIX
from .text import Words
from .view import layout_json


def sandbox_view(layout: Layout, lang: str) -> dict:
    """The sandbox's picture, text and moves for ``layout``."""
    words = Words(lang, 2)
    tiles = []
    for tile in DOUBLE_SIX:
        if tile in layout:
            continue
        if not len(layout):
            moves = [{"action": tile.notation(), "label": words.placement(tile, None, None), "kind": "open"}]
        else:
            moves = [
                {
                    "action": Placement(tile, join.tile, join.side).notation(),
                    "label": words.placement(tile, join.tile, join.side),
                    "kind": "place",
                    "target": join.tile.notation(),
                    "side": join.side.value,
                }
                for join in layout.joins_for(tile)
            ]
        tiles.append({"tile": tile.notation(), "moves": moves})
    view = layout_json(layout, lang)
    view |= {"tiles": tiles, "score": layout.score() if len(layout) else 0}
    return view
