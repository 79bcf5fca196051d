"""scripts/hooks/stats.py: the statistics pages' charts and numbers come from the data file, in four languages."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import stats as hook  # noqa: E402

from engine.core.i18n import LANGUAGES  # noqa: E402

DATA = json.loads((ROOT / "docs" / "data" / "stats.json").read_text(encoding="utf-8"))
PAGES = ("sniff-stats", "okey-stats")
FENCE = re.compile(r"^```stats (\S+)\s*$", re.M)


def source(page: str, lang: str) -> str:
    suffix = "" if lang == "en" else f".{lang}"
    return (ROOT / "docs" / f"{page}{suffix}.md").read_text(encoding="utf-8")


def expected(value: float, fmt: str, lang: str) -> str:
    """The number as each language writes it, worked out here without the hook's own formatting."""
    decimals = {"%": 1, "int": 0, "1": 1, "2": 2}[fmt]
    shown = 100 * value if fmt == "%" else value
    text = f"{abs(shown):.{decimals}f}"
    whole, _, fraction = text.partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    separator, point = {"en": (",", "."), "id": (".", ","), "it": (".", ","), "fi": ("\u00a0", ",")}[lang]
    text = separator.join(groups) + (point + fraction if fraction else "")
    text = ("-" if shown < 0 else "") + text
    if fmt == "%":
        text += "\u00a0%" if lang == "fi" else "%"
    return text


def walk(path: str) -> float:
    """A placeholder's number, found in the data file by this test's own walk."""
    parts = path.split("/")
    if len(parts) == 1:
        return DATA["sizes"][parts[0]]
    if parts[:2] == ["okey", "all"]:
        tables = DATA["okey"]["tables"]
        key, *rest = parts[2:]
        if key == "racks":
            return sum(t["racks"] for t in tables)
        if key == "gain_mean":
            return round(sum(t["gain_mean"] * t["racks"] for t in tables) / sum(t["racks"] for t in tables), 2)
        hits, total = (sum(t[key][k] for t in tables) for k in ("hits", "total"))
        assert rest == ["share"]
        return round(hits / total, 4)
    if parts[1] == "match":
        first, second = parts[3].split("-")
        (node,) = [
            m for m in DATA["sniff"]["matches"] if (m["rules"], m["first"], m["second"]) == (parts[2], first, second)
        ]
        rest = parts[4:]
    elif parts[0] == "sniff":
        (node,) = [t for t in DATA["sniff"]["tables"] if (t["rules"], str(t["players"])) == (parts[1], parts[2])]
        rest = parts[3:]
    else:
        (node,) = [
            t for t in DATA["okey"]["tables"] if (t["mode"], t["doubling"]) == (parts[1], parts[2] == "doubling")
        ]
        rest = parts[3:]
    for key in rest:
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


@pytest.mark.parametrize("page", PAGES)
def test_every_language_has_the_same_charts(page):
    charts = {lang: FENCE.findall(source(page, lang)) for lang in LANGUAGES}
    assert charts["en"], "the page draws charts"
    for lang in LANGUAGES:
        assert charts[lang] == charts["en"], f"{page}.{lang}: the same charts in the same order"
        assert set(charts[lang]) <= set(hook.CHARTS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_the_numbers_in_the_text_are_the_data_files(page, lang):
    text = source(page, lang)
    placeholders = hook.PLACEHOLDER.findall(text)
    assert len(placeholders) >= 10
    filled = hook.fill(text, DATA, lang)
    assert "{{" not in filled
    position = 0
    for path, fmt in placeholders:
        shown = expected(walk(path), fmt, lang)
        found = filled.find(shown, position)
        assert found >= 0, f"{page}.{lang}: {path} should read {shown!r}"
        position = found + len(shown)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_no_figure_is_typed_by_hand(page, lang):
    text = hook.PLACEHOLDER.sub("", source(page, lang))
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    assert not re.findall(r"\d+[.,]\d+", text), "a decimal figure comes from the data file, through {{stat ...}}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_chart_has_its_table_in_the_pages_language(lang):
    for name in hook.CHARTS:
        figure = hook.figure_html(name, DATA, lang, f"stats-fig-{name}")
        english = hook.figure_html(name, DATA, "en", f"stats-fig-{name}")
        svg = figure[figure.index("<svg") : figure.index("</svg>")]
        cells = re.findall(r"<td>(.*?)</td>", figure)
        values = [cell for cell in cells if " – " not in cell]
        bars = re.findall(r'<rect class="chart-s\d" [^>]*height="14"', svg)
        assert values and len(bars) == len(values), f"{name}: a bar for every figure of the table"
        intervals = svg.count('class="chart-interval"')
        assert intervals == len(cells) - len(values), f"{name}: an interval drawn for every interval in the table"
        assert f'lang="{lang}"' in figure and "<title" in svg
        if lang != "en":
            assert figure != english, f"{name}: labels in {lang}"


def test_a_bad_placeholder_or_chart_fails():
    with pytest.raises(hook.StatError):
        hook.fill("{{stat sniff/american/9/games int}}", DATA, "en")
    with pytest.raises(hook.StatError):
        hook.fill("{{stat sniff/american/2/nothing %}}", DATA, "en")
    with pytest.raises(hook.StatError):
        hook.fill("{{stat sniff/american/2/games x}}", DATA, "en")
