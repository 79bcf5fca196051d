"""The terminology check: every language uses its agreed game terms (docs/terms.yml).

    .venv/bin/python scripts/terms.py     # every problem, one line each, with file and line; exit 1 if any

``docs/terms.yml`` lists, per term and language, the word to use and the wrong variants to
avoid. The check reports:

- a wrong variant in a page (``docs/<page>.<lang>.md``; English ``docs/<page>.md``), in a
  catalog's translations (``engine/locale/<lang>/LC_MESSAGES/<domain>.po``) or in the
  language's strings of ``mkdocs.yml``; text in ``code`` and fenced blocks is skipped;
- a glossary entry (``docs/glossary.<lang>.md``, by anchor) whose heading lacks the term;
- a Translating page whose vocabulary table differs from the file.
"""

from __future__ import annotations

import fnmatch
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TERMS_FILE = DOCS / "terms.yml"
LOCALE_DIR = ROOT / "engine" / "locale"
LANGS = ("en", "id", "it", "fi")
TRANSLATED = LANGS[1:]

FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[^\n]*\n.*?^\1\2[ \t]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
HEADING = re.compile(r"^#{1,6} (?P<text>.*?)\s*\{[^}]*#(?P<anchor>[\w-]+)[^}]*\}\s*$", re.M)


class TermsError(ValueError):
    """docs/terms.yml is malformed: which term, which field, why."""


@dataclass(frozen=True)
class Usage:
    use: str
    note: str | None
    avoid: tuple[str, ...]
    allow: tuple[str, ...]

    def cell(self) -> str:
        """How the vocabulary table writes it."""
        return f"{self.use} ({self.note})" if self.note else self.use


@dataclass(frozen=True)
class Term:
    term: str
    game: str
    glossary: str | None
    usage: dict[str, Usage]


@dataclass(frozen=True)
class Terms:
    games: dict[str, dict]
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Problem:
    where: str  # path:line
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _strings(value, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise TermsError(f"{where}: expected a list of words or phrases, got {value!r}")
    return tuple(value)


def parse_terms(data) -> Terms:
    """Validate the structure of terms.yml (already loaded) and return it."""
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise TermsError("terms.yml: expected a mapping with a `terms` list")
    games = data.get("games") or {}
    if not isinstance(games, dict):
        raise TermsError("terms.yml: `games` must be a mapping of game names")
    terms, seen = [], set()
    for index, entry in enumerate(data["terms"], 1):
        where = f"terms.yml: term {index}"
        if not isinstance(entry, dict) or not isinstance(entry.get("term"), str):
            raise TermsError(f"{where}: expected a mapping with a `term` name")
        name = entry["term"]
        where = f"terms.yml: term {name!r}"
        if name in seen:
            raise TermsError(f"{where}: listed twice")
        seen.add(name)
        game = entry.get("game")
        if game != "all" and game not in games:
            raise TermsError(f"{where}: game {game!r} is neither `all` nor one of `games` ({', '.join(games)})")
        usage = {}
        for lang in LANGS:
            value = entry.get(lang)
            if not isinstance(value, dict) or not isinstance(value.get("use"), str) or not value["use"].strip():
                raise TermsError(f"{where}: `{lang}` needs a `use` word")
            unknown = set(value) - {"use", "note", "avoid", "allow"}
            if unknown:
                raise TermsError(f"{where}: `{lang}` has unknown fields {sorted(unknown)}")
            usage[lang] = Usage(
                value["use"],
                value.get("note"),
                _strings(value.get("avoid"), f"{where}, {lang}.avoid"),
                _strings(value.get("allow"), f"{where}, {lang}.allow"),
            )
        terms.append(Term(name, game, entry.get("glossary"), usage))
    return Terms(games, tuple(terms))


def load_terms(path: Path = TERMS_FILE) -> Terms:
    return parse_terms(yaml.safe_load(path.read_text(encoding="utf-8")))


def phrase_pattern(phrase: str) -> re.Pattern:
    """A phrase of the file as a regex: whole words, any case, any whitespace between words;
    ``*`` at either end of a word stands for letters (a prefix or an ending)."""
    words = []
    for word in phrase.split():
        core = re.escape(word.strip("*"))
        before = r"\w*" if word.startswith("*") else ""
        after = r"\w*" if word.endswith("*") else ""
        words.append(before + core + after)
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.I)


