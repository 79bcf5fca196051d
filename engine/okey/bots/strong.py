"""The strong bot: greedy's lay-downs, with every discard weighed against each tile it might draw next.

Greedy discards by a rule of thumb. The strong bot takes every safe discard
(never a penalty tile or an okey while it has another choice) and looks at
what its rack would become with each tile it cannot see (the 106 less its
rack, the table, the discards still lying and the indicator), each weighed by
how many of it are unseen:

- before it opens: the chance that the next draw lets it open (reach the
  threshold with one tile kept), then the opening value the draw brings it to,
  capped at the threshold (``VALUE_WEIGHT``). Opening early is what wins: each
  opening raises the bar for the seats still closed (doubling), and a seat
  that never opens pays 500 or 1000;
- once open with melds: how few tiles would be left after that draw, laying
  off on the table (each lay-off opening the next spot) and laying down all
  it can, one tile kept to discard (``LEFT_WORTH``: one left means it goes out).

The best candidate wins; ties go to the one greedy finds least useful. One
solver memo serves all those racks (``arrange.Solver``), and a drawn tile that
fits nothing near the rack (or the table's spots) is not searched: it leaves
the rack as it was.

Once open, it also takes the previous seat's discard whenever it can use it,
lays a tile off on an opponent's meld rather than its own (the owner pays),
and, when nothing else goes down, lays off an okey where it costs an opponent
the most instead of holding it (an okey left in a rack costs 500).

What it leaves out, because it measured worse against greedy seats: keeping
back the tiles the next seat might take (from guesses of its rack, or from how
many unseen tiles lie near the tile: the tiles it would keep are the ones its
own rack needs), looking two draws ahead, holding melds back, and valuing the
opening above the threshold.

It weighs every unseen tile rather than a sample of them, so it needs no
random numbers: the same view always gets the same move, on any machine (a
restored game on the board goes on exactly as it would have). It sees only its
view.
"""

from __future__ import annotations

import random
from collections import Counter

from ..arrange import Solver, best_arrangement, is_penalty, pack
from ..game import TAKE, Action, Discard, LayOff, OkeyView
from ..melds import RUN, SET
from ..tiles import COLOURS, FULL_SET, Tile
from .simple import GreedyBot, usefulness

WILD = 52  # the code of an okey among the tiles one might draw (0-51 are the identities)
#: Before opening: how much a sure opening next turn outweighs the value the next draw brings (by the threshold).
VALUE_WEIGHT = 0.2
#: After opening: what a rack with n tiles left after the next draw is worth (1 left: it goes out).
LEFT_WORTH = (1.0, 1.0, 0.35, 0.15, 0.06, 0.02)


def unseen_tiles(view: OkeyView) -> list[Tile]:
    """The tiles this seat cannot see anywhere (in the other racks or in the pile), sorted."""
    seen = Counter(view.rack)
    for item in view.table:
        seen.update(piece.face for piece in item.meld.pieces)
    for pile in view.discards:
        seen.update(pile)
    seen[view.indicator] += 1
    left = Counter(FULL_SET)
    left.subtract(seen)
    return sorted((+left).elements())


def _near() -> list[int]:
    """For each identity code, the codes that could share a run or a set with it without two okeys: the same
    colour two numbers either way (the 1 also after 13), the same number in another colour."""
    out = []
    for code in range(52):
        colour, number = divmod(code, 13)
        number += 1
        mask = 0
        for position in (number, 14) if number == 1 else (number,):
            for step in (-2, -1, 1, 2):
                other = position + step
                if 1 <= other <= 14:
                    mask |= 1 << (colour * 13 + (other - 1 if other <= 13 else 0))
        for shade in range(4):
            if shade != colour:
                mask |= 1 << (shade * 13 + number - 1)
        out.append(mask & ~(1 << code))
    return out


NEAR = _near()
EVERY = (1 << 53) - 1


def near(key: int, wilds: int) -> int:
    """The codes a drawn tile needs to be of to change anything in the packed rack (bit 52: an okey)."""
    if wilds >= 2:
        return EVERY
    mask = 1 << WILD
    code = 0
    while key:
        if key & 3:
            mask |= NEAR[code]
        key >>= 2
        code += 1
    return mask


