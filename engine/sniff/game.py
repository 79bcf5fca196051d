"""The game of American Sniff: hands, turns, drawing, deductions and the target.

The state API is small and fixed, like OpenSpiel's: ``Game.current_player``,
``Game.legal_actions()`` (in a deterministic order), ``Game.apply_action()``,
``Game.is_terminal()``, ``Game.scores`` and ``Game.winner``. Each seat sees the
game only through ``Game.view(seat)``, which hides the other hands and the
boneyard order; bots get nothing else.

The rules of a turn (seeds 000, 002, 004):

- the opener may play any tile; turns go clockwise;
- a player with a legal placement must place a tile and may not draw;
- a player with none draws one tile at a time (one action per draw) and, as
  soon as the drawn tile can be placed, must place it: it is then their only
  playable tile, because the layout has not changed;
- with no placement and nothing left to draw (or, if the ruleset limits the
  draws in a turn, none left to draw this turn), the player passes;
- every placement scores (``Layout.place``, worth what the ruleset says), the
  opener and the last tile too; the first side to reach the target wins at
  once and the hand stops there;
- a hand ends when a player places their last tile (``out``) or when nothing
  can be drawn and nobody can place (``blocked``); the ruleset then settles it,
  and a side its award takes to the target wins.

Randomness: a game has one integer seed (taken from the ``random.Random``
passed in, or given). Hand ``n``'s opener draw and shuffle come from its own
``random.Random`` seeded with the game seed and ``n``, so a game saved in the
middle of a hand and restored from its record carries on exactly as it would have.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..core.deals import game_seed, part_rng
from ..core.errors import EngineError
from ..core.events import Draws, Drew, SeenLog
from ..core.fastrandom import shuffle
from .layout import OPEN_SIDES, IllegalPlacementError, Layout, Placement, placement_score
from .notation import parse_placement
from .rules import AMERICAN_SNIFF, BLOCKED, OUT, TARGET, Award, HandOutcome, Ruleset, check_lots, side_of
from .tiles import DOUBLE_SIX, TILE_ORDER, Tile

# -- actions -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Place a tile: ``Play(Placement(Tile(1, 4), Tile(4, 4), Side.LINE_B))``, notation ``1|4 on 4|4 line-b``."""

    placement: Placement

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    def notation(self) -> str:
        return self.placement.notation()

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the boneyard's next tile (notation ``draw``)."""

    def notation(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no placement and nothing left to draw (notation ``pass``)."""

    def notation(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass
DRAW = Draw()
PASS = Pass()

# Legal actions recur in every hand: one Play object per (tile, target, side), made once.
_PLAYS: dict[tuple[Tile, Tile | None, object], Play] = {}


class _PlaysOn(dict):
    """The Play objects joining one open side, by tile, made when first asked for."""

    __slots__ = ("join",)

    def __init__(self, join) -> None:
        super().__init__()
        self.join = join

    def __missing__(self, tile: Tile) -> Play:
        play = self[tile] = _play(tile, self.join.tile, self.join.side)
        return play


# The same Play objects by open side (its rank) and tile, for the legal actions' inner loop.
_PLAYS_ON: tuple[_PlaysOn, ...] = tuple(_PlaysOn(join) for join in OPEN_SIDES)


def _play(tile: Tile, target: Tile | None = None, side=None) -> Play:
    found = _PLAYS.get((tile, target, side))
    if found is None:
        found = _PLAYS[(tile, target, side)] = Play(Placement(tile, target, side))
    return found


def parse_action(text: str) -> Action:
    """Read ``draw``, ``pass`` or a placement in the layout notation (``1|4 on 4|4 line-b``)."""
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    return Play(parse_placement(text))


class DealError(EngineError):
    """A deal that can't start the hand: the wrong tiles or sizes, the wrong leader, lots that don't hold."""

    code = "deal"


class IllegalActionError(EngineError):
    """An action the rules don't allow now; the message says whose turn it is and why."""

    code = "illegal-action"


# -- events ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` placed a tile and scored ``points``."""

    seat: int
    placement: Placement
    points: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed."""

    seat: int


Event = Played | Drew | Passed

# Events are immutable values that recur in every hand: each one is made once and shared.
# What the other seats see of a seat's draw is its hidden draw.
_DRAWS = Draws(8, DOUBLE_SIX)
_DREWS = _DRAWS.by_seat
_PASSES = tuple(Passed(seat) for seat in range(8))
_PLAYEDS: dict[tuple, Played] = {}


def _played(seat: int, placement: Placement, points: int) -> Played:
    key = (seat, placement.tile, placement.target, placement.side, points)
    found = _PLAYEDS.get(key)
    if found is None:
        found = _PLAYEDS[key] = Played(seat, placement, points)
    return found


# -- the deal ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A hand's start: who opens, each seat's tiles, and the boneyard in drawing order.

    ``lots``: when the ruleset draws the leader by lots, the rounds of that draw
    (one tile or None per seat each); the tiles went back before the shuffle.
    """

    opener: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    lots: tuple[tuple[Tile | None, ...], ...] | None = None

    def check(self, ruleset: Ruleset, players: int) -> None:
        """Raise DealError unless this is a full, legal deal for ``players`` players (and its lots, if any, hold)."""
        size = ruleset.hand_size(players)
        if len(self.hands) != players:
            raise DealError(f"the deal has {len(self.hands)} hands for {players} players")
        if not (isinstance(self.opener, int) and 0 <= self.opener < players):
            raise DealError(f"the opener {self.opener!r} is not a seat (0 to {players - 1})")
        for seat, tiles in enumerate(self.hands):
            if len(tiles) != size:
                raise DealError(f"seat {seat} is dealt {len(tiles)} tiles, not {size}")
        seen: set[Tile] = set()
        for tile in _all(self):
            if tile in seen:
                raise DealError(f"{tile} is in the deal twice")
            seen.add(tile)
        missing = [str(t) for t in DOUBLE_SIX if t not in seen]
        if missing:
            raise DealError(f"the deal and the boneyard miss {', '.join(missing)}")
        if self.lots is not None:
            if not ruleset.draws_lots:
                raise DealError(f"{ruleset.name} draws no lots for the leader")
            drawn = check_lots(self.lots, players)
            if drawn != self.opener:
                raise DealError(f"the lots choose seat {drawn} to lead, not seat {self.opener}")


def _all(deal: Deal) -> Iterator[Tile]:
    for tiles in deal.hands:
        yield from tiles
    yield from deal.boneyard


def shuffled_deal(ruleset: Ruleset, players: int, opener: int, rng: random.Random, lots=None) -> Deal:
    """Shuffle the 28 tiles and deal them: seat 0 gets the first tiles, the rest is the boneyard."""
    tiles = list(DOUBLE_SIX)
    shuffle(rng, tiles)  # rng.shuffle(tiles), faster
    size = ruleset.hand_size(players)
    hands = tuple([tuple(tiles[seat * size : (seat + 1) * size]) for seat in range(players)])
    return Deal(opener, hands, tuple(tiles[players * size :]), lots)


# A layout's counted total is at most 12 for each of its 28 tiles; per ruleset, the points of each total.
_POINTS_TABLES: dict[object, tuple[int, ...]] = {}


def _points_table(ruleset: Ruleset) -> tuple[int, ...]:
    """``ruleset.placement_points(placement_score(total))`` for every total a layout can show."""
    found = _POINTS_TABLES.get(ruleset.placement_points)
    if found is None:
        points = ruleset.placement_points
        found = _POINTS_TABLES[points] = tuple(points(placement_score(total)) for total in range(12 * 28 + 1))
    return found


def hand_rng(seed: int, index: int) -> random.Random:
    """The random source of hand ``index`` (0 = the first) of the game with ``seed``."""
    return part_rng("sniff", seed, index)


# -- one hand ----------------------------------------------------------------


class Hand:
    """One hand in play: the layout, every seat's tiles, the boneyard, whose turn, the events.

    ``scores`` are the sides' running totals, starting from the totals before
    the hand: each placement adds its points at once (so the target can stop
    the hand), and the settlement at the end subtracts the deductions (American
    Sniff) or adds the winner's ``award`` (classic Sniff).
    """

    __slots__ = (
        "_boneyard",
        "_drawable",
        "_drawn",
        "_legal",
        "_masks",
        "_points",
        "_points_for",
        "_scores",
        "_seen",
        "_tiles",
        "_trail",
        "_turn_draws",
        "award",
        "current",
        "deal",
        "deductions",
        "end",
        "events",
        "layout",
        "opener",
        "out_seat",
        "players",
        "ruleset",
        "sides",
        "start_scores",
        "target",
        "winner",
    )

    def __init__(
        self, ruleset: Ruleset, players: int, deal: Deal, scores: Sequence[int] | None = None, *, check: bool = True
    ) -> None:
        if check:  # False only for the deals a Game shuffles itself, which hold by construction
            deal.check(ruleset, players)
        sides = ruleset.sides(players)
        scores = (0,) * sides if scores is None else tuple(scores)
        if len(scores) != sides:
            raise ValueError(f"{players} players keep {sides} scores, not {len(scores)}")
        self._setup(ruleset, players, Layout(), deal.hands, deal.boneyard, deal.opener, scores)
        self.deal = deal
        self.opener = deal.opener

    @classmethod
    def position(
        cls,
        ruleset: Ruleset,
        players: int,
        layout: Layout,
        tiles: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        current: int,
        scores: Sequence[int],
    ) -> Hand:
        """A hand taken up in the middle, without its history (a bot's guess at the hidden tiles).

        ``layout`` is used as is (not copied); ``boneyard`` is what is left, in drawing order.
        Undo stops at this position.
        """
        hand = cls.__new__(cls)
        hand._setup(ruleset, players, layout, tiles, boneyard, current, tuple(scores))
        hand.deal = None
        hand.opener = None
        return hand

    def _setup(self, ruleset, players, layout, tiles, boneyard, current, scores) -> None:
        self.ruleset = ruleset
        self.players = players
        self.sides = ruleset.sides(players)
        self.target = ruleset.target(players)
        self.layout = layout
        self.current: int | None = current
        self.end: str | None = None
        self.out_seat: int | None = None
        self.winner: int | None = None
        self.deductions: tuple[int, ...] | None = None
        self.award: Award | None = None
        self.start_scores: tuple[int, ...] = scores
        self.events: list[Event] = []
        # The events as each seat sees them (other seats' drawn tiles hidden), and their records, made when a view
        # asks and kept. None after an undo, which may change the history.
        self._seen: SeenLog | None = None
        self._tiles = [sorted(seat_tiles, key=TILE_ORDER) for seat_tiles in tiles]
        self._boneyard = tuple(boneyard)
        self._drawn = 0
        self._drawable = max(0, len(self._boneyard) - ruleset.undrawable(players))
        # Tiles the current seat has drawn in this turn (for a ruleset that limits them).
        self._turn_draws = 0
        self._scores: tuple[int, ...] = tuple(scores)  # replaced, never changed in place
        self._points = [0] * players
        self._trail: list[tuple] = []
        self._legal: tuple[Action, ...] | None = None
        # Per seat, the values its tiles show as a bit mask (None until asked for after a change).
        self._masks: list[int | None] = [None] * players
        self._points_for = _points_table(ruleset)

    # -- reading ---------------------------------------------------------

    def tiles(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds, sorted."""
        return tuple(self._tiles[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._tiles))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left in the boneyard, in drawing order (hidden from the players)."""
        return self._boneyard[self._drawn :]

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn."""
        return self._drawable - self._drawn

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's running score."""
        return self._scores

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's placement points in this hand so far."""
        return tuple(self._points)

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def outcome(self) -> HandOutcome:
        if self.end is None:
            raise ValueError("the hand is not over")
        return HandOutcome(self.opener, self.end, self.out_seat)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    def legal_actions(self) -> tuple[Action, ...]:
        """What the current player may do, in a fixed order: placements sorted by tile, then by legal join;
        otherwise draw; otherwise pass. Empty when the hand is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.end is not None:
            return ()
        tiles = self._tiles[self.current]
        joins, mask = self.layout.joins_and_mask()
        if not joins:  # the layout is empty: any tile opens (a layout with tiles always has open sides)
            return tuple(_play(tile) for tile in tiles)
        legal = []
        for tile in tiles:
            fits = tile.mask
            if fits & mask:
                for join in joins:
                    if join.bit & fits:
                        legal.append(_PLAYS_ON[join.rank][tile])
        if legal:
            return tuple(legal)
        return (DRAW,) if self._drawn < self._drawable and self._may_draw_again() else (PASS,)

    def _may_draw_again(self) -> bool:
        limit = self.ruleset.draws_per_turn
        return limit is None or self._turn_draws < limit

    # -- acting ----------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply the current player's action; raise IllegalActionError, with the reason, if it isn't legal."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # Bots hand back one of the legal actions themselves: identity is the quick test.
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(self._why_illegal(action))
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> Event:
        """``apply`` for an action taken from ``legal_actions()`` (a bot's roll-outs): no second check."""
        seat = self.current
        # A hand in play has no end yet: the seat, the scores and the turn's draws are all an undo must restore.
        self._trail.append((seat, self._scores, self._turn_draws))
        self._legal = None
        self._masks[seat] = None
        tiles = self._tiles[seat]
        kind = type(action)
        if kind is Play:
            placement = action.placement
            layout = self.layout
            layout._apply(placement)
            points = self._points_for[layout._total]
            tile = placement.tile
            del tiles[bisect_left(tiles, tile._key, key=TILE_ORDER)]  # tiles.remove(tile), without == calls
            self._turn_draws = 0
            key = (seat, tile, placement.target, placement.side, points)
            event = _PLAYEDS.get(key) or _played(seat, placement, points)
            if points:
                self._points[seat] += points
                side = side_of(seat, self.sides)
                scores = list(self._scores)
                scores[side] += points
                self._scores = tuple(scores)
                if scores[side] >= self.target:
                    self.end, self.winner, self.current = TARGET, side, None
                    self.deductions = (0,) * self.players if self.ruleset.deductions else None
                    self.events.append(event)
                    return event
            if not tiles:
                self.events.append(event)
                self._finish(OUT, seat)
                return event
            self.current = (seat + 1) % self.players
        elif kind is Draw:
            tile = self._boneyard[self._drawn]
            self._drawn += 1
            self._turn_draws += 1
            insort(tiles, tile, key=TILE_ORDER)
            event = _DREWS[seat][tile]
        else:
            event = _PASSES[seat]
            self.current = (seat + 1) % self.players
            self._turn_draws = 0
        self.events.append(event)
        if self._drawn >= self._drawable and self._blocked():
            self._finish(BLOCKED, None)
        return event

    def _blocked(self) -> bool:
        """Whether no seat can place (each seat's values as a bit mask, kept until its tiles change)."""
        mask = self.layout.open_mask()
        masks = self._masks
        for seat, held in enumerate(masks):
            if held is None:
                held = 0
                for tile in self._tiles[seat]:
                    held |= tile.mask
                masks[seat] = held
            if held & mask:
                return False
        return True

    def _finish(self, end: str, out_seat: int | None) -> None:
        settlement = self.ruleset.scoring.settle(self.sides, self._tiles, end, out_seat)
        scores = list(self._scores)
        for seat, deduction in enumerate(settlement.deductions or ()):
            scores[side_of(seat, self.sides)] -= deduction
        for side, award in enumerate(settlement.awards):
            scores[side] += award
            if award > 0 and scores[side] >= self.target:
                self.winner = side
        self._scores = tuple(scores)
        self.end, self.out_seat, self.current = end, out_seat, None
        self.deductions = settlement.deductions
        self.award = settlement.award

    def undo(self) -> Event:
        """Take back the last action (back to the deal, or to the position a bot started from)."""
        if not self._trail:
            raise IndexError("nothing to undo")
        event = self.events.pop()
        self._seen = None
        seat, self._scores, self._turn_draws = self._trail.pop()
        if self.end is not None:
            self.end = self.out_seat = self.winner = self.deductions = self.award = None
        self.current = seat
        self._legal = None
        self._masks[seat] = None
        kind = type(event)
        if kind is Played:
            self.layout.undo()
            insort(self._tiles[seat], event.placement.tile, key=TILE_ORDER)
            self._points[seat] -= event.points
        elif kind is Drew:
            self._drawn -= 1
            tiles = self._tiles[seat]
            del tiles[bisect_left(tiles, event.tile._key, key=TILE_ORDER)]
        return event

    def _why_illegal(self, action: object) -> str:
        if self.end is not None:
            return f"the hand is over ({self.end}): no more actions"
        seat = self.current
        legal = self.legal_actions()
        can_place = type(legal[0]) is Play
        if isinstance(action, Play):
            placement = action.placement
            if placement.tile not in self._tiles[seat]:
                return f"seat {seat} cannot play {placement.notation()}: it does not hold {placement.tile}"
            try:
                self.layout.check(placement)
            except IllegalPlacementError as error:
                return f"seat {seat} cannot play {placement.notation()}: {error}"
            return f"seat {seat} cannot play {placement.notation()}: it must place the tile it drew"
        if isinstance(action, Draw | Pass):
            verb = "draw" if isinstance(action, Draw) else "pass"
            if can_place:
                return f"seat {seat} cannot {verb}: it has a legal placement ({legal[0].notation()})"
            if isinstance(action, Draw):
                if self._drawn < self._drawable:
                    return f"seat {seat} cannot draw: it has drawn {self._turn_draws} tiles this turn, it must pass"
                return f"seat {seat} cannot draw: no tile is left to draw, it must pass"
            return f"seat {seat} cannot pass: the boneyard still has a tile to draw"
        return f"{action!r} is not an action: use Play(placement), Draw() or Pass()"

    def _log(self) -> SeenLog:
        log = self._seen
        if log is None:
            log = self._seen = SeenLog(_DRAWS, self.players)
        return log

    def _seen_by(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` sees them: the other seats' draws hidden (kept from view to view)."""
        return self._log().seen(self.events, seat)

    def records_for(self, seat: int, record: Callable[[Event], dict]) -> list[dict]:
        """The events as ``seat`` sees them, each written by ``record`` once (kept from view to view, shared)."""
        return self._log().records(self.events, seat, record)

    def view(self, seat: int, hand_number: int = 1) -> PlayerView:
        """What ``seat`` may see: its own tiles, the layout, the hand sizes, the boneyard's size, and the
        events with the other seats' drawn tiles hidden."""
        players = self.players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not in this game (seats 0 to {players - 1})")
        current = self.current
        legal = ()
        if current == seat:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal()
        tiles = self._tiles
        drawn = self._drawn
        return PlayerView(
            seat,
            players,
            self.ruleset,
            self.target,
            hand_number,
            self.opener,
            tuple(tiles[seat]),
            self.layout,
            tuple([len(held) for held in tiles]),
            len(self._boneyard) - drawn,
            self._drawable - drawn,
            self._seen_by(seat),
            self._scores,
            current,
            legal,
        )


@dataclass(slots=True, eq=False)
class PlayerView:
    """Everything one seat may know during a hand; bots choose from this alone.

    ``layout`` is the hand's own layout, shared and read-only: a bot that places and undoes
    tiles to think ahead works on ``layout.copy()``.
    """

    seat: int
    players: int
    ruleset: Ruleset
    target: int
    hand_number: int
    opener: int | None
    tiles: tuple[Tile, ...]
    layout: Layout
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    drawable: int
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    current_player: int | None
    legal_actions: tuple[Action, ...]

    @property
    def sides(self) -> int:
        return self.ruleset.sides(self.players)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    @property
    def side(self) -> int:
        return self.side_of(self.seat)


# -- the game ----------------------------------------------------------------


class Game:
    """A game of hands until a side reaches the target.

    >>> game = Game(2, random.Random(7))
    >>> game.current_player == game.hand.opener
    True
    """

    def __init__(
        self,
        players: int = 2,
        rng: random.Random | None = None,
        *,
        seed: int | None = None,
        ruleset: Ruleset = AMERICAN_SNIFF,
        auto_deal: bool = True,
    ) -> None:
        ruleset.check_players(players)
        self.players = players
        self.ruleset = ruleset
        self.seed = game_seed(seed, rng, auto_deal)
        self.auto_deal = auto_deal
        self.sides = ruleset.sides(players)
        self.target = ruleset.target(players)
        #: Every hand so far; the last one is the hand in play (or the one that just ended).
        self.hands: list[Hand] = []
        if auto_deal:
            self._deal_next()

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score now (seats 0 + 2 and 1 + 3 share one with four players)."""
        return self.hands[-1].scores if self.hands else (0,) * self.sides

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or None."""
        return self.hands[-1].winner if self.hands else None

    def is_terminal(self) -> bool:
        hands = self.hands
        return bool(hands) and hands[-1].winner is not None

    @property
    def needs_deal(self) -> bool:
        """True between hands when the game doesn't deal by itself (``auto_deal=False``)."""
        return self.winner is None and (not self.hands or self.hands[-1].is_over)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over (or waits for a deal)."""
        # A hand in play has a current seat; an ended one (or none yet) has None, whatever comes next.
        return self.hands[-1].current if self.hands else None

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    @property
    def partnerships(self) -> bool:
        """Four players as two partnerships (seats 0 + 2 and 1 + 3)."""
        return self.players == 4 and self.sides == 2

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The seats of the side that reached the target (both partners), or None while the game goes on."""
        side = self.winner
        if side is None:
            return None
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def returns(self) -> tuple[int, ...]:
        """Each seat's result so far, higher is better: its side's score."""
        scores = self.scores
        return tuple(scores[self.side_of(seat)] for seat in range(self.players))

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions, in a fixed order (see ``Hand.legal_actions``)."""
        return () if self.current_player is None else self.hands[-1].legal_actions()

    @staticmethod
    def notation(action: Action) -> str:
        """An action in the notation ``apply_action`` reads back (``draw``, ``pass``, ``1|4 on 4|4 line-b``)."""
        return action.notation()

    def apply_action(self, action: Action | str) -> Event:
        """Apply the current player's action (an Action, or its notation) and return what happened; deals the
        next hand when one ends."""
        if isinstance(action, str):
            action = parse_action(action)
        hand = self.hands[-1] if self.hands else None
        if hand is not None and hand.end is None:
            event = hand.apply(action)
            if hand.end is not None and hand.winner is None and self.auto_deal:
                self._deal_next()
            return event
        if self.is_terminal():
            raise IllegalActionError(f"the game is over: side {self.winner} reached {self.target}")
        # No hand in play, and the game is not over: the next hand waits for its deal (auto_deal is off).
        raise IllegalActionError("no hand is in play: deal the next hand first (begin_hand)")

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see of the hand in play (or the hand that just ended)."""
        hands = self.hands
        if not hands:
            raise ValueError("no hand has been dealt yet")
        return hands[-1].view(seat, len(hands))

    # -- dealing ---------------------------------------------------------

    def planned_deal(self) -> Deal:
        """The next hand's deal as the game's seed decides it: the opener (by the ruleset), then the shuffle."""
        if self.seed is None:
            raise ValueError("this game has no seed, so it cannot deal: give each hand's deal to begin_hand")
        if not self.needs_deal:
            raise ValueError("a hand is in play" if self.winner is None else "the game is over")
        index = len(self.hands)
        rng = hand_rng(self.seed, index)
        opener = self.ruleset.opener.forced(self.players, self._previous_outcome())
        lots = None
        if opener is None:
            opener, lots = self.ruleset.draw_opener(self.players, rng)
        return shuffled_deal(self.ruleset, self.players, opener, rng, lots)

    def forced_opener(self) -> int | None:
        """The seat that must open the next hand under the ruleset, or None if a draw decides."""
        return self.ruleset.opener.forced(self.players, self._previous_outcome())

    def _why_forced(self) -> str:
        return getattr(self.ruleset.opener, "why", "the rules say so")

    def _previous_outcome(self) -> HandOutcome | None:
        return self.hands[-1].outcome if self.hands else None

    def begin_hand(self, deal: Deal) -> Hand:
        """Start the next hand with ``deal`` (checked: the 28 tiles, the sizes, a forced opener)."""
        self.check_deal(deal)
        hand = Hand(self.ruleset, self.players, deal, self.scores)
        self.hands.append(hand)
        return hand

    def _deal_next(self) -> None:
        """Start the next hand with ``planned_deal``: a deal made here, by the rules, needs no checking."""
        self.hands.append(Hand(self.ruleset, self.players, self.planned_deal(), self.scores, check=False))

    def check_deal(self, deal: Deal) -> None:
        """Raise DealError unless ``deal`` may start the next hand: its leader (forced, or drawn by lots)."""
        if not self.needs_deal:
            raise ValueError("a hand is in play" if self.winner is None else "the game is over")
        forced = self.forced_opener()
        if forced is not None and deal.opener != forced:
            raise DealError(f"seat {forced} must open this hand ({self._why_forced()}), not seat {deal.opener}")
        if forced is not None and deal.lots is not None:
            raise DealError(f"seat {forced} leads this hand without lots: the deal has lots it should not have")
        if forced is None and self.ruleset.draws_lots and deal.lots is None:
            raise DealError("the leader of this hand is drawn by lots, but the deal has no lots")

    def __repr__(self) -> str:
        if self.is_terminal():
            state = f"winner side {self.winner}"
        elif self.needs_deal:
            state = "waiting for the next deal"
        else:
            state = f"seat {self.current_player} to play"
        return f"<Game {self.players} players, hand {len(self.hands)}, scores {list(self.scores)}, {state}>"
