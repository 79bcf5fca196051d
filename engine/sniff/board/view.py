"""What the board draws of a game, from one seat, as plain JSON values.

``game_view`` is the whole picture after any change, drawn from the seat's position
(``engine.core.sessions.Position``: its view and the finished hands, never a whole
game), so a game against the bots, an online table and a replay are drawn alike: the
live layout (the engine's SVG with the last tile highlighted), every seat's tile count
(faces hidden but the seat's own), the boneyard, whose turn, the seat's legal moves
with the names of their buttons, the log of the hand in words, the score sheet, and at
the end of a hand or of the game what happened. In a replay (the position's ``shown``
hand) every hand and every drawn tile is shown.

``news`` is what an action changed, in sentences the page announces.

Classic Sniff (``"rules": "classic"``) shows the lots for the first leader in
the log, each placement's count in fives in the hint, and the winner's award
(no deductions) at the end of a hand and on the score sheet.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ...core.chart import score_lines
from ...core.sessions import Position, board_phase
from ..game import Draw, Drew, Event, Hand, Pass, Played, PlayerView
from ..render.text import describe, side_name
from ..rules import HandEnd, counted_points
from .text import Words

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


def _row(number: int, hand_scores, events, side: int, side_of) -> dict:
    entries = [
        {"seat": event.seat, "tile": event.placement.tile.notation(), "points": event.points}
        for event in events
        if type(event) is Played and event.points and side_of(event.seat) == side
    ]
    return {"number": number, "entries": entries, "deductions": [], "award": None, "total": hand_scores[side]}


def sheet(position: Position, words: Words | None = None) -> list[dict]:
    """The score sheet: for each side, each hand's scoring placements, its deductions (or its award, in
    classic Sniff) and the total after it; the hand in play as its seat sees it (its placements are public)."""
    seen = position.seen
    sides = [{"hands": []} for _ in range(seen.sides)]
    for number, hand in enumerate(position.done, start=1):
        rows = [
            _row(number, hand.scores, hand.events, side, hand.side_of) | {"over": True} for side in range(seen.sides)
        ]
        if hand.end != HandEnd.TARGET:
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
    if position.ended is None:  # the hand in play
        events = position.shown.events if position.shown is not None else seen.events
        for side in range(seen.sides):
            row = _row(seen.hand_number, seen.scores, events, side, seen.side_of) | {"over": False}
            sides[side]["hands"].append(row)
    return sides


def log(seen: PlayerView, words: Words, events: Sequence[Event], ended: Hand | None) -> list[str]:
    """The hand in words: who opened (after the lots that chose the leader), every event as ``events`` hold it (a
    seat's view: another seat's draw without its tile), and how it ended (``ended``: the hand, once over)."""
    lines = start_lines(seen, words)
    lines.extend(words.event(event, reveal=True) for event in events)
    if ended is not None:
        lines.extend(ending(ended, words))
    return lines


def start_lines(seen: PlayerView, words: Words) -> list[str]:
    """How the hand began: the lots that chose its leader (classic Sniff's first hand), then who opens."""
    lots = seen.lots
    lines = [words.lots(row, last=index == len(lots) - 1) for index, row in enumerate(lots or ())]
    lines.append(words.opener(seen.hand_number, seen.opener))
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


def _words(position: Position, lang: str) -> Words:
    seen = position.seen
    return Words(lang, seen.players, seen.players == 4 and seen.sides == 2, position.me, position.names)


def news(position: Position, since: int, lang: str) -> list[str]:
    """What changed since the seat's view had ``since`` events, to announce: each move (with its points), then
    the end of the hand if it ended; ``since`` below 0 (a new deal): how the hand began, first."""
    seen = position.seen
    words = _words(position, lang)
    lines = start_lines(seen, words) if since < 0 else []
    lines.extend(words.event(event) for event in seen.events[max(since, 0) :])
    if position.ended is not None:
        lines.extend(ending(position.ended, words))
    return lines


def _why_pass(seen: PlayerView, legal) -> str | None:
    """Why the player must pass though the boneyard has tiles: two draws this turn, or the reserve."""
    if len(legal) != 1 or not isinstance(legal[0], Pass) or not seen.boneyard_size:
        return None
    return "two-draws" if seen.drawable else "reserve"


class Phase(enum.StrEnum):
    """What the board waits for; its value is the view's ``phase`` (``engine.core.sessions.board_phase``)."""

    YOU = "you"  # the seat's move
    BOT = "bot"  # another seat's: a bot's (the page asks for it at its pace), or an online table's
    HAND_OVER = "handOver"  # the hand ended: Next hand
    GAME_OVER = "gameOver"


def phase(position: Position) -> Phase:
    """What the board waits for now."""
    return Phase(board_phase(position, "hand"))


def game_view(position: Position, lang: str) -> dict:
    """Everything the board shows of the game at ``position`` (see the module's docstring), from its seat (``me``
    in the view): what that seat may see (its view), and only a finished hand, or the hand of a replay (the
    position's ``shown``), where every tile is public, read from the hand itself."""
    seen = position.seen
    me = position.me  # None for a spectator: no seat's tiles are its own
    words = _words(position, lang)
    shown = position.shown
    ended = position.ended
    public = shown if shown is not None else ended
    number = seen.hand_number
    state = phase(position)
    legal = seen.legal_actions if state == Phase.YOU and shown is None else ()
    last = seen.events[-1] if seen.events else None
    drawn = last.tile if type(last) is Drew and last.seat == me else None
    seats = []
    for seat in range(seen.players):
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
    over = public if public is not None and public.is_over else None
    view = {
        "phase": state,
        "me": me,
        "players": seen.players,
        "rules": seen.ruleset.key,
        "partnerships": words.partnerships,
        "target": seen.target,
        "handNumber": number,
        "part": number,
        "current": seen.current_player,
        "turn": words.turn(seen.current_player, legal[0] if legal else None, drawn, _why_pass(seen, legal)),
        "seats": seats,
        "sides": [{"name": words.side(side), "score": score} for side, score in enumerate(seen.scores)],
        "boneyard": seen.boneyard_size,
        "boneyardText": words.boneyard(seen.boneyard_size),
        "actions": [action_json(action, words) for action in legal],
        "log": log(seen, words, shown.events if shown is not None else seen.events, over),
        "sheet": sheet(position, words),
        "handEnd": None,
        "gameEnd": None,
    }
    view |= layout_json(seen.layout, lang, words, seen.ruleset.placement_points)
    if over is not None:
        view["turn"] = ending(over, words)[0]
        view["handEnd"] = hand_end(over, words)
    if position.over:
        last_hand = position.done[-1]
        winner = last_hand.winner
        view["gameEnd"] = {
            "winner": winner,
            "text": words.winner(winner, last_hand.scores[winner], seen.target),
            "chart": score_chart(position.done, seen.sides, seen.target, words),
        }
    return view


def score_chart(hands: Sequence[Hand], sides: int, target: int, words: Words) -> dict:
    """Every side's score after each finished hand, with the target line (``engine.core.chart.score_lines``)."""
    return score_lines(
        words.chart_title(),
        words.chart_hand(),
        words.chart_total(),
        [words.hand_label(number) for number in range(1, len(hands) + 1)],
        [(words.side(side), [hand.scores[side] for hand in hands]) for side in range(sides)],
        (target, words.chart_target(target)),
    )


def hand_end(hand: Hand, words: Words) -> dict:
    """How the hand that just ended was settled: its lines, each seat's deduction (American Sniff), or every
    seat's pips left and the winner's award (classic Sniff; the award None on a tie)."""
    over = hand.end != HandEnd.TARGET
    end = {
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
        "remaining": [
            {
                "seat": seat,
                "pips": _pips(hand, seat),
                "text": words.pips_left(_pips(hand, seat), len(hand.tiles(seat))),
            }
            for seat in range(hand.players)
        ]
        if over and not hand.ruleset.deductions
        else [],
        "award": None,
    }
    if over and not hand.ruleset.deductions:
        award = hand.award
        end["award"] = {
            "seat": None if award is None else award.seat,
            "points": None if award is None else award.points,
            "text": award_text(hand, words),
        }
    return end
