"""What the board draws of a game, from the human player's seat (seat 0), as plain JSON values.

``game_view`` is the whole picture after any change: the live layout (the
engine's SVG with the last tile highlighted), every seat's tile count (faces
hidden but the player's own), the boneyard, whose turn, the player's legal
moves with the names of their buttons, the log of the hand in words, the
score sheet, and at the end of a hand or of the game what happened. With
``reveal`` (a replay) every hand and every drawn tile is shown.

``news`` is what an action changed, in sentences the page announces.

Classic Sniff (``"rules": "classic"``) shows the lots for the first leader in
the log, each placement's count in fives in the hint, and the winner's award
(no deductions) at the end of a hand and on the score sheet.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ...core.sessions import board_phase
from ..game import Draw, Drew, Event, Game, Hand, Pass, Played, PlayerView
from ..render.text import describe, side_name
from ..rules import HandEnd, counted_points
from .text import Words

HUMAN = 0
SVG_ID = "sniff-board-live"


def action_json(action, words: Words) -> dict:
    """A legal move: its notation (what the page sends back), the name of its button, and where it goes."""
    if isinstance(action, Draw):
        return {"action": "draw", "kind": "draw", "label": words.action(action)}
    if isinstance(action, Pass):
        return {"action": "pass", "kind": "pass", "label": words.action(action)}
    placement = action.placement
    move = {"action": action.notation(), "label": words.action(action), "tile": placement.tile.notation()}
    if placement.target is None:
        return move | {"kind": "open"}
    return move | {"kind": "place", "target": placement.target.notation(), "side": placement.side.value}


def layout_json(layout, lang: str, words: Words | None = None, points=counted_points) -> dict:
    """The layout as the page draws it, and the hint: the counted values behind the last placement's score.

    An empty layout has no picture (``svg`` is None; the page shows an empty table): the
    renderer, with its XML library, is imported at the first tile, not when a game starts.
    ``points`` is the ruleset's ``placement_points``: when it isn't the count itself (classic Sniff's
    fives), the hint says what the count scores (``fives``).
    """
    result = {"layout": [p.notation() for p in layout.placements], "svg": None, "hint": None}
    if len(layout):
        from ..render.svg import render_svg

        result["svg"] = render_svg(layout, lang, last=True, legend=False, id_prefix=SVG_ID)
        text = describe(layout, lang)
        counted = [
            {
                "tile": c.tile.notation(),
                "side": c.side.value,
                "value": c.value,
                "text": f"{c.tile} ({side_name(c.side, lang)}): {c.value}",
            }
            for c in layout.counted_ends()
        ]
        result["hint"] = {"heading": text.heading, "caption": text.caption, "counted": counted, "fives": None}
        score = layout.score()
        if words is not None and points is not counted_points and score:
            result["hint"]["fives"] = words.fives(score, points(score))
    return result


def _pips(hand: Hand, seat: int) -> int:
    return sum(tile.pips for tile in hand.tiles(seat))


def _award_arithmetic(hand: Hand) -> tuple[int, int]:
    """The award's opponents' pips and own pips (the winner's side's, partners summed)."""
    side = hand.side_of(hand.award.seat)
    own = sum(_pips(hand, seat) for seat in range(hand.players) if hand.side_of(seat) == side)
    every = sum(_pips(hand, seat) for seat in range(hand.players))
    return every - own, own


def sheet(game: Game, words: Words | None = None) -> list[dict]:
    """The score sheet: for each side, each hand's scoring placements, its deductions (or its award, in
    classic Sniff) and the total after it."""
    sides = [{"hands": []} for _ in range(game.sides)]
    for number, hand in enumerate(game.hands, start=1):
        rows = [
            {
                "number": number,
                "entries": [],
                "deductions": [],
                "award": None,
                "total": hand.scores[side],
                "over": hand.is_over,
            }
            for side in range(game.sides)
        ]
        for event in hand.events:
            if type(event) is Played and event.points:
                rows[hand.side_of(event.seat)]["entries"].append(
                    {"seat": event.seat, "tile": event.placement.tile.notation(), "points": event.points}
                )
        if hand.is_over and hand.end != HandEnd.TARGET:
            for seat, deduction in enumerate(hand.deductions or ()):
                rows[hand.side_of(seat)]["deductions"].append(
                    {"seat": seat, "pips": _pips(hand, seat), "deduction": deduction}
                )
        if hand.award is not None:
            opponents, own = _award_arithmetic(hand)
            award = {"seat": hand.award.seat, "points": hand.award.points, "difference": opponents - own}
            if words is not None:
                award["text"] = words.award_sheet(opponents - own, hand.award.points)
            rows[hand.side_of(hand.award.seat)]["award"] = award
        for side, row in enumerate(rows):
            sides[side]["hands"].append(row)
    return sides


def log(hand: Hand, number: int, words: Words, events: Sequence[Event]) -> list[str]:
    """The hand in words: who opened, every event as ``events`` hold it (a seat's view: another seat's draw
    without its tile), and how it ended."""
    lots = hand.deal.lots if hand.deal is not None else None
    lines = [words.lots(row, last=index == len(lots) - 1) for index, row in enumerate(lots or ())]
    lines.append(words.opener(number, hand.opener))
    lines.extend(words.event(event, reveal=True) for event in events)
    if hand.is_over:
        lines.extend(ending(hand, words))
    return lines


def ending(hand: Hand, words: Words) -> list[str]:
    """How a hand ended, and each seat's deduction with its rounding (or the winner's award, in classic Sniff);
    an award that reaches the target wins the game."""
    if hand.end == HandEnd.TARGET:
        return [words.winner(hand.winner, hand.scores[hand.winner], hand.target)]
    lines = [words.hand_end(hand.end, hand.out_seat, reserve=bool(hand.boneyard))]
    for seat, deduction in enumerate(hand.deductions or ()):
        lines.append(words.deduction_line(seat, _pips(hand, seat), deduction, len(hand.tiles(seat))))
    if not hand.ruleset.deductions:
        lines.append(award_text(hand, words))
    if hand.winner is not None:
        lines.append(words.winner(hand.winner, hand.scores[hand.winner], hand.target))
    lines.append(words.score_line(hand.scores))
    return lines


def award_text(hand: Hand, words: Words) -> str:
    if hand.award is None:
        return words.no_award()
    opponents, own = _award_arithmetic(hand)
    return words.award(hand.award.seat, opponents, own, hand.award.points)


def news(game: Game, event: Event, words: Words) -> list[str]:
    """What one action changed, to announce: the move (with its points), then the end of the hand if it ended."""
    hand = game.hand
    lines = [words.event(event)]
    if hand.is_over:
        lines.extend(ending(hand, words))
    return lines


def _why_pass(seen: PlayerView, legal) -> str | None:
    """Why the player must pass though the boneyard has tiles: two draws this turn, or the reserve."""
    if len(legal) != 1 or not isinstance(legal[0], Pass) or not seen.boneyard_size:
        return None
    return "two-draws" if seen.drawable else "reserve"


class Phase(enum.StrEnum):
    """What the board waits for; its value is the view's ``phase``."""

    YOU = "you"  # the player's move
    BOT = "bot"  # a bot's move (the page asks for it at its pace)
    HAND_OVER = "handOver"  # the hand ended: Next hand
    GAME_OVER = "gameOver"
    PART_OVER = HAND_OVER  # the name engine.core.sessions.board_phase knows it by


