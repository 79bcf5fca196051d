"""The engine inside Pyodide under Node.js (tests/node/): the same answers as CPython's.

Runs tests/node/engine_in_pyodide.test.mjs with Node's test runner against the
engine wheel and lock file of the built site, and hands it CPython's transcript
digest of tests/node/engine_checks.py, so Pyodide's Python must say exactly what
CPython says for the same seeded layouts.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.node.engine_checks import run

ROOT = Path(__file__).resolve().parent.parent
NODE_TEST = ROOT / "tests" / "node" / "engine_in_pyodide.test.mjs"
VECTORS = ROOT / "tests" / "data" / "seed-004-vectors.txt"

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def site_lock(site_dir: Path) -> Path:
    locks = sorted((site_dir / "assets" / "pyodide").glob("engine-*/pyodide-lock.json"))
    assert len(locks) == 1, f"the built site should hold one engine lock file, found {locks}"
    return locks[0]


@pytest.fixture(scope="module")
def cpython_report() -> dict:
    """The checks' report in CPython (seconds of work: made once for both tests)."""
    return run(VECTORS.read_text(encoding="utf-8"))


def test_the_checks_pass_in_cpython(cpython_report: dict):
    report = cpython_report
    assert report["failures"] == []
    assert (report["vectors"], report["layouts"], report["okey_games"]) == (11, 120, 4)


def test_pyodide_under_node_gives_cpythons_answers(site_lock: Path, cpython_report: dict):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the engine in Pyodide (tests/node/)"
    expected = cpython_report["transcript"]
    stdlib = sorted((site_lock.parent.parent).glob("stdlib-*/python_stdlib.zip"))
    assert len(stdlib) == 1, f"the built site should hold one standard library, found {stdlib}"
    env = {**os.environ, "SNIFF_LOCK": str(site_lock), "SNIFF_STDLIB": str(stdlib[0]), "SNIFF_TRANSCRIPT": expected}
    done = subprocess.run(
        [node, "--test", str(NODE_TEST)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "# pass 4" in output, output
    assert "# fail 0" in output, output
