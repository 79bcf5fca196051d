"""Rulesets: everything that differs between variants of Sniff, as one value.

A ``Ruleset`` holds the deal sizes, the targets, who leads each hand (and
whether the first leader is drawn by lots), how much of the boneyard may be
drawn and how many tiles in one turn, what a placement's count is worth and how
a hand that ends is settled. The game (``engine.sniff.game``) only asks the
ruleset; the records (``engine.sniff.record``) write what the ruleset says.

``AMERICAN_SNIFF`` is the game of seeds 000, 002 and 004:

- 7, 6 or 5 tiles each for 2, 3 or 4 players; the whole boneyard may be drawn,
  one tile at a time until one fits;
- the first opener, and the opener after a blocked hand, come from a neutral
  draw (ties drawn again); after a hand someone went out of, they open;
- a placement scores the counted ends' sum when it is a multiple of 5;
- at the end of a hand each seat's remaining pips are rounded to the nearest 5
  (remainder 1-2 down, 3-4 up) and subtracted from its side's score, partners
  separately; there is no bonus for going out;
- target 250 with 2 players, 200 with 3 or 4; four players are two fixed
  partnerships, seats 0 + 2 and 1 + 3.

``CLASSIC_SNIFF`` is the classic Sniff of seed 003, as the Variants page reads it:

- the same deal and layout; the first leader is drawn by lots (the most pips
  leads, a double beats a non-double at equal pips, seats still equal draw
  again; the lots go back before the shuffle); then the lead passes to the left;
- with two players the last two tiles of the boneyard are never drawn; a seat
  that cannot place draws at most two tiles in a turn, then passes;
- a placement scores in fives: a count of 15 is 3 points;
- the hand's winner (the seat that went out, or on a block the seat or side with
  the fewest pips) scores the opponents' pips less its own, rounded to the
  nearest 5 and divided by 5; nobody else scores at the end of a hand;
- target 61 for every number of players; four players play alone or, as an
  option, as two partnerships.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ..core.errors import EngineError, quote
from ..core.fastrandom import roll
from .tiles import DOUBLE_SIX, Tile


class RulesError(EngineError):
    """A game the ruleset does not allow (the number of players, partnerships), or lots that don't hold."""

    code = "players"


