"""Catalogs: every string of the code is translated, with the same placeholders as English."""

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import catalogs  # noqa: E402


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
@pytest.mark.parametrize("domain", sorted(catalogs.DOMAINS))
def test_every_catalog_is_complete(domain, lang):
    report = catalogs.check_catalog(domain, lang)
    assert report.missing == []
    assert report.placeholders == []


@pytest.fixture
def locale_copy(tmp_path):
    shutil.copytree(catalogs.LOCALE_DIR, tmp_path / "locale")
    return tmp_path / "locale"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_missing_translation_is_reported(locale_copy):
    path = catalogs.po_path("fi", "sniff", locale_copy)
    edit(path, 'msgstr "Asetettu {tile}"', 'msgstr ""')
    report = catalogs.check_catalog("sniff", "fi", locale_copy)
    assert report.missing == ["Placed {tile}"] and report.broken


def test_a_changed_placeholder_is_reported(locale_copy):
    path = catalogs.po_path("it", "sniff", locale_copy)
    edit(path, 'msgstr "Posata la tessera {tile}"', 'msgstr "Posata la tessera {tessera}"')
    report = catalogs.check_catalog("sniff", "it", locale_copy)
    assert report.placeholders and "{tessera}" in report.placeholders[0] and report.broken


def test_a_missing_catalog_misses_everything(locale_copy):
    catalogs.po_path("id", "sniff", locale_copy).unlink()
    report = catalogs.check_catalog("sniff", "id", locale_copy)
    assert "Placed {tile}" in report.missing


def test_fuzzy_and_obsolete_entries_are_reported_but_not_broken(locale_copy):
    path = catalogs.po_path("fi", "sniff", locale_copy)
    edit(path, 'msgid "Placed {tile}"', '#, fuzzy\nmsgid "Placed {tile}"')
    path.write_text(path.read_text(encoding="utf-8") + '\nmsgid "Gone {x}"\nmsgstr "Poissa {x}"\n', encoding="utf-8")
    report = catalogs.check_catalog("sniff", "fi", locale_copy)
    assert report.fuzzy == ["Placed {tile}"]
    assert report.obsolete == ["Gone {x}"]
    assert not report.broken


def test_compiled_catalogs_are_what_the_engine_reads(locale_copy, monkeypatch):
    edit(catalogs.po_path("fi", "sniff", locale_copy), 'msgstr "Asetettu {tile}"', 'msgstr "Pantu {tile}"')
    written = catalogs.compile_all(locale_copy)
    assert len(written) == len(list(locale_copy.glob("*/LC_MESSAGES/*.po")))
    import gettext

    with catalogs.po_path("fi", "sniff", locale_copy).with_suffix(".mo").open("rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Placed {tile}") == "Pantu {tile}"


def test_indonesian_catalogs_have_one_plural_form_and_extract_keeps_it(locale_copy):
    for domain in catalogs.DOMAINS:
        assert catalogs.read_catalog(catalogs.po_path("id", domain), "id").plural_forms == "nplurals=1; plural=0;"
    path = catalogs.po_path("id", "play", locale_copy)
    edit(path, '"Plural-Forms: nplurals=1; plural=0;\\n"', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')
    report = catalogs.check_catalog("play", "id", locale_copy)
    assert report.plural_forms == "nplurals=2; plural=(n != 1);" and report.broken
    catalogs.command_extract(locale_copy)
    assert catalogs.read_catalog(path, "id").plural_forms == "nplurals=1; plural=0;"
    assert "msgstr[1]" not in path.read_text(encoding="utf-8")
    assert not catalogs.check_catalog("play", "id", locale_copy).broken
