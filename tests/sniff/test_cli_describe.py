"""`python -m engine describe`: three lines, JSON, and one-line errors with exit code 2."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASE_1 = "1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n"


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_describe_prints_the_seed_text_in_finnish():
    result = run("describe", "--lang", "fi", stdin=CASE_1)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Asetettu [4|4]"
    assert lines[1] == "Pisteytykseen lasketut arvot: 2 + 8 = 10. Asetuspisteet: 10 raakapistettä."
    assert lines[2].endswith("Pisteytykseen lasketut arvot: [1|1]: 2; [4|4]: 8.")
    assert len(lines) == 3


def test_describe_reads_a_file(tmp_path):
    path = tmp_path / "layout.sniff"
    path.write_text("2|2\n", encoding="utf-8")
    result = run("describe", str(path))
    assert result.stdout.splitlines()[:2] == ["Placed [2|2]", "Counted values: 4 = 4. Placement score: 0 raw points."]


def test_describe_json():
    result = run("describe", "--json", stdin=CASE_1)
    data = json.loads(result.stdout)
    assert data["tiles"] == ["1|4", "1|1", "4|4"]
    assert data["sniff"] == "1|1"
    assert data["joins"] == [
        {"tile": "1|4", "side": "low", "new_tile": "1|1", "new_side": "line-a"},
        {"tile": "1|4", "side": "high", "new_tile": "4|4", "new_side": "line-a"},
    ]
    assert data["legal_joins"] == [
        {"tile": "1|1", "side": "line-b", "value": 1},
        {"tile": "4|4", "side": "line-b", "value": 4},
    ]
    assert data["counted"] == [
        {"tile": "1|1", "side": "line-b", "value": 2},
        {"tile": "4|4", "side": "line-b", "value": 8},
    ]
    assert (data["total"], data["points"]) == (10, 10)


def test_bad_input_is_one_line_on_stderr_and_exit_2(tmp_path):
    result = run("describe", stdin="1|4\n2|5 on 1|4 high\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "error: <stdin>: line 2: [2|5] does not match the open value 4 of [1|4] high\n"
    path = tmp_path / "bad.sniff"
    path.write_text("1|4\n9|9 on 1|4 high\n", encoding="utf-8")
    result = run("describe", str(path))
    assert result.returncode == 2
    assert result.stderr == f"error: {path}: line 2: 9|9 is not a double-six tile\n"


def test_empty_input_and_missing_file_are_clear_errors(tmp_path):
    result = run("describe", stdin="# nothing\n")
    assert result.returncode == 2 and "the layout has no tiles" in result.stderr
    assert result.stderr.count("\n") == 1
    result = run("describe", str(tmp_path / "missing.sniff"))
    assert result.returncode == 2 and "No such file" in result.stderr and "Traceback" not in result.stderr
