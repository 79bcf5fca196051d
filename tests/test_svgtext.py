"""engine.core.svgtext: the diagrams' SVG text, character for character what ElementTree writes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.core import svgtext
from engine.sniff.notation import parse_layout
from engine.sniff.render.svg import render_svg


def _tree() -> ET.Element:
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "class": 'a "b" & <c>', "data-x": "1\n2\t3\r"})
    title = ET.SubElement(root, "title", {"id": "t"})
    title.text = "Fish & chips <3 > 2"
    ET.SubElement(root, "g", {"class": "empty"})
    text = ET.SubElement(root, "text", {})
    text.text = "ääkkönen — ★"
    text.tail = "tail & more"
    ET.SubElement(root, "desc").text = ""
    return root


def test_the_text_is_elementtrees():
    root = _tree()
    assert svgtext.tostring(root) == ET.tostring(root, encoding="unicode")


def test_a_namespaced_tree_goes_to_elementtree():
    root = ET.Element("{http://www.w3.org/2000/svg}svg")
    ET.SubElement(root, "{http://www.w3.org/2000/svg}g", {"{http://www.w3.org/1999/xlink}href": "#a"})
    assert svgtext.tostring(root) == ET.tostring(root, encoding="unicode")


def test_a_drawing_is_made_once_for_its_arguments_and_written_the_same():
    calls = []

    def draw(parent, x, *, label):
        ET.SubElement(parent, "rect", {"x": str(x)}).tail = label
        ET.SubElement(parent, "circle", {"cx": str(x)})

    def counted(parent, x, *, label):
        calls.append((x, label))
        draw(parent, x, label=label)

    once = svgtext.drawn_once(counted)
    plain, kept = ET.Element("g"), ET.Element("g")
    for x, label in [(1, "a"), (2, "b"), (1, "a")]:
        draw(plain, x, label=label)
        once(kept, x, label=label)
    assert svgtext.tostring(kept) == ET.tostring(plain, encoding="unicode")
    assert calls == [(1, "a"), (2, "b")]  # the repeated drawing is not drawn again


def test_ready_markup_in_a_tree_elementtree_would_write_is_refused():
    root = ET.Element("{http://www.w3.org/2000/svg}svg")
    ET.SubElement(root, svgtext.RAW).text = "<g />"
    with pytest.raises(ValueError, match="ready markup"):
        svgtext.tostring(root)


def test_a_picture_kept_for_its_placements_does_not_follow_a_layout_changed_later():
    layout = parse_layout("4|1\n1|1 on 1|4 low")
    before = render_svg(layout, "en", last=True)
    grown = parse_layout("4|1\n1|1 on 1|4 low")
    render_svg(grown, "en")
    grown.place(parse_layout("4|1\n1|1 on 1|4 low\n4|4 on 1|4 high").last)
    assert render_svg(parse_layout("4|1\n1|1 on 1|4 low"), "en", last=True) == before
    assert render_svg(grown, "en") != before
