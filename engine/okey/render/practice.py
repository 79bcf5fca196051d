"""The words and drawings of an Okey exercise (``engine.okey.practice``), in any language.

As for Sniff (``engine.sniff.render.practice``): ``exercise_json`` gives the
command's fields and the Practice page's (``page``, ``anchor``, ``svg``,
``explanation_svg``, ``ui``). The question's picture shows the position without
what it asks (no penalty marks, no charge, no totals); the explanation's picture
is the site's own diagram of the position (``analyse`` and ``render_svg``: the
melds of the best opening laid out, the charge, the settlement), and its words
are the diagram's description (the ``okey`` catalog) after one sentence of the
``practice`` catalog. A charge is the game's: ``analyse`` plays the action on a
``game.Round``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ...core.i18n import translations
from ...core.practice import page_right
from ...core.svgtext import tostring
from ..melds import parse_pieces
from ..practice import Exercise, make
from ..tiles import Okey, Tile
from .analysis import Analysis, analyse
from .notation import parse_diagram
from .svg import FONT, GAP, PAD, ROW_GAP, TILE_H, TILE_W, _Canvas, _indicator, _num, _row, _tile, render_svg
from .text import Words as OkeyWords
from .text import describe

ANCHORS = {
    "meld": "melds",
    "penalty": "penalty-tile",
    "open": "opening",
    "charge": "laying-off",
    "settle": "settlement",
}
CHARGE_ANCHORS = {"layoff": "laying-off", "seize": "seizing", "take": "taking", "discard": "penalty-tile"}
SEATS = 4


class Words:
    def __init__(self, lang: str) -> None:
        catalog = translations(lang, "practice")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.lang = lang
        self.okey = OkeyWords(lang)

    def seat(self, seat: int, mode: str = "solo") -> str:
        """As the diagrams name the seats (the ``okey`` catalog): You, Your partner, Seat 1."""
        say = self.okey._
        if seat == 0:
            return say("You")
        if seat == 2 and mode == "pairs":
            return say("Your partner")
        return say("Seat {seat}").format(seat=seat)


def _analysis(exercise: Exercise) -> Analysis:
    return analyse(parse_diagram(exercise.block), exercise.block)


def exercise_json(kind: str, seed: int, lang: str = "en", rules: str | None = None) -> dict:
    return exercises_json(kind, seed, (lang,))[lang]


def exercises_json(kind: str, seed: int, langs, rules: str | None = None) -> dict[str, dict]:
    """``exercise_json`` in each of ``langs``: the exercise and its analysis are made once, only the words and
    drawings per language (the build-time bank's way)."""
    exercise = make(kind, seed)
    analysis = _analysis(exercise)
    return {lang: _exercise_json(exercise, analysis, kind, seed, lang) for lang in langs}


def _exercise_json(exercise: Exercise, analysis: Analysis, kind: str, seed: int, lang: str) -> dict:
    w = Words(lang)
    data = _KINDS[kind](exercise, analysis, w)
    answer = data.get("answer", exercise.answer)
    return {
        "game": "okey",
        "kind": kind,
        "seed": seed,
        "rules": None,
        "level": exercise.level,
        "question": data["question"],
        "position": exercise.position,
        "answer": answer,
        "hints": data["hints"],
        "explanation": data["intro"] + " " + describe(analysis, lang).description,
        "page": "okey",
        "anchor": data.get("anchor", ANCHORS[kind]),
        "svg": data["svg"],
        "explanation_svg": render_svg(analysis, lang, spots=kind == "penalty", id_prefix=f"a-{kind}-{seed}"),
        "ui": data["ui"],
    }


def command_json(kind: str, seed: int, lang: str = "en", rules: str | None = None) -> dict:
    full = exercise_json(kind, seed, lang)
    keys = ("game", "kind", "seed", "question", "position", "answer", "hints", "explanation")
    return {key: full[key] for key in keys}


def check_answer(kind: str, seed: int, given: object, rules: str | None = None) -> dict:
    """Whether an answer is right: the command's form (equal to ``answer``) or the page's (``targets``, ``fields``)."""
    full = exercise_json(kind, seed, "en")
    answer = full["answer"]
    if isinstance(given, dict) and "targets" in given and "fields" in given:
        right = page_right(full["ui"], given)
    elif kind == "penalty" and isinstance(given, list):
        right = sorted(set(map(str, given))) == answer
    else:
        right = given == answer
    return {"right": right, "answer": answer}


# -- the question's picture --------------------------------------------------------------------------------


class _Question:
    """The position without the answer: the indicator, rows of tiles under labels; rack tiles as targets."""

    def __init__(self, okey: Okey, w: Words, title: str, prefix: str) -> None:
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "class": "okey practice-question",
                "role": "img",
                "aria-labelledby": f"{prefix}-title",
                "font-family": FONT,
            },
        )
        ET.SubElement(self.root, "title", {"id": f"{prefix}-title"}).text = title
        self.canvas = _Canvas(self.root)
        self.okey = okey
        self.w = w
        self.marks: list[tuple[str, str, float, float]] = []
        empty = Analysis(okey, True, "solo", (), None, (), (), (), None, ())
        _indicator(self.canvas, empty, w.okey)

    def pieces(self, label: str, text: str) -> None:
        self.canvas.label(label)
        _row(self.canvas, parse_pieces(text, self.okey))
        self.canvas.y += TILE_H + ROW_GAP

    def tiles(self, label: str, tiles, targets: bool = False) -> None:
        self.canvas.label(label)
        x = PAD
        for index, tile in enumerate(tiles):
            is_okey = self.okey.is_okey(tile)
            _tile(self.root, x, self.canvas.y, tile, classes="okey" if is_okey else "", tag="★" if is_okey else "")
            if targets:
                self.marks.append((str(index), self.w.okey.tile(tile), x + TILE_W / 2, self.canvas.y + TILE_H / 2))
            x += TILE_W + GAP
        self.canvas.right = max(self.canvas.right, x)
        self.canvas.y += TILE_H + ROW_GAP

    def done(self) -> tuple[str, list[dict]]:
        width = max(self.canvas.right, 120) + PAD
        height = self.canvas.y - ROW_GAP + PAD
        self.root.set("viewBox", f"0 0 {_num(width)} {_num(height)}")
        self.root.set("width", _num(width))
        self.root.set("height", _num(height))
        targets = [
            {"id": i, "label": label, "x": round(x / width, 4), "y": round(y / height, 4)}
            for i, label, x, y in self.marks
        ]
        return tostring(self.root), targets