def draws(view: OkeyView) -> tuple[list[tuple[int, int]], int]:
    """The tiles the seat might draw, by what they count as: ``(code, count)`` (``WILD`` for the okeys), and
    how many there are."""
    okey = view.okey
    counts = Counter(WILD if tile is okey.tile else okey.identity(tile).code for tile in unseen_tiles(view))
    return sorted(counts.items()), sum(counts.values())


def _add(key: int, wilds: int, code: int) -> tuple[int, int]:
    return (key, wilds + 1) if code == WILD else (key + (1 << (2 * code)), wilds)


class Table:
    """The runs and sets on the table as small numbers, to lay tiles off on them, one after another."""

    def __init__(self, view: OkeyView) -> None:
        self.runs: list[tuple[int, int, int]] = []  # (colour, low, high); high 14 is the 1 after 13
        self.sets: list[tuple[int, int, int]] = []  # (number, colours present as bits, size)
        for item in view.table:
            meld = item.meld
            if meld.kind == RUN:
                first, last = meld.pieces[0].stands, meld.pieces[-1].stands
                high = 14 if last.number == 1 else last.number
                self.runs.append((COLOURS.index(first.colour), first.number, high))
            elif meld.kind == SET:
                bits = 0
                for piece in meld.pieces:
                    bits |= 1 << COLOURS.index(piece.stands.colour)
                self.sets.append((meld.pieces[0].stands.number, bits, len(meld.pieces)))

    def spots(self) -> int:
        """The codes of the tiles that can be laid off now, as bits."""
        mask = 0
        for colour, low, high in self.runs:
            if low > 1:
                mask |= 1 << (colour * 13 + low - 2)
            if high < 14:
                mask |= 1 << (colour * 13 + (high if high < 13 else 0))
        for number, bits, size in self.sets:
            if size < 4:
                for colour in range(4):
                    if not bits >> colour & 1:
                        mask |= 1 << (colour * 13 + number - 1)
        return mask

    def lay_off(self, key: int, wilds: int) -> tuple[int, int, int]:
        """Lay off every tile of the packed rack that fits, each lay-off opening the next spot, then the okeys
        if any spot is left: (tiles laid, key left, okeys left)."""
        laid = 0
        runs = [list(run) for run in self.runs]
        sets = [list(s) for s in self.sets]
        more = True
        while more:
            more = False
            for run in runs:
                colour, low, high = run
                while low > 1 and (key >> (2 * (colour * 13 + low - 2))) & 3:
                    key -= 1 << (2 * (colour * 13 + low - 2))
                    low -= 1
                    laid += 1
                    more = True
                while high < 14:
                    code = colour * 13 + (high if high < 13 else 0)
                    if not (key >> (2 * code)) & 3:
                        break
                    key -= 1 << (2 * code)
                    high += 1
                    laid += 1
                    more = True
                run[1], run[2] = low, high
            for item in sets:
                number, bits, size = item
                for colour in range(4):
                    code = colour * 13 + number - 1
                    if size < 4 and not bits >> colour & 1 and (key >> (2 * code)) & 3:
                        key -= 1 << (2 * code)
                        bits |= 1 << colour
                        size += 1
                        laid += 1
                        more = True
                item[1], item[2] = bits, size
        if wilds and (any(low > 1 or high < 14 for _c, low, high in runs) or any(s[2] < 4 for s in sets)):
            laid += wilds
            wilds = 0
        return laid, key, wilds


