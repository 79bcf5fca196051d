"""What a player can infer about the hidden tiles, and guesses consistent with it.

The unseen tiles are all 28 but one's own and those on the table; they are in
the other hands and in the boneyard. Draws and passes reveal what a player
lacks: a player draws or passes only when none of their tiles matches an open
value, and a drawn tile they keep (rather than place at once) doesn't match
either. So each tile a player holds now lacks every value that was open at
each of their draws and passes since it came into their hand.

We don't see which of their tiles came from which draw. The loosest reading
that fits is that the tiles they kept from their latest draws are still in
hand; a tile kept from a draw lacks the values open at that draw and at their
later draws and passes, and every other tile lacks the values of all of them.
``hidden_slots`` gives one such constraint (a bit mask of lacked values) per
hidden tile, and ``sample_hidden`` deals the unseen tiles to them at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.fastrandom import shuffle
from ..game import Drew, Passed, Played, PlayerView
from ..layout import Layout
from ..tiles import DOUBLE_SIX, Tile

#: Each tile's values as a bit mask (bit v set for a half showing v).
TILE_MASK = {tile: (1 << tile.low) | (1 << tile.high) for tile in DOUBLE_SIX}


def unseen_tiles(view: PlayerView) -> list[Tile]:
    """The tiles ``view.seat`` can't see: in the other hands or in the boneyard."""
    seen = set(view.tiles) | set(view.layout.tiles)
    return [tile for tile in DOUBLE_SIX if tile not in seen]


def hidden_slots(view: PlayerView) -> list[tuple[int, int]]:
    """``(seat, lacked values mask)`` for every tile another seat holds now."""
    layout = Layout()
    # For each other seat: (open values mask, a kept draw?) of each of its draws and passes, in order.
    history: dict[int, list[tuple[int, bool]]] = {seat: [] for seat in range(view.players) if seat != view.seat}
    events = view.events
    for index, event in enumerate(events):
        kind = type(event)
        if kind is Played:
            layout.place(event.placement)
        elif event.seat != view.seat and kind in (Drew, Passed):
            mask = 0
            for value in layout.open_values():
                mask |= 1 << value
            following = events[index + 1] if index + 1 < len(events) else None
            placed_at_once = type(following) is Played and following.seat == event.seat
            history[event.seat].append((mask, kind is Drew and not placed_at_once))
    slots = []
    for seat, seen in history.items():
        # since[i]: every value open at the seat's i-th draw or pass or later.
        since = [0] * (len(seen) + 1)
        for i in range(len(seen) - 1, -1, -1):
            since[i] = since[i + 1] | seen[i][0]
        kept = [i for i, (_, is_kept) in enumerate(seen) if is_kept]
        masks = [since[i] for i in reversed(kept)][: view.hand_sizes[seat]]
        masks += [since[0]] * (view.hand_sizes[seat] - len(masks))
        slots.extend((seat, mask) for mask in masks)
    return slots


def sample_hidden(
    unseen: Sequence[Tile], slots: Sequence[tuple[int, int]], players: int, rng: random.Random, tries: int = 20
) -> tuple[list[list[Tile]], list[Tile]]:
    """Deal ``unseen`` at random: one tile per slot, each lacking its slot's values; the rest is the boneyard
    in a random order. Returns ``(tiles per seat, boneyard)``; if no fitting deal turns up in ``tries``
    attempts, the constraints are dropped (the history was unusual, the guess still has the right sizes)."""
    order = sorted(range(len(slots)), key=lambda i: -bin(slots[i][1]).count("1"))
    for attempt in range(tries + 1):
        strict = attempt < tries
        pool = list(unseen)
        shuffle(rng, pool)  # rng.shuffle(pool), faster
        hands: list[list[Tile]] = [[] for _ in range(players)]
        for i in order:
            seat, mask = slots[i]
            for j, tile in enumerate(pool):
                if not strict or not TILE_MASK[tile] & mask:
                    hands[seat].append(pool.pop(j))
                    break
            else:
                break
        else:
            return hands, pool
    raise AssertionError("unreachable: the last attempt ignores the constraints")
