"""The Okey diagrams' build hook (scripts/hooks/okey_diagrams.py), on a tiny MkDocs site of its own."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.okey.render import analyse, describe, parse_diagram
from tests.support import mkdocs_site
from tests.support.mkdocs_site import build, built_site, figures, site_config

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "scripts" / "hooks" / "okey_diagrams.py"

CONFIG = site_config("Okey diagrams test", HOOK)

#: MkDocs builds, as tests/test_diagrams_hook.py's (a site test, which scripts/test --fast leaves out).
pytestmark = pytest.mark.site

LAYOFF = "meld B4 B5 B6\nlayoff B7 on 1\n"
PAGE = f"""\
---
title: Okey
---
# Okey

A paragraph right before the block.
```okey
{LAYOFF}```

!!! note "In an admonition"

    ```okey spots
    meld R5 R6 R7
    rack R4 R8 K2
    ```

How to write one:

````markdown
```okey
not a diagram, only an example
```
````
"""


def make_site(tmp_path: Path, pages: dict[str, str]) -> Path:
    return mkdocs_site.make_site(tmp_path, CONFIG, pages)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    glossary = "# Glossary\n\n## Okey {#okey}\n\n## Penalty tile {#penalty-tile}\n\n## Laying off {#laying-off}\n"
    site = make_site(
        tmp_path_factory.mktemp("okey-site"), {"index.md": PAGE, "index.fi.md": PAGE, "glossary.md": glossary}
    )
    return built_site(site)


def test_each_okey_block_becomes_a_figure_and_an_example_fence_stays_code(built):
    found = figures(built / "index.html", "okey-diagram")
    assert len(found) == 2
    assert "not a diagram, only an example" in (built / "index.html").read_text(encoding="utf-8")
    assert "<p><figure" not in (built / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("folder", "lang"), [("", "en"), ("fi/", "fi")])
def test_the_figure_is_in_the_pages_language(built, folder, lang):
    figure = figures(built / folder / "index.html", "okey-diagram")[0]
    text = describe(analyse(parse_diagram(LAYOFF), LAYOFF), lang)
    assert f'lang="{lang}"' in figure
    assert text.heading.replace("'", "&#x27;") in figure
    svg = ET.fromstring(re.search(r"<svg.*?</svg>", figure, re.S).group(0))
    assert svg.get("class") == "okey" and svg.get("role") == "img"
    assert svg.find("{http://www.w3.org/2000/svg}desc").text == text.description


def test_the_legend_links_to_the_glossary_of_the_same_locale(built):
    english = (built / "index.html").read_text(encoding="utf-8")
    finnish = (built / "fi" / "index.html").read_text(encoding="utf-8")
    assert 'href="glossary/#penalty-tile"' in english and 'href="glossary/#laying-off"' in english
    assert 'href="glossary/#penalty-tile"' in finnish  # the glossary falls back to English inside fi/


def test_ids_are_unique_on_the_page(built):
    ids = re.findall(r'\bid="([^"]+)"', (built / "index.html").read_text(encoding="utf-8"))
    okey_ids = [i for i in ids if i.startswith("okey-fig")]
    assert okey_ids and len(okey_ids) == len(set(okey_ids))


BROKEN = """\
# Rules

Some text.

```okey
indicator R5
meld R4 R5 R7
```
"""


def test_a_broken_okey_block_fails_the_strict_build_with_the_page_line_and_reason(tmp_path):
    site = make_site(tmp_path, {"index.md": "# Home\n", "rules.md": BROKEN})
    result = build(site)
    assert result.returncode != 0
    assert "docs/rules.md:7: okey diagram: R4 R5 R7 is not a valid run: R5 and R7 are not consecutive" in (
        result.stderr
    ), result.stderr
    assert "Aborted" in result.stdout + result.stderr
    assert result.stderr.count("not consecutive") == 1, "one warning, though every locale builds the page"


@pytest.mark.parametrize(
    ("page", "where"),
    [
        ("# Home\n\n```okey\nrack R4\n", "docs/index.md:3: okey diagram: the block is not closed"),
        ("# Home\n\n```okey big\nrack R4\n```\n", 'docs/index.md:3: okey diagram: unknown option "big"'),
        ("# Home\n\n```okey\nrack R4\nlayoff R5 at 1\n```\n", "docs/index.md:5: okey diagram: write layoff TILE on N"),
    ],
)
def test_bad_blocks_name_the_page_line_and_reason(tmp_path, page, where):
    result = build(make_site(tmp_path, {"index.md": page}))
    assert result.returncode != 0
    assert where in result.stderr, result.stderr
