"""Rulesets: everything that differs between variants of Sniff, as one value.

A ``Ruleset`` holds the deal sizes, the targets, who opens each hand, how much of
the boneyard may be drawn and how a hand that ends is scored. The game
(``engine.sniff.game``) only asks the ruleset; a variant such as the classic
Sniff of seed 003 (lead by the highest drawn tile, lead rotating clockwise, two
tiles left in the boneyard with two players, the winner scoring the opponents'
pips) is another ``Ruleset`` value with its own opener rule and hand scoring.

``AMERICAN_SNIFF`` is the game of seeds 000, 002 and 004:

- 7, 6 or 5 tiles each for 2, 3 or 4 players; the whole boneyard may be drawn;
- the first opener, and the opener after a blocked hand, come from a neutral
  draw (ties drawn again); after a hand someone went out of, they open;
- at the end of a hand each seat's remaining pips are rounded to the nearest 5
  (remainder 1-2 down, 3-4 up) and subtracted from its side's score, partners
  separately; there is no bonus for going out;
- target 250 with 2 players, 200 with 3 or 4; four players are two fixed
  partnerships, seats 0 + 2 and 1 + 3.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core.errors import EngineError
from .tiles import Tile


class RulesError(EngineError):
    """A game the ruleset does not allow (the number of players)."""

    code = "players"


class HandEnd(enum.StrEnum):
    """How a hand ends (the ``end`` of a game record): its value is the record's word."""

    OUT = "out"  # a player placed their last tile
    BLOCKED = "blocked"  # nothing left to draw and nobody can place
    TARGET = "target"  # a placement reached the target: the game ends at once


OUT, BLOCKED, TARGET = HandEnd.OUT, HandEnd.BLOCKED, HandEnd.TARGET


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What the next hand's opener may depend on: how the previous hand went."""

    opener: int
    end: str
    out_seat: int | None


@dataclass(frozen=True, slots=True)
class Settlement:
    """The scoring of a hand that ended ``out`` or ``blocked``.

    ``deductions`` per seat (subtracted from the seat's side), ``awards`` per
    side (added); a side's score changes by its award minus its seats' deductions.
    """

    deductions: tuple[int, ...]
    awards: tuple[int, ...]


class OpenerRule(Protocol):
    """Who opens a hand."""

    def forced(self, players: int, previous: HandOutcome | None) -> int | None:
        """The seat that must open after ``previous`` (None: the first hand), or None for a draw."""

    def draw(self, players: int, rng: random.Random) -> int:
        """Draw the opener at random."""


class HandScoring(Protocol):
    """How a hand that ended ``out`` or ``blocked`` is scored."""

    def settle(self, sides: int, remaining: Sequence[Sequence[Tile]], end: str, out_seat: int | None) -> Settlement:
        """The settlement, given each seat's remaining tiles."""


def neutral_draw(players: int, rng: random.Random) -> int:
    """Every candidate rolls a die; the highest opens; tied candidates roll again."""
    candidates = list(range(players))
    while len(candidates) > 1:
        rolls = [rng.randint(1, 6) for _ in candidates]
        best = max(rolls)
        candidates = [seat for seat, roll in zip(candidates, rolls, strict=True) if roll == best]
    return candidates[0]


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of 5: remainder 1 or 2 rounds down, 3 or 4 up (2 -> 0, 3 -> 5)."""
    return 5 * ((pips + 2) // 5)


class WinnerOpens:
    """The player who went out opens the next hand; otherwise (first hand, blocked hand) a neutral draw."""

    def forced(self, players: int, previous: HandOutcome | None) -> int | None:
        if previous is not None and previous.end == OUT:
            return previous.out_seat
        return None

    def draw(self, players: int, rng: random.Random) -> int:
        return neutral_draw(players, rng)

    def __repr__(self) -> str:
        return "WinnerOpens()"


class DeductRemainingPips:
    """Each seat's remaining pips, rounded to 5 separately, are deducted from its side."""

    def settle(self, sides: int, remaining: Sequence[Sequence[Tile]], end: str, out_seat: int | None) -> Settlement:
        deductions = tuple(round_to_five(sum(tile.pips for tile in tiles)) for tiles in remaining)
        return Settlement(deductions, (0,) * sides)

    def __repr__(self) -> str:
        return "DeductRemainingPips()"


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One variant of the game: a value the game state consults for every rule that varies."""

    name: str
    #: Tiles dealt to each seat, by number of players; the keys are the numbers of players allowed.
    hand_sizes: Mapping[int, int]
    #: Score that wins the game at once, by number of players.
    targets: Mapping[int, int]
    opener: OpenerRule
    scoring: HandScoring
    #: Tiles at the end of the boneyard that may never be drawn, by number of players (default none).
    reserve: Mapping[int, int] | None = None
    #: With four players, partners sit opposite (seats 0 + 2 and 1 + 3) and share a score.
    partnerships: bool = True

    def check_players(self, players: int) -> None:
        """Raise ValueError unless this ruleset is played by ``players`` players."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.hand_sizes:
            allowed = ", ".join(str(n) for n in sorted(self.hand_sizes))
            raise RulesError(f"{self.name} is played by {allowed} players, not {players!r}")

    def hand_size(self, players: int) -> int:
        self.check_players(players)
        return self.hand_sizes[players]

    def target(self, players: int) -> int:
        self.check_players(players)
        return self.targets[players]

    def undrawable(self, players: int) -> int:
        """How many boneyard tiles stay undrawn."""
        return (self.reserve or {}).get(players, 0)

    def sides(self, players: int) -> int:
        """How many scores are kept: one per seat, or two partnerships with four players."""
        return 2 if self.partnerships and players == 4 else players

    def side_of(self, seat: int, players: int) -> int:
        return seat % self.sides(players)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"


AMERICAN_SNIFF = Ruleset(
    name="American Sniff",
    hand_sizes={2: 7, 3: 6, 4: 5},
    targets={2: 250, 3: 200, 4: 200},
    opener=WinnerOpens(),
    scoring=DeductRemainingPips(),
)
