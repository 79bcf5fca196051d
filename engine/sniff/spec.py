"""American Sniff and classic Sniff behind the engine's one game interface (``engine.core.games``).

The record module and the bots are imported by the first call that needs them: the board's
dispatcher reads this spec at its first call, and a board that only draws diagrams never needs them.
"""

from __future__ import annotations

import random
from collections import Counter

from ..core.games import Option, OptionError
from .actions import event_action, event_record, parse_action
from .game import Drew, Game, Hand, Passed, Played
from .rules import ruleset_named
from .view import PlayerView

NAME = "sniff"
PART, PARTS = "hand", "hands"
OPTIONS = (
    Option("players", (2, 3, 4), 2, "the number of players"),
    Option("rules", ("american", "classic"), "american", "American Sniff, or classic Sniff (its variant)"),
    Option(
        "partnerships",
        (False, True),
        False,
        "classic Sniff with four players: two partnerships, seats 0 + 2 and 1 + 3 "
        "(American Sniff's four players always play in partnerships)",
    ),
)

BOT_LEVELS = ("random", "greedy", "strong")
#: The prefix of a board's bots' seeds: Sniff's board had bots before the registry named the games.
BOT_SEED = "bot"
#: The strong bot's time per move in ``simulate`` (its default when it searches by time, not by a fixed number).
BOT_BUDGET_MS = 200.0
BOARD = "engine.sniff.board.ops"
RECORD = "engine.sniff.record"
REVIEW = "engine.sniff.review"
PRACTICE = "engine.sniff.render.practice"
REVIEW_WORDS = "engine.sniff.render.review"
#: The keys of ``view_json`` beyond the envelope that are the seat's own (none: ``engine.core.views``).
VIEW_PRIVATE: dict = {}
#: Every record written before the ``"game"`` field was a Sniff record (spec/game-record.md).
UNTAGGED = True


def summary(games: list[Game]) -> str:
    """``6 games, 40 hands, 900 events (500 placements, 300 draws, 100 passes)``."""
    events = [event for game in games for hand in game.hands for event in hand.events]
    kinds = Counter(type(event) for event in events)
    hands = sum(len(game.hands) for game in games)
    return (
        f"{len(games)} games, {hands} hands, {len(events)} events "
        f"({kinds[Played]} placements, {kinds[Drew]} draws, {kinds[Passed]} passes)"
    )


def players(options: dict) -> int:
    return options["players"]


def check_together(options: dict) -> None:
    if not options["partnerships"]:
        return
    if options["rules"] != "classic":
        raise OptionError(
            "partnerships is an option of classic Sniff: American Sniff's four players always play in partnerships",
            params={"game": "sniff", "option": "partnerships", "problem": "together"},
        )
    if options["players"] != 4:
        raise OptionError(
            f"partnerships need four players, not {options['players']}",
            params={"game": "sniff", "option": "partnerships", "problem": "together"},
        )


def new_game(seed: int, options: dict, hold: bool = False) -> Game:
    partnerships = options["partnerships"] if options["rules"] == "classic" else None
    ruleset = ruleset_named(options["rules"], partnerships)
    game = Game(options["players"], seed=seed, ruleset=ruleset, auto_deal=not hold)
    if hold:
        deal_next(game)
    return game


def deal_next(game: Game) -> None:
    """The next hand, dealt as the seed decides (the one an auto-dealing game would have dealt)."""
    game.begin_hand(game.planned_deal())


def make_bot(level: str, seat: int, rng: random.Random, budget_ms: float | None = None):
    from . import bots

    if budget_ms is not None:  # the strong bot searches for budget_ms per move
        return bots.make_bot(level, rng, budget_ms)
    # The strong bot searches a fixed number of guesses, so its moves do not depend on the machine's speed.
    return bots.make_bot(level, rng, samples=bots.FIXED_SAMPLES)


def tally(options: dict, names: list[str], rotate: bool):
    from .simulate import tally

    return tally(options, names, rotate)


def action_notation(game: Game, text: str) -> str:
    """An action as typed (``1|03 ON 0|1 High``), in the notation of the records (``1|3 on 0|1 high``)."""
    return Game.notation(parse_action(text))


def view_json(game: Game, seat: int) -> dict:
    """``game.view(seat)`` as JSON values (``PlayerView.as_json``): the seat's own tiles, the layout, the counts,
    the events as the seat saw them (another seat's drawn tile is null), its legal actions in notation, and how
    the hand ended (null while it is in play): ``end`` and its ``deductions`` (American Sniff) or ``award``
    (classic), as in the record; the hand's ``lots`` (public)."""
    return game.view(seat).as_json(game.hand.records_for(seat, event_record))


def view_from_json(data: dict) -> PlayerView:
    return PlayerView.from_json(data)


def part_at(whole: Hand, cursor: Hand | None, done: int) -> Hand:
    """The hand ``whole`` after its first ``done`` events: ``cursor`` stepped there (apply forward, undo back), or
    a new hand from its deal."""
    if cursor is None:
        cursor = Hand(whole.ruleset, whole.players, whole.deal, whole.start_scores)
    events = whole.events
    while len(cursor.events) < done:
        cursor.apply(event_action(events[len(cursor.events)]))
    while len(cursor.events) > done:
        cursor.undo()
    return cursor
