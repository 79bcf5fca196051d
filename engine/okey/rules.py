"""The table's options and the settlement table of an Okey round.

Options (``Options``): ``mode`` (``solo`` or ``pairs``: seats 0 + 2 and 1 + 3
are partners), ``doubling`` (each meld opening after the first must exceed the
last one) and ``rounds`` (1 or 3).

The settlement at a round's end (``settle``), per seat:

| end       | finisher | opened (melds)    | not opened | opened with pairs |
|-----------|----------|-------------------|------------|-------------------|
| hand      | −500     | rack value × 5    | +500       | rack value × 10   |
| pairs     | −1000    | rack value × 10   | +1000      | rack value × 10   |
| okey      | −1000    | rack value × 10   | +1000      | rack value × 10   |
| exhausted | —        | rack value × 5    | +500       | rack value × 10   |

plus 500 (hand, exhausted) or 1000 (pairs, okey) for each okey left in the
rack, whether or not its holder opened. The rack value leaves okeys out and
counts a false joker as the okey's number. In pairs mode the finisher's partner
pays nothing at that end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.errors import EngineError, excerpt, quote
from .tiles import Okey, Tile

SOLO, PAIRS_MODE = "solo", "pairs"
MODES = (SOLO, PAIRS_MODE)

HAND, PAIRS, OKEY, EXHAUSTED = "hand", "pairs", "okey", "exhausted"
ENDS = (HAND, PAIRS, OKEY, EXHAUSTED)

OPENED_MELDS, OPENED_PAIRS = "melds", "pairs"

THRESHOLD = 51
MIN_PAIRS = 5

FINISHER = {HAND: -500, PAIRS: -1000, OKEY: -1000, EXHAUSTED: 0}
RACK_TIMES = {HAND: 5, PAIRS: 10, OKEY: 10, EXHAUSTED: 5}
NOT_OPENED = {HAND: 500, PAIRS: 1000, OKEY: 1000, EXHAUSTED: 500}
OKEY_LEFT = {HAND: 500, PAIRS: 1000, OKEY: 1000, EXHAUSTED: 500}
PAIRS_OPENER_TIMES = 10

TAKE_TIMES = 10  # a taken discard costs the discarder its value × 10
LAYOFF_TIMES = 10  # a lay-off on an opponent's meld costs its owner the value × 10
SEIZE_BASE = 100  # a seize costs the owner 100 + the tile's value × 10
PENALTY = 100  # a penalty discard costs the discarder 100


class OptionsError(EngineError):
    code = "okey-options"


@dataclass(frozen=True, slots=True)
class Options:
    """A table's options: ``mode`` solo or pairs, ``doubling`` on or off, 1 or 3 ``rounds``."""

    mode: str = SOLO
    doubling: bool = True
    rounds: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.mode, str) or self.mode not in MODES:
            raise OptionsError(
                f"the mode {quote(self.mode)} is not solo or pairs",
                code="okey-options-mode",
                params={"mode": excerpt(self.mode) if isinstance(self.mode, str) else quote(self.mode, 24)},
            )
        if not isinstance(self.doubling, bool):
            raise OptionsError(f"doubling is true or false, not {quote(self.doubling)}", code="okey-options-doubling")
        if type(self.rounds) is not int or self.rounds not in (1, 3):
            raise OptionsError(
                f"a game has 1 or 3 rounds, not {quote(self.rounds)}",
                code="okey-options-rounds",
                params={"rounds": self.rounds if type(self.rounds) is int else quote(self.rounds, 24)},
            )

    def as_json(self) -> dict:
        return {"mode": self.mode, "doubling": self.doubling, "rounds": self.rounds}

    @classmethod
    def from_json(cls, data: object) -> Options:
        if not isinstance(data, dict):
            raise OptionsError("the options are an object with mode, doubling and rounds", code="okey-options")
        unknown = sorted(set(data) - {"mode", "doubling", "rounds"})
        if unknown:
            raise OptionsError(f"unknown option {quote(unknown[0])}: the options are mode, doubling and rounds")
        return cls(**data)

    def partners(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` are partners (never in solo; a seat is not its own partner)."""
        return self.mode == PAIRS_MODE and a != b and a % 2 == b % 2

    def opponents(self, a: int, b: int) -> bool:
        """Whether a charge between ``a`` and ``b`` applies: another seat, and not a partner."""
        return a != b and not self.partners(a, b)

    def winners(self, totals: Sequence[int]) -> list[int]:
        """The seats with the lowest total (pairs mode: both partners of the side with the lowest sum)."""
        if self.mode == PAIRS_MODE:
            sides = [totals[0] + totals[2], totals[1] + totals[3]]
            low = min(sides)
            return [seat for seat in range(4) if sides[seat % 2] == low]
        low = min(totals)
        return [seat for seat in range(4) if totals[seat] == low]


def rack_value(tiles: Iterable[Tile], okey: Okey) -> int:
    """The sum of the numbers of the tiles, okeys left out, a false joker counted as the okey's number."""
    return sum(okey.value(tile) for tile in tiles if tile is not okey.tile)


def okeys_in(tiles: Iterable[Tile], okey: Okey) -> int:
    return sum(1 for tile in tiles if tile is okey.tile)


def settle(
    options: Options,
    end: str,
    finisher: int | None,
    racks: Sequence[Iterable[Tile]],
    opened: Sequence[str | None],
    okey: Okey,
) -> list[int]:
    """Each seat's end amount (see the module's table)."""
    if end not in ENDS:
        raise EngineError(f"{quote(end)} is not an end of a round", code="okey-end")
    out = []
    for seat, rack in enumerate(racks):
        tiles = list(rack)
        if seat == finisher:
            out.append(FINISHER[end])
            continue
        if finisher is not None and options.partners(seat, finisher):
            out.append(0)
            continue
        value = rack_value(tiles, okey)
        if opened[seat] == OPENED_PAIRS:
            amount = value * PAIRS_OPENER_TIMES
        elif opened[seat] == OPENED_MELDS:
            amount = value * RACK_TIMES[end]
        else:
            amount = NOT_OPENED[end]
        amount += okeys_in(tiles, okey) * OKEY_LEFT[end]
        out.append(amount)
    return out
