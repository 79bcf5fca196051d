"""The assisted table's solver: the best arrangement of a rack, its pairs, openings; with the rack against the table
(``engine.okey.spots``: penalty tiles, lay-offs, seizes).

``best_arrangement(rack, okey)`` finds disjoint melds of the rack (runs and sets,
with its okeys standing in) of the largest total value; ``most_pairs`` the most
pairs; ``opening`` the best opening that keeps a tile to discard (optionally one
that must use a taken tile); ``penalty_tiles`` and ``layoff_spots`` read a rack
against the melds on the table.

How the search works. A rack is a count (0–2) of each of the 52 coloured
identities (a false joker counts as the okey's face; the okey tiles themselves
are wild) plus a number of okeys. The search always decides the lowest
identity left: leave one copy of it in the rack, or lay it in one of the melds
that hold it, built from what is left. A meld takes a real tile wherever one is
left and an okey only where none is (swapping an okey for a real tile of the
same identity never lowers the value, so nothing is lost). Results are memoised
on (what is left, okeys left, the tile the opening must use, whether a tile must
stay in the rack), so every sub-rack is solved once; the melds that hold a tile are
memoised on what they read of the rack, across searches too. Tiles that fit no meld even
with the whole rack are set aside before the search. A brute force over every
set of disjoint melds checks it in ``tests/okey/test_arrange.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.errors import EngineError
from .melds import PAIR, RUN, SET, Meld, Piece, sort_pieces
from .spots import is_penalty, layoff_spots, penalty_tiles, seize_spots
from .tiles import COLOURS, FALSE_JOKER, TILES, Okey, Tile

NONE = -1  # no tile must be used
WILD = 52  # an okey must be used
IMPOSSIBLE = -(10**9)
_SHIFT_WILDS, _SHIFT_FORCE, _SHIFT_KEEP = 104, 106, 113
_SHIFT_I = 110  # the melds' memo: identity at _SHIFT_WILDS, okeys here
_COLOUR = (1 << 26) - 1  # one colour's 13 counts


class RackError(EngineError):
    """A rack that no set of tiles can hold (a third copy of a tile, a third okey)."""

    code = "okey-rack"


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds laid from a rack: their total ``value``, the ``melds`` and the tiles ``left`` in the rack."""

    value: int
    melds: tuple[Meld, ...]
    left: tuple[Tile, ...]

    def as_json(self) -> dict:
        return {
            "value": self.value,
            "melds": [meld.notation() for meld in self.melds],
            "left": [tile.notation() for tile in self.left],
        }


#: The most tiles a rack is solved for: more than a seat ever holds (15), and the search is exponential in it
#: (50 tiles took 24 s and 819 MB), so a larger rack is refused.
MAX_RACK = 21


def _check_rack(rack: Iterable[Tile]) -> Counter:
    counts = Counter(rack)
    size = sum(counts.values())
    if size > MAX_RACK:
        raise RackError(
            f"a rack of {size} tiles is too large: at most {MAX_RACK}",
            code="okey-rack-size",
            params={"size": size, "limit": MAX_RACK},
        )
    for tile, count in counts.items():
        if count > 2:
            raise RackError(
                f"{tile} is in the rack {count} times: the set has two of each tile",
                code="okey-rack-copies",
                params={"tile": tile.notation(), "count": count},
            )
    return counts


def _state(rack: Iterable[Tile], okey: Okey) -> tuple[int, int]:
    """The rack as (identity counts packed two bits each, number of okeys)."""
    counts = _check_rack(rack)
    key = 0
    wilds = 0
    for tile, count in counts.items():
        if tile is okey.tile:
            wilds += count
        else:
            key += count << (2 * okey.identity(tile).code)
    return key, wilds


