"""The words of the online tables on the Play pages (catalog ``online``), for one language.

The build writes them into the page (``data-online-text``), so the lobby and the online table speak the
page's language without any Python in the browser: the server sends engine data, and ``online.mjs`` words
it from these. Okey's tiles are named as the Okey table names them (catalog ``okeyplay``), so a move reads the
same online as against bots; the lobby's options are drawn from the game's schema, with these words.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.board_text import option_words  # noqa: E402
from engine.core.i18n import translations  # noqa: E402
from engine.okey.board.page_text import ui_text as okey_ui_text  # noqa: E402
from engine.okey.board.text import Words as OkeyWords  # noqa: E402
from engine.sniff.board.text import ui_text as sniff_ui_text  # noqa: E402

COLOURS = "RBKY"


def online_text(lang: str, game: str) -> dict:
    """Everything the lobby and the online table say, for ``game`` (``sniff`` or ``okey``)."""
    catalog = translations(lang, "online")
    _ = catalog.gettext
    words = {
        "playOnline": _("Play online"),
        "checking": _("Looking for the table server…"),
        "noServer": _(
            "This copy of the site has no table server, so it cannot open online tables. "
            "Everything else on the page works as usual."
        ),
        "needsNetwork": _(
            "Online tables need a network connection, and this device is offline. "
            "Games against the bots work without one."
        ),
        "lobby": _("Play online with friends"),
        "lobbyHelp": _(
            "Choose the options and who sits where, then create the table and send its link to your friends."
        ),
        "seats": _("Who sits where"),
        "partnersOpposite": _("Partners sit opposite each other: seats 1 and 3 against seats 2 and 4."),
        "seat": _("Seat {number}"),
        "you": _("You"),
        "friend": _("A friend"),
        # The bots a seat may be given, by level (the spec's bot_levels).
        "bots": {
            # Translators: the bots are named by the boards' levels (Easy, Medium, Strong), as on the boards.
            "random": _("Bot: easy"),
            "greedy": _("Bot: medium"),
            "strong": _("Bot: strong"),
        },
        "timer": _("Time for each move"),
        "noTimer": _("No limit"),
        "seconds": _("{seconds} seconds"),
        "create": _("Create table"),
        # Translators: the box that lists the new table under "Open tables" on every visitor's page (a public table).
        "public": _("List the table under Open tables: anyone may join or watch"),
        # A seat of a listed table that anyone may take: a bot holds it until someone does.
        "open": _("Anyone (a bot plays until someone takes the seat)"),
        "cancel": _("Cancel"),
        "creating": _("Creating the table…"),
        "link": _("The table's link"),
        "linkHelp": _("Send this link to your friends: opening it takes them to a free seat."),
        "copy": _("Copy link"),
        "copied": _("The link is copied."),
        "share": _("Share"),
        "seatList": _("Seats"),
        "seatYou": _("{seat} (you)"),
        "seatFree": _("{seat}: waiting for a friend"),
        "seatTaken": _("{seat}: a friend"),
        "seatBot": _("{seat}: bot"),
        "seatAway": _("{seat}: away, the bot plays"),
        "start": _("Start"),
        "startHelp": _("Start gives every seat nobody has taken yet to a bot."),
        "waitCreator": _("The game starts when every seat is taken or the table's creator starts it."),
        "joining": _("Joining the table…"),
        "yourName": _("Your name at the table (optional)"),
        "join": _("Take a seat"),
        # Translators: a seat with the name its player typed: "Ada (Seat 2)".
        "seatNamed": _("{name} ({seat})"),
        "joinFailed": _("You cannot join this table: {reason}"),
        "errors": {
            "unknown-table": _("there is no such table."),
            "bad-invite": _("the link is not this table's."),
            "table-full": _("every seat is taken."),
            "bad-token": _("this seat is no longer yours."),
            "over": _("the game is over."),
            "not-your-turn": _("it is not your turn."),
            "stale": _("the table has moved on; try again."),
            "illegal": _("the server refused the move."),
            "unavailable": _("the server cannot reach its tables just now; try again in a moment."),
            "server-error": _("the server failed to carry out the request; the fault is logged."),
            "table-lost": _("the server lost this table, so the game cannot go on."),
            "other": _("the server refused the request."),
            # A phrase past the server's rate (the page keeps to it: a second page of the same visitor may not).
            "rate-limited": _("too many requests at once; wait a moment and try again."),
        },
        # The server's storage came back without its data (a restart that kept nothing): the table is gone.
        "lost": _(
            "The server lost this table: its storage came back empty after a restart, so the game cannot go on. "
            "Create a new table to play again."
        ),
        "offline": _("You are offline. The page reconnects by itself."),
        "online": _("Back online."),
        "left": _("{seconds} s left"),
        "leftSoon": _("10 seconds left to move."),
        "pause": _("The next deal starts in a moment."),
        "away": _("While you were away, the bot played for you."),
        # Translators: one hand or round of the "While you were away" summary: "Hand 2: drew a tile, passed".
        "awayPart": _("{part}: {moves}"),
        "dismiss": _("Close this message"),
        # What the bot did, by the move's verb in the notation ("play": a tile placed, a move that starts with it).
        "missed": {
            "draw": _("drew a tile"),
            "pass": _("passed"),
            "take": _("took the last discard"),
            "decline": _("declined the last discard"),
            "play": _("played {tile}"),
            "discard": _("discarded {tile}"),
            "meld": _("laid down {tiles}"),
            "pairs": _("laid down {tiles}"),
            "layoff": _("laid off {tile}"),
            "seize": _("seized {tile}"),
        },
        "over": _("The game is over."),
        "startedFull": _("Every seat is taken, so the game has started."),
        "startedCreator": _("The table's creator started the game: bots took the seats nobody had taken."),
        # The open tables of the game's lobby (public tables), each with Join (a free seat) and Watch.
        "tablesTitle": _("Open tables"),
        "tablesHelp": _("Tables anyone may join or watch. A bot holds each free seat until someone takes it."),
        "tablesNone": _("No open table right now. Create one and list it here, and others can join it."),
        "tablesFailed": _("The open tables could not be listed: {reason}"),
        "refresh": _("Refresh the list"),
        "joinTable": _("Join"),
        "watch": _("Watch"),
        "statusWaiting": _("Waiting for players"),
        "statusPlaying": _("In play"),
        "listFree": _("{seat}: free seat"),
        "listBot": _("{seat}: bot"),
        # Translators: "the table of" its seats' names, the label of its Join and Watch buttons.
        "tableOf": _("Table: {seats}"),
        # Watching: a spectator's page, and what the seats see of their spectators.
        "watching": _("You are watching this table. The players' tiles stay hidden until the rules reveal them."),
        "watchers": {
            "one": catalog.ngettext("{count} person watching", "{count} people watching", 1),
            "other": catalog.ngettext("{count} person watching", "{count} people watching", 2),
        },
        "full": _("Every seat at this table is taken. You can watch the game."),
        "watchFailed": _("You cannot watch this table: {reason}"),
        "spectator": _("A spectator"),
        # Phrases, not chat: the fixed list the server accepts (spec/online-tables.md), each shown in the reader's
        # own language.
        "phrasesLabel": _("Say to the table"),
        "phrases": {
            "hello": _("Hello!"),
            "good-luck": _("Good luck!"),
            "well-played": _("Well played!"),
            "thanks": _("Thank you!"),
            "sorry": _("Sorry!"),
            "oops": _("Oops!"),
            "nice-move": _("Nice move!"),
            "one-more": _("One more game?"),
            "bye": _("Bye!"),
        },
        # Translators: a phrase said at the table, beside who said it: "Ada: Good luck!".
        "said": _("{name}: {phrase}"),
        "saidYou": _("You said: {phrase}"),
        "phraseWait": _("Wait a moment before the next phrase."),
        # One more game, and the finished game's replay by its link.
        "rematch": _("One more game"),
        "rematchHelp": _("One more game takes you to a new table with the same options and seats, and a new shuffle."),
        "rematchOffered": _("The next game's table is ready: press One more game to take your seat there."),
        "rematchFailed": _("The next game's table could not be opened: {reason}"),
        "watchNext": _("Watch the next game"),
        "replayLink": _("Replay this game"),
        "replayHelp": _("The replay's link keeps working after the game, for anyone you send it to."),
        "replayLoading": _("Loading the game's record…"),
        "replayFailed": _("The game's record could not be loaded: {reason}"),
        "replayMissing": _("no finished game has this link (a game still in play has no record yet)."),
        "replayOf": _("Replay of an online game"),
        "download": _("Download the game record"),
        "shuffleOk": _(
            "Shuffle checked: the hash published when the table was created is the SHA-256 of the seed and the "
            "salt revealed at the end, so the tiles were dealt in an order fixed before anyone played."
        ),
        "shuffleBad": _(
            "Shuffle check failed: the hash published when the table was created does not match the SHA-256 of "
            "the seed and the salt revealed at the end, so nothing shows that the deal was fixed before play."
        ),
        "shuffleUnknown": _(
            "Shuffle not checked: your link did not carry the hash published when the table was created. Compare "
            "the hash below with the one the table's creator was shown."
        ),
        "commitment": _("Hash published when the table was created: {digest}"),
        "leave": _("Leave the table"),
    }
    words.update(game_words(lang, game))
    return words


def game_words(lang: str, game: str) -> dict:
    """What the lobby and the table say of the game itself: its options' words (by the spec's names: the lobby's
    form is drawn from the game's schema, ``docs/assets/board/form.mjs``) and how a tile is named, as the game's
    own board names it (Sniff's ``[3|4]``; Okey's every tile in words, catalog ``okeyplay``)."""
    _ = translations(lang, "online").gettext
    if game == "sniff":
        return {
            "tileName": "[{tile}]",
            # A hand of the "While you were away" summary, as the Sniff board names it (catalog play).
            "part": sniff_ui_text(lang)["hand"],
            "options": {
                "players": option_words(_("Players")),
                "rules": option_words(_("Rules"), {"american": _("American Sniff"), "classic": _("Classic Sniff")}),
                "partnerships": option_words(_("Four players as two partnerships")),
            },
        }
    okey = OkeyWords(lang)
    codes = [f"{c}{n}" for c in COLOURS for n in range(1, 14)]
    return {
        "tileNames": {code: okey.tile(code) for code in [*codes, "FJ", *(f"*{code}" for code in codes)]},
        # A round of the "While you were away" summary, as the Okey table names it (catalog okeyplay).
        "part": okey_ui_text(lang)["round"],
        "options": {
            "mode": option_words(_("Mode"), {"solo": _("Solo"), "pairs": _("Pairs (partners opposite)")}),
            "doubling": option_words(_("Doubling")),
            "rounds": option_words(_("Rounds")),
            # The Okey table's own words for it (catalog okeyplay).
            "assisted": okey_ui_text(lang)["options"]["assisted"],
        },
    }
