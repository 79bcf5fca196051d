"""The game engine inside Pyodide (node_modules/pyodide under Node.js) plays the same games as CPython.

The board runs the engine in the browser and saves games there; a seed must give the same game, and a
saved record must replay, whichever Python runs it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.sniff.record import restore

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

pytestmark = pytest.mark.node

# Seeded games, run by both Pythons.
GAMES = """
def games():
    # Imports inside: Pyodide's runPython keeps top-level names out of a function's globals.
    import random
    from engine.sniff.bots import make_bot
    from engine.sniff.game import Game
    from engine.sniff.record import dumps, game_record

    records = []
    for players in (2, 3, 4):
        game = Game(players, seed=100 + players)
        bots = [make_bot(("greedy", "random")[seat % 2], random.Random(seat)) for seat in range(players)]
        while not game.is_terminal():
            seat = game.current_player
            game.apply_action(bots[seat].choose(game.view(seat)))
        records.append(dumps(game_record(game)))
    return records
"""

# In Pyodide: play them, replay them, and restore the first one as if saved three events into its last hand.
PYTHON = """
import sys
sys.path.insert(0, "/home/pyodide")
import json, random
%(games)s
from engine.sniff.bots import make_bot
from engine.sniff.game import Game
from engine.sniff.record import replay, restore

records = games()
for text in records:
    replay(json.loads(text))
saved = json.loads(records[0])
saved["hands"][-1]["events"] = saved["hands"][-1]["events"][:3]
saved["hands"][-1].update(end=None, deductions=None, scores=None)
saved["winner"] = None
restored = restore(saved)
strong = make_bot("strong", random.Random(1), budget_ms=50)
choice = strong.choose(restored.view(restored.current_player))
legal = [action.notation() for action in restored.legal_actions()]
json.dumps({"python": sys.version.split()[0], "records": records, "legal": legal, "choice": choice.notation()})
"""

SCRIPT = """
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
import path from "node:path";
const py = await loadPyodide();
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isDirectory()) {
      if (name !== "__pycache__" && name !== "locale") copy(file, dest + "/" + name);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(dest + "/" + name, fs.readFileSync(file));
    }
  }
}
copy(%(engine)s, "/home/pyodide/engine");
console.log(py.runPython(fs.readFileSync(%(python)s, "utf8")));
"""


def games() -> list[str]:
    namespace: dict = {}
    exec(GAMES, namespace)
    return namespace["games"]()


def test_pyodide_plays_the_same_seeded_games_and_restores_a_saved_one(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the engine in Pyodide"
    assert PYODIDE.exists(), "node_modules/pyodide is missing: run npm ci (scripts/test does)"
    python = tmp_path / "check.py"
    python.write_text(PYTHON % {"games": GAMES}, encoding="utf-8")
    script = tmp_path / "check.mjs"
    script.write_text(
        SCRIPT
        % {"pyodide": PYODIDE.as_uri(), "engine": json.dumps(str(ROOT / "engine")), "python": json.dumps(str(python))},
        encoding="utf-8",
    )
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["python"].startswith("3.")
    # The same seed and the same bots give byte for byte the same game records.
    assert answer["records"] == games()
    # A game saved in the middle of a hand restores to the same position in both.
    saved = json.loads(answer["records"][0])
    saved["hands"][-1]["events"] = saved["hands"][-1]["events"][:3]
    saved["hands"][-1].update(end=None, deductions=None, scores=None)
    saved["winner"] = None
    restored = restore(saved)
    assert answer["legal"] == [action.notation() for action in restored.legal_actions()]
    assert answer["choice"] in answer["legal"]
