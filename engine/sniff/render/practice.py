"""The words and drawings of a Sniff exercise (``engine.sniff.practice``), in any language.

``exercise_json`` gives what the command line prints (``game``, ``kind``,
``seed``, ``question``, ``position``, ``answer``, ``hints``, ``explanation``)
and, for the Practice page, the rule's section (``page``, ``anchor``), the
question's diagram (``svg``: the counted values left out), the explanation's
diagram (``explanation_svg``: the counted values marked, or the rounding shown)
and how the page takes the answer (``ui``: buttons on the diagram's ends, or a
list; number fields with choices; and what it expects). Every word comes from
the ``practice`` catalog (side names from ``sniff``); every number from the
exercise, that is from the rules engine.
"""

from __future__ import annotations

from ...core.i18n import translations
from ...core.practice import page_right
from ..layout import Layout, Placement
from ..notation import parse_layout
from ..practice import Exercise, check, make
from ..rules import round_to_five
from ..tiles import Side, Tile
from .hands import hands_svg as _hands_svg
from .svg import Picture, render_svg
from .text import side_name, sum_text

#: The rules page and section of each kind (classic Sniff's scoring is on the Variants page).
ANCHORS = {
    "score": ("rules", "placement-scoring"),
    "counted": ("rules", "the-sniff"),
    "joins": ("rules", "placing-tiles"),
    "deduction": ("rules", "deductions"),
    "best": ("rules", "placement-scoring"),
}
CLASSIC_ANCHORS = {"score": ("variants", "classic-scoring"), "deduction": ("variants", "classic-end-of-hand")}


class Words:
    def __init__(self, lang: str) -> None:
        catalog = translations(lang, "practice")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.lang = lang

    def end(self, tile: Tile, side) -> str:
        # Translators: an open end of the layout, a button's label: "[3|4] high end".
        return self._("[{tile}] {side}").format(tile=tile.notation(), side=side_name(side, self.lang))

    def placement(self, placement: Placement) -> str:
        # Translators: a placement, as a button's label: "[2|5] on [2|2] line B".
        return self._("[{tile}] on [{target}] {side}").format(
            tile=placement.tile.notation(),
            target=placement.target.notation(),
            side=side_name(placement.side, self.lang),
        )

    def seat(self, seat: int) -> str:
        return self._("Player {number}").format(number=seat + 1)

    def tiles(self, tiles) -> str:
        return ", ".join(f"[{t.notation()}]" for t in tiles)


def exercise_json(kind: str, seed: int, lang: str = "en", rules: str = "american") -> dict:
    """The exercise with its words, diagrams and page data (see the module's text)."""
    return exercises_json(kind, seed, (lang,), rules)[lang]


def exercises_json(kind: str, seed: int, langs, rules: str = "american") -> dict[str, dict]:
    """``exercise_json`` in each of ``langs``: the exercise is made once, only its words and drawings per language
    (the build-time bank's way)."""
    exercise = make(kind, seed, rules)
    return {lang: _exercise_json(exercise, kind, seed, Words(lang)) for lang in langs}


def _exercise_json(exercise: Exercise, kind: str, seed: int, w: Words) -> dict:
    data = _KINDS[kind](exercise, w)
    page, anchor = (CLASSIC_ANCHORS if exercise.rules == "classic" else ANCHORS).get(kind, ANCHORS[kind])
    return {
        "game": "sniff",
        "kind": kind,
        "seed": seed,
        "rules": exercise.rules,
        "level": exercise.level,
        "question": data["question"],
        "position": exercise.position,
        "answer": exercise.answer,
        "hints": data["hints"],
        "explanation": data["explanation"],
        "page": page,
        "anchor": anchor,
        "svg": data["svg"],
        "explanation_svg": data["explanation_svg"],
        "ui": data["ui"],
    }


def command_json(kind: str, seed: int, lang: str = "en", rules: str = "american") -> dict:
    """What ``python -m engine exercise --json`` prints: the fields of the issue, in its order."""
    full = exercise_json(kind, seed, lang, rules)
    keys = ("game", "kind", "seed", "question", "position", "answer", "hints", "explanation")
    return {key: full[key] for key in keys}


def check_answer(kind: str, seed: int, given: object, rules: str = "american") -> dict:
    """Whether an answer is right: the command's form (see ``practice.check``) or the page's
    (``{"targets": [ids], "fields": [numbers]}``, read against ``ui``)."""
    exercise = make(kind, seed, rules)
    if isinstance(given, dict) and "targets" in given and "fields" in given:
        ui = _KINDS[kind](exercise, Words("en"))["ui"]
        right = page_right(ui, given)
    else:
        right = check(exercise, given)
    return {"right": right, "answer": exercise.answer}


