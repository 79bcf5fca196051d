"""Helpers for the Okey tests: tiles from text, positions, a brute-force arrangement solver."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.okey.game import Deal, Round, TableItem
from engine.okey.melds import parse_meld
from engine.okey.rules import Options
from engine.okey.tiles import FULL_SET, Okey, Tile, parse_tiles


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def position(
    racks: list[str],
    indicator: str = "R5",
    pile: str = "",
    table: list[tuple[int, str]] = (),
    opened: list[str | None] | None = None,
    current: int = 0,
    phase: str = "play",
    last_discard: tuple[int, str] | None = None,
    options: Options | None = None,
    last_opening: int | None = None,
) -> Round:
    """A round taken up in the middle: racks by seat, the table as (owner, meld) items."""
    okey = Okey(Tile.parse(indicator))
    items = [TableItem(owner, parse_meld(text, okey)) for owner, text in table]
    discard = None if last_discard is None else (last_discard[0], Tile.parse(last_discard[1]))
    return Round.position(
        options or Options(),
        Tile.parse(indicator),
        [parse_tiles(r) for r in racks],
        parse_tiles(pile),
        items,
        opened or [None] * 4,
        last_opening,
        current,
        phase,
        discard,
    )


def deal(racks: dict[int, str], indicator: str, pile: str = "", starter: int = 0) -> Deal:
    """A full deal: the given racks (filled up to 15/14 from the tiles left, in order), the indicator, the
    pile's first tiles, then the rest of the 106."""
    left = Counter(FULL_SET)
    fixed = {seat: parse_tiles(text) for seat, text in racks.items()}
    for rack in fixed.values():
        left.subtract(rack)
    top = parse_tiles(pile)
    left.subtract(top)
    ind = Tile.parse(indicator)
    left[ind] -= 1
    if any(count < 0 for count in left.values()):
        raise ValueError("more than two of a tile")
    rest = sorted(left.elements(), key=lambda t: (t.number % 5, t.code))  # scattered: few accidental melds
    out = []
    for seat in range(4):
        rack = list(fixed.get(seat, []))
        size = 15 if seat == starter else 14
        while len(rack) < size:
            rack.append(rest.pop())
        out.append(tuple(sorted(rack)))
    pile_tiles = tuple(top) + tuple(rest)
    return Deal(starter, tuple(out), ind, pile_tiles)


# -- a brute force for the arrangement solver -----------------------------------------------


def _meld_value(faces: list[Tile], okey: Okey) -> int | None:
    """The best value of a valid run or set made of exactly these tiles (okeys wild), or None."""
    wilds = sum(1 for t in faces if t is okey.tile)
    real = [okey.identity(t) for t in faces if t is not okey.tile]
    size = len(faces)
    if size < 3 or not real or wilds > 2:
        return None
    best = None
    numbers = {t.number for t in real}
    colours = [t.colour for t in real]
    if len(numbers) == 1 and size <= 4 and len(set(colours)) == len(colours):
        best = real[0].number * size
    if len(set(colours)) == 1 and size <= 14:
        # A window of `size` positions among 1..14 (14 = the 1 after 13) holding every real tile once.
        for start in range(1, 15 - size + 1):
            window = list(range(start, start + size))
            slots = Counter(1 if p == 14 else p for p in window)
            need = Counter(t.number for t in real)
            if all(slots[n] >= c for n, c in need.items()):
                value = sum(1 if p == 14 else p for p in window)
                best = value if best is None else max(best, value)
    return best


def brute_best(rack: list[Tile], okey: Okey, keep: bool = False, taken: Tile | None = None) -> int | None:
    """The best total value of disjoint melds of ``rack`` by trying every subset: None when no arrangement
    meets the constraints (``keep``: a tile stays; ``taken``: a tile of that face is in a meld)."""
    n = len(rack)
    melds = []
    for mask in range(1, 1 << n):
        if bin(mask).count("1") < 3:
            continue
        faces = [rack[i] for i in range(n) if mask >> i & 1]
        value = _meld_value(faces, okey)
        if value is not None:
            melds.append((mask, value))
    by_low: dict[int, list[tuple[int, int]]] = {}
    for mask, value in melds:
        low = (mask & -mask).bit_length() - 1
        by_low.setdefault(low, []).append((mask, value))

    @cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = (mask & -mask).bit_length() - 1
        out = best(mask & ~(1 << low))
        for meld, value in by_low.get(low, ()):
            if meld & mask == meld:
                out = max(out, value + best(mask & ~meld))
        return out

    full = (1 << n) - 1
    if taken is None and not keep:
        return best(full)
    answer = None
    taken_bits = [i for i in range(n) if taken is not None and rack[i] is taken]
    candidates = [(0, 0)] if taken is None else [(m, v) for m, v in melds if any(m >> i & 1 for i in taken_bits)]
    for meld, value in candidates:
        rest = full & ~meld
        if keep:
            options = [best(rest & ~(1 << i)) for i in range(n) if rest >> i & 1]
            if not options:
                continue
            total = value + max(options)
        else:
            total = value + best(rest)
        answer = total if answer is None else max(answer, total)
    return answer
