"""Cross-locale consistency: every translation of a page has the same sections (heading
anchors), the same diagrams (layouts and options) and the same numbers as the English page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
LOCALES = ("id", "it", "fi")
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.M | re.S,
)
ANCHOR = re.compile(r"^#{1,6} .*\{[^}]*#(?P<id>[\w-]+)[^}]*\}\s*$", re.M)
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
TILE = re.compile(r"\[\d\|\d\]")
NUMBER = re.compile(r"(?<![\w#|/.-])\d+(?![\w|])")


def english_pages() -> list[Path]:
    suffix = re.compile(r"\.(" + "|".join(LOCALES) + r")\.md$")
    return sorted(p for p in DOCS.glob("*.md") if not suffix.search(p.name))


def translations() -> list[tuple[Path, Path]]:
    pairs = []
    for english in english_pages():
        for lang in LOCALES:
            translated = english.with_name(f"{english.stem}.{lang}.md")
            if translated.exists():
                pairs.append((english, translated))
    return pairs


def diagrams(text: str) -> list[tuple[str, str]]:
    """Every diagram fence: its options and its layout (comments and blank lines dropped)."""
    found = []
    for match in FENCE.finditer(text):
        info = match["info"].strip()
        if info.split(" ", 1)[0] in ("sniff", "sniff-board", "okey", "okey-board"):
            body = [line.split("#", 1)[0].strip() for line in match["body"].splitlines()]
            found.append((info, "\n".join(line for line in body if line)))
    return found


def prose(text: str) -> str:
    text = FRONT_MATTER.sub("", text)
    text = FENCE.sub("", text)
    text = re.sub(r"<svg.*?</svg>", "", text, flags=re.S)
    text = re.sub(r"\{[^}\n]*#[\w-]+[^}\n]*\}", "", text)  # attribute lists
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    return TILE.sub("", text)


def numbers(text: str) -> set[str]:
    return set(NUMBER.findall(prose(text)))


def anchors(text: str) -> list[str]:
    return ANCHOR.findall(FRONT_MATTER.sub("", FENCE.sub("", text)))


def test_every_page_has_a_translation_in_every_locale():
    missing = [
        f"{p.stem}.{lang}.md"
        for p in english_pages()
        for lang in LOCALES
        if not p.with_name(f"{p.stem}.{lang}.md").exists()
    ]
    assert not missing, f"untranslated pages: {missing}"


@pytest.mark.parametrize(("english", "translated"), translations(), ids=lambda p: p.name)
def test_same_sections(english, translated):
    assert anchors(translated.read_text(encoding="utf-8")) == anchors(english.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("english", "translated"), translations(), ids=lambda p: p.name)
def test_same_diagrams(english, translated):
    assert diagrams(translated.read_text(encoding="utf-8")) == diagrams(english.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("english", "translated"), translations(), ids=lambda p: p.name)
def test_same_numbers(english, translated):
    ours, theirs = numbers(translated.read_text(encoding="utf-8")), numbers(english.read_text(encoding="utf-8"))
    assert ours == theirs, (
        f"only in {translated.name}: {sorted(ours - theirs)}; only in English: {sorted(theirs - ours)}"
    )


def test_the_rules_page_carries_the_facts_of_the_seeds():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for fact in ("250", "200", "28", "6 + 1 + 4 + 4 = 15", "6 + 1 + 2 + 4 = 13", "3 + 3"):
        assert fact in prose(text), fact
    assert len(diagrams(text)) >= 5


def test_the_okey_page_carries_the_facts_of_the_seed():
    """Seed 001's numbers and examples are on the Okey rules page, and its examples are diagrams."""
    text = (DOCS / "okey.md").read_text(encoding="utf-8")
    shown = prose(text)
    for fact in ("106", "104", "14", "15", "13-1-2", "51", "68", "69", "+70", "+180", "5-6-7", "−500", "−1000", "× 5"):
        assert fact in shown, fact
    fences = diagrams(text)
    kinds = {info.split()[0] for info, _body in fences}
    assert kinds == {"okey", "okey-board"}  # its diagrams, and the Okey table
    bodies = "\n".join(body for _info, body in fences)
    for example in (
        "indicator K13",  # 13 makes the 1 the okey
        "invalid R13 R1 R2",  # 13-1-2 is not a run
        "last-opening 68",  # doubling: 68 -> 69
        "layoff B7 on 1",  # blue 7: +70
        "seize B8 on 1",  # blue 8: +180
        "discard R8",  # the penalty tile against 5-6-7
        "take K7",  # taking the discard
        "end hand",
        "end pairs",
        "end okey",
        "end exhausted",  # every row of the settlement table
    ):
        assert example in bodies, example
    # Every [choice] of the rules is on the page, marked as this site's reading.
    assert text.count('!!! note "This site\'s reading"') >= 9
    for lang in LOCALES:
        translated = (DOCS / f"okey.{lang}.md").read_text(encoding="utf-8")
        assert translated.count("\n!!! note ") == text.count("\n!!! note "), lang


def test_the_indonesian_okey_page_keeps_the_seeds_own_terms():
    text = prose((DOCS / "okey.id.md").read_text(encoding="utf-8")).lower()
    for term in ("ubin", "okey", "ubin palsu", "indikator", "buka", "menambah", "merebut", "ubin penalti", "tumpukan"):
        assert re.search(rf"\b{term}\b", text), term
