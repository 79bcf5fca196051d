"""Properties over random legal layouts of up to all 28 tiles (Hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.sniff import DOUBLE_SIX, IllegalPlacementError, Placement, Side, format_layout, parse_layout
from tests.layouts import legal_placements, model, random_layout

layouts = st.builds(random_layout, st.randoms(use_true_random=False), st.integers(min_value=1, max_value=28))


@settings(max_examples=150, deadline=None)
@given(layouts)
def test_legal_joins_are_exactly_the_open_sides(layout):
    open_sides, _ = model(list(layout.placements))
    assert {(j.tile, j.side): j.value for j in layout.legal_joins()} == open_sides


@settings(max_examples=60, deadline=None)
@given(layouts)
def test_a_placement_is_legal_exactly_when_it_matches_an_open_side(layout):
    open_sides = {(j.tile, j.side): j.value for j in layout.legal_joins()}
    for tile in DOUBLE_SIX:
        for target in layout.tiles:
            for side in Side:
                placement = Placement(tile, target, side)
                value = open_sides.get((target, side))
                expected = tile not in layout and value is not None and tile.has(value)
                try:
                    layout.check(placement)
                    legal = True
                except IllegalPlacementError:
                    legal = False
                assert legal == expected, placement


@settings(max_examples=150, deadline=None)
@given(layouts)
def test_no_branch_is_legal_before_both_line_sides_of_the_sniff_are_joined(layout):
    sniff = layout.sniff
    branches_open = any(j.side.is_branch for j in layout.legal_joins())
    if sniff is None:
        assert not branches_open
        return
    lines_joined = {p.side for p in layout.placements if p.target == sniff and p.side.is_line}
    is_opener = layout.placements[0].tile == sniff
    both_joined = lines_joined == {Side.LINE_A, Side.LINE_B} or (not is_opener and Side.LINE_B in lines_joined)
    if not both_joined:
        assert not branches_open
    assert all(j.tile == sniff for j in layout.legal_joins() if j.side.is_branch)


@settings(max_examples=150, deadline=None)
@given(layouts)
def test_counted_values_follow_the_rules(layout):
    _, expected = model(list(layout.placements))
    assert [(c.tile, c.value) for c in layout.counted_ends()] == expected
    assert layout.counted_total() == sum(value for _, value in expected)


@settings(max_examples=150, deadline=None)
@given(layouts)
def test_format_then_parse_gives_back_the_same_layout(layout):
    again = parse_layout(format_layout(layout))
    assert again.placements == layout.placements
    assert again.legal_joins() == layout.legal_joins()
    assert again.counted_ends() == layout.counted_ends()


def test_incremental_state_matches_the_model_at_every_step_of_many_full_games():
    rng = random.Random(2026)
    for _ in range(200):
        layout = random_layout(rng, 0)
        for _ in range(28):
            options = legal_placements(layout)
            if not options:
                break
            layout.place(rng.choice(options))
            open_sides, counted = model(list(layout.placements))
            assert {(j.tile, j.side): j.value for j in layout.legal_joins()} == open_sides
            assert [(c.tile, c.value) for c in layout.counted_ends()] == counted
        # Undo all the way back, checking the model after every step.
        while len(layout) > 1:
            layout.undo()
            open_sides, counted = model(list(layout.placements))
            assert {(j.tile, j.side): j.value for j in layout.legal_joins()} == open_sides
            assert [(c.tile, c.value) for c in layout.counted_ends()] == counted
