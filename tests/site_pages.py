"""The pages of the built site, per locale (shared by the site tests)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

LOCALES = ("en", "id", "it", "fi")
PAGES = ("", "rules/", "play/", "okey-play/", "variants/", "diagrams/", "reference/", "glossary/", "translating/")


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
