"""The board's games against the bots, for every game: ``new``, ``prepare``, ``resume``, ``view``, ``act``, ``bot``,
``next``.

Each op is served as ``<game>.<op>`` (``engine.board.session``) and knows its game only through the registry's
spec (``engine.core.games``) and the game's board module (``spec.board``: ``draw``, ``news``, ``refusal``). A game
lives in the worker between calls (``engine.core.sessions.Session``), under the id its first reply gives
(``game``).

What the page receives during a part is only what the player's seat may see: the board's view, drawn from the
seat's position (its view and the finished parts, ``Session.position``), and a ``record`` of the finished parts
only (what a download holds). Each reply also carries the ``save``, the whole game record, for the worker alone:
it takes the save out of the reply, keeps it sealed and hands it back to ``resume``
(``docs/assets/board/worker.mjs``). If the worker forgets the game (it was restarted) the page gets an
``UnknownGameError`` and resumes from the save.

The player sits at seat 0; every other seat is a bot of the chosen level, which moves only when the page asks
(``bot``), so the page sets the pace. Every bot's randomness follows from the position, and no bot's move depends
on the machine's speed (``GameSpec.make_bot``), so a restored game goes on exactly as it would have.

``prepare`` deals the visitor's next game ahead, while the worker runs anyway, so that the next visit's New game
shows it at once, before Python has booted: the bots play until it is the visitor's turn, and the reply is the
game's first view, which the page may keep (it is what that seat sees), and its save, which the worker seals.
Nothing of it stays in the worker: ``resume`` takes the game up from the save when the visitor starts it.
"""

from __future__ import annotations

import random
import time

from ..core import sessions
from ..core.errors import EngineError, quote
from ..core.record import check_seed
from ..core.sessions import PlayError, Session, board_of, board_phase, check_language
from .ops import GAME_OPS


def _split(spec, options: dict) -> tuple[dict, dict]:
    """``options`` as the game's options and its table options (``spec.table_options``), each checked."""
    table = {option.name for option in spec.table_options}
    settings = spec.check_table_options({name: value for name, value in options.items() if name in table})
    return {name: value for name, value in options.items() if name not in table}, settings


def _bots(spec, bots: object) -> str:
    return spec.default_bot if bots is None else sessions.check_bots(bots, spec.bot_levels)


def _start(session: Session, lang: str) -> dict:
    """The first reply about a game the worker keeps from now on."""
    return session.reply(sessions.store(session.spec.name, "game").add(session), lang, [])


def _deal(spec, bots: str | None, lang: str, seed: object, options: dict) -> Session:
    """A new game with these options (the game's and its table options, checked through the spec: one code,
    ``option``, for any bad one), dealt from ``seed`` (None: a fresh one, from the system's randomness)."""
    check_language(lang)
    bots = _bots(spec, bots)
    game_options, settings = _split(spec, options)
    if seed is None:
        seed = random.SystemRandom().getrandbits(53)  # exact in JavaScript numbers too
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayError(f"the seed is a whole number, not {quote(seed)}", code="arguments")
    check_seed(seed)
    return Session(spec, spec.new_game(seed=seed, hold=True, **game_options), bots, settings)


@GAME_OPS.op
def new(spec, bots: str | None = None, lang: str = "en", seed=None, **options) -> dict:
    """Deal a new game with these options: the player at seat 0, bots of level ``bots`` in the other seats."""
    return _start(_deal(spec, bots, lang, seed, options), lang)


@GAME_OPS.op
def prepare(spec, bots: str | None = None, lang: str = "en", seed=None, **options) -> dict:
    """The visitor's next game, dealt ahead: ``new``'s game, its bots played until it is the visitor's turn (the
    game ``new`` then ``bot`` make from the same seed), kept nowhere in the worker. Its ``game`` is None: the
    reply's view is what the page keeps, its ``save`` what ``resume`` takes the game up from."""
    session = _deal(spec, bots, lang, seed, options)
    while board_phase(session.position(), spec.part) == "bot":
        session.game.apply_action(session.bot_action())
    return session.reply(None, lang, [])


@GAME_OPS.op
def resume(spec, save: dict, bots: str | None = None, lang: str = "en", **settings) -> dict:
    """Take up a saved game from its save (the whole record, checked by replaying it), exactly where it stopped;
    ``settings``: its table options (the page keeps them beside the save)."""
    check_language(lang)
    bots = _bots(spec, bots)
    settings = spec.check_table_options(settings)
    game = spec.replay(save)
    sessions.check_save(save)  # so the replay has checked every deal against the seed
    game.auto_deal = False
    return _start(Session(spec, game, bots, settings), lang)


@GAME_OPS.op
def view(spec, game: str, lang: str = "en") -> dict:
    """The game as it stands."""
    session = sessions.in_play(spec.name, game)
    return session.reply(game, check_language(lang), [])


def _phase(session: Session, wanted: str, refusal: str, code: str) -> None:
    phase = board_phase(session.position(), session.spec.part)
    sessions.check_phase(phase, wanted, refusal, code)


@GAME_OPS.op
def act(spec, game: str, action: str, lang: str = "en") -> dict:
    """The player's move, in the game's notation (``draw``, ``1|4 on 4|4 line-b``, ``discard R3``); refused with
    the engine's reason when the rules do not allow it (worded by the game's board, ``refusal``)."""
    session = sessions.in_play(spec.name, game)
    check_language(lang)
    _phase(session, "you", "it is not the player's turn", "not-your-turn")
    if not isinstance(action, str):
        raise PlayError(f"a move is text in the game's notation, such as draw, not {quote(action)}")
    board = board_of(spec)
    before = session.position()
    try:
        session.game.apply_action(action)
    except EngineError as error:
        refusal = getattr(board, "refusal", None)
        raise (error if refusal is None else refusal(error, before, lang)) from None
    return session.reply(game, lang, board.news(session.position(), len(before.seen.events), lang))


@GAME_OPS.op
def bot(spec, game: str, lang: str = "en") -> dict:
    """The bot whose turn it is chooses and makes its move (``botMs``: how long it thought)."""
    session = sessions.in_play(spec.name, game)
    check_language(lang)
    _phase(session, "bot", "it is not a bot's turn", "not-bot-turn")
    since = len(session.position().seen.events)
    started = time.perf_counter()
    action = session.bot_action()
    thinking = (time.perf_counter() - started) * 1000
    session.game.apply_action(action)
    news = board_of(spec).news(session.position(), since, lang)
    return session.reply(game, lang, news) | {"botMs": round(thinking, 1)}


@GAME_OPS.op
def next(spec, game: str, lang: str = "en") -> dict:
    """Deal the next hand or round (after one that ended and the game goes on), as the seed decides."""
    session = sessions.in_play(spec.name, game)
    check_language(lang)
    _phase(session, f"{spec.part}Over", f"the {spec.part} is not over", f"{spec.part}-not-over")
    spec.deal_next(session.game)
    return session.reply(game, lang, board_of(spec).news(session.position(), -1, lang))


def adopt(name: str, game, bots: str | None = None, **settings) -> str:
    """Hand the board a game made elsewhere (a chosen deal, a test's position): its id for the ops."""
    from ..core.games import game_spec

    spec = game_spec(name)
    session = Session(spec, game, _bots(spec, bots), spec.check_table_options(settings))
    return sessions.store(name, "game").add(session)
