"""The diagrams of classic Sniff's differences: a score in fives (``rules=classic``) and the boneyard picture."""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.core.i18n import LANGUAGES
from engine.sniff.render.boneyard import boneyard_size, boneyard_text, render_boneyard_svg
from engine.sniff.rules import AMERICAN_SNIFF, CLASSIC_SNIFF

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "scripts" / "hooks" / "diagrams.py"
_spec = importlib.util.spec_from_file_location("diagrams_hook_classic", HOOK)
hook = sys.modules["diagrams_hook_classic"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)

LINKS = hook.Links(play="../play/", glossary="../glossary/")
NS = {"svg": "http://www.w3.org/2000/svg"}


def test_a_classic_caption_says_what_the_count_scores_in_fives():
    diagram = hook.read_block(["last", "rules=classic"], "3|6\n6|6 on 3|6 high\n", 1, ROOT / "diagrams")
    figure = hook.figure_html(diagram, "en", "f1", LINKS)
    assert "Placement score: 15 raw points. In classic Sniff: 15 → 3 points." in figure
    american = hook.figure_html(
        hook.read_block(["last"], "3|6\n6|6 on 3|6 high\n", 1, ROOT / "diagrams"), "en", "f1", LINKS
    )
    assert "classic" not in american
    # A count that scores nothing says nothing more.
    nothing = hook.read_block(["rules=classic"], "3|6\n1|3 on 3|6 low\n", 1, ROOT / "diagrams")
    assert "In classic Sniff" not in hook.figure_html(nothing, "en", "f1", LINKS)
    sequence = hook.read_block(["sequence", "rules=classic"], "0|5\n5|5 on 0|5 high\n", 1, ROOT / "diagrams")
    assert hook.figure_html(sequence, "it", "f2", LINKS).count("Nello Sniff classico: ") == 2


def test_the_boneyard_of_two_players_keeps_its_last_two_tiles():
    assert boneyard_size(CLASSIC_SNIFF, 2) == 14 and CLASSIC_SNIFF.undrawable(2) == 2
    svg = ET.fromstring(render_boneyard_svg(CLASSIC_SNIFF, 2, "en", id_prefix="b"))
    tiles = svg.findall(".//svg:g[@data-order]", NS)
    assert [tile.get("data-order") for tile in tiles] == [str(n) for n in range(1, 15)]
    assert [tile.get("data-order") for tile in tiles if "is-reserve" in tile.get("class")] == ["13", "14"]
    assert svg.find(".//svg:text[@class='boneyard-label']", NS).text == "never drawn"
    assert (
        svg.find("svg:title", NS).text
        == "The boneyard with 2 players. 14 tiles, drawn in order; the last 2 are never drawn."
    )


@pytest.mark.parametrize(
    ("ruleset", "players", "size"), [(CLASSIC_SNIFF, 3, 10), (CLASSIC_SNIFF, 4, 8), (AMERICAN_SNIFF, 2, 14)]
)
def test_other_boneyards_may_be_drawn_to_the_last_tile(ruleset, players, size):
    svg = ET.fromstring(render_boneyard_svg(ruleset, players, "en"))
    assert len(svg.findall(".//svg:g[@data-order]", NS)) == size
    assert not svg.findall(".//svg:g[@class='boneyard-tile is-reserve']", NS)
    assert svg.find(".//svg:text[@class='boneyard-label']", NS) is None
    assert boneyard_text(ruleset, players).caption == f"{size} tiles, drawn in order; every one of them may be drawn."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_boneyard_figure_in_every_language(lang):
    diagram = hook.read_boneyard_block(["players=2", "rules=classic"], "", 5)
    figure = hook.figure_html(diagram, lang, "sniff-fig-3", LINKS)
    text = boneyard_text(CLASSIC_SNIFF, 2, lang)
    assert text.heading in figure and text.caption in figure and "14" in text.caption and "2" in text.caption
    if lang != "en":
        assert text.caption != boneyard_text(CLASSIC_SNIFF, 2, "en").caption


@pytest.mark.parametrize(
    ("options", "body", "reason"),
    [
        (["rules=classic"], "", "say how many players"),
        (["players=5"], "", 'unknown option "players=5"'),
        (["players=2", "rules=cribbage"], "", 'unknown option "rules=cribbage"'),
        (["players=2"], "3|4\n", "a sniff-boneyard block is empty"),
    ],
)
def test_a_bad_boneyard_block_says_why(options, body, reason):
    with pytest.raises(hook.BlockError, match=reason):
        hook.read_boneyard_block(options, body, 7)


def test_an_unknown_rules_option_is_refused():
    with pytest.raises(hook.BlockError, match='unknown option "rules=okey"'):
        hook.read_block(["rules=okey"], "3|6\n", 1, ROOT / "diagrams")


def fake_page(markdown: str, src: str = "docs/variants.md"):
    """What the hook reads of a page and the config, without a MkDocs build."""
    file = SimpleNamespace(abs_src_path=None, src_uri=src, content_string=markdown, locale="en")
    page = SimpleNamespace(file=file, url="variants/")
    config = SimpleNamespace(
        config_file_path=str(ROOT / "mkdocs.yml"), plugins={}, theme={"language": "en"}, get=lambda key: None
    )
    files = SimpleNamespace(documentation_pages=lambda: [])
    return page, config, files


def test_boneyard_blocks_in_a_page_become_figures_and_a_broken_one_names_its_line(caplog):
    markdown = (
        "# Home\n\nText.\n\n```sniff last rules=classic\n3|6\n6|6 on 3|6 high\n```\n\n"
        "```sniff-boneyard players=2 rules=classic\n```\n\n```sniff-boneyard players=7\n```\n"
    )
    page, config, files = fake_page(markdown)
    out = hook.on_page_markdown(markdown, page=page, config=config, files=files)
    assert [line for line in out.split("\n") if "SNIFFDIAGRAM" in line] == [
        "SNIFFDIAGRAM1X",
        "SNIFFDIAGRAM2X",
        "SNIFFDIAGRAM3X",
    ]
    figures = page.sniff_figures
    assert "In classic Sniff: 15 → 3 points." in figures[0]
    assert 'id="sniff-fig-2"' in figures[1] and "the last 2 are never drawn." in figures[1]
    assert "docs/variants.md:13: sniff-boneyard diagram: unknown option &quot;players=7&quot;" in figures[2]
    assert 'docs/variants.md:13: sniff-boneyard diagram: unknown option "players=7"' in caplog.text
