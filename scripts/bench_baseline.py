"""Speed against an earlier commit, measured in the same run: the engine of REV and of this tree, side by side.

    .venv/bin/python scripts/bench_baseline.py [--baseline REV] [--games 60] [--moves 40] [--repeat 3]

``git archive`` copies REV's ``engine/`` into a temporary folder; one child Python
per tree runs the same harness (below), alternating, ``--repeat`` times each, and
the best run counts (the machine's other work only ever slows a run down). Two
figures, both of CPU time:

- random-bot two-player games per second (players choose through their views, as
  every bot does), with the records of the same seeds compared byte for byte; the
  clock that times play stops while each game's record is written as JSON, and the
  rate with that writing counted is printed beside it;
- the strong bot's roll-outs per second: a fixed number of guesses per move
  (10), so the work is the same whatever the machine; a roll-out plays one
  candidate move of one guess out to the end of the hand.

The default REV is the commit before the engine was reshaped for several games
(issue 9). ``bench_game.py --baseline`` and ``bench_bots.py rollouts`` print the
same figures with their own.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The last commit before the engine was reshaped for several games.
BASELINE = "4421def"

# Runs in a child Python whose working directory holds the engine to measure. It uses only what
# both engines offer (Game, RandomBot, StrongBot with samples, views); records through whichever
# API the engine has.
HARNESS = r"""
import hashlib, json, random, sys, time
sys.path.insert(0, ".")
from engine.sniff.bots import RandomBot
from engine.sniff.bots.strong import StrongBot
from engine.sniff.game import Game
try:
    from engine.sniff.record import game_record
except ImportError:
    game_record = lambda game: game.to_record()

games, moves = int(sys.argv[1]), int(sys.argv[2])
digest = hashlib.sha256()
games_cpu = records_cpu = 0.0
for number in range(games):
    start = time.process_time()
    rng = random.Random(number)
    game = Game(2, rng)
    bots = [RandomBot(random.Random(rng.getrandbits(32))) for _ in range(2)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    played = time.process_time()
    digest.update(json.dumps(game_record(game), sort_keys=True).encode())
    records_cpu += time.process_time() - played
    games_cpu += played - start

rollouts, rollout_cpu, timed = 0, 0.0, 0
for number in range(1000):
    game = Game(2, seed=number)
    strong, greedy = StrongBot(random.Random(number), samples=10), RandomBot(random.Random(number))
    while not game.is_terminal() and timed < moves:
        seat = game.current_player
        view = game.view(seat)
        if seat == 0 and len(view.legal_actions) > 1:
            start = time.process_time()
            action = strong.choose(view)
            rollout_cpu += time.process_time() - start
            rollouts += strong.last_samples * len(view.legal_actions)
            timed += 1
        else:
            action = greedy.choose(view)
        game.apply_action(action)
    if timed >= moves:
        break
print(json.dumps({"games_per_s": games / games_cpu, "records": digest.hexdigest(),
                  "with_records_per_s": games / (games_cpu + records_cpu),
                  "rollouts_per_s": rollouts / rollout_cpu, "rollouts": rollouts}))
"""


def checkout(rev: str, folder: Path) -> Path:
    """REV's engine/ in ``folder`` (from git, without touching the work tree)."""
    archive = subprocess.run(["git", "archive", rev, "engine"], cwd=ROOT, capture_output=True, check=False)
    if archive.returncode:
        raise SystemExit(f"git archive {rev} failed: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    catalogs = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "catalogs.py"), "compile"], cwd=ROOT, capture_output=True, check=False
    )
    if catalogs.returncode:
        raise SystemExit("could not compile the catalogs")
    return folder


def measure(folder: Path, games: int, moves: int) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", HARNESS, str(games), str(moves)], cwd=folder, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"the harness failed in {folder}:\n{done.stderr}")
    return json.loads(done.stdout)


def compare(baseline: str = BASELINE, games: int = 60, moves: int = 40, repeat: int = 3) -> dict:
    """The best of ``repeat`` runs of each tree, alternating: {"old": {...}, "new": {...}}."""
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as tmp:
        old_tree = checkout(baseline, Path(tmp))
        runs: dict[str, list[dict]] = {"old": [], "new": []}
        for _ in range(repeat):
            runs["old"].append(measure(old_tree, games, moves))
            runs["new"].append(measure(ROOT, games, moves))
    return {
        tree: {
            "games_per_s": max(run["games_per_s"] for run in found),
            "with_records_per_s": max(run["with_records_per_s"] for run in found),
            "rollouts_per_s": max(run["rollouts_per_s"] for run in found),
            "records": {run["records"] for run in found},
        }
        for tree, found in runs.items()
    }


def report(result: dict, baseline: str) -> list[str]:
    old, new = result["old"], result["new"]
    same = old["records"] == new["records"] and len(new["records"]) == 1
    return [
        f"random-bot 2-player games/s: {new['games_per_s']:7.1f} now, {old['games_per_s']:7.1f} at {baseline}: "
        f"{new['games_per_s'] / old['games_per_s']:.2f}x (goal 4x); records of the same seeds "
        + ("byte-identical" if same else "DIFFERENT"),
        f"  with each game's record written as JSON: {new['with_records_per_s']:7.1f} now, "
        f"{old['with_records_per_s']:7.1f} at {baseline}: {new['with_records_per_s'] / old['with_records_per_s']:.2f}x",
        f"strong bot roll-outs/s:      {new['rollouts_per_s']:7.0f} now, {old['rollouts_per_s']:7.0f} at {baseline}: "
        f"{new['rollouts_per_s'] / old['rollouts_per_s']:.2f}x (goal 3x)",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"the earlier commit (default {BASELINE})")
    parser.add_argument("--games", type=int, default=60, help="seeded games per run (default 60)")
    parser.add_argument("--moves", type=int, default=40, help="strong-bot moves per run (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree, the best counts (default 3)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, CPU time, best of {args.repeat} alternating runs")
    result = compare(args.baseline, args.games, args.moves, args.repeat)
    print("\n".join(report(result, args.baseline)))
    return 0 if result["old"]["records"] == result["new"]["records"] else 1


if __name__ == "__main__":
    sys.exit(main())
