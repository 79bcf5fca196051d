"""MkDocs hook: give every locale its own search index and 404 page.

mkdocs-static-i18n builds the default language and then, from inside that
build's ``on_post_build``, each other locale into the same site directory.
Material's search plugin and MkDocs write ``search/search_index.json`` and
``404.html`` at the site root on every one of those builds, and the plugin
finally writes one index merged from all languages there. A reader would then
get search results in every language at once, and the root 404 page would be
in whichever language was built last.

This hook puts each locale's files in its folder (``site/fi/search/
search_index.json``, ``site/fi/404.html``), with search locations relative to
that folder and the search language of that locale, and leaves the default
language's files at the root. The theme (``overrides/main.html``) points the
search of a locale page at its folder, so a reader searches only the pages of
the language being read.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.i18n_outputs")

SEARCH_INDEX = Path("search") / "search_index.json"
NOT_FOUND = "404.html"

# Each locale's rendered 404 page, by locale, for the end of the build.
_not_found_pages: dict[str, str] = {}


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise RuntimeError("the i18n_outputs hook needs the mkdocs-static-i18n plugin ('i18n' in plugins)")
    return plugin


def _theme_text(config, key: str) -> str:
    """A string of Material's language file for the locale being built (as Material's search does)."""
    template = config.theme.get_env().get_template("partials/language.html", None, {"config": config})
    return template.module.t(key)


def _locale_index(data: dict, locale: str, config) -> dict:
    """A locale build's index, with locations relative to the locale's folder."""
    prefix = f"{locale}/"
    docs = []
    for doc in data["docs"]:
        location = doc["location"]
        if not location.startswith(prefix):
            raise RuntimeError(f"search entry {location!r} of the {locale!r} build is outside {prefix}")
        docs.append({**doc, "location": location[len(prefix) :]})
    search_config = dict(data["config"])
    search_config["lang"] = [_theme_text(config, "search.config.lang")]
    pipeline = _theme_text(config, "search.config.pipeline")
    search_config["pipeline"] = [name.strip() for name in pipeline.split(",") if name.strip()]
    search_config["separator"] = _theme_text(config, "search.config.separator")
    return {**data, "config": search_config, "docs": docs}


def _default_index(data: dict, other_locales: list[str]) -> dict:
    """The merged index without the other locales' entries."""
    prefixes = tuple(f"{locale}/" for locale in other_locales)
    return {**data, "docs": [doc for doc in data["docs"] if not doc["location"].startswith(prefixes)]}


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def on_post_template(output_content: str, template_name: str, config) -> str:
    if template_name == NOT_FOUND:
        _not_found_pages[_i18n(config).current_language] = output_content
    return output_content


@event_priority(-150)  # after the search plugin and after mkdocs-static-i18n
def on_post_build(config) -> None:
    i18n = _i18n(config)
    site = Path(config.site_dir)
    index = site / SEARCH_INDEX
    if i18n.building:
        # The end of one locale's build, inside the default language's post-build step.
        locale = i18n.current_language
        if index.is_file():
            data = json.loads(index.read_text(encoding="utf-8"))
            _write_json(site / locale / SEARCH_INDEX, _locale_index(data, locale, config))
        return

    # The end of the whole build: the root index holds every language; keep the default one.
    default = i18n.default_language
    others = [locale for locale in i18n.build_languages if locale != default]
    if index.is_file():
        data = json.loads(index.read_text(encoding="utf-8"))
        _write_json(index, _default_index(data, others))
    for locale, page in _not_found_pages.items():
        target = site / NOT_FOUND if locale == default else site / locale / NOT_FOUND
        target.write_text(page, encoding="utf-8")
    _not_found_pages.clear()
    log.debug("search indexes and 404 pages written for %s", ", ".join([default, *others]))
