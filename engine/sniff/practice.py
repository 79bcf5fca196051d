"""Practice exercises of American Sniff (and classic Sniff's scoring): made from a seed, answered by the rules.

Each kind makes a position from ``random.Random`` seeded with the kind and the
seed, so an exercise has an address (``kind``, ``seed``, ``rules``). The level
grows with the seed (``level``): short layouts and two players first, then
longer layouts, the Sniff's branches, three and four players and partners.

Every answer is the engine's own: placement scores from ``Layout.score`` and the
ruleset's ``placement_points``, counted ends from ``Layout.counted_ends``,
joins from ``Layout.joins_for``, deductions and awards from the ruleset's
``scoring.settle``. Nothing here scores by itself. The words and the drawings
are in ``render/practice.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import practice

# The levels, the seeds and the error are both games' (engine.core.practice); named here too, as the game's.
from ..core.practice import LEVELS as LEVELS
from ..core.practice import MAX_SEED as MAX_SEED
from ..core.practice import PER_LEVEL as PER_LEVEL
from ..core.practice import PracticeError, level
from .layout import Layout, Placement
from .rules import AMERICAN_SNIFF, HandEnd, Ruleset, ruleset_named
from .tiles import DOUBLE_SIX, Tile

KINDS = ("score", "counted", "joins", "deduction", "best")
#: The kinds whose scoring differs in classic Sniff (the others are the same layout rules).
CLASSIC_KINDS = ("score", "deduction")
#: Placements after the opener, by level (the smallest and largest).
LAYOUT_SIZE = ((1, 2), (2, 4), (4, 7), (6, 10), (8, 13))


@dataclass(frozen=True)
class Exercise(practice.Exercise):
    rules: str
    #: What the words and the drawings need beyond the position (the layout, the hands, the candidates).
    facts: dict


def check_request(kind: str, seed: object, rules: str = "american") -> Ruleset:
    """The ruleset of a valid request; ``PracticeError`` naming what is wrong."""
    practice.check_kind_and_seed(kind, seed, KINDS)
    ruleset = ruleset_named(rules)
    if ruleset is not AMERICAN_SNIFF and kind not in CLASSIC_KINDS:
        raise PracticeError(
            f'the kind "{kind}" is the same in every ruleset: ask it with the American rules',
            code="practice-rules",
            params={"kind": kind, "rules": rules},
        )
    return ruleset


def random_layout(rng: random.Random, placements: int, avoid: set[Tile] = frozenset()) -> Layout:
    """A layout as a hand could make it: an opener, then ``placements`` legal tiles at random."""
    pool = [tile for tile in DOUBLE_SIX if tile not in avoid]
    opener = rng.choice(pool)
    layout = Layout([Placement(opener)])
    for _ in range(placements):
        moves = [
            Placement(tile, side.tile, side.side)
            for tile in pool
            if tile not in layout
            for side in layout.joins_for(tile)
        ]
        if not moves:
            break
        layout.place(rng.choice(moves))
    return layout


def _size(rng: random.Random, seed: int) -> int:
    low, high = LAYOUT_SIZE[level(seed)]
    return rng.randint(low, high)


def make(kind: str, seed: int, rules: str = "american") -> Exercise:
    """The exercise ``kind`` number ``seed`` (``PracticeError`` for a bad request)."""
    ruleset = check_request(kind, seed, rules)
    rng = random.Random(f"sniff:{kind}:{seed}")
    return _MAKERS[kind](rng, seed, ruleset)


def _exercise(kind, seed, ruleset, position, answer, facts) -> Exercise:
    return Exercise(kind, seed, level(seed), position, answer, rules=ruleset.key, facts=facts)


def layout_text(layout: Layout) -> str:
    return "\n".join(p.notation() for p in layout.placements)


def _score(rng, seed, ruleset):
    # About half the placements asked about score: a random layout's last placement mostly scores nothing.
    want = rng.random() < 0.55
    for _ in range(60):
        layout = random_layout(rng, _size(rng, seed))
        if len(layout) > 1 and (layout.score() > 0) == want:
            break
    points = ruleset.placement_points(layout.score())
    counted = [c.value for c in layout.counted_ends()]
    return _exercise(
        "score", seed, ruleset, {"layout": layout_text(layout)}, points, {"layout": layout, "counted": counted}
    )


def _counted(rng, seed, ruleset):
    layout = random_layout(rng, _size(rng, seed))
    values = sorted(c.value for c in layout.counted_ends())
    answer = {"values": values, "total": layout.counted_total()}
    return _exercise("counted", seed, ruleset, {"layout": layout_text(layout)}, answer, {"layout": layout})


def _joins(rng, seed, ruleset):
    layout = random_layout(rng, _size(rng, seed))
    outside = [tile for tile in DOUBLE_SIX if tile not in layout]
    fitting = [tile for tile in outside if layout.joins_for(tile)]
    # Now and then a tile that fits nowhere: the answer is then no place at all.
    tile = rng.choice(outside if rng.random() < 0.12 or not fitting else fitting)
    lines = sorted(Placement(tile, side.tile, side.side).notation() for side in layout.joins_for(tile))
    return _exercise(
        "joins",
        seed,
        ruleset,
        {"layout": layout_text(layout), "tile": tile.notation()},
        lines,
        {"layout": layout, "tile": tile},
    )


def _deduction(rng, seed, ruleset):
    lvl = level(seed)
    players = 2 if lvl == 0 else rng.choice((2, 3) if lvl == 1 else (2, 3, 4) if lvl == 2 else (3, 4, 4))
    tiles = list(DOUBLE_SIX)
    rng.shuffle(tiles)
    most = (2, 3, 4, 5, 5)[lvl]
    # One seat went out (no tiles left), or the hand was blocked: everyone holds tiles.
    out_seat = rng.randrange(players) if rng.random() < 0.7 else None
    hands = []
    for seat in range(players):
        count = 0 if seat == out_seat else rng.randint(1, most)
        hands.append(sorted(tiles[:count]))
        del tiles[:count]
    end = HandEnd.OUT if out_seat is not None else HandEnd.BLOCKED
    sides = ruleset.sides(players)
    settlement = ruleset.scoring.settle(sides, hands, end, out_seat)
    pips = [sum(t.pips for t in hand) for hand in hands]
    if ruleset.deductions:
        deductions = list(settlement.deductions)
        by_side = [0] * sides
        for seat, amount in enumerate(deductions):
            by_side[ruleset.side_of(seat, players)] += amount
        answer = {"seats": deductions, "sides": by_side}
    else:  # classic: nobody is deducted; the hand's winner scores the difference in fives
        answer = {"seats": pips, "sides": list(settlement.awards)}
    position = {"players": players, "hands": [[t.notation() for t in hand] for hand in hands]}
    facts = {"hands": hands, "pips": pips, "sides": sides, "end": str(end), "out": out_seat}
    facts["award"] = settlement.award
    return _exercise("deduction", seed, ruleset, position, answer, facts)


def best_moves(layout: Layout, hand: list[Tile], ruleset: Ruleset) -> list[tuple[Placement, int]]:
    """Every placement of a tile of ``hand`` on ``layout`` with the points it scores (the layout's own count)."""
    moves = []
    for tile in hand:
        for side in layout.joins_for(tile):
            placement = Placement(tile, side.tile, side.side)
            after = layout.copy()
            after.place(placement)
            moves.append((placement, ruleset.placement_points(after.score())))
    return moves


def _best(rng, seed, ruleset):
    size = 4 if level(seed) < 2 else 5
    for _ in range(80):
        layout = random_layout(rng, _size(rng, seed))
        outside = [tile for tile in DOUBLE_SIX if tile not in layout]
        hand = sorted(rng.sample(outside, size))
        moves = best_moves(layout, hand, ruleset)
        if moves and max(points for _, points in moves) > 0:
            break
    top = max(points for _, points in moves)
    best = sorted(p.notation() for p, points in moves if points == top)
    position = {"layout": layout_text(layout), "hand": [t.notation() for t in hand]}
    facts = {"layout": layout, "hand": hand, "moves": moves}
    return _exercise("best", seed, ruleset, position, {"points": top, "placements": best}, facts)


_MAKERS = {"score": _score, "counted": _counted, "joins": _joins, "deduction": _deduction, "best": _best}


def check(exercise: Exercise, given: object) -> bool:
    """Whether ``given`` (the JSON of an answer) is right; for ``best``, any of the best placements is."""
    answer = exercise.answer
    if exercise.kind == "best":
        if isinstance(given, dict):
            given = given.get("placement")
        return isinstance(given, str) and given.strip() in answer["placements"]
    if exercise.kind == "joins":
        return isinstance(given, list) and all(isinstance(g, str) for g in given) and sorted(given) == answer
    if exercise.kind == "counted":
        if not isinstance(given, dict):
            return False
        values = given.get("values")
        if not isinstance(values, list) or not all(_is_int(v) for v in values):
            return False
        return sorted(values) == answer["values"] and given.get("total") == answer["total"]
    if exercise.kind == "score":
        return _is_int(given) and given == answer
    return given == answer  # deduction: {"seats": [...], "sides": [...]}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
