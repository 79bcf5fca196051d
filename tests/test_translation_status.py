"""scripts/hooks/translation_status.py on a tiny MkDocs site of its own: an outdated translation says so."""

from __future__ import annotations

import hashlib
import os
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.support import mkdocs_site
from tests.support.mkdocs_site import built_site, site_config

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "scripts" / "hooks" / "translation_status.py"

RULES_THEN = "# Rules\n\nPlay a tile.\n"
RULES_NOW = "# Rules\n\nPlay a tile. Then draw.\n"
PLAY = "# Play\n\nThe board.\n"
STATUS = "# Translating\n\n## What is out of date\n\n```translation-status\n```\n"


def stamped(text: str, english: str) -> str:
    digest = hashlib.sha256(english.encode()).hexdigest()[:12]
    return f"---\nsource_hash: {digest}\n---\n{text}"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("status")
    mkdocs_site.make_site(
        root,
        site_config("Status test", HOOK),
        {
            "index.md": "# Home\n",
            "rules.md": RULES_NOW,
            "rules.fi.md": stamped("# Säännöt\n\nAseta laatta.\n", RULES_THEN),  # follows the old English page
            "play.md": PLAY,
            "play.fi.md": stamped("# Pelaa\n\nPelilauta.\n", PLAY),  # up to date
            "translating.md": STATUS,
            "translating.fi.md": stamped(STATUS.replace("# Translating", "# Kääntäminen"), STATUS),
        },
    )
    # Outside git, the English change is dated by the file: 12 March 2026.
    when = datetime(2026, 3, 12, 12).timestamp()
    os.utime(root / "docs" / "rules.md", (when, when))
    return built_site(root)


def test_a_translation_whose_english_page_changed_says_so_at_its_top_in_its_language(site):
    page = (site / "fi" / "rules" / "index.html").read_text(encoding="utf-8")
    notice = re.search(r'<aside class="sniff-outdated" role="note"><p>(.*?)</p></aside>', page, re.S)
    assert notice, "the outdated Finnish page has no notice"
    assert "Englanninkielistä sivua muutettiin 12. maaliskuuta 2026" in notice[1]
    assert "mahdollisesti vanhentunut" in notice[1]
    link = re.search(r'<a href="([^"]*)" hreflang="en">Lue englanninkielinen sivu</a>', notice[1])[1]
    assert (site / "fi" / "rules" / link).resolve() == (site / "rules").resolve()
    assert page.index("sniff-outdated") < page.index("<h1"), "the notice comes before the page's title"


def test_an_up_to_date_translation_and_the_english_pages_say_nothing(site):
    assert "sniff-outdated" not in (site / "fi" / "play" / "index.html").read_text(encoding="utf-8")
    assert "sniff-outdated" not in (site / "rules" / "index.html").read_text(encoding="utf-8")


def test_the_translating_page_lists_the_outdated_page_with_its_date(site):
    page = (site / "fi" / "translating" / "index.html").read_text(encoding="utf-8")
    assert "<code>docs/rules.fi.md</code>: englanninkielistä sivua muutettiin 12. maaliskuuta 2026." in page
    assert "play.fi.md" not in page
    english = (site / "translating" / "index.html").read_text(encoding="utf-8")
    assert "<code>docs/rules.fi.md</code>: the English page changed on March 12, 2026." in english
