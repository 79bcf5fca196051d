"""Every catalog message with placeholders, read whole: rendered over the values it can take, per language.

    .venv/bin/python scripts/sentences.py           # write docs/translating/sentences.md and .<lang>.md
    .venv/bin/python scripts/sentences.py --check   # exit 1 if a committed file is not what the catalogs give

A message assembled from pieces ("{who}: went out", "Discarding any of {tiles} …") reads well or badly
only once its placeholders hold real values: the visitor's own seat, one tile or several, the false joker,
a number read with a vowel in Italian. For every message of every catalog (``scripts/catalogs.py``'s
domains) that has placeholders, this writes the message as each language renders it with the values its
code passes (``samples.py``: tiles and seats named by the engine's own words in that language), each
plural form with a matching count, so a translator reads the sentences as players will. The statistics
pages' sentences with a computed figure (``{{stat …}}``) are rendered over figures that start with a vowel
sound in Italian (0,5 %, 1,0 %, 8,0 %, 11,0 %, 80,0 %, 89,0 %) too.

The files are committed and linked from the Translating page; ``tests/test_sentences.py`` fails when one is
out of date, and on the faults the native reviews found (``faults.py``: a plural word before one tile, a
third-person verb after the visitor's "You", a Finnish tile name in the nominative after a declined head
noun, an Italian article that does not fit the number after it, a phrase repeated in parentheses).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts", ROOT / "scripts" / "hooks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import catalogs  # noqa: E402
import terms  # noqa: E402
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402
from sentence_faults import faults  # noqa: E402
from sentence_samples import Samples, UnknownPlaceholder  # noqa: E402

from engine.core.i18n import translations  # noqa: E402

LANGS = ("en", *catalogs.TRANSLATED)
OUT = ROOT / "docs" / "translating"
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
#: The statistics pages whose computed figures are rendered in their sentences.
STATS_PAGES = ("sniff-stats", "okey-stats")
#: The shares a page's percentage placeholder is rendered with: figures an Italian article must agree with.
SHARES = (0.005, 0.01, 0.08, 0.11, 0.18, 0.8, 0.89)


@dataclass(frozen=True)
class Message:
    domain: str
    msgid: str  # the English singular
    plural: str | None  # the English plural, for a plural message
    context: str | None
    sources: tuple[str, ...]
    forms: tuple[str, ...]  # the language's text: one, or one per plural form

    @property
    def names(self) -> list[str]:
        seen: list[str] = []
        for name in PLACEHOLDER.findall(self.msgid + " " + (self.plural or "")):
            if name not in seen:
                seen.append(name)
        return seen


def _catalog(domain: str, lang: str) -> Catalog:
    path = catalogs.LOCALE_DIR / f"{domain}.pot" if lang == "en" else catalogs.po_path(lang, domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=None if lang == "en" else lang)


def messages(domain: str, lang: str) -> list[Message]:
    """The messages of ``domain`` that have placeholders, with the language's text (English: the msgid)."""
    found = []
    for entry in _catalog(domain, lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        if not PLACEHOLDER.search(" ".join(ids)):
            continue
        if lang == "en":
            forms = ids
        else:
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if entry.fuzzy or not all(forms):
                forms = ()  # untranslated or to check: the reader gets English
        sources = tuple(sorted({location[0] for location in entry.locations}))
        found.append(Message(domain, ids[0], ids[1] if len(ids) > 1 else None, entry.context, sources, tuple(forms)))
    return found


def plural_index(lang: str, count: int) -> int:
    """Which plural form ``count`` takes in ``lang`` (the catalogs' rules: one form, or one and many)."""
    rule = catalogs.PLURAL_FORMS.get(lang, "nplurals=2; plural=(n != 1);")
    return 0 if "nplurals=1" in rule else int(count != 1)


def count_of(message: Message, values: dict[str, list]) -> str | None:
    """The placeholder a plural message counts: the last one that counts something (its values' counts
    differ) before the first word its forms differ in (``{points} point`` / ``{points} points``), else the
    first that counts something (``This tile … {tiles}``, ``… the meld {melds}`` / ``… these melds: {melds}``)."""
    if message.plural is None:
        return None
    counting = [name for name in message.names if len({value.count for value in values[name]}) > 1]
    one, many = message.msgid.split(), message.plural.split()
    for index, (a, b) in enumerate(zip(one, many, strict=False)):
        if a != b:
            before = [name for name in PLACEHOLDER.findall(" ".join(one[:index])) if name in counting]
            if before:
                return before[-1]
            break
    return counting[0] if counting else None


def renders(message: Message, lang: str, samples: Samples, games: frozenset[str]) -> list[str]:
    """The message rendered over its placeholders' values: the i-th render gives each placeholder its
    i-th value, counting from a different start for each (cycling), so every value appears and in varied
    company; a plural message takes the form its count asks for in ``lang``."""
    values = {name: samples.values(name, message, games) for name in message.names}
    counted = count_of(message, values)
    english = (message.msgid, message.plural) if message.plural else (message.msgid,)
    forms = message.forms or english
    out: list[str] = []
    for index in range(max((len(v) for v in values.values()), default=1)):
        chosen = {
            name: options[(index if name == counted else index + offset) % len(options)]
            for offset, (name, options) in enumerate(values.items())
        }
        template = forms[0]
        if message.plural is not None:
            count = chosen[counted].count if counted else 1
            rule = "en" if forms is english else lang
            template = forms[min(plural_index(rule, count), len(forms) - 1)]
        text = template.format(**{name: value.text for name, value in chosen.items()})
        if text not in out:
            out.append(text)
    return out


# -- the statistics pages -----------------------------------------------------------------------------------


def _stats_hook():
    """The statistics hook (scripts/hooks/stats.py), by its path: ``stats`` alone is also scripts/stats.py."""
    if "stats_hook" not in sys.modules:
        spec = importlib.util.spec_from_file_location("stats_hook", ROOT / "scripts" / "hooks" / "stats.py")
        sys.modules["stats_hook"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["stats_hook"])
    return sys.modules["stats_hook"]


def stats_sentences(lang: str) -> list[tuple[str, list[str]]]:
    """Each paragraph sentence of the statistics pages that holds a ``{{stat … %}}``, with its figures
    replaced by each of ``SHARES`` in turn, as the hook writes them in ``lang``."""
    hook = _stats_hook()

    out = []
    for page in STATS_PAGES:
        path = ROOT / "docs" / (f"{page}.md" if lang == "en" else f"{page}.{lang}.md")
        text = terms.FENCE.sub("", re.sub(r"\A---\n.*?\n---\n", "", path.read_text(encoding="utf-8"), flags=re.S))
        for paragraph in re.split(r"\n\s*\n", text):
            flat = " ".join(paragraph.split())
            for sentence in re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖ*])", flat):
                if not re.search(r"\{\{stat \S+ %\}\}", sentence):
                    continue
                shown = [hook.fill(sentence, hook.load(), lang, share) for share in SHARES]
                out.append((f"{path.name}", list(dict.fromkeys(shown))))
    return out


