"""What translators need to know at a glance: pages and catalogs, per language.

    .venv/bin/python scripts/i18n_status.py                           # the report
    .venv/bin/python scripts/i18n_status.py --stamp docs/rules.fi.md  # this translation follows English now
    .venv/bin/python scripts/i18n_status.py --diff docs/rules.fi.md   # what changed in English since its stamp

The report exits 1 on missing strings or broken placeholders.

For every English page ``docs/<page>.md`` and every locale it says whether
``docs/<page>.<lang>.md`` is missing (readers get the English page with a
banner), present, or possibly outdated: a translation records, in its front
matter, ``source_hash:`` — the first 12 hex digits of the SHA-256 of the English
page it was translated from — and when the English page changes the hashes
differ. Outdated pages are reported but never fail the check; missing catalog
strings and placeholder mismatches do.

``--diff`` finds, in the git history of the English page, the version whose hash
the translation recorded, and prints a unified diff from that version to the
English page as it is now: what a translator has to carry over.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import re
import subprocess
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "scripts"))

import catalogs  # noqa: E402

LOCALES = catalogs.TRANSLATED
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
SOURCE_HASH = re.compile(r"^source_hash:\s*([0-9a-f]+)\s*$", re.M)


def source_hash(path: Path) -> str:
    """The hash a translation of ``path`` records: 12 hex digits of SHA-256 of its bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def recorded_hash(path: Path) -> str | None:
    match = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
    if not match:
        return None
    found = SOURCE_HASH.search(match.group(1))
    return found.group(1) if found else None


def english_pages(docs: Path = DOCS) -> list[Path]:
    locale_suffix = re.compile(r"\.(" + "|".join(LOCALES) + r")\.md$")
    return sorted(p for p in docs.rglob("*.md") if not locale_suffix.search(p.name))


@dataclass(frozen=True)
class PageStatus:
    page: str
    lang: str
    state: str  # "missing", "present", "outdated", "unstamped"


def page_status(english: Path, lang: str, docs: Path = DOCS) -> PageStatus:
    translation = english.with_name(f"{english.stem}.{lang}.md")
    name = str(english.relative_to(docs))
    if not translation.exists():
        return PageStatus(name, lang, "missing")
    recorded = recorded_hash(translation)
    if recorded is None:
        return PageStatus(name, lang, "unstamped")
    return PageStatus(name, lang, "present" if recorded == source_hash(english) else "outdated")


@dataclass(frozen=True)
class Outdated:
    """A translation whose English page changed after its stamp."""

    translation: Path  # docs/rules.fi.md
    english: Path  # docs/rules.md
    changed: date  # when the English page last changed


