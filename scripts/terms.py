"""The terminology check: every language uses its agreed game terms (docs/terms.yml).

    .venv/bin/python scripts/terms.py     # every problem, one line each, with file and line; exit 1 if any

``docs/terms.yml`` lists, per term and language, the word to use and the wrong variants to
avoid. The check reports:

- a wrong variant in a page (``docs/<page>.<lang>.md``; English ``docs/<page>.md``), in a
  catalog's translations (``engine/locale/<lang>/LC_MESSAGES/<domain>.po``) or in the
  language's strings of ``mkdocs.yml``; text in ``code`` and fenced blocks is skipped;
- a glossary entry (``docs/glossary.<lang>.md``, by anchor) whose heading lacks the term;
- a Translating page whose vocabulary table differs from the file;
- a page that belongs to no game.

Which game's terms apply (``games`` in terms.yml):

- a page's text belongs to the games whose ``pages`` name it; a section named as
  ``page.md#anchor`` (its heading to the next heading of the same or a higher level) belongs to
  the games that name that section, and to no other;
- a catalog message belongs to the games whose ``sources`` match the source file it comes
  from (its ``#:`` reference); a message from a file of no game (``engine/core/…``,
  ``scripts/hooks/online_words.py``) is shown by both games, so it belongs to every game;
- ``game: all`` terms apply everywhere.
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
class Game:
    """Where a game's terms apply: its pages (``glob`` or ``glob#anchor`` for a section) and the source
    files of its catalog messages (globs from the repository's root)."""

    name: str
    pages: tuple[str, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Terms:
    games: dict[str, Game]
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


def _games(data) -> dict[str, Game]:
    if not isinstance(data, dict):
        raise TermsError("terms.yml: `games` must be a mapping of game names")
    games = {}
    for name, spec in data.items():
        spec = spec or {}
        if not isinstance(spec, dict) or set(spec) - {"pages", "sources"}:
            raise TermsError(f"terms.yml: game {name!r}: expected `pages` and `sources`, got {spec!r}")
        where = f"terms.yml: game {name!r}"
        games[name] = Game(
            name, _strings(spec.get("pages"), f"{where}, pages"), _strings(spec.get("sources"), f"{where}, sources")
        )
    return games


def parse_terms(data) -> Terms:
    """Validate the structure of terms.yml (already loaded) and return it."""
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise TermsError("terms.yml: expected a mapping with a `terms` list")
    games = _games(data.get("games") or {})
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


def check_text(
    text: str, lang: str, terms: Terms, where: str, games: set[str] | None = None, whose: str = ""
) -> list[Problem]:
    """Wrong variants of ``lang`` in one text (a page, a catalog's translations); ``games``: the games whose
    terms apply besides ``game: all`` (None: every game's); ``whose`` is added to each message."""
    problems = []
    for term in terms.terms:
        if games is not None and term.game != "all" and term.game not in games:
            continue
        usage = term.usage[lang]
        for line, words, variant in wrong_variants(text, usage):
            message = f"{words!r} is a wrong variant ({variant!r}) of {term.term!r}: use {usage.use!r}{whose}"
            problems.append(Problem(f"{where}:{line}", message))
    return problems


def check_lines(
    text: str, line_games: list[frozenset[str]], lang: str, terms: Terms, where: str, whose=lambda games: ""
) -> list[Problem]:
    """Wrong variants in a text whose lines belong to different games (``line_games[i]``: line ``i + 1``'s;
    an empty set: a line nobody reads, such as a msgid). Each set of games is checked with its own terms."""
    lines = text.split("\n")
    problems = []
    for games in sorted(set(line_games) - {frozenset()}, key=sorted):
        kept = "\n".join(line if line_games[i] == games else "" for i, line in enumerate(lines))
        problems += check_text(kept, lang, terms, where, set(games), whose(games))
    return sorted(problems, key=lambda p: (int(p.where.rsplit(":", 1)[1]), p.message))


def _game_names(games) -> str:
    names = {"sniff": "Sniff", "okey": "Okey"}
    return " and ".join(names.get(g, g) for g in sorted(games))


def page_lang(path: Path) -> str:
    match = re.search(r"\.(" + "|".join(TRANSLATED) + r")\.md$", path.name)
    return match.group(1) if match else "en"


def english_name(path: Path) -> str:
    return re.sub(r"\.(" + "|".join(TRANSLATED) + r")\.md$", ".md", path.name)


def page_games(path: Path, terms: Terms) -> set[str]:
    """The games whose ``pages`` name the whole page."""
    name = english_name(path)
    return {g.name for g in terms.games.values() if any(fnmatch.fnmatch(name, p) for p in g.pages if "#" not in p)}


ANY_HEADING = re.compile(r"^(#{1,6}) .*?(?:\{[^}]*#(?P<anchor>[\w-]+)[^}]*\})?\s*$", re.M)


def line_games(path: Path, text: str, terms: Terms) -> list[frozenset[str]]:
    """Each line's games in a page's prose (``text``: fences already blanked, so no heading is a code line)."""
    name = english_name(path)
    whole = frozenset(page_games(path, terms))
    games = [whole] * (text.count("\n") + 1)
    sections: dict[str, set[str]] = {}
    for game in terms.games.values():
        for pattern in game.pages:
            page, _, anchor = pattern.partition("#")
            if anchor and fnmatch.fnmatch(name, page):
                sections.setdefault(anchor, set()).add(game.name)
    headings = [(m.start(), len(m.group(1)), m.group("anchor")) for m in ANY_HEADING.finditer(text)]
    for index, (start, level, anchor) in enumerate(headings):
        if anchor not in sections:
            continue
        end = next((s for s, lv, _a in headings[index + 1 :] if lv <= level), len(text))
        first, last = text.count("\n", 0, start), text.count("\n", 0, end)
        for line in range(first, last):
            games[line] = frozenset(sections[anchor])
    return games


def catalog_text(path: Path) -> str:
    """A catalog's translations, each on the line of its msgstr in the file (the rest blanked)."""
    return catalog_lines(path)[0]


def catalog_lines(path: Path) -> tuple[str, list[tuple[str, ...]]]:
    """A catalog's translations, each on the line of its msgstr in the file (the rest blanked), and each
    line's source files (the ``#:`` references of its entry; none for the header and for other lines)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    kept, sources, in_msgstr, references = [], [], False, []
    for line in lines:
        if not line.strip():
            references = []
        elif line.startswith("#:"):
            references += [
                ref.rsplit(":", 1)[0] if ref.rsplit(":", 1)[-1].isdigit() else ref for ref in line[2:].split()
            ]
        if line.startswith("msgstr"):
            in_msgstr = True
        elif not line.startswith('"'):
            in_msgstr = False
        if in_msgstr and '"' in line:
            body = line[line.index('"') + 1 : line.rindex('"')]
            kept.append(body.replace('\\"', '"').replace("\\n", " "))
            sources.append(tuple(references))
        else:
            kept.append("")
            sources.append(())
    return "\n".join(kept), sources


def source_games(references: tuple[str, ...], terms: Terms) -> frozenset[str]:
    """The games of a catalog message, from its source files: those whose ``sources`` match one of them;
    a message of files that are no game's is shown by both games and belongs to every game."""
    games = {
        g.name for g in terms.games.values() for ref in references if any(fnmatch.fnmatch(ref, p) for p in g.sources)
    }
    return frozenset(games or terms.games)


def check_page(path: Path, terms: Terms) -> list[Problem]:
    text = page_text(path.read_text(encoding="utf-8"))
    games = line_games(path, text, terms)
    # The vocabulary table lists every game's words side by side: it is terms.yml itself (check_vocabulary).
    vocabulary = re.search(r"^#{1,6} .*\{#vocabulary\}\s*$", text, re.M)
    if vocabulary:
        first = text.count("\n", 0, vocabulary.end()) + 1
        lines = text.split("\n")
        while first < len(lines) and not lines[first].startswith("|"):
            first += 1
        while first < len(lines) and lines[first].startswith("|"):
            games[first] = frozenset()
            first += 1
    if not any(games):
        return [Problem(_relative(path), f"no game of terms.yml lists {english_name(path)} among its `pages`")]
    return check_lines(text, games, page_lang(path), terms, _relative(path))


def check_pages(terms: Terms, docs: Path = DOCS) -> list[Problem]:
    return [problem for path in sorted(docs.glob("*.md")) for problem in check_page(path, terms)]


def check_catalog(path: Path, lang: str, terms: Terms) -> list[Problem]:
    """One catalog's translations, each message against the terms of its games."""
    text, references = catalog_lines(path)
    games = [source_games(refs, terms) if refs else frozenset() for refs in references]
    whose = lambda games: f" (a message of {_game_names(games)})"  # noqa: E731
    return check_lines(text, games, lang, terms, _relative(path), whose)


def check_catalogs(terms: Terms, locale_dir: Path = LOCALE_DIR) -> list[Problem]:
    problems = []
    for lang in TRANSLATED:
        for path in sorted((locale_dir / lang / "LC_MESSAGES").glob("*.po")):
            problems += check_catalog(path, lang, terms)
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
