"""MkDocs hook: readers of a translation whose English page changed are told so; translators see what is out of date.

- A translated page (``docs/<page>.<lang>.md``) whose English page changed after the translation's stamp
  (its ``source_hash``, ``scripts/i18n_status.py``) starts with a notice in its own language: the date of
  the English change and a link to the English page. An up-to-date page shows nothing; a page with no
  translation at all has the theme's "not translated yet" notice instead.
- A fenced block ```` ```translation-status ```` (empty; on the Translating pages) becomes, per language,
  the list of its outdated pages (with the date of each English change) and of its catalog messages that
  are missing or marked fuzzy: the same data as ``scripts/i18n_status.py``.

The words are the ``site`` catalog's; dates are written the language's way (Babel).
"""

from __future__ import annotations

import html
import re
import sys
from datetime import date
from functools import cache
from pathlib import Path

from babel.dates import format_date
from mkdocs.utils import get_relative_url

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import i18n_status
from hookutils import new_round_of_builds, page_language

from engine.core.i18n import DEFAULT_LANGUAGE, translations

FENCE = re.compile(r"^```translation-status[ \t]*\n```[ \t]*$", re.M)
LANGUAGE_NAMES = {"en": "English", "id": "Bahasa Indonesia", "it": "Italiano", "fi": "Suomi"}


def words(lang: str):
    return translations(lang, "site").gettext


def written(day: date, lang: str) -> str:
    """A date as ``lang`` writes it in running text: 12 March 2026, 12 Maret 2026, 12. maaliskuuta 2026."""
    return format_date(day, format="long", locale=lang)


def notice(lang: str, changed: date, english_url: str) -> str:
    """The notice at the top of an outdated translation (HTML, in ``lang``)."""
    _ = words(lang)
    text = _("The English page changed on {date}, after this page was translated, so it may be out of date.")
    link = _("Read the English page")
    return (
        '<aside class="sniff-outdated" role="note"><p>'
        + html.escape(text.format(date=written(changed, lang)))
        + f' <a href="{html.escape(english_url)}" hreflang="en">{html.escape(link)}</a></p></aside>\n\n'
    )


@cache
def _outdated(lang: str, docs: Path) -> dict[str, date]:
    """Each outdated translation of ``lang`` (its name in the docs, e.g. rules.fi.md) and its English change."""
    return {o.translation.name: o.changed for o in i18n_status.outdated_pages(lang, docs)}


@cache
def _messages(lang: str) -> tuple[tuple[str, str, str], ...]:
    return tuple(i18n_status.outdated_messages(lang))


def status_markdown(lang: str, docs: Path, langs: list[str]) -> str:
    """The Translating page's lists, in ``lang``: per language, the outdated pages and the messages to check."""
    _ = words(lang)
    out = []
    for other in langs:
        out.append(f"### {LANGUAGE_NAMES.get(other, other)} ({other}) {{#status-{other}}}\n")
        pages = _outdated(other, docs)
        messages = _messages(other)
        if not pages and not messages:
            out.append(_("Every page and every message is up to date.") + "\n")
            continue
        if pages:
            out.append(_("Pages whose English page changed after they were translated:") + "\n")
            for name, changed in sorted(pages.items()):
                line = _("{file}: the English page changed on {date}.")
                out.append("- " + line.format(file=f"`docs/{name}`", date=written(changed, lang)))
            out.append("")
        if messages:
            out.append(_("Messages to translate (missing) or to check (fuzzy):") + "\n")
            for domain, kind, msgid in messages:
                label = _("missing") if kind == "missing" else _("fuzzy")
                shown = msgid.replace("`", "'")
                out.append(f"- `{other}/{domain}.po` ({label}): `{shown}`")
            out.append("")
    return "\n".join(out) + "\n"


def _translated(page, lang: str) -> bool:
    """Whether ``page`` is a translation into ``lang`` (not the English page shown in its place)."""
    source = page.file.abs_src_path or ""
    return source.endswith(f".{lang}.md")


def on_config(config):
    if new_round_of_builds(config):  # not for each locale: mkdocs-static-i18n builds them inside the first
        _outdated.cache_clear()
        _messages.cache_clear()
    return config


def on_page_markdown(markdown, *, page, config, files):
    lang = page_language(config, page)
    docs = Path(config.docs_dir)
    if FENCE.search(markdown):
        plugin = config.plugins.get("i18n")
        langs = [item.locale for item in getattr(plugin.config, "languages", [])] if plugin else []
        langs = [code for code in langs if code != DEFAULT_LANGUAGE] or list(i18n_status.LOCALES)
        markdown = FENCE.sub(lambda _m: status_markdown(lang, docs, langs), markdown)
    if lang == DEFAULT_LANGUAGE or not _translated(page, lang):
        return markdown
    changed = _outdated(lang, docs).get(Path(page.file.abs_src_path).name)
    if changed is None:
        return markdown
    english_url = get_relative_url(page.url[len(lang) + 1 :] if page.url.startswith(f"{lang}/") else page.url, page.url)
    return notice(lang, changed, english_url) + markdown
