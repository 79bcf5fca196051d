"""MkDocs hook: give every locale its own search index and 404 page.

mkdocs-static-i18n builds the default language first and then each other
locale into the same site directory. Material's search plugin and MkDocs
write ``search/search_index.json`` and ``404.html`` at the site root on every
one of those builds, so the last locale would win, and the plugin's own
answer (one merged index) returns pages of every language at once.

After each build this hook moves the files of a non-default locale into its
folder (``site/fi/search/search_index.json``, ``site/fi/404.html``), with
search locations relative to that folder and the search language of that
locale, and puts the default language's files back at the root. The theme
(``overrides/main.html``) points the search of a locale page at its folder, so
a reader searches only the pages of the language being read.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.i18n_outputs")

SEARCH_INDEX = Path("search") / "search_index.json"
NOT_FOUND = Path("404.html")

# The default language's outputs, kept while the other locales are built.
_default_outputs: dict[Path, bytes] = {}


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise RuntimeError("the i18n_outputs hook needs the mkdocs-static-i18n plugin ('i18n' in plugins)")
    return plugin


def _theme_text(config, key: str) -> str:
    """A string of Material's language file for the locale being built (as Material's search does)."""
    template = config.theme.get_env().get_template("partials/language.html", None, {"config": config})
    return template.module.t(key)


def _localized_index(data: dict, locale: str, config) -> dict:
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


@event_priority(-50)  # after the search plugin has written its index, before i18n builds the next locale
def on_post_build(config) -> None:
    i18n = _i18n(config)
    site = Path(config.site_dir)
    locale = i18n.current_language
    if locale == i18n.default_language:
        _default_outputs.clear()
        for relative in (SEARCH_INDEX, NOT_FOUND):
            if (site / relative).is_file():
                _default_outputs[relative] = (site / relative).read_bytes()
        return

    index = site / SEARCH_INDEX
    if index.is_file():
        data = json.loads(index.read_text(encoding="utf-8"))
        target = site / locale / SEARCH_INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        localized = _localized_index(data, locale, config)
        target.write_text(json.dumps(localized, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    not_found = site / NOT_FOUND
    if not_found.is_file():
        shutil.copyfile(not_found, site / locale / NOT_FOUND)
    for relative, content in _default_outputs.items():
        (site / relative).write_bytes(content)
    log.debug("moved the %s search index and 404 page into %s/", locale, locale)
