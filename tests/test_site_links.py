"""Link check of the built site: every internal link and anchor resolves; nothing points outside."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.site_pages import parse_html

SKIP_DIRS = ("assets/pyodide",)


def html_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if not any(str(p.relative_to(site)).startswith(d) for d in SKIP_DIRS))


def resolve(site: Path, page: Path, url: str) -> Path:
    path = unquote(urlsplit(url).path)
    target = (site / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
    target = target.resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target


def test_every_internal_link_and_anchor_resolves(site_dir):
    parsed = {}

    def parsed_page(path: Path):
        if path not in parsed:  # not setdefault(path, parse_html(path)): that parses the page again every time
            parsed[path] = parse_html(path)
        return parsed[path]

    broken = []
    for page in html_files(site_dir):
        doc = parsed_page(page)
        for attribute, url in doc.links:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "mailto", "data", "javascript", "blob") or url.startswith("//"):
                continue
            target = resolve(site_dir, page, url) if parts.path else page
            if not target.exists():
                broken.append(f"{page.relative_to(site_dir)}: {attribute}={url!r}: no {target}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = parsed_page(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site_dir)}: {url!r}: no id {parts.fragment!r} in {target.name}")
    assert not broken, "\n".join(broken[:50])


def test_no_page_loads_anything_from_outside(site_dir):
    outside = []
    for page in html_files(site_dir):
        for attribute, url in parse_html(page).links:
            if (attribute == "src" and urlsplit(url).scheme in ("http", "https")) or url.startswith("//"):
                outside.append(f"{page.relative_to(site_dir)}: {url}")
        text = page.read_text(encoding="utf-8")
        for host in ("fonts.googleapis.com", "fonts.gstatic.com", "cdn.jsdelivr.net", "unpkg.com", "googletagmanager"):
            if host in text:
                outside.append(f"{page.relative_to(site_dir)}: mentions {host}")
    assert not outside, "\n".join(outside[:50])