def _melds_with(i: int, key: int, wilds: int) -> list[tuple[int, int, int, tuple, tuple]]:
    """Every meld holding one copy of identity ``i`` that the rest of ``key`` and ``wilds`` can build, taking
    real tiles wherever one is left: ``(key after, okeys used, value, pieces, codes of real tiles used)``.
    ``pieces`` are ``(stands code, wild)``, in the order the meld is written."""
    out = []
    colour, number = divmod(i, 13)
    number += 1
    base = colour * 13
    one = base  # the identity of this colour's 1
    count_one = (key >> (2 * one)) & 3
    # Runs: positions 1..14 of the colour (14 is the 1 after 13).
    positions = (1, 14) if number == 1 else (number,)
    avail = [0] * 15
    for q in range(1, 14):
        avail[q] = (key >> (2 * (base + q - 1))) & 3
    avail[14] = count_one
    for p in positions:
        # Left ends a = p, p-1, ...; then right ends b = p, p+1, ...
        missing_left = 0
        left_used_one = 1 if p in (1, 14) else 0  # real copies of the 1 used so far (p itself)
        a = p
        while a >= 1:
            if a < p:
                if a == 1 or a == 14:
                    if count_one - left_used_one >= 1:
                        left_used_one += 1
                    else:
                        missing_left += 1
                elif avail[a] == 0:
                    missing_left += 1
                if missing_left > wilds:
                    break
            missing = missing_left
            used_one = left_used_one
            b = p
            while b <= 14:
                if b > p:
                    if b == 14 or b == 1:
                        if count_one - used_one >= 1:
                            used_one += 1
                        else:
                            missing += 1
                    elif avail[b] == 0:
                        missing += 1
                    if missing > wilds:
                        break
                if b - a >= 2:
                    out.append(_run(i, base, a, b, p, key, count_one))
                b += 1
            a -= 1
    # Sets: the other colours of the number, two or three of them.
    others = [c for c in range(4) if c != colour]
    for chosen in ((0, 1, 2), (0, 1), (0, 2), (1, 2)):
        new_key = key - (1 << (2 * i))
        used = 0
        pieces = [(i, False)]
        reals = [i]
        for index in chosen:
            code = others[index] * 13 + number - 1
            if (new_key >> (2 * code)) & 3:
                new_key -= 1 << (2 * code)
                pieces.append((code, False))
                reals.append(code)
            else:
                used += 1
                pieces.append((code, True))
        if used <= wilds:
            pieces.sort()
            out.append((new_key, used, number * len(pieces), tuple(pieces), tuple(reals)))
    return out


def _run(i: int, base: int, a: int, b: int, p: int, key: int, count_one: int) -> tuple:
    """The run of positions a..b of the colour starting at code ``base``, with ``i`` at position p."""
    new_key = key - (1 << (2 * i))  # p's copy first
    used = 0
    value = 0
    pieces = []
    reals = []
    for q in range(a, b + 1):
        code = base + (q - 1 if q <= 13 else 0)
        value += q if q <= 13 else 1
        if q == p:
            pieces.append((code, False))
            reals.append(code)
        elif (new_key >> (2 * code)) & 3:
            new_key -= 1 << (2 * code)
            pieces.append((code, False))
            reals.append(code)
        else:
            used += 1
            pieces.append((code, True))
    return (new_key, used, value, tuple(pieces), tuple(reals))


#: ``_melds_with`` of a local state (``_local``), kept from one search to the next: a round's racks differ by a
#: tile or two from question to question, so most of a search's local states were met by an earlier one (an
#: opening of a server's game costs some 40 % less with it, measured). Bounded (about 2 MB): emptied when full.
_MELDS_SHARED: dict[int, list[tuple]] = {}
_MELDS_SHARED_MAX = 1 << 12


def _local(i: int, key: int, wilds: int) -> tuple[int, int]:
    """What ``_melds_with(i, key, wilds)`` reads of ``key`` (identity ``i``'s colour, its number's counts) and
    the memo's state for it: ``(state, local key)``."""
    colour, number = divmod(i, 13)
    local = key & (_COLOUR << (26 * colour))
    for other in range(4):
        if other != colour:
            local |= key & (3 << (2 * (other * 13 + number)))
    return local | (i << _SHIFT_WILDS) | (wilds << _SHIFT_I), local


