"""Each seat's tiles in rows, under a label each: a hand's end as an exercise shows it (the pips left and their
rounding). The tiles are drawn as the diagrams draw them (``engine.sniff.render.svg``)."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

from ...core.svgtext import tostring
from ..layout import Layout, Placement
from ..tiles import Tile
from .geometry import Geometry
from .svg import COLOURS, FONT, SVG_NS, _draw_tile, _num


@functools.cache
def _alone(tile: Tile):
    """Where a tile lies on its own (it is drawn so in a hand): one of 28."""
    return Geometry.of(Layout([Placement(tile)]))[tile]


def hands_svg(hands, rows: list[str], title: str, prefix: str) -> str:
    """Each seat's tiles in a row, under a label (the pips and their rounding)."""
    scale, gap, pad, label_h, tile_h = 0.6, 0.5, 0.6, 1.4, 2.6  # in geometry units
    positions = [[_alone(tile) for tile in hand] for hand in hands]
    widths = [sum(p.box.width * scale + gap for p in row) for row in positions]
    width = max([*widths, 16.0]) + 2 * pad
    height = 2 * pad + len(hands) * (label_h + tile_h + gap)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "class": "sniff-svg practice-hands",
            "role": "img",
            "aria-labelledby": f"{prefix}-title",
            "font-family": FONT,
            "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "width": _num(width),
            "height": _num(height),
        },
    )
    ET.SubElement(root, "title", {"id": f"{prefix}-title"}).text = title
    top = pad
    for row, label in zip(positions, rows, strict=True):
        text = ET.SubElement(
            root,
            "text",
            {
                "class": "legend-text",
                "x": _num(pad),
                "y": _num(top + 1),
                "font-size": "13",
                "fill": COLOURS["legend-text"],
            },
        )
        text.text = label
        x = pad
        for position in row:
            box = position.box
            dx, dy = x - box.x0 * scale, top + label_h - box.y0 * scale
            group = ET.SubElement(root, "g", {"transform": f"translate({_num(dx)} {_num(dy)}) scale({scale})"})
            _draw_tile(group, position, sniff=False, last=False)
            x += box.width * scale + gap
        top += label_h + tile_h + gap
    return tostring(root)
