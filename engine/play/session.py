"""The board's game, replay and sandbox ops: plain functions, JSON values in and out.

``engine.board.session`` registers every function of ``OPS`` beside its own, so
the worker calls them by name. A game lives in the worker between calls, under
the id its first view gives (``game``); the page keeps the game's record in the
browser, and if the worker forgets the game (it was restarted) the page gets an
``UnknownGameError`` and resumes from the record with ``play_resume``.

The human player sits at seat 0 (``engine.play.view.HUMAN``); every other seat
is a bot of the strength the player chose, which moves only when the page asks
(``play_bot``), so the page sets the pace. A hand that ends waits for
``play_next_hand``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from ..i18n import translations

if TYPE_CHECKING:
    from ..sniff.game import Game
    from .text import Words

# The rules, the bots and the renderer are imported by the first call that needs them,
# not when the worker starts: the board answers its first call sooner.

#: How many games and replays the worker keeps (the page uses one at a time).
KEEP = 4
#: The bots a game may have (engine.sniff.bots.BOTS, which is imported at the first bot's move).
BOT_NAMES = ("random", "greedy", "strong")
MAX_BUDGET_MS = 2000


class PlayError(ValueError):
    """A call that doesn't fit the game as it stands (not the player's turn, no hand to deal, bad settings)."""


class UnknownGameError(LookupError):
    """The worker doesn't hold this game (it was restarted): resume it from its record."""


@dataclass
class Session:
    game: Game
    bots: str
    budget_ms: float | None


_games: dict[str, Session] = {}
_replays: dict[str, dict] = {}
_ids = count(1)


def _keep(store: dict, value: object, prefix: str) -> str:
    key = f"{prefix}-{next(_ids)}"
    store[key] = value
    while len(store) > KEEP:
        del store[next(iter(store))]
    return key


def _session(game: str) -> Session:
    try:
        return _games[game]
    except (KeyError, TypeError):
        raise UnknownGameError(f'the board holds no game "{game}": resume it from its record') from None


def _settings(bots: object, budget_ms: object) -> tuple[str, float | None]:
    if bots not in BOT_NAMES:
        raise PlayError(f"the bots are one of {', '.join(BOT_NAMES)}, not {bots!r}")
    if budget_ms is not None and (
        isinstance(budget_ms, bool) or not isinstance(budget_ms, int | float) or not 0 < budget_ms <= MAX_BUDGET_MS
    ):
        raise PlayError(
            f"the strong bot's budget is a number of ms, above 0 and at most {MAX_BUDGET_MS}: not {budget_ms!r}"
        )
    return bots, budget_ms


def _reply(key: str, session: Session, lang: str, lines: list[str]) -> dict:
    from .view import game_view

    view = game_view(session.game, lang)
    game = session.game
    return view | {"game": key, "news": lines, "record": game.to_record(), "canDeal": game.seed is not None}


# -- games ---------------------------------------------------------------------------------------------------


def play_new(
    players: int,
    bots: str = "greedy",
    lang: str = "en",
    budget_ms: float | None = None,
    seed=None,
    rules: str = "american",
    partnerships: bool = False,
) -> dict:
    """Deal a new game: the player at seat 0, bots of strength ``bots`` in the other seats.

    ``rules``: ``american`` or ``classic``; ``partnerships``: classic Sniff's four players as two
    partnerships (American Sniff's four always are).
    """
    from ..sniff.game import Game
    from ..sniff.rules import RULESETS

    translations(lang, "play")  # an unknown language fails here, before anything is dealt
    bots, budget_ms = _settings(bots, budget_ms)
    if rules not in RULESETS:
        raise PlayError(f"the rules are one of {', '.join(RULESETS)}, not {rules!r}")
    if not isinstance(partnerships, bool):
        raise PlayError(f"partnerships is true or false, not {partnerships!r}")
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
    session = Session(game, bots, budget_ms)
    key = _keep(_games, session, "game")
    return _reply(key, session, lang, [])


def play_resume(record: dict, bots: str = "greedy", lang: str = "en", budget_ms: float | None = None) -> dict:
    """Take up a saved game from its record (checked by replaying it), exactly where it stopped."""
    from ..sniff.record import replay

    translations(lang, "play")
    bots, budget_ms = _settings(bots, budget_ms)
    game = replay(record)
    game.auto_deal = False
    session = Session(game, bots, budget_ms)
    key = _keep(_games, session, "game")
    return _reply(key, session, lang, [])


def play_view(game: str, lang: str = "en") -> dict:
    """The game as it stands."""
    return _reply(game, _session(game), lang, [])


def play_act(game: str, action: str, lang: str = "en") -> dict:
    """The player's move: ``draw``, ``pass`` or a placement in the layout notation (IllegalActionError if not legal)."""
    from ..sniff.game import parse_action
    from .view import news, phase

    session = _session(game)
    if phase(session.game) != "you":
        raise PlayError(f"it is not the player's turn ({phase(session.game)})")
    if not isinstance(action, str):
        raise PlayError(f"a move is text such as draw, pass or 1|4 on 4|4 line-b, not {action!r}")
    event = session.game.apply_action(parse_action(action))
    return _reply(game, session, lang, news(session.game, event, _words(session, lang)))


