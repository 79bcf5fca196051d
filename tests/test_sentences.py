"""scripts/sentences.py: every assembled message read whole, in every language, and the faults the reviews found."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import articles  # noqa: E402
import sentence_faults  # noqa: E402
import sentences  # noqa: E402
from sentence_samples import UnknownPlaceholder  # noqa: E402


@pytest.fixture(scope="module")
def rendered():
    return {lang: sentences.rendered(lang) for lang in sentences.LANGS}


def texts(items, label: str, section: str | None = None) -> list[str]:
    """The renders of the message whose English starts with ``label`` (in ``section``, a catalog, if given)."""
    (found,) = [i.texts for i in items if i.label.startswith(label) and section in (None, i.section)]
    return list(found)


def test_the_committed_files_are_what_the_catalogs_render(rendered):
    """docs/translating/sentences*.md: regenerate with .venv/bin/python scripts/sentences.py."""
    for path, text in sentences.files(rendered).items():
        assert path.exists(), f"{path.relative_to(ROOT)} is missing: run scripts/sentences.py"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is out of date: run .venv/bin/python scripts/sentences.py"
        )


def test_no_rendered_sentence_has_a_fault_the_reviews_found(rendered):
    problems = [line for lang in sentences.LANGS for line in sentences.found_faults(lang, rendered[lang])]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    ("lang", "fault"),
    [(lang, fault) for lang, faults in sentence_faults.FAULTS.items() for fault in faults],
    ids=lambda value: value.name if isinstance(value, sentence_faults.Fault) else value,
)
def test_each_fault_finds_the_sentence_the_review_quoted(lang, fault):
    in_lang = "fi" if lang == "*" else lang
    found = [words for each, words in sentence_faults.faults(fault.example, in_lang) if each is fault]
    assert found, f"{fault.name} does not find its own example {fault.example!r}"


def test_the_faults_catch_the_review_examples_and_pass_their_fixes():
    assert sentence_faults.faults("Pelaaja 2: poissa, botti pelaa", "fi") == []
    assert sentence_faults.faults("Heität: väärä okey.", "fi") == []
    assert sentence_faults.faults("Lopetit", "fi") == []
    assert sentence_faults.faults("Cala 4 rosso (okey), 5 rosso, 6 rosso", "it") == []
    assert sentence_faults.faults("l'89,0% delle mani, il 52,5%, lo 0,5%, gli 11", "it") == []
    assert [w for _f, w in sentence_faults.faults("nel 8,0% e i 11 punti", "it")] == ["nel 8,0", "i 11"]


def test_a_sentence_about_tiles_is_rendered_for_one_tile_and_several_in_its_plural_form(rendered):
    label = "Discarding {tiles} would cost 100: it fits a meld on the table."
    english = texts(rendered["en"], label)
    assert "Discarding red 8 would cost 100: it fits a meld on the table." in english
    assert "Discarding any of red 8, false joker, blue 11 would cost 100: each fits a meld on the table." in english
    finnish = texts(rendered["fi"], label)
    assert any(text.endswith(": punainen 8.") and text.startswith("Tämän laatan") for text in finnish)
    assert any(text.startswith("Minkä tahansa näistä laatoista") for text in finnish)


def test_the_visitors_seat_and_the_false_joker_are_among_the_values(rendered):
    assert "Kamu kena penalti 2." in texts(rendered["id"], "You are charged {points}.")
    assert "Paikka 1 (sinä)" in texts(rendered["fi"], "{seat} (you)")
    assert any("ubin palsu" in text for text in texts(rendered["id"], "You discard {tile}.", "okeyplay"))
    # Seat 0 has its own messages: "{seat} discards {tile}." is never said of the visitor.
    assert not any(text.startswith("Sinä") for text in texts(rendered["fi"], "{seat} discards {tile}.", "okeyplay"))


def test_italian_numbers_read_with_a_vowel_are_rendered(rendered):
    won = texts(rendered["it"], "{player} wins the hand: the opponents' pips ({others}) less the winner's own ({own})")
    assert any("(8)" in text for text in won) and any("(11)" in text for text in won)
    shares = [text for item in rendered["it"] if item.section == "stats-pages" for text in item.texts]
    assert any("l'89,0%" in text for text in shares) and any("lo 0,5%" in text for text in shares)
    assert any("il 18,0%" in text for text in shares)


def test_a_placeholder_nobody_described_fails_with_where_it_is():
    message = sentences.Message("online", "Welcome, {guest}.", None, None, ("scripts/hooks/online_words.py",), ())
    samples = sentences.Samples("en")
    with pytest.raises(UnknownPlaceholder, match=r"online: \{guest\} in 'Welcome, \{guest\}.'"):
        sentences.renders(message, "en", samples, frozenset({"sniff", "okey"}))


@pytest.mark.parametrize(
    ("article", "figure", "wanted"),
    [
        ("il", "52,5%", "il "),
        ("il", "8,0%", "l'"),
        ("il", "89,0%", "l'"),
        ("il", "11%", "l'"),
        ("il", "1,0%", "l'"),
        ("il", "18,0%", "il "),
        ("il", "0,5%", "lo "),
        ("nel", "80,0%", "nell'"),
        ("Il", "8,0%", "L'"),
        ("del", "1.000", "del "),
        ("i", "8", "gli "),
    ],
)
def test_an_italian_article_takes_the_form_of_the_figure_as_it_is_read(article, figure, wanted):
    assert articles.agree(article, figure) == wanted
