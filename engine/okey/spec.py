"""Okey behind the engine's one game interface (``engine.core.games``).

The record module and the bots are imported by the first call that needs them: the board's
dispatcher reads this spec at its first call, and a page that only draws diagrams needs neither.
"""

from __future__ import annotations

import random

from ..core.games import Option
from .actions import DECLINE, event_action, parse_action
from .game import SEATS, Game
from .round import Round
from .rules import Options
from .view import OkeyView

NAME = "okey"
PART, PARTS = "round", "rounds"
OPTIONS = (
    Option("mode", ("solo", "pairs"), "solo", "each seat alone, or two partnerships (seats 0 + 2 and 1 + 3)"),
    Option("doubling", (True, False), True, "each meld opening after the first must beat the last one"),
    Option("rounds", (1, 3), 1, "the rounds of a game"),
)
#: A table that shows the solver's help: the penalty marks, whether the seat can open, the best arrangement.
TABLE_OPTIONS = (Option("assisted", (False, True), False, "the table shows the solver's help"),)
BOT_LEVELS = ("random", "greedy", "strong")
BOARD = "engine.okey.board.ops"
RECORD = "engine.okey.record"
REVIEW = "engine.okey.review"
PRACTICE = "engine.okey.render.practice"
REVIEW_WORDS = "engine.okey.render.review"
#: The keys of ``view_json`` beyond the envelope that are the seat's own, and what a spectator sees instead
#: (``engine.core.views``; another seat sees the same).
VIEW_PRIVATE = {"taken": None, "takenUsed": True, "takenClosed": False, "openedNow": False}


def summary(games: list[Game]) -> str:
    """``3 Okey games, 9 rounds, 1200 events``."""
    rounds = [state for game in games for state in game.rounds]
    return f"{len(games)} Okey games, {len(rounds)} rounds, {sum(len(state.events) for state in rounds)} events"


def players(options: dict) -> int:
    return SEATS


def new_game(seed: int, options: dict, hold: bool = False) -> Game:
    game = Game(Options(**options), seed=seed, auto_deal=not hold)
    if hold:
        deal_next(game)
    return game


def deal_next(game: Game) -> None:
    """The next round, dealt as the seed decides (the one an auto-dealing game would have dealt)."""
    game.begin_round(game.planned_deal())


def make_bot(level: str, seat: int, rng: random.Random):
    from . import bots

    return bots.make_bot(level, rng)


def action_notation(game: Game, text: str) -> str:
    """An action as typed (``MELD r4 r5  r6``), in the notation of the records (``meld R4 R5 R6``); the round in
    play reads its okey's pieces."""
    if not game.rounds:
        return text  # no round dealt: apply_action refuses it
    return Game.notation(parse_action(text, game.rounds[-1].okey))


def view_json(game: Game, seat: int) -> dict:
    """``game.view(seat)`` as JSON values (``OkeyView.as_json``): the seat's rack, the table, the discards and the
    counts, the events as the seat saw them (another seat's drawn tile is null) and its legal actions in
    notation, and how the round ended (null while it is in play), with its ``settlement``."""
    return game.view(seat).as_json(game.event_records(seat))


def view_from_json(data: dict) -> OkeyView:
    return OkeyView.from_json(data)


def part_at(whole: Round, cursor: Round | None, done: int) -> Round:
    """The round ``whole`` after its first ``done`` events: ``cursor`` stepped forward, or (to go back: the engine
    has no undo) a new round from its deal; an exhausted round ends where the last seat left the discard."""
    if cursor is None or len(cursor.events) > done:
        cursor = Round(whole.options, whole.deal, whole.number)
    events = whole.events
    while len(cursor.events) < done:
        cursor.apply(event_action(events[len(cursor.events)]))
    if done == len(events) and whole.is_over and not cursor.is_over:
        cursor.apply(DECLINE)  # an exhausted round: the last seat left the discard
    return cursor


def tally(options: dict, names: list[str], rotate: bool):
    from .simulate import tally

    return tally(options, names, rotate)
