"""scripts/i18n_status.py: missing, present and possibly outdated translations."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import i18n_status  # noqa: E402


def test_missing_unstamped_present_and_outdated(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    english = docs / "rules.md"
    english.write_text("# Rules\n\nPlay a tile.\n", encoding="utf-8")
    assert i18n_status.page_status(english, "fi", docs).state == "missing"

    finnish = docs / "rules.fi.md"
    finnish.write_text("# Säännöt\n", encoding="utf-8")
    assert i18n_status.page_status(english, "fi", docs).state == "unstamped"

    digest = i18n_status.source_hash(english)
    finnish.write_text(f"---\ntitle: Säännöt\nsource_hash: {digest}\n---\n# Säännöt\n", encoding="utf-8")
    assert i18n_status.page_status(english, "fi", docs).state == "present"

    english.write_text("# Rules\n\nPlay a tile. Then draw.\n", encoding="utf-8")
    assert i18n_status.page_status(english, "fi", docs).state == "outdated"


def test_stamp_writes_the_hash_of_the_english_page(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n_status, "ROOT", tmp_path)
    english = tmp_path / "page.md"
    english.write_text("# Page\n", encoding="utf-8")
    italian = tmp_path / "page.it.md"
    italian.write_text("---\ntitle: Pagina\n---\n# Pagina\n", encoding="utf-8")
    i18n_status.stamp(italian)
    assert i18n_status.recorded_hash(italian) == i18n_status.source_hash(english)
    assert "title: Pagina" in italian.read_text(encoding="utf-8")
    english.write_text("# Page, changed\n", encoding="utf-8")
    i18n_status.stamp(italian)
    assert i18n_status.recorded_hash(italian) == i18n_status.source_hash(english)
    assert italian.read_text(encoding="utf-8").count("source_hash") == 1


def test_the_report_runs_on_the_real_docs_and_fails_only_on_broken_catalogs():
    result = subprocess.run(
        [sys.executable, "scripts/i18n_status.py"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert "Pages" in result.stdout and "Catalogs" in result.stdout
    assert result.returncode == (1 if "BROKEN" in result.stdout else 0)
    assert "result: ok" in result.stdout, result.stdout
