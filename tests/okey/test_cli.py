"""``python -m engine meld``, ``arrange``, ``simulate --game okey`` and ``replay`` of Okey records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_meld_prints_the_check_as_json(capsys):
    assert main(["meld", "--indicator", "R5", "R4 R5 *R6"]) == 0
    assert json.loads(capsys.readouterr().out) == {"valid": True, "kind": "run", "value": 15, "reason": None}
    assert main(["meld", "--indicator", "r5", "r13", "r1", "r2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["kind"] is None and out["value"] is None
    assert "13-1-2 wraps" in out["reason"]
    assert main(["meld", "--indicator", "R5", "K4 *K4"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "pair"


def test_a_token_that_is_not_a_tile_exits_2_with_one_line():
    for args in (["meld", "--indicator", "R5", "R4 Q5 R6"], ["arrange", "--indicator", "R5", "R1", "Z"]):
        result = run(*args)
        assert result.returncode == 2
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1
        assert "is not a tile" in result.stderr
    result = run("meld", "--indicator", "FJ", "R1 R2 R3")
    assert result.returncode == 2 and "never the indicator" in result.stderr


def test_arrange_prints_the_best_arrangement_and_the_most_pairs(capsys):
    rack = ["R1", "R2", "R3", "B9", "K9", "Y9", "R6", "B4", "B5", "B6", "K11", "K12", "K13", "Y1", "Y1"]
    assert main(["arrange", "--indicator", "R5", *rack]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 94
    assert out["melds"] == ["*K10 K11 K12 K13", "B9 K9 Y9", "B4 B5 B6", "R1 R2 R3"]
    assert out["pairs"] == 2 and out["left"] == ["Y1", "Y1"]


def test_simulate_okey_writes_records_that_replay(tmp_path):
    out = tmp_path / "okey.jsonl"
    result = run(
        "simulate", "--game", "okey", "--games", "3", "--seed", "2", "--mode", "pairs", "--no-doubling",
        "--rounds", "3", "--bots", "greedy,random,greedy,random", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 games of Okey (pairs, doubling off, 3 rounds), 9 rounds")
    assert lines[0].endswith("rounds/s")
    assert [line.split()[:2] for line in lines[2:6]] == [
        ["0", "greedy"],
        ["1", "random"],
        ["2", "greedy"],
        ["3", "random"],
    ]
    assert any(line.startswith("ends: hand ") for line in lines)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3
    assert all(
        r["game"] == "okey" and r["options"] == {"mode": "pairs", "doubling": False, "rounds": 3} for r in records
    )
    replayed = run("replay", str(out))
    assert replayed.returncode == 0, replayed.stderr
    assert (
        replayed.stdout.strip()
        == f"{out}: 3 Okey games, 9 rounds, " + replayed.stdout.split(", ")[2].split(":")[0] + ": all consistent"
    )
    again = tmp_path / "again.jsonl"
    assert main(["simulate", "--game", "okey", "--games", "3", "--seed", "2", "--mode", "pairs", "--no-doubling",
                 "--rounds", "3", "--bots", "greedy,random,greedy,random", "--out", str(again)]) == 0  # fmt: skip
    assert again.read_text() == out.read_text()


def test_replay_names_the_round_and_event_of_a_tampered_okey_record(tmp_path):
    out = tmp_path / "okey.jsonl"
    assert main(["simulate", "--game", "okey", "--games", "2", "--seed", "8", "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    events = records[1]["rounds"][0]["events"]
    index = next(i for i, e in enumerate(events) if "draw" in e and i > 3)
    events[index]["draw"] = "Y13" if events[index]["draw"] != "Y13" else "Y12"
    out.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    result = run("replay", str(out))
    assert result.returncode == 2
    assert f"line 2: round 1, event {index + 1}: seat " in result.stderr
    assert "but the pile's next tile is" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_simulate_okey_refuses_bad_bots():
    result = run("simulate", "--game", "okey", "--games", "1", "--bots", "greedy,random")
    assert result.returncode == 2 and "one per seat" in result.stderr


def test_simulate_okey_rotates_the_bots(capsys):
    assert (
        main(["simulate", "--game", "okey", "--games", "4", "--bots", "greedy,random,random,random", "--rotate"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[2:6]] == [[str(seat), "rotated"] for seat in range(4)]
    bots = {line.split()[0]: line.split()[1] for line in lines[7:9]}
    assert bots == {"greedy": "4", "random": "12"}
