"""The build-time bank of Practice exercises: their lines, every language at once, in one or two processes.

A bank file holds one kind's exercises in one language, one JSON object a line
(JSON Lines), in the order of their seeds: the page reads it as a stream and
stops reading once it has the exercise it shows (``docs/assets/practice/practice.mjs``).
An exercise is made once for every language (``exercises_json`` of the game's
``render.practice``: the position, the answer and the solver's work), then worded
and drawn in each; the bank's jobs go to a pool of worker processes when there
are enough of them to pay for the pool.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import site
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

#: Seeds per job given to a worker process (small enough to share the work out evenly).
CHUNK = 25
#: Below this many exercises, the bank is made in this process (a pool's start costs more than it saves).
POOL_FROM = 200

Maker = Callable[..., dict]
#: The folder the engine package is in.
ENGINE_HOME = Path(__file__).resolve().parents[2]


def bank_lines(maker: Maker, kind: str, seeds: Sequence[int], langs: Sequence[str], rules: str | None) -> dict:
    """``{lang: [one JSON line per seed]}`` of ``maker`` (a game's ``exercises_json``)."""
    args = (rules,) if rules else ()
    lines: dict[str, list[str]] = {lang: [] for lang in langs}
    for seed in seeds:
        for lang, exercise in maker(kind, seed, langs, *args).items():
            lines[lang].append(json.dumps(exercise, ensure_ascii=False, separators=(",", ":")))
    return lines


def _job(args) -> dict:
    return bank_lines(*args)


def make_bank(
    files: Iterable[tuple[str, Maker, str, str | None, Sequence[int]]], langs: Sequence[str], workers: int = 2
) -> dict[str, dict[str, str]]:
    """``{lang: {file name: text}}``: for each ``(name, maker, kind, rules, seeds)``, one file per language."""
    files = list(files)
    jobs, owners = [], []
    for index, (_name, maker, kind, rules, seeds) in enumerate(files):
        for start in range(0, len(seeds), CHUNK):
            jobs.append((maker, kind, list(seeds[start : start + CHUNK]), tuple(langs), rules))
            owners.append(index)
    total = sum(len(job[2]) for job in jobs)
    workers = min(workers, os.cpu_count() or 1)
    if workers > 1 and total >= POOL_FROM:
        # Fresh worker processes (spawned), never forks of this one: the build may run in a process with threads
        # (a test's, a server's), and a fork copies their locks in whatever state they are in. They import the
        # engine from where this process has it (a build's hooks import it from the working tree).
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, spawn, site.addsitedir, (str(ENGINE_HOME),)) as pool:
            results = list(pool.map(_job, jobs))
    else:
        results = [_job(job) for job in jobs]
    out: dict[str, dict[str, list[str]]] = {lang: {name: [] for name, *_rest in files} for lang in langs}
    for owner, result in zip(owners, results, strict=True):
        name = files[owner][0]
        for lang in langs:
            out[lang][name].extend(result[lang])
    return {
        lang: {name: "".join(line + "\n" for line in lines) for name, lines in by.items()} for lang, by in out.items()
    }