def _local_melds(state: int, i: int, local: int, wilds: int) -> list[tuple[int, int, int, tuple, tuple]]:
    """``_melds_with(i, local, wilds)`` as ``(tiles taken from local, okeys used, value, pieces, real codes)``."""
    hit = _MELDS_SHARED.get(state)
    if hit is None:
        if len(_MELDS_SHARED) >= _MELDS_SHARED_MAX:
            _MELDS_SHARED.clear()
        hit = _MELDS_SHARED[state] = [
            (local - new_key, used, value, pieces, reals)
            for new_key, used, value, pieces, reals in _melds_with(i, local, wilds)
        ]
    return hit


class _Search:
    """One memoised search over sub-racks (shared by the calls of one question)."""

    def __init__(self, per_tile: int = 0) -> None:
        self.memo: dict[int, tuple[int, object]] = {}
        self.per_tile = per_tile  # added to a meld's worth per tile: with a large one, the most tiles win
        self.melds_memo: dict[int, list[tuple]] = {}

    def melds_with(self, i: int, key: int, wilds: int) -> list[tuple[int, int, int, tuple, tuple]]:
        """``_melds_with``, as ``(tiles taken from key, okeys used, worth, pieces, real codes)``, memoised on
        what it reads: identity ``i``, its colour's counts, its number's counts and the okeys."""
        state, local = _local(i, key, wilds)
        hit = self.melds_memo.get(state)
        if hit is None:
            hit = _local_melds(state, i, local, wilds)
            per_tile = self.per_tile
            if per_tile:
                hit = [
                    (taken, used, value + per_tile * len(pieces), pieces, reals)
                    for taken, used, value, pieces, reals in hit
                ]
            self.melds_memo[state] = hit
        return hit

    def best(self, key: int, wilds: int, force: int, keep: bool) -> int:
        state = key | (wilds << _SHIFT_WILDS) | ((force + 1) << _SHIFT_FORCE) | (keep << _SHIFT_KEEP)
        hit = self.memo.get(state)
        if hit is not None:
            return hit[0]
        if key == 0:
            value = IMPOSSIBLE if force != NONE or (keep and not wilds) else 0
            self.memo[state] = (value, None)
            return value
        i = ((key & -key).bit_length() - 1) >> 1
        # Leave one copy of i in the rack.
        best_value = self.best(key - (1 << (2 * i)), wilds, force, False)
        best_choice = None
        for taken, used, value, pieces, reals in self.melds_with(i, key, wilds):
            new_key = key - taken
            if force == NONE:
                next_force = NONE
            elif force == WILD:
                next_force = NONE if used else WILD
            else:
                next_force = NONE if force in reals else force
            rest = self.best(new_key, wilds - used, next_force, keep)
            if rest > IMPOSSIBLE and value + rest > best_value:
                best_value = value + rest
                best_choice = (pieces, new_key, wilds - used, next_force)
        self.memo[state] = (best_value, best_choice)
        return best_value

    def melds(self, key: int, wilds: int, force: int, keep: bool) -> list[tuple]:
        """The melds of the best arrangement from this state (``best`` must have been called)."""
        out = []
        while key:
            state = key | (wilds << _SHIFT_WILDS) | ((force + 1) << _SHIFT_FORCE) | (keep << _SHIFT_KEEP)
            _value, choice = self.memo[state]
            if choice is None:
                i = ((key & -key).bit_length() - 1) >> 1
                key -= 1 << (2 * i)
                keep = False
                continue
            pieces, key, wilds, force = choice
            out.append(pieces)
        return out


def _useless(key: int, wilds: int) -> int:
    """The part of ``key`` whose tiles fit no meld at all, even with the whole rack."""
    out = 0
    rest = key
    while rest:
        low = rest & -rest
        i = (low.bit_length() - 1) >> 1
        copies = (rest >> (2 * i)) & 3
        rest -= copies << (2 * i)
        state, local = _local(i, key, wilds)
        if not _local_melds(state, i, local, wilds):
            out += copies << (2 * i)
    return out


