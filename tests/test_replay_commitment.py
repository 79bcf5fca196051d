"""``python -m engine replay`` of an online table's record: its ``salt`` and ``commitment`` must agree with its
seed (spec/online-tables.md), for Sniff and Okey records alike."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.cli import main


def committed(record: dict, salt: str = "5a1t") -> dict:
    digest = hashlib.sha256(f"{salt}:{record['seed']}".encode()).hexdigest()
    return {**record, "salt": salt, "commitment": digest}


@pytest.mark.parametrize("game", ["sniff", "okey"])
def test_a_record_with_its_salt_and_commitment_replays_and_a_wrong_one_is_refused(tmp_path, capsys, game):
    out = tmp_path / "games.jsonl"
    extra = ["--game", "okey"] if game == "okey" else ["--bots", "greedy,random"]
    assert main(["simulate", "--games", "1", "--seed", "4", *extra, "--out", str(out)]) == 0
    record = committed(json.loads(out.read_text()))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(good)]) == 0
    assert "all consistent" in capsys.readouterr().out
    for name, bad in {
        "another seed": {**record, "seed": record["seed"] + 1},
        "another salt": {**record, "salt": "other"},
        "no commitment": {key: value for key, value in record.items() if key != "commitment"},
    }.items():
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        assert main(["replay", str(path)]) == 2, name
        error = capsys.readouterr().err
        assert "commitment" in error and "Traceback" not in error, (name, error)