def play_bot(game: str, lang: str = "en") -> dict:
    """The bot whose turn it is chooses and makes its move (within the strong bot's time budget)."""
    from ..sniff.bots import make_bot
    from .view import news, phase

    session = _session(game)
    current = session.game
    if phase(current) != "bot":
        raise PlayError(f"it is not a bot's turn ({phase(current)})")
    hand = current.hand
    # The bot's randomness follows from the position, so a restored game goes on the same way.
    rng = random.Random(f"bot:{current.seed}:{len(current.hands)}:{len(hand.events)}")
    bot = make_bot(session.bots, rng, session.budget_ms)
    started = time.perf_counter()
    action = bot.choose(current.view(hand.current))
    thinking = (time.perf_counter() - started) * 1000
    event = current.apply_action(action)
    reply = _reply(game, session, lang, news(current, event, _words(session, lang)))
    return reply | {"botMs": round(thinking, 1)}


def play_next_hand(game: str, lang: str = "en") -> dict:
    """Deal the next hand (after a hand that ended without a winner)."""
    from .view import phase

    session = _session(game)
    if phase(session.game) != "handOver":
        raise PlayError(f"the hand is not over ({phase(session.game)})")
    session.game.begin_hand(session.game.planned_deal())
    return _reply(game, session, lang, [])


def _words(session: Session, lang: str) -> Words:
    from .text import Words

    return Words(lang, session.game.players, session.game.partnerships)


# -- replays ---------------------------------------------------------------------------------------------------


def _parse_record(text: str) -> dict:
    """A game record from a file's text: one JSON object, or the first game of a JSON Lines file."""
    from ..sniff.record import RecordError

    if not isinstance(text, str):
        raise PlayError("the record is the text of a JSON file")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise RecordError("the file is empty") from None
        try:
            return json.loads(lines[0])
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error.msg}, line 1, column {error.colno}") from None


def _positions(record: dict) -> list[tuple[int, int]]:
    """Every position of a replay: (hand, events played), from each hand's deal to its end."""
    return [(index, done) for index, hand in enumerate(record["hands"]) for done in range(len(hand["events"]) + 1)]


def _record_at(record: dict, position: tuple[int, int]) -> dict:
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


def replay_open(text: str, lang: str = "en") -> dict:
    """Load a game record to replay it (RecordError, with the hand and event, if it doesn't replay)."""
    from ..sniff.record import replay

    translations(lang, "play")
    record = _parse_record(text)
    replay(record)  # checks every event, deduction and score
    key = _keep(_replays, record, "replay")
    steps = len(_positions(record))
    return replay_view(key, steps - 1, lang)


def _replay(key: str) -> dict:
    try:
        return _replays[key]
    except (KeyError, TypeError):
        raise UnknownGameError(f'the board holds no replay "{key}": load the record again') from None


def replay_view(replay: str, step: int, lang: str = "en") -> dict:
    """The replayed game at ``step`` (0 = the first deal), every hand shown."""
    from ..sniff.record import replay as replay_record
    from .view import game_view

    record = _replay(replay)
    positions = _positions(record)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(positions):
        raise PlayError(f"the replay has steps 0 to {len(positions) - 1}, not {step!r}")
    game = replay_record(_record_at(record, positions[step]))
    view = game_view(game, lang, reveal=True)
    can_play_on = record.get("seed") is not None and not game.is_terminal()
    return view | {"replay": replay, "step": step, "steps": len(positions), "canPlayOn": can_play_on}


def replay_play_on(replay: str, step: int, bots: str = "greedy", lang: str = "en", budget_ms=None) -> dict:
    """Take over seat 0 of the replayed game at ``step`` and play on against the bots."""
    record = _replay(replay)
    positions = _positions(record)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(positions):
        raise PlayError(f"the replay has steps 0 to {len(positions) - 1}, not {step!r}")
    if record.get("seed") is None:
        raise PlayError("this record has no seed, so the next hands could not be dealt")
    return play_resume(_record_at(record, positions[step]), bots, lang, budget_ms)


# -- the sandbox -----------------------------------------------------------------------------------------------


def sandbox_view(layout: str, lang: str = "en") -> dict:
    """The sandbox for ``layout`` (placements in the layout notation, by line or joined by ``;``)."""
    from ..sniff.notation import parse_layout
    from .sandbox import sandbox_view as _sandbox_view

    translations(lang, "play")
    if not isinstance(layout, str):
        raise PlayError("the layout is text in the layout notation")
    return _sandbox_view(parse_layout(layout), lang)


#: The ops, by name, that engine.board.session registers.
OPS: dict[str, Callable[..., Any]] = {
    function.__name__: function
    for function in (
        play_new,
        play_resume,
        play_view,
        play_act,
        play_bot,
        play_next_hand,
        replay_open,
        replay_view,
        replay_play_on,
        sandbox_view,
    )
}

__all__ = ["OPS", "PlayError", "UnknownGameError"]
