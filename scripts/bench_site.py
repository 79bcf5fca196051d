"""Benchmark the site build: `mkdocs build` for the four locales with every diagram (and the board's
wheel and Pyodide files), timed over a few runs into a temporary directory.

    .venv/bin/python scripts/bench_site.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_once(out: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    subprocess.run(
        [str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            times.append(build_once(Path(tmp) / f"site-{run}"))
            print(f"run {run + 1}: {times[-1]:.2f} s")
    load = os.getloadavg()[0]
    summary = f"median: {statistics.median(times):.2f} s, best: {min(times):.2f} s"
    print(f"{summary} (load average {load:.1f}, {os.cpu_count()} cores)")
    print("goal: under 10 s")


if __name__ == "__main__":
    sys.exit(main())
