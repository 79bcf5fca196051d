"""The Sniff board's errors in the reader's language: a sentence for every error code the page may meet.

Every error the board replies with carries a ``code`` and ``params``
(``engine.core.errors.EngineError``; ``engine.board.session`` sends both). The
engine's own message stays English (for the console, the command line and the
tests); the page words the error from ``error_words``, which the site's build
writes into the page (``ui_text``'s ``errors``), so the reason reads in the
page's language. A code may have several sentences, the most precise first: the
page takes the first whose placeholders the error's ``params`` all fill (a
record's error says the hand and the move when it knows them). A code without a
sentence gets the general one (``unknown``). Each sentence is a reason, put into
the page's own sentences ("This file is not a game record the board can replay:
{reason}").
"""

from __future__ import annotations

from ...core.i18n import translations


def error_words(lang: str = "en") -> dict[str, str | list[str]]:
    """The reason of every error code, in ``lang``; placeholders in braces are the error's ``params``."""
    _ = translations(lang, "play").gettext
    call = _("the board was asked for something it does not do")
    return {
        "unknown": _("the board could not do this, for a reason it has no words for in this language"),
        "notation": [
            # The sandbox joins its placements with ";": its errors name the placement (params "placement").
            _("placement {placement} cannot be read, or places a tile where the rules do not allow it"),
            _("line {line} cannot be read, or places a tile where the rules do not allow it"),
        ],
        "parse": _("a tile or a side cannot be read"),
        "illegal-placement": _("the rules do not allow that placement"),
        "layout-too-long": _("it is longer than any layout of the 28 tiles ({size} characters)"),
        "empty-layout": _("the layout has no tiles yet"),
        "record": [
            _("in hand {hand}, move {event} does not follow the rules"),
            _("hand {hand} does not follow the rules, or its figures do not add up"),
            _("it is not a game record of American or classic Sniff, or its figures do not add up"),
        ],
        "record-not-text": _("the file could not be read as text"),
        "record-not-object": _("a game record is one JSON object, and this file holds something else"),
        "record-game": _("the record does not say which game it is"),
        "record-too-large": _("the file is too large to be a game record ({size} characters; at most {limit})"),
        "record-bom": _("the file starts with a byte-order mark: save it as UTF-8 without one"),
        "record-number": _("the file holds a number longer than any in a game record (at most {limit} digits)"),
        "record-too-deep": _("the file nests more deeply than a game record does (more than {limit} levels)"),
        "too-deep": _("the value nests too deeply for the engine to read"),
        "seed": _("its seed is larger than the board can keep (at most {max})"),
        "no-seed": _("the record has no seed, so the next hands could not be dealt"),
        "play": _("that does not fit the game as it stands"),
        "illegal-action": _("the rules do not allow that move now"),
        "not-your-turn": _("it is not your turn"),
        "not-bot-turn": _("it is not a bot's turn"),
        "hand-not-over": _("the hand is not over yet"),
        "replay-step": _("the replay has no such move"),
        "bots": _("this bot level is not on offer"),
        "players": _("the game is for 2, 3 or 4 players"),
        "deal": _("the deal does not fit the rules: its tiles, their number or who opens"),
        "lots": _("the draw for who opens does not follow the rules"),
        "rules": _("these rules are not on offer"),
        "rules-unknown": _("these rules are not on offer"),
        "partnerships": _("the partnerships setting must be on or off"),
        "rules-partnerships": _("these rules do not let four players choose whether to play in partnerships"),
        "unknown-game": _("the board no longer holds this game"),
        "no-such-game": _("the rules engine does not know this game"),
        "option": _("this setting does not take that value"),
        "option-value": _("this setting does not take that value"),
        "option-unknown": _("this game has no such setting"),
        "option-together": _("these settings do not go together"),
        "no-save": _("the saved game is no longer in this browser"),
        "language": _("this language is not one of the site's"),
        "call": call,
        "unknown-op": call,
        "arguments": call,
        # An online table's state whose view the engine does not read (engine.core.views): the call's argument.
        "view": call,
        "stopped": _("the rules engine stopped working"),
        "practice": _("the rules engine cannot make this exercise"),
        "practice-kind": _("there is no such kind of exercise"),
        "practice-seed": _("{seed} is not the number of an exercise: exercises are numbered 0, 1, 2 and so on"),
        "practice-rules": _("this kind of exercise is the same in both rulesets: practise it with the American rules"),
    }
