"""The quick references print on one sheet, A4 or Letter, in every language (Chromium's PDF print).

Each page is loaded once and printed on both papers: the paper is the print's, not the page's."""

from __future__ import annotations

import re

import pytest

from tests.site_pages import LOCALES, prefix

PAPERS = ("A4", "Letter")


@pytest.mark.browser
@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("reference", ["reference/", "okey-reference/"])
def test_a_quick_reference_prints_on_one_page(page, site_url, lang, reference):
    page.goto(f"{site_url}/{prefix(lang)}{reference}")
    page.emulate_media(media="print")
    printed = {
        paper: len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format=paper, print_background=True))) for paper in PAPERS
    }
    too_long = {paper: pages for paper, pages in printed.items() if pages != 1}
    assert not too_long, f"{prefix(lang)}{reference} prints on " + ", ".join(
        f"{pages} {paper} pages" for paper, pages in too_long.items()
    )
