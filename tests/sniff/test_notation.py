"""The layout notation (spec/layout-notation.md): reading, writing and its errors."""

import pytest

from engine.sniff import Layout, NotationError, Placement, Side, Tile, format_layout, parse_layout

SPEC_EXAMPLE = """\
# comments start with #; blank lines are ignored; ';' also separates placements
4|1                 # the opening tile: halves in any order, normalised to [1|4]
1|1 on 1|4 low      # place [1|1] on the open low end of [1|4]
4|4 on 1|4 high

3|4 on 4|4 line-b   # [3|4] joins the open far side of the crosswise double [4|4]
"""


def test_the_spec_example_reads_and_writes_back():
    layout = parse_layout(SPEC_EXAMPLE)
    assert layout.placements == (
        Placement(Tile(1, 4)),
        Placement(Tile(1, 1), Tile(1, 4), Side.LOW),
        Placement(Tile(4, 4), Tile(1, 4), Side.HIGH),
        Placement(Tile(3, 4), Tile(4, 4), Side.LINE_B),
    )
    assert format_layout(layout) == "1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b\n"


def test_semicolons_and_brackets():
    layout = parse_layout("[4|1]; [1|1] on [1|4] low")
    assert format_layout(layout) == "1|4\n1|1 on 1|4 low\n"


def test_empty_text_is_an_empty_layout():
    assert len(parse_layout("# nothing yet\n\n")) == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # The spec's own examples.
        ("1|4\n1|1 on 1|4 low\n2|5 on 1|4 high", "line 3: [2|5] does not match the open value 4 of [1|4] high"),
        (
            "1|4\n1|1 branch-a",
            'line 2: cannot read "1|1 branch-a": write TILE for the opener, or TILE on TILE SIDE',
        ),
        (
            "1|4\n1|1 on 1|4 low\n1|5 on 1|1 branch-a",
            "line 3: [1|1] branch-a is not open yet: both line sides of the Sniff must be joined first",
        ),
        ("1|4\n1|1 on 1|4 low\n4|4 on 1|4 high\n3|4 on 4|4 line-b\n3|4 on 1|1 line-b", "line 5: [3|4] is already in"),
        ("7|2", "line 1: 7|2 is not a double-six tile"),
        ("1|4\n1|1 on 1|4 low\n\n# c\n1|4 on 1|1 line-b", "line 5: [1|4] is already in the layout"),
        ("1|4\n\n\n\n0|5 on 0|6 high", "line 5: [0|6] is not in the layout"),
        # More of them.
        ("1|4\n2|3", "line 2: [2|3] has no target, but the layout already has its opening tile [1|4]"),
        ("1|4 on 4|4 high", "line 1: [4|4] is not in the layout"),
        ("1|4\n4|5 on 1|4 line-a", "line 2: [1|4] is not a double and has no line-a"),
        ("4|4\n4|5 on 4|4 high", "line 2: [4|4] is a double and has no high end"),
        ("1|4\n1|1 on 1|4 low\n1|2 on 1|4 low", "line 3: [1|4] low is already joined"),
        ("1|4\n4|5 on 1|4 top", 'line 2: "top" is not a side'),
        # Placements joined by ";" (the sandbox's) are named by their number too (issue 25).
        ("1|4; 1|3 on 1|4 low; 2|2 on 1|4 low", "line 1: placement 3: [1|4] low is already joined"),
    ],
)
def test_errors_name_the_line_and_the_reason(text, message):
    with pytest.raises(NotationError) as caught:
        parse_layout(text)
    assert str(caught.value).startswith(message)
    assert caught.value.line == int(message.split(":")[0].split()[1])
    assert isinstance(caught.value, ValueError)


def test_a_layout_round_trips_through_its_placements():
    layout = parse_layout(SPEC_EXAMPLE)
    again = Layout(layout.placements)
    assert format_layout(again) == format_layout(layout)
    # The repr does not look like code (it would not evaluate back): it names the placements in the notation.
    assert repr(layout) == "<Layout: 1|4; 1|1 on 1|4 low; 4|4 on 1|4 high; 3|4 on 4|4 line-b>"
    assert format_layout(parse_layout(repr(layout)[len("<Layout: ") : -1])) == format_layout(layout)
    assert repr(Layout()) == "<Layout: no tiles>"