def _solve(rack: Sequence[Tile], okey: Okey, force: int, keep: bool, per_tile: int = 0) -> Arrangement | None:
    key, wilds = _state(rack, okey)
    useless = _useless(key, wilds)
    if force not in (NONE, WILD) and (useless >> (2 * force)) & 3:
        return None
    key -= useless
    if useless:
        keep = False
    search = _Search(per_tile)
    if search.best(key, wilds, force, keep) <= IMPOSSIBLE:
        return None
    melds = tuple(_meld(pieces, okey) for pieces in search.melds(key, wilds, force, keep))
    value = sum(meld.value for meld in melds)
    left = Counter(rack)
    for meld in melds:
        for piece in meld.pieces:
            left[piece.face] -= 1
    melds = tuple(sorted(melds, key=lambda m: (-m.value, m.pieces[0].stands.code, len(m))))
    return Arrangement(value, melds, tuple(sorted(left.elements())))


def _meld(pieces: tuple, okey: Okey) -> Meld:
    made = []
    for code, is_wild in pieces:
        stands = TILES[code]
        if is_wild:
            made.append(Piece(stands, okey.tile, True))
        elif stands is okey.tile:
            made.append(Piece(stands, FALSE_JOKER, False))
        else:
            made.append(Piece(stands, stands, False))
    numbers = {piece.number for piece in made}
    kind = SET if len(numbers) == 1 else RUN
    ordered = tuple(made) if kind == RUN else sort_pieces(made)
    return Meld(kind, ordered, sum(piece.number for piece in made))


MOST_TILES = 1000  # a tile outweighs any difference of value (a rack's value is below 1000)


def best_arrangement(rack: Sequence[Tile], okey: Okey, most_tiles: bool = False) -> Arrangement:
    """The disjoint runs and sets of the rack with the largest total value (no tile kept back for a discard);
    with ``most_tiles``, the ones that leave the fewest tiles, then the largest value.

    Ties go to the first arrangement the search meets, so the answer is deterministic.
    """
    return _solve(rack, okey, NONE, False, MOST_TILES if most_tiles else 0)


def opening(
    rack: Sequence[Tile], okey: Okey, threshold: int = 51, taken: Tile | None = None, most_tiles: bool = False
) -> Arrangement | None:
    """The best lay-down of the rack that keeps one tile to discard and reaches ``threshold``, or None.

    ``taken``: the tile taken from the discards, which the lay-down must use (for an okey: any okey).
    ``most_tiles``: prefer the lay-down that leaves the fewest tiles, when it reaches the threshold too.
    """
    force = NONE if taken is None else (WILD if taken is okey.tile else okey.identity(taken).code)
    if most_tiles:
        found = _solve(rack, okey, force, True, MOST_TILES)
        if found is not None and found.value >= threshold:
            return found
    found = _solve(rack, okey, force, True)
    if found is None or found.value < threshold:
        return None
    return found


def best_value(rack: Sequence[Tile], okey: Okey, keep: bool = False) -> int:
    """The value of the best arrangement (``keep``: one tile stays in the rack)."""
    found = _solve(rack, okey, NONE, keep)
    return 0 if found is None else found.value


# -- many racks that differ by a tile or two --------------------------------------


def pack(rack: Iterable[Tile], okey: Okey) -> tuple[int, int]:
    """A rack as the solver holds it: (a count, two bits each, of the 52 identities; the number of okeys).

    A false joker counts as the okey's face; the okeys themselves are wild. Add a tile of identity ``code``
    with ``key + (1 << 2 * code)`` (at most two of each: the set has no more).
    """
    return _state(rack, okey)


class Solver:
    """The best value of many packed racks (``pack``), on one memo: racks that differ by a tile or two share
    most of their sub-racks, so a bot can weigh every tile it might draw for the price of a few searches.

    ``most_tiles``: ``tiles_laid`` counts the tiles of the arrangement that lays the most (then the largest
    value) instead. The memo grows with every question: make one per decision.
    """

    def __init__(self, most_tiles: bool = False) -> None:
        self._search = _Search(MOST_TILES if most_tiles else 0)
        self.most_tiles = most_tiles

    def value(self, key: int, wilds: int, keep: bool = False) -> int:
        """The value of the best melds of the packed rack (``keep``: one tile stays in the rack); 0 if none."""
        return max(self._search.best(key, wilds, NONE, keep), 0)

    def tiles_laid(self, key: int, wilds: int, keep: bool = False) -> int:
        """With ``most_tiles``: the most tiles the packed rack lays in runs and sets (``keep``: one stays)."""
        return max(self._search.best(key, wilds, NONE, keep), 0) // MOST_TILES