# -- the diagrams ----------------------------------------------------------------------------------------------------


def _ends(layout: Layout, w: Words) -> tuple[list[dict], dict]:
    """Buttons at every open end (the legal joins and the counted ends), placed over the question's diagram."""
    picture = Picture.of(layout)
    x0, y0, x1, y1 = picture.extent()
    targets, seen = [], {}
    for mark in picture.joins + picture.counted:
        key = f"{mark.tile} {mark.side}"
        if key in seen:
            continue
        seen[key] = mark
        tile = Tile.parse(mark.tile)
        side = Side(mark.side)
        targets.append(
            {
                "id": key,
                "label": w.end(tile, side),
                "x": round((mark.x - x0) / (x1 - x0), 4),
                "y": round((mark.y - y0) / (y1 - y0), 4),
            }
        )
    return targets, seen


def _question_svg(layout: Layout, w: Words, last: bool, seed: int, kind: str) -> str:
    words = (
        w._("Exercise diagram"),
        w._("The layout: {tiles}.").format(tiles=w.tiles(p.tile for p in layout.placements)),
    )
    return render_svg(layout, w.lang, last=last, legend=False, counted=False, words=words, id_prefix=f"q-{kind}-{seed}")


def _answer_svg(layout: Layout, w: Words, seed: int, kind: str, last: bool = True) -> str:
    return render_svg(layout, w.lang, last=last, legend=True, id_prefix=f"a-{kind}-{seed}")


def _layout_of(exercise: Exercise) -> Layout:
    return parse_layout(exercise.position["layout"])


# -- the kinds --------------------------------------------------------------------------------------------------------


def _score(exercise: Exercise, w: Words) -> dict:
    _ = w._
    layout = _layout_of(exercise)
    tile = layout.last.tile.notation()
    counted = [c.value for c in layout.counted_ends()]
    total = sum(counted)
    classic = exercise.rules == "classic"
    points = exercise.answer
    if classic:
        question = _("Classic Sniff: the tile placed last, [{tile}], is outlined. What does this placement score?")
    else:
        question = _("The tile placed last, [{tile}], is outlined. What does this placement score?")
    hints = [
        _("Look at every open end once [{tile}] is placed: which of them count, and what does each show?"),
        _(
            "Classic Sniff: add up the counted values. A multiple of 5 scores one point per five "
            "(15 is 3 points); any other total scores nothing."
        )
        if classic
        else _(
            "Add up the counted values: a placement scores the total when it is a multiple of 5, otherwise nothing."
        ),
    ]
    parts = [_("The counted values: {sum}.").format(sum=sum_text(counted))]
    if points == 0:
        parts.append(_("{total} is not a multiple of 5, so the placement scores nothing.").format(total=total))
    elif classic:
        parts.append(
            w.ngettext(
                "{total} is a multiple of 5: in classic Sniff that is {points} point, one per five.",
                "{total} is a multiple of 5: in classic Sniff that is {points} points, one per five.",
                points,
            ).format(total=total, points=points)
        )
    else:
        parts.append(
            _("{total} is a multiple of 5, so the placement scores {points}.").format(total=total, points=points)
        )
    choices = sorted(
        {points, total, 0, points + 5, max(points - 5, 0)} if not classic else {points, total, 0, points + 1}
    )
    return {
        "question": question.format(tile=tile),
        "hints": [hints[0].format(tile=tile), hints[1]],
        "explanation": " ".join(parts),
        "svg": _question_svg(layout, w, True, exercise.seed, "score"),
        "explanation_svg": _answer_svg(layout, w, exercise.seed, "score"),
        "ui": {
            "targets": [],
            "multi": False,
            "fields": [{"label": _("Points"), "choices": choices}],
            "expect": {"targets": None, "fields": [points]},
        },
    }


