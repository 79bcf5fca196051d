"""What both games' practice exercises share: an exercise's address and level, and checking an answer the page
gives through its picture.

An exercise is made from its ``kind`` and ``seed``; the level grows with the seed (``level``), ``PER_LEVEL``
seeds a level.

An exercise's ``ui`` (``engine.<game>.render.practice``) says what the page asks for: the targets
to pick in the picture (one, or several with ``multi``) and the fields to fill in; ``expect`` holds
the right ones (a field that is None is not checked).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import EngineError

LEVELS = 5
#: Seeds per level: seeds 0-39 are level 0, 40-79 level 1, ..., 160 and up level 4.
PER_LEVEL = 40
MAX_SEED = 10**9


class PracticeError(EngineError):
    """An exercise that cannot be made: an unknown kind, a bad seed, rules the kind does not have."""

    code = "practice"


@dataclass(frozen=True)
class Exercise:
    """One exercise: where it comes from, the position and the engine's answer (JSON-ready); a game's own
    exercise adds what its words and drawings need."""

    kind: str
    seed: int
    level: int
    position: dict
    answer: object


def level(seed: int) -> int:
    """The exercise's level, 0 (easiest) to ``LEVELS - 1``."""
    return min(LEVELS - 1, seed // PER_LEVEL)


def check_kind_and_seed(kind: str, seed: object, kinds: tuple[str, ...]) -> None:
    """``PracticeError`` unless ``kind`` is one of ``kinds`` and ``seed`` a whole number from 0 to ``MAX_SEED``."""
    if kind not in kinds:
        raise PracticeError(
            f'unknown kind "{kind}": use one of {", ".join(kinds)}', code="practice-kind", params={"kind": kind}
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise PracticeError(
            f"the seed is a whole number from 0 to {MAX_SEED}, not {seed!r}",
            code="practice-seed",
            params={"seed": str(seed)},
        )


def page_right(ui: dict, given: dict) -> bool:
    """Whether the page's answer ``given`` (``{"targets": [...], "fields": [...]}``) is the one ``ui`` expects."""
    targets, fields = given.get("targets"), given.get("fields")
    if not isinstance(targets, list) or not isinstance(fields, list):
        return False
    expect = ui["expect"]
    if ui.get("multi"):
        if sorted(map(str, targets)) != sorted(expect["targets"]):
            return False
    elif expect["targets"] is not None and (len(targets) != 1 or str(targets[0]) not in expect["targets"]):
        return False
    wanted = expect["fields"]
    if len(fields) != len(wanted):
        return False
    return all(
        w is None or (isinstance(f, int) and not isinstance(f, bool) and f == w)
        for f, w in zip(fields, wanted, strict=True)
    )