# -- pairs ---------------------------------------------------------------------


def most_pairs(rack: Sequence[Tile], okey: Okey, taken: Tile | None = None, keep: bool = False) -> tuple[Meld, ...]:
    """The most pairs the rack makes: identical real tiles, then an okey with a single tile (never two okeys).

    Two okeys left over with no single tile for them split a real pair ``X X`` into ``X *X`` twice: one
    pair more. ``taken``: a tile that must be in one of them (an empty answer when it can't be); ``keep``:
    one tile stays in the rack.
    """
    counts = _check_rack(rack)
    wilds = counts.pop(okey.tile, 0)
    pairs = []
    singles = []
    for tile in sorted(counts):
        stands = okey.identity(tile)
        piece = Piece(stands, tile, False)
        for _ in range(counts[tile] // 2):
            pairs.append(Meld(PAIR, (piece, piece), 2 * stands.number))
        if counts[tile] % 2:
            singles.append(tile)
    total = sum(counts.values()) + wilds
    # Singles with an okey: the highest first (a pair's value is its two tiles).
    singles.sort(key=lambda t: (-okey.value(t), t.code))
    # Okeys no single tile takes: each two of them split a real pair (the highest first).
    splits = min(max(wilds - len(singles), 0) // 2, len(pairs))
    if keep and splits and 2 * (len(pairs) + splits) >= total:
        splits -= 1  # the tile kept back would undo the last split
    if taken is not None:
        if taken is okey.tile:
            if not wilds or not (singles or splits):
                return ()
        elif taken not in counts or (counts[taken] % 2 and not wilds):
            return ()
        elif counts[taken] % 2:
            singles.remove(taken)
            singles.insert(0, taken)
    for tile in singles[:wilds]:
        stands = okey.identity(tile)
        pairs.append(Meld(PAIR, (Piece(stands, tile, False), Piece(stands, okey.tile, True)), 2 * stands.number))
    for _ in range(splits):
        split = max(
            (i for i, pair in enumerate(pairs) if not pair.wilds),
            key=lambda i: (pairs[i].value, pairs[i].pieces[0].face.code),
        )
        piece = pairs[split].pieces[0]
        okey_piece = Piece(piece.stands, okey.tile, True)
        pairs[split] = Meld(PAIR, (piece, okey_piece), pairs[split].value)
        pairs.append(Meld(PAIR, (piece, okey_piece), pairs[split].value))
    if keep and 2 * len(pairs) >= total:
        # Keep one tile back: give up the lowest pair that does not hold the taken tile.
        for index in range(len(pairs) - 1, -1, -1):
            faces = {piece.face for piece in pairs[index].pieces}
            if taken is None or taken not in faces or sum(taken in {p.face for p in m.pieces} for m in pairs) > 1:
                del pairs[index]
                break
    return tuple(sorted(pairs, key=lambda m: (m.pieces[0].stands.code, m.wilds)))


def pairs_opening(rack: Sequence[Tile], okey: Okey, taken: Tile | None = None) -> tuple[Meld, ...] | None:
    """The pairs of an opening with pairs (at least five, one tile kept to discard), or None."""
    pairs = most_pairs(rack, okey, taken, keep=True)
    return pairs if len(pairs) >= 5 else None


__all__ = [
    "COLOURS",
    "Arrangement",
    "RackError",
    "Solver",
    "best_arrangement",
    "best_value",
    "is_penalty",
    "layoff_spots",
    "most_pairs",
    "opening",
    "pack",
    "pairs_opening",
    "penalty_tiles",
    "seize_spots",
]
