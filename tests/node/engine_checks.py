"""The engine's own checks, runnable anywhere the engine runs: CPython here, Pyodide in the browser's Python.

``run(vectors_text)`` checks the 11 Finnish seed vectors byte for byte and a
seeded set of random legal layouts against the from-scratch model of the rules
(tests/layouts.py), then returns a report with a transcript digest: a hash of
everything the engine said (text in four languages, analysis, notation, SVG) for the
same seeded layouts. The Node test (engine_in_pyodide.test.mjs) runs this inside
Pyodide, and the pytest wrapper compares the digest with CPython's, so any
difference between the two Pythons shows up, even one no check foresaw.

Standard library and engine only: Pyodide has nothing else.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

from engine.board import session
from engine.core.i18n import LANGUAGES
from engine.sniff import format_layout, parse_layout
from engine.sniff.render.text import describe
from tests.layouts import model, random_layout

SEEDS = range(120)
CASE = re.compile(r"=== case (\d+)\n(.*?)--- fi\n([^\n]*)\n([^\n]*)\n([^\n]*)\n", re.S)


def check_vectors(vectors_text: str, failures: list[str]) -> int:
    cases = CASE.findall(vectors_text)
    if len(cases) != 11:
        failures.append(f"the seed has 11 cases, found {len(cases)}")
    for number, layout, *expected in cases:
        got = describe(parse_layout(layout), "fi").lines()
        if got != expected:
            failures.append(f"seed case {number}: Finnish text differs: {got!r} != {expected!r}")
    return len(cases)


def check_layout(seed: int, failures: list[str], transcript: hashlib._Hash) -> None:
    rng = random.Random(seed)
    layout = random_layout(rng, rng.randint(1, 28))
    placements = list(layout.placements)
    open_sides, counted = model(placements)
    if {(j.tile, j.side): j.value for j in layout.legal_joins()} != open_sides:
        failures.append(f"seed {seed}: legal joins differ from the model's open sides")
    if [(c.tile, c.value) for c in layout.counted_ends()] != counted:
        failures.append(f"seed {seed}: counted values differ from the model's")
    notation = format_layout(layout)
    if format_layout(parse_layout(notation)) != notation:
        failures.append(f"seed {seed}: format then parse does not give the same layout")
    said = {lang: session.call("sniff.analyse", {"layout": notation, "lang": lang}) for lang in LANGUAGES}
    said["svg"] = session.call(
        "sniff.render_svg", {"layout": notation, "lang": LANGUAGES[seed % len(LANGUAGES)], "last": True}
    )
    transcript.update(json.dumps([notation, said], ensure_ascii=False, sort_keys=True).encode())


def run(vectors_text: str) -> dict:
    """Every check; the report is plain JSON: counts, failures and the transcript digest."""
    failures: list[str] = []
    transcript = hashlib.sha256()
    vectors = check_vectors(vectors_text, failures)
    for seed in SEEDS:
        check_layout(seed, failures, transcript)
    return {
        "vectors": vectors,
        "layouts": len(SEEDS),
        "failures": failures,
        "transcript": transcript.hexdigest(),
        "python": session.call("version")["python"],
    }
