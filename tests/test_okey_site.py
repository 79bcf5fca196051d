"""The built site's Okey figures: on every page and locale, each is an SVG image with its own title and
description, in the page's language, and no id is used twice on a page."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.site_pages import LOCALES, page_paths, prefix

FIGURE = re.compile(
    r'<figure class="okey-diagram" id="(?P<id>[^"]+)" lang="(?P<lang>[^"]+)">(?P<body>.*?)</figure>', re.S
)


@pytest.mark.parametrize("lang", LOCALES)
def test_okey_figures_are_labelled_images_with_unique_ids(site_dir, lang):
    figures = 0
    for path in page_paths(lang):
        html = (site_dir / path / "index.html").read_text(encoding="utf-8")
        ids = Counter(re.findall(r'\bid="([^"]+)"', html))
        assert not [i for i, n in ids.items() if n > 1], f"/{path}: ids used twice"
        for figure in FIGURE.finditer(html):
            figures += 1
            assert figure["lang"] == lang, f"/{path}: {figure['id']} is in {figure['lang']}"
            svg = re.search(r"<svg [^>]*>", figure["body"]).group(0)
            assert 'class="okey"' in svg and 'role="img"' in svg
            labelled = re.search(r'aria-labelledby="([^"]+)"', svg).group(1).split()
            assert labelled == [f"{figure['id']}-title", f"{figure['id']}-desc"]
            for part in labelled:
                assert re.search(rf'<(title|desc) id="{part}">[^<]+</', figure["body"]), part
    assert figures >= 25, f"{prefix(lang)}: only {figures} Okey figures"