def _okey(exercise: Exercise) -> Okey:
    return Okey(Tile.parse(exercise.position["indicator"]))


def _choices(right: int, *others: int) -> list[int]:
    return sorted({right, *[o for o in others if o is not None]})


# -- the kinds ------------------------------------------------------------------------------------------


def _meld(exercise: Exercise, analysis: Analysis, w: Words) -> dict:
    _ = w._
    okey = _okey(exercise)
    text = exercise.position["meld"]
    answer = exercise.answer
    picture = _Question(
        okey,
        w,
        _("Exercise diagram: the indicator and the tiles {tiles}.").format(
            tiles=w.okey.pieces(parse_pieces(text, okey))
        ),
        f"q-meld-{exercise.seed}",
    )
    picture.pieces(_("the tiles"), text)
    svg, _targets = picture.done()
    value = answer["value"]
    face_sum = sum(p.number for p in parse_pieces(text, okey))
    targets = [
        {"id": "valid", "label": _("A meld"), "x": None, "y": None},
        {"id": "invalid", "label": _("Not a meld"), "x": None, "y": None},
    ]
    intro = (
        _("These tiles are a meld worth {value}.").format(value=value)
        if answer["valid"]
        else _("These tiles are not a meld.")
    )
    return {
        "question": _("Are these tiles a meld? If they are, what is it worth?"),
        "hints": [
            _("Look at the indicator first: which tile is the okey, and what does a false joker count as?"),
            _(
                "A run is three or more tiles of one colour in order (1 after 13 only at the end); a set is "
                "three or four tiles of one number in different colours. A meld is worth the sum of its numbers, "
                "an okey counting as the tile it stands for."
            ),
        ],
        "intro": intro,
        "svg": svg,
        "ui": {
            "targets": targets,
            "multi": False,
            "fields": [
                {
                    "label": _("Value (if a meld)"),
                    "choices": _choices(value or face_sum, face_sum, (value or face_sum) + 1),
                }
            ],
            "expect": {"targets": ["valid" if answer["valid"] else "invalid"], "fields": [value]},
        },
    }


