"""The words (catalog ``review``) and pictures of an Okey game's review (``engine.okey.review``).

``review_json`` turns a ``Review`` into what a table or the command line shows: each remark with its
heading, its text and, where a position says more, an Okey diagram (the penalty tile against the meld it
fed; the opening the solver found).
"""

from __future__ import annotations

from ...core.errors import EngineError
from ...core.review_text import ReviewWords, page_words, practice_seeds
from ..melds import parse_pieces
from ..practice import PER_LEVEL
from ..review import Review, exercise_for
from ..tiles import Okey, Tile
from .text import Words as TileWords


class Words(ReviewWords):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.tiles = TileWords(lang)

    def seat(self, seat: int, me: int) -> str:
        _ = self._
        return {1: _("The next player"), 2: _("The player opposite you"), 3: _("The player before you")}[
            (seat - me) % 4
        ]

    def meld(self, text: str, okey: Okey) -> str:
        return self.tiles.pieces(parse_pieces(text, okey))

    def where(self, round_: int, move: int | None) -> str:
        if move is None:
            return self._("Round {round}").format(round=round_)
        return self._("Round {round}, move {move}").format(round=round_, move=move + 1)

    def end(self, kind: str) -> str:
        """The end of a round by the settlement table's name for it (the ``okey`` catalog's, as the diagrams)."""
        return self.tiles.end(kind)


def remark_text(remark: dict, words: Words, okey: Okey, seat: int) -> str:
    _ = words._
    kind = remark["kind"]
    # A tile, or a piece of a lay-off (``*Y10``: an okey standing for yellow 10).
    tile = words.tiles.pieces(parse_pieces(remark["tile"], okey)) if isinstance(remark.get("tile"), str) else None
    if kind == "penalty":
        # The tile left the rack: an okey is named as one, by its face, not as a piece of a meld.
        tile = words.tiles.face(Tile.parse(remark["tile"]), okey)
        melds = "; ".join(words.meld(m, okey) for m in remark["fed"])
        return words.ngettext(
            "You discarded {tile}, a penalty tile: it could have been laid off on the meld {melds}. It cost you "
            "{points}.",
            "You discarded {tile}, a penalty tile: it could have been laid off on any of these melds: {melds}. "
            "It cost you {points}.",
            len(remark["fed"]),
        ).format(tile=tile, melds=melds, points=words.points(remark["points"]))
    if kind == "charge":
        who = words.seat(remark["by"], seat)
        points = words.points(remark["points"])
        if remark["cause"] == "take":
            tile = words.tiles.face(Tile.parse(remark["tile"]), okey)
            return _("{who} took your discard {tile}: it cost you {points}.").format(who=who, tile=tile, points=points)
        meld = words.meld(remark["meld"], okey)
        if remark["cause"] == "layoff":
            return _("{who} laid off {tile} on your meld {meld}: it cost you {points}.").format(
                who=who, tile=tile, meld=meld, points=points
            )
        return _("{who} seized the okey from your meld {meld} with {tile}: it cost you {points}.").format(
            who=who, tile=tile, meld=meld, points=points
        )
    if kind == "open":
        melds = "; ".join(words.meld(m, okey) for m in remark["melds"])
        if "take" in remark:
            if remark["with"] == "pairs":
                could = _("On your turn {turn} you could have taken {tile} and opened with pairs: {melds}.")
            else:
                could = _("On your turn {turn} you could have taken {tile} and opened with melds: {melds}.")
        elif remark["with"] == "pairs":
            could = _("On your turn {turn} you could have opened with pairs: {melds}.")
        else:
            could = _("On your turn {turn} you could have opened with melds: {melds}.")
        taken = words.tiles.face(Tile.parse(remark["take"]), okey) if "take" in remark else None
        text = could.format(turn=remark["turn"], melds=melds, tile=taken)
        if remark["opened"] is None:
            return text + " " + _("You never opened in this round.")
        return text + " " + _("You opened on your turn {turn}.").format(turn=remark["opened"])
    if kind == "meld":
        meld = words.meld(remark["meld"], okey)
        if remark["what"] == "seize":
            return _(
                "From your turn {turn} you could have seized the okey from {meld} with {tile}, and you never did."
            ).format(turn=remark["turn"], meld=meld, tile=tile)
        return _(
            "From your turn {turn} {tile} could have been laid off on {meld}, but it stayed in your rack to the end."
        ).format(turn=remark["turn"], meld=meld, tile=tile)
    # kind == "settle"
    if "okeys" in remark:
        return words.ngettext(
            "You held {count} okey to the end of the round: it cost you {points}.",
            "You held {count} okeys to the end of the round: they cost you {points}.",
            remark["okeys"],
        ).format(count=remark["okeys"], points=words.points(remark["okeys"] * remark["each"]))
    return _(
        "End of the round: {end}. The settlement table gives you {settlement}; with the charges during the round "
        "({charges}), your score for the round is {score}."
    ).format(
        end=words.end(remark["end"]),
        settlement=words.points(remark["settlement"]),
        charges=words.points(remark["charges"]),
        score=words.points(remark["score"]),
    )


def diagram(remark: dict, indicator: str) -> str | None:
    """The Okey diagram notation of a remark's position (``spec/okey-diagram-notation.md``), or None."""
    if remark["kind"] == "penalty" and remark["fed"]:
        lines = [f"indicator {indicator}", *(f"meld {m}" for m in remark["fed"]), f"discard {remark['tile']}"]
        return "\n".join(lines)
    if remark["kind"] == "open":
        action = "pairs" if remark["with"] == "pairs" else "opening"
        rack = list(remark["rack"])
        lines = [f"indicator {indicator}"]
        if "take" in remark:
            rack.remove(remark["take"])
        lines.append(f"rack {' '.join(rack)}")
        if "take" in remark:
            lines.append(f"take {remark['take']}")
        lines.append(f"{action} {', '.join(remark['melds'])}")
        return "\n".join(lines)
    return None


def _picture(text: str | None, lang: str, ident: str) -> str | None:
    if text is None:
        return None
    from . import analyse, parse_diagram, render_svg

    try:
        return render_svg(analyse(parse_diagram(text), text), lang, id_prefix=ident)
    except EngineError:
        return None  # a position the diagrams cannot show (DiagramError, a rule's refusal): the text says it all


def review_json(review: Review, lang: str = "en", *, pictures: bool = True) -> dict:
    words = Words(lang)
    worst = {id(r) for r in review.worst()}
    remarks = []
    for number, remark in enumerate(review.remarks, start=1):
        data = remark.as_json()
        indicator = review.indicators[remark.round - 1]
        okey = Okey(Tile.parse(indicator))
        remarks.append(
            {
                **data,
                "heading": words.where(remark.round, remark.move),
                "text": remark_text(data, words, okey, review.seat),
                "drill": id(remark) in worst,
                "svg": _picture(diagram(data, indicator), lang, f"review-{number}") if pictures else None,
            }
        )
    links = [(*exercise_for(remark, review.mode), "") for remark in remarks]
    for remark, (kind, level, _rules), seed in zip(remarks, links, practice_seeds(links, PER_LEVEL), strict=True):
        remark["practice"] = {"kind": kind, "seed": seed, "level": level}
    return {
        "game": "okey",
        "seat": review.seat,
        "mode": review.mode,
        "remarks": remarks,
        "drill": [i for i, r in enumerate(remarks) if r["drill"]],
        "words": page_words(lang),
    }
