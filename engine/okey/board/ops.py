"""What Okey adds to the board: its drawing, its refusals worded, and its own ops (the rack, the move timer).

The ops every game has (a game against the bots, replays, reviews, exercises, an online table) are written once
(``engine.board``); they draw an Okey position with ``draw`` (the ``assisted`` table option shows the solver's
help), say what changed with ``news`` (``engine.okey.board.view``) and word a refused move with ``refusal``: an
``IllegalMoveError`` with the engine's code and params, its reason worded from the ``okeyplay`` catalog in the
page's language (``params["words"]``). Every other error is worded by the page from its code
(``engine.okey.board.errors``). A replay of an Okey record opens at its first step.

Okey's own ops (``okey.<op>`` for each function of ``OPS``) work on a seat's view: on the table against the bots
or an online table's seat alike (``engine.core.sessions.seat_of``), ``lay_check`` and ``arrange``; ``timeout``
has a bot play the player's turn when the move timer runs out, on the table against the bots.
"""

from __future__ import annotations

from ...core import sessions
from ...core.errors import EngineError
from ...core.sessions import Ops, Position, check_language
from .rack import IllegalMoveError, arranged, checked_lay

#: Where a replay of a record opens: at its first step (the first deal).
REPLAY_OPENS_AT = "first"


def _words(position: Position, lang: str):
    from .text import Words

    return Words(lang, position.seen.options.mode, position.me, position.names)


#: How the site's pages carry the table (``scripts/hooks/board.py``): its module and style
#: (``docs/assets/board/<files>.mjs`` and ``.css``), the root's attribute of its words (``data-<words>-text``) and
#: its class beside the loader's; ``defaults``: where the page's forms (the table's settings, the online lobby) start
#: from another value than the spec's default: a newcomer's table is assisted, the engine's is not unless asked.
PAGE = {"files": "okey", "words": "okey", "classes": "okey-board", "defaults": {"assisted": True}}
#: The table's static picture before it starts: a rack as it looks once the table runs (tiles in the notation).
PICTURE = ("R4", "R5", "R6", "K9", "B9", "Y9", "B12", "B12")


def page_words(lang: str) -> dict:
    """The table's fixed words in ``lang``, for the page (``engine.okey.board.page_text.ui_text``)."""
    from .page_text import ui_text

    return ui_text(lang)


def page_picture(lang: str) -> str:
    """The table's static picture before it starts: ``PICTURE``'s tiles on a rack, drawn by the board's style."""
    tiles = "".join(f'<span class="okey-tile okey-tile--{tile[0].lower()}">{tile[1:]}</span>' for tile in PICTURE)
    return f'<div class="okey-rack" aria-hidden="true">{tiles}</div>'


def draw(position: Position, lang: str, settings: dict) -> dict:
    """The table's view of ``position`` (``engine.okey.board.view.game_view``), assisted or not."""
    from .view import game_view

    return game_view(position, lang, assisted=settings.get("assisted", False))


def news(position: Position, since: int, lang: str) -> list[str]:
    """What changed since the seat's view had ``since`` events (``engine.okey.board.view.news``)."""
    from .view import news as round_news

    return round_news(position, since, lang)


def refusal(error: EngineError, position: Position, lang: str) -> IllegalMoveError:
    """A move the engine refused, its reason worded in the page's language (``params["words"]``)."""
    words = _words(position, lang).refusal(error.code, error.params)
    # The reason, worded in the page's language: the page shows it (state.mjs errorText, params.words).
    return IllegalMoveError(words, code=error.code, params=dict(error.params) | {"words": words})


#: Okey's own ops, by name (each added by ``@OPS.op``); engine.board.session serves each as ``okey.<name>``.
OPS = Ops()


@OPS.op
def lay_check(game: str, tiles: list, kind: str = "melds", lang: str = "en") -> dict:
    """Check selected tiles as a lay-down before it is sent: the melds (or pairs) they make, their total against
    the threshold (``47 of 51``), and the move to send when it is legal (``ok``), or the reason it is not. From
    the seat's own view, on the table against the bots or at an online table alike."""
    position, _settings = sessions.seat_of("okey", game)
    check_language(lang)
    return checked_lay(_words(position, lang), position.seen, tiles, kind)


@OPS.op
def arrange(game: str, how: str = "runs", lang: str = "en") -> dict:
    """The seat's rack in an order: ``runs`` (colour, then number), ``sets`` (number, then colour), ``best``
    (the best arrangement's melds first) or ``pairs`` (the most pairs first): the last two on an assisted table
    only. ``groups`` are the melds or pairs found, ``order`` every tile of the rack."""
    position, settings = sessions.seat_of("okey", game)
    check_language(lang)
    return arranged(position.seen.rack, position.seen.okey, how, settings.get("assisted", False))


@OPS.op
def timeout(game: str, lang: str = "en") -> dict:
    """The player's move timer ran out: a bot of the table's level plays the rest of the player's turn, and says
    so (the first of the reply's ``news``). Nothing else plays for the player: absence is not a timeout."""
    from .view import Phase, phase

    session = sessions.in_play("okey", game)
    check_language(lang)
    position = session.position()
    sessions.check_phase(phase(position), Phase.YOU, "it is not the player's turn", "not-your-turn")
    lines = [_words(position, lang).timed_out()]
    state = session.game.round
    while not state.is_over and state.current == sessions.HUMAN:
        since = len(state.events)
        session.game.apply_action(session.bot_action())
        lines.extend(news(session.position(), since, lang))
    return session.reply(game, lang, lines)