def _penalty(exercise: Exercise, analysis: Analysis, w: Words) -> dict:
    _ = w._
    okey = _okey(exercise)
    rack = [Tile.parse(t) for t in exercise.position["rack"]]
    picture = _Question(okey, w, _("Exercise diagram: the melds on the table and your rack."), f"q-pen-{exercise.seed}")
    for number, meld in enumerate(exercise.position["table"], 1):
        picture.pieces(_("meld {number}").format(number=number), meld)
    picture.tiles(_("your rack"), rack, targets=True)
    svg, targets = picture.done()
    answer = exercise.answer
    expected = [str(i) for i, t in enumerate(rack) if t.notation() in answer]
    intro = (
        _("Penalty tiles: {tiles}.").format(tiles=w.okey.tiles(Tile.parse(t) for t in answer))
        if answer
        else _("No tile of this rack is a penalty tile.")
    )
    return {
        "question": _(
            "Which tiles of your rack are penalty tiles with this table? Select every one (none, if none is)."
        ),
        "hints": [
            _("Look at both ends of every run and at every set with three tiles: which tiles would fit there?"),
            _(
                "A penalty tile is one that could be laid off on a meld of the table; discarding it costs 100 points. "
                "An okey standing in a meld makes its real tile one too."
            ),
        ],
        "intro": intro,
        "svg": svg,
        "ui": {"targets": targets, "multi": True, "fields": [], "expect": {"targets": expected, "fields": []}},
    }


def _open(exercise: Exercise, analysis: Analysis, w: Words) -> dict:
    _ = w._
    okey = _okey(exercise)
    rack = [Tile.parse(t) for t in exercise.position["rack"]]
    threshold = exercise.position["threshold"]
    picture = _Question(okey, w, _("Exercise diagram: the indicator and your rack."), f"q-open-{exercise.seed}")
    picture.tiles(_("your rack"), rack)
    svg, _targets = picture.done()
    answer = exercise.answer
    value = answer["value"]
    targets = [
        {"id": "yes", "label": _("Yes, I can open"), "x": None, "y": None},
        {"id": "no", "label": _("No, not yet"), "x": None, "y": None},
    ]
    if threshold == 51:
        question = _("Can you open with this rack (51 needed)? What is the best opening's total?")
    else:
        question = _(
            "With doubling, the last opening was {last}: you need {threshold}. Can you open with this rack? "
            "What is the best opening's total?"
        ).format(last=threshold - 1, threshold=threshold)
    intro = (
        _("The best opening keeps a tile to discard and totals {value}: enough for {threshold}.")
        if answer["can"]
        else _("The best opening keeps a tile to discard and totals {value}: not enough for {threshold}.")
    ).format(value=value, threshold=threshold)
    return {
        "question": question,
        "hints": [
            _("Look for the runs and sets in your rack, and keep one tile back to discard."),
            _(
                "An opening with melds needs a total of 51 or more; with doubling, more than the last opening. "
                "Each meld counts the sum of its numbers."
            ),
        ],
        "intro": intro,
        "svg": svg,
        "ui": {
            "targets": targets,
            "multi": False,
            "fields": [
                {
                    "label": _("Total of the best opening"),
                    "choices": _choices(value, value + 3, max(value - 4, 0), threshold),
                }
            ],
            "expect": {"targets": ["yes" if answer["can"] else "no"], "fields": [value]},
        },
    }


