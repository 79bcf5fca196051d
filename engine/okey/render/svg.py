"""Annotated SVG pictures of Okey tiles: the indicator, table melds, a rack, actions and a round's end.

Each part is a row: a short label, then the tiles. A tile shows its number in its
colour and, under it, its colour's symbol (red ●, blue ■, black ▲, yellow ◆), so
colour is never the only carrier. An okey in a meld shows the tile it stands for
with a ★; a false joker alone is a tile with a ♣, and in a meld it shows the tile
it counts as with a ♣ at its top (the table draws the same marks). Marks: the
pieces an action laid (class ``new``), penalty tiles (class ``penalty``, a "!"),
lay-off spots (dashed ``spot`` tiles), charges and totals as labelled pills.

Every number comes from ``analysis``. Colours are presentation attributes for an
SVG seen alone; the site's stylesheet sets both palettes through the classes
(no ``<style>``, no ``style`` attribute: the site's Content-Security-Policy).
The same input gives byte-identical output.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET

from ...core.svgtext import drawn_once, tostring
from ..melds import Piece
from ..tiles import Tile
from .analysis import Analysis
from .legend import FALSE_JOKER_MARK, OKEY_MARK
from .text import Words, describe, meld_summary, seat_name

TILE_W, TILE_H, GAP, GROUP_GAP = 30, 42, 3, 16
PAD, LABEL_H, ROW_GAP, NOTE_H = 8, 17, 10, 15
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

#: The light palette of docs/assets/stylesheets/okey.css, for an SVG seen outside the site.
COLOURS = {
    "R": "#b3261e",
    "B": "#0b57a4",
    "K": "#1d1b18",
    "Y": "#7a5200",
    "tile": "#fffcf2",
    "edge": "#4a443c",
    "text": "#2b2824",
    "mark": "#6a3fc0",
    "penalty": "#b3261e",
}


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _width(text: str, size: float) -> float:
    return len(text) * size * 0.56


class _Canvas:
    def __init__(self, root: ET.Element) -> None:
        self.root = root
        self.y = PAD
        self.right = 0.0

    def label(self, text: str, x: float = PAD, cls: str = "okey-label") -> None:
        ET.SubElement(
            self.root,
            "text",
            {"class": cls, "x": _num(x), "y": _num(self.y + 12), "font-size": "13", "fill": COLOURS["text"]},
        ).text = text
        self.right = max(self.right, x + _width(text, 13))
        self.y += LABEL_H


def _symbol(parent: ET.Element, colour: str, cx: float, cy: float) -> None:
    attrs = {"class": f"colour-symbol colour-{colour}", "fill": COLOURS[colour]}
    if colour == "R":
        ET.SubElement(parent, "circle", {**attrs, "cx": _num(cx), "cy": _num(cy), "r": "3.6"})
    elif colour == "B":
        ET.SubElement(
            parent, "rect", {**attrs, "x": _num(cx - 3.3), "y": _num(cy - 3.3), "width": "6.6", "height": "6.6"}
        )
    elif colour == "K":
        points = f"{_num(cx)},{_num(cy - 4)} {_num(cx + 4.2)},{_num(cy + 3.4)} {_num(cx - 4.2)},{_num(cy + 3.4)}"
        ET.SubElement(parent, "polygon", {**attrs, "points": points})
    else:
        corners = ((cx, cy - 4.4), (cx + 4.2, cy), (cx, cy + 4.4), (cx - 4.2, cy))
        points = " ".join(f"{_num(px)},{_num(py)}" for px, py in corners)
        ET.SubElement(parent, "polygon", {**attrs, "points": points})


@drawn_once
def _tile(
    parent: ET.Element, x: float, y: float, shows: Tile, *, classes: str = "", face: str = "", tag: str = ""
) -> None:
    """One tile showing ``shows`` (its number, colour and symbol); ``tag`` a small mark at its top."""
    group = ET.SubElement(parent, "g", {"class": ("tile " + classes).strip(), "data-tile": face or shows.notation()})
    ET.SubElement(
        group,
        "rect",
        {
            "class": "tile-body",
            "x": _num(x),
            "y": _num(y),
            "width": _num(TILE_W),
            "height": _num(TILE_H),
            "rx": "4",
            "fill": COLOURS["tile"],
            "stroke": COLOURS["edge"],
            "stroke-width": "1.2",
        },
    )
    if shows.is_false_joker:
        ET.SubElement(
            group,
            "text",
            {
                "class": "tile-fj",
                "x": _num(x + TILE_W / 2),
                "y": _num(y + 28),
                "text-anchor": "middle",
                "font-size": "20",
                "font-weight": "700",
                "fill": COLOURS["text"],
            },
        ).text = FALSE_JOKER_MARK
    else:
        ET.SubElement(
            group,
            "text",
            {
                "class": f"tile-number colour-{shows.colour}",
                "x": _num(x + TILE_W / 2),
                "y": _num(y + 22),
                "text-anchor": "middle",
                "font-size": "17",
                "font-weight": "700",
                "fill": COLOURS[shows.colour],
            },
        ).text = str(shows.number)
        _symbol(group, shows.colour, x + TILE_W / 2, y + 33)
    if tag:
        ET.SubElement(
            group,
            "text",
            {
                "class": "tile-tag",
                "x": _num(x + TILE_W - 3),
                "y": _num(y + 9),
                "text-anchor": "end",
                "font-size": "8.5",
                "font-weight": "700",
                "fill": COLOURS["mark"],
            },
        ).text = tag


def _piece(parent: ET.Element, x: float, y: float, piece: Piece, new: bool) -> None:
    classes = "new " if new else ""
    if piece.wild:
        _tile(parent, x, y, piece.stands, classes=classes + "okey", face="*" + piece.stands.notation(), tag=OKEY_MARK)
    elif piece.face.is_false_joker:
        _tile(parent, x, y, piece.stands, classes=classes + "false-joker", face="FJ", tag=FALSE_JOKER_MARK)
    else:
        _tile(parent, x, y, piece.face, classes=classes.strip())


def _halo(parent: ET.Element, x: float, y: float, cls: str, colour: str) -> None:
    ET.SubElement(
        parent,
        "rect",
        {
            "class": cls,
            "x": _num(x - 3),
            "y": _num(y - 3),
            "width": _num(TILE_W + 6),
            "height": _num(TILE_H + 6),
            "rx": "6",
            "fill": "none",
            "stroke": colour,
            "stroke-width": "2.5",
        },
    )


def _pill(canvas: _Canvas, x: float, y: float, text: str, cls: str) -> float:
    """A labelled pill (a charge, a total); returns its right edge."""
    width = _width(text, 12.5) + 14
    group = ET.SubElement(canvas.root, "g", {"class": f"pill {cls}"})
    ET.SubElement(
        group,
        "rect",
        {
            "class": "pill-body",
            "x": _num(x),
            "y": _num(y + TILE_H / 2 - 12),
            "width": _num(width),
            "height": "24",
            "rx": "12",
            "fill": COLOURS["mark"],
        },
    )
    ET.SubElement(
        group,
        "text",
        {
            "class": "pill-text",
            "x": _num(x + width / 2),
            "y": _num(y + TILE_H / 2 + 4.5),
            "text-anchor": "middle",
            "font-size": "12.5",
            "font-weight": "700",
            "fill": "#ffffff",
        },
    ).text = text
    canvas.right = max(canvas.right, x + width)
    return x + width


def _row(canvas: _Canvas, pieces, x: float = PAD, new: tuple[int, ...] = ()) -> float:
    for index, piece in enumerate(pieces):
        if index in new:
            _halo(canvas.root, x, canvas.y, "new-halo", COLOURS["mark"])
        _piece(canvas.root, x, canvas.y, piece, index in new)
        x += TILE_W + GAP
    canvas.right = max(canvas.right, x)
    return x


def _spot(canvas: _Canvas, x: float, tile: Tile) -> None:
    group = ET.SubElement(canvas.root, "g", {"class": "spot", "data-tile": tile.notation()})
    ET.SubElement(
        group,
        "rect",
        {
            "class": "spot-body",
            "x": _num(x),
            "y": _num(canvas.y),
            "width": _num(TILE_W),
            "height": _num(TILE_H),
            "rx": "4",
            "fill": COLOURS["tile"],
            "stroke": COLOURS["mark"],
            "stroke-width": "1.5",
            "stroke-dasharray": "4 3",
        },
    )
    ET.SubElement(
        group,
        "text",
        {
            "class": f"spot-number colour-{tile.colour}",
            "x": _num(x + TILE_W / 2),
            "y": _num(canvas.y + 22),
            "text-anchor": "middle",
            "font-size": "14",
            "font-weight": "700",
            "fill": COLOURS[tile.colour],
        },
    ).text = str(tile.number)
    _symbol(group, tile.colour, x + TILE_W / 2, canvas.y + 33)


def _indicator(canvas: _Canvas, analysis: Analysis, w: Words) -> None:
    okey = analysis.okey
    _ = w._
    canvas.label(_("indicator → okey; false joker = the okey's tile"))
    x = PAD
    _tile(canvas.root, x, canvas.y, okey.indicator, classes="indicator")
    x += TILE_W + 6
    ET.SubElement(
        canvas.root,
        "text",
        {
            "class": "okey-label",
            "x": _num(x + 7),
            "y": _num(canvas.y + 26),
            "text-anchor": "middle",
            "font-size": "16",
            "fill": COLOURS["text"],
        },
    ).text = "→"
    x += 20
    for _copy in range(2):
        _tile(canvas.root, x, canvas.y, okey.tile, classes="okey", tag=OKEY_MARK)
        x += TILE_W + GAP
    x += GROUP_GAP
    _tile(canvas.root, x, canvas.y, Tile.parse("FJ"), classes="false-joker")
    x += TILE_W + 6
    ET.SubElement(
        canvas.root,
        "text",
        {
            "class": "okey-label",
            "x": _num(x + 6),
            "y": _num(canvas.y + 26),
            "text-anchor": "middle",
            "font-size": "16",
            "fill": COLOURS["text"],
        },
    ).text = "="
    x += 16
    _tile(canvas.root, x, canvas.y, okey.tile)
    canvas.right = max(canvas.right, x + TILE_W)
    canvas.y += TILE_H + ROW_GAP


def _table(canvas: _Canvas, analysis: Analysis, w: Words, spots: bool) -> None:
    owners = {"own": w._("yours"), "partner": w._("partner"), "opponent": w._("opponent")}
    for meld in analysis.table:
        canvas.label(f"{meld.number} · {owners[meld.owner]} · {meld_summary(meld.meld, w)}")
        x = PAD
        shown = [(e, t) for e, t in meld.spots if spots]
        for end, tile in shown:
            if end == "low":
                _spot(canvas, x, tile)
                x += TILE_W + GAP
        x = _row(canvas, meld.meld.pieces, x, meld.new)
        for end, tile in shown:
            if end != "low":
                _spot(canvas, x, tile)
                x += TILE_W + GAP
        canvas.right = max(canvas.right, x)
        canvas.y += TILE_H + ROW_GAP


def _invalid(canvas: _Canvas, analysis: Analysis, w: Words) -> None:
    for group in analysis.invalid:
        canvas.label("✗ " + w._("not a meld: {reason}").format(reason=w.reason(group.code)), cls="okey-label invalid")
        _row(canvas, group.pieces)
        canvas.y += TILE_H + ROW_GAP


def _rack(canvas: _Canvas, analysis: Analysis, w: Words) -> None:
    label = w._("your rack")
    if analysis.table:
        label += " · ! " + w._("penalty tile (100)")
    canvas.label(label)
    x = PAD
    penalties = set(analysis.penalties)
    for tile in analysis.rack:
        if tile in penalties:
            _halo(canvas.root, x, canvas.y, "penalty-halo", COLOURS["penalty"])
            ET.SubElement(
                canvas.root,
                "text",
                {
                    "class": "penalty-mark",
                    "x": _num(x + TILE_W / 2),
                    "y": _num(canvas.y + TILE_H + 15),
                    "text-anchor": "middle",
                    "font-size": "13",
                    "font-weight": "700",
                    "fill": COLOURS["penalty"],
                },
            ).text = "!"
        is_okey = analysis.okey.is_okey(tile)
        _tile(
            canvas.root,
            x,
            canvas.y,
            tile,
            classes="penalty" if tile in penalties else ("okey" if is_okey else ""),
            tag=OKEY_MARK if is_okey else "",
        )
        x += TILE_W + GAP
    canvas.right = max(canvas.right, x)
    canvas.y += TILE_H + ROW_GAP + (NOTE_H if penalties else 0)


def _actions(canvas: _Canvas, analysis: Analysis, w: Words) -> None:
    _ = w._
    for action in analysis.actions:
        verb = action.verb
        if verb in ("opening", "pairs"):
            canvas.label(_("opening") if verb == "opening" else _("opening with pairs"))
            x = PAD
            for meld in action.melds:
                start = x
                x = _row(canvas, meld.pieces, x)
                note = str(meld.value) if verb == "opening" else ""
                if note:
                    ET.SubElement(
                        canvas.root,
                        "text",
                        {
                            "class": "okey-note",
                            "x": _num((start + x - GAP) / 2),
                            "y": _num(canvas.y + TILE_H + 13),
                            "text-anchor": "middle",
                            "font-size": "12",
                            "fill": COLOURS["text"],
                        },
                    ).text = note
                x += GROUP_GAP - GAP
            if verb == "opening":
                total = _("{total} of {threshold}").format(total=action.total, threshold=action.threshold)
            else:
                total = _("{count} of {least}").format(count=action.total, least=action.threshold)
            total += " ✓" if action.reached else " ✗"
            _pill(canvas, x, canvas.y, total, "total reached" if action.reached else "total short")
            canvas.y += TILE_H + ROW_GAP + (NOTE_H if verb == "opening" else 0)
            continue
        if verb == "take":
            canvas.label(_("take the discard"))
        elif verb == "layoff":
            canvas.label(_("lay off on meld {number}").format(number=action.target))
        elif verb == "seize":
            canvas.label(_("seize the okey of meld {number}").format(number=action.target))
        else:
            canvas.label(_("discard"))
        x = PAD
        if action.piece is not None:
            _piece(canvas.root, x, canvas.y, action.piece, True)
        else:
            _tile(canvas.root, x, canvas.y, action.tile, classes="new")
        x += TILE_W + 10
        if verb == "seize":
            # The real tile goes in, the okey comes out to the rack.
            ET.SubElement(
                canvas.root,
                "text",
                {
                    "class": "okey-label",
                    "x": _num(x + 7),
                    "y": _num(canvas.y + 26),
                    "text-anchor": "middle",
                    "font-size": "16",
                    "fill": COLOURS["text"],
                },
            ).text = "⇄"
            x += 20
            _tile(canvas.root, x, canvas.y, analysis.okey.tile, classes="okey", tag=OKEY_MARK)
            x += TILE_W + 10
        if action.charge is not None:
            # The caption's own words, without the full stop: "+70 for the meld's owner".
            text = w.charge(verb, action.charge.seat, action.charge.points).rstrip(".")
            _pill(canvas, x, canvas.y, text, "charge")
        else:
            _pill(canvas, x, canvas.y, _("no charge"), "charge none")
        canvas.y += TILE_H + ROW_GAP


def _settlement(canvas: _Canvas, analysis: Analysis, w: Words) -> None:
    _ = w._
    states = {"opened": _("opened"), "pairs": _("opened with pairs"), "closed": _("not opened")}
    for row in analysis.seats:
        who = seat_name(row.seat, w, analysis)
        if row.finisher:
            canvas.label(f"{who} · {_('went out')}")
        else:
            canvas.label(f"{who} · {states[row.state]}")
        x = PAD
        for tile in row.tiles:
            is_okey = analysis.okey.is_okey(tile)
            _tile(canvas.root, x, canvas.y, tile, classes="okey" if is_okey else "", tag=OKEY_MARK if is_okey else "")
            x += TILE_W + GAP
        if row.times:
            note = f"{row.rack_value} × {row.times}"
            if row.okeys:
                note += f" + {row.okeys} × {row.okey_each}"
            note += f" = {w.signed(row.amount)}"
        else:
            note = w.signed(row.amount)
        _pill(canvas, x + 6, canvas.y, note, "settle")
        canvas.y += TILE_H + ROW_GAP


def render_svg(analysis: Analysis, lang: str = "en", *, spots: bool = False, id_prefix: str | None = None) -> str:
    """The diagram as an SVG document (one line), in ``lang``; ``spots`` draws each meld's lay-off spots."""
    w = Words(lang)
    text = describe(analysis, lang)
    if id_prefix is None:
        id_prefix = "okey-" + hashlib.sha1(("\n".join(text.lines()) + lang).encode()).hexdigest()[:10]
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "okey",
            "role": "img",
            "aria-labelledby": f"{id_prefix}-title {id_prefix}-desc",
            "font-family": FONT,
        },
    )
    ET.SubElement(root, "title", {"id": f"{id_prefix}-title"}).text = f"{text.heading}. {text.caption}"
    ET.SubElement(root, "desc", {"id": f"{id_prefix}-desc"}).text = text.description
    canvas = _Canvas(root)
    if analysis.show_indicator:
        _indicator(canvas, analysis, w)
    _table(canvas, analysis, w, spots)
    _invalid(canvas, analysis, w)
    if analysis.rack is not None:
        _rack(canvas, analysis, w)
    _actions(canvas, analysis, w)
    if analysis.end is not None:
        _settlement(canvas, analysis, w)
    width = max(canvas.right, 120) + PAD
    height = canvas.y - ROW_GAP + PAD
    root.set("viewBox", f"0 0 {_num(width)} {_num(height)}")
    root.set("width", _num(width))
    root.set("height", _num(height))
    return tostring(root)