def side_of(seat: int, sides: int) -> int:
    """The side a seat scores for, when ``sides`` scores are kept: with two sides for four players,
    seats 0 + 2 and 1 + 3 are partners; otherwise each seat is its own side (the one rule of it)."""
    return seat % sides


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
class Award:
    """What the winner of a hand scores at its end: ``points`` (0 allowed) to the side of ``seat``."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """The scoring of a hand that ended ``out`` or ``blocked``.

    ``deductions`` per seat (subtracted from the seat's side), or None when the
    ruleset deducts nothing; ``awards`` per side (added); a side's score changes
    by its award minus its seats' deductions. ``award`` names the hand's winner
    and its points when the ruleset has one (None: no winner, a tied block).
    """

    deductions: tuple[int, ...] | None
    awards: tuple[int, ...]
    award: Award | None = None


@dataclass(frozen=True, slots=True)
class OpenerDraw:
    """A leader drawn by lots: the ``seat`` and the ``rounds`` of the draw (see ``draw_lots``)."""

    seat: int
    rounds: tuple[tuple[Tile | None, ...], ...]


class OpenerRule(Protocol):
    """Who opens a hand.

    A rule whose draw is recorded (lots) returns an ``OpenerDraw`` from ``draw``
    and has ``draws_lots = True``; a rule without the attribute draws unrecorded.
    """

    def forced(self, players: int, previous: HandOutcome | None) -> int | None:
        """The seat that must open after ``previous`` (None: the first hand), or None for a draw."""

    def draw(self, players: int, rng: random.Random) -> int | OpenerDraw:
        """Draw the opener at random: the seat, or the seat with the lots that chose it."""


class HandScoring(Protocol):
    """How a hand that ended ``out`` or ``blocked`` is scored."""

    def settle(self, sides: int, remaining: Sequence[Sequence[Tile]], end: str, out_seat: int | None) -> Settlement:
        """The settlement, given each seat's remaining tiles."""


def neutral_draw(players: int, rng: random.Random) -> int:
    """Every candidate rolls a die; the highest opens; tied candidates roll again."""
    candidates = list(range(players))
    while len(candidates) > 1:
        rolls = [roll(rng) for _ in candidates]  # rng.randint(1, 6), faster
        best = max(rolls)
        candidates = [seat for seat, roll in zip(candidates, rolls, strict=True) if roll == best]
    return candidates[0]


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of 5: remainder 1 or 2 rounds down, 3 or 4 up (2 -> 0, 3 -> 5)."""
    return 5 * ((pips + 2) // 5)


def counted_points(score: int) -> int:
    """American Sniff: a placement scores its count (a multiple of 5) as it is."""
    return score


def points_in_fives(score: int) -> int:
    """Classic Sniff: a placement's count scores one point per five (15 -> 3)."""
    return score // 5


# -- lots ----------------------------------------------------------------------


def lot_rank(tile: Tile) -> tuple[int, bool]:
    """How a drawn lot ranks: the most pips; at equal pips a double beats a non-double."""
    return (tile.pips, tile.is_double)


def draw_lots(players: int, rng: random.Random) -> OpenerDraw:
    """Every seat draws a tile; the best lot leads; seats tied for best draw again (the tiles go back first).

    Each round is one tile per seat, ``None`` for the seats not in it.
    """
    rounds = []
    candidates = list(range(players))
    while True:
        drawn = rng.sample(DOUBLE_SIX, len(candidates))
        row: list[Tile | None] = [None] * players
        for seat, tile in zip(candidates, drawn, strict=True):
            row[seat] = tile
        rounds.append(tuple(row))
        best = max(lot_rank(tile) for tile in drawn)
        candidates = [seat for seat, tile in zip(candidates, drawn, strict=True) if lot_rank(tile) == best]
        if len(candidates) == 1:
            return OpenerDraw(candidates[0], tuple(rounds))


def check_lots(rounds: Sequence[Sequence[Tile | None]], players: int) -> int:
    """The seat the lots choose; RulesError, naming the round (from 1), unless they are a draw the rules allow."""
    if not rounds:
        raise RulesError("the lots have no round", code="lots")
    candidates = list(range(players))
    for number, row in enumerate(rounds, start=1):
        if len(row) != players:
            raise RulesError(f"round {number} of the lots has {len(row)} places for {players} players", code="lots")
        if not candidates:
            raise RulesError(f"round {number} of the lots comes after the leader was decided", code="lots")
        drawing = [seat for seat, tile in enumerate(row) if tile is not None]
        if drawing != candidates:
            who = ", ".join(str(seat) for seat in candidates)
            raise RulesError(
                f"round {number} of the lots is drawn by seats {drawing}, not by the seats in it ({who})", code="lots"
            )
        tiles = [row[seat] for seat in drawing]
        if len(set(tiles)) != len(tiles):
            raise RulesError(f"round {number} of the lots has a tile twice", code="lots")
        best = max(lot_rank(tile) for tile in tiles)
        candidates = [seat for seat in drawing if lot_rank(row[seat]) == best]
        if len(candidates) == 1:
            if number != len(rounds):
                leader = candidates[0]
                raise RulesError(
                    f"round {number} of the lots decides the leader (seat {leader}), but more follow", code="lots"
                )
            return candidates[0]
    raise RulesError(f"the last round of the lots leaves seats {candidates} tied: they draw again", code="lots")


class WinnerOpens:
    """The player who went out opens the next hand; otherwise (first hand, blocked hand) a neutral draw."""

    why = "it went out of the last one"

    def forced(self, players: int, previous: HandOutcome | None) -> int | None:
        if previous is not None and previous.end == OUT:
            return previous.out_seat
        return None

    def draw(self, players: int, rng: random.Random) -> int:
        return neutral_draw(players, rng)

    def __repr__(self) -> str:
        return "WinnerOpens()"


class LotsThenLeft:
    """The first leader is drawn by lots; after that the lead passes to the left, whoever won."""

    draws_lots = True
    why = "the lead passes to the left"

    def forced(self, players: int, previous: HandOutcome | None) -> int | None:
        return None if previous is None else (previous.opener + 1) % players

    def draw(self, players: int, rng: random.Random) -> OpenerDraw:
        return draw_lots(players, rng)

    def __repr__(self) -> str:
        return "LotsThenLeft()"


class DeductRemainingPips:
    """Each seat's remaining pips, rounded to 5 separately, are deducted from its side."""

    def settle(self, sides: int, remaining: Sequence[Sequence[Tile]], end: str, out_seat: int | None) -> Settlement:
        deductions = tuple([round_to_five(sum([tile.pips for tile in tiles])) for tiles in remaining])
        return Settlement(deductions, (0,) * sides)

    def __repr__(self) -> str:
        return "DeductRemainingPips()"


class WinnerTakesTheDifference:
    """The hand's winner scores the opponents' pips less its own, rounded to 5, divided by 5; nobody else scores.

    The winner is the seat that went out; on a block, the side with the fewest
    pips (partners' pips summed), and of it the seat with fewer pips (equal: the
    lower seat). A block tied for the fewest pips has no winner and no award. A
    difference of 2 or less, or negative, awards 0.
    """

    def settle(self, sides: int, remaining: Sequence[Sequence[Tile]], end: str, out_seat: int | None) -> Settlement:
        pips = [sum(tile.pips for tile in tiles) for tiles in remaining]
        side_pips = [0] * sides
        for seat, count in enumerate(pips):
            side_pips[side_of(seat, sides)] += count
        if end == OUT:
            seat = out_seat
            side = side_of(seat, sides)
        else:
            fewest = min(side_pips)
            best = [side for side in range(sides) if side_pips[side] == fewest]
            if len(best) > 1:
                return Settlement(None, (0,) * sides, None)
            side = best[0]
            seat = min((count, seat) for seat, count in enumerate(pips) if side_of(seat, sides) == side)[1]
        difference = sum(side_pips) - 2 * side_pips[side]
        points = max(round_to_five(difference), 0) // 5
        awards = [0] * sides
        awards[side] = points
        return Settlement(None, tuple(awards), Award(seat, points))

    def __repr__(self) -> str:
        return "WinnerTakesTheDifference()"


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
    #: Whether four players may choose the other way (alone, or as partners).
    optional_partnerships: bool = False
    #: The points a placement scores, from its count (a multiple of 5, or 0).
    placement_points: Callable[[int], int] = counted_points
    #: How many tiles a seat may draw in one turn before it must pass (None: until one fits).
    draws_per_turn: int | None = None
    #: Whether a hand's end deducts (and the record lists) every seat's remaining pips.
    deductions: bool = True
    #: The ruleset's name in records (``"rules"``); records of the default ruleset leave it out.
    key: str = "american"

    def check_players(self, players: int) -> None:
        """Raise ValueError unless this ruleset is played by ``players`` players."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.hand_sizes:
            allowed = ", ".join(str(n) for n in sorted(self.hand_sizes))
            raise RulesError(f"{self.name} is played by {allowed} players, not {quote(players)}")

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
        return side_of(seat, self.sides(players))

    @property
    def draws_lots(self) -> bool:
        """Whether a drawn leader is drawn by lots that the deal (and the record) keeps."""
        return getattr(self.opener, "draws_lots", False)

    def draw_opener(self, players: int, rng: random.Random) -> tuple[int, tuple | None]:
        """Draw the leader: ``(seat, lots)``, lots None when the draw is not recorded."""
        drawn = self.opener.draw(players, rng)
        if isinstance(drawn, OpenerDraw):
            return drawn.seat, drawn.rounds
        return drawn, None

    def with_partnerships(self, partnerships: bool) -> Ruleset:
        """The same ruleset with four players as partnerships (True) or alone (False), if it allows the choice."""
        if partnerships == self.partnerships:
            return self
        if not self.optional_partnerships:
            how = "as two partnerships" if self.partnerships else "alone"
            raise RulesError(f"in {self.name} four players always play {how}", code="rules-partnerships")
        return replace(self, partnerships=partnerships)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"


AMERICAN_SNIFF = Ruleset(
    name="American Sniff",
    hand_sizes={2: 7, 3: 6, 4: 5},
    targets={2: 250, 3: 200, 4: 200},
    opener=WinnerOpens(),
    scoring=DeductRemainingPips(),
)

CLASSIC_SNIFF = Ruleset(
    name="classic Sniff",
    hand_sizes={2: 7, 3: 6, 4: 5},
    targets={2: 61, 3: 61, 4: 61},
    opener=LotsThenLeft(),
    scoring=WinnerTakesTheDifference(),
    reserve={2: 2},
    partnerships=False,
    optional_partnerships=True,
    placement_points=points_in_fives,
    draws_per_turn=2,
    deductions=False,
    key="classic",
)

#: Every ruleset by its name in records.
RULESETS = {ruleset.key: ruleset for ruleset in (AMERICAN_SNIFF, CLASSIC_SNIFF)}


def ruleset_named(key: str, partnerships: bool | None = None) -> Ruleset:
    """The ruleset called ``key`` (``american``, ``classic``), with partnerships chosen if given."""
    if key not in RULESETS:
        raise RulesError(f'unknown rules "{key}": use {" or ".join(RULESETS)}', code="rules-unknown")
    ruleset = RULESETS[key]
    return ruleset if partnerships is None else ruleset.with_partnerships(partnerships)
