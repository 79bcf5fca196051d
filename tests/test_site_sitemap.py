"""The site's sitemap lists its pages under the address it is served at (issue 25: it was empty, as
``site_url`` was not set). The address comes from one place, ``site_url`` in mkdocs.yml, which a
deployment changes with the ``SITE_URL`` environment variable."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_sitemap_lists_every_language_s_pages(site_dir):
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    urls = re.findall(r"<loc>([^<]+)</loc>", text)
    assert len(urls) >= 10, text[:300]
    assert all(url.startswith(("http://", "https://")) for url in urls)
    for lang in ("fi", "id", "it"):
        assert any(f"/{lang}/" in url for url in urls) or f'hreflang="{lang}"' in text


def test_the_site_s_address_is_set_once_and_a_deployment_can_change_it():
    lines = [line for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines() if "site_url" in line]
    assert len(lines) == 1 and re.match(r"site_url: !ENV \[SITE_URL, ", lines[0]), lines
