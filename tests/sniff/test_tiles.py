"""The double-six set: 28 tiles, [0|0] to [6|6], always written [low|high]."""

import pytest

from engine.sniff import DOUBLE_SIX, Side, Tile


def test_the_set_has_28_tiles_from_blank_blank_to_double_six():
    assert len(DOUBLE_SIX) == 28
    assert len(set(DOUBLE_SIX)) == 28
    assert DOUBLE_SIX[0] == Tile(0, 0) and DOUBLE_SIX[-1] == Tile(6, 6)
    assert sum(t.is_double for t in DOUBLE_SIX) == 7


@pytest.mark.parametrize("text", ["4|1", "1|4", "[4|1]", " [1|4] "])
def test_a_tile_is_read_in_either_order_and_shown_low_first(text):
    tile = Tile.parse(text)
    assert tile == Tile(1, 4)
    assert str(tile) == "[1|4]" and tile.notation() == "1|4" and repr(tile) == "Tile(1, 4)"
    assert tile is Tile.of(4, 1)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7|2", "7|2 is not a double-six tile"),
        ("1-4", "1-4 is not a tile"),
        ("a|b", "a|b is not a tile"),
        ("", "is not a tile"),
    ],
)
def test_bad_tiles_are_refused_with_the_input_in_the_message(text, reason):
    with pytest.raises(ValueError, match=reason.replace("|", r"\|")):
        Tile.parse(text)


def test_other_half_and_pips():
    assert Tile(2, 5).other(5) == 2 and Tile(2, 5).other(2) == 5
    assert Tile(3, 3).pips == 6
    with pytest.raises(ValueError, match=r"\[2\|5\] has no half 4"):
        Tile(2, 5).other(4)


def test_sides_are_ordered_as_the_rules_list_them():
    assert sorted(Side, key=lambda s: s.order) == [
        Side.LINE_A,
        Side.LINE_B,
        Side.BRANCH_A,
        Side.BRANCH_B,
        Side.HIGH,
        Side.LOW,
    ]
    with pytest.raises(ValueError, match='"middle" is not a side'):
        Side.parse("middle")
