"""The board's words, in the page's language (the ``board`` message catalog).

The site's build hook writes the loader's text into the page, so a reader sees
it before any Python runs; the board's script fills in the numbers. Placeholders
in braces are filled in by the page: ``{size}``, ``{loaded}`` and ``{total}``
with a size already written by ``megabytes``, ``{number}`` with a number in the
page's own format, ``{reason}`` with the browser's error message.
"""

from __future__ import annotations

from ..core.i18n import translations


def loader_text(lang: str = "en") -> dict[str, str]:
    """What the board says from the static picture until the game can be played."""
    _ = translations(lang, "board").gettext
    return {
        "picture": _("A board in play, as it looks once started"),
        "intro": _("The board runs the rules engine in your browser. Starting it downloads {size} the first time."),
        "start": _("New game"),
        "downloading": _("Downloading the board…"),
        "progress": _("{loaded} of {total}"),
        "booting": _("Starting the rules engine…"),
        "ready": _("The board is ready."),
        "failed": _("The board could not start. Check your connection and try again."),
        "stopped": _("The board stopped working. Press Try again to restart it."),
        "retry": _("Try again"),
        "restarting": _("The rules engine stopped working. Restarting it…"),
        "megabytes": _("{number} MB"),
        "noscript": _("The board needs JavaScript, which is turned off in this browser."),
    }
