"""The Okey table's ops: games against the bots, the assisted table's helpers, replays of records.

``engine.board.session`` dispatches ``okey.<op>`` to the functions of ``OPS``
(JSON values in and out). A game lives in the worker between calls, under the
id its first view gives (``game``).

What the page receives during a round is only what the player's seat may see:
the view (``engine.okey.board.view``) and a ``record`` of the finished rounds
only (what a download holds). Each reply also carries the ``save``, the whole
game record, for the worker alone: it takes the save out of the reply, keeps it
sealed and hands it back to ``resume`` (``docs/assets/board/worker.mjs``). If
the worker forgets the game (it was restarted) the page gets an
``UnknownGameError`` and resumes from the save.

The player sits at seat 0; every other seat is a bot of the chosen strength,
which moves only when the page asks (``bot``), so the page sets the pace. The
strong bot uses no random numbers, and the others' randomness follows from the
position, so a restored game goes on exactly as it would have. When the move
timer runs out, ``timeout`` has a bot play the player's turn and says so.

Refused moves are ``IllegalMoveError``: the engine's ``code`` and ``params``,
with the reason worded from the ``okeyplay`` catalog in the page's language
(``params["words"]``). Every other error is worded by the page from its code
(``engine.okey.board.errors``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...core import sessions
from ...core.errors import EngineError, quote
from ...core.sessions import PlayError, SessionStore, UnknownGameError, check_language
from ..game import DECLINE, Game, Round, event_action
from ..rules import Options
from .online import online_arrange, online_lay_check, online_view
from .practice import practice_check, practice_make
from .rack import IllegalMoveError, arranged, checked_lay

BOT_NAMES = ("random", "greedy", "strong")


@dataclass
class Session:
    game: Game
    bots: str
    assisted: bool


#: The games this worker holds, by the ids the page sends back with every call (``SessionStore``). Public: a
#: host may hand the table a game it made (a chosen deal) with ``games.add(Session(...))`` and read one back.
games: SessionStore[Session] = SessionStore("okey", 'the table holds no game "{key}": resume it from its save')
#: Loaded records (``sessions.Replay``), by the ids ``replay_open`` hands out; a replay's cursor (a Round)
#: steps forward by applying events (back: replayed from the round's deal, which is quick: the engine has no
#: undo).
replays: SessionStore[sessions.Replay[Game, Round]] = SessionStore(
    "okey-replay", 'the table holds no replay "{key}": load the record again'
)


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise PlayError(f"{name} is true or false, not {quote(value)}", code="okey-setting", params={"setting": name})
    return value


def _words(session_or_game, lang: str):
    from .text import Words

    game = session_or_game.game if isinstance(session_or_game, Session) else session_or_game
    return Words(lang, game.options.mode)


def _reply(key: str, session: Session, lang: str, lines: list[str]) -> dict:
    from ..record import game_record
    from .view import game_view

    game = session.game
    save = game_record(game)
    reply = sessions.game_reply(key, game_view(game, lang, assisted=session.assisted), lines, save, "rounds")
    return reply | {"bots": session.bots, "moves": sessions.moves_made(game.rounds)}


# -- games ---------------------------------------------------------------------------------------------------


#: The ops, by name (each added by ``@OPS.op``); engine.board.session serves each as ``okey.<name>``.
OPS = sessions.Ops()


@OPS.op
def new_game(
    mode: str = "solo",
    bots: str = "greedy",
    doubling: bool = True,
    rounds: int = 1,
    assisted: bool = True,
    lang: str = "en",
    seed=None,
) -> dict:
    """Deal a new game: the player at seat 0, bots of strength ``bots`` in the other seats."""
    check_language(lang)
    sessions.check_bots(bots, BOT_NAMES)
    options = Options(mode=mode, doubling=_flag(doubling, "doubling"), rounds=rounds)
    if seed is None:
        seed = random.SystemRandom().getrandbits(53)  # exact in JavaScript numbers too
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayError(f"the seed is an integer, not {quote(seed)}", code="okey-seed")
    game = Game(options, seed=seed, auto_deal=False)
    game.begin_round(game.planned_deal())
    session = Session(game, bots, _flag(assisted, "assisted"))
    return _reply(games.add(session), session, lang, [])


@OPS.op
def resume(save: dict, bots: str = "greedy", assisted: bool = True, lang: str = "en") -> dict:
    """Take up a saved game from its save (the whole record, checked by replaying it), exactly where it stopped."""
    from ..record import replay

    check_language(lang)
    sessions.check_bots(bots, BOT_NAMES)
    game = replay(save)
    sessions.check_save(save)  # so the replay has checked every deal against the seed
    game.auto_deal = False
    session = Session(game, bots, _flag(assisted, "assisted"))
    return _reply(games.add(session), session, lang, [])


@OPS.op
def view(game: str, lang: str = "en") -> dict:
    """The game as it stands."""
    return _reply(game, games[game], check_language(lang), [])


def _refused(error: EngineError, session: Session, lang: str) -> IllegalMoveError:
    words = _words(session, lang).refusal(error.code, error.params)
    # The reason, worded in the page's language: the page shows it (state.mjs errorText, params.words).
    return IllegalMoveError(words, code=error.code, params=dict(error.params) | {"words": words})


def _apply(session: Session, action, lang: str) -> list[str]:
    """Apply the current seat's action; the sentences of what it changed."""
    from .view import news

    state = session.game.round
    before = len(state.events)
    try:
        session.game.apply_action(action)
    except EngineError as error:
        raise _refused(error, session, lang) from None
    return news(session.game, _words(session, lang), before)