def _charge(exercise: Exercise, analysis: Analysis, w: Words) -> dict:
    _ = w._
    okey = _okey(exercise)
    position = exercise.position
    mode = position["mode"]
    action = analysis.actions[0]
    charge = action.charge
    answer = {"seat": charge.seat if charge else None, "points": charge.points if charge else 0}
    owners = {0: _("yours"), 1: _("an opponent's"), 2: _("your partner's")}
    picture = _Question(
        okey, w, _("Exercise diagram: the melds on the table and your move."), f"q-charge-{exercise.seed}"
    )
    for number, item in enumerate(position["table"], 1):
        picture.pieces(_("meld {number}, {owner}").format(number=number, owner=owners[item["owner"]]), item["meld"])
    verb = position["action"].split()[0]
    tile = action.tile if action.piece is None else None
    labels = {
        "layoff": _("you lay off this tile on meld {number}"),
        "seize": _("you seize the okey of meld {number} with this tile"),
        "take": _("you take this discard from the player before you"),
        "discard": _("you discard this tile"),
    }
    label = labels[verb].format(number=(action.target or 0))
    if action.piece is not None:
        picture.pieces(label, action.piece.notation())
    else:
        picture.tiles(label, [tile])
    svg, _targets = picture.done()
    targets = [{"id": str(seat), "label": w.seat(seat, mode), "x": None, "y": None} for seat in range(SEATS)]
    targets.append({"id": "none", "label": _("Nobody"), "x": None, "y": None})
    if charge is None:
        intro = _("Nobody is charged.")
    elif answer["seat"] == 0:  # the visitor: a sentence of its own, so that every language's verb agrees
        intro = _("You are charged {points}.").format(points=answer["points"])
    else:
        intro = _("{who} is charged {points}.").format(who=w.seat(answer["seat"], mode), points=answer["points"])
    return {
        "answer": answer,
        "anchor": CHARGE_ANCHORS[verb],
        "question": _("Who is charged for this move, and how much?"),
        "hints": [
            _("Look at whose meld it is, or whose discard, and at the tile's number."),
            _(
                "A lay-off on an opponent's meld costs its owner the tile's number × 10; seizing an okey costs the "
                "meld's owner 100 + the tile's number × 10; a taken discard costs the discarder its number × 10; "
                "discarding a penalty tile costs you 100. Your own and your partner's melds cost nothing."
            ),
        ],
        "intro": intro,
        "svg": svg,
        "ui": {
            "targets": targets,
            "multi": False,
            "fields": [
                {
                    "label": _("Points"),
                    "choices": _choices(
                        answer["points"], 0, 100, answer["points"] + 100, answer["points"] // 2 or None
                    ),
                }
            ],
            "expect": {
                "targets": [str(answer["seat"]) if charge else "none"],
                "fields": [answer["points"]],
            },
        },
    }


def _settle(exercise: Exercise, analysis: Analysis, w: Words) -> dict:
    _ = w._
    okey = _okey(exercise)
    position = exercise.position
    mode = position["mode"]
    # Translators: a player's state at the round's end, after a seat's name ("Seat 1: opened"): no verb that
    # agrees with the seat; the visitor's own labels ("You went out") are separate messages.
    states = {"opened": _("opened"), "pairs": _("opened with pairs"), "closed": _("not opened")}
    yours = {"opened": _("You opened"), "pairs": _("You opened with pairs"), "closed": _("You did not open")}
    picture = _Question(
        okey, w, _("Exercise diagram: each player's rack at the round's end."), f"q-settle-{exercise.seed}"
    )
    for seat, row in enumerate(position["seats"]):
        if seat == position["finisher"]:
            out = _("You went out") if seat == 0 else _("{who}: went out").format(who=w.seat(seat, mode))
            picture.canvas.label(out)
            continue
        label = (
            yours[row["state"]]
            if seat == 0
            else _("{who}: {state}").format(who=w.seat(seat, mode), state=states[row["state"]])
        )
        picture.tiles(label, [Tile.parse(t) for t in row["rack"]])
    svg, _targets = picture.done()
    amounts = exercise.answer
    fields = []
    for seat in range(SEATS):
        fields.append(
            {"label": w.seat(seat, mode), "choices": _choices(amounts[seat], amounts[seat] * 2 or None, 500, -500, 0)}
        )
    question = _("The round ends: {end}. What does each player score?").format(end=w.okey.end(position["end"]))
    if mode == "pairs":
        question = _("Pairs mode. The round ends: {end}. What does each player score?").format(
            end=w.okey.end(position["end"])
        )
    return {
        "question": question,
        "hints": [
            _("Look at how each player stands (went out, opened, opened with pairs, not opened) and count each rack."),
            _(
                "The finisher scores −500 (−1000 going out with pairs or by discarding an okey). A player who "
                "opened pays the rack's value × 5 (× 10 after a finish with pairs or by discarding an okey, and "
                "always × 10 after opening with pairs); a player who never opened pays 500 (1000 after a × 10 "
                "finish); each okey left in a rack adds 500 (1000). The finisher's partner pays nothing."
            ),
        ],
        "intro": _("Each player's score, by the settlement table:"),
        "svg": svg,
        "ui": {"targets": [], "multi": False, "fields": fields, "expect": {"targets": None, "fields": list(amounts)}},
    }


_KINDS = {"meld": _meld, "penalty": _penalty, "open": _open, "charge": _charge, "settle": _settle}
