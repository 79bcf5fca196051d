"""``python -m engine simulate`` and ``python -m engine replay``, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=120
    )


def test_simulate_writes_every_game_and_replay_checks_them(tmp_path):
    out = tmp_path / "games.jsonl"
    result = run(
        "simulate", "--players", "3", "--games", "6", "--seed", "9", "--bots", "greedy,random,random", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("6 games, 3 players, ") and lines[0].endswith(" games/s")
    assert lines[1].startswith("hands per game: ")
    assert lines[2].split() == ["seat", "bot", "wins", "win", "%", "points/hand", "deductions/hand"]
    seats = [line.split() for line in lines[3:6]]
    assert [row[:2] for row in seats] == [["0", "greedy"], ["1", "random"], ["2", "random"]]
    assert sum(int(row[2]) for row in seats) == 6
    bots = {line.split()[0]: line.split()[1:] for line in lines[7:9]}
    assert bots["greedy"][0] == "6" and bots["random"][0] == "6"
    assert int(bots["greedy"][1]) + int(bots["random"][1]) == 6
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6 and all(r["players"] == 3 and r["winner"] is not None for r in records)
    replayed = run("replay", str(out))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith(f"{out}: 6 games, ") and replayed.stdout.rstrip().endswith("all consistent")


def test_the_same_seed_gives_the_same_games(tmp_path):
    outs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for out in outs:
        assert main(["simulate", "--games", "3", "--seed", "4", "--bots", "random,greedy", "--out", str(out)]) == 0
    assert outs[0].read_text() == outs[1].read_text()
    assert main(["simulate", "--games", "3", "--seed", "5", "--bots", "random,greedy", "--out", str(outs[1])]) == 0
    assert outs[0].read_text() != outs[1].read_text()


def test_four_players_play_as_partners_and_rotate(capsys):
    assert (
        main(["simulate", "--players", "4", "--games", "4", "--bots", "greedy,random,greedy,random", "--rotate"]) == 0
    )
    out = capsys.readouterr().out
    rows = {
        int(line.split()[0]): line.split() for line in out.splitlines() if line[:1].isdigit() and "games," not in line
    }
    assert rows[0][1] == "rotated"
    # Partners win together.
    assert rows[0][2] == rows[2][2] and rows[1][2] == rows[3][2]
    assert int(rows[0][2]) + int(rows[1][2]) == 4
    assert "seats 0 + 2 and 1 + 3 are partners" in out


def test_the_strong_bot_takes_a_budget(capsys):
    assert main(["simulate", "--games", "1", "--bots", "strong,greedy", "--budget-ms", "2"]) == 0
    assert "strong" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players: sniff's option players is one of 2, 3, 4, not 5"),
        (["--bots", "greedy,clever"], '--bots: unknown bot "clever": use random, greedy, strong'),
        (["--players", "3", "--bots", "greedy,random"], "--bots: 2 bots for 3 players"),
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--budget-ms", "0"], "--budget-ms must be positive"),
    ],
)
def test_bad_simulate_arguments_give_one_line_and_exit_2(args, message):
    result = run("simulate", *args)
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {message}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_replay_reports_the_first_inconsistency_by_line_hand_and_event(tmp_path):
    out = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "2", "--bots", "greedy,random", "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    record = json.loads(lines[1])
    event = next(i for i, e in enumerate(record["hands"][1]["events"]) if "play" in e)
    record["hands"][1]["events"][event]["points"] += 5
    lines[1] = json.dumps(record)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    result = run("replay", str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {bad}: line 2: hand 2, event {event + 1}: ")
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_replay_reads_one_pretty_record_from_standard_input(tmp_path):
    out = tmp_path / "one.jsonl"
    assert main(["simulate", "--games", "1", "--bots", "greedy,greedy", "--out", str(out)]) == 0
    pretty = json.dumps(json.loads(out.read_text()), indent=2)
    result = run("replay", stdin=pretty)
    assert result.returncode == 0 and result.stdout.startswith("<stdin>: 1 games, ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "<stdin>: no game records in it"),
        ("{oops\n", "<stdin>: line 1: not JSON"),
        ("[1]\n", "<stdin>: line 1: a game record is a JSON object"),
    ],
)
def test_replay_of_bad_input_says_where(text, message):
    result = run("replay", stdin=text)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_every_game_option_has_its_flag_from_the_spec():
    from engine.commands.simulate import flag_text
    from engine.core.games import GAMES

    help_text = run("simulate", "--help").stdout
    for game in GAMES:
        for option in GAMES[game].options:
            assert flag_text(option) in help_text, (game, option.name)
