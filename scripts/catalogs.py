"""The engine's message catalogs: extract, compile and check.

    python scripts/catalogs.py extract   # sources -> engine/locale/<domain>.pot -> merge into every .po
    python scripts/catalogs.py compile   # every .po -> .mo (Babel)
    python scripts/catalogs.py check     # missing, fuzzy, obsolete entries and placeholder mismatches

``check`` exits 1 when a catalog misses a string or a placeholder differs
from English; fuzzy (possibly outdated) and obsolete entries are reported only.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "engine" / "locale"
TRANSLATED = ("id", "it", "fi")

#: Each domain and the source files (globs from the repository's root) its messages are extracted from.
DOMAINS: dict[str, tuple[str, ...]] = {
    "sniff": ("engine/sniff/render/text.py",),
    "board": ("engine/board/*.py", "engine/core/board_text.py"),
    "diagram": ("engine/sniff/render/legend.py", "engine/sniff/render/boneyard.py"),
    "play": ("engine/sniff/board/*.py",),
    "okey": ("engine/okey/render/text.py", "engine/okey/render/svg.py", "engine/okey/render/legend.py"),
    "okeyplay": ("engine/okey/board/*.py",),
    "practice": (
        "engine/sniff/render/practice.py",
        "engine/okey/render/practice.py",
        "engine/core/practice_text.py",
    ),
    "stats": (
        "scripts/hooks/stats.py",
        "scripts/hooks/stats_words.py",
        "scripts/hooks/stats_sniff.py",
        "scripts/hooks/stats_okey.py",
    ),
    "review": ("engine/sniff/render/review.py", "engine/okey/render/review.py", "engine/core/review_text.py"),
    "online": ("scripts/hooks/online_words.py",),
    "site": ("scripts/hooks/translation_status.py", "scripts/sentences.py"),
}

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")

#: Each language's plural rule, written into its catalogs' header on every extract
#: (Babel's own default for Indonesian would be two forms; Indonesian has one).
PLURAL_FORMS: dict[str, str] = {
    "id": "nplurals=1; plural=0;",
    "it": "nplurals=2; plural=(n != 1);",
    "fi": "nplurals=2; plural=(n != 1);",
}


def po_path(lang: str, domain: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def extract(domain: str) -> Catalog:
    """The template catalog of a domain, from its Python sources (a fresh one each time: callers change it)."""
    template = Catalog(project="tile-games-engine", domain=domain, fuzzy=False, version=None)
    for pattern in DOMAINS[domain]:
        for path in sorted(ROOT.glob(pattern)):
            source = path.relative_to(ROOT).as_posix()
            for lineno, message, comments, context in extract_from_file(
                "python", str(path), comment_tags=("Translators:",)
            ):
                template.add(message, locations=[(source, lineno)], auto_comments=comments, context=context)
    return template


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, abort_invalid=True)


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a .po/.pot file, leaving it untouched when only its dates would change."""
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=100,
        omit_header=False,
        sort_output=False,
        include_previous=True,
        include_lineno=False,
    )
    new = buffer.getvalue()
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(new):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)


def _without_dates(content: bytes) -> bytes:
    return re.sub(rb'^"(POT-Creation-Date|PO-Revision-Date): [^"]*"$', b"", content, flags=re.M)


def command_extract(locale_dir: Path = LOCALE_DIR) -> None:
    for domain in DOMAINS:
        template = extract(domain)
        write_catalog(locale_dir / f"{domain}.pot", template)
        for lang in TRANSLATED:
            path = po_path(lang, domain, locale_dir)
            catalog = read_catalog(path, lang) if path.exists() else Catalog(locale=lang, domain=domain)
            catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
            catalog.update(template, update_creation_date=False)
            write_catalog(path, catalog)
            print(f"updated {os.path.relpath(path, ROOT)}")


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    written = []
    for path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        catalog = read_catalog(path, path.parent.parent.name)
        mo_path = path.with_suffix(".mo")
        # Write beside and rename, so a build reading the catalog never sees half a file.
        partial = mo_path.with_suffix(".mo.partial")
        with partial.open("wb") as handle:
            # Fuzzy entries are left out: a translator marked them for review.
            write_mo(handle, catalog, use_fuzzy=False)
        partial.replace(mo_path)
        written.append(mo_path)
    return written


@dataclass
class Report:
    """What a catalog lacks, per language and domain."""

    missing: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)
    plural_forms: str | None = None  # the header's rule when it is not the language's
    fuzzy: list[str] = field(default_factory=list)
    obsolete: list[str] = field(default_factory=list)

    @property
    def broken(self) -> bool:
        return bool(self.missing or self.placeholders or self.plural_forms)

    def problems(self) -> list[str]:
        """One line per problem, the breaking ones first."""
        return (
            [f"missing: {key!r}" for key in self.missing]
            + [f"placeholder mismatch: {problem}" for problem in self.placeholders]
            + ([f"Plural-Forms is {self.plural_forms!r}: run extract to correct it"] if self.plural_forms else [])
            + [f"fuzzy (check the translation): {key!r}" for key in self.fuzzy]
            + [f"obsolete: {key!r}" for key in self.obsolete]
        )


def _strings(message_id: str | tuple[str, ...]) -> tuple[str, ...]:
    return message_id if isinstance(message_id, tuple) else (message_id,)


def check_catalog(domain: str, lang: str, locale_dir: Path = LOCALE_DIR) -> Report:
    """Compare one language's catalog with the strings in the sources."""
    report = Report()
    path = po_path(lang, domain, locale_dir)
    template = extract(domain)
    if not path.exists():
        report.missing = [_strings(m.id)[0] for m in template if m.id]
        return report
    catalog = read_catalog(path, lang)
    if lang in PLURAL_FORMS and catalog.plural_forms != PLURAL_FORMS[lang]:
        report.plural_forms = catalog.plural_forms
    for message in template:
        if not message.id:
            continue
        key = _strings(message.id)[0]
        entry = catalog.get(message.id, context=message.context)
        translated = entry and all(_strings(entry.string)) if entry else False
        if not translated:
            report.missing.append(key)
            continue
        if entry.fuzzy:
            report.fuzzy.append(key)
        expected = set(PLACEHOLDER.findall(" ".join(_strings(message.id))))
        for form in _strings(entry.string):
            found = set(PLACEHOLDER.findall(form))
            if found != expected:
                report.placeholders.append(f"{key!r}: {form!r} has {sorted(found)} but English has {sorted(expected)}")
    template_ids = {_strings(m.id)[0] for m in template if m.id}
    report.obsolete = [_strings(m.id)[0] for m in catalog if m.id and _strings(m.id)[0] not in template_ids]
    report.obsolete += [_strings(m.id)[0] for m in catalog.obsolete.values()]
    return report


def command_check() -> int:
    broken = False
    for domain in DOMAINS:
        for lang in TRANSLATED:
            report = check_catalog(domain, lang)
            for line in report.problems():
                print(f"{lang}/{domain}.po: {line}")
            broken |= report.broken
    print("catalogs: broken (missing strings or placeholders)" if broken else "catalogs: complete")
    return 1 if broken else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            command_extract()
        elif args.command == "compile":
            print(f"compiled {len(compile_all())} catalogs")
        else:
            return command_check()
    except PoFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
