"""One Sniff hand in play: the layout, every seat's tiles, the boneyard, whose turn, the events.

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
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Sequence

from ..core.events import Drew, SeenLog
from .actions import (
    _DRAWS,
    DRAW,
    DREWS,
    PASS,
    PASSES,
    PLAYEDS,
    PLAYS_ON,
    Action,
    Draw,
    Event,
    IllegalActionError,
    Pass,
    Play,
    Played,
    play_of,
    played,
)
from .deal import Deal
from .layout import IllegalPlacementError, Layout, placement_score
from .rules import BLOCKED, OUT, TARGET, Award, HandOutcome, Ruleset, side_of
from .tiles import TILE_ORDER, Tile
from .view import PlayerView

# A layout's counted total is at most 12 for each of its 28 tiles; per ruleset, the points of each total.
_POINTS_TABLES: dict[object, tuple[int, ...]] = {}


def _points_table(ruleset: Ruleset) -> tuple[int, ...]:
    """``ruleset.placement_points(placement_score(total))`` for every total a layout can show."""
    found = _POINTS_TABLES.get(ruleset.placement_points)
    if found is None:
        points = ruleset.placement_points
        found = _POINTS_TABLES[points] = tuple(points(placement_score(total)) for total in range(12 * 28 + 1))
    return found


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
            return tuple(play_of(tile) for tile in tiles)
        legal = []
        for tile in tiles:
            fits = tile.mask
            if fits & mask:
                for join in joins:
                    if join.bit & fits:
                        legal.append(PLAYS_ON[join.rank][tile])
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
            event = PLAYEDS.get(key) or played(seat, placement, points)
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
            event = DREWS[seat][tile]
        else:
            event = PASSES[seat]
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
            self.end,
            self.deductions,
            self.award,
            None if self.deal is None else self.deal.lots,
        )