def _your_turn(session: Session, lang: str) -> None:
    from .view import Phase, phase

    state = phase(session.game)
    if state != Phase.YOU:
        raise PlayError(_words(session, lang).not_your_turn(), code="not-your-turn", params={"phase": state})


@OPS.op
def act(game: str, action: str, lang: str = "en") -> dict:
    """The player's move, in the engine's notation: ``draw``, ``take``, ``meld R4 R5 R6``, ``pairs B9 B9, ...``,
    ``layoff B7 on 2``, ``seize B8 on 1``, ``discard R3`` (IllegalMoveError with the reason if not legal)."""
    session = games[game]
    check_language(lang)
    _your_turn(session, lang)
    if not isinstance(action, str):
        raise PlayError(f"a move is text such as draw or discard R3, not {quote(action)}", code="okey-move")
    return _reply(game, session, lang, _apply(session, action, lang))


def _bot_action(session: Session, name: str):
    from ..bots import make_bot

    game = session.game
    state = game.round
    # The bot's randomness follows from the position, so a restored game goes on the same way.
    rng = random.Random(f"okey-bot:{game.seed}:{len(game.rounds)}:{len(state.events)}")
    bot = make_bot(name, rng)
    return bot.choose(game.view(state.current))


@OPS.op
def bot(game: str, lang: str = "en") -> dict:
    """The bot whose turn it is chooses and makes its move."""
    from .view import Phase, phase

    session = games[game]
    check_language(lang)
    sessions.check_phase(phase(session.game), Phase.BOT, "it is not a bot's turn", "not-bot-turn")
    started = time.perf_counter()
    action = _bot_action(session, session.bots)
    thinking = (time.perf_counter() - started) * 1000
    reply = _reply(game, session, lang, _apply(session, action, lang))
    return reply | {"botMs": round(thinking, 1)}


@OPS.op
def timeout(game: str, lang: str = "en") -> dict:
    """The player's move timer ran out: a bot of the table's strength plays the rest of the player's turn, and
    says so (the first of the reply's ``news``). Nothing else plays for the player: absence is not a timeout."""
    session = games[game]
    check_language(lang)
    _your_turn(session, lang)
    words = _words(session, lang)
    lines = [words.timed_out()]
    state = session.game.round
    while not state.is_over and state.current == 0:
        lines.extend(_apply(session, _bot_action(session, session.bots), lang))
    return _reply(game, session, lang, lines)


