"""Golden SVG files: the site's reference diagrams, byte for byte.

A change to the drawing shows up here as a diff. After checking the new
pictures by eye (open tests/sniff/golden/*.svg in a browser), write them again with:

    SNIFF_UPDATE_GOLDEN=1 .venv/bin/pytest tests/sniff/test_svg_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.sniff import parse_layout
from engine.sniff.render.svg import render_svg

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "sniff" / "golden"

# A long game: the arms go round the table's corners, the Sniff's branches run inside.
LONG_GAME = (
    "5|6;4|6 on 5|6 high;4|4 on 4|6 low;2|4 on 4|4 line-b;2|5 on 2|4 low;3|4 on 4|4 branch-b;3|5 on 2|5 high;"
    "3|3 on 3|5 low;1|3 on 3|3 line-b;1|2 on 1|3 low;1|4 on 4|4 branch-a;5|5 on 5|6 low;2|3 on 1|2 high;"
    "3|6 on 3|4 low;1|5 on 5|5 line-b;1|6 on 1|4 low;0|6 on 3|6 high;6|6 on 1|6 high;0|3 on 2|3 high;"
    "1|1 on 1|5 low;2|6 on 6|6 line-b;0|0 on 0|6 low"
)

CASES = {
    "worked-example.fi": (ROOT / "diagrams" / "worked-example.sniff", "fi", {"last": True}),
    "sniff-branches.en": (ROOT / "diagrams" / "sniff-branches.sniff", "en", {"last": True}),
    "double-six-terminal.it": (ROOT / "diagrams" / "double-six-terminal.sniff", "it", {}),
    "sniff-opener.id": (ROOT / "diagrams" / "sniff-opener.sniff", "id", {"legend": False}),
    "long-game.en": (LONG_GAME, "en", {"last": True, "legend": False}),
}


@pytest.mark.parametrize("name", CASES)
def test_the_diagram_is_drawn_as_before(name):
    source, lang, options = CASES[name]
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    svg = render_svg(parse_layout(text), lang, id_prefix=f"golden-{name.replace('.', '-')}", **options) + "\n"
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("SNIFF_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with SNIFF_UPDATE_GOLDEN=1"
    assert svg == path.read_text(encoding="utf-8"), f"{path.name} changed: look at it, then update the golden file"
