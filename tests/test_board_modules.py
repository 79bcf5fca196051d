"""The page's board modules (docs/assets/board/), read as text: what every game shares names no game, and each module
is one you can read in one sitting.

A module is a game's own when only that game's board reaches it through imports (its entry module, its board
module's ``PAGE["files"]``, and what only it imports); every other module is shared: the loader, the worker, the
online tables, and what two games import. A shared module learns a game's names, storage keys, CSS blocks and
selectors from the game's adapter or from the page's data (``scripts/hooks/board.py``), never from its own text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.games import GAMES
from engine.core.sessions import board_of

BOARD = Path(__file__).resolve().parent.parent / "docs" / "assets" / "board"
MODULES = {path.name: path.read_text(encoding="utf-8") for path in sorted(BOARD.glob("*.mjs"))}
IMPORT = re.compile(r"""import\(`\./([\w-]+\.mjs)|from\s+["']\./([\w-]+\.mjs)""")
#: A page module's most lines (the issue 38 limit: read in one sitting).
MOST_LINES = 400


def reached(entry: str) -> set[str]:
    """The modules ``entry`` imports, directly or through others, itself included."""
    seen, todo = set(), [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [a or b for a, b in IMPORT.findall(MODULES[name])]
    return seen


def games_own() -> dict[str, set[str]]:
    """Each game's own modules: what its board's entry module reaches and no other entry does (another game's, or a
    module no game's board imports: the loader, the worker, the online tables)."""
    entries = {game: f"{board_of(GAMES[game]).PAGE['files']}.mjs" for game in GAMES}
    by_games = set().union(*map(reached, entries.values()))
    others = set().union(*(reached(name) for name in MODULES if name not in by_games))
    return {
        game: reached(entry) - others - set().union(*(reached(e) for g, e in entries.items() if g != game))
        for game, entry in entries.items()
    }


def test_the_shared_modules_name_no_game():
    own = games_own()
    assert own["sniff"] >= {"game.mjs", "table.mjs", "sandbox.mjs"} and own["okey"] >= {"okey.mjs", "okey-hand.mjs"}
    shared = set(MODULES) - set().union(*own.values())
    assert {"controller.mjs", "client.mjs", "online.mjs", "state.mjs", "dom.mjs", "chart.mjs"} <= shared
    names = re.compile(rf"\b({'|'.join(GAMES)})\b", re.IGNORECASE)
    found = [
        f"{name}:{number}: {line.strip()}"
        for name in sorted(shared)
        for number, line in enumerate(MODULES[name].splitlines(), start=1)
        if names.search(line)
    ]
    assert found == [], "a shared module names a game:\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_page_module_reads_in_one_sitting(name):
    lines = MODULES[name].count("\n")
    assert lines < MOST_LINES, f"{name} has {lines} lines: split it by idea"
