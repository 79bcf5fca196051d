"""The boneyard as a picture: the tiles left after the deal, face down, in drawing order.

A ruleset may keep the last tiles of the boneyard undrawn (classic Sniff keeps
two with two players, ``Ruleset.reserve``): the picture marks them and says so.
The picture is built like the layout's (``engine.sniff.render.svg``): an SVG whose
classes the site's stylesheet colours in both palettes, with presentation
attributes for use outside the site, no ``<style>`` and no inline style. The
words come from the ``diagram`` catalog.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ...core.i18n import translations
from ..rules import Ruleset
from ..tiles import DOUBLE_SIX
from .svg import COLOURS, FONT

#: A face-down tile, in pixels (standing: the short side across), and the gap between tiles.
TILE_WIDTH = 20
TILE_HEIGHT = 38
GAP = 6
PADDING = 8
NUMBER_ROW = 16
LABEL_ROW = 22


@dataclass(frozen=True, slots=True)
class BoneyardText:
    heading: str
    caption: str
    reserve_label: str


def boneyard_size(ruleset: Ruleset, players: int) -> int:
    """How many tiles the deal leaves in the boneyard."""
    return len(DOUBLE_SIX) - players * ruleset.hand_size(players)


def boneyard_text(ruleset: Ruleset, players: int, lang: str = "en") -> BoneyardText:
    """The heading and caption of the boneyard picture, and the label of the undrawn tiles."""
    catalog = translations(lang, "diagram")
    _ = catalog.gettext
    size, reserve = boneyard_size(ruleset, players), ruleset.undrawable(players)
    heading = _("The boneyard with {players} players").format(players=players)
    if reserve:
        caption = catalog.ngettext(
            "{size} tiles, drawn in order; the last {reserve} is never drawn.",
            "{size} tiles, drawn in order; the last {reserve} are never drawn.",
            reserve,
        ).format(size=size, reserve=reserve)
    else:
        caption = _("{size} tiles, drawn in order; every one of them may be drawn.").format(size=size)
    # Translators: the label under the boneyard tiles that may never be drawn.
    return BoneyardText(heading, caption, _("never drawn"))


def render_boneyard_svg(ruleset: Ruleset, players: int, lang: str = "en", *, id_prefix: str = "sniff-boneyard") -> str:
    """The boneyard after the deal, face down, numbered in drawing order, the undrawn tiles marked."""
    size, reserve = boneyard_size(ruleset, players), ruleset.undrawable(players)
    text = boneyard_text(ruleset, players, lang)
    width = 2 * PADDING + size * TILE_WIDTH + (size - 1) * GAP
    height = 2 * PADDING + TILE_HEIGHT + NUMBER_ROW + (LABEL_ROW if reserve else 0)
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "sniff-svg sniff-boneyard",
            "viewBox": f"0 0 {width} {height}",
            "width": str(width),
            "height": str(height),
            "role": "img",
            "aria-labelledby": f"{id_prefix}-title",
            "font-family": FONT,
        },
    )
    ET.SubElement(root, "title", {"id": f"{id_prefix}-title"}).text = f"{text.heading}. {text.caption}"
    tiles = ET.SubElement(root, "g", {"class": "tiles"})
    for index in range(size):
        x = PADDING + index * (TILE_WIDTH + GAP)
        undrawn = index >= size - reserve
        group = ET.SubElement(
            tiles, "g", {"class": "boneyard-tile" + (" is-reserve" if undrawn else ""), "data-order": str(index + 1)}
        )
        ET.SubElement(
            group,
            "rect",
            {
                "class": "boneyard-back",
                "x": str(x),
                "y": str(PADDING),
                "width": str(TILE_WIDTH),
                "height": str(TILE_HEIGHT),
                "rx": "3",
                "fill": COLOURS["halo"] if undrawn else COLOURS["tile-edge"],
                "stroke": COLOURS["tile-edge"],
            },
        )
        number = ET.SubElement(
            group,
            "text",
            {
                "class": "boneyard-number",
                "x": str(x + TILE_WIDTH / 2),
                "y": str(PADDING + TILE_HEIGHT + NUMBER_ROW - 4),
                "text-anchor": "middle",
                "font-size": "11",
                "fill": COLOURS["legend-text"],
            },
        )
        number.text = str(index + 1)
    if reserve:
        left = PADDING + (size - reserve) * (TILE_WIDTH + GAP)
        right = PADDING + size * (TILE_WIDTH + GAP) - GAP
        y = PADDING + TILE_HEIGHT + NUMBER_ROW + 4
        marks = ET.SubElement(root, "g", {"class": "boneyard-reserve"})
        ET.SubElement(
            marks,
            "path",
            {
                "class": "boneyard-bracket",
                "d": f"M{left} {y} v4 H{right} v-4",
                "fill": "none",
                "stroke": COLOURS["halo"],
                "stroke-width": "2",
            },
        )
        label = ET.SubElement(
            marks,
            "text",
            {
                "class": "boneyard-label",
                "x": str(right),
                "y": str(y + LABEL_ROW - 4),
                "text-anchor": "end",
                "font-size": "12",
                "fill": COLOURS["legend-text"],
            },
        )
        label.text = text.reserve_label
    return ET.tostring(root, encoding="unicode")
