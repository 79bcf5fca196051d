"""The diagram legend and the figure's controls, in the page's language."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.i18n import translations
from ...core.legend import Legend


@dataclass(frozen=True, slots=True)
class FigureText:
    """The words of a diagram's figure on the site."""

    try_it: str
    try_it_label: str
    previous: str
    next: str
    sequence_label: str


def legend(lang: str = "en") -> Legend:
    """What the marks of a diagram mean (spec/diagram-text.md, "The picture's legend"): ``counted``, ``join``,
    ``sniff`` and ``last``."""
    _ = translations(lang, "diagram").gettext
    rows = {
        "counted": _("Filled number: a value counted in the score"),
        "join": _("Hollow dot: a legal join point that is not counted here"),
        "sniff": _("Orange outline: the spinner (the Sniff), which is not by itself a counted end"),
        "last": _("Highlight: the tile placed last"),
    }
    return Legend(_("Legend"), rows)


def title(heading: str, caption: str, lang: str = "en") -> str:
    """The picture's short text alternative: heading and caption in one line."""
    _ = translations(lang, "diagram").gettext
    # Translators: the heading ("Placed [4|4]") and the caption (counted values and score).
    return _("{heading}. {caption}").format(heading=heading, caption=caption)


def empty_title(lang: str = "en") -> str:
    """The text alternative of a table with no tiles yet."""
    _ = translations(lang, "diagram").gettext
    return _("No tiles on the table yet")


def step(number: int, count: int, lang: str = "en") -> str:
    """The label of one step of a sequence: ``Step 2 of 4``."""
    _ = translations(lang, "diagram").gettext
    return _("Step {n} of {count}").format(n=number, count=count)


def figure_text(lang: str = "en") -> FigureText:
    _ = translations(lang, "diagram").gettext
    return FigureText(
        # Translators: the link under a diagram that opens it on the playable board.
        try_it=_("Try it"),
        try_it_label=_("Try this layout on the board"),
        previous=_("Previous"),
        next=_("Next"),
        # Translators: the accessible name of a diagram shown one step at a time.
        sequence_label=_("Step-by-step diagram"),
    )


def fives(count: int, points: int, lang: str = "en") -> str:
    """What a count scores in classic Sniff, one point per five: ``In classic Sniff: 15 → 3 points.``"""
    template = translations(lang, "diagram").ngettext(
        "In classic Sniff: {count} → {points} point.", "In classic Sniff: {count} → {points} points.", points
    )
    return template.format(count=count, points=points)
