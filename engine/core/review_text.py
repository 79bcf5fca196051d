"""What the two games' reviews share on the page: its own words (catalog ``review``) and the drill's seeds.

The boards' review (``docs/assets/board/review.mjs``) gets the words with the review (``<game>.review``);
the remarks' own words come from ``engine.<game>.render.review``.
"""

from __future__ import annotations

from .i18n import translations


class ReviewWords:
    """What both games' review words start from: the ``review`` catalog in ``lang``, and a number of points."""

    def __init__(self, lang: str) -> None:
        catalog = translations(lang, "review")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.lang = lang

    def points(self, points: int) -> str:
        return self.ngettext("{points} point", "{points} points", points).format(points=points)


def page_words(lang: str) -> dict[str, str]:
    _ = translations(lang, "review").gettext
    return {
        "open": _("Review my moves"),
        "title": _("Review of your moves"),
        "loading": _("The engine is reviewing your moves…"),
        "failed": _("The review could not be made: {reason}"),
        "none": _("Nothing to remark on your moves."),
        "count": _("Remark {number} of {count}"),
        "previous": _("Previous remark"),
        "next": _("Next remark"),
        "close": _("Close the review"),
        "practise": _("Practise this"),
        "estimate": _("An estimate"),
        "drill": _("A short drill: your costliest moves"),
        "drillHelp": _(
            "Exercises like the positions where your moves cost the most (at most three), in the game's order."
        ),
        "better": _("The better placement is drawn highlighted."),
    }


def practice_seeds(links: list[tuple[str, int, str]], per_level: int) -> list[int]:
    """A seed for each ``(kind, level, rules)`` of ``links``: the level's first seed (``level * per_level``),
    then the next for each further link of the same kind, level and rules, so a drill never repeats an
    exercise. The first seeds of a level are the ones the Practice page holds in its bank."""
    seen: dict[tuple[str, int, str], int] = {}
    seeds = []
    for link in links:
        count = seen.get(link, 0)
        seen[link] = count + 1
        seeds.append(link[1] * per_level + count % per_level)
    return seeds
