"""Fuzz: random text never raises anything but the notation error."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.sniff import NotationError, parse_layout

WORDS = ["on", "low", "high", "line-a", "line-b", "branch-a", "branch-b", "|", ";", "#", "[", "]", "\n", " "]
notation_like = st.lists(
    st.one_of(st.sampled_from(WORDS), st.integers(-2, 9).map(str), st.text(max_size=3)), max_size=40
).map(" ".join)


def parse_or_notation_error(text: str) -> None:
    try:
        parse_layout(text)
    except NotationError as error:
        assert error.line >= 1
        assert str(error).startswith(f"line {error.line}: ")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text(text):
    parse_or_notation_error(text)


@settings(max_examples=500, deadline=None)
@given(notation_like)
def test_notation_like_text(text):
    parse_or_notation_error(text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.sampled_from(WORDS[1:7])
        ),
        max_size=12,
    )
)
def test_well_formed_but_mostly_illegal_placements(rows):
    text = "\n".join(f"{a}|{b} on {c}|{d} {side}" if i else f"{a}|{b}" for i, (a, b, c, d, side) in enumerate(rows))
    parse_or_notation_error(text)
