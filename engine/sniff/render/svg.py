"""Annotated SVG diagrams of a layout, drawn with the standard library only.

A diagram shows the tiles where ``engine.sniff.render.geometry`` lays them, with pips
like a real double-six set, and marks what the rules count:

- every counted value as a filled number badge at its counted end (a terminal
  double shows both halves, an open Sniff branch one half);
- every legal join as a hollow dot, or under the badge where it is also a
  counted end;
- the Sniff with an orange outline, and optionally the last tile with a halo;
- optionally a legend, in the diagram's language.

The structure is a contract that the page and the tests rely on (``tests/sniff/test_svg.py``): every tile
is a ``<g class="tile" data-tile="a|b">`` whose first ``<rect>`` is its outline
in user coordinates, with no transform; the Sniff's group also has class
``sniff``, the highlighted last tile class ``last``; counted values are
``class="counted"`` elements whose text is the value; legal joins are
``class="join"`` elements with ``data-tile`` and ``data-side``.

Colours are presentation attributes (a light palette, so a lone SVG file looks
right) that the site's stylesheet overrides through the classes, so no
``<style>`` element or ``style`` attribute is needed (the site's
Content-Security-Policy forbids inline styles). The same layout and language
always give byte-identical output.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ...core.svgtext import drawn_once, tostring
from ..layout import Layout
from .geometry import Geometry, TilePosition
from .legend import empty_title
from .legend import legend as legend_text
from .legend import title as title_text
from .text import describe

#: Pixels per geometry unit (a tile's half is 2 x 2 units).
SCALE = 18
#: Room around the picture, in units.
PADDING = 0.5
#: How far beyond an open face the badge or dot sits (its centre), in units.
MARK_OFFSET = 1.1
BADGE_RADIUS = 0.9
DOT_RADIUS = 0.5
PIP_RADIUS = 0.21
PIP_OFFSET = 0.52
TILE_INSET = 0.07
HALO = 0.4

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
LEGEND_FONT_SIZE = 0.95
LEGEND_ROW = 2.3

#: The light palette of docs/assets/stylesheets/diagrams.css, for an SVG seen outside the site;
#: on the site the stylesheet sets the colours of both palettes through the classes.
COLOURS = {
    "tile": "#fffcf2",
    "tile-edge": "#4a443c",
    "divider": "#a39a8c",
    "pip": "#1d1b18",
    "sniff": "#d86400",
    "badge": "#1f5c3a",
    "badge-text": "#ffffff",
    "join": "#1f5c3a",
    "halo": "#9270ee",
    "connector": "#7a7368",
    "legend-text": "#2b2824",
}

# Pips of each value on a 3 x 3 grid: (along the tile's length, across it).
_PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}

SVG_NS = "http://www.w3.org/2000/svg"


def _num(value: float) -> str:
    """A coordinate in pixels, written the same way every time."""
    text = f"{value * SCALE:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True, slots=True)
class Mark:
    """A badge or a dot at an open side: its centre in units."""

    tile: str
    side: str
    x: float
    y: float
    value: int


#: Pictures kept by ``Picture.of`` (the cache starts again when full).
KEEP_PICTURES = 256
_pictures: dict[tuple, Picture] = {}


@dataclass(frozen=True)
class Picture:
    """What a diagram draws, before it is written as SVG."""

    layout: Layout
    geometry: Geometry
    joins: tuple[Mark, ...]
    counted: tuple[Mark, ...]

    @classmethod
    def of(cls, layout: Layout) -> Picture:
        """The picture of ``layout``, worked out once for each sequence of placements (an exercise draws the same
        layout in every language, often twice): the picture kept holds a copy of the layout, never ``layout``."""
        key = layout.placements
        picture = _pictures.get(key)
        if picture is None:
            if len(_pictures) >= KEEP_PICTURES:
                _pictures.clear()
            picture = _pictures[key] = cls._of(Layout(key))
        return picture

    @classmethod
    def _of(cls, layout: Layout) -> Picture:
        # A board draws the layout after every move: the picture of the move before, kept, is one placement short.
        before = _pictures.get(layout.placements[:-1]) if layout.placements else None
        if before is None:
            geometry = Geometry.of(layout)
        else:
            geometry = before.geometry.copy()
            geometry.place(layout.placements[-1])

        def mark(tile, side, value) -> Mark:
            end = geometry[tile].end(side)
            x = end.x + end.direction.dx * MARK_OFFSET
            y = end.y + end.direction.dy * MARK_OFFSET
            return Mark(tile.notation(), side.value, x, y, value)

        joins = tuple(mark(j.tile, j.side, j.value) for j in layout.legal_joins())
        counted = tuple(mark(c.tile, c.side, c.value) for c in layout.counted_ends())
        return cls(layout, geometry, joins, counted)

    def extent(self) -> tuple[float, float, float, float]:
        """The box (x0, y0, x1, y1), in units, around the tiles and their marks."""
        box = self.geometry.bounds()
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        for m in self.joins + self.counted:
            r = BADGE_RADIUS
            x0, y0, x1, y1 = min(x0, m.x - r), min(y0, m.y - r), max(x1, m.x + r), max(y1, m.y + r)
        if self.layout.last is not None:
            x0, y0, x1, y1 = x0 - HALO, y0 - HALO, x1 + HALO, y1 + HALO
        return (x0 - PADDING, y0 - PADDING, x1 + PADDING, y1 + PADDING)


def diagram_extent(layout: Layout) -> tuple[float, float, float, float]:
    """The area, in geometry units, that a diagram of ``layout`` needs (without its legend).

    A sequence passes the union of its steps' extents to ``render_svg`` as
    ``extent``, so that every step has the same frame and no tile moves.
    """
    return Picture.of(layout).extent()


def render_svg(
    layout: Layout,
    lang: str = "en",
    *,
    last: bool = False,
    id_prefix: str | None = None,
    legend: bool = True,
    extent: tuple[float, float, float, float] | None = None,
    counted: bool = True,
    words: tuple[str, str] | None = None,
) -> str:
    """The SVG diagram of ``layout``, its text in ``lang``.

    ``last`` highlights the tile placed last; ``id_prefix`` makes the ids of
    the title and description unique on a page (by default a hash of the
    diagram); ``legend`` draws the legend under the picture; ``extent``
    (x0, y0, x1, y1 in geometry units) fixes the frame, see ``diagram_extent``.
    ``counted=False`` leaves out the counted values' badges and ``words`` (title, description)
    replaces the diagram's text, which names them: an exercise asks for what they would show.
    """
    picture = Picture.of(layout)
    x0, y0, x1, y1 = picture.extent()
    if extent is not None:
        x0, y0, x1, y1 = min(x0, extent[0]), min(y0, extent[1]), max(x1, extent[2]), max(y1, extent[3])
    if id_prefix is None:
        key = f"{lang}|{last}|{legend}|" + ";".join(p.notation() for p in layout.placements)
        id_prefix = "sniff-" + hashlib.sha1(key.encode()).hexdigest()[:10]

    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "class": "sniff-svg",
            "role": "img",
            "aria-labelledby": f"{id_prefix}-title {id_prefix}-desc",
            "font-family": FONT,
            "data-layout": ";".join(p.notation() for p in layout.placements),
        },
    )
    if words is not None:
        ET.SubElement(root, "title", {"id": f"{id_prefix}-title"}).text = words[0]
        ET.SubElement(root, "desc", {"id": f"{id_prefix}-desc"}).text = words[1]
    elif len(layout):
        text = describe(layout, lang)
        ET.SubElement(root, "title", {"id": f"{id_prefix}-title"}).text = title_text(text.heading, text.caption, lang)
        ET.SubElement(root, "desc", {"id": f"{id_prefix}-desc"}).text = text.description
    else:
        ET.SubElement(root, "title", {"id": f"{id_prefix}-title"}).text = empty_title(lang)
        ET.SubElement(root, "desc", {"id": f"{id_prefix}-desc"}).text = empty_title(lang)

    last_tile = layout.last.tile if (last and layout.last is not None) else None
    if last_tile is not None:
        _draw_halo(ET.SubElement(root, "g", {"class": "highlights"}), picture.geometry[last_tile])
    tiles = ET.SubElement(root, "g", {"class": "tiles"})
    for position in picture.geometry:
        _draw_tile(tiles, position, sniff=position.tile == layout.sniff, last=position.tile == last_tile)
    _draw_connectors(root, picture.geometry)
    marks = ET.SubElement(root, "g", {"class": "marks"})
    for mark in picture.joins:
        ET.SubElement(
            marks,
            "circle",
            {
                "class": "join",
                "data-tile": mark.tile,
                "data-side": mark.side,
                "data-value": str(mark.value),
                "cx": _num(mark.x),
                "cy": _num(mark.y),
                "r": _num(DOT_RADIUS),
                "fill": "none",
                "stroke": COLOURS["join"],
                "stroke-width": "2",
            },
        )
    for mark in picture.counted if counted else ():
        _draw_badge(marks, mark)

    if legend and len(layout):
        right, y1 = _draw_legend(root, lang, x0, y1, highlight=last_tile is not None, sniff=layout.sniff is not None)
        x1 = max(x1, right)
    width, height = (x1 - x0), (y1 - y0)
    root.set("viewBox", f"{_num(x0)} {_num(y0)} {_num(width)} {_num(height)}")
    root.set("width", _num(width))
    root.set("height", _num(height))
    return tostring(root)


def _draw_halo(parent: ET.Element, position: TilePosition) -> None:
    box = position.box
    ET.SubElement(
        parent,
        "rect",
        {
            "class": "last-halo",
            "x": _num(box.x0 - HALO),
            "y": _num(box.y0 - HALO),
            "width": _num(box.width + 2 * HALO),
            "height": _num(box.height + 2 * HALO),
            "rx": _num(HALO + 0.3),
            "fill": COLOURS["halo"],
        },
    )


@drawn_once
def _draw_tile(parent: ET.Element, position: TilePosition, *, sniff: bool, last: bool) -> None:
    classes = "tile" + (" sniff" if sniff else "") + (" last" if last else "")
    group = ET.SubElement(parent, "g", {"class": classes, "data-tile": position.tile.notation()})
    box = position.box
    ET.SubElement(
        group,
        "rect",
        {
            "class": "tile-body",
            "x": _num(box.x0 + TILE_INSET),
            "y": _num(box.y0 + TILE_INSET),
            "width": _num(box.width - 2 * TILE_INSET),
            "height": _num(box.height - 2 * TILE_INSET),
            "rx": _num(0.32),
            "fill": COLOURS["tile"],
            "stroke": COLOURS["sniff"] if sniff else COLOURS["tile-edge"],
            "stroke-width": "3" if sniff else "1.2",
        },
    )
    # The divider runs across the middle of the tile, between its two squares.
    if position.vertical:
        middle = (box.y0 + box.y1) / 2
        line = (box.x0 + 0.35, middle, box.x1 - 0.35, middle)
    else:
        middle = (box.x0 + box.x1) / 2
        line = (middle, box.y0 + 0.35, middle, box.y1 - 0.35)
    ET.SubElement(
        group,
        "line",
        {
            "class": "tile-divider",
            "x1": _num(line[0]),
            "y1": _num(line[1]),
            "x2": _num(line[2]),
            "y2": _num(line[3]),
            "stroke": COLOURS["divider"],
            "stroke-width": "1.2",
            "stroke-linecap": "round",
        },
    )
    for half in position.halves:
        cx, cy = (half.box.x0 + half.box.x1) / 2, (half.box.y0 + half.box.y1) / 2
        for along, across in _PIPS[half.value]:
            # "Along" follows the tile's length, so a six shows two rows of three down the tile.
            dx, dy = (across, along) if position.vertical else (along, across)
            ET.SubElement(
                group,
                "circle",
                {
                    "class": "pip",
                    "cx": _num(cx + dx * PIP_OFFSET),
                    "cy": _num(cy + dy * PIP_OFFSET),
                    "r": _num(PIP_RADIUS),
                    "fill": COLOURS["pip"],
                },
            )


def _draw_connectors(root: ET.Element, geometry: Geometry) -> None:
    gaps = [p for p in geometry if p.gap is not None]
    if not gaps:
        return
    group = ET.SubElement(root, "g", {"class": "connectors"})
    for position in gaps:
        end, (x, y) = position.gap
        ET.SubElement(
            group,
            "line",
            {
                "class": "connector",
                "data-tile": position.tile.notation(),
                "x1": _num(end.x),
                "y1": _num(end.y),
                "x2": _num(x),
                "y2": _num(y),
                "stroke": COLOURS["connector"],
                "stroke-width": "2",
                "stroke-dasharray": "3 3",
            },
        )


def _draw_badge(parent: ET.Element, mark: Mark) -> None:
    group = ET.SubElement(parent, "g", {"class": "badge"})
    _badge_disc(group, mark.x, mark.y)
    _badge_number(
        group, mark.x, mark.y, mark.value, {"class": "counted", "data-tile": mark.tile, "data-side": mark.side}
    )


def _badge_disc(parent: ET.Element, x: float, y: float) -> None:
    ET.SubElement(
        parent,
        "circle",
        {"class": "badge-disc", "cx": _num(x), "cy": _num(y), "r": _num(BADGE_RADIUS), "fill": COLOURS["badge"]},
    )


def _badge_number(parent: ET.Element, x: float, y: float, value: int, attributes: dict[str, str]) -> None:
    ET.SubElement(
        parent,
        "text",
        {
            **attributes,
            "x": _num(x),
            "y": _num(y),
            "text-anchor": "middle",
            "dominant-baseline": "central",
            "font-size": _num(1.05 if value < 10 else 0.9),
            "font-weight": "700",
            "fill": COLOURS["badge-text"],
        },
    ).text = str(value)


def _draw_legend(
    root: ET.Element, lang: str, x0: float, y: float, *, highlight: bool, sniff: bool
) -> tuple[float, float]:
    """The legend rows under the picture; returns its right and bottom edges."""
    words = legend_text(lang)
    group = ET.SubElement(root, "g", {"class": "legend"})
    kinds = ["counted", "join"]
    if sniff:
        kinds.append("sniff")
    if highlight:
        kinds.append("last")
    rows = words.pick(kinds)
    x = x0 + PADDING + BADGE_RADIUS
    right = x0
    for kind, text in rows:
        y += LEGEND_ROW
        if kind == "counted":
            key = ET.SubElement(group, "g", {"class": "badge legend-key"})
            _badge_disc(key, x, y)
            _badge_number(key, x, y, 5, {"class": "legend-sample"})
        elif kind == "join":
            ET.SubElement(
                group,
                "circle",
                {
                    "class": "legend-key join-key",
                    "cx": _num(x),
                    "cy": _num(y),
                    "r": _num(DOT_RADIUS),
                    "fill": "none",
                    "stroke": COLOURS["join"],
                    "stroke-width": "2",
                },
            )
        else:
            attributes = {
                "class": "legend-key " + ("spinner-key" if kind == "sniff" else "last-halo"),
                "x": _num(x - 0.8),
                "y": _num(y - 0.6),
                "width": _num(1.6),
                "height": _num(1.2),
                "rx": _num(0.25),
            }
            if kind == "sniff":
                attributes.update(fill=COLOURS["tile"], stroke=COLOURS["sniff"], **{"stroke-width": "3"})
            else:
                attributes.update(fill=COLOURS["halo"])
            ET.SubElement(group, "rect", attributes)
        ET.SubElement(
            group,
            "text",
            {
                "class": "legend-text",
                "x": _num(x + BADGE_RADIUS + 0.6),
                "y": _num(y),
                "dominant-baseline": "central",
                "font-size": _num(LEGEND_FONT_SIZE),
                "fill": COLOURS["legend-text"],
            },
        ).text = text
        # No font metrics here: allow a generous average glyph width for the viewBox.
        right = max(right, x + BADGE_RADIUS + 0.6 + len(text) * LEGEND_FONT_SIZE * 0.52 + PADDING)
    return right, y + LEGEND_ROW / 2 + PADDING
