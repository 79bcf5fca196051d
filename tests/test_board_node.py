"""The board's pure JavaScript modules under Node's own test runner (tests/node/board_*.test.mjs).

State changes, stored data, stale replies, replay steps, the call client: no browser needed, so these
run in well under a second and CI runs them with the rest of pytest.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = sorted((ROOT / "tests" / "node").glob("board_*.test.mjs"))

pytestmark = pytest.mark.node


@pytest.mark.parametrize("path", TESTS, ids=[path.name for path in TESTS])
def test_the_boards_javascript_passes_its_unit_tests(path: Path):
    node = shutil.which("node")
    assert node, "Node.js is needed for the board's JavaScript unit tests"
    done = subprocess.run(
        [node, "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    passed = re.search(r"^# pass (\d+)$", output, re.M)
    assert passed and int(passed[1]) > 0, output
    assert re.search(r"^# fail 0$", output, re.M), output


def test_every_board_module_with_pure_logic_has_its_tests():
    assert {path.name for path in TESTS} >= {
        "board_state.test.mjs",
        "board_client.test.mjs",
        "board_slots.test.mjs",
        "board_prepared.test.mjs",
    }
