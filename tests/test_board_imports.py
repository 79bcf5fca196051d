"""What a board's first new game imports: only what the game needs (issue 37, a fresh board's start).

In Pyodide a module costs a new game its unmarshalling and every class it makes (a frozen dataclass, some 1-2 ms
while the wasm is young): the diagrams' parser, analysis and SVG, html's entities and hashlib are for other pages,
and load only where they are used (engine/okey/render/__init__.py, engine/core/chart.py, engine/core/records.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
#: Not for a new game on a board: what the diagrams, the charts' SVG and a record's commitment need.
NOT_AT_START = (
    "engine.okey.render.analysis",
    "engine.okey.render.notation",
    "engine.okey.render.svg",
    "engine.sniff.render.svg",
    "html",
    "html.entities",
    "hashlib",
    "xml.etree.ElementTree",
)

SCRIPT = """
import json, sys
from engine.board.session import handle
reply = json.loads(handle(sys.argv[1] + ".new", json.dumps({"lang": "fi"})))
assert reply["ok"], reply
print(json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_game_on_the_board_imports_no_diagram_renderer(game):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, game], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(json.loads(done.stdout))
    assert f"engine.{game}.board.view" in loaded  # the game was dealt: what it needed is there
    assert sorted(loaded.intersection(NOT_AT_START)) == []
