"""The Sniff board's ops: games against the bots, replays of records, the sandbox, single diagrams.

``engine.board.session`` dispatches ``sniff.<op>`` to the functions of ``OPS``
(JSON values in and out). A game lives in the worker between calls, under the
id its first view gives (``game``).

What the page receives during a hand is only what the player's seat may see:
the view (``engine.sniff.board.view``) and a ``record`` of the finished hands
only (what a download holds). Each reply also carries the ``save``, the whole
game record, for the worker alone: it takes the save out of the reply, keeps it
sealed and hands it back to ``play_resume`` (``docs/assets/board/worker.mjs``). If the worker forgets the game (it was
restarted) the page gets an ``UnknownGameError`` and resumes from the save.

The player sits at seat 0 (``engine.sniff.board.view.HUMAN``); every other seat
is a bot of the chosen strength, which moves only when the page asks
(``play_bot``), so the page sets the pace. The strong bot searches a fixed
number of guesses (``BOARD_SAMPLES``), and every bot's randomness follows from
the position, so a restored game goes on exactly as it would have.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...core import sessions
from ...core.errors import quote
from ...core.i18n import translations
from ...core.sessions import PlayError, SessionStore, UnknownGameError, check_language
from ..game import DRAW, PASS, Drew, Game, Hand, Play, Played
from ..layout import Layout
from ..notation import parse_layout
from .online import online_view
from .practice import practice_check, practice_make

# The record module, the bots and the renderer are imported by the first call that needs them,
# not when the worker starts: the board answers its first call sooner.

#: The bots a game may have (engine.sniff.bots.BOTS, which is imported at the first bot's move).
BOT_NAMES = ("random", "greedy", "strong")
#: The strong bot's guesses per move on the board: fixed, so a game goes on the same way on any machine.
BOARD_SAMPLES = 24  # engine.sniff.bots.FIXED_SAMPLES, not imported here so that the board starts sooner
#: The longest sandbox layout text: 28 placements of the longest form ("6|6 on 6|6 branch-a;") and then some.
MAX_LAYOUT_CHARS = 2000


@dataclass
class Session:
    game: Game
    bots: str


#: The games this worker holds, by the ids the page sends back with every call (``SessionStore``). Public: a
#: host may hand the board a game it made (a chosen deal) with ``games.add(Session(...))`` and read one back.
games: SessionStore[Session] = SessionStore("game", 'the board holds no game "{key}": resume it from its save')
#: Loaded records (``sessions.Replay``), by the ids ``replay_open`` hands out; a replay's cursor (a Hand)
#: steps with apply and undo.
replays: SessionStore[sessions.Replay[Game, Hand]] = SessionStore(
    "replay", 'the board holds no replay "{key}": load the record again'
)


def _reply(key: str, session: Session, lang: str, lines: list[str]) -> dict:
    from ..record import game_record
    from .view import game_view

    game = session.game
    reply = sessions.game_reply(key, game_view(game, lang), lines, game_record(game), "hands")
    return reply | {"moves": sessions.moves_made(game.hands), "canDeal": game.seed is not None}


# -- games ---------------------------------------------------------------------------------------------------


#: The ops, by name (each added by ``@OPS.op``); engine.board.session serves each as ``sniff.<name>``.
OPS = sessions.Ops()


@OPS.op
def play_new(
    players: int,
    bots: str = "greedy",
    lang: str = "en",
    seed=None,
    rules: str = "american",
    partnerships: bool = False,
) -> dict:
    """Deal a new game: the player at seat 0, bots of strength ``bots`` in the other seats.

    ``rules``: ``american`` or ``classic``; ``partnerships``: classic Sniff's four players as two
    partnerships (American Sniff's four always are).
    """
    from ..rules import RULESETS

    check_language(lang)
    sessions.check_bots(bots, BOT_NAMES)
    if rules not in RULESETS:
        raise PlayError(f"the rules are one of {', '.join(RULESETS)}, not {quote(rules)}", code="rules")
    if not isinstance(partnerships, bool):
        raise PlayError(f"partnerships is true or false, not {quote(partnerships)}", code="partnerships")
    ruleset = RULESETS[rules]
    if players == 4 and ruleset.optional_partnerships:
        ruleset = ruleset.with_partnerships(partnerships)
    if seed is None:
        seed = random.SystemRandom().getrandbits(53)  # exact in JavaScript numbers too
    try:
        game = Game(players, seed=seed, auto_deal=False, ruleset=ruleset)
    except TypeError as error:
        raise PlayError(str(error)) from None
    game.begin_hand(game.planned_deal())
    session = Session(game, bots)
    return _reply(games.add(session), session, lang, [])


@OPS.op
def play_resume(save: dict, bots: str = "greedy", lang: str = "en") -> dict:
    """Take up a saved game from its save (the whole record, checked by replaying it), exactly where it stopped."""
    from ..record import replay

    check_language(lang)
    sessions.check_bots(bots, BOT_NAMES)
    game = replay(save)
    sessions.check_save(save)  # so the replay has checked every deal against the seed
    game.auto_deal = False
    session = Session(game, bots)
    return _reply(games.add(session), session, lang, [])


@OPS.op
def play_view(game: str, lang: str = "en") -> dict:
    """The game as it stands."""
    return _reply(game, games[game], check_language(lang), [])


@OPS.op
def play_act(game: str, action: str, lang: str = "en") -> dict:
    """The player's move: ``draw``, ``pass`` or a placement in the layout notation (IllegalActionError if not legal)."""
    from ..game import parse_action
    from .view import Phase, news, phase

    session = games[game]
    check_language(lang)
    sessions.check_phase(phase(session.game), Phase.YOU, "it is not the player's turn", "not-your-turn")
    if not isinstance(action, str):
        raise PlayError(f"a move is text such as draw, pass or 1|4 on 4|4 line-b, not {quote(action)}")
    event = session.game.apply_action(parse_action(action))
    return _reply(game, session, lang, news(session.game, event, _words(session, lang)))


@OPS.op
def play_bot(game: str, lang: str = "en") -> dict:
    """The bot whose turn it is chooses and makes its move."""
    from ..bots import make_bot
    from .view import Phase, news, phase

    session = games[game]
    check_language(lang)
    current = session.game
    sessions.check_phase(phase(current), Phase.BOT, "it is not a bot's turn", "not-bot-turn")
    hand = current.hand
    # The bot's randomness follows from the position, so a restored game goes on the same way.
    rng = random.Random(f"bot:{current.seed}:{len(current.hands)}:{len(hand.events)}")
    bot = make_bot(session.bots, rng, samples=BOARD_SAMPLES)
    started = time.perf_counter()
    action = bot.choose(current.view(hand.current))
    thinking = (time.perf_counter() - started) * 1000
    event = current.apply_action(action)
    reply = _reply(game, session, lang, news(current, event, _words(session, lang)))
    return reply | {"botMs": round(thinking, 1)}


@OPS.op
def play_next_hand(game: str, lang: str = "en") -> dict:
    """Deal the next hand (after a hand that ended without a winner)."""
    from .view import Phase, phase

    session = games[game]
    check_language(lang)
    sessions.check_phase(phase(session.game), Phase.HAND_OVER, "the hand is not over", "hand-not-over")
    session.game.begin_hand(session.game.planned_deal())
    return _reply(game, session, lang, [])


def _words(session: Session, lang: str):
    from .text import Words

    return Words(lang, session.game.players, session.game.partnerships)


# -- replays ---------------------------------------------------------------------------------------------------


def _actions(hand: Hand) -> list:
    """The actions that replay a hand's events."""
    return [Play(e.placement) if type(e) is Played else DRAW if type(e) is Drew else PASS for e in hand.events]


@OPS.op
def replay_open(text: str, lang: str = "en") -> dict:
    """Load a game record to replay it (RecordError, with the hand and event, if it doesn't replay)."""
    from ..record import RecordError, replay

    check_language(lang)
    record = sessions.parse_record(text, RecordError)
    game = replay(record)  # checks every event, deduction and score
    loaded = sessions.Replay.of(record, game, game.hands)
    return replay_view(replays.add(loaded), len(loaded.positions) - 1, lang)


def game_at(replay: sessions.Replay[Game, Hand], index: int, done: int) -> Game:
    """The replayed game at hand ``index`` after ``done`` events: the hands before it as they ended, and
    that hand stepped there from where the cursor stood (apply forward, undo back; a new hand starts
    from its deal)."""
    whole = replay.game.hands[index]
    if replay.index != index:
        replay.cursor = Hand(whole.ruleset, whole.players, whole.deal, whole.start_scores)
        replay.index = index
    cursor = replay.cursor
    if done > len(cursor.events):
        for action in _actions(whole)[len(cursor.events) : done]:
            cursor.apply(action)
    while len(cursor.events) > done:
        cursor.undo()
    return replay.game_at_cursor("hands")


@OPS.op
def replay_view(replay: str, step: int, lang: str = "en") -> dict:
    """The replayed game at ``step`` (0 = the first deal), every hand shown."""
    from .view import game_view

    loaded = replays[replay]
    check_language(lang)
    game = game_at(loaded, *loaded.position(step))
    view = game_view(game, lang, reveal=True)
    can_play_on = loaded.record.get("seed") is not None and not game.is_terminal()
    return view | {"replay": replay, "step": step, "steps": len(loaded.positions), "canPlayOn": can_play_on}


def record_at(record: dict, position: tuple[int, int]) -> dict:
    """The record cut at ``position``: the hands before it whole, then that hand's first events."""
    index, done = position
    hands = [dict(hand) for hand in record["hands"][: index + 1]]
    last = hands[-1]
    whole = done == len(last["events"])
    if not whole:
        unfinished = {"end": None, "scores": None} | ({"award": None} if "award" in last else {"deductions": None})
        hands[-1] = last | {"events": last["events"][:done]} | unfinished
    finished = whole and index == len(record["hands"]) - 1
    return record | {"hands": hands, "winner": record.get("winner") if finished else None}


@OPS.op
def replay_play_on(replay: str, step: int, bots: str = "greedy", lang: str = "en") -> dict:
    """Take over seat 0 of the replayed game at ``step`` and play on against the bots."""
    loaded = replays[replay]
    position = loaded.position(step)
    if loaded.record.get("seed") is None:
        raise PlayError("this record has no seed, so the next hands could not be dealt", code="no-seed")
    return play_resume(record_at(loaded.record, position), bots, lang)


# -- the sandbox and single diagrams ----------------------------------------------------------------------------


def _layout(layout: object) -> Layout:
    if not isinstance(layout, str):
        raise PlayError(f"the layout must be text in the layout notation, not {type(layout).__name__}")
    return parse_layout(layout)


@OPS.op
def sandbox_view(layout: str, lang: str = "en") -> dict:
    """The sandbox for ``layout`` (placements in the layout notation, by line or joined by ``;``)."""
    from .sandbox import sandbox_view as _sandbox_view

    translations(check_language(lang), "play")
    if isinstance(layout, str) and len(layout) > MAX_LAYOUT_CHARS:
        raise PlayError(
            f"the layout is longer than any of the 28 tiles ({len(layout)} characters, at most {MAX_LAYOUT_CHARS})",
            code="layout-too-long",
            params={"size": len(layout)},
        )
    return _sandbox_view(_layout(layout), lang)


@OPS.op
def describe(layout: str, lang: str = "en") -> dict:
    """The diagram text of a layout: heading, caption and long description."""
    from ..render.text import describe as describe_layout

    text = describe_layout(_layout(layout), check_language(lang))
    return {"heading": text.heading, "caption": text.caption, "description": text.description}


@OPS.op
def analyse(layout: str, lang: str = "en") -> dict:
    """Everything the engine knows of a layout (as ``python -m engine describe --json``)."""
    from ..render.analysis import analysis

    parsed = _layout(layout)
    if not len(parsed):
        raise PlayError("the layout has no tiles: write the opening tile first, for example 1|4", code="empty-layout")
    return analysis(parsed, check_language(lang))


@OPS.op
def legal_joins(layout: str) -> list[dict]:
    """Every open side where a tile may join now, as ``{tile, side, value}`` (empty layout: none)."""
    return [{"tile": j.tile.notation(), "side": j.side.value, "value": j.value} for j in _layout(layout).legal_joins()]


@OPS.op
def render_svg(layout: str, lang: str = "en", last: bool = False, legend: bool = False) -> str:
    """The engine's SVG diagram of a layout (an empty layout draws an empty table).

    ``last`` highlights the tile placed last; ``legend`` draws the legend below.
    Ids in the SVG are derived from the layout, so two diagrams on a page differ.
    """
    if not isinstance(last, bool) or not isinstance(legend, bool):
        raise PlayError("last and legend must be true or false")
    # Imported on the first drawing, not at the board's start: xml.etree and the geometry
    # cost about 80 ms in Pyodide, and the board has its static picture until a game begins.
    from ..render.svg import render_svg as render

    return render(_layout(layout), check_language(lang), last=last, legend=legend)


#: ``engine.sniff.review`` of the record's finished hands for a seat (``sessions.review_op``).
review = OPS.op(sessions.review_op("engine.sniff"))
OPS.op(practice_make)
OPS.op(practice_check)
OPS.op(online_view)

__all__ = ["OPS", "PlayError", "Session", "UnknownGameError", "game_at", "games", "record_at", "replays"]
