"""The engine's layers, read from its imports with ``ast``.

    engine.core                      what every game shares (level 0)
    engine.<game>                    a game's rules (level 1): its modules at the top and bots/
    engine.<game>.render             the game's rendering: geometry, SVG, words (level 2)
    engine.<game>.board              the game's board: ops, views, words, sandbox (level 3)
    engine.board, engine.commands,   game-neutral tools on top (level 4)
    engine.cli, engine.__main__

An import may only go to the same level or below, never from one game to
another, and the modules may not import each other round in a cycle. Every
import counts, also one inside a function.

And every module, the engine's and the server's, is one you can read in one
sitting: under ``MOST_LINES`` lines (issue 38).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"
SERVER = ENGINE.parent / "server"
#: A module's most lines, in ``engine/`` and ``server/`` (issue 38: one idea, read in one sitting).
MOST_LINES = 500
TOP = ("board", "commands", "cli", "__main__")
GAME_LAYERS = {"render": 2, "board": 3}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in ENGINE.rglob("*.py")}


def games() -> list[str]:
    return sorted(
        p.name
        for p in ENGINE.iterdir()
        if p.is_dir() and (p / "__init__.py").exists() and p.name != "core" and p.name not in TOP
    )


def place(module: str) -> tuple[int, str | None]:
    """(level, game) of a module of the engine."""
    parts = module.split(".")
    if len(parts) == 1:
        return 0, None  # the engine package itself: its version
    if parts[1] == "core":
        return 0, None
    if parts[1] in TOP:
        return 4, None
    game = parts[1]
    return GAME_LAYERS.get(parts[2] if len(parts) > 2 else "", 1), game


def imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The engine modules that ``module`` imports, anywhere in its code."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                prefix = ".".join([*base, node.module] if node.module else base)
            else:
                prefix = node.module or ""
            names = [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            # The longest known module the name starts with (``from . import x`` may name a module or a value).
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name.startswith("engine") and name != module:
                found.add(name)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {module: imports(module, path, known) for module, path in known.items()}


def violations(edges: dict[str, set[str]]) -> list[str]:
    problems = []
    for module, targets in sorted(edges.items()):
        level, game = place(module)
        for target in sorted(targets):
            target_level, target_game = place(target)
            # A package's __init__ is imported with each of its modules: it counts as its own level.
            if target_level > level and not module.startswith(target + "."):
                problems.append(f"{module} (level {level}) imports {target} (level {target_level}): upwards")
            elif game and target_game and game != target_game:
                problems.append(f"{module} imports {target}: sideways, from one game to another")
    return problems


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first search (each reported once, from where it was entered)."""
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            # A module importing its own package's __init__ is Python's normal order, not a cycle.
            if node.startswith(target + "."):
                continue
            if state.get(target) == "open":
                found.append([*stack[stack.index(target) :], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def test_the_engine_has_the_layers_and_games_the_docstring_names():
    assert (ENGINE / "core" / "__init__.py").exists()
    assert {"sniff", "okey"} <= set(games())
    for layer in GAME_LAYERS:
        assert (ENGINE / "sniff" / layer / "__init__.py").exists(), f"engine/sniff/{layer}/ is missing"
    # A game's folders are packages: a layer folder without __init__.py would hide from this check.
    for folder in ENGINE.rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__" and any(folder.glob("*.py")):
            assert (folder / "__init__.py").exists(), f"{folder} has modules but no __init__.py"


def test_no_import_goes_up_a_layer_or_sideways_between_games():
    assert violations(graph()) == []


def test_no_modules_import_each_other_in_a_cycle():
    assert cycles(graph()) == []


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        ({"engine.core.errors": {"engine.sniff.game"}}, "upwards"),
        ({"engine.sniff.game": {"engine.sniff.render.svg"}}, "upwards"),
        ({"engine.sniff.render.svg": {"engine.sniff.board.view"}}, "upwards"),
        ({"engine.sniff.board.view": {"engine.board.session"}}, "upwards"),
        ({"engine.sniff.game": {"engine.okey.tiles"}}, "sideways"),
    ],
)
def test_the_check_finds_what_it_looks_for(edges, expected):
    assert expected in violations(edges)[0]


def test_the_cycle_check_finds_a_cycle_and_reads_imports_inside_functions(tmp_path):
    assert cycles({"engine.sniff.game": {"engine.sniff.record"}, "engine.sniff.record": {"engine.sniff.game"}})
    source = tmp_path / "engine" / "sniff" / "game.py"
    source.parent.mkdir(parents=True)
    source.write_text("def to_record():\n    from .record import game_record\n", encoding="utf-8")
    known = {"engine.sniff.game": source, "engine.sniff.record": source, "engine.sniff": source}
    assert imports("engine.sniff.game", source, known) == {"engine.sniff.record"}


def too_long(paths: list[Path]) -> dict[Path, int]:
    """The modules of ``MOST_LINES`` lines or more, with their counts."""
    counts = {path: path.read_text(encoding="utf-8").count("\n") for path in paths}
    return {path: count for path, count in counts.items() if count >= MOST_LINES}


def test_every_engine_and_server_module_reads_in_one_sitting():
    paths = sorted([*ENGINE.rglob("*.py"), *SERVER.rglob("*.py")])
    assert SERVER / "actor.py" in paths and ENGINE / "core" / "games.py" in paths
    found = [f"{path.relative_to(ENGINE.parent)}: {count} lines" for path, count in too_long(paths).items()]
    assert found == [], f"split by idea, each module under {MOST_LINES} lines:\n" + "\n".join(found)


def test_the_size_check_counts_every_line(tmp_path):
    short, long = tmp_path / "short.py", tmp_path / "long.py"
    short.write_text("x = 1\n" * (MOST_LINES - 1), encoding="utf-8")
    long.write_text("x = 1\n" * MOST_LINES, encoding="utf-8")
    assert too_long([short, long]) == {long: MOST_LINES}
