"""The Okey table page's fixed words (the ``okeyplay`` message catalog).

``ui_text`` is the vocabulary the page needs before any Python runs: the site's build hook writes it into the page
(``engine.okey.board.ops.page_words``), and the online tables' pages take their parts from it
(``scripts/hooks/online_words.py``). It holds the table's labels, buttons and fixed sentences, the settings' words,
the errors' reasons (``engine.okey.board.errors``) and the review's words; the sentences that depend on the game
(seat names, move buttons, the log, the refusals) are ``engine.okey.board.text``'s ``Words``, which the engine
writes into each view.
"""

from __future__ import annotations

from ...core.board_text import option_words, pace_words, replay_words, setup_words
from ...core.i18n import translations


def ui_text(lang: str = "en") -> dict[str, str]:
    """Labels and fixed sentences of the table's page, in ``lang``.

    Placeholders the page fills in: ``{number}`` (a round), ``{step}`` and ``{steps}`` (a replay's
    position), ``{seconds}`` (the move timer), ``{total}``/``{threshold}`` (a lay-down being checked).
    """
    from ...core.review_text import page_words as review_words
    from .errors import error_words

    catalog = translations(lang, "okeyplay")
    _ = catalog.gettext
    return {
        "errors": error_words(lang),
        "review": review_words(lang),
        "setup": _("Table settings"),
        # The settings' words, by the spec's names (engine/okey/spec.py OPTIONS, TABLE_OPTIONS, BOT_LEVELS) and the
        # table's pace; the move timer's below (its values are the page's own).
        "options": {
            "mode": option_words(
                _("Players"),
                {"solo": _("Solo: you against three bots"), "pairs": _("Pairs: the bot opposite is your partner")},
            ),
            "bots": option_words(
                _("Bots"),
                {
                    "random": _("Easy: any legal move"),
                    "greedy": _("Medium: opens as soon as it can"),
                    "strong": _("Strong: weighs its discards"),
                },
            ),
            "doubling": option_words(_("Doubling: each opening must beat the last one")),
            "rounds": option_words(_("Rounds"), {1: _("1 round"), 3: _("3 rounds")}),
            "assisted": option_words(_("Assisted table: penalty tiles marked, rack arranged for you")),
            "pace": pace_words(lang),
        },
        "timer": _("Move timer"),
        "timerOff": _("Off"),
        "timerSeconds": _("{seconds} seconds"),
        **setup_words(lang),
        "table": _("The Okey table"),
        "yourRack": _("Your rack"),
        "rackHelp": _(
            "Select tiles to lay them down. To move a tile, drag it, or select it and press "
            "the left or right arrow key with Alt held down."
        ),
        "moveLeft": _("Move left"),
        "moveRight": _("Move right"),
        "sortRuns": _("Sort by runs"),
        "sortSets": _("Sort by sets"),
        "arrangeBest": _("Best arrangement"),
        "arrangePairs": _("Most pairs"),
        "selected": _("Selected tiles"),
        "noneSelected": _("No tile selected."),
        "layMelds": _("Lay down the selected tiles as melds"),
        "layPairs": _("Lay down the selected tiles as pairs"),
        "clearSelection": _("Clear the selection"),
        # Translators: a meld's button while one tile is selected; the meld's tiles follow after a colon.
        "layoffHere": _("Lay off the selected tile on this meld"),
        "layoffHelp": _("To lay off a tile, select it, then choose a meld on the table."),
        "partnerships": _("Partnership totals"),
        "discardHelp": _("To discard, select a tile in your rack."),
        "yourMoves": _("Your moves"),
        "tableMelds": _("Melds on the table"),
        "noMelds": _("No meld has been laid yet."),
        "indicator": _("Indicator"),
        "okey": _("Okey"),
        "pile": _("Pile"),
        "penalty": _("penalty tile"),
        "okeyTile": _("okey"),
        "log": _("Log of the round"),
        "round": _("Round {number}"),
        "total": _("Total"),
        "seat": _("Seat"),
        "charges": _("Charges"),
        # Translators: the settlement's column of what the end of the round adds or takes (-500, +60...).
        "endAmount": catalog.pgettext("settlement column", "End of the round"),
        "roundScore": _("Round score"),
        "settlement": _("Settlement"),
        "racks": _("Every rack"),
        "nextRound": _("Next round"),
        "roundOver": _("End of the round"),
        "gameOver": _("End of the game"),
        "chart": _("Totals round by round"),
        "partner": _("partner"),
        "lastDiscard": _("Last discard"),
        "timeLeft": _("Time left for your move: {seconds} s"),
        "record": _("Game record"),
        "download": _("Download the game record"),
        "downloadNone": _(
            "No round has finished yet. A downloaded record holds only the finished rounds, "
            "so the bots' tiles stay hidden."
        ),
        "load": _("Load a game record"),
        "loadHelp": _("A JSON file as the table downloads it: the table replays it move by move."),
        **replay_words(lang),
        "closeReplay": _("Close the replay"),
        "saved": _("Your game is saved in this browser."),
        "notSaved": _(
            "Your game is NOT saved in this browser: its storage is full or refused, so a reload loses the game. "
            "Download the game record to keep the finished rounds."
        ),
        "restarted": _("The rules engine stopped working and was restarted; the game goes on where it was saved."),
        "restoreFailed": _("The saved game could not be restored, so a new game starts: {reason}"),
        "badRecord": _("This file is not an Okey record the table can replay: {reason}"),
    }
