"""The faults native readers found in assembled sentences, as checks over the rendered sentences.

Each fault is a kind the third-round reviews found (``shared/reviews/*-3.md``), written so that it catches
that kind, not only the one sentence: ``faults(text, lang)`` lists every one in a rendered sentence.
``tests/test_sentences.py`` runs them over every rendered sentence of every language (``sentences.py``)
and checks each against the sentence the review quoted.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "hooks"))

from articles import disagreements

_TILE = {
    "en": r"(?:(?:red|blue|black|yellow) \d+|false joker|okey as [a-z]+ \d+)",
    "id": r"(?:(?:merah|biru|hitam|kuning) \d+|ubin palsu|okey \([^)]*\))",
    "it": r"(?:\d+ (?:rosso|blu|nero|giallo)|falso okey|\d+ \w+ \(okey\))",
    "fi": r"(?:(?:punainen|sininen|musta|keltainen) \d+|väärä okey|okey \([^)]*\))",
}


@dataclass(frozen=True)
class Fault:
    name: str
    why: str
    find: Callable[[str], list[str]]  # the words of each fault in a sentence
    example: str  # the sentence a review quoted


def _regex(pattern: str, flags: int = 0) -> Callable[[str], list[str]]:
    compiled = re.compile(pattern, flags)
    return lambda text: [m.group(0) for m in compiled.finditer(text)]


FAULTS: dict[str, list[Fault]] = {
    "*": [
        Fault(
            "repeated-in-parentheses",
            "a phrase said twice, the second time in parentheses",
            _regex(r"(?<!\w)(?P<phrase>\w[\w ]{4,}\w)\W*\((?P=phrase)\)", re.I),
            "Seat 2: away, the bot plays (the bot plays)",
        ),
    ],
    "en": [
        Fault(
            "plural-words-for-one-tile",
            "a sentence about several tiles that names only one",
            _regex(r"\b(?:any of|each of) " + _TILE["en"] + r"(?![,\w])[^.]*\beach fits\b", re.I),
            "Discarding any of red 8 would cost 100: each fits a meld on the table.",
        ),
        Fault(
            "you-with-a-third-person-verb",
            "the visitor's own seat with a verb or label said of another",
            _regex(r"\bYou(?::| (?:is|has|was|goes|opens|draws|takes|pays|wins)\b)(?: went out)?"),
            "You: went out",
        ),
    ],
    "id": [
        Fault(
            "plural-words-for-one-tile",
            "*salah satu dari* or *masing-masing* before a single tile",
            _regex(
                r"\bsalah satu dari "
                + _TILE["id"]
                + r"(?![,\w])[^.]*|\bmasing-masing cocok[^.]*: "
                + _TILE["id"]
                + r"\.",
                re.I,
            ),
            "Membuang salah satu dari biru 4 kena penalti 100: masing-masing cocok dengan kombinasi di meja.",
        ),
        Fault(
            "kamu-with-nya",
            "*Kamu* and a *-nya* that reads as someone else's (his discard, his meld)",
            _regex(r"\bKamu kena [^.]*\([^)]*\b\w+nya\b[^)]*\)"),
            "Kamu kena 70 (buangannya diambil).",
        ),
    ],
    "it": [
        Fault(
            "okey-clause-takes-the-list",
            "*un okey che fa da X*, followed by more tiles that the clause swallows",
            _regex(r"\bokey che fa da [^,;.()]+, "),
            "Cala un okey che fa da 4 rosso, 5 rosso, 6 rosso; 9 blu, 9 rosso, 9 nero",
        ),
        Fault(
            "tu-with-a-third-person-verb",
            "the visitor's *Tu* with a third-person verb",
            _regex(r"\bTu:? (?:ha|non ha|paga|apre|chiude|prende)\b"),
            "Tu: ha chiuso",
        ),
    ],
    "fi": [
        Fault(
            "plural-words-for-one-tile",
            "*kunkin näistä*, *ne sopivat* before a single tile",
            _regex(r"\b(?:[Kk]unkin näistä|ne sopivat)\b[^.]*: " + _TILE["fi"] + r"\."),
            "Kunkin näistä heittäminen maksaisi 100, koska ne sopivat pöydän yhdistelmiin: punainen 8.",
        ),
        Fault(
            "sina-with-a-third-person-verb",
            "*Sinä* with a third-person verb (*lopetti*, *ei avannut*)",
            _regex(r"\bSinä:? (?:lopetti|avasi|ei avannut|maksaa|saa|sai|on)\b"),
            "Sinä: lopetti",
        ),
        Fault(
            "tile-name-after-a-declined-noun",
            "a tile name that declines (*väärä okey*, *okey (…)*) left in the nominative after *laatan*, "
            "*laattaa*, *laatalla*…: put it after a colon or in parentheses",
            _regex(r"\blaat(?:an|taa|alla|asta|taan|alle|oilla) (?:väärä okey|okey\b)"),
            "Heität laatan väärä okey.",
        ),
    ],
}
FAULTS["it"].append(
    Fault(
        "article-before-a-figure",
        "an Italian article that does not fit the figure after it: l'8, l'11, l'89,0%, lo 0,5%, gli 8",
        disagreements,
        "il 89,0% delle mani",
    )
)


def faults(text: str, lang: str) -> list[tuple[Fault, str]]:
    """Every fault in ``text`` (a rendered sentence in ``lang``): the fault and the words it found."""
    return [(fault, words) for fault in FAULTS["*"] + FAULTS.get(lang, []) for words in fault.find(text)]
