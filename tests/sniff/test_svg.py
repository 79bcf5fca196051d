"""The annotated SVG diagrams (engine/sniff/render/svg.py) and their structure contract (its docstring)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES
from engine.sniff import Layout, parse_layout
from engine.sniff.render.geometry import Geometry
from engine.sniff.render.legend import legend
from engine.sniff.render.svg import SCALE, diagram_extent, render_svg
from engine.sniff.render.text import describe
from tests.layouts import random_layout

NS = {"svg": "http://www.w3.org/2000/svg"}
VECTORS = Path(__file__).resolve().parents[1] / "data" / "seed-004-vectors.txt"
DIAGRAMS = Path(__file__).resolve().parents[2] / "diagrams"
WORKED_EXAMPLE = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b\n2|4 on 4|4 branch-a\n"

# The seed's own legend (004, under every diagram of the Finnish page) and the sentence above it.
FINNISH_LEGEND = (
    "Täytetty numero: pisteytykseen laskettu arvo",
    "Tyhjä piste: laillinen jatkokohta, jota ei tässä lasketa",
    "Oranssi reunus merkitsee spinneriä, ei automaattisesti pisteytykseen kuuluvaa päätä",
)


def seed_layouts() -> list[str]:
    return re.findall(r"=== case \d+\n(.*?)--- fi\n", VECTORS.read_text(encoding="utf-8"), re.S)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def find(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [e for e in root.iter() if css_class in e.get("class", "").split()]


def rect(element: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(element.get("x")), float(element.get("y"))
    return x, y, x + float(element.get("width")), float(element.get("height")) + y


def random_layouts(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield random_layout(rng, rng.randint(1, 28))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", seed_layouts(), ids=lambda t: t.strip().splitlines()[-1])
def test_every_example_of_the_finnish_seed_renders_as_valid_svg(text, lang):
    layout = parse_layout(text)
    root = parse(render_svg(layout, lang, last=True))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(find(root, "tile")) == len(layout)
    words = describe(layout, lang)
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title.text.startswith(words.heading) and words.caption in title.text
    assert desc.text == words.description


def test_the_picture_is_an_image_labelled_by_its_title_and_description():
    root = parse(render_svg(parse_layout(WORKED_EXAMPLE), "fi", id_prefix="fig-3"))
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "fig-3-title fig-3-desc"
    assert root.find("svg:title", NS).get("id") == "fig-3-title"
    assert root.find("svg:desc", NS).get("id") == "fig-3-desc"
    assert root.find("svg:title", NS).text == (
        "Asetettu [2|4]. Pisteytykseen lasketut arvot: 1 + 2 + 4 + 6 = 13. Asetuspisteet: 0 raakapistettä."
    )


def test_counted_values_and_legal_joins_match_the_engine_in_random_layouts():
    for layout in random_layouts(200, seed=42):
        root = parse(render_svg(layout, legend=False))
        counted = [(e.get("data-tile"), e.get("data-side"), int(e.text)) for e in find(root, "counted")]
        assert counted == [(c.tile.notation(), c.side.value, c.value) for c in layout.counted_ends()]
        joins = [(e.get("data-tile"), e.get("data-side"), int(e.get("data-value"))) for e in find(root, "join")]
        assert joins == [(j.tile.notation(), j.side.value, j.value) for j in layout.legal_joins()]


def test_a_counted_end_has_its_join_under_the_badge_and_other_joins_are_hollow_dots():
    layout = parse_layout(WORKED_EXAMPLE)  # branch B counts 4; every open side counts here
    root = parse(render_svg(layout))
    marks = root.find("svg:g[@class='marks']", NS)
    order = [e.get("class") for e in marks]
    assert order.index("badge") > max(i for i, c in enumerate(order) if c == "join"), "badges drawn over the dots"
    badges = {
        (b[1].get("data-tile"), b[1].get("data-side")): (b[0].get("cx"), b[0].get("cy")) for b in find(root, "badge")
    }
    for join in find(root, "join"):
        assert badges[(join.get("data-tile"), join.get("data-side"))] == (join.get("cx"), join.get("cy"))
    # [2|2] alone: line A counts 4 (both halves, once); line B is a legal join that is not counted.
    root = parse(render_svg(parse_layout("2|2")))
    assert [(e.get("data-side"), e.text) for e in find(root, "counted")] == [("line-a", "4")]
    assert [e.get("data-side") for e in find(root, "join")] == ["line-a", "line-b"]
    assert all(e.get("fill") == "none" for e in find(root, "join")), "hollow"


def test_a_terminal_double_shows_both_halves_and_an_open_branch_one_half():
    root = parse(render_svg(parse_layout("3|6\n6|6 on 3|6 high\n")))
    assert {(e.get("data-tile"), e.text) for e in find(root, "counted")} == {("3|6", "3"), ("6|6", "12")}
    root = parse(render_svg(parse_layout(WORKED_EXAMPLE)))
    assert ("4|4", "branch-b", "4") in {(e.get("data-tile"), e.get("data-side"), e.text) for e in find(root, "counted")}


def test_tiles_follow_the_structure_contract():
    layout = parse_layout(WORKED_EXAMPLE)
    root = parse(render_svg(layout, last=True))
    tiles = find(root, "tile")
    assert [t.get("data-tile") for t in tiles] == [t.notation() for t in layout.tiles]
    for group in tiles:
        assert group.tag == "{http://www.w3.org/2000/svg}g"
        assert group[0].tag == "{http://www.w3.org/2000/svg}rect", "the outline comes first"
    assert not [e for e in root.iter() if e.get("transform")], "no transforms anywhere"
    assert [t.get("data-tile") for t in find(root, "sniff")] == ["4|4"]
    assert [t.get("data-tile") for t in find(root, "last")] == ["2|4"]
    assert not find(parse(render_svg(layout)), "last"), "no highlight unless asked"


def test_tile_outlines_are_where_the_geometry_lays_the_tiles_and_never_overlap():
    for layout in random_layouts(300, seed=99):  # about ten of each size, another 300 than test_geometry.py lays
        root = parse(render_svg(layout, legend=False))
        outlines = [rect(group.find("svg:rect", NS)) for group in find(root, "tile")]
        for i, (ax0, ay0, ax1, ay1) in enumerate(outlines):
            for bx0, by0, bx1, by1 in outlines[i + 1 :]:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, layout
        for (x0, y0, x1, y1), position in zip(outlines, Geometry.of(layout), strict=True):
            box = position.box
            assert (x0 + x1, y0 + y1) == pytest.approx(((box.x0 + box.x1) * SCALE, (box.y0 + box.y1) * SCALE), abs=0.05)


def test_each_half_shows_its_pips():
    layout = parse_layout("0|6\n6|6 on 0|6 high\n5|6 on 6|6 line-b\n")
    root = parse(render_svg(layout))
    pips = {g.get("data-tile"): len(find(g, "pip")) for g in find(root, "tile")}
    assert pips == {"0|6": 6, "6|6": 12, "5|6": 11}


def test_output_is_byte_identical_for_the_same_layout_and_language():
    layout = parse_layout(WORKED_EXAMPLE)
    assert render_svg(layout, "it", last=True) == render_svg(parse_layout(WORKED_EXAMPLE), "it", last=True)
    assert render_svg(layout, "it") != render_svg(layout, "id")


def test_ids_are_unique_among_many_diagrams_on_a_page():
    page = "".join(render_svg(parse_layout(text)) for text in seed_layouts())
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == 2 * len(seed_layouts()) and len(set(ids)) == len(ids)
    page = render_svg(parse_layout("1|4"), id_prefix="a") + render_svg(parse_layout("1|4"), id_prefix="b")
    assert len(set(re.findall(r' id="([^"]+)"', page))) == 4


def test_every_drawn_element_has_a_class_for_the_stylesheet_and_no_inline_style():
    svg = render_svg(parse_layout(WORKED_EXAMPLE), last=True)
    root = parse(svg)
    for element in root.iter():
        assert element.get("style") is None
        if element.tag.split("}")[1] in ("rect", "circle", "line", "text"):
            assert element.get("class"), ET.tostring(element)
    assert "<style" not in svg and "href" not in svg, "no style element, no external font or image"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_is_in_the_diagrams_language(lang):
    root = parse(render_svg(parse_layout(WORKED_EXAMPLE), lang, last=True))
    texts = [e.text for e in find(root, "legend-text")]
    words = legend(lang)
    assert texts == [words.rows[kind] for kind in ("counted", "join", "sniff", "last")]
    assert not find(parse(render_svg(parse_layout(WORKED_EXAMPLE), lang, legend=False)), "legend")


def test_the_finnish_legend_is_the_seeds():
    words = legend("fi")
    assert (words.rows["counted"], words.rows["join"], words.rows["sniff"]) == FINNISH_LEGEND


def test_the_view_box_holds_the_tiles_and_their_marks():
    for layout in random_layouts(100, seed=8):
        root = parse(render_svg(layout, legend=False))
        vx, vy, vw, vh = (float(n) for n in root.get("viewBox").split())
        for group in find(root, "tile"):
            x0, y0, x1, y1 = rect(group.find("svg:rect", NS))
            assert vx <= x0 and x1 <= vx + vw and vy <= y0 and y1 <= vy + vh
        for circle in find(root, "badge-disc") + find(root, "join"):
            cx, cy, r = (float(circle.get(a)) for a in ("cx", "cy", "r"))
            assert vx <= cx - r and cx + r <= vx + vw and vy <= cy - r and cy + r <= vy + vh


def test_a_badge_sits_just_outside_its_counted_end():
    layout = parse_layout("1|4")
    root = parse(render_svg(layout))
    outline = rect(find(root, "tile")[0].find("svg:rect", NS))
    centres = {e.get("data-side"): float(e.get("x")) for e in find(root, "counted")}
    assert centres["low"] < outline[0] and centres["high"] > outline[2]
    assert centres["high"] - outline[2] < 30


def test_the_steps_of_a_sequence_share_one_frame():
    full = parse_layout(WORKED_EXAMPLE)
    steps = [Layout(full.placements[:n]) for n in range(1, len(full) + 1)]
    extents = [diagram_extent(step) for step in steps]
    frame = (
        min(e[0] for e in extents),
        min(e[1] for e in extents),
        max(e[2] for e in extents),
        max(e[3] for e in extents),
    )
    boxes = {parse(render_svg(step, legend=False, extent=frame)).get("viewBox") for step in steps}
    assert len(boxes) == 1
    first = find(parse(render_svg(steps[0], extent=frame)), "tile")[0].find("svg:rect", NS)
    again = find(parse(render_svg(full, extent=frame)), "tile")[0].find("svg:rect", NS)
    assert first.attrib == again.attrib, "the opener stays where it was"


def test_a_tile_laid_apart_gets_a_connector_to_its_end():
    # In about one full game in two hundred an end is boxed in, and its tile lies a little apart.
    rng = random.Random(1)
    seen = 0
    for _ in range(120):
        layout = random_layout(rng, 28)
        apart = [p.tile.notation() for p in Geometry.of(layout) if p.gap is not None]
        root = parse(render_svg(layout, legend=False))
        assert [e.get("data-tile") for e in find(root, "connector")] == apart
        seen += len(apart)
    assert seen, "this sample has a boxed-in end (full game 116 of seed 1)"


def test_an_empty_table_is_a_picture_too():
    root = parse(render_svg(Layout(), "fi", id_prefix="board"))
    assert root.find("svg:title", NS).text == "Pöydällä ei ole vielä laattoja"
    assert not find(root, "tile")


def test_all_diagram_files_of_the_site_render():
    files = sorted(DIAGRAMS.glob("*.sniff"))
    assert len(files) >= 7
    for path in files:
        layout = parse_layout(path.read_text(encoding="utf-8"))
        for lang in LANGUAGES:
            parse(render_svg(layout, lang, last=True))