# -- the file ------------------------------------------------------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*<\[])")


def _escape(text: str) -> str:
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


@dataclass(frozen=True)
class Rendered:
    """One message of a catalog (or one sentence of a page) and what it renders to."""

    section: str  # the catalog's domain, or "stats-pages"
    label: str  # the English message (and its plural), or the page's file name
    texts: tuple[str, ...]  # empty: the message is not translated (readers see English)


def rendered(lang: str) -> list[Rendered]:
    """Every message with placeholders of every catalog, rendered in ``lang``; then the statistics pages."""
    samples = Samples(lang)
    loaded = terms.load_terms()
    out = []
    for domain in catalogs.DOMAINS:
        for message in messages(domain, lang):
            games = terms.source_games(message.sources, loaded)
            label = message.msgid if message.plural is None else f"{message.msgid} | {message.plural}"
            label += f" ({message.context})" if message.context else ""
            texts = renders(message, lang, samples, games) if message.forms or lang == "en" else []
            out.append(Rendered(domain, label, tuple(texts)))
    for page, shown in stats_sentences(lang):
        out.append(Rendered("stats-pages", page, tuple(shown)))
    return out


def found_faults(lang: str, items: list[Rendered] | None = None) -> list[str]:
    """Each fault of ``sentence_faults.py`` in the rendered sentences of ``lang``, one line each."""
    return [
        f"{lang}: {item.section}: {item.label!r} renders {text!r}: {fault.name} ({words!r}): {fault.why}"
        for item in (rendered(lang) if items is None else items)
        for text in item.texts
        for fault, words in faults(text, lang)
    ]


def document(lang: str, items: list[Rendered]) -> str:
    """The file for ``lang``: every message with placeholders, rendered, by catalog; then the statistics."""
    _ = translations(lang, "site").gettext
    intro = _(
        "Generated by {command} from the message catalogs: do not edit. Each message with placeholders is "
        "shown as this language writes it, over the values the code gives it: the reader's own seat and the "
        "others, one tile and several, each plural form, the false joker, numbers read with a vowel. So is "
        "each sentence of the statistics pages with a computed figure. See {link}."
    ).format(
        command="`scripts/sentences.py`", link=f"[{_('Reading your sentences whole')}](../translating.md#sentences)"
    )
    lines = [f"# {_('Rendered sentences')} {{#sentences}}", "", intro]
    titles = {"stats-pages": _("Statistics pages")}
    section = None
    for item in items:
        if item.section != section:
            section = item.section
            lines += ["", f"## {titles.get(section, section)} {{#{section}}}", ""]
        lines.append(f"- `{item.label}`")
        if not item.texts:
            lines.append(f"    - *{_('(not translated: readers see English)')}*")
        lines += [f"    - {_escape(text)}" for text in item.texts]
    return "\n".join(lines) + "\n"


def path_of(lang: str) -> Path:
    return OUT / ("sentences.md" if lang == "en" else f"sentences.{lang}.md")


def front_matter(lang: str, english: str) -> str:
    stamp = "" if lang == "en" else f"source_hash: {hashlib.sha256(english.encode()).hexdigest()[:12]}\n"
    return f"---\nsearch:\n  exclude: true\n{stamp}---\n"


def files(items: dict[str, list[Rendered]] | None = None) -> dict[Path, str]:
    """Every language's file as it should be (the translations stamped against the English one)."""
    items = items or {lang: rendered(lang) for lang in LANGS}
    english = front_matter("en", "") + document("en", items["en"])
    out = {path_of("en"): english}
    for lang in LANGS[1:]:
        out[path_of(lang)] = front_matter(lang, english) + document(lang, items[lang])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if a file is out of date or a sentence has a fault"
    )
    args = parser.parse_args(argv)
    try:
        items = {lang: rendered(lang) for lang in LANGS}
    except UnknownPlaceholder as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    wanted = files(items)
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    problems = [line for lang in LANGS for line in found_faults(lang, items[lang])]
    for line in problems:
        print(line)
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run .venv/bin/python scripts/sentences.py")
        return 1 if stale or problems else 0
    OUT.mkdir(exist_ok=True)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    print(f"sentences: {len(problems)} fault(s)" if problems else "sentences: no known fault")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
