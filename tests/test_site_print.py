"""The quick references print on one sheet, A4 or Letter, in every language (Chromium's PDF print)."""

from __future__ import annotations

import re

import pytest

from tests.site_pages import LOCALES, prefix


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("reference", ["reference/", "okey-reference/"])
def test_a_quick_reference_prints_on_one_page(page, site_url, lang, paper, reference):
    page.goto(f"{site_url}/{prefix(lang)}{reference}")
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"{prefix(lang)}{reference} prints on {pages} {paper} pages"
