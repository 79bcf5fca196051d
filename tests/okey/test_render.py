"""Okey diagrams (engine/okey/render): the notation, the annotations against the rules engine, the SVG, the text."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES
from engine.okey.arrange import penalty_tiles
from engine.okey.melds import check_meld, parse_meld
from engine.okey.render import DiagramError, analyse, describe, parse_diagram, render_svg
from engine.okey.rules import LAYOFF_TIMES, OPENED_MELDS, OPENED_PAIRS, Options, settle
from engine.okey.tiles import COLOURS, TILES, Okey, Tile

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"
LANGS = LANGUAGES


def draw(text: str, lang: str = "en", **options):
    analysis = analyse(parse_diagram(text), text)
    return analysis, ET.fromstring(render_svg(analysis, lang, **options))


# -- the notation: errors name the line and the reason ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("indicator R5\nmeld R4 R5 R7\n", 2, "R5 and R7 are not consecutive"),
        ("meld R13 R1 R2\n", 1, "13-1-2 wraps"),
        ("\n\nfrobnicate R4\n", 3, 'unknown statement "frobnicate"'),
        ("rack R4 Q9\n", 1, '"Q9" is not a tile'),
        ("indicator FJ\n", 1, "a false joker is never the indicator"),
        ("indicator R5\nindicator K2\n", 2, "indicator is given twice"),
        ("meld R4 R5 R6\nlayoff R7 to 1\n", 2, "write layoff TILE on N"),
        ("meld R4 R5 R6\nlayoff R7 on 2\n", 2, "there is no table meld 2"),
        ("meld R4 R5 R6\nlayoff K7 on 1\n", 2, "K7 does not fit R4 R5 R6"),
        ("meld R4 R5 *R6\n", 1, "needs the indicator"),
        ("seat 1 opened K3\n", 1, "seat lines belong to a round's end"),
        ("end hand\nseat 1 opened K3\nseat 2 closed K4\n", 1, "seat 3 is missing"),
        ("end sideways\n", 1, "write end and how the round ended"),
        ("meld partner R4 R5 R6\n", 1, "a partner's meld needs mode pairs"),
        ("invalid R4 R5 R6\n", 1, "is a valid run"),
        ("opening R4 R5 R6\ndiscard K2\n", 2, "the opening above falls short"),
        ("pairs B9 B9, K7 K8, R1 R1, Y4 Y4, B2 B2\n", 1, "K7 K8 is not a pair"),
        ("meld R5 R6 R7\nrack R4 R4 R4\ndiscard R4\n", 2, "R4 is in the rack 3 times"),
        ("# nothing\n", 1, "the block draws nothing"),
        ("take K7\ndiscard K7\n", 1, "cannot take K7: a taken tile must be used this turn"),
    ],
)
def test_a_broken_block_names_its_line_and_the_reason(text, line, reason):
    with pytest.raises(DiagramError) as caught:
        parsed = parse_diagram(text)
        analyse(parsed, text)
    assert caught.value.line == line, caught.value.reason
    assert reason in caught.value.reason


# -- the seed's examples, as the engine computes them ----------------------------------------------------------


def test_the_indicator_makes_the_okey_and_the_false_jokers_identity():
    analysis, svg = draw("indicator R13\n")
    assert analysis.okey.tile is Tile("R1")
    okeys = svg.findall(f".//{SVG}g[@class='tile okey']")
    assert [g.get("data-tile") for g in okeys] == ["R1", "R1"]
    assert "red 1" in describe(analysis).description


def test_laying_off_blue_7_on_an_opponents_run_charges_the_owner_70():
    analysis, svg = draw("meld B4 B5 B6\nlayoff B7 on 1\n")
    action = analysis.actions[0]
    assert (action.charge.seat, action.charge.points) == (1, 70)
    assert "+70" in "".join(svg.itertext())
    assert analysis.table[0].meld.notation() == "B4 B5 B6 B7" and analysis.table[0].new == (3,)


def test_seizing_the_okey_with_blue_8_charges_180():
    analysis, _svg = draw("indicator R5\nmeld B7 *B8 B9\nseize B8 on 1\n")
    assert analysis.actions[0].charge.points == 180
    assert analysis.table[0].meld.notation() == "B7 B8 B9"


def test_doubling_after_68_needs_69():
    analysis, _svg = draw("last-opening 68\nopening R10 R11 R12, K12 B12 Y12\n")
    assert (analysis.actions[0].total, analysis.actions[0].threshold, analysis.actions[0].reached) == (69, 69, True)
    short, _ = draw("last-opening 69\nopening R10 R11 R12, K12 B12 Y12\n")
    assert short.actions[0].reached is False
    off, _ = draw("doubling off\nlast-opening 69\nopening R10 R11 R12, K12 B12 Y12\n")
    assert off.actions[0].threshold == 51


def test_the_penalty_tiles_of_5_6_7_are_4_and_8():
    analysis, svg = draw("meld R5 R6 R7\nrack R4 R8 K2 Y11\n")
    assert analysis.penalties == (Tile("R4"), Tile("R8"))
    marked = [g.get("data-tile") for g in svg.iter(f"{SVG}g") if "penalty" in (g.get("class") or "").split()]
    assert marked == ["R4", "R8"]


def test_the_last_discard_is_exempt():
    analysis, _ = draw("meld R5 R6 R7\nrack R8\ndiscard R8\n")
    assert analysis.actions[0].ends_round and analysis.actions[0].charge is None


def test_no_charge_on_ones_own_or_a_partners_meld():
    own, _ = draw("meld own B4 B5 B6\nlayoff B7 on 1\n")
    partner, _ = draw("mode pairs\nmeld partner B4 B5 B6\nlayoff B7 on 1\n")
    assert own.actions[0].charge is None and partner.actions[0].charge is None


def test_taking_the_discard_to_complete_the_fifth_pair():
    analysis, _ = draw("take B9\npairs B9 B9, K7 K7, R1 R1, Y4 Y4, B2 B2\n")
    take, pairs = analysis.actions
    assert (take.charge.seat, take.charge.points) == (3, 90)
    assert pairs.reached and pairs.total == 5


# -- the annotations agree with the engine over random racks and tables --------------------------------------------


def random_meld(rng: random.Random, okey: Okey) -> str:
    """A valid run or set (checked by the engine), sometimes with an okey standing in."""
    while True:
        colour = rng.choice(COLOURS)
        if rng.random() < 0.5:
            start = rng.randint(1, 11)
            length = rng.randint(3, min(5, 14 - start))
            words = [f"{colour}{n if n <= 13 else 1}" for n in range(start, start + length)]
        else:
            number = rng.randint(1, 13)
            words = [f"{c}{number}" for c in rng.sample(COLOURS, rng.randint(3, 4))]
        if rng.random() < 0.3:
            words[rng.randrange(len(words))] = "*" + words[rng.randrange(len(words))].lstrip("*")
        text = " ".join(w if w.startswith("*") or w != okey.tile.notation() else "*" + w for w in words)
        try:
            parse_meld(text, okey)
        except ValueError:
            continue
        return text


@pytest.mark.parametrize("seed", range(60))
def test_penalty_marks_and_meld_values_are_the_engines(seed):
    rng = random.Random(seed)
    indicator = rng.choice(TILES[:52])
    okey = Okey(indicator)
    melds = [random_meld(rng, okey) for _ in range(rng.randint(1, 3))]
    rack = rng.sample([t for t in TILES for _ in range(2)], rng.randint(3, 14))
    while any(rack.count(t) > 2 for t in rack):
        rack = rng.sample([t for t in TILES for _ in range(2)], len(rack))
    text = f"indicator {indicator}\n" + "".join(f"meld {m}\n" for m in melds) + "rack " + " ".join(map(str, rack))
    analysis, svg = draw(text, spots=True)
    engine_melds = [parse_meld(m, okey) for m in melds]
    assert list(analysis.penalties) == penalty_tiles(rack, engine_melds, okey)
    rack_tiles = [g for g in svg.iter(f"{SVG}g") if (g.get("class") or "").startswith("tile")][-len(rack) :]
    marked = {g.get("data-tile") for g in rack_tiles if "penalty" in g.get("class").split()}
    assert marked == {t.notation() for t in penalty_tiles(rack, engine_melds, okey)}
    labels = [t.text for t in svg.iter(f"{SVG}text") if "okey-label" in (t.get("class") or "")]
    for number, meld in enumerate(engine_melds, start=1):
        result = check_meld(meld.pieces, okey)
        assert analysis.table[number - 1].meld.value == result.value
        assert any(label.startswith(f"{number} ·") and label.endswith(f", {result.value}") for label in labels)
        spots = {g.get("data-tile") for g in svg.iter(f"{SVG}g") if g.get("class") == "spot"}
        assert {t.notation() for _e, t in meld.spots()} <= spots


@pytest.mark.parametrize("seed", range(40))
def test_lay_off_charges_and_settlements_are_the_engines(seed):
    rng = random.Random(1000 + seed)
    okey = Okey(rng.choice(TILES[:52]))
    meld = parse_meld(random_meld(rng, okey), okey)
    spots = meld.spots()
    if spots:
        _end, tile = rng.choice(spots)
        if tile is not okey.tile:
            owner = rng.choice(["own", "opponent"])
            text = f"indicator {okey.indicator}\nmeld {owner} {meld}\nlayoff {tile} on 1\n"
            analysis, _ = draw(text)
            charge = analysis.actions[0].charge
            expected = tile.number * LAYOFF_TIMES if owner == "opponent" else None
            assert (charge.points if charge else None) == expected
    end = rng.choice(["hand", "pairs", "okey", "exhausted"])
    states = [rng.choice(["opened", "pairs", "closed"]) for _ in range(4)]
    racks = [rng.sample(TILES[:52], rng.randint(0, 5)) for _ in range(4)]
    finisher = None if end == "exhausted" else 0
    if finisher == 0:
        racks[0] = []
    lines = [f"indicator {okey.indicator}", f"end {end}"]
    lines += [f"seat {s} {states[s]} {' '.join(map(str, racks[s]))}" for s in range(4) if s != finisher]
    analysis, svg = draw("\n".join(lines))
    state = {"opened": OPENED_MELDS, "pairs": OPENED_PAIRS, "closed": None}
    expected = settle(Options(), end, finisher, racks, [state[s] for s in states], okey)
    assert [row.amount for row in analysis.seats] == expected
    shown = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "pill-text"]
    for row, pill in zip(analysis.seats, shown, strict=True):
        assert pill.endswith(str(abs(row.amount))), (pill, row)


# -- the SVG ----------------------------------------------------------------------------------------------------


def test_the_svg_is_an_image_with_a_title_a_description_and_unique_ids():
    analysis, svg = draw("indicator R5\nmeld B7 *B8 B9\nseize B8 on 1\n", id_prefix="fig-3")
    assert svg.get("class") == "okey" and svg.get("role") == "img"
    title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
    assert title.get("id") == "fig-3-title" and desc.get("id") == "fig-3-desc"
    assert svg.get("aria-labelledby") == "fig-3-title fig-3-desc"
    text = describe(analysis)
    assert title.text == f"{text.heading}. {text.caption}" and desc.text == text.description
    ids = [e.get("id") for e in svg.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_colour_is_never_alone_each_tile_has_its_colours_symbol():
    _analysis, svg = draw("meld own R4 R5 R6\nmeld own B9 R9 K9 Y9\nrack Y1 K2 B3 R4\n")
    for group in svg.iter(f"{SVG}g"):
        classes = (group.get("class") or "").split()
        if "tile" not in classes or group.get("data-tile") == "FJ":
            continue
        colour = Tile(group.get("data-tile").lstrip("*")).colour
        symbols = [e for e in group if f"colour-symbol colour-{colour}" == e.get("class")]
        assert len(symbols) == 1, group.get("data-tile")


def test_the_same_block_gives_byte_identical_svg():
    text = "indicator R5\nmeld B4 B5 B6\nrack R4 B7 B3\nlayoff B7 on 1\n"
    first = render_svg(analyse(parse_diagram(text), text), "fi")
    assert render_svg(analyse(parse_diagram(text), text), "fi") == first


# -- every okey fence of the site, in four languages -------------------------------------------------------------

FENCE = re.compile(r"^```okey( [^\n]*)?\n(.*?)^```$", re.M | re.S)


def site_blocks() -> list[tuple[str, str, str]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for match in FENCE.finditer(page.read_text(encoding="utf-8")):
            found.append((page.name, (match.group(1) or "").strip(), match.group(2)))
    return found


def test_the_site_has_okey_diagrams_on_every_okey_page():
    pages = {name for name, _o, _b in site_blocks()}
    for stem in ("okey", "index"):
        assert {f"{stem}.md", f"{stem}.id.md", f"{stem}.it.md", f"{stem}.fi.md"} <= pages


@pytest.mark.parametrize(("page", "options", "body"), site_blocks(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_okey_fence_has_its_text_in_four_languages(page, options, body):
    analysis = analyse(parse_diagram(body), body)
    texts = {lang: describe(analysis, lang) for lang in LANGS}
    numbers = None
    for lang, text in texts.items():
        for part in text.lines():
            assert part and "{" not in part and "}" not in part, (lang, part)
        found = sorted(re.findall(r"\d+", text.caption))
        numbers = numbers or found
        assert found == numbers, (lang, text.caption)
        if lang != "en":
            assert text.heading != texts["en"].heading or not re.search(r"[a-z]{4}", text.heading), lang
            assert text.description != texts["en"].description, lang
        svg = ET.fromstring(render_svg(analysis, lang, spots="spots" in options.split()))
        assert svg.find(f"{SVG}desc").text == text.description


# -- the colours pass contrast checks in both palettes ---------------------------------------------------------


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def palettes() -> dict[str, dict[str, str]]:
    css = (DOCS / "assets" / "stylesheets" / "okey.css").read_text(encoding="utf-8")
    out = {}
    schemes = (("light", r'\[data-md-color-scheme="default"\]'), ("dark", r'\[data-md-color-scheme="slate"\]'))
    for name, selector in schemes:
        block = re.search(selector + r"\s*\{(.*?)\}", css, re.S).group(1)
        out[name] = dict(re.findall(r"--okey-([\w-]+):\s*(#[0-9a-fA-F]{6})", block))
    return out


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_the_four_colours_pass_contrast_on_the_tiles(palette):
    colours = palettes()[palette]
    for name in ("red", "blue", "black", "yellow"):
        assert contrast(colours[name], colours["tile"]) >= 4.5, (palette, name)
    assert contrast(colours["mark-text"], colours["mark"]) >= 4.5
    assert contrast(colours["text"], colours["table"]) >= 4.5
    assert contrast(colours["penalty"], colours["table"]) >= 4.5
    # The marks around the tiles stand out from the table (non-text contrast).
    assert contrast(colours["mark"], colours["table"]) >= 3
