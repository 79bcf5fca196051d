"""Diagram text (spec/diagram-text.md): heading, caption and long description."""

import re
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES, CatalogError, translations
from engine.sniff import parse_layout
from engine.sniff.render.text import describe

# A copy of shared/spec/seed-004-vectors.txt, so the repository tests itself anywhere.
VECTORS = Path(__file__).resolve().parents[1] / "data" / "seed-004-vectors.txt"
SHARED_VECTORS = Path(__file__).resolve().parents[3] / "shared" / "spec" / "seed-004-vectors.txt"


def seed_cases():
    text = VECTORS.read_text(encoding="utf-8")
    cases = re.findall(r"=== case (\d+)\n(.*?)--- fi\n([^\n]*)\n([^\n]*)\n([^\n]*)\n", text, re.S)
    assert len(cases) == 11, "the seed has 11 cases"
    return cases


@pytest.mark.skipif(not SHARED_VECTORS.exists(), reason="no shared/ beside the repository")
def test_our_copy_of_the_vectors_is_the_specs():
    assert VECTORS.read_bytes() == SHARED_VECTORS.read_bytes()


@pytest.mark.parametrize(("case", "layout", "heading", "caption", "description"), seed_cases())
def test_finnish_equals_the_seed_byte_for_byte(case, layout, heading, caption, description):
    text = describe(parse_layout(layout), "fi")
    assert text.heading == heading
    assert text.caption == caption
    assert text.description == description


CASE_4 = "1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b\n1|2 on 1|1 line-b\n"


def test_english_exactly_as_specified():
    text = describe(parse_layout(CASE_4), "en")
    assert text.lines() == [
        "Placed [1|2]",
        "Counted values: 1 + 1 + 2 + 3 = 7. Placement score: 0 raw points.",
        "Counted values: 1 + 1 + 2 + 3 = 7. Placement score: 0 raw points. Tiles: [1|4], [1|1], [4|4], [3|4], "
        "[1|2]. Spinners: [1|1]. Joins: [1|4] (low end) – [1|1] (line A); [1|4] (high end) – [4|4] (line A); "
        "[4|4] (line B) – [3|4] (high end); [1|1] (line B) – [1|2] (low end). Legal joins: [1|1] (branch A, 1); "
        "[1|1] (branch B, 1); [1|2] (high end, 2); [3|4] (low end, 3). Counted values: [1|1]: 1; [1|1]: 1; "
        "[1|2]: 2; [3|4]: 3.",
    ]


def test_english_none_and_a_scoring_opener():
    assert describe(parse_layout("1|4"), "en").lines() == [
        "Placed [1|4]",
        "Counted values: 4 + 1 = 5. Placement score: 5 raw points.",
        "Counted values: 4 + 1 = 5. Placement score: 5 raw points. Tiles: [1|4]. Spinners: none. Joins: none. "
        "Legal joins: [1|4] (high end, 4); [1|4] (low end, 1). Counted values: [1|4]: 4; [1|4]: 1.",
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            [
                "Posata la tessera [1|2]",
                "Valori conteggiati: 1 + 1 + 2 + 3 = 7. Punti della posa: 0 punti grezzi.",
                "Tessere: [1|4], [1|1], [4|4], [3|4], [1|2]. Spinner: [1|1]. Collegamenti: [1|4] (estremità minore) – "
                "[1|1] (lato rettilineo A);",
                "Attacchi leciti: [1|1] (ramo A, 1); [1|1] (ramo B, 1); [1|2] (estremità maggiore, 2);",
            ],
        ),
        (
            "id",
            [
                "Ubin [1|2] diletakkan",
                "Nilai yang dihitung: 1 + 1 + 2 + 3 = 7. Skor peletakan: 0 poin mentah.",
                "Ubin: [1|4], [1|1], [4|4], [3|4], [1|2]. Spinner: [1|1]. Sambungan: [1|4] (ujung rendah) – [1|1] "
                "(sisi lurus A);",
                "Tempat sambung sah: [1|1] (cabang A, 1); [1|1] (cabang B, 1); [1|2] (ujung tinggi, 2);",
            ],
        ),
    ],
)
def test_italian_and_indonesian_keep_the_structure_in_their_own_words(lang, expected):
    text = describe(parse_layout(CASE_4), lang)
    assert text.heading == expected[0]
    assert text.caption == expected[1]
    assert text.description.startswith(text.caption + " ")
    for fragment in expected[2:]:
        assert fragment in text.description


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_lists_every_tile_and_value(lang):
    layout = parse_layout(CASE_4)
    description = describe(layout, lang).description
    assert "[1|4], [1|1], [4|4], [3|4], [1|2]" in description
    assert description.count("[1|1]: 1") == 2
    assert description.endswith("[3|4]: 3.")


def test_an_empty_layout_has_no_text():
    with pytest.raises(ValueError, match="empty layout"):
        describe(parse_layout(""), "en")


def test_unknown_language_is_a_clear_error():
    with pytest.raises(CatalogError, match='"de" is not a language of this site'):
        translations("de", "sniff")