def english_changed(english: Path) -> date:
    """When ``english`` last changed: its last commit's date, or the file's own date when it has changes
    not committed yet (or is not in a git repository)."""
    folder = english.parent
    try:
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", english.name], cwd=folder, capture_output=True, text=True, check=True
        ).stdout.strip()
        committed = subprocess.run(
            ["git", "log", "-1", "--format=%cs", "--", english.name],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        dirty, committed = "", ""
    if committed and not dirty:
        return date.fromisoformat(committed)
    return date.fromtimestamp(english.stat().st_mtime)


def outdated_pages(lang: str, docs: Path = DOCS) -> list[Outdated]:
    """Every translation into ``lang`` whose English page changed after its stamp, with the date of the change."""
    found = []
    for english in english_pages(docs):
        if page_status(english, lang, docs).state == "outdated":
            translation = english.with_name(f"{english.stem}.{lang}.md")
            found.append(Outdated(translation, english, english_changed(english)))
    return found


def outdated_messages(lang: str) -> list[tuple[str, str, str]]:
    """Every message of ``lang``'s catalogs that a translator must look at: (domain, "missing" or "fuzzy", msgid)."""
    found = []
    for domain in catalogs.DOMAINS:
        report = catalogs.check_catalog(domain, lang)
        found += [(domain, "missing", key) for key in report.missing]
        found += [(domain, "fuzzy", key) for key in report.fuzzy]
    return found


def stamp(translation: Path) -> None:
    """Record in ``translation``'s front matter the hash of its English page as it is now."""
    match = re.match(r"^(.*)\.(" + "|".join(LOCALES) + r")\.md$", translation.name)
    if not match:
        raise SystemExit(f"error: {translation} is not a translated page (page.<lang>.md)")
    english = translation.with_name(match.group(1) + ".md")
    digest = source_hash(english)
    text = translation.read_text(encoding="utf-8")
    front = FRONT_MATTER.match(text)
    if front is None:
        text = f"---\nsource_hash: {digest}\n---\n" + text
    elif SOURCE_HASH.search(front.group(1)):
        body = SOURCE_HASH.sub(f"source_hash: {digest}", front.group(1))
        text = f"---\n{body}\n---\n" + text[front.end() :]
    else:
        text = f"---\n{front.group(1)}\nsource_hash: {digest}\n---\n" + text[front.end() :]
    translation.write_text(text, encoding="utf-8")
    print(f"{translation.relative_to(ROOT)}: source_hash {digest}")


class DiffError(Exception):
    """Why the English changes behind a translation cannot be shown."""


def english_of(translation: Path) -> Path:
    match = re.match(r"^(.*)\.(" + "|".join(LOCALES) + r")\.md$", translation.name)
    if not match:
        raise DiffError(f"{translation} is not a translated page (page.<lang>.md, lang one of {', '.join(LOCALES)})")
    return translation.with_name(match.group(1) + ".md")


def _git(folder: Path, *args: str) -> bytes:
    result = subprocess.run(["git", *args], cwd=folder, capture_output=True, check=False)
    if result.returncode != 0:
        raise DiffError(f"git {' '.join(args)} failed in {folder}: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def stamped_version(english: Path, digest: str) -> tuple[str, bytes] | None:
    """The newest commit whose ``english`` has the hash ``digest``, with that file's bytes."""
    top = Path(_git(english.parent, "rev-parse", "--show-toplevel").decode().strip())
    relative = english.resolve().relative_to(top.resolve()).as_posix()
    for commit in _git(top, "log", "--format=%H", "--", relative).decode().split():
        try:
            content = _git(top, "show", f"{commit}:{relative}")
        except DiffError:  # the file is absent from this commit (deleted there)
            continue
        if hashlib.sha256(content).hexdigest()[: len(digest)] == digest:
            return commit, content
    return None


def english_changes(translation: Path) -> str:
    """What a translator needs to read: a unified diff of the English page since the stamp.

    Returns a one-line message instead when the translation is up to date; raises
    :class:`DiffError` when there is no stamp or no version of the English page has it.
    """
    english = english_of(translation)
    if not translation.exists():
        raise DiffError(f"{translation} does not exist")
    if not english.exists():
        raise DiffError(f"{english}, the English page of {translation.name}, does not exist")
    digest = recorded_hash(translation)
    if digest is None:
        raise DiffError(
            f"{translation.name} has no source_hash in its front matter, so the English version it follows is "
            f"unknown: compare it with {english.name} by hand, then run --stamp {translation.name}"
        )
    if digest == source_hash(english):
        return f"{translation.name} is up to date: it follows {english.name} as it is now (source_hash {digest})."
    found = stamped_version(english, digest)
    if found is None:
        raise DiffError(
            f"no committed version of {english.name} has the source_hash {digest} recorded in {translation.name} "
            "(the stamp was made on an uncommitted version, or the history was rewritten): compare the pages by "
            f"hand, then run --stamp {translation.name}"
        )
    commit, old = found
    lines = difflib.unified_diff(
        old.decode("utf-8").splitlines(keepends=True),
        english.read_text(encoding="utf-8").splitlines(keepends=True),
        fromfile=f"{english.name} @ {commit[:12]} (source_hash {digest}, what {translation.name} follows)",
        tofile=f"{english.name} now (source_hash {source_hash(english)})",
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stamp", nargs="+", type=Path, metavar="PAGE", help="stamp translated pages as up to date")
    parser.add_argument(
        "--diff", type=Path, metavar="PAGE", help="show the English page's changes since this translation's stamp"
    )
    args = parser.parse_args(argv)
    if args.diff:
        try:
            sys.stdout.write(english_changes(args.diff.resolve()).rstrip("\n") + "\n")
        except DiffError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        return 0
    if args.stamp:
        for path in args.stamp:
            stamp(path.resolve())
        return 0

    print("Pages (missing: readers see English with a notice; outdated: the English page changed since)")
    width = max((len(str(p.relative_to(DOCS))) for p in english_pages()), default=10)
    print(f"  {'page':<{width}}  " + "  ".join(f"{lang:<9}" for lang in LOCALES))
    for english in english_pages():
        states = [page_status(english, lang).state for lang in LOCALES]
        print(f"  {english.relative_to(DOCS)!s:<{width}}  " + "  ".join(f"{s:<9}" for s in states))

    print("\nCatalogs (engine/locale/<lang>/LC_MESSAGES/<domain>.po)")
    broken = False
    for domain in catalogs.DOMAINS:
        for lang in LOCALES:
            report = catalogs.check_catalog(domain, lang)
            summary = (
                f"{len(report.missing)} missing, {len(report.placeholders)} placeholder mismatches, "
                f"{len(report.fuzzy)} fuzzy, {len(report.obsolete)} obsolete"
            )
            print(f"  {lang}/{domain}.po: {summary}")
            for line in report.problems():
                print(f"    {line}")
            broken |= report.broken
    print("\nresult: " + ("BROKEN (missing strings or placeholder mismatches)" if broken else "ok"))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