def _counted(exercise: Exercise, w: Words) -> dict:
    _ = w._
    layout = _layout_of(exercise)
    targets, _marks = _ends(layout, w)
    ends = layout.counted_ends()
    total = exercise.answer["total"]
    listing = ", ".join(_("{end}: {value}").format(end=w.end(c.tile, c.side), value=c.value) for c in ends)
    explanation = _("The counted ends: {ends}. Their total: {sum}.").format(
        ends=listing, sum=sum_text([c.value for c in ends])
    )
    expected = sorted(f"{c.tile.notation()} {c.side.value}" for c in ends)
    choices = sorted({total, total + 1, max(total - 2, 0), total + 4, layout.counted_total() + 6})
    return {
        "question": _("Which ends of this layout count now, and what is their total? Select every counted end."),
        "hints": [
            _("Look at every open end, and at each double lying crosswise: does its line B lie open?"),
            _(
                "An open end counts its outer half; a double whose line B is open counts both halves, once; "
                "the Sniff counts both halves until both of its line sides are joined, then each open branch counts."
            ),
        ],
        "explanation": explanation,
        "svg": _question_svg(layout, w, False, exercise.seed, "counted"),
        "explanation_svg": _answer_svg(layout, w, exercise.seed, "counted", last=False),
        "ui": {
            "targets": targets,
            "multi": True,
            "fields": [{"label": _("Total"), "choices": choices}],
            "expect": {"targets": expected, "fields": [total]},
        },
    }


def _joins(exercise: Exercise, w: Words) -> dict:
    _ = w._
    layout = _layout_of(exercise)
    tile = Tile.parse(exercise.position["tile"])
    targets, _marks = _ends(layout, w)
    sides = layout.joins_for(tile)
    # Only open sides are places to join (a Sniff's closed branches are no target).
    open_ids = {f"{j.tile.notation()} {j.side.value}" for j in layout.legal_joins()}
    targets = [t for t in targets if t["id"] in open_ids]
    values = sorted({tile.low, tile.high})
    if sides:
        explanation = w.ngettext(
            "[{tile}] fits at {count} place: {places}.", "[{tile}] fits at {count} places: {places}.", len(sides)
        ).format(tile=tile.notation(), places=", ".join(w.end(j.tile, j.side) for j in sides), count=len(sides))
    else:
        explanation = _("[{tile}] fits nowhere: no open end shows {values}.").format(
            tile=tile.notation(), values=_(" or ").join(str(v) for v in values)
        )
    return {
        "question": _("Where can [{tile}] go? Select every place it fits (none, if it fits nowhere).").format(
            tile=tile.notation()
        ),
        "hints": [
            _("Look for the open ends that show {values}.").format(values=_(" or ").join(str(v) for v in values)),
            _(
                "A tile joins an open end with a matching half. The Sniff's branches open only once "
                "both of its line sides are joined."
            ),
        ],
        "explanation": explanation,
        "svg": _question_svg(layout, w, False, exercise.seed, "joins"),
        "explanation_svg": _answer_svg(layout, w, exercise.seed, "joins", last=False),
        "ui": {
            "targets": targets,
            "multi": True,
            "fields": [],
            "expect": {"targets": sorted(f"{j.tile.notation()} {j.side.value}" for j in sides), "fields": []},
        },
    }


