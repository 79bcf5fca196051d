"""Where the tiles lie on the table (engine/sniff/geometry.py)."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.sniff import Layout, Side, Tile, parse_layout
from engine.sniff.render.geometry import HALF_WIDTH, Box, Direction, Geometry
from tests.layouts import random_layout

WORKED_EXAMPLE = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b\n2|4 on 4|4 branch-a\n"
BRANCHES = (
    "1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b\n1|2 on 1|1 line-b\n"
    "1|5 on 1|1 branch-a\n5|5 on 1|5 high\n0|5 on 5|5 line-b\n1|3 on 1|1 branch-b\n"
)


def geometry(text: str) -> Geometry:
    return Geometry.of(parse_layout(text))


def random_layouts(count: int, seed: int, min_tiles: int = 1):
    """``count`` random legal layouts of ``min_tiles`` to 28 tiles (fewer when a layout blocks)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield random_layout(rng, rng.randint(min_tiles, 28))


def touching(a: Box, b: Box) -> bool:
    """Whether two boxes share a stretch of edge (and no area)."""
    if a.overlaps(b):
        return False
    share_x = min(a.x1, b.x1) > max(a.x0, b.x0)
    share_y = min(a.y1, b.y1) > max(a.y0, b.y0)
    return (share_y and (a.x1 == b.x0 or b.x1 == a.x0)) or (share_x and (a.y1 == b.y0 or b.y1 == a.y0))


def test_the_line_runs_horizontally_from_the_opener():
    g = geometry("1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b\n")
    opener = g[Tile(1, 4)]
    assert opener.box == Box(-2, -1, 2, 1)
    assert not opener.vertical
    # Low end to the west, high end to the east, as the notation reads left to right.
    assert g[Tile(1, 1)].box.x1 == opener.box.x0
    assert g[Tile(4, 4)].box.x0 == opener.box.x1
    assert g[Tile(3, 4)].box.x0 == g[Tile(4, 4)].box.x1
    assert not g[Tile(3, 4)].vertical
    assert {p.box.y0 + p.box.y1 for p in g} == {0}, "one straight line, centred on the opener"


def test_doubles_lie_crosswise():
    g = geometry("1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n")
    for double in (Tile(1, 1), Tile(4, 4)):
        assert g[double].vertical
        assert (g[double].box.width, g[double].box.height) == (2, 4)
    assert geometry("2|2")[Tile(2, 2)].vertical, "a double opener too"


def test_the_sniffs_branches_leave_it_perpendicular():
    g = geometry(WORKED_EXAMPLE)
    sniff, branch = g[Tile(4, 4)], g[Tile(2, 4)]
    assert branch.vertical
    assert branch.box.y1 == sniff.box.y0, "branch A goes up from a horizontal line"
    assert (branch.box.x0, branch.box.x1) == (sniff.box.x0, sniff.box.x1)
    g = geometry(BRANCHES)
    assert g[Tile(1, 3)].box.y0 == g[Tile(1, 1)].box.y1, "branch B goes down"
    assert g[Tile(1, 5)].box.y1 == g[Tile(1, 1)].box.y0


def test_every_tile_touches_the_face_it_joins():
    for layout in random_layouts(150, seed=7):
        g = Geometry.of(layout)
        for placement in layout.placements[1:]:
            position = g[placement.tile]
            if position.gap is None:
                assert touching(position.box, g[placement.target].box), placement


def test_the_halves_show_the_joined_values_next_to_each_other():
    g = geometry("3|6\n6|6 on 3|6 high\n")
    opener = g[Tile(3, 6)]
    assert [h.value for h in opener.halves] == [3, 6]
    assert opener.halves[0].box.x1 == opener.halves[1].box.x0
    double = g[Tile(6, 6)]
    assert [h.value for h in double.halves] == [6, 6]


def test_open_sides_face_away_from_their_tile():
    for layout in random_layouts(100, seed=11):
        g = Geometry.of(layout)
        for join in layout.legal_joins():
            end = g[join.tile].end(join.side)
            box = g[join.tile].box
            on_edge = (end.x in (box.x0, box.x1) and box.y0 <= end.y <= box.y1) or (
                end.y in (box.y0, box.y1) and box.x0 <= end.x <= box.x1
            )
            assert on_edge, (join, end, box)
            ahead = (end.x + end.direction.dx, end.y + end.direction.dy)
            assert not (box.x0 < ahead[0] < box.x1 and box.y0 < ahead[1] < box.y1), (join, end)


def test_no_two_tiles_overlap():
    # tests/sniff/test_svg.py checks the drawn outlines of 300 more layouts.
    for layout in random_layouts(300, seed=2024):
        boxes = [p.box for p in Geometry.of(layout)]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not a.overlaps(b), layout


def test_a_full_layout_fits_in_a_width_of_about_ten_tiles():
    widths = [Geometry.of(layout).bounds().width / 4 for layout in random_layouts(150, seed=5, min_tiles=28)]
    assert statistics.median(widths) <= 9.5
    assert max(widths) <= 11, "an arm that meets the table's edge turns its corner"


def test_an_arm_turns_a_corner_at_the_edge_of_the_table():
    # A long line to the east: 1-2, 2-3, ... every tile joins the high end.
    text = "0|1\n" + "".join(f"{a}|{b} on {a - 1}|{a} high\n" for a, b in zip(range(1, 6), range(2, 7), strict=True))
    text += "6|6 on 5|6 high\n0|6 on 6|6 line-b\n0|0 on 0|6 low\n0|2 on 0|0 line-b\n"
    g = geometry(text)
    assert max(p.box.x1 for p in g) <= HALF_WIDTH + 4
    assert any(p.vertical and not p.tile.is_double for p in g), "the arm goes round the corner"


def test_positions_never_move_when_tiles_are_added():
    for layout in random_layouts(60, seed=3):
        full = Geometry.of(layout)
        for n in range(1, len(layout)):
            prefix = Geometry.of(Layout(layout.placements[:n]))
            for position in prefix:
                assert full[position.tile] == position


def test_positions_are_deterministic():
    layout = parse_layout(BRANCHES)
    assert [p for p in Geometry.of(layout)] == [p for p in Geometry.of(layout)]


def test_directions_turn_clockwise_on_screen():
    assert Direction.EAST.clockwise() is Direction.SOUTH
    assert Direction.SOUTH.clockwise() is Direction.WEST
    assert Direction.NORTH.counterclockwise() is Direction.WEST
    assert Direction.WEST.opposite() is Direction.EAST


def test_a_side_that_is_not_on_the_table_is_a_clear_error():
    g = geometry("1|4")
    with pytest.raises(KeyError, match=r"\[1\|4\] has no branch-a side"):
        g[Tile(1, 4)].end(Side.BRANCH_A)


def test_a_layout_drawn_after_the_one_before_it_lies_as_drawn_from_scratch():
    """A board draws the layout after every move (svg.Picture keeps the pictures): the picture of a layout one
    placement longer goes on from the one before (Geometry.copy), and lies exactly as the layout laid out whole;
    the picture it went on from is left as it was."""
    from engine.sniff.render import svg

    for layout in random_layouts(40, seed=11, min_tiles=2):
        svg._pictures.clear()
        placements = layout.placements
        pictures = [svg.Picture.of(Layout(placements[:n])) for n in range(1, len(placements) + 1)]
        for n, picture in enumerate(pictures, start=1):
            whole = Geometry.of(Layout(placements[:n]))
            assert list(picture.geometry) == list(whole)
            assert picture.geometry.bounds() == whole.bounds()
            assert len(picture.geometry) == n, "each picture keeps its own tiles"