def phase(game: Game, me: int = HUMAN) -> Phase:
    """What the board waits for now."""
    return board_phase(game, Phase, me)


def game_view(game: Game, lang: str, *, reveal: bool = False, me: int = HUMAN) -> dict:
    """Everything the board shows of ``game`` now (see the module's docstring), from seat ``me`` (the board's
    player; an online table's seat, ``engine.sniff.board.online``): ``me`` is in the view.

    It starts from what the player's seat may see (``Game.view``); only a finished hand, or a replay of a
    record (``reveal``), where every hand is public, is read from the hand itself.
    """
    words = Words(lang, game.players, game.partnerships, me)
    hand = game.hand
    seen = game.view(me)
    number = seen.hand_number
    state = phase(game, me)
    legal = seen.legal_actions if state == Phase.YOU and not reveal else ()
    last = seen.events[-1] if seen.events else None
    drawn = last.tile if type(last) is Drew and last.seat == me else None
    public = hand if reveal or hand.is_over else None
    seats = []
    for seat in range(game.players):
        count = seen.hand_sizes[seat]
        tiles = seen.tiles if seat == me else (None if public is None else public.tiles(seat))
        seats.append(
            {
                "name": words.seat(seat),
                "side": seen.side_of(seat),
                "count": count,
                "countText": words.tiles(count),
                "tiles": None if tiles is None else [t.notation() for t in tiles],
                "current": seen.current_player == seat,
            }
        )
    view = {
        "phase": state,
        "me": me,
        "players": game.players,
        "rules": game.ruleset.key,
        "partnerships": game.partnerships,
        "target": game.target,
        "handNumber": number,
        "current": seen.current_player,
        "turn": words.turn(seen.current_player, legal[0] if legal else None, drawn, _why_pass(seen, legal)),
        "seats": seats,
        "sides": [{"name": words.side(side), "score": score} for side, score in enumerate(game.scores)],
        "boneyard": seen.boneyard_size,
        "boneyardText": words.boneyard(seen.boneyard_size),
        "actions": [action_json(action, words) for action in legal],
        "log": log(hand, number, words, hand.events if reveal else seen.events),
        "sheet": sheet(game, words),
        "handEnd": None,
        "gameEnd": None,
    }
    view |= layout_json(seen.layout, lang, words, game.ruleset.placement_points)
    if hand.is_over:
        view["turn"] = ending(hand, words)[0]
        over = hand.end != HandEnd.TARGET
        view["handEnd"] = {
            "lines": ending(hand, words),
            "deductions": [
                {
                    "seat": seat,
                    "pips": _pips(hand, seat),
                    "deduction": d,
                    "text": words.deduction(_pips(hand, seat), d, len(hand.tiles(seat))),
                }
                for seat, d in enumerate(hand.deductions or ())
            ]
            if over
            else [],
            # Classic Sniff: every seat's tiles and pips left, and the award (None on a tie).
            "remaining": [
                {
                    "seat": seat,
                    "pips": _pips(hand, seat),
                    "text": words.pips_left(_pips(hand, seat), len(hand.tiles(seat))),
                }
                for seat in range(game.players)
            ]
            if over and not hand.ruleset.deductions
            else [],
            "award": None,
        }
        if over and not hand.ruleset.deductions:
            award = hand.award
            view["handEnd"]["award"] = {
                "seat": None if award is None else award.seat,
                "points": None if award is None else award.points,
                "text": award_text(hand, words),
            }
    if game.is_terminal():
        from .chart import score_chart

        view["gameEnd"] = {
            "winner": game.winner,
            "text": words.winner(game.winner, game.scores[game.winner], game.target),
            "chart": score_chart(game, words),
        }
    return view
