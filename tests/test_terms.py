"""The terminology check (docs/terms.yml, scripts/terms.py): each language keeps to its terms."""

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import terms  # noqa: E402

TERMS = terms.load_terms()


def problems_in(text: str, lang: str) -> list[str]:
    return [str(p) for p in terms.check_text(terms.page_text(text), lang, TERMS, "page.md", {"sniff"})]


# The site as it stands -------------------------------------------------------------------------


def test_pages_use_no_wrong_variant():
    assert [str(p) for p in terms.check_pages(TERMS)] == []


def test_catalogs_use_no_wrong_variant():
    assert [str(p) for p in terms.check_catalogs(TERMS)] == []


def test_site_strings_in_mkdocs_yml_use_no_wrong_variant():
    assert [str(p) for p in terms.check_site_strings(TERMS)] == []


def test_every_glossary_heading_names_its_term():
    assert [str(p) for p in terms.check_glossaries(TERMS)] == []


def test_every_vocabulary_table_is_the_terms_file():
    assert [str(p) for p in terms.check_vocabulary(TERMS)] == []


def test_every_term_has_every_language_and_a_known_game():
    names = [t.term for t in TERMS.terms]
    assert len(names) == len(set(names))
    for term in TERMS.terms:
        assert term.game == "all" or term.game in TERMS.games
        assert set(term.usage) == set(terms.LANGS)


# Each language: a wrong variant fails, the right word passes ------------------------------------


def test_indonesian_lewat_for_pass_fails():
    found = problems_in("Jika tumpukan sisa kosong, tekan **Lewat**.\nAnda lewat.", "id")
    assert len(found) == 2
    assert found[0].startswith("page.md:1: 'Lewat' is a wrong variant ('lewat') of 'pass': use 'melewatkan giliran'")
    assert found[1].startswith("page.md:2: 'lewat'")
    # The right words, and words that only contain the wrong one, pass.
    assert problems_in("Tekan **Lewati giliran**. Anda melewatkan giliran.", "id") == []


def test_indonesian_main_for_play_fails_but_mainkan_and_pemain_pass():
    assert len(problems_in("# Main {#play}", "id")) == 1
    assert problems_in("Mainkan American Sniff dengan dua pemain; bermain di peramban.", "id") == []


def test_finnish_sallittu_fails_in_every_inflection():
    found = problems_in("Helppo: mikä tahansa sallittu siirto.\nKaikki sallitut ja sallittua.", "fi")
    assert [p.split(":")[1] for p in found] == ["1", "2", "2"]
    assert "use 'laillinen jatkokohta'" in found[0]
    assert problems_in("Helppo: mikä tahansa laillinen siirto.", "fi") == []


def test_finnish_bottipari_fails():
    assert len(problems_in("4 pelaajaa: sinä ja bottipari", "fi")) == 1
    assert problems_in("4 pelaajaa: pelaat parina botin kanssa", "fi") == []


def test_italian_punti_for_places_fails_but_punti_for_score_passes():
    found = problems_in("Fai clic su uno dei punti\nevidenziati per posare lì la tessera.", "it")
    assert len(found) == 1 and found[0].startswith("page.md:1: 'punti evidenziati'")  # across a line break
    assert problems_in("Fai clic su una delle posizioni evidenziate: segni 15 punti grezzi.", "it") == []


def test_italian_possibilmente_and_sommano_fail_but_an_allowed_phrase_passes():
    assert len(problems_in("La pagina è possibilmente non aggiornata.", "it")) == 1
    assert len(problems_in("Le estremità sommano 15.", "it")) == 1
    assert problems_in("A fine mano si sommano i puntini di ciascuna coppia.", "it") == []


def test_an_allowed_phrase_covers_only_itself():
    gloss = "Sehari-hari ubin disebut juga kartu domino atau batu domino."
    assert problems_in(gloss, "id") == []
    assert len(problems_in(gloss + " Ambil satu kartu domino.", "id")) == 1


def test_code_fences_and_link_targets_are_not_checked():
    text = "Avoid `Lewat` and `sallittu`.\n\n```yaml\navoid: [lewat]\n```\n\n[Bermain](main.md)\n"
    assert problems_in(text, "id") == []
    assert problems_in(text, "fi") == []


def test_a_wrong_variant_in_a_catalog_translation_fails_with_its_line(tmp_path):
    po = tmp_path / "id" / "LC_MESSAGES" / "play.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: id\\n"\n\n#: engine/play/text.py\nmsgid "Pass"\nmsgstr "Lewat"\n\n'
        'msgid "Lewat is only a word in a msgid"\nmsgstr ""\n"Anda melewatkan giliran."\n',
        encoding="utf-8",
    )
    found = [str(p) for p in terms.check_catalogs(TERMS, tmp_path)]
    assert len(found) == 1 and found[0].endswith(
        f"{po}:7: 'Lewat' is a wrong variant ('lewat') of 'pass': use 'melewatkan giliran'"
        " (a message of Okey and Sniff)"
    )


