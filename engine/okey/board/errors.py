"""The Okey table's errors in the reader's language: a sentence for every error code the page may meet.

As on the Sniff board (``engine.sniff.board.errors``): every error the table replies with carries a ``code``
and ``params``; the engine's own message stays English (the console, the command line, the tests), and the
page words the error from ``error_words``, which the site's build writes into the page (``ui_text``'s
``errors``). A code may have several sentences, the most precise first: the page takes the first whose
placeholders the error's ``params`` all fill. A refused move is worded by the engine itself, in the page's
language (its ``params["words"]``, ``engine.okey.board.ops.refusal``), since its sentence depends on the game; a
code with no sentence here and no ``words`` gets the general one (``unknown``). Each sentence is a reason, put
into the page's own sentences ("This file is not an Okey record the table can replay: {reason}").
"""

from __future__ import annotations

from ...core.i18n import translations


def error_words(lang: str = "en") -> dict[str, str | list[str]]:
    """The reason of every error code, in ``lang``; placeholders in braces are the error's ``params``."""
    _ = translations(lang, "okeyplay").gettext
    call = _("the table was asked for something it does not do")
    settings = _("this setting is not on offer")
    return {
        "unknown": _("the table could not do this, for a reason it has no words for in this language"),
        "okey-record": [
            _("in round {round}, move {event} does not follow the rules"),
            _("round {round} does not follow the rules, or its figures do not add up"),
            _("it is not an Okey game record, or its figures do not add up"),
        ],
        "record": _("it is not an Okey game record, or its figures do not add up"),
        "record-not-text": _("the file could not be read as text"),
        "record-not-object": _("a game record is one JSON object, and this file holds something else"),
        "record-game": _("the record does not say which game it is"),
        "record-too-large": _("the file is too large to be a game record ({size} characters; at most {limit})"),
        "record-bom": _("the file starts with a byte-order mark: save it as UTF-8 without one"),
        "record-too-deep": _("the file nests more deeply than a game record does (more than {limit} levels)"),
        "too-deep": _("the value nests too deeply for the engine to read"),
        "seed": _("its seed is larger than the table can keep (at most {max})"),
        "okey-seed": _("the seed is not a whole number"),
        "okey-no-seed": _("the record has no seed, so the next rounds could not be dealt"),
        "okey-notation": _("a tile cannot be read"),
        "okey-tile": _("a tile cannot be read"),
        "okey-tiles": _("a tile cannot be read"),
        "okey-action": _("the move cannot be read"),
        "okey-move": _("the move cannot be read"),
        "okey-deal": _("the deal does not fit the rules: its tiles, their number or who starts"),
        "play": _("that does not fit the game as it stands"),
        "not-your-turn": _("it is not your turn"),
        "not-bot-turn": _("it is not a bot's turn"),
        "round-not-over": _("the round is not over yet"),
        "replay-step": _("the replay has no such move"),
        "bots": _("this bot level is not on offer"),
        "okey-setting": settings,
        "option": settings,
        "okey-options": settings,
        "okey-options-mode": settings,
        "okey-options-doubling": settings,
        "okey-options-rounds": settings,
        "okey-lay-kind": call,
        "okey-arrange": call,
        "okey-not-assisted": _("only the assisted table arranges the rack for you"),
        "okey-not-in-rack": _("{tile} is not in your rack"),
        "okey-rack-copies": _("a rack holds at most two of each tile"),
        "unknown-game": _("the table no longer holds this game"),
        "no-save": _("the saved game is no longer in this browser"),
        "language": _("this language is not one of the site's"),
        "call": call,
        "unknown-op": call,
        "arguments": call,
        # An online table's state whose view the engine does not read (engine.core.views): the call's argument.
        "view": call,
        "stopped": _("the rules engine stopped working"),
    }
