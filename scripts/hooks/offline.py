"""MkDocs hook: the site works offline after one visit, and installs as an app.

- Each locale gets its web app manifest (``manifest.webmanifest`` in its folder, the site's name and description in
  its language; the theme's ``overrides/main.html`` links it), with the icons of ``docs/assets/images/``
  (``icon.svg``, drawn for it, and its PNG sizes, ``scripts/make_icons.py``).
- At the end of the whole build, ``sw.js`` at the site's root: the service worker (``scripts/hooks/sw.js``) with
  the release (a hash of every file it keeps) and the files it keeps ahead (``precache``): every page of every
  language with the styles, scripts and images they use, the search's index, worker and languages (a page
  loads its index as it opens), the boards' and the Practice pages' own scripts (some 0.95 MB as a host sends
  them compressed). Never ahead: a Pyodide file (a reading page transfers no Pyodide byte: the worker keeps the
  boards' runtime once a board has used it), the Practice bank or Socket.IO's client (the online tables need
  the network).
  ``assets/javascripts/offline.js`` registers it.

Both work under the site's Content-Security-Policy (README, "Deploying"): the worker and the manifest are the
site's own files (``script-src 'self'``, ``default-src 'self'``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.i18n import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402

log = logging.getLogger("mkdocs.hooks.offline")

TEMPLATE = Path(__file__).resolve().parent / "sw.js"
MANIFEST = "manifest.webmanifest"
SHORT_NAME = "Sniff & Okey"
THEME = "#1f5c3a"  # the site's primary green (docs/assets/stylesheets/site.css)
ICONS = [
    {"src": "assets/images/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    {"src": "assets/images/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "assets/images/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "assets/images/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
]
#: Never kept by the worker: the boards' runtime (kept once used), the Practice bank, Socket.IO's client, source maps.
NOT_KEPT = re.compile(r"^assets/(pyodide|practice/bank|socketio)/|\.(map|br|gz)$")
#: Kept besides what the pages name: the modules the boards and the Practice page import, the search's index (every
#: page loads its language's as it opens) and Material's search worker.
ALSO_KEPT = (
    "assets/board/*",
    "assets/practice/*",
    "assets/javascripts/workers/*.js",
    "search/search_index.json",
    "*/search/search_index.json",
)
REFERENCE = re.compile(r'(?:src|href)="([^"#?:]+)(?:\?[^"]*)?"')


#: The default language's site name and description (mkdocs.yml's own; the configuration at the end of the whole
#: build is the last locale's).
_default: list[str] = []


def on_config(config):
    if not _default:
        _default[:] = [config.site_name, str(config.site_description or "")]
    return config


def names(config, lang: str) -> tuple[str, str]:
    """A locale's site name and description: its own in mkdocs.yml's i18n languages, else the default's."""
    name, description = _default or [config.site_name, str(config.site_description or "")]
    i18n = config.plugins.get("i18n")
    for language in getattr(getattr(i18n, "config", None), "languages", None) or []:
        if language.locale == lang:
            name = language.site_name or name
            description = language.site_description or description
    return name, " ".join(description.split())


def manifest(config, lang: str) -> dict:
    """The web app manifest of one locale, its URLs relative to its folder (the root's, or ``<lang>/``)."""
    up = "" if lang == DEFAULT_LANGUAGE else "../"
    name, description = names(config, lang)
    return {
        "name": name,
        "short_name": SHORT_NAME,
        "description": description,
        "lang": lang,
        "start_url": "./",
        "scope": up or "./",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": "#ffffff",
        "icons": [{**icon, "src": up + icon["src"]} for icon in ICONS],
    }


def page_url(site: Path, page: Path) -> str:
    """The URL a page is read at, relative to the site's root (``fi/rules/`` for ``fi/rules/index.html``)."""
    relative = page.relative_to(site).as_posix()
    return relative.removesuffix("index.html")


def precache(site: Path) -> list[str]:
    """Every file the worker keeps ahead, relative to the site's root (a page by its URL)."""
    kept: set[str] = set()
    pages = sorted(site.rglob("*.html"))
    for page in pages:
        kept.add(page_url(site, page))
        for reference in REFERENCE.findall(page.read_text(encoding="utf-8")):
            target = (page.parent / reference).resolve()
            if target.is_file() and target.is_relative_to(site.resolve()):
                kept.add(target.relative_to(site.resolve()).as_posix())
    for pattern in ALSO_KEPT:
        kept |= {path.relative_to(site).as_posix() for path in site.glob(pattern) if path.is_file()}
    kept |= {MANIFEST, *(f"{lang}/{MANIFEST}" for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)}
    lunr = site / "assets" / "javascripts" / "lunr" / "min"
    for name in ("stemmer.support", "multi", *LANGUAGES):  # the search's languages: the site's only
        if (lunr / f"lunr.{name}.min.js").is_file():
            kept.add(f"assets/javascripts/lunr/min/lunr.{name}.min.js")
    kept.add(ICONS[0]["src"])  # the PNG sizes are the installing browser's to fetch
    return sorted(path for path in kept if not NOT_KEPT.search(path))


def release(site: Path, files: list[str]) -> str:
    """A hash of everything the worker keeps and of the runtime's folders (a new engine is a new release)."""
    digest = hashlib.sha256()
    for path in files:
        file = site / path / "index.html" if path.endswith("/") or not path else site / path
        digest.update(path.encode() + b"\0" + file.read_bytes())
    for folder in sorted((site / "assets" / "pyodide").glob("*")):
        digest.update(folder.name.encode())
    return digest.hexdigest()[:16]


def service_worker(site: Path) -> str:
    files = precache(site)
    source = TEMPLATE.read_text(encoding="utf-8")
    source = source.replace('"%RELEASE%"', json.dumps(release(site, files)))
    source = source.replace('"%PRECACHE%"', json.dumps(files, separators=(",", ":")))
    return source.replace('"%LANGUAGES%"', json.dumps([lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]))


@event_priority(-180)  # after the search indexes and 404 pages (i18n_outputs.py), before compress.py
def on_post_build(config) -> None:
    site = Path(config.site_dir)
    i18n = config.plugins.get("i18n")
    building = i18n is not None and i18n.building  # one locale's end, inside the default language's post-build
    lang = i18n.current_language if building else DEFAULT_LANGUAGE
    folder = site if lang == DEFAULT_LANGUAGE else site / lang
    text = json.dumps(manifest(config, lang), ensure_ascii=False, indent=1)
    (folder / MANIFEST).write_text(text + "\n", encoding="utf-8")
    if building:
        return  # the worker is written once every locale is built
    (site / "sw.js").write_text(service_worker(site), encoding="utf-8")
