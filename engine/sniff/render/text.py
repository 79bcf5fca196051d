"""The text of a diagram: heading, caption and long description, in any language.

Implements spec/diagram-text.md. The Finnish rules page is the
reference; every word comes from the ``sniff`` message catalog.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import EngineError
from ...core.i18n import translations
from ..layout import Layout
from ..tiles import Side


@dataclass(frozen=True, slots=True)
class DiagramText:
    heading: str
    caption: str
    description: str

    def lines(self) -> list[str]:
        return [self.heading, self.caption, self.description]


def side_name(side: Side, lang: str = "en") -> str:
    """The word for a side, as the diagrams and the board write it."""
    _ = translations(lang, "sniff").gettext
    return {
        Side.LINE_A: _("line A"),
        Side.LINE_B: _("line B"),
        Side.BRANCH_A: _("branch A"),
        Side.BRANCH_B: _("branch B"),
        Side.HIGH: _("high end"),
        Side.LOW: _("low end"),
    }[side]


def sum_text(values: list[int]) -> str:
    """``2 + 8 = 10``; a single value reads ``4 = 4``."""
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def caption(layout: Layout, lang: str = "en") -> str:
    """The counted values, their sum and the placement score."""
    ngettext = translations(lang, "sniff").ngettext
    points = layout.score()
    template = ngettext(
        "Counted values: {sum}. Placement score: {points} raw point.",
        "Counted values: {sum}. Placement score: {points} raw points.",
        points,
    )
    return template.format(sum=sum_text([c.value for c in layout.counted_ends()]), points=points)


def heading(layout: Layout, lang: str = "en") -> str:
    """The last tile placed."""
    _ = translations(lang, "sniff").gettext
    return _("Placed {tile}").format(tile=layout.last.tile)


def describe(layout: Layout, lang: str = "en") -> DiagramText:
    """Heading, caption and long description of a layout (which must have a tile)."""
    if not len(layout):
        raise EngineError("an empty layout has no diagram text: place an opening tile first", code="empty-layout")
    _ = translations(lang, "sniff").gettext
    none = _("none")

    def listing(items: list[str], separator: str) -> str:
        return separator.join(items) if items else none

    joins = [
        _("{tile} ({side}) – {new_tile} ({new_side})").format(
            tile=j.target, side=side_name(j.side, lang), new_tile=j.tile, new_side=side_name(j.tile_side, lang)
        )
        for j in layout.joins()
    ]
    legal = [
        _("{tile} ({side}, {value})").format(tile=j.tile, side=side_name(j.side, lang), value=j.value)
        for j in layout.legal_joins()
    ]
    counted = [_("{tile}: {value}").format(tile=c.tile, value=c.value) for c in layout.counted_ends()]
    cap = caption(layout, lang)
    description = _(
        "{caption} Tiles: {tiles}. Spinners: {spinners}. Joins: {joins}. "
        "Legal joins: {legal_joins}. Counted values: {counted_values}."
    ).format(
        caption=cap,
        tiles=", ".join(str(tile) for tile in layout.tiles),
        spinners=str(layout.sniff) if layout.sniff else none,
        joins=listing(joins, "; "),
        legal_joins=listing(legal, "; "),
        counted_values=listing(counted, "; "),
    )
    return DiagramText(heading(layout, lang), cap, description)
