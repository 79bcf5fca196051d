"""scripts/i18n_status.py: missing, present and possibly outdated translations."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

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


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A git repository with an English page and its Finnish translation stamped against it."""
    monkeypatch.setattr(i18n_status, "ROOT", tmp_path)
    git(tmp_path, "init", "-q")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rules.md").write_text("# Rules\n\nPlay a tile.\n\nDraw when you cannot.\n", encoding="utf-8")
    finnish = docs / "rules.fi.md"
    finnish.write_text("# Säännöt\n\nAseta laatta.\n\nNosta, jos et voi.\n", encoding="utf-8")
    i18n_status.stamp(finnish)
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "rules and their Finnish translation")
    return tmp_path


def run_diff(page: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "i18n_status.py"), "--diff", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_diff_shows_the_english_changes_since_the_stamp(repo):
    english = repo / "docs" / "rules.md"
    stamped = i18n_status.source_hash(english)
    english.write_text("# Rules\n\nPlay a tile.\n\nDraw one tile when you cannot place one.\n", encoding="utf-8")
    git(repo, "commit", "-q", "-am", "rules: drawing, exactly")
    english.write_text(english.read_text(encoding="utf-8") + "\nThen pass.\n", encoding="utf-8")  # not committed

    result = run_diff(repo / "docs" / "rules.fi.md")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("--- rules.md @ ") and f"source_hash {stamped}" in lines[0]
    assert lines[1].startswith("+++ rules.md now")
    assert "-Draw when you cannot." in lines
    assert "+Draw one tile when you cannot place one." in lines
    assert "+Then pass." in lines
    assert " Play a tile." in lines and "-Play a tile." not in lines

    # Stamped again, the translation is up to date and there is nothing to show.
    i18n_status.stamp(repo / "docs" / "rules.fi.md")
    result = run_diff(repo / "docs" / "rules.fi.md")
    assert result.returncode == 0
    assert result.stdout.strip() == (
        f"rules.fi.md is up to date: it follows rules.md as it is now (source_hash {i18n_status.source_hash(english)})."
    )


def test_diff_of_an_up_to_date_page_says_so(repo):
    result = run_diff(repo / "docs" / "rules.fi.md")
    assert result.returncode == 0
    assert "is up to date" in result.stdout and "---" not in result.stdout


def test_diff_without_a_stamp_or_with_an_unknown_one_explains_why(repo):
    finnish = repo / "docs" / "rules.fi.md"
    text = finnish.read_text(encoding="utf-8")
    finnish.write_text(re.sub(r"source_hash: [0-9a-f]+", "source_hash: 0123456789ab", text), encoding="utf-8")
    result = run_diff(finnish)
    assert result.returncode == 1 and result.stdout == ""
    assert "no committed version of rules.md has the source_hash 0123456789ab" in result.stderr

    finnish.write_text("# Säännöt\n", encoding="utf-8")
    result = run_diff(finnish)
    assert result.returncode == 1 and "has no source_hash" in result.stderr

    result = run_diff(repo / "docs" / "rules.md")
    assert result.returncode == 1 and "is not a translated page" in result.stderr


def test_the_okey_pages_and_catalog_are_tracked_and_up_to_date():
    """The Okey pages' translations carry the hash of their English page; the okey catalogs are complete."""
    for name in ("okey.md", "okey-reference.md"):
        english = i18n_status.DOCS / name
        assert english in i18n_status.english_pages()
        for lang in ("id", "it", "fi"):
            assert i18n_status.page_status(english, lang).state == "present", (name, lang)
    result = subprocess.run(
        [sys.executable, "scripts/i18n_status.py"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    for lang in ("id", "it", "fi"):
        assert f"{lang}/okey.po: 0 missing, 0 placeholder mismatches, 0 fuzzy, 0 obsolete" in result.stdout
