"""The Practice pages' build hook (scripts/hooks/practice.py): the practice fence and the bank it writes."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from engine.okey.render.practice import command_json as okey_command
from engine.sniff.render.practice import command_json as sniff_command

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("practice_hook", ROOT / "scripts" / "hooks" / "practice.py")
hook = sys.modules["practice_hook"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)


def _page(url="practice/"):
    return SimpleNamespace(url=url, file=SimpleNamespace(src_uri="practice.md"))


def test_the_fence_becomes_the_widget_with_the_page_words():
    page, config = _page("fi/practice/"), {"theme": {"language": "fi"}}
    markdown = hook.on_page_markdown("# Harjoittele\n\n```practice sniff\n```\n\nLoppu.", page, config, None)
    assert '<div data-practice-slot="sniff"></div>' in markdown and "```" not in markdown
    out = hook.on_page_content(f"<p>x</p>{markdown}", page, config, None)
    root = re.search(r"<div ([^>]*data-practice[^>]*)>", out).group(1)
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', root))
    assert attributes["data-game"] == "sniff" and attributes["lang"] == "fi"
    assert attributes["data-bank"] == "../../assets/practice/bank/fi/"
    assert json.loads(html.unescape(attributes["data-text"]))["check"] == "Tarkista"
    kinds = json.loads(html.unescape(attributes["data-kinds"]))
    assert ["score", "classic"] in kinds and ["joins", None] in kinds
    assert 'src="../../assets/practice/practice.mjs' in out and "<script>" not in out


def test_an_unknown_game_fails_the_build():
    with pytest.raises(PluginError, match="unknown game"):
        hook.on_page_markdown("```practice chess\n```\n", _page(), {}, None)


def _lines(path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def test_the_bank_holds_the_commands_exercises(tmp_path, monkeypatch):
    monkeypatch.setattr(hook, "PER_LEVEL", 1)
    monkeypatch.setattr(hook, "_banks", {})
    hook.on_post_build({"site_dir": str(tmp_path), "theme": {"language": "it"}})
    folder = tmp_path / "assets" / "practice" / "bank" / "it"
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == (7 + 5) * 5  # kinds (Sniff's with the classic two) x levels, one JSON Lines file each
    classic = _lines(folder / "sniff-score-classic-2.jsonl")
    assert [e["seed"] for e in classic] == [80]  # the level's first
    assert {k: classic[0][k] for k in sniff_command("score", 80, "it", "classic")} == sniff_command(
        "score", 80, "it", "classic"
    )
    okey = _lines(folder / "okey-settle-4.jsonl")
    assert {k: okey[0][k] for k in okey_command("settle", 160, "it")} == okey_command("settle", 160, "it")
    assert okey[0]["svg"].startswith("<svg") and okey[0]["explanation_svg"].startswith("<svg")


def test_the_bank_is_the_same_made_in_one_process_or_two(monkeypatch):
    monkeypatch.setattr(hook, "PER_LEVEL", 2)
    monkeypatch.setattr(hook.practice_bank, "POOL_FROM", 1)
    one, two = hook.banks(("en", "fi"), workers=1), hook.banks(("en", "fi"), workers=2)
    assert one == two and set(one) == {"en", "fi"}
    assert [json.loads(line)["seed"] for line in one["fi"]["okey-open-3.jsonl"].splitlines()] == [120, 121]


def test_the_built_site_has_a_bank_per_language(site_dir):
    for lang in ("en", "id", "it", "fi"):
        folder = site_dir / "assets" / "practice" / "bank" / lang
        for name in ("sniff-score-0", "sniff-deduction-classic-4", "okey-meld-0", "okey-charge-3"):
            exercises = _lines(folder / f"{name}.jsonl")
            assert len(exercises) == hook.PER_LEVEL and all(e["question"] for e in exercises)


def test_a_rebuild_with_the_same_engine_reuses_the_bank(tmp_path, monkeypatch):
    monkeypatch.setattr(hook, "PER_LEVEL", 1)
    made = []
    real = hook.banks
    monkeypatch.setattr(hook, "banks", lambda *args: made.append(args) or real(*args))
    monkeypatch.setattr(hook, "_banks", {})
    for run in range(2):
        for lang in ("id", "fi"):
            hook.on_post_build({"site_dir": str(tmp_path / str(run)), "theme": {"language": lang}})
    assert len(made) == 1  # every language's, at the first build's first locale
    first, second = (sorted((tmp_path / str(run)).rglob("*.jsonl")) for run in range(2))
    assert len(first) == 2 * 12 * 5
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
