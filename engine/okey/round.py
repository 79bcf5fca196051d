"""One Okey round in play: racks, pile, table, whose turn and in which phase, charges, events, the four ends and
the settlement. Its checks are ``engine.okey.checks``'s."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import (
    DECLINE,
    DRAW,
    TAKE,
    Action,
    Decline,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    LayPairs,
    Seize,
    Take,
    lay_melds,
    lay_pairs,
)
from .arrange import layoff_spots, most_pairs, opening, pairs_opening, seize_spots
from .checks import DRAW_PHASE, PLAY_PHASE, Checks
from .deal import SEATS, Deal
from .events import (
    Charge,
    Declined,
    Event,
    LaidMelds,
    LaidOff,
    LaidPairs,
    RoundEnd,
    Seized,
    Took,
    discarded,
    drew,
    event_record,
    seen_log,
)
from .melds import Meld, Piece, TableItem, check_meld
from .rules import (
    EXHAUSTED,
    HAND,
    LAYOFF_TIMES,
    OKEY,
    OPENED_MELDS,
    OPENED_PAIRS,
    PAIRS,
    PENALTY,
    SEIZE_BASE,
    TAKE_TIMES,
    THRESHOLD,
    Options,
    settle,
)
from .tiles import Okey, Tile


class Round(Checks):
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
