"""Random legal layouts for property tests, and a from-scratch model of the rules."""

from __future__ import annotations

import random

from engine.sniff import DOUBLE_SIX, Layout, Placement, Side, Tile


def legal_placements(layout: Layout) -> list[Placement]:
    """Every legal placement of every tile not yet in the layout."""
    if not len(layout):
        return [Placement(tile) for tile in DOUBLE_SIX]
    return [
        Placement(tile, join.tile, join.side)
        for tile in DOUBLE_SIX
        if tile not in layout
        for join in layout.legal_joins()
        if tile.has(join.value)
    ]


def random_layout(rng: random.Random, size: int) -> Layout:
    """A legal layout of up to ``size`` tiles, built by random legal placements."""
    layout = Layout()
    for _ in range(size):
        options = legal_placements(layout)
        if not options:
            break
        layout.place(rng.choice(options))
    return layout


def model(placements: list[Placement]) -> tuple[dict[tuple[Tile, Side], int], list[tuple[Tile, int]]]:
    """The open sides and counted values, computed from scratch from the rules' wording.

    Returns ({(tile, side): value} of open sides, sorted [(tile, counted value)]).
    """
    joined: dict[Tile, set[Side]] = {}
    sniff = next((p.tile for p in placements if p.tile.is_double), None)
    for p in placements:
        joined.setdefault(p.tile, set())
        if p.target is not None:
            joined[p.target].add(p.side)
            value = p.target.low if p.target.is_double else (p.target.high if p.side is Side.HIGH else p.target.low)
            if p.tile.is_double:
                joined[p.tile].add(Side.LINE_A)
            else:
                joined[p.tile].add(Side.LOW if p.tile.low == value else Side.HIGH)
    open_sides: dict[tuple[Tile, Side], int] = {}
    counted: list[tuple[Tile, int, int]] = []
    for p in placements:
        tile, done = p.tile, joined[p.tile]
        if not tile.is_double:
            for side, value in ((Side.HIGH, tile.high), (Side.LOW, tile.low)):
                if side not in done:
                    open_sides[(tile, side)] = value
                    counted.append((tile, side.order, value))
            continue
        lines_open = [s for s in (Side.LINE_A, Side.LINE_B) if s not in done]
        for side in lines_open:
            open_sides[(tile, side)] = tile.low
        if tile == sniff and not lines_open:
            for side in (Side.BRANCH_A, Side.BRANCH_B):
                if side not in done:
                    open_sides[(tile, side)] = tile.low
                    counted.append((tile, side.order, tile.low))
        elif lines_open:
            # A terminal double counts both halves, once.
            counted.append((tile, lines_open[0].order, 2 * tile.low))
    counted.sort(key=lambda c: (c[0].low, c[0].high, c[1]))
    return open_sides, [(tile, value) for tile, _, value in counted]
