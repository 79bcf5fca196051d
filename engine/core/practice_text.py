"""The Practice page's own words (buttons, progress, results), from the ``practice`` catalog.

The hook (``scripts/hooks/practice.py``) hands them to the page as JSON; the
exercises' words come with each exercise (``engine.<game>.render.practice``).
"""

from __future__ import annotations

from .i18n import translations


def page_words(lang: str) -> dict[str, str]:
    _ = translations(lang, "practice").gettext
    return {
        "kinds": _("Kind of exercise"),
        "check": _("Check"),
        "hint": _("Hint"),
        "next": _("Next exercise"),
        "right": _("Right!"),
        "wrong": _("Not quite. The answer is explained below."),
        "explanation": _("Explanation"),
        "rule": _("Read the rule"),
        "link": _("Link to this exercise"),
        "streak": _("Streak: {count}"),
        "reset": _("Reset my progress"),
        "resetDone": _("Your progress is reset."),
        "again": _("An exercise you missed, once more."),
        "number": _("Exercise {seed}, level {level}"),
        "loading": _("Making a new exercise with the engine…"),
        "failed": _("The engine could not make this exercise."),
        "select": _("Select on the diagram, or from the list:"),
        "choices": _("Or choose:"),
        "hint1": _("Hint 1"),
        "hint2": _("Hint 2"),
        "score": _("What does this placement score?"),
        "counted": _("Counted values"),
        "joins": _("Where can it go?"),
        "deduction": _("Deductions"),
        "best": _("Best placement"),
        "meld": _("A meld or not?"),
        "penalty": _("Penalty tiles"),
        "open": _("Can you open?"),
        "charge": _("Charges"),
        "settle": _("The settlement"),
        "classic": _("Classic Sniff scoring"),
    }