def _blank(match: re.Match) -> str:
    """Replace a span by spaces, keeping its line breaks (so line numbers stay right)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def page_text(markdown: str) -> str:
    """The prose of a page: fenced blocks, inline code and link targets blanked out."""
    text = FENCE.sub(_blank, markdown)
    text = INLINE_CODE.sub(_blank, text)
    return LINK_TARGET.sub(_blank, text)


def wrong_variants(text: str, usage: Usage) -> list[tuple[int, str, str]]:
    """Each wrong variant found in ``text``: (line, the words found, the variant)."""
    allowed = [m.span() for phrase in usage.allow for m in phrase_pattern(phrase).finditer(text)]
    found = []
    for variant in usage.avoid:
        for match in phrase_pattern(variant).finditer(text):
            if any(start <= match.start() and match.end() <= end for start, end in allowed):
                continue
            found.append((text.count("\n", 0, match.start()) + 1, " ".join(match.group(0).split()), variant))
    return sorted(found)


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def check_text(text: str, lang: str, terms: Terms, where: str, games: set[str] | None = None) -> list[Problem]:
    """Wrong variants of ``lang`` in one text (a page, a catalog's translations)."""
    problems = []
    for term in terms.terms:
        if games is not None and term.game != "all" and term.game not in games:
            continue
        usage = term.usage[lang]
        for line, words, variant in wrong_variants(text, usage):
            message = f"{words!r} is a wrong variant ({variant!r}) of {term.term!r}: use {usage.use!r}"
            problems.append(Problem(f"{where}:{line}", message))
    return problems


def page_lang(path: Path) -> str:
    match = re.search(r"\.(" + "|".join(TRANSLATED) + r")\.md$", path.name)
    return match.group(1) if match else "en"


def english_name(path: Path) -> str:
    return re.sub(r"\.(" + "|".join(TRANSLATED) + r")\.md$", ".md", path.name)


def page_games(path: Path, terms: Terms) -> set[str]:
    name = english_name(path)
    return {game for game, spec in terms.games.items() if any(fnmatch.fnmatch(name, p) for p in spec.get("pages", []))}


def catalog_text(path: Path) -> str:
    """A catalog's translations, each on the line of its msgstr in the file (the rest blanked)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    kept, in_msgstr = [], False
    for line in lines:
        if line.startswith("msgstr"):
            in_msgstr = True
        elif not line.startswith('"'):
            in_msgstr = False
        if in_msgstr and '"' in line:
            body = line[line.index('"') + 1 : line.rindex('"')]
            kept.append(body.replace('\\"', '"').replace("\\n", " "))
        else:
            kept.append("")
    return "\n".join(kept)


def check_pages(terms: Terms, docs: Path = DOCS) -> list[Problem]:
    problems = []
    for path in sorted(docs.glob("*.md")):
        text = page_text(path.read_text(encoding="utf-8"))
        problems += check_text(text, page_lang(path), terms, _relative(path), page_games(path, terms))
    return problems


def check_catalogs(terms: Terms, locale_dir: Path = LOCALE_DIR) -> list[Problem]:
    problems = []
    for lang in TRANSLATED:
        for path in sorted((locale_dir / lang / "LC_MESSAGES").glob("*.po")):
            games = {game for game, spec in terms.games.items() if path.stem in spec.get("catalogs", [])}
            problems += check_text(catalog_text(path), lang, terms, _relative(path), games)
    return problems


def check_site_strings(terms: Terms, mkdocs_yml: Path = ROOT / "mkdocs.yml") -> list[Problem]:
    """The strings of each language's entry in mkdocs.yml (names, descriptions, navigation)."""
    text = mkdocs_yml.read_text(encoding="utf-8")
    problems = []
    for lang in TRANSLATED:
        block = re.search(rf"^(\s*)- locale: {lang}\n(.*?)(?=^\1- locale: |\Z)", text, re.S | re.M)
        if block is None:
            problems.append(Problem(_relative(mkdocs_yml), f"no language entry `locale: {lang}`"))
            continue
        offset = text.count("\n", 0, block.start(2))
        body = "\n" * offset + block.group(2)
        # Only the values: keys (Play:, site_name:) are English or configuration.
        values = re.sub(r"^(\s*-?\s*)[\w.-]+:", lambda m: " " * len(m.group(0)), body, flags=re.M)
        problems += check_text(values, lang, terms, _relative(mkdocs_yml))
    return problems


def glossary_headings(path: Path) -> dict[str, str]:
    return {m["anchor"]: m["text"] for m in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8")))}


def check_glossaries(terms: Terms, docs: Path = DOCS) -> list[Problem]:
    problems = []
    for lang in LANGS:
        path = docs / ("glossary.md" if lang == "en" else f"glossary.{lang}.md")
        headings = glossary_headings(path)
        for term in terms.terms:
            if not term.glossary:
                continue
            heading = headings.get(term.glossary)
            use = term.usage[lang].use
            if heading is None:
                problems.append(Problem(_relative(path), f"no heading {{#{term.glossary}}} for {term.term!r}"))
            elif not phrase_pattern(use).search(heading):
                message = f"heading {heading!r} {{#{term.glossary}}} does not name {use!r} ({term.term})"
                problems.append(Problem(_relative(path), message))
    return problems


def vocabulary_table(markdown: str) -> list[list[str]]:
    """The rows of the table under the heading {#vocabulary}, header and rule left out."""
    start = re.search(r"^#{1,6} .*\{#vocabulary\}\s*$", markdown, re.M)
    if start is None:
        return []
    rows = []
    for line in markdown[start.end() :].split("\n"):
        if line.startswith("#"):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def check_vocabulary(terms: Terms, docs: Path = DOCS) -> list[Problem]:
    problems = []
    expected = [[term.usage[lang].cell() for lang in LANGS] for term in terms.terms]
    for lang in LANGS:
        path = docs / ("translating.md" if lang == "en" else f"translating.{lang}.md")
        rows = vocabulary_table(path.read_text(encoding="utf-8"))
        if not rows:
            problems.append(Problem(_relative(path), "no vocabulary table under a heading {#vocabulary}"))
            continue
        for index in range(max(len(rows), len(expected))):
            row = rows[index] if index < len(rows) else None
            want = expected[index] if index < len(expected) else None
            if row != want:
                problems.append(
                    Problem(_relative(path), f"vocabulary row {index + 1} is {row!r}, terms.yml says {want!r}")
                )
    return problems


def check_all(terms: Terms | None = None) -> list[Problem]:
    terms = terms or load_terms()
    return (
        check_pages(terms)
        + check_catalogs(terms)
        + check_site_strings(terms)
        + check_glossaries(terms)
        + check_vocabulary(terms)
    )


def vocabulary_markdown(terms: Terms | None = None) -> str:
    """The vocabulary table's rows as terms.yml gives them (to paste into a Translating page)."""
    terms = terms or load_terms()
    return "\n".join("| " + " | ".join(t.usage[lang].cell() for lang in LANGS) + " |" for t in terms.terms)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--table"]:
        print(vocabulary_markdown())
        return 0
    if args:
        print("usage: scripts/terms.py [--table]", file=sys.stderr)
        return 2
    try:
        problems = check_all()
    except TermsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem)
    print(f"terms: {len(problems)} problem(s)" if problems else "terms: consistent")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
