"""``python -m engine svg``: the diagram of a layout on standard output."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "svg", *args], input=stdin, capture_output=True, text=True, cwd=ROOT
    )


def test_writes_the_svg_of_a_file_in_the_chosen_language():
    result = run("--lang", "fi", "--last", "diagrams/worked-example.sniff")
    assert result.returncode == 0, result.stderr
    root = ET.fromstring(result.stdout)
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Asetettu [2|4]")
    assert [g.get("data-tile") for g in root.iter() if "last" in g.get("class", "").split()] == ["2|4"]
    assert "Täytetty numero: pisteytykseen laskettu arvo" in result.stdout


def test_reads_standard_input_and_can_leave_out_the_legend():
    result = run("--no-legend", "--id-prefix", "board", stdin="1|4\n1|1 on 1|4 low\n")
    assert result.returncode == 0, result.stderr
    assert 'aria-labelledby="board-title board-desc"' in result.stdout
    assert "legend" not in result.stdout


def test_bad_input_is_one_line_naming_the_line_and_the_reason():
    result = run(stdin="1|4\n2|5 on 1|4 high\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "error: <stdin>: line 2: [2|5] does not match the open value 4 of [1|4] high\n"


def test_an_empty_layout_and_a_bad_id_prefix_are_refused():
    assert run(stdin="# nothing\n").stderr.startswith("error: <stdin>: the layout has no tiles")
    result = run("--id-prefix", "1 2", stdin="1|4\n")
    assert result.returncode == 2 and "--id-prefix" in result.stderr
