"""The built statistics pages (site/): four languages, the same charts, each with its table, the numbers of
the data file, and a link from each rules page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"sniff-stats": "rules", "okey-stats": "okey"}


def built(site_dir: Path, page: str, lang: str) -> str:
    prefix = "" if lang == "en" else f"{lang}/"
    return (site_dir / f"{prefix}{page}" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES)
def test_every_language_draws_the_same_charts_each_with_its_table(site_dir, page):
    counts = {}
    for lang in LANGUAGES:
        html = built(site_dir, page, lang)
        assert f'<html lang="{lang}"' in html
        figures = re.findall(
            r'<figure class="stats-figure" id="(stats-fig-\d+)" lang="(\w+)">(.*?)</figure>', html, re.S
        )
        assert figures and all(found_lang == lang for _id, found_lang, _body in figures)
        for _id, _lang, body in figures:
            assert body.count('<svg class="stats-chart"') == 1 and body.count("<table>") == 1
        assert "{{stat" not in html and "stats-diagram-error" not in html
        counts[lang] = len(figures)
    assert len(set(counts.values())) == 1, counts


def test_the_figures_are_the_data_files(site_dir):
    data = json.loads((ROOT / "docs" / "data" / "stats.json").read_text(encoding="utf-8"))
    assert json.loads((site_dir / "data" / "stats.json").read_text(encoding="utf-8")) == data
    (american,) = [t for t in data["sniff"]["tables"] if (t["rules"], t["players"]) == ("american", 2)]
    share = american["first_side_wins"]["share"]
    english = built(site_dir, "sniff-stats", "en")
    assert f"{100 * share:.1f}%" in english
    finnish = built(site_dir, "sniff-stats", "fi")
    assert f"{100 * share:.1f}".replace(".", ",") + "\u00a0%" in finnish
    assert f"{data['sizes']['sniff']:,}" in english


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("stats", "rules"), list(PAGES.items()))
def test_each_rules_page_links_to_its_statistics(site_dir, stats, rules, lang):
    assert f'href="../{stats}/"' in built(site_dir, rules, lang)
