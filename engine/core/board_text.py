"""The words both games' boards share (the ``board`` message catalog): the settings' pace and new-game
buttons, and the replay's controls. Each game's ``ui_text`` (``engine.<game>.board.text``) holds them
among its own words, in the same places."""

from __future__ import annotations

from .i18n import translations


def setup_words(lang: str = "en") -> dict[str, str]:
    """The bots' pace and the new game's buttons, with the confirmation a game in progress asks for."""
    _ = translations(lang, "board").gettext
    return {
        "pace": _("Bot pace"),
        "slow": _("Slow"),
        "normal": _("Normal"),
        "fast": _("Fast"),
        "instant": _("No pause"),
        "newGame": _("New game"),
        "continue": _("Continue the game"),
        "confirmNew": _("Start a new game? The game in progress will be lost."),
        "confirmYes": _("Yes, start a new game"),
        "cancel": _("Cancel"),
    }


def replay_words(lang: str = "en") -> dict[str, str]:
    """The replay's heading, position (``{step}`` and ``{steps}``, filled in by the page) and steps."""
    _ = translations(lang, "board").gettext
    return {
        "replay": _("Replay"),
        "replayStep": _("Move {step} of {steps}"),
        "first": _("First"),
        "previous": _("Previous"),
        "next": _("Next"),
        "last": _("Last"),
    }
