"""The board's replays, reviews and exercises, for every game: ``replay_open``, ``replay_view``,
``replay_play_on``, ``review``, ``practice_make``, ``practice_check``.

A loaded record is replayed and checked by the engine, then kept in the worker (``engine.core.sessions.Replay``)
under the id ``replay_open`` gives; each step is the record's game at that step (``Replay.game_at``), drawn as any
game is, every tile shown (all of a record is public). A review and an exercise come from the game's own
modules (``spec.review_json``, its practice renderer), the same as the command line's and the page's bank.
"""

from __future__ import annotations

import importlib

from ..core import sessions
from ..core.errors import quote
from ..core.sessions import PlayError, Replay, board_of, check_language, position_of
from .ops import GAME_OPS
from .play import resume


def _error(spec):
    """The game's record error (its ``RecordError``)."""
    return importlib.import_module(spec.record_module).RecordError


@GAME_OPS.op
def replay_open(spec, text: str, lang: str = "en") -> dict:
    """Load a game record to replay it (the game's ``RecordError``, saying where, if it does not replay); the
    replay opens where the game's board says (``REPLAY_OPENS_AT``: its first step, or its last)."""
    check_language(lang)
    record = sessions.parse_record(text, _error(spec))
    game = spec.replay(record)  # checks every event and figure
    loaded = Replay.of(record, game, spec.parts_of(game))
    first = 0 if getattr(board_of(spec), "REPLAY_OPENS_AT", "first") == "first" else len(loaded.positions) - 1
    return replay_view(spec, sessions.store(spec.name, "replay").add(loaded), first, lang)


def _game_at(spec, loaded: Replay, step: object):
    return loaded.game_at(spec, *loaded.position(step))


@GAME_OPS.op
def replay_view(spec, replay: str, step: int, lang: str = "en") -> dict:
    """The replayed game at ``step`` (0 = the first deal), every tile shown."""
    loaded = sessions.store(spec.name, "replay")[replay]
    check_language(lang)
    game = _game_at(spec, loaded, step)
    view = board_of(spec).draw(position_of(spec, game, reveal=True), lang, spec.check_table_options())
    can_play_on = loaded.record.get("seed") is not None and not game.is_terminal()
    return view | {"replay": replay, "step": step, "steps": len(loaded.positions), "canPlayOn": can_play_on}


def record_at(spec, record: dict, position: tuple[int, int]) -> dict:
    """``record`` cut at ``position`` (part index, events played): the parts before it whole, then that part's
    first events, unfinished (its end fields null), as the game writes a record of a game in play."""
    loaded = Replay.of(record, spec.replay(record), ())
    return spec.record(loaded.game_at(spec, *position))


@GAME_OPS.op
def replay_play_on(spec, replay: str, step: int, bots: str | None = None, lang: str = "en", **settings) -> dict:
    """Take over seat 0 of the replayed game at ``step`` and play on against the bots."""
    loaded = sessions.store(spec.name, "replay")[replay]
    if loaded.record.get("seed") is None:
        raise PlayError(f"this record has no seed, so the next {spec.parts} could not be dealt", code="no-seed")
    game = _game_at(spec, loaded, step)
    return resume(spec, spec.record(game), bots, lang, **settings)


@GAME_OPS.op
def review(spec, record: object, seat: int = 0, lang: str = "en") -> dict:
    """The game's review of a finished game's moves for ``seat``, from its record alone (an object, or the text
    of a file), in ``lang``: every remark with its kind, severity, heading, text and picture, and the worst three
    as a drill. Only the finished hands or rounds are reviewed, so a game in progress shows nothing hidden."""
    check_language(lang)
    error = _error(spec)
    if isinstance(record, str):
        record = sessions.parse_record(record, error)
    if not isinstance(record, dict):
        raise error("a game record is one JSON object")
    players = record.get("players", 4) if isinstance(record.get("players", 4), int) else 4
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayError(f"seat {quote(seat)} is not a seat of this game (0 to {players - 1})", code="arguments")
    return spec.review_json(record, seat, lang)


def _rules(rules: str | None) -> tuple:
    return () if rules is None else (rules,)


@GAME_OPS.op
def practice_make(spec, kind: str, seed: int, lang: str = "en", rules: str | None = None) -> dict:
    """The exercise ``kind`` number ``seed``, with its words in ``lang``, diagrams and page data: the same as the
    page's build-time bank and the command line's (the game's practice renderer, imported at the first call)."""
    exercise_json = importlib.import_module(spec.practice_module).exercise_json
    return exercise_json(kind, seed, check_language(lang), *_rules(rules))


@GAME_OPS.op
def practice_check(spec, kind: str, seed: int, answer: object, lang: str = "en", rules: str | None = None) -> dict:
    """``{"right": bool, "answer": the engine's answer}`` for the page's answer or the command's form."""
    check_language(lang)
    check_answer = importlib.import_module(spec.practice_module).check_answer
    return check_answer(kind, seed, answer, *_rules(rules))
