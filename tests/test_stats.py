"""scripts/stats.py: the seeded simulations behind the statistics pages, and engine.core.stats / chart."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
from pathlib import Path

from engine.core.chart import Chart, Series, bar_chart, nice_step
from engine.core.stats import histogram, percentile, wilson
from engine.okey.arrange import best_arrangement
from engine.okey.tiles import Okey, Tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "stats-sample.json"
DATA = ROOT / "docs" / "data" / "stats.json"


@functools.cache
def load_script():
    spec = importlib.util.spec_from_file_location("stats_script", ROOT / "scripts" / "stats.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_sample_regenerates_to_the_committed_file_byte_for_byte():
    stats = load_script()
    data, _elapsed = stats.run("sample", quiet=True)
    assert stats.dumps(data).encode() == SAMPLE.read_bytes(), "run: python scripts/stats.py --sample"


def test_the_data_file_says_its_seeds_sizes_and_engine():
    import engine

    stats = load_script()
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data["engine"] == engine.__version__
    assert data["size"] == "full" and data["sizes"] == stats.SIZES["full"]
    seeds = [t["seed"] for t in data["sniff"]["tables"] + data["sniff"]["matches"] + data["okey"]["tables"]]
    assert len(set(seeds)) == len(seeds), "every table has its own seed"
    for table in data["sniff"]["tables"]:
        assert table["games"] == stats.SIZES["full"]["sniff"]
        assert sum(table["position_wins"][i]["hits"] for i in range(table["sides"])) == table["games"]
        assert sum(table["hands_per_game"]) == table["games"]
    for table in data["okey"]["tables"]:
        assert table["rounds"] == stats.SIZES["full"]["okey"]
        assert sum(e["hits"] for e in table["ends"].values()) == table["rounds"]
        assert table["racks"] == 4 * table["rounds"]


def test_wilson_intervals_are_the_published_ones():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_histograms_and_percentiles():
    assert histogram([0, 4, 5, 9, 10, 99], [0, 5, 10]) == [2, 2, 2]
    assert percentile([1, 2, 3, 4], 0.5) == 2 and percentile([], 0.5) == 0


def test_the_greedy_arrangement_is_beaten_where_a_long_run_hides_a_set():
    stats = load_script()
    okey = Okey(Tile.parse("Y1"))  # the okey is Y2, which the rack does not hold
    rack = parse_tiles("R5 R6 R7 R8 B8 K8")
    assert stats.greedy_value(rack, okey) == 26  # R5 R6 R7 R8 first, then B8 K8 make nothing
    assert best_arrangement(rack, okey).value == 42  # R5 R6 R7 + R8 B8 K8


def test_a_chart_draws_a_bar_and_an_interval_per_value():
    chart = Chart(
        "Wins",
        ["2 players", "3 players"],
        [Series("first", [0.52, 0.36], [0.5, 0.33], [0.54, 0.39]), Series("even", [0.5, 1 / 3])],
        percent=True,
        reference=0.5,
        reference_label="even",
        number=lambda v: f"{v:.0f}",
    )
    svg = bar_chart(chart)
    assert svg.count('class="chart-s0" x=') == 3  # two bars and the legend's swatch
    assert svg.count('class="chart-interval"') == 2
    assert "<title" in svg and 'role="img"' in svg
    assert re.search(r'viewBox="0 0 640 [\d.]+"', svg)
    assert nice_step(0.54) == 0.2 and nice_step(7.2) == 2
