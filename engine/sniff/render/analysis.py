"""Everything the engine knows of a layout, as plain JSON values (the describe command's and the board's)."""

from __future__ import annotations

from ..layout import Layout
from .text import describe


def analysis(layout: Layout, lang: str) -> dict:
    """Everything the engine knows of a layout, as plain JSON values."""
    text = describe(layout, lang)
    return {
        "tiles": [tile.notation() for tile in layout.tiles],
        "placements": [p.notation() for p in layout.placements],
        "sniff": layout.sniff.notation() if layout.sniff else None,
        "joins": [
            {
                "tile": j.target.notation(),
                "side": j.side.value,
                "new_tile": j.tile.notation(),
                "new_side": j.tile_side.value,
            }
            for j in layout.joins()
        ],
        "legal_joins": [
            {"tile": j.tile.notation(), "side": j.side.value, "value": j.value} for j in layout.legal_joins()
        ],
        "counted": [{"tile": c.tile.notation(), "side": c.side.value, "value": c.value} for c in layout.counted_ends()],
        "total": layout.counted_total(),
        "points": layout.score(),
        "heading": text.heading,
        "caption": text.caption,
        "description": text.description,
    }