class StrongBot(GreedyBot):
    """Greedy, with discards weighed against every tile it might draw (see the module's docstring)."""

    name = "strong"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def choose(self, view: OkeyView) -> Action:
        if view.phase == "draw" and TAKE in view.legal_actions and view.opened[view.seat] is not None:
            return TAKE
        action = super().choose(view)
        if view.phase == "play" and view.opened[view.seat] == "melds":
            better = self.layoff_choice(view, action)
            if better is not None:
                return better
        if type(action) is not Discard or len(view.rack) <= 2:
            return action
        candidates = self.candidates(view)
        if len(candidates) <= 1:
            return action
        if view.opened[view.seat] is None:
            scored = self.opening_worth(view, candidates)
        elif view.opened[view.seat] == "melds":
            scored = self.going_out_worth(view, candidates)
        else:
            return candidates[0]
        return max(scored, key=lambda item: (item[0], -item[1]))[2]

    def layoff_choice(self, view: OkeyView, action: Action) -> Action | None:
        """Lay off on an opponent's meld rather than one's own (the owner pays), and once nothing else goes down,
        lay off an okey where it costs an opponent the most instead of holding it (500 if the round ends)."""
        options = view.options
        seat = view.seat
        layoffs = [a for a in view.legal_actions if type(a) is LayOff]
        if type(action) is LayOff and not action.piece.wild:
            same = [a for a in layoffs if a.piece.face is action.piece.face]
            return max(same, key=lambda a: (options.opponents(seat, view.table[a.to].owner), -a.to))
        if type(action) is Discard and len(view.rack) > 2:
            wild = [a for a in layoffs if a.piece.wild]
            if wild:
                return max(
                    wild,
                    key=lambda a: (options.opponents(seat, view.table[a.to].owner), a.piece.number, -a.to),
                )
        return None

    def candidates(self, view: OkeyView) -> list[Discard]:
        """The safe discards (no penalty tile, no okey), the least useful first."""
        okey = view.okey
        rack = list(view.rack)
        melds = view.melds()
        safe = [
            a
            for a in view.legal_actions
            if type(a) is Discard and a.tile is not okey.tile and not is_penalty(a.tile, melds, okey)
        ]
        kept: set[Tile] = set()
        for meld in best_arrangement(rack, okey).melds:
            kept.update(piece.face for piece in meld.pieces)
        weight = view.opened[view.seat] is None

        def key(action: Discard) -> tuple:
            tile = action.tile
            use = usefulness(tile, rack, view, kept)
            if weight:
                return (use * (1 + okey.value(tile) / 13), tile.code)
            return (use, -okey.value(tile), tile.code)

        return sorted(safe, key=key)

    def opening_worth(self, view: OkeyView, candidates: list[Discard]) -> list[tuple[float, int, Discard]]:
        """Each candidate's worth before opening: the chance that the next draw lets the rack open, plus a little
        for the opening value it reaches (capped at the threshold), over every tile it might draw."""
        okey = view.okey
        threshold = view.threshold
        kinds, total = draws(view)
        solver = Solver()
        out = []
        for rank, action in enumerate(candidates):
            rest = list(view.rack)
            rest.remove(action.tile)
            key, wilds = pack(rest, okey)
            mask = near(key, wilds)
            idle = min(solver.value(key, wilds), threshold)  # a drawn tile that fits nothing stays in the rack
            opens = reach = 0
            for code, count in kinds:
                if not mask >> code & 1:
                    reach += count * idle
                    continue
                value = solver.value(*_add(key, wilds, code), keep=True)
                if value >= threshold:
                    opens += count
                reach += count * min(value, threshold)
            worth = (opens + VALUE_WEIGHT * reach / threshold) / total if total else 0.0
            out.append((worth, rank, action))
        return out

    def going_out_worth(self, view: OkeyView, candidates: list[Discard]) -> list[tuple[float, int, Discard]]:
        """Each candidate's worth once open: over every tile it might draw, how few tiles would be left after
        laying down and laying off all it can (``LEFT_WORTH``; one left goes out)."""
        okey = view.okey
        kinds, total = draws(view)
        solver = Solver(most_tiles=True)
        table = Table(view)
        spots = table.spots()
        out = []
        for rank, action in enumerate(candidates):
            rest = list(view.rack)
            rest.remove(action.tile)
            key, wilds = pack(rest, okey)
            mask = near(key, wilds) | spots
            if wilds:
                for code in range(52):
                    if spots >> code & 1:
                        mask |= NEAR[code]
            size = len(rest) + 1
            idle = self.left(solver, table, key, wilds, size)  # a drawn tile that fits nothing stays
            worth = 0.0
            for code, count in kinds:
                left = idle if not mask >> code & 1 else self.left(solver, table, *_add(key, wilds, code), size)
                worth += count * LEFT_WORTH[min(left, len(LEFT_WORTH) - 1)]
            out.append((worth / total if total else 0.0, rank, action))
        return out

    @staticmethod
    def left(solver: Solver, table: Table, key: int, wilds: int, size: int) -> int:
        """The tiles left in a packed rack of ``size`` tiles after laying off and laying down all it can, one
        kept to discard."""
        laid, key, wilds = table.lay_off(key, wilds)
        melded = solver.tiles_laid(key, wilds)
        left = size - laid - melded
        if left >= 1:
            return left
        if laid:
            return 1  # keep a tile that was laid off
        return size - solver.tiles_laid(key, wilds, keep=True)


__all__ = ["StrongBot", "unseen_tiles"]
