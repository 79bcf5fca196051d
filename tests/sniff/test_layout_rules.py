"""The layout rules of American Sniff, one test per rule (seeds 000, 002, 004)."""

import pytest

from engine.sniff import IllegalPlacementError, Layout, Placement, Side, Tile, parse_layout, placement_score


def counted(layout):
    return [(str(c.tile), c.side.value, c.value) for c in layout.counted_ends()]


def legal(layout):
    return [(str(j.tile), j.side.value, j.value) for j in layout.legal_joins()]


def test_worked_example_8_14_15_13():
    """Open [4|4]: 8. [4|6] on a line side: 14. [1|4] on the other: 15, scores 15. [2|4] on a branch: 13."""
    layout = Layout()
    assert layout.place(Placement(Tile(4, 4))) == 0
    assert layout.counted_total() == 8
    assert layout.place(Placement(Tile(4, 6), Tile(4, 4), Side.LINE_A)) == 0
    assert layout.counted_total() == 14
    assert layout.place(Placement(Tile(1, 4), Tile(4, 4), Side.LINE_B)) == 15
    assert [c.value for c in layout.counted_ends()] == [1, 4, 4, 6]
    assert layout.place(Placement(Tile(2, 4), Tile(4, 4), Side.BRANCH_A)) == 0
    assert layout.counted_total() == 13
    assert counted(layout) == [("[1|4]", "low", 1), ("[2|4]", "low", 2), ("[4|4]", "branch-b", 4), ("[4|6]", "high", 6)]


def test_a_lone_sniff_counts_both_halves_once():
    layout = parse_layout("2|2")
    assert counted(layout) == [("[2|2]", "line-a", 4)]
    assert layout.counted_total() == 4 and layout.score() == 0


def test_a_later_double_counts_both_halves_while_its_line_b_is_open():
    layout = parse_layout("3|6\n6|6 on 3|6 high")
    assert counted(layout) == [("[3|6]", "low", 3), ("[6|6]", "line-b", 12)]
    assert layout.score() == 15
    # [6|6] is the first double, so the Sniff; a later double is never a spinner.
    layout = parse_layout("1|4\n1|1 on 1|4 low\n4|4 on 1|4 high")
    assert layout.sniff == Tile(1, 1)
    assert counted(layout) == [("[1|1]", "line-b", 2), ("[4|4]", "line-b", 8)]


def test_a_played_on_double_counts_nothing_and_has_no_branches():
    layout = parse_layout("1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b")
    assert counted(layout) == [("[1|1]", "line-b", 2), ("[3|4]", "low", 3)]
    assert ("[4|4]", "branch-a", 4) not in legal(layout)
    with pytest.raises(IllegalPlacementError, match=r"\[4\|4\] has no branches: only the Sniff"):
        layout.check(Placement(Tile(2, 4), Tile(4, 4), Side.BRANCH_A))


def test_the_first_double_is_the_sniff_also_when_it_opens():
    layout = parse_layout("5|5")
    assert layout.sniff == Tile(5, 5)
    assert legal(layout) == [("[5|5]", "line-a", 5), ("[5|5]", "line-b", 5)]


def test_sniff_branches_open_only_once_both_line_sides_are_joined():
    layout = parse_layout("1|4\n1|1 on 1|4 low")
    with pytest.raises(IllegalPlacementError, match="not open yet: both line sides of the Sniff must be joined first"):
        layout.check(Placement(Tile(1, 5), Tile(1, 1), Side.BRANCH_A))
    layout.place(Placement(Tile(1, 2), Tile(1, 1), Side.LINE_B))
    assert legal(layout)[:2] == [("[1|1]", "branch-a", 1), ("[1|1]", "branch-b", 1)]
    assert counted(layout)[:2] == [("[1|1]", "branch-a", 1), ("[1|1]", "branch-b", 1)]


def test_joining_one_branch_ends_only_that_branchs_count():
    layout = parse_layout("1|4; 1|1 on 1|4 low; 1|2 on 1|1 line-b; 1|5 on 1|1 branch-a")
    assert ("[1|1]", "branch-b", 1) in counted(layout)
    assert ("[1|1]", "branch-a", 1) not in counted(layout)
    layout.place(Placement(Tile(1, 3), Tile(1, 1), Side.BRANCH_B))
    assert all(tile != "[1|1]" for tile, _, _ in counted(layout))
    # Once both branches are joined, the four outer ends count.
    assert len(counted(layout)) == 4


def test_the_opener_is_scored_like_any_placement():
    assert parse_layout("1|4").score() == 5
    assert parse_layout("0|0").counted_total() == 0 and parse_layout("0|0").score() == 0


@pytest.mark.parametrize(("total", "points"), [(0, 0), (5, 5), (7, 0), (15, 15), (13, 0), (30, 30), (-5, 0)])
def test_placement_score_is_the_sum_when_a_positive_multiple_of_five(total, points):
    assert placement_score(total) == points


def test_undo_restores_every_query():
    layout = parse_layout("4|4; 4|6 on 4|4 line-a; 1|4 on 4|4 line-b")
    before = (legal(layout), counted(layout), layout.counted_total(), layout.sniff)
    layout.place(Placement(Tile(2, 4), Tile(4, 4), Side.BRANCH_A))
    assert layout.undo() == Placement(Tile(2, 4), Tile(4, 4), Side.BRANCH_A)
    assert (legal(layout), counted(layout), layout.counted_total(), layout.sniff) == before
    while len(layout):
        layout.undo()
    assert layout.sniff is None and legal(layout) == [] and layout.counted_total() == 0
    with pytest.raises(IndexError):
        layout.undo()


def test_a_copy_is_independent():
    layout = parse_layout("4|4; 4|6 on 4|4 line-a")
    clone = layout.copy()
    clone.place(Placement(Tile(1, 4), Tile(4, 4), Side.LINE_B))
    assert len(layout) == 2 and layout.counted_total() == 14
    clone.undo()
    clone.undo()
    assert clone.counted_total() == 8 and layout.counted_total() == 14


def test_joins_say_which_sides_meet():
    layout = parse_layout("1|4; 1|1 on 1|4 low; 4|4 on 1|4 high; 3|4 on 4|4 line-b")
    assert [(str(j.target), j.side.value, str(j.tile), j.tile_side.value) for j in layout.joins()] == [
        ("[1|4]", "low", "[1|1]", "line-a"),
        ("[1|4]", "high", "[4|4]", "line-a"),
        ("[4|4]", "line-b", "[3|4]", "high"),
    ]


def test_joins_for_a_tile_and_can_place():
    layout = parse_layout("1|4; 1|1 on 1|4 low")
    assert [(str(j.tile), j.side.value) for j in layout.joins_for(Tile(1, 6))] == [("[1|1]", "line-b")]
    assert layout.joins_for(Tile(1, 1)) == []  # already placed
    assert layout.can_place(Tile(4, 5)) and not layout.can_place(Tile(2, 3))
    assert Layout().can_place(Tile(2, 3))
