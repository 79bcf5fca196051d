"""The site's locales, as the theme overrides and scripts/hooks/i18n_outputs.py make them.

- every locale has its own search index, holding only its own pages, in its own search language;
- every locale has its own 404 page, in its language;
- a page without a translation shows the English text, marked lang="en", under a notice in
  the reader's language; a translated page shows no notice, nor does it say it may be out of date;
- the language menu leads to the same page in the other languages;
- no page runs an inline script (the site works under a CSP without 'unsafe-inline').
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tests.site_pages import LOCALES, PAGES, parse_html, prefix

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SEARCH_LANG = {"en": ["en"], "id": ["en"], "it": ["it"], "fi": ["fi"]}  # lunr has no Indonesian stemmer


def mkdocs_config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may use !!python/name tags; they do not matter here.
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    # !ENV [NAME, default] (site_url): its default.
    Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def i18n_languages() -> dict[str, dict]:
    for plugin in mkdocs_config()["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return {language["locale"]: language for language in plugin["i18n"]["languages"]}
    raise AssertionError("mkdocs.yml has no i18n plugin")


def translated(page: str, lang: str) -> bool:
    name = "index" if page == "" else page.strip("/")
    return lang == "en" or (DOCS / f"{name}.{lang}.md").exists()


@pytest.mark.parametrize("lang", LOCALES)
def test_each_locale_searches_only_its_own_pages(site_dir, lang):
    index = json.loads((site_dir / prefix(lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == SEARCH_LANG[lang]
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert locations == set(PAGES), "the index must hold exactly this locale's pages, relative to its folder"
    titles = [doc["title"] for doc in index["docs"] if "#" not in doc["location"]]
    assert len(titles) == len(set(titles)) == len(PAGES), "one entry per page, no duplicate from another locale"


@pytest.mark.parametrize("lang", LOCALES)
def test_each_locale_has_its_404_page(site_dir, lang):
    assert parse_html(site_dir / prefix(lang) / "404.html").lang == lang


@pytest.mark.parametrize("lang", LOCALES)
def test_search_of_a_page_uses_its_locale_index(site_dir, lang):
    html = (site_dir / prefix(lang) / "rules" / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)[1])
    expected = ".." if lang == "en" else f"../../{lang}/"
    assert config["base"] == expected


@pytest.mark.parametrize("lang", [lang for lang in LOCALES if lang != "en"])
def test_an_untranslated_page_says_so_in_the_readers_language(site_dir, lang):
    notice = i18n_languages()[lang]["extra"]["untranslated"]
    for page in PAGES:
        html = (site_dir / prefix(lang) / page / "index.html").read_text(encoding="utf-8")
        has_notice = 'class="sniff-untranslated"' in html
        if translated(page, lang):
            assert not has_notice, f"{lang}/{page} is translated but shows the notice"
        else:
            assert has_notice, f"{lang}/{page} falls back to English without the notice"
            assert notice["notice"] in html
            link = re.search(r'class="sniff-untranslated".*?<a href="([^"]*)"', html, re.S)[1]
            here = site_dir / prefix(lang) / page
            assert (here / link).resolve() == (site_dir / prefix(lang) / "translating").resolve(), link
            assert '<div lang="en">' in html


@pytest.mark.parametrize("lang", [lang for lang in LOCALES if lang != "en"])
def test_an_up_to_date_translation_shows_no_outdated_notice(site_dir, lang):
    """Every translation follows its English page as committed (tests/test_i18n_status.py): none says it
    may be out of date (scripts/hooks/translation_status.py; its notice is tested on a site of its own)."""
    for page in PAGES:
        if translated(page, lang):
            html = (site_dir / prefix(lang) / page / "index.html").read_text(encoding="utf-8")
            assert 'class="sniff-outdated"' not in html, f"{lang}/{page} says it may be out of date"


def test_the_notice_exists_in_every_language():
    config = mkdocs_config()
    assert config["extra"]["untranslated"]["notice"] and config["extra"]["untranslated"]["help"]
    texts = {config["extra"]["untranslated"]["notice"]}
    for lang, language in i18n_languages().items():
        if lang != "en":
            texts.add(language["extra"]["untranslated"]["notice"])
            assert language["extra"]["untranslated"]["help"]
            assert language["site_name"] and language["nav_translations"]
    assert len(texts) == len(LOCALES), "every language has its own notice"


@pytest.mark.parametrize("lang", LOCALES)
def test_the_language_menu_leads_to_the_same_page(site_dir, lang):
    for page in PAGES:
        html = (site_dir / prefix(lang) / page / "index.html").read_text(encoding="utf-8")
        links = dict(
            (hreflang, href)
            for href, hreflang in re.findall(r'<a href="([^"]*)" hreflang="([a-z]+)"[^>]*md-select__link', html)
        )
        assert set(links) == set(LOCALES)
        here = site_dir / prefix(lang) / page
        for other, href in links.items():
            assert not href.startswith("/"), f"{lang}/{page}: absolute language link {href}"
            assert (here / href).resolve() == (site_dir / prefix(other) / page).resolve(), (lang, page, other, href)


def test_no_page_runs_an_inline_script(site_dir):
    inline = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>\s*\S", re.S)
    offenders = []
    for page in sorted(site_dir.rglob("*.html")):
        if "assets/pyodide" in str(page):
            continue
        if inline.search(page.read_text(encoding="utf-8")):
            offenders.append(str(page.relative_to(site_dir)))
    assert not offenders, offenders


@pytest.mark.parametrize(
    ("lang", "page", "board"), [("en", "okey-play", True), ("fi", "play", True), ("it", "glossary", False)]
)
def test_a_board_page_holds_the_search_index_until_its_board_has_started(site_dir, lang, page, board):
    # Material's search builds its index in a worker as a page opens: on a board's page that core is the board's
    # (issue 37), so the script that holds the index's request comes before Material's bundle, there only.
    html = (site_dir / prefix(lang) / page / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script src="[^"]*/(search-after-board|bundle)[^"]*"', html)
    assert ("data-board=" in html) == board
    assert scripts == (["search-after-board", "bundle"] if board else ["bundle"])
