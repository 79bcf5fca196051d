"""The pages of the built site, per locale (shared by the site tests)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from engine.core.i18n import LANGUAGES

LOCALES = LANGUAGES
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _pages() -> tuple[str, ...]:
    """Every page of the site, from the English pages in docs/ (a new page is covered without a change here)."""
    translated = re.compile(r"\.(" + "|".join(LOCALES[1:]) + r")\.md$")
    names = sorted(p.stem for p in DOCS.glob("*.md") if not translated.search(p.name))
    return ("", *(f"{name}/" for name in names if name != "index"))


PAGES = _pages()


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def page_paths(lang: str) -> list[str]:
    """Site-relative paths of every page of a locale, e.g. ``fi/rules/``."""
    return [prefix(lang) + page for page in PAGES]


class LinkParser(HTMLParser):
    """Collects ids, links and the <html lang> of one HTML document."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (attribute, value)
        self.lang: str | None = None
        self.alternates: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        for key in ("id", "name"):
            if attributes.get(key) and (key == "id" or tag == "a"):
                self.ids.add(attributes[key])
        if tag == "link" and attributes.get("rel") == "alternate" and attributes.get("hreflang"):
            self.alternates[attributes["hreflang"]] = attributes.get("href") or ""
        for key in ("href", "src"):
            if attributes.get(key):
                self.links.append((key, attributes[key]))


def parse_html(path: Path) -> LinkParser:
    parser = LinkParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser
