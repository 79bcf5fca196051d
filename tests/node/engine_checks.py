"""The engine's own checks, runnable anywhere the engine runs: CPython here, Pyodide in the browser's Python.

``run(vectors_text)`` checks the 11 Finnish seed vectors byte for byte and a
seeded set of random legal layouts against the from-scratch model of the rules
(tests/layouts.py), then returns a report with a transcript digest: a hash of
everything the engine said (text in four languages, analysis, notation, SVG) for the
same seeded layouts, and the records of seeded Okey games between bots. The Node
test (engine_in_pyodide.test.mjs) runs this inside
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
OKEY_SEEDS = range(4)
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


def check_okey(seed: int, failures: list[str], transcript: hashlib._Hash) -> None:
    """An Okey game between seeded bots: its record must replay, and goes into the transcript whole."""
    from engine.okey.bots import make_bot
    from engine.okey.game import Game
    from engine.okey.record import game_record, replay
    from engine.okey.rules import Options

    options = Options(mode=("solo", "pairs")[seed % 2], doubling=seed % 3 != 1, rounds=3 if seed == 0 else 1)
    game = Game(options, seed=seed)
    names = ("strong", "greedy", "random", "greedy")
    bots = [make_bot(name, random.Random(seed * 4 + seat)) for seat, name in enumerate(names)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    record = game_record(game)
    try:
        replay(json.loads(json.dumps(record)))
    except ValueError as error:
        failures.append(f"okey seed {seed}: the record does not replay: {error}")
    transcript.update(json.dumps(record, sort_keys=True).encode())


def run(vectors_text: str) -> dict:
    """Every check; the report is plain JSON: counts, failures and the transcript digest."""
    failures: list[str] = []
    transcript = hashlib.sha256()
    vectors = check_vectors(vectors_text, failures)
    for seed in SEEDS:
        check_layout(seed, failures, transcript)
    for seed in OKEY_SEEDS:
        check_okey(seed, failures, transcript)
    return {
        "vectors": vectors,
        "layouts": len(SEEDS),
        "okey_games": len(OKEY_SEEDS),
        "failures": failures,
        "transcript": transcript.hexdigest(),
        "python": session.call("version")["python"],
    }
