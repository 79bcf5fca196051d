"""The words both games' boards share (the ``board`` message catalog): the settings' pace and new-game
buttons, and the replay's controls; and the shape of a setting's words (``option_words``). Each game's ``ui_text``
(``engine.sniff.board.text``, ``engine.okey.board.page_text``) holds them among its own words, in the same places:
the settings' under ``options``, by the setting's name (the game's options as its spec names them, ``bots``,
``pace``)."""

from __future__ import annotations

from .i18n import translations


def option_words(label: str, values: dict | None = None) -> dict:
    """A setting's words as the page's forms draw them (``docs/assets/board/form.mjs``): its label, and each of its
    values' (by the value as text: ``"2"``, ``"classic"``); a value without words is shown as it is."""
    return {"label": label} if values is None else {"label": label, "values": {str(k): v for k, v in values.items()}}


def pace_words(lang: str = "en") -> dict:
    """The bots' pace, a board's own setting: its label and its values' words (``option_words``)."""
    _ = translations(lang, "board").gettext
    return option_words(
        _("Bot pace"), {"slow": _("Slow"), "normal": _("Normal"), "fast": _("Fast"), "instant": _("No pause")}
    )


def setup_words(lang: str = "en") -> dict[str, str]:
    """The new game's buttons, with the confirmation a game in progress asks for."""
    _ = translations(lang, "board").gettext
    return {
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