@OPS.op
def next_round(game: str, lang: str = "en") -> dict:
    """Deal the next round (after a round that ended, when the game goes on)."""
    from .view import Phase, news, phase

    session = games[game]
    check_language(lang)
    sessions.check_phase(phase(session.game), Phase.ROUND_OVER, "the round is not over", "round-not-over")
    session.game.begin_round(session.game.planned_deal())
    return _reply(game, session, lang, news(session.game, _words(session, lang), -1))


# -- the assisted table and the rack ------------------------------------------------------------------------------


@OPS.op
def lay_check(game: str, tiles: list, kind: str = "melds", lang: str = "en") -> dict:
    """Check selected tiles as a lay-down before it is sent: the melds (or pairs) they make, their total against
    the threshold (``47 of 51``), and the move to send when it is legal (``ok``), or the reason it is not."""
    session = games[game]
    check_language(lang)
    state = session.game.round
    return checked_lay(
        _words(session, lang), state.racks[0], state.okey, state.threshold(), state.opened[0], tiles, kind,
        session.game.validate_action, state.current == 0,
    )  # fmt: skip


@OPS.op
def arrange(game: str, how: str = "runs", lang: str = "en") -> dict:
    """The player's rack in an order: ``runs`` (colour, then number), ``sets`` (number, then colour), ``best``
    (the best arrangement's melds first) or ``pairs`` (the most pairs first). ``groups`` are the melds or pairs
    found, ``order`` every tile of the rack."""
    session = games[game]
    check_language(lang)
    state = session.game.round
    return arranged(state.rack(0), state.okey, how, session.assisted)


# -- replays -------------------------------------------------------------------------------------------------------


@OPS.op
def replay_open(text: str, lang: str = "en") -> dict:
    """Load an Okey record to replay it (RecordError, with the round and event, if it doesn't replay)."""
    from ..record import RecordError, replay

    check_language(lang)
    record = sessions.parse_record(text, RecordError)
    game = replay(record)  # checks every event, charge, settlement and total
    return replay_view(replays.add(sessions.Replay.of(record, game, game.rounds)), 0, lang)


def game_at(replay: sessions.Replay[Game, Round], index: int, done: int) -> Game:
    """The replayed game at round ``index`` after ``done`` events: earlier rounds as they ended, that round
    stepped forward from the cursor (or from its deal, to go back)."""
    whole = replay.game.rounds[index]
    cursor = replay.cursor
    if replay.index != index or cursor is None or len(cursor.events) > done:
        cursor = Round(whole.options, whole.deal, whole.number)
        replay.cursor, replay.index = cursor, index
    events = whole.events
    while len(cursor.events) < done:
        cursor.apply(event_action(events[len(cursor.events)]))
    if done == len(events) and whole.is_over and not cursor.is_over:
        cursor.apply(DECLINE)  # an exhausted round: the last seat left the discard
    return replay.game_at_cursor("rounds")


@OPS.op
def replay_view(replay: str, step: int, lang: str = "en") -> dict:
    """The replayed game at ``step`` (0 = the first deal), every rack shown."""
    from .view import game_view

    loaded = replays[replay]
    check_language(lang)
    game = game_at(loaded, *loaded.position(step))
    shown = game_view(game, lang, reveal=True)
    return shown | {"replay": replay, "step": step, "steps": len(loaded.positions)}


#: ``engine.okey.review`` of the record's finished rounds for a seat (``sessions.review_op``).
review = OPS.op(sessions.review_op("engine.okey"))
OPS.op(practice_make)
OPS.op(practice_check)
OPS.op(online_view)
OPS.op(online_lay_check)
OPS.op(online_arrange)

__all__ = ["OPS", "IllegalMoveError", "PlayError", "Session", "UnknownGameError", "game_at", "games", "replays"]
