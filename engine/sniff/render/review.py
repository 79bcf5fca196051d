"""The words (catalog ``review``) and pictures of a Sniff game's review (``engine.sniff.review``).

``review_json`` turns a ``Review`` into what a board or the command line shows: each remark with its
heading, its text and, for a placement, the SVG of the layout with the better placement drawn last.
"""

from __future__ import annotations

from ...core.review_text import ReviewWords, page_words, practice_seeds
from ..layout import Layout
from ..notation import parse_placement
from ..practice import PER_LEVEL
from ..review import Review, exercise_for
from .text import side_name


class Words(ReviewWords):
    def placement(self, notation: str) -> str:
        placement = parse_placement(notation)
        if placement.target is None:
            # Translators: the opening tile of a hand, e.g. "[3|4] as the opening tile".
            return self._("{tile} as the opening tile").format(tile=placement.tile)
        # Translators: a placement, e.g. "[3|4] on [4|4] line B".
        return self._("{tile} on {target} {side}").format(
            tile=placement.tile, target=placement.target, side=side_name(placement.side, self.lang)
        )

    def where(self, hand: int, move: int | None) -> str:
        if move is None:
            return self._("Hand {hand}").format(hand=hand)
        return self._("Hand {hand}, move {move}").format(hand=hand, move=move + 1)


def remark_text(remark: dict, words: Words) -> str:
    """One remark in words (``remark`` is ``Remark.as_json()``)."""
    _ = words._
    kind = remark["kind"]
    if kind in ("score", "counted", "joins") and "played" in remark:
        values = {
            "played": words.placement(remark["played"]),
            "better": words.placement(remark["better"]),
            "points": words.points(remark["points"]),
            "best": words.points(remark["best"]),
        }
        if kind == "joins":
            return _(
                "{played} scored {points}. The same tile on another join, {better}, would have scored {best}."
            ).format(**values)
        if kind == "counted":
            return _(
                "{played} scored nothing, but {better} would have scored {best}: count the open ends before you place."
            ).format(**values)
        return _("{played} scored {points}; {better} would have scored {best}.").format(**values)
    if kind == "joins":
        values = ", ".join(str(v) for v in remark["open"])
        return words.ngettext(
            "You had to draw {count} tile: no tile in your hand showed an open value ({values}).",
            "You had to draw {count} tiles: no tile in your hand showed an open value ({values}).",
            remark["draws"],
        ).format(count=remark["draws"], values=values)
    if kind == "deduction":
        text = _("The hand ended with {tiles} in your hand: {pips} pips, a deduction of {deduction}.").format(
            tiles=" ".join(f"[{t}]" for t in remark["left"]),
            pips=remark["pips"],
            deduction=words.points(remark["deduction"]),
        )
        if remark["saved"]:
            text += " " + _(
                "Had you placed {instead} at move {move} and kept {kept}, the deduction would have been "
                "{saved} smaller, if the rest of the hand had gone the same way."
            ).format(
                instead=words.placement(remark["instead"]),
                move=remark["at"] + 1,
                kept=f"[{remark['kept']}]",
                saved=words.points(remark["saved"]),
            )
        return text
    # kind == "best"
    if remark["estimate"] <= 0:
        return _(
            "The strong bot's estimate for the whole hand: your moves were as good as its own choices "
            "(an estimate, from {samples} guesses of the hidden tiles per move)."
        ).format(samples=remark["samples"])
    return _(
        "The strong bot's estimate for the whole hand: your moves cost about {estimate} against its own "
        "choices, most of it at move {move} (an estimate, from {samples} guesses of the hidden tiles per move)."
    ).format(
        estimate=words.points(round(remark["estimate"])),
        move=remark["worst_move"] + 1,
        samples=remark["samples"],
    )


def _picture(remark: dict, lang: str, ident: str) -> str | None:
    """The layout with the better placement drawn last, for a placement remark."""
    if "better" not in remark:
        return None
    from .svg import render_svg

    layout = Layout(parse_placement(text) for text in remark["layout"])
    layout.place(parse_placement(remark["better"]))
    return render_svg(layout, lang, last=True, legend=False, id_prefix=ident)


def review_json(review: Review, lang: str = "en", *, pictures: bool = True) -> dict:
    """The review as JSON: every remark with its heading, text and picture; the worst three for a drill."""
    words = Words(lang)
    worst = {id(r) for r in review.worst()}
    remarks = []
    for number, remark in enumerate(review.remarks, start=1):
        data = remark.as_json()
        remarks.append(
            {
                **data,
                "heading": words.where(remark.hand, remark.move),
                "text": remark_text(data, words),
                "is_estimate": remark.kind == "best",
                "drill": id(remark) in worst,
                "svg": _picture(data, lang, f"review-{number}") if pictures else None,
            }
        )
    links = [exercise_for(remark, review.players, review.rules) for remark in remarks]
    for remark, (kind, level, rules), seed in zip(remarks, links, practice_seeds(links, PER_LEVEL), strict=True):
        remark["practice"] = {"kind": kind, "seed": seed, "level": level, "rules": rules}
    return {
        "game": "sniff",
        "seat": review.seat,
        "rules": review.rules,
        "remarks": remarks,
        "drill": [i for i, r in enumerate(remarks) if r["drill"]],
        "words": page_words(lang),
    }
