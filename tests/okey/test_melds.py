"""Tiles and melds: the notation, the 106 tiles, the okey, runs, sets, pairs, values and reasons."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import EngineError
from engine.okey.melds import InvalidMeldError, Piece, check_meld, parse_meld, parse_pieces, sort_pieces
from engine.okey.tiles import COLOURS, FALSE_JOKER, FULL_SET, NotationError, Okey, Tile, format_tiles, parse_tiles

R5 = Okey(Tile.parse("R5"))  # the okey is R6; a false joker is R6


def check(text: str, okey: Okey = R5):
    return check_meld(parse_pieces(text, okey), okey)


def test_tiles_parse_case_insensitively_and_format_upper_case():
    assert Tile.parse("r7") is Tile.parse("R7") is Tile.of("R", 7)
    assert format_tiles(parse_tiles("b12, k1 fj  y13")) == "B12 K1 FJ Y13"
    for bad in ("R0", "R14", "G5", "", "7R", "*R5", "F"):
        with pytest.raises(NotationError):
            Tile.parse(bad)
    with pytest.raises(EngineError) as caught:
        Tile.parse("X5")
    assert caught.value.code == "okey-tile" and caught.value.params == {"text": "X5"}


def test_the_set_has_106_tiles():
    counts = Counter(FULL_SET)
    assert len(FULL_SET) == 106
    assert set(counts.values()) == {2}
    assert counts[FALSE_JOKER] == 2
    assert {t.colour for t in counts if t is not FALSE_JOKER} == set(COLOURS)


def test_the_indicator_makes_the_okey_one_higher_and_13_makes_1():
    assert Okey(Tile.parse("R5")).tile is Tile.parse("R6")
    assert Okey(Tile.parse("R13")).tile is Tile.parse("R1")
    assert Okey(Tile.parse("K13")).identity(FALSE_JOKER) is Tile.parse("K1")
    assert R5.value(FALSE_JOKER) == 6
    with pytest.raises(EngineError, match="never the indicator"):
        Okey(FALSE_JOKER)


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("R4 R5 *R6", "run", 15),
        ("R12 R13 R1", "run", 26),
        ("R1 R2 R3", "run", 6),
        ("R1 R2 R3 R4 R5 R7 R8 R9 R10 R11 R12 R13 R1 *R6", None, None),  # out of order: *R6 is not in place
        ("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B1", "run", 92),
        ("B9 R9 K9", "set", 27),
        ("B9 R9 K9 Y9", "set", 36),
        ("B9 *R9 K9", "set", 27),
        ("*B9 *R9 K9", "set", 27),
        ("R5 FJ R7", "run", 18),  # FJ is R6 here
        ("FJ K6 B6", "set", 18),
        ("K4 *K4", "pair", 8),
        ("B9 B9", "pair", 18),
        ("FJ FJ", "pair", 12),
        ("FJ *R6", "pair", 12),
    ],
)
def test_meld_kinds_and_values(text, kind, value):
    result = check(text)
    assert (result.kind, result.value) == (kind, value), result.reason
    assert result.valid == (kind is not None)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R13 R1 R2", "13-1-2 wraps"),
        ("K12 K13 K1 K2", "13-1-2 wraps"),
        ("B9 R9 B9", "blue is there twice"),
        ("B9 R9 K9 Y9 B9", "three or four tiles"),
        ("R4 R5 R6", "R6 is the okey (indicator R5)"),
        ("*K4 *K4", "a pair needs at least one real tile"),
        ("*R1 *R2 *R3", "only two"),
        ("R6 R5 R4", "R6 is the okey"),
        ("B6 B5 B4", "ascending order"),
        ("B4 B6 B7", "B4 and B6 are not consecutive"),
        ("R4 FJ R7", "R4 and FJ (R6) are not consecutive"),
        ("B4 K5 Y6", "neither a run"),
        ("B4 B5", "not a pair"),
        ("B4", "at least three tiles"),
        ("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B1 B2", "at most 14 tiles"),
    ],
)
def test_invalid_melds_say_why(text, reason):
    result = check(text)
    assert not result.valid and result.kind is None and result.value is None
    assert reason in result.reason
    assert result.code
    with pytest.raises(InvalidMeldError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_meld(text, R5)


def test_an_okey_stand_in_is_written_with_a_star():
    meld = parse_meld("K10 K11 *K12", R5)
    assert meld.notation() == "K10 K11 *K12"
    assert meld.pieces[2] == Piece(Tile.parse("K12"), R5.tile, True)
    with pytest.raises(NotationError):
        parse_pieces("*FJ R1 R2", R5)


def test_spots_extend_and_seize():
    run = parse_meld("R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", Okey(Tile.parse("B1")))
    assert [(end, t.notation()) for end, t in run.spots()] == [("low", "R1"), ("high", "R1")]
    assert run.end_for(Tile.parse("R1")) == "low"  # a 1 that fits both ends goes low
    assert run.extended(Piece(Tile.parse("R1"), Tile.parse("R1"))).notation().startswith("R1 R2")
    full = parse_meld("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", Okey(Tile.parse("B1")))
    assert full.spots() == []
    assert parse_meld("B9 R9 K9", R5).spots() == [("set", Tile.parse("Y9"))]
    assert parse_meld("R11 R12 R13", Okey(Tile.parse("B1"))).spots() == [
        ("low", Tile.parse("R10")),
        ("high", Tile.parse("R1")),
    ]
    meld = parse_meld("B7 *B8 B9", R5)
    assert meld.wild_for(Tile.parse("B8")) == 1
    assert meld.seized(1, Piece(Tile.parse("B8"), Tile.parse("B8"))).notation() == "B7 B8 B9"


def test_sorting_pieces_puts_a_run_in_order():
    okey = Okey(Tile.parse("B1"))
    assert " ".join(p.notation() for p in sort_pieces(parse_pieces("R1 R13 R12", okey))) == "R12 R13 R1"
    assert " ".join(p.notation() for p in sort_pieces(parse_pieces("R3 R1 R2", okey))) == "R1 R2 R3"
    assert " ".join(p.notation() for p in sort_pieces(parse_pieces("K9 B9 R9", okey))) == "R9 B9 K9"


# -- properties ----------------------------------------------------------------


@st.composite
def runs_with_okeys(draw):
    """A valid run in the notation, with up to two of its tiles played by okeys."""
    colour = draw(st.sampled_from(COLOURS))
    length = draw(st.integers(3, 14))
    start = draw(st.integers(1, 15 - length))
    numbers = [1 if p == 14 else p for p in range(start, start + length)]
    wild_at = draw(st.sets(st.integers(0, length - 1), max_size=2))
    indicator = draw(st.sampled_from([t for t in FULL_SET if not t.is_false_joker and t.colour != colour]))
    okey = Okey(indicator)
    pieces = []
    for i, number in enumerate(numbers):
        tile = Tile.of(colour, number)
        pieces.append(Piece(tile, okey.tile, True) if i in wild_at else Piece(tile, tile, False))
    return okey, tuple(pieces), numbers


@settings(max_examples=80, deadline=None)
@given(runs_with_okeys())
def test_a_run_stays_valid_with_the_real_tiles_for_its_stand_ins(case):
    okey, pieces, numbers = case
    result = check_meld(pieces, okey)
    assert result.valid and result.kind == "run", result.reason
    assert result.value == sum(numbers) == sum(p.stands.number for p in pieces)
    real = tuple(Piece(p.stands, p.stands, False) for p in pieces)
    assert check_meld(real, okey).value == result.value
    text = " ".join(p.notation() for p in pieces)
    assert parse_meld(text, okey).notation() == text


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 13), st.sets(st.sampled_from(COLOURS), min_size=3, max_size=4), st.data())
def test_a_set_with_stand_ins_is_worth_its_tiles(number, colours, data):
    okey = Okey(Tile.parse("R13") if number != 1 else Tile.parse("B5"))
    order = sorted(colours)
    wild_at = data.draw(st.sets(st.integers(0, len(order) - 1), max_size=2))
    pieces = []
    for i, colour in enumerate(order):
        tile = Tile.of(colour, number)
        if tile is okey.tile:
            pieces.append(Piece(tile, okey.tile, True))
        else:
            pieces.append(Piece(tile, okey.tile, True) if i in wild_at else Piece(tile, tile, False))
    result = check_meld(tuple(pieces), okey)
    if sum(p.wild for p in pieces) > 2:
        assert not result.valid
        return
    assert result.valid and result.kind == "set"
    assert result.value == number * len(pieces)