def test_a_wrong_variant_in_mkdocs_yml_fails_but_keys_are_not_checked(tmp_path):
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "            Play: Bermain\n" in config
    broken = tmp_path / "mkdocs.yml"
    broken.write_text(config.replace("            Play: Bermain\n", "            Play: Main\n"), encoding="utf-8")
    found = [str(p) for p in terms.check_site_strings(TERMS, broken)]
    assert len(found) == 1 and "'Main' is a wrong variant" in found[0]


# The glossaries and the vocabulary tables agree with the file ------------------------------------


@pytest.fixture
def docs_copy(tmp_path):
    for pattern in ("glossary*.md", "translating*.md"):
        for path in terms.DOCS.glob(pattern):
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_glossary_heading_that_names_another_word_fails(docs_copy):
    assert terms.check_glossaries(TERMS, docs_copy) == []
    edit(
        docs_copy / "glossary.fi.md", "### Laillinen jatkokohta {#legal-join}", "### Sallittu jatkokohta {#legal-join}"
    )
    found = [str(p) for p in terms.check_glossaries(TERMS, docs_copy)]
    assert len(found) == 1 and "does not name 'laillinen jatkokohta'" in found[0]


def test_a_vocabulary_table_that_differs_from_the_file_fails(docs_copy):
    assert terms.check_vocabulary(TERMS, docs_copy) == []
    edit(docs_copy / "translating.id.md", "| linjasuunta (linja A, linja B) |", "| linja |")
    found = [str(p) for p in terms.check_vocabulary(TERMS, docs_copy)]
    assert len(found) == 1 and "translating.id.md" in found[0] and "'linja'" in found[0]


def test_a_malformed_terms_file_is_rejected_with_the_term_and_field():
    with pytest.raises(terms.TermsError, match=r"term 'tile': `fi` needs a `use` word"):
        terms.parse_terms(
            {
                "terms": [
                    {
                        "term": "tile",
                        "game": "all",
                        "en": {"use": "tile"},
                        "id": {"use": "ubin"},
                        "it": {"use": "tessera"},
                        "fi": {},
                    }
                ]
            }
        )
    with pytest.raises(terms.TermsError, match=r"game 'okey' is neither `all` nor one of `games`"):
        terms.parse_terms({"games": {"sniff": {}}, "terms": [{"term": "tile", "game": "okey"}]})


# Okey's terms: checked on Okey's pages and catalogs only ------------------------------------------


def okey_problems(text: str, lang: str) -> list[str]:
    return [str(p) for p in terms.check_text(terms.page_text(text), lang, TERMS, "okey.md", {"okey"})]


def test_finnish_era_for_an_okey_round_fails_but_kierros_passes():
    found = okey_problems("Seuraava erä alkaa.\nErän loppu ja erien pisteet.", "fi")
    assert [p.split(":")[1] for p in found] == ["1", "2", "2"]
    assert "use 'kierros'" in found[0]
    assert okey_problems("Seuraava kierros alkaa. Kierroksen loppu, eri värit.", "fi") == []
    # Sniff's pages are not Okey's: the Okey terms do not apply there.
    assert [str(p) for p in terms.check_text("Seuraava erä.", "fi", TERMS, "rules.md", {"sniff"})] == []


def test_finnish_hylata_for_an_okey_discard_fails_but_heittaa_passes():
    found = okey_problems("Hylkää R3. Viimeisin hylkäys; hylätty laatta.", "fi")
    assert len(found) >= 3 and all("use 'heittää'" in p for p in found)
    assert okey_problems("Heitä punainen 3. Viimeksi heitetty laatta.", "fi") == []


def test_the_settlement_table_has_one_name_in_each_language():
    assert len(okey_problems("Tilitys ja tilitystaulukko.", "fi")) == 2
    assert len(okey_problems("tabel perhitungan", "id")) == 1
    assert len(okey_problems("la tabella del conteggio", "it")) == 1
    assert okey_problems("Pistetaulukko.", "fi") == okey_problems("tabel penalti", "id") == []
    assert okey_problems("la tabella dei punti", "it") == []


def test_an_okey_partner_is_not_the_word_for_a_pair_of_tiles():
    assert len(okey_problems("bot di seberangmu adalah pasanganmu", "id")) == 1
    assert okey_problems("bot di seberangmu adalah mitramu; pasangan kelimanya", "id") == []
    assert len(okey_problems("1 · parisi yhdistelmä", "fi")) == 1
    assert okey_problems("parikumppanisi yhdistelmä; viidennen parisi", "fi") == []


