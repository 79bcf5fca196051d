"""What an Okey action must satisfy to be legal now: the checks of a round (``Round.validate``).

A refusal is an ``IllegalActionError`` with the reason in plain words, its code and its params (the boards word
it in the page's language from them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import (
    Action,
    Decline,
    Discard,
    Draw,
    IllegalActionError,
    LayMelds,
    LayOff,
    LayPairs,
    Seize,
    Take,
    illegal,
)
from .arrange import layoff_spots, opening
from .melds import PAIR, Meld, Piece, TableItem, check_meld, format_pieces
from .rules import MIN_PAIRS, OPENED_MELDS, OPENED_PAIRS, THRESHOLD
from .tiles import Tile

DRAW_PHASE, PLAY_PHASE = "draw", "play"


class Checks:
    """The checks of ``Round`` (its base): they read the round's state and change nothing."""

    # -- checking an action ----------------------------------------------

    def validate(self, action: object) -> None:
        """Raise IllegalActionError, with the reason in plain words, unless ``action`` is legal now."""
        if self.end is not None:
            raise illegal(f"the round is over ({self.end.kind}): no more actions", "okey-round-over")
        seat = self.current
        if not isinstance(action, Draw | Take | Decline | LayMelds | LayPairs | LayOff | Seize | Discard):
            raise illegal(f"{action!r} is not an Okey action", "okey-not-action")
        if self.phase == DRAW_PHASE:
            self._validate_draw_phase(seat, action)
            return
        if isinstance(action, Draw | Take | Decline):
            raise illegal(
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
            raise illegal(
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
        raise illegal(
            f"after that the taken tile {pending} could not be used this turn: use it first",
            "okey-taken-unusable-after",
            tile=pending.notation(),
        )

    def _validate_draw_phase(self, seat: int, action: object) -> None:
        if isinstance(action, Draw):
            if not self.pile_size:
                raise illegal(
                    "the pile is empty: take the discard or decline (the round is then exhausted)", "okey-pile-empty"
                )
            return
        if isinstance(action, Take):
            if self.last_discard is None:
                raise illegal("there is no discard to take", "okey-no-discard")
            tile = self.last_discard[1]
            if not self._usable(seat, tile):
                raise illegal(
                    f"seat {seat} cannot take {tile}: a taken tile must be used this turn "
                    "(in the opening, a new meld or pair, or a lay-off), and it has no way to use it",
                    "okey-take-unusable",
                    seat=seat,
                    tile=tile.notation(),
                )
            return
        if isinstance(action, Decline):
            if self.pile_size:
                raise illegal("the pile is not empty: draw a tile or take the discard", "okey-decline-pile")
            return
        raise illegal(f"seat {seat} must first draw a tile or take the discard", "okey-draw-first", seat=seat)

    def _faces(self, seat: int, pieces: Sequence[Piece]) -> None:
        """Check that the rack holds the faces of ``pieces`` and keeps one tile to discard after laying them."""
        need = Counter(piece.face for piece in pieces)
        rack = self.racks[seat]
        for face, count in need.items():
            if rack[face] < count:
                have = rack[face]
                what = "an okey" if face is self.okey.tile else str(face)
                raise illegal(
                    f"seat {seat} does not hold {what}"
                    + (f" {count} times (it holds {have})" if have else " in its rack"),
                    "okey-not-in-rack",
                    seat=seat,
                    tile=face.notation(),
                )
        if sum(rack.values()) - len(pieces) < 1:
            raise illegal(
                f"seat {seat} must keep one tile to discard: it cannot lay down its whole rack",
                "okey-keep-one",
                seat=seat,
            )

    def _check_pieces(self, group: tuple[Piece, ...]):
        okey = self.okey
        for piece in group:
            if piece.wild and piece.face is not okey.tile:
                raise illegal(f"{piece} is not an okey this round (the okey is {okey.tile})", "okey-not-okey")
            if not piece.wild and piece.stands is not okey.identity(piece.face):
                raise illegal(f"{piece} is not a tile as it lies", "okey-piece")
        result = check_meld(group, okey)
        if not result.valid:
            raise IllegalActionError(result.reason, code=result.code, params=result.params)
        return result

    def _validate_melds(self, seat: int, action: LayMelds, pending: Tile | None) -> None:
        state = self.opened[seat]
        if state == OPENED_PAIRS:
            raise illegal(
                f"seat {seat} opened with pairs: it lays only pairs, no melds", "okey-pairs-opener-melds", seat=seat
            )
        if not action.melds:
            raise illegal("lay at least one meld", "okey-no-melds")
        total = 0
        for group in action.melds:
            result = self._check_pieces(group)
            if result.kind == PAIR:
                raise illegal(
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
                raise illegal(reason, "okey-opening-low", total=total, threshold=threshold)
            if pending is not None and not any(self._uses_taken(p) for g in action.melds for p in g):
                laid = [*self.melds(), *(Meld(check_meld(g, self.okey).kind, g, 0) for g in action.melds)]
                if not layoff_spots(pending, laid, self.okey):
                    raise illegal(
                        f"the taken tile {pending} must be used in this opening",
                        "okey-taken-not-in-opening",
                        tile=pending.notation(),
                    )
        elif pending is not None and self.taken_closed:
            raise illegal(
                f"the taken tile {pending} was not used in the opening: it can only be laid off right after it",
                "okey-taken-after-opening",
                tile=pending.notation(),
            )

    def _validate_pairs(self, seat: int, action: LayPairs, pending: Tile | None) -> None:
        state = self.opened[seat]
        if state == OPENED_MELDS:
            raise illegal(f"seat {seat} opened with melds: it does not lay pairs", "okey-melds-opener-pairs")
        if not action.pairs:
            raise illegal("lay at least one pair", "okey-no-pairs")
        for group in action.pairs:
            result = self._check_pieces(group)
            if result.kind != PAIR:
                raise illegal(
                    f"{format_pieces(group)} is not a pair: pairs are two identical tiles",
                    "okey-not-pair",
                    meld=format_pieces(group),
                )
        self._faces(seat, [p for g in action.pairs for p in g])
        if state is None and len(action.pairs) < MIN_PAIRS:
            raise illegal(
                f"an opening with pairs needs at least five pairs, not {len(action.pairs)}",
                "okey-pairs-few",
                count=len(action.pairs),
            )
        if pending is not None and not any(self._uses_taken(p) for g in action.pairs for p in g):
            raise illegal(
                f"the taken tile {pending} must be used in these pairs",
                "okey-taken-not-in-pairs",
                tile=pending.notation(),
            )

    def _item(self, to: object) -> TableItem:
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(self.table):
            count = len(self.table)
            where = f"0 to {count - 1}" if count else "none yet"
            raise illegal(f"item {to} is not on the table (items: {where})", "okey-no-item", to=to)
        return self.table[to]

    def _validate_layoff(self, seat: int, action: LayOff) -> None:
        state = self.opened[seat]
        if state != OPENED_MELDS:
            why = "it has not opened" if state is None else "it opened with pairs"
            raise illegal(
                f"seat {seat} cannot lay off: {why} (only a seat that opened with melds lays off)",
                "okey-layoff-not-open",
                seat=seat,
            )
        item = self._item(action.to)
        piece = action.piece
        self._check_piece(piece)
        if self.racks[seat][piece.face] < 1:
            what = "an okey" if piece.wild else str(piece.face)
            raise illegal(
                f"seat {seat} does not hold {what}: it is not in hand",
                "okey-not-in-rack",
                seat=seat,
                tile=piece.face.notation(),
            )
        if item.meld.kind == PAIR:
            raise illegal(f"item {action.to} is a pair: pairs are never extended", "okey-layoff-pair")
        if item.meld.end_for(piece.stands) is None:
            fits = " or ".join(str(t) for _e, t in item.meld.spots())
            raise illegal(
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
            raise illegal(f"{piece} is not an okey this round (the okey is {okey.tile})", "okey-not-okey")
        if not piece.wild and piece.face is okey.tile:
            raise illegal(f"{okey.tile} is the okey: lay it off as the tile it stands for (*X)", "okey-plain-in-meld")

    def _validate_seize(self, seat: int, action: Seize) -> None:
        state = self.opened[seat]
        if state != OPENED_MELDS:
            why = "it has not opened" if state is None else "it opened with pairs"
            raise illegal(
                f"seat {seat} cannot seize an okey: {why} (only a seat that opened with melds seizes)",
                "okey-seize-not-open",
                seat=seat,
            )
        item = self._item(action.to)
        tile = action.tile
        if tile is self.okey.tile:
            raise illegal(f"{tile} is an okey: only the real tile an okey stands for seizes it", "okey-seize-okey")
        stands = self.okey.identity(tile)
        if item.meld.kind == PAIR:
            raise illegal(
                f"item {action.to} ({item.meld}) is a pair: an okey is seized from a run or a set only",
                "okey-seize-pair",
                to=action.to,
            )
        if item.meld.wild_for(stands) is None:
            raise illegal(
                f"there is no okey standing for {stands} in item {action.to} ({item.meld})",
                "okey-seize-none",
                tile=stands.notation(),
                to=action.to,
            )
        if self.racks[seat][tile] < 1:
            raise illegal(f"seat {seat} does not hold {tile}", "okey-not-in-rack", seat=seat, tile=tile.notation())

    def _validate_discard(self, seat: int, action: Discard, pending: Tile | None) -> None:
        if pending is not None:
            raise illegal(
                f"the taken tile {pending} was not used: use it in a meld, a pair or a lay-off before discarding",
                "okey-taken-unused",
                tile=pending.notation(),
            )
        if not isinstance(action.tile, Tile) or self.racks[seat][action.tile] < 1:
            raise illegal(
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
