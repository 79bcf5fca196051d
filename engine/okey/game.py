"""A game of Okey: rounds of turns, charges, the four ends and the settlement.

The state API is the engine's (``engine.core.protocols.GameState``):
``Game.current_player``, ``Game.legal_actions()``, ``Game.validate_action(a)``,
``Game.apply_action(a)``, ``Game.view(seat)``, ``Game.is_terminal()`` and
``Game.returns()``. ``legal_actions`` is a representative subset, in a fixed
order: lay-downs are too many to list, so it offers the solver's best ones
(the best opening with melds, the most pairs, the best further melds), every
lay-off and seize, and every discard; ``validate_action`` judges any action.

Actions and their notation (``parse_action``):

    draw                      the pile's next tile
    take                      the previous seat's discard (it must be used this turn)
    decline                   the pile is empty and the seat does not take: the round is exhausted
    meld R4 R5 R6, B9 R9 K9   lay melds (the first lay-down is the opening)
    pairs B10 B10, K4 *K4     lay pairs (five or more to open with pairs)
    layoff K13 on 2           add a tile (or an okey, *K13) to table item 2
    seize K12 on 2            put K12 in place of the okey standing for it in item 2; the okey comes to the rack
    discard R3                discard a tile; the turn passes

Randomness: a game has one integer seed. Round ``n``'s shuffle comes from its own
``random.Random`` seeded with the game's seed and ``n``, so a game restored from
its record, even mid-round, goes on exactly as it would have.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.deals import game_seed, part_rng
from ..core.errors import EngineError, excerpt, quote
from .arrange import (
    layoff_spots,
    most_pairs,
    opening,
    pairs_opening,
    seize_spots,
)
from .events import (
    Charge,
    Declined,
    Discarded,
    Drew,
    Event,
    LaidMelds,
    LaidOff,
    LaidPairs,
    RoundEnd,
    Seized,
    Took,
    discarded,
    drew,
    end_record,
    event_record,
    seen_log,
)
from .melds import PAIR, Meld, Piece, check_meld, format_pieces, parse_piece, parse_pieces
from .rules import (
    EXHAUSTED,
    HAND,
    LAYOFF_TIMES,
    MIN_PAIRS,
    OKEY,
    OPENED_MELDS,
    OPENED_PAIRS,
    PAIRS,
    PAIRS_MODE,
    PENALTY,
    SEIZE_BASE,
    TAKE_TIMES,
    THRESHOLD,
    Options,
    settle,
)
from .tiles import FALSE_JOKER, FULL_SET, NotationError, Okey, Tile, format_tiles

SEATS = 4
DEALT, STARTER_DEALT, PILE = 14, 15, 48
DRAW_PHASE, PLAY_PHASE = "draw", "play"


class IllegalActionError(EngineError):
    """An action the rules don't allow now; the message says why in plain words."""

    code = "okey-illegal"


def _illegal(message: str, code: str, **params) -> IllegalActionError:
    return IllegalActionError(message, code=code, params=params)


