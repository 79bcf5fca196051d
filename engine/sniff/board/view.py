"""What the board draws of a game, from the human player's seat (seat 0), as plain JSON values.

``game_view`` is the whole picture after any change: the live layout (the
engine's SVG with the last tile highlighted), every seat's tile count (faces
hidden but the player's own), the boneyard, whose turn, the player's legal
moves with the names of their buttons, the log of the hand in words, the
score sheet, and at the end of a hand or of the game what happened. With
``reveal`` (a replay) every hand and every drawn tile is shown.

``news`` is what an action changed, in sentences the page announces.
"""

from __future__ import annotations

import enum

from ..game import Draw, Drew, Event, Game, Hand, Pass, Played
from ..render.text import describe, side_name
from ..rules import HandEnd
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


def layout_json(layout, lang: str) -> dict:
    """The layout as the page draws it, and the hint: the counted values behind the last placement's score.

    An empty layout has no picture (``svg`` is None; the page shows an empty table): the
    renderer, with its XML library, is imported at the first tile, not when a game starts.
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
        result["hint"] = {"heading": text.heading, "caption": text.caption, "counted": counted}
    return result


def _pips(hand: Hand, seat: int) -> int:
    return sum(tile.pips for tile in hand.tiles(seat))


def sheet(game: Game) -> list[dict]:
    """The score sheet: for each side, each hand's scoring placements, its deductions and the total after it."""
    sides = [{"hands": []} for _ in range(game.sides)]
    for number, hand in enumerate(game.hands, start=1):
        rows = [
            {"number": number, "entries": [], "deductions": [], "total": hand.scores[side], "over": hand.is_over}
            for side in range(game.sides)
        ]
        for event in hand.events:
            if type(event) is Played and event.points:
                rows[hand.side_of(event.seat)]["entries"].append(
                    {"seat": event.seat, "tile": event.placement.tile.notation(), "points": event.points}
                )
        if hand.is_over and hand.end != HandEnd.TARGET:
            for seat, deduction in enumerate(hand.deductions):
                rows[hand.side_of(seat)]["deductions"].append(
                    {"seat": seat, "pips": _pips(hand, seat), "deduction": deduction}
                )
        for side, row in enumerate(rows):
            sides[side]["hands"].append(row)
    return sides


def log(hand: Hand, number: int, words: Words, reveal: bool = False) -> list[str]:
    """The hand in words: who opened, every event, and how it ended."""
    lines = [words.opener(number, hand.opener)]
    lines.extend(words.event(event, reveal=reveal) for event in hand.events)
    if hand.is_over:
        lines.extend(ending(hand, words))
    return lines


def ending(hand: Hand, words: Words) -> list[str]:
    """How a hand ended, and each seat's deduction with its rounding."""
    if hand.end == HandEnd.TARGET:
        return [words.winner(hand.winner, hand.scores[hand.winner], hand.target)]
    lines = [words.hand_end(hand.end, hand.out_seat)]
    for seat, deduction in enumerate(hand.deductions):
        lines.append(words.deduction_line(seat, _pips(hand, seat), deduction, len(hand.tiles(seat))))
    lines.append(words.score_line(hand.scores))
    return lines


def news(game: Game, event: Event, words: Words) -> list[str]:
    """What one action changed, to announce: the move (with its points), then the end of the hand if it ended."""
    hand = game.hand
    lines = [words.event(event)]
    if hand.is_over:
        lines.extend(ending(hand, words))
    return lines


class Phase(enum.StrEnum):
    """What the board waits for; its value is the view's ``phase``."""

    YOU = "you"  # the player's move
    BOT = "bot"  # a bot's move (the page asks for it at its pace)
    HAND_OVER = "handOver"  # the hand ended: Next hand
    GAME_OVER = "gameOver"


def phase(game: Game) -> Phase:
    """What the board waits for now."""
    if game.is_terminal():
        return Phase.GAME_OVER
    hand = game.hand
    if hand.is_over:
        return Phase.HAND_OVER
    return Phase.YOU if hand.current == HUMAN else Phase.BOT


def game_view(game: Game, lang: str, *, reveal: bool = False) -> dict:
    """Everything the board shows of ``game`` now (see the module's docstring)."""
    words = Words(lang, game.players)
    hand = game.hand
    number = len(game.hands)
    state = phase(game)
    legal = game.legal_actions() if state == Phase.YOU and not reveal else ()
    last = hand.events[-1] if hand.events else None
    drawn = last.tile if type(last) is Drew and last.seat == HUMAN else None
    shown = reveal or hand.is_over
    seats = [
        {
            "name": words.seat(seat),
            "side": hand.side_of(seat),
            "count": len(hand.tiles(seat)),
            "countText": words.tiles(len(hand.tiles(seat))),
            "tiles": [t.notation() for t in hand.tiles(seat)] if shown or seat == HUMAN else None,
            "current": hand.current == seat,
        }
        for seat in range(game.players)
    ]
    view = {
        "phase": state,
        "players": game.players,
        "target": game.target,
        "handNumber": number,
        "current": hand.current,
        "turn": words.turn(hand.current, legal[0] if legal else None, drawn),
        "seats": seats,
        "sides": [{"name": words.side(side), "score": score} for side, score in enumerate(game.scores)],
        "boneyard": len(hand.boneyard),
        "boneyardText": words.boneyard(len(hand.boneyard)),
        "actions": [action_json(action, words) for action in legal],
        "log": log(hand, number, words, reveal),
        "sheet": sheet(game),
        "handEnd": None,
        "gameEnd": None,
    }
    view |= layout_json(hand.layout, lang)
    if hand.is_over:
        view["turn"] = ending(hand, words)[0]
        view["handEnd"] = {
            "lines": ending(hand, words),
            "deductions": [
                {
                    "seat": seat,
                    "pips": _pips(hand, seat),
                    "deduction": d,
                    "text": words.deduction(_pips(hand, seat), d, len(hand.tiles(seat))),
                }
                for seat, d in enumerate(hand.deductions)
            ]
            if hand.end != HandEnd.TARGET
            else [],
        }
    if game.is_terminal():
        from .chart import score_chart

        view["gameEnd"] = {
            "winner": game.winner,
            "text": words.winner(game.winner, game.scores[game.winner], game.target),
            "chart": score_chart(game, words),
        }
    return view