def _deduction(exercise: Exercise, w: Words) -> dict:
    _ = w._
    facts = exercise.facts
    hands, pips, sides = facts["hands"], facts["pips"], facts["sides"]
    players = len(hands)
    classic = exercise.rules == "classic"
    partners = sides == 2 and players == 4
    out = facts["out"]
    intro = (
        _("{player} went out.").format(player=w.seat(out))
        if out is not None
        else _("The hand is blocked: nobody can place a tile.")
    )
    rows, fields, expected = [], [], []
    if classic:
        award = facts["award"]
        for seat in range(players):
            rows.append(
                w.ngettext("{player}: {pips} pip", "{player}: {pips} pips", pips[seat]).format(
                    player=w.seat(seat), pips=pips[seat]
                )
            )
        if award is None:
            result = _("The block is tied for the fewest pips: nobody scores.")
        else:
            winner = award.seat
            own = sum(pips[s] for s in range(players) if s % sides == winner % sides)
            others = sum(pips) - own
            result = w.ngettext(
                "{player} wins the hand: the opponents' pips ({others}) less the winner's own ({own}) make "
                "{difference}, rounded to {rounded}: {points} point.",
                "{player} wins the hand: the opponents' pips ({others}) less the winner's own ({own}) make "
                "{difference}, rounded to {rounded}: {points} points.",
                award.points,
            ).format(
                player=w.seat(winner),
                others=others,
                own=own,
                difference=others - own,
                rounded=max(round_to_five(others - own), 0),
                points=award.points,
            )
        awards = exercise.answer["sides"]
        for side in range(sides):
            label = _partners_label(side, w) if partners else w.seat(side)
            fields.append({"label": label, "choices": sorted({awards[side], 0, awards[side] + 1, max(awards) + 2})})
            expected.append(awards[side])
        question = _("Classic Sniff: the hand ends with these tiles left. What does each side score?")
        hint2 = _(
            "The hand's winner (who went out, or on a block the side with the fewest pips) scores the "
            "opponents' pips less its own, rounded to 5, one point per five; nobody else scores."
        )
        explanation = " ".join([intro, *[r + "." for r in rows], result])
        svg_rows = rows
    else:
        seats, by_side = exercise.answer["seats"], exercise.answer["sides"]
        for seat in range(players):
            rows.append(
                w.ngettext(
                    "{player}: {pips} pip, rounded to {rounded}",
                    "{player}: {pips} pips, rounded to {rounded}",
                    pips[seat],
                ).format(player=w.seat(seat), pips=pips[seat], rounded=seats[seat])
            )
            fields.append(
                {
                    "label": w.seat(seat),
                    "choices": sorted({seats[seat], pips[seat], max(seats[seat] - 5, 0), seats[seat] + 5}),
                }
            )
            expected.append(seats[seat])
        parts = [intro, *[r + "." for r in rows]]
        if partners:
            for side in range(2):
                a, b = side, side + 2
                parts.append(
                    _("{side}: {first} + {second} = {total} deducted.").format(
                        side=_partners_label(side, w), first=seats[a], second=seats[b], total=by_side[side]
                    )
                )
                fields.append(
                    {
                        "label": _partners_label(side, w),
                        "choices": sorted({by_side[side], round_to_five(pips[a] + pips[b]), by_side[side] + 5}),
                    }
                )
                expected.append(by_side[side])
        question = (
            _("The hand ends with these tiles left. What is deducted from each player, and from each partnership?")
            if partners
            else _("The hand ends with these tiles left. What is deducted from each player?")
        )
        hint2 = _(
            "Each player's pips are rounded to the nearest 5 (a remainder of 1 or 2 down, 3 or 4 up) and "
            "deducted from their side; partners are rounded apart, then added."
        )
        explanation = " ".join(parts)
        svg_rows = rows
    plain = [w.seat(seat) for seat in range(players)]
    return {
        "question": question,
        "hints": [_("Count the pips in each player's tiles first."), hint2],
        "explanation": explanation,
        "svg": _hands_svg(
            hands, plain, _("Tiles left: {hands}.").format(hands=_hands_text(hands, w)), f"q-ded-{exercise.seed}"
        ),
        "explanation_svg": _hands_svg(hands, svg_rows, explanation, f"a-ded-{exercise.seed}"),
        "ui": {"targets": [], "multi": False, "fields": fields, "expect": {"targets": None, "fields": expected}},
    }


def _partners_label(side: int, w: Words) -> str:
    return w._("Players {first} and {second}").format(first=side + 1, second=side + 3)


def _hands_text(hands, w: Words) -> str:
    return "; ".join(f"{w.seat(seat)}: {w.tiles(hand) if hand else w._('no tiles')}" for seat, hand in enumerate(hands))


def _best(exercise: Exercise, w: Words) -> dict:
    _ = w._
    facts = exercise.facts
    layout, hand, moves = facts["layout"], facts["hand"], facts["moves"]
    top = exercise.answer["points"]
    targets = [{"id": p.notation(), "label": w.placement(p), "x": None, "y": None} for p, _points in moves]
    best = [p for p, points in moves if points == top]
    after = layout.copy()
    after.place(best[0])
    scores = "; ".join(f"{w.placement(p)}: {points}" for p, points in moves)
    explanation = w.ngettext(
        "The best placement scores {points} point: {best}. Every placement: {all}.",
        "The best placement scores {points} points: {best}. Every placement: {all}.",
        top,
    ).format(points=top, best=_(" or ").join(w.placement(p) for p in best), all=scores)
    return {
        "question": _("Your tiles: {tiles}. Which placement scores the most?").format(tiles=w.tiles(hand)),
        "hints": [
            _("Try each of your tiles at every end it fits, and look at the ends it leaves open."),
            _(
                "A placement scores the counted total when it is a multiple of 5: "
                "look for the move that makes the largest one."
            ),
        ],
        "explanation": explanation,
        "svg": _question_svg(layout, w, False, exercise.seed, "best"),
        "explanation_svg": _answer_svg(after, w, exercise.seed, "best"),
        "ui": {
            "targets": targets,
            "multi": False,
            "fields": [],
            "expect": {"targets": sorted(p.notation() for p in best), "fields": []},
        },
    }


_KINDS = {"score": _score, "counted": _counted, "joins": _joins, "deduction": _deduction, "best": _best}