# -- actions -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    def notation(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Decline:
    def notation(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class LayMelds:
    """Lay runs and sets; each meld is its pieces in order."""

    melds: tuple[tuple[Piece, ...], ...]

    def notation(self) -> str:
        return "meld " + ", ".join(format_pieces(m) for m in self.melds)


@dataclass(frozen=True, slots=True)
class LayPairs:
    pairs: tuple[tuple[Piece, ...], ...]

    def notation(self) -> str:
        return "pairs " + ", ".join(format_pieces(p) for p in self.pairs)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add ``piece`` (a real tile, or an okey standing for a tile) to table item ``to``."""

    piece: Piece
    to: int

    def notation(self) -> str:
        return f"layoff {self.piece.notation()} on {self.to}"


@dataclass(frozen=True, slots=True)
class Seize:
    """Put the real ``tile`` in place of the okey standing for it in table item ``to``."""

    tile: Tile
    to: int

    def notation(self) -> str:
        return f"seize {self.tile.notation()} on {self.to}"


@dataclass(frozen=True, slots=True)
class Discard:
    tile: Tile

    def notation(self) -> str:
        return f"discard {self.tile.notation()}"


Action = Draw | Take | Decline | LayMelds | LayPairs | LayOff | Seize | Discard
DRAW, TAKE, DECLINE = Draw(), Take(), Decline()


def lay_melds(melds: Sequence[Meld]) -> LayMelds:
    return LayMelds(tuple(meld.pieces for meld in melds))


def lay_pairs(pairs: Sequence[Meld]) -> LayPairs:
    return LayPairs(tuple(pair.pieces for pair in pairs))


def parse_action(text: str, okey: Okey) -> Action:
    """Read an action in the notation of the module's docstring (case-insensitive)."""
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not an action", code="okey-action")
    words = text.strip().split(None, 1)
    verb = words[0].lower() if words else ""
    rest = words[1] if len(words) > 1 else ""
    if verb in ("draw", "take", "decline") and not rest:
        return {"draw": DRAW, "take": TAKE, "decline": DECLINE}[verb]
    if verb in ("meld", "pairs") and rest:
        groups = tuple(parse_pieces(group, okey) for group in rest.split(","))
        return LayMelds(groups) if verb == "meld" else LayPairs(groups)
    if verb in ("layoff", "seize"):
        parts = rest.split()
        # ASCII digits only (str.isdigit() and int() also take "²" and "١"), and not thousands of them.
        if len(parts) == 3 and parts[1].lower() in ("on", "to") and _is_number(parts[2]):
            if verb == "layoff":
                return LayOff(parse_piece(parts[0], okey), int(parts[2]))
            return Seize(Tile.parse(parts[0]), int(parts[2]))
    if verb == "discard" and rest:
        return Discard(Tile.parse(rest))
    raise NotationError(
        f"{quote(text.strip())} is not an action: write draw, take, decline, meld R4 R5 R6, pairs B9 B9, "
        "layoff K13 on 2, seize K12 on 2 or discard R3",
        code="okey-action",
        params={"text": excerpt(text.strip())},
    )


def _is_number(word: str) -> bool:
    """A table item's number: ASCII digits, at most nine of them."""
    return word.isascii() and word.isdigit() and len(word) <= 9


# -- the table -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableItem:
    """A meld or pair on the table, with the seat that laid it."""

    owner: int
    meld: Meld


# -- the deal ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's start: the starter, the racks (the starter's 15, 14 for the others), the indicator, the pile."""

    starter: int
    racks: tuple[tuple[Tile, ...], ...]
    indicator: Tile
    pile: tuple[Tile, ...]

    def check(self) -> None:
        """Raise an EngineError unless this is a full deal of the 106 tiles."""
        if not (isinstance(self.starter, int) and 0 <= self.starter < SEATS):
            raise EngineError(f"the starter {self.starter!r} is not a seat (0 to 3)", code="okey-deal")
        if len(self.racks) != SEATS:
            raise EngineError(f"the deal has {len(self.racks)} racks, not 4", code="okey-deal")
        for seat, rack in enumerate(self.racks):
            size = STARTER_DEALT if seat == self.starter else DEALT
            if len(rack) != size:
                raise EngineError(f"seat {seat} is dealt {len(rack)} tiles, not {size}", code="okey-deal")
        if len(self.pile) != PILE:
            raise EngineError(f"the pile has {len(self.pile)} tiles, not {PILE}", code="okey-deal")
        if self.indicator.is_false_joker:
            raise EngineError("a false joker is never the indicator", code="okey-deal")
        counts = Counter(self.pile)
        counts[self.indicator] += 1
        for rack in self.racks:
            counts.update(rack)
        if counts != Counter(FULL_SET):
            wrong = sorted(t for t in set(counts) | set(FULL_SET) if counts[t] != 2)
            tile = wrong[0]
            raise EngineError(
                f"the deal, the indicator and the pile hold {tile} {counts[tile]} times, not twice",
                code="okey-deal",
            )


def round_rng(seed: int, index: int) -> random.Random:
    """The random source of round ``index`` (0 = the first) of the game with ``seed``."""
    return part_rng("okey", seed, index)


def shuffled_deal(starter: int, rng: random.Random) -> Deal:
    """Shuffle the 106 tiles; deal seats 0 to 3 in turn (15 to the starter); turn up the indicator (a false joker
    that comes up goes to the bottom of the pile and the next tile is turned); the rest is the pile."""
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    racks = []
    at = 0
    for seat in range(SEATS):
        size = STARTER_DEALT if seat == starter else DEALT
        racks.append(tuple(sorted(tiles[at : at + size])))
        at += size
    rest = tiles[at:]
    turned = 0
    while rest[turned].is_false_joker:
        turned += 1
    indicator = rest[turned]
    pile = rest[turned + 1 :] + rest[:turned]
    return Deal(starter, tuple(racks), indicator, tuple(pile))


# -- one round -----------------------------------------------------------------


class Round:
    """One round in play: racks, pile, table, whose turn and in which phase, charges, events.

    ``events`` are the record's events and ``end`` the round's end, typed (``engine.okey.events``).
    """

    def __init__(self, options: Options, deal: Deal | None, number: int = 1) -> None:
        self.options = options
        self.number = number
        self.deal = deal
        if deal is None:
            return
        deal.check()
        self._setup(deal.indicator, deal.starter, [Counter(rack) for rack in deal.racks], list(deal.pile))

    def _setup(self, indicator: Tile, starter: int, racks: list[Counter], pile: list[Tile]) -> None:
        self.okey = Okey(indicator)
        self.indicator = indicator
        self.starter = starter
        self.racks = racks
        self.pile = pile  # in drawing order; the next draw is pile[drawn]
        self.drawn = 0
        self.table: list[TableItem] = []
        self.opened: list[str | None] = [None] * SEATS
        self.last_opening: int | None = None
        self.discards: list[list[Tile]] = [[] for _ in range(SEATS)]
        self.last_discard: tuple[int, Tile] | None = None
        self.current: int | None = starter
        self.phase = PLAY_PHASE  # the starter's first turn has no draw
        self.taken: Tile | None = None
        self.taken_used = True
        self.taken_closed = False  # taken while not open: only the opening, then a lay-off of it, may use it
        self.opened_now = False  # the seat opened during this turn
        self.charges = [0] * SEATS
        self.events: list[Event] = []
        self._log = seen_log()  # the events as each seat sees them, and their records, kept from view to view
        self.end: RoundEnd | None = None
        self.settlement: list[int] | None = None

    @classmethod
    def position(
        cls,
        options: Options,
        indicator: Tile,
        racks: Sequence[Sequence[Tile]],
        pile: Sequence[Tile],
        table: Sequence[TableItem],
        opened: Sequence[str | None],
        last_opening: int | None,
        current: int,
        phase: str,
        last_discard: tuple[int, Tile] | None,
        charges: Sequence[int] = (0, 0, 0, 0),
        taken: tuple[Tile | None, bool, bool, bool] = (None, True, False, False),
    ) -> Round:
        """A round taken up in the middle without its history (a bot's guess at the hidden tiles)."""
        state = cls(options, None)
        state._setup(indicator, current, [Counter(r) for r in racks], list(pile))
        state.table = list(table)
        state.opened = list(opened)
        state.last_opening = last_opening
        state.phase = phase
        state.last_discard = last_discard
        state.charges = list(charges)
        state.taken, state.taken_used, state.taken_closed, state.opened_now = taken
        return state

    # -- reading ---------------------------------------------------------

    def rack(self, seat: int) -> tuple[Tile, ...]:
        return tuple(sorted(self.racks[seat].elements()))

    def seen_by(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` sees them: another seat's draw without its tile."""
        return self._log.seen(self.events, seat)

    def records_for(self, seat: int) -> list[dict]:
        """``seen_by(seat)`` as the record writes it (``event_record``): each event written once per seat."""
        return self._log.records(self.events, seat, event_record)

    @property
    def rack_sizes(self) -> tuple[int, ...]:
        return tuple(sum(rack.values()) for rack in self.racks)

    @property
    def pile_left(self) -> tuple[Tile, ...]:
        return tuple(self.pile[self.drawn :])

    @property
    def pile_size(self) -> int:
        return len(self.pile) - self.drawn

    @property
    def is_over(self) -> bool:
        return self.end is not None

    def melds(self) -> list[Meld]:
        return [item.meld for item in self.table]

    def threshold(self) -> int:
        """What a meld opening must reach now: 51, or one more than the last meld opening with doubling."""
        if self.options.doubling and self.last_opening is not None:
            return self.last_opening + 1
        return THRESHOLD

    @property
    def scores(self) -> list[int] | None:
        if self.settlement is None:
            return None
        return [c + s for c, s in zip(self.charges, self.settlement, strict=True)]

    def can_take(self, seat: int | None = None) -> bool:
        """Whether the seat to draw may take the discard: there is one, and it can use it this turn."""
        seat = self.current if seat is None else seat
        if self.end is not None or self.phase != DRAW_PHASE or self.last_discard is None:
            return False
        return self._usable(seat, self.last_discard[1])

    def _usable(self, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` could use ``tile`` (taken from the discards) in this turn."""
        rack = list(self.racks[seat].elements())
        after = [*rack, tile]
        okey = self.okey
        state = self.opened[seat]
        melds = self.melds()
        if state == OPENED_MELDS:
            return bool(layoff_spots(tile, melds, okey)) or opening(after, okey, 1, taken=tile) is not None
        if state == OPENED_PAIRS:
            return len(after) >= 3 and bool(most_pairs(after, okey, taken=tile, keep=True))
        if opening(after, okey, self.threshold(), taken=tile) is not None:
            return True
        if pairs_opening(after, okey, taken=tile) is not None:
            return True
        return bool(layoff_spots(tile, melds, okey)) and opening(rack, okey, self.threshold()) is not None

    # -- legal actions ---------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """A representative subset of the legal actions, in a fixed order (see the module's docstring)."""
        if self.end is not None:
            return []
        seat = self.current
        if self.phase == DRAW_PHASE:
            out: list[Action] = []
            if self.pile_size:
                out.append(DRAW)
            if self.can_take():
                out.append(TAKE)
            if not self.pile_size:
                out.append(DECLINE)
            return out
        okey = self.okey
        rack = list(self.racks[seat].elements())
        pending = self.taken if not self.taken_used else None
        state = self.opened[seat]
        out = []
        if pending is not None and self.taken_closed and self.opened_now:
            return [
                LayOff(self._piece_for(pending, spot), index)
                for index, _end, spot in layoff_spots(pending, self.melds(), okey)
            ]
        if state is None:
            found = opening(rack, okey, self.threshold(), taken=pending)
            if found is not None:
                out.append(lay_melds(found.melds))
            pairs = pairs_opening(rack, okey, taken=pending)
            if pairs is not None:
                out.append(lay_pairs(pairs))
            if pending is not None and not out and layoff_spots(pending, self.melds(), okey):
                # Open without the taken tile, then lay it off on the table right after.
                plain = opening(_remove_one(rack, pending), okey, self.threshold())
                if plain is not None:
                    out.append(lay_melds(plain.melds))
        elif state == OPENED_MELDS:
            if len(rack) > 1:
                found = opening(rack, okey, 1, taken=pending)
                if found is not None:
                    out.append(lay_melds(found.melds))
                melds = self.melds()
                for tile in sorted(set(rack)):
                    if pending is not None and tile is not pending:
                        continue  # a taken tile is used first
                    for index, _end, spot in layoff_spots(tile, melds, okey):
                        out.append(LayOff(self._piece_for(tile, spot), index))
            if pending is None:
                for tile in sorted(set(rack)):
                    for index in seize_spots(tile, self.melds(), okey):
                        out.append(Seize(tile, index))
        else:
            pairs = most_pairs(rack, okey, taken=pending, keep=True)
            if pairs:
                out.append(lay_pairs(pairs))
        if pending is None:
            out.extend(Discard(tile) for tile in sorted(set(rack)))
        return out

    def _piece_for(self, tile: Tile, stands: Tile) -> Piece:
        if tile is self.okey.tile:
            return Piece(stands, tile, True)
        return Piece(self.okey.identity(tile), tile, False)

    # -- checking an action ----------------------------------------------

    def validate(self, action: object) -> None:
        """Raise IllegalActionError, with the reason in plain words, unless ``action`` is legal now."""
        if self.end is not None:
            raise _illegal(f"the round is over ({self.end.kind}): no more actions", "okey-round-over")
        seat = self.current
        if not isinstance(action, Draw | Take | Decline | LayMelds | LayPairs | LayOff | Seize | Discard):
            raise _illegal(f"{action!r} is not an Okey action", "okey-not-action")
        if self.phase == DRAW_PHASE:
            self._validate_draw_phase(seat, action)
            return
        if isinstance(action, Draw | Take | Decline):
            raise _illegal(
                f"seat {seat} has already drawn this turn: lay down, lay off or discard",
                "okey-already-drawn",
                seat=seat,
            )
        pending = self.taken if not self.taken_used else None
        if (
            pending is not None
            and self.taken_closed
            and self.opened_now
            and not (isinstance(action, LayOff) and self._uses_taken(action.piece))
        ):
            raise _illegal(
                f"the taken tile {pending} was not used in the opening: it must be laid off right after it",
                "okey-taken-after-opening",
                tile=pending.notation(),
            )
        if isinstance(action, Discard):
            self._validate_discard(seat, action, pending)
        elif isinstance(action, LayMelds):
            self._validate_melds(seat, action, pending)
        elif isinstance(action, LayPairs):
            self._validate_pairs(seat, action, pending)
        elif isinstance(action, LayOff):
            self._validate_layoff(seat, action)
        else:
            self._validate_seize(seat, action)
        if pending is not None and self.opened[seat] == OPENED_MELDS and not self._action_uses_taken(action):
            self._check_still_usable(seat, action, pending)

    def _action_uses_taken(self, action: Action) -> bool:
        if isinstance(action, LayOff):
            return self._uses_taken(action.piece)
        if isinstance(action, LayMelds | LayPairs):
            groups = action.melds if isinstance(action, LayMelds) else action.pairs
            return any(self._uses_taken(p) for g in groups for p in g)
        return False

    def _check_still_usable(self, seat: int, action: Action, pending: Tile) -> None:
        """Refuse an action after which the taken tile could no longer be used this turn."""
        rack = Counter(self.racks[seat])
        melds = self.melds()
        if isinstance(action, LayMelds):
            for group in action.melds:
                rack.subtract(p.face for p in group)
                melds.append(Meld(check_meld(group, self.okey).kind, group, 0))
        elif isinstance(action, LayOff):
            rack[action.piece.face] -= 1
            melds[action.to] = melds[action.to].extended(action.piece)
        elif isinstance(action, Seize):
            meld = melds[action.to]
            stands = self.okey.identity(action.tile)
            melds[action.to] = meld.seized(meld.wild_for(stands), Piece(stands, action.tile, False))
            rack[action.tile] -= 1
            rack[self.okey.tile] += 1
        tiles = list((+rack).elements())
        if len(tiles) > 1 and (
            layoff_spots(pending, melds, self.okey) or opening(tiles, self.okey, 1, taken=pending) is not None
        ):
            return
        raise _illegal(
            f"after that the taken tile {pending} could not be used this turn: use it first",
            "okey-taken-unusable-after",
            tile=pending.notation(),
        )

    def _validate_draw_phase(self, seat: int, action: object) -> None:
        if isinstance(action, Draw):
            if not self.pile_size:
                raise _illegal(
                    "the pile is empty: take the discard or decline (the round is then exhausted)", "okey-pile-empty"
                )
            return
        if isinstance(action, Take):
            if self.last_discard is None:
                raise _illegal("there is no discard to take", "okey-no-discard")
            tile = self.last_discard[1]
            if not self._usable(seat, tile):
                raise _illegal(
                    f"seat {seat} cannot take {tile}: a taken tile must be used this turn "
                    "(in the opening, a new meld or pair, or a lay-off), and it has no way to use it",
                    "okey-take-unusable",
                    seat=seat,
                    tile=tile.notation(),
                )
            return
        if isinstance(action, Decline):
            if self.pile_size:
                raise _illegal("the pile is not empty: draw a tile or take the discard", "okey-decline-pile")
            return
        raise _illegal(f"seat {seat} must first draw a tile or take the discard", "okey-draw-first", seat=seat)

    def _faces(self, seat: int, pieces: Sequence[Piece]) -> None:
        """Check that the rack holds the faces of ``pieces`` and keeps one tile to discard after laying them."""
        need = Counter(piece.face for piece in pieces)
        rack = self.racks[seat]
        for face, count in need.items():
            if rack[face] < count:
                have = rack[face]
                what = "an okey" if face is self.okey.tile else str(face)
                raise _illegal(
                    f"seat {seat} does not hold {what}"
                    + (f" {count} times (it holds {have})" if have else " in its rack"),
                    "okey-not-in-rack",
                    seat=seat,
                    tile=face.notation(),
                )
        if sum(rack.values()) - len(pieces) < 1:
            raise _illegal(
                f"seat {seat} must keep one tile to discard: it cannot lay down its whole rack",
                "okey-keep-one",
                seat=seat,
            )

    def _check_pieces(self, group: tuple[Piece, ...]):
        okey = self.okey
        for piece in group:
            if piece.wild and piece.face is not okey.tile:
                raise _illegal(f"{piece} is not an okey this round (the okey is {okey.tile})", "okey-not-okey")
            if not piece.wild and piece.stands is not okey.identity(piece.face):
                raise _illegal(f"{piece} is not a tile as it lies", "okey-piece")
        result = check_meld(group, okey)
        if not result.valid:
            raise IllegalActionError(result.reason, code=result.code, params=result.params)
        return result

    def _validate_melds(self, seat: int, action: LayMelds, pending: Tile | None) -> None:
        state = self.opened[seat]
        if state == OPENED_PAIRS:
            raise _illegal(
                f"seat {seat} opened with pairs: it lays only pairs, no melds", "okey-pairs-opener-melds", seat=seat
            )
        if not action.melds:
            raise _illegal("lay at least one meld", "okey-no-melds")
        total = 0
        for group in action.melds:
            result = self._check_pieces(group)
            if result.kind == PAIR:
                raise _illegal(
                    f"{format_pieces(group)} is a pair: a meld is a run or a set of three or more tiles",
                    "okey-pair-as-meld",
                    meld=format_pieces(group),
                )
            total += result.value
        self._faces(seat, [p for g in action.melds for p in g])
        if state is None:
            threshold = self.threshold()
            if total < threshold:
                if threshold > THRESHOLD:
                    reason = (
                        f"opening {total} is below {threshold}: with doubling it must exceed the last opening, "
                        f"{self.last_opening}"
                    )
                else:
                    reason = f"opening {total} is below {threshold}"
                raise _illegal(reason, "okey-opening-low", total=total, threshold=threshold)
            if pending is not None and not any(self._uses_taken(p) for g in action.melds for p in g):
                laid = [*self.melds(), *(Meld(check_meld(g, self.okey).kind, g, 0) for g in action.melds)]
                if not layoff_spots(pending, laid, self.okey):
                    raise _illegal(
                        f"the taken tile {pending} must be used in this opening",
                        "okey-taken-not-in-opening",
                        tile=pending.notation(),
                    )
        elif pending is not None and self.taken_closed:
            raise _illegal(
                f"the taken tile {pending} was not used in the opening: it can only be laid off right after it",
                "okey-taken-after-opening",
                tile=pending.notation(),
            )

    def _validate_pairs(self, seat: int, action: LayPairs, pending: Tile | None) -> None:
        state = self.opened[seat]
        if state == OPENED_MELDS:
            raise _illegal(f"seat {seat} opened with melds: it does not lay pairs", "okey-melds-opener-pairs")
        if not action.pairs:
            raise _illegal("lay at least one pair", "okey-no-pairs")
        for group in action.pairs:
            result = self._check_pieces(group)
            if result.kind != PAIR:
                raise _illegal(
                    f"{format_pieces(group)} is not a pair: pairs are two identical tiles",
                    "okey-not-pair",
                    meld=format_pieces(group),
                )
        self._faces(seat, [p for g in action.pairs for p in g])
        if state is None and len(action.pairs) < MIN_PAIRS:
            raise _illegal(
                f"an opening with pairs needs at least five pairs, not {len(action.pairs)}",
                "okey-pairs-few",
                count=len(action.pairs),
            )
        if pending is not None and not any(self._uses_taken(p) for g in action.pairs for p in g):
            raise _illegal(
                f"the taken tile {pending} must be used in these pairs",
                "okey-taken-not-in-pairs",
                tile=pending.notation(),
            )

    def _item(self, to: object) -> TableItem:
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(self.table):
            count = len(self.table)
            where = f"0 to {count - 1}" if count else "none yet"
            raise _illegal(f"item {to} is not on the table (items: {where})", "okey-no-item", to=to)
        return self.table[to]

    def _validate_layoff(self, seat: int, action: LayOff) -> None:
        state = self.opened[seat]
        if state != OPENED_MELDS:
            why = "it has not opened" if state is None else "it opened with pairs"
            raise _illegal(
                f"seat {seat} cannot lay off: {why} (only a seat that opened with melds lays off)",
                "okey-layoff-not-open",
                seat=seat,
            )
        item = self._item(action.to)
        piece = action.piece
        self._check_piece(piece)
        if self.racks[seat][piece.face] < 1:
            what = "an okey" if piece.wild else str(piece.face)
            raise _illegal(
                f"seat {seat} does not hold {what}: it is not in hand",
                "okey-not-in-rack",
                seat=seat,
                tile=piece.face.notation(),
            )
        if item.meld.kind == PAIR:
            raise _illegal(f"item {action.to} is a pair: pairs are never extended", "okey-layoff-pair")
        if item.meld.end_for(piece.stands) is None:
            fits = " or ".join(str(t) for _e, t in item.meld.spots())
            raise _illegal(
                f"{piece} does not fit {item.meld} (item {action.to})"
                + (f": it takes {fits}" if fits else ": it takes no more tiles"),
                "okey-layoff-no-fit",
                tile=piece.notation(),
                meld=item.meld.notation(),
            )
        self._faces(seat, [piece])

    def _check_piece(self, piece: Piece) -> None:
        okey = self.okey
        if piece.wild and piece.face is not okey.tile:
            raise _illegal(f"{piece} is not an okey this round (the okey is {okey.tile})", "okey-not-okey")
        if not piece.wild and piece.face is okey.tile:
            raise _illegal(f"{okey.tile} is the okey: lay it off as the tile it stands for (*X)", "okey-plain-in-meld")

    def _validate_seize(self, seat: int, action: Seize) -> None:
        state = self.opened[seat]
        if state != OPENED_MELDS:
            why = "it has not opened" if state is None else "it opened with pairs"
            raise _illegal(
                f"seat {seat} cannot seize an okey: {why} (only a seat that opened with melds seizes)",
                "okey-seize-not-open",
                seat=seat,
            )
        item = self._item(action.to)
        tile = action.tile
        if tile is self.okey.tile:
            raise _illegal(f"{tile} is an okey: only the real tile an okey stands for seizes it", "okey-seize-okey")
        stands = self.okey.identity(tile)
        if item.meld.kind == PAIR:
            raise _illegal(
                f"item {action.to} ({item.meld}) is a pair: an okey is seized from a run or a set only",
                "okey-seize-pair",
                to=action.to,
            )
        if item.meld.wild_for(stands) is None:
            raise _illegal(
                f"there is no okey standing for {stands} in item {action.to} ({item.meld})",
                "okey-seize-none",
                tile=stands.notation(),
                to=action.to,
            )
        if self.racks[seat][tile] < 1:
            raise _illegal(f"seat {seat} does not hold {tile}", "okey-not-in-rack", seat=seat, tile=tile.notation())

    def _validate_discard(self, seat: int, action: Discard, pending: Tile | None) -> None:
        if pending is not None:
            raise _illegal(
                f"the taken tile {pending} was not used: use it in a meld, a pair or a lay-off before discarding",
                "okey-taken-unused",
                tile=pending.notation(),
            )
        if not isinstance(action.tile, Tile) or self.racks[seat][action.tile] < 1:
            raise _illegal(
                f"seat {seat} cannot discard {action.tile}: it is not in hand",
                "okey-not-in-rack",
                seat=seat,
                tile=str(action.tile),
            )

    def _uses_taken(self, piece: Piece) -> bool:
        if self.taken is self.okey.tile:
            return piece.wild
        return not piece.wild and piece.face is self.taken

    # -- applying --------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply the current seat's action (checked first) and return its event."""
        self.validate(action)
        seat = self.current
        kind = type(action)
        if kind is Draw:
            tile = self.pile[self.drawn]
            self.drawn += 1
            self.racks[seat][tile] += 1
            self.phase = PLAY_PHASE
            event = drew(seat, tile)
        elif kind is Take:
            giver, tile = self.last_discard
            self.discards[giver].pop()
            self.last_discard = None
            self.racks[seat][tile] += 1
            self.phase = PLAY_PHASE
            self.taken, self.taken_used = tile, False
            self.taken_closed = self.opened[seat] is None
            event = Took(seat, tile, self._charge(giver, self.okey.value(tile) * TAKE_TIMES))
        elif kind is Decline:
            # Not an event of the record: its end, "exhausted", says it.
            self._finish(EXHAUSTED, None)
            return Declined(seat)
        elif kind is LayMelds:
            event = LaidMelds(seat, action.melds, self._lay(seat, action.melds, OPENED_MELDS))
        elif kind is LayPairs:
            event = LaidPairs(seat, action.pairs, self._lay(seat, action.pairs, OPENED_PAIRS))
        elif kind is LayOff:
            event = self._layoff(seat, action)
        elif kind is Seize:
            event = self._seize(seat, action)
        else:
            event = self._discard(seat, action.tile)
        self.events.append(event)
        return event

    def _charge(self, seat: int, points: int) -> Charge | None:
        if not points:
            return None
        self.charges[seat] += points
        return Charge(seat, points)

    def _lay(self, seat: int, groups: tuple[tuple[Piece, ...], ...], opened: str) -> int | None:
        """Lay ``groups``; the opening's value (0 for pairs) if they open the seat, else None."""
        total = 0
        for group in groups:
            result = check_meld(group, self.okey)
            total += result.value
            self.table.append(TableItem(seat, Meld(result.kind, group, result.value)))
            for piece in group:
                self.racks[seat][piece.face] -= 1
                if not self.taken_used and self._uses_taken(piece):
                    self.taken_used = True
        self.racks[seat] += Counter()  # drop the zero counts
        if self.opened[seat] is not None:
            return None
        self.opened[seat] = opened
        self.opened_now = True
        if opened == OPENED_MELDS:
            self.last_opening = total
            return total
        return 0

    def _layoff(self, seat: int, action: LayOff) -> LaidOff:
        item = self.table[action.to]
        self.table[action.to] = TableItem(item.owner, item.meld.extended(action.piece))
        self.racks[seat][action.piece.face] -= 1
        self.racks[seat] += Counter()
        if not self.taken_used and self._uses_taken(action.piece):
            self.taken_used = True
        charge = None
        if self.options.opponents(seat, item.owner):
            charge = self._charge(item.owner, action.piece.number * LAYOFF_TIMES)
        return LaidOff(seat, action.piece, action.to, charge)

    def _seize(self, seat: int, action: Seize) -> Seized:
        item = self.table[action.to]
        stands = self.okey.identity(action.tile)
        index = item.meld.wild_for(stands)
        self.table[action.to] = TableItem(item.owner, item.meld.seized(index, Piece(stands, action.tile, False)))
        rack = self.racks[seat]
        rack[action.tile] -= 1
        rack[self.okey.tile] += 1
        self.racks[seat] = rack + Counter()
        charge = None
        if self.options.opponents(seat, item.owner):
            charge = self._charge(item.owner, SEIZE_BASE + stands.number * LAYOFF_TIMES)
        return Seized(seat, action.tile, action.to, charge)

    def _discard(self, seat: int, tile: Tile) -> Event:
        rack = self.racks[seat]
        rack[tile] -= 1
        if not rack[tile]:
            del rack[tile]
        self.discards[seat].append(tile)
        if not rack:
            if tile is self.okey.tile:
                kind = OKEY
            elif self.opened[seat] == OPENED_PAIRS:
                kind = PAIRS
            else:
                kind = HAND
            self._finish(kind, seat)
            return discarded(seat, tile, None)
        charge = self._charge(seat, PENALTY) if layoff_spots(tile, self.melds(), self.okey) else None
        self.last_discard = (seat, tile)
        self.current = (seat + 1) % SEATS
        self.phase = DRAW_PHASE
        self.taken, self.taken_used, self.taken_closed = None, True, False
        self.opened_now = False
        if not self.pile_size and not self.can_take():
            self._finish(EXHAUSTED, None)
        return discarded(seat, tile, charge)

    def _finish(self, kind: str, seat: int | None) -> None:
        self.end = RoundEnd(kind, seat)
        racks = [list(rack.elements()) for rack in self.racks]
        self.settlement = settle(self.options, kind, seat, racks, self.opened, self.okey)
        self.current = None


def _remove_one(rack: list[Tile], tile: Tile) -> list[Tile]:
    out = list(rack)
    out.remove(tile)
    return out


# -- what a seat sees ----------------------------------------------------------


@dataclass(frozen=True, eq=False)
class OkeyView:
    """Everything one seat may know: its rack, the table, the discards, the counts; never the other racks
    or the pile's order. Bots choose from this alone."""

    seat: int
    options: Options
    round_number: int
    starter: int
    indicator: Tile
    okey: Okey
    rack: tuple[Tile, ...]
    table: tuple[TableItem, ...]
    rack_sizes: tuple[int, ...]
    pile_size: int
    opened: tuple[str | None, ...]
    last_opening: int | None
    threshold: int
    last_discard: tuple[int, Tile] | None
    discards: tuple[tuple[Tile, ...], ...]
    charges: tuple[int, ...]
    totals: tuple[int, ...]
    current_player: int | None
    phase: str
    taken: Tile | None
    taken_used: bool
    taken_closed: bool
    opened_now: bool
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    end: RoundEnd | None
    settlement: tuple[int, ...] | None

    def melds(self) -> list[Meld]:
        return [item.meld for item in self.table]

    def as_json(self, events: list[dict] | None = None) -> dict:
        """The view as plain JSON values (for the board); ``events``, when given, are its events already written
        (``Game.event_records``)."""
        return {
            "seat": self.seat,
            "options": self.options.as_json(),
            "round": self.round_number,
            "starter": self.starter,
            "indicator": self.indicator.notation(),
            "okey": self.okey.tile.notation(),
            "rack": format_tiles(self.rack).split(),
            "table": [{"owner": i.owner, "kind": i.meld.kind, "meld": i.meld.notation()} for i in self.table],
            "rackSizes": list(self.rack_sizes),
            "pileSize": self.pile_size,
            "opened": list(self.opened),
            "threshold": self.threshold,
            "lastDiscard": None
            if self.last_discard is None
            else {"seat": self.last_discard[0], "tile": self.last_discard[1].notation()},
            "discards": [[t.notation() for t in d] for d in self.discards],
            "charges": list(self.charges),
            "totals": list(self.totals),
            "currentPlayer": self.current_player,
            "phase": self.phase,
            "taken": None if self.taken is None or self.taken_used else self.taken.notation(),
            "events": [event_record(event) for event in self.events] if events is None else events,
            "actions": [a.notation() for a in self.legal_actions],
            "end": end_record(self.end),
            "settlement": None if self.settlement is None else list(self.settlement),
        }


def event_action(event: Event) -> Action:
    """The action that made ``event`` (a replay steps through a round's events with it)."""
    kind = type(event)
    if kind is Drew:
        return DRAW
    if kind is Took:
        return TAKE
    if kind is LaidMelds:
        return LayMelds(event.melds)
    if kind is LaidPairs:
        return LayPairs(event.pairs)
    if kind is LaidOff:
        return LayOff(event.piece, event.to)
    if kind is Seized:
        return Seize(event.tile, event.to)
    if kind is Declined:
        return DECLINE
    return Discard(event.tile)


# -- the game ------------------------------------------------------------------


class Game:
    """A game of 1 or 3 rounds; the lowest total wins.

    >>> game = Game(seed=7)
    >>> game.current_player, len(game.round.rack(0))
    (0, 15)
    """

    def __init__(
        self,
        options: Options | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        auto_deal: bool = True,
    ) -> None:
        self.options = options or Options()
        self.seed = game_seed(seed, rng, auto_deal)
        self.auto_deal = auto_deal
        self.rounds: list[Round] = []
        if auto_deal:
            self.begin_round(self.planned_deal())

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * SEATS
        for state in self.rounds:
            scores = state.scores
            if scores is not None:
                totals = [a + b for a, b in zip(totals, scores, strict=True)]
        return tuple(totals)

    def running_totals(self) -> tuple[int, ...]:
        """The totals with the charges of the round in play counted already."""
        totals = list(self.totals)
        state = self.round
        if state is not None and not state.is_over:
            totals = [a + b for a, b in zip(totals, state.charges, strict=True)]
        return tuple(totals)

    @property
    def winner(self) -> list[int] | None:
        if not self.is_terminal():
            return None
        return self.options.winners(self.totals)

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winning seats (both partners in pairs mode), or None while the game goes on."""
        winner = self.winner
        return None if winner is None else tuple(winner)

    @property
    def players(self) -> int:
        return SEATS

    @staticmethod
    def notation(action: Action) -> str:
        """An action in the notation ``apply_action`` reads back (``draw``, ``discard R7``, ...)."""
        return action.notation()

    def is_terminal(self) -> bool:
        return len(self.rounds) == self.options.rounds and self.rounds[-1].is_over

    @property
    def needs_deal(self) -> bool:
        return not self.is_terminal() and (not self.rounds or self.rounds[-1].is_over)

    @property
    def current_player(self) -> int | None:
        return None if self.needs_deal or self.is_terminal() else self.rounds[-1].current

    def returns(self) -> tuple[int, ...]:
        """Each seat's result so far, higher is better: minus its running total (the lowest total wins); in pairs
        mode minus its side's, which partners share."""
        totals = self.running_totals()
        if self.options.mode == PAIRS_MODE:
            return tuple(-(totals[seat % 2] + totals[seat % 2 + 2]) for seat in range(SEATS))
        return tuple(-total for total in totals)

    def legal_actions(self) -> list[Action]:
        return [] if self.current_player is None else self.rounds[-1].legal_actions()

    def validate_action(self, action: Action) -> None:
        self._check_in_play()
        self.rounds[-1].validate(action)

    def _check_in_play(self) -> None:
        if self.is_terminal():
            raise _illegal("the game is over", "okey-game-over")
        if self.needs_deal:
            raise _illegal("no round is in play: deal the next round first", "okey-needs-deal")

    def apply_action(self, action: Action | str) -> Event:
        """Apply the current seat's action (an Action, or its notation) and return the event; deals the next
        round when one ends and the game goes on."""
        self._check_in_play()
        state = self.rounds[-1]
        if isinstance(action, str):
            action = parse_action(action, state.okey)
        event = state.apply(action)
        if state.is_over and not self.is_terminal() and self.auto_deal:
            self.begin_round(self.planned_deal())
        return event

    def event_records(self, seat: int) -> list[dict]:
        """The round's events as ``seat`` saw them, as the record writes them (what ``view(seat).as_json()``
        holds), each written once per seat however many views are made."""
        self.view_check(seat)
        return self.rounds[-1].records_for(seat)

    def view_check(self, seat: object) -> None:
        """``EngineError`` unless ``seat`` is one of the game's and a round has been dealt."""
        if not (isinstance(seat, int) and 0 <= seat < SEATS):
            raise EngineError(f"seat {quote(seat)} is not in the game (seats 0 to 3)", code="okey-seat")
        if not self.rounds:
            raise EngineError("no round has been dealt yet", code="okey-needs-deal")

    def view(self, seat: int) -> OkeyView:
        self.view_check(seat)
        state = self.rounds[-1]
        mine = state.current == seat
        return OkeyView(
            seat=seat,
            options=self.options,
            round_number=len(self.rounds),
            starter=state.starter,
            indicator=state.indicator,
            okey=state.okey,
            rack=state.rack(seat),
            table=tuple(state.table),
            rack_sizes=state.rack_sizes,
            pile_size=state.pile_size,
            opened=tuple(state.opened),
            last_opening=state.last_opening,
            threshold=state.threshold(),
            last_discard=state.last_discard,
            discards=tuple(tuple(d) for d in state.discards),
            charges=tuple(state.charges),
            totals=self.totals,
            current_player=state.current,
            phase=state.phase,
            taken=state.taken if mine else None,
            taken_used=state.taken_used if mine else True,
            taken_closed=state.taken_closed if mine else False,
            opened_now=state.opened_now if mine else False,
            events=state.seen_by(seat),
            legal_actions=tuple(state.legal_actions()) if mine else (),
            end=state.end,
            settlement=None if state.settlement is None else tuple(state.settlement),
        )

    # -- dealing ---------------------------------------------------------

    def next_starter(self) -> int:
        """Round 1 starts with seat 0; each later round with the next seat."""
        return len(self.rounds) % SEATS

    def planned_deal(self) -> Deal:
        if self.seed is None:
            raise EngineError("this game has no seed, so it cannot deal", code="okey-no-seed")
        return shuffled_deal(self.next_starter(), round_rng(self.seed, len(self.rounds)))

    def begin_round(self, deal: Deal) -> Round:
        if not self.needs_deal:
            raise EngineError("a round is in play" if not self.is_terminal() else "the game is over")
        if deal.starter != self.next_starter():
            raise EngineError(
                f"seat {self.next_starter()} starts round {len(self.rounds) + 1}, not seat {deal.starter}",
                code="okey-deal-starter",
            )
        state = Round(self.options, deal, len(self.rounds) + 1)
        self.rounds.append(state)
        return state

    def __repr__(self) -> str:
        state = f"over, winner {self.winner}" if self.is_terminal() else f"seat {self.current_player} to play"
        return f"<Okey game, round {len(self.rounds)}/{self.options.rounds}, totals {list(self.totals)}, {state}>"


__all__ = [
    "DECLINE",
    "DRAW",
    "FALSE_JOKER",
    "TAKE",
    "Action",
    "Charge",
    "Deal",
    "Decline",
    "Declined",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "Event",
    "Game",
    "IllegalActionError",
    "LaidMelds",
    "LaidOff",
    "LaidPairs",
    "LayMelds",
    "LayOff",
    "LayPairs",
    "OkeyView",
    "Round",
    "RoundEnd",
    "Seize",
    "Seized",
    "TableItem",
    "Take",
    "Took",
    "event_action",
    "parse_action",
    "round_rng",
    "shuffled_deal",
]