def test_italian_intransitive_sommare_fails_on_okey_pages_too():
    assert len(okey_problems("le combinazioni devono sommare almeno 51", "it")) == 1
    assert len(okey_problems("la prima calata somma almeno 51", "it")) == 1
    assert okey_problems("le combinazioni devono valere in tutto almeno 51", "it") == []


# Every catalog and every page: checked against the terms of the game each message or section belongs to --


def _entries(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    """Each translated entry of a catalog: the line of its (first) msgstr line, and its source files."""
    text, references = terms.catalog_lines(path)
    lines = text.split("\n")
    found, seen = [], set()
    for index, refs in enumerate(references):
        if refs and lines[index].strip() and refs not in seen:
            seen.add(refs)
            found.append((index + 1, refs))
    return found


def _avoided(lang: str, games: frozenset[str]) -> tuple[terms.Term, str]:
    """A word ``lang`` avoids for a term of one of ``games`` (a game's own term first), free of ``*``."""
    own = [t for t in TERMS.terms if t.game in games] + [t for t in TERMS.terms if t.game == "all"]
    for term in own:
        for word in term.usage[lang].avoid:
            if "*" not in word and not any(terms.phrase_pattern(a).search(word) for a in term.usage[lang].allow):
                return term, word
    raise AssertionError(f"no avoided word in {lang} for {sorted(games)}")


CATALOGS = sorted(terms.LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_wrong_word_planted_in_any_catalog_fails(po, tmp_path):
    """In every catalog, a message of each kind of source (each game's, shared) given a word its game avoids
    fails the check, at that message's line, naming the term."""
    lang = po.parent.parent.name
    lines = po.read_text(encoding="utf-8").split("\n")
    for line, refs in _entries(po):
        games = terms.source_games(refs, TERMS)
        term, word = _avoided(lang, games)
        planted = list(lines)
        planted[line - 1] = f'msgstr "{word}"' if planted[line - 1].startswith("msgstr") else f'"{word}"'
        copy = tmp_path / po.name
        copy.write_text("\n".join(planted), encoding="utf-8")
        found = [str(p) for p in terms.check_catalog(copy, lang, TERMS)]
        assert any(f":{line}: " in p and repr(term.term) in p for p in found), (po.name, line, refs, word, found)


def test_a_catalog_message_belongs_to_the_game_of_its_source():
    assert terms.source_games(("engine/okey/render/practice.py",), TERMS) == {"okey"}
    assert terms.source_games(("engine/sniff/render/review.py",), TERMS) == {"sniff"}
    assert terms.source_games(("scripts/hooks/stats_okey.py",), TERMS) == {"okey"}
    # A shared file's message is shown by both games: both games' terms apply.
    assert terms.source_games(("engine/core/practice_text.py",), TERMS) == {"sniff", "okey"}
    assert terms.source_games(("scripts/hooks/online_words.py",), TERMS) == {"sniff", "okey"}


def test_okeys_words_are_checked_in_the_shared_catalogs_but_not_on_sniffs_messages(tmp_path):
    po = tmp_path / "practice.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n\n'
        '#: engine/okey/render/practice.py\nmsgid "The round ends."\nmsgstr "Ronde berakhir."\n\n'
        '#: engine/sniff/render/practice.py\nmsgid "The hand ends."\nmsgstr "Ronde berakhir."\n\n'
        '#: engine/core/practice_text.py\nmsgid "Charges"\nmsgstr "Biaya"\n',
        encoding="utf-8",
    )
    found = [str(p) for p in terms.check_catalog(po, "id", TERMS)]
    assert len(found) == 2, found
    assert ":6: 'Ronde' is a wrong variant ('ronde') of 'round (Okey)': use 'babak' (a message of Okey)" in found[0]
    assert ":14: 'Biaya' is a wrong variant ('biaya') of 'charge (Okey)'" in found[1]


def test_a_section_of_a_shared_page_belongs_to_its_game_only(tmp_path):
    page = tmp_path / "index.id.md"
    page.write_text(
        "# American Sniff {#american-sniff}\n\nSatu ronde Sniff.\n\n## Okey {#okey}\n\nSatu ronde Okey.\n\n"
        "### Meja {#table}\n\nRonde lagi.\n\n## Tentang situs {#about}\n\nRonde.\n",
        encoding="utf-8",
    )
    found = [str(p) for p in terms.check_page(page, TERMS)]
    # "ronde" is Sniff's hand and not Okey's round: wrong in the Okey section (and its subsection) only.
    assert [p.split(":")[1] for p in found] == ["7", "11"], found


def test_a_page_no_game_lists_fails(tmp_path):
    page = tmp_path / "new-page.fi.md"
    page.write_text("# Uusi sivu\n", encoding="utf-8")
    assert [str(p) for p in terms.check_page(page, TERMS)] == [
        f"{page}: no game of terms.yml lists new-page.md among its `pages`"
    ]
