"""Message catalogs: every user-visible string of the engine, per language.

Catalogs are gettext ``.po`` files under ``engine/locale/<lang>/LC_MESSAGES/``,
one per domain (``sniff`` for American Sniff's diagram and game text, ``board``
for the in-page board). They are compiled to ``.mo`` with Babel at build time
(``scripts/catalogs.py compile``); at run time only the standard library's
``gettext`` is used, so this works unchanged in Pyodide.

English is the source language: its strings are the message ids themselves.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

from .errors import EngineError

#: The site's languages; English first, as the default.
LANGUAGES: tuple[str, ...] = ("en", "id", "it", "fi")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent.parent / "locale"


class CatalogError(EngineError):
    """A language that is not the site's, or that has no compiled catalog."""

    code = "language"


@functools.cache
def translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The translations of ``domain`` into ``lang`` (English needs none)."""
    if lang not in LANGUAGES:
        raise CatalogError(f'"{lang}" is not a language of this site: use one of {", ".join(LANGUAGES)}')
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except FileNotFoundError:
        raise CatalogError(
            f"the {domain} catalog for {lang} is not compiled ({path} is missing): "
            "run python scripts/catalogs.py compile"
        ) from None
