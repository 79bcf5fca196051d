"""What the Okey table shows, from one seat, as plain JSON values.

``game_view`` is the whole picture after any change, drawn from the seat's position
(``engine.core.sessions.Position``: its view and the finished rounds, never a whole
game), so a game against the bots, an online table and a replay are drawn alike: the seat's rack (the
penalty tiles marked on the assisted table), the indicator and the okey, each
seat's discards, rack size, opened state, charges and total, the pile's count,
the melds on the table with their owners, the threshold to beat, the player's
legal moves with the names of their buttons, the log of the round in words,
and at the end of a round every rack and the settlement, at the end of the game
the winners and the totals round by round. Tiles stay in the notation in the
data (``R7``, ``*B8``); ``tileNames`` names each code the view shows in words
(the labels and the log already do), ``meldText`` each meld, and ``marks`` the
symbols a tile carries (the okey's ★, the false joker's ♣, as in the diagrams).
Never another seat's tiles or the
pile's order while a round is in play; in a replay of a record (the position's
``shown`` round) every rack is shown.

``narrate`` writes a round's events as sentences; the lines after a given event
are the news the page announces.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ...core.chart import score_lines
from ...core.sessions import Position, board_phase
from ..actions import TAKE, Decline, Discard, Draw, LayMelds, LayOff, LayPairs, Seize, Take
from ..arrange import best_value, is_penalty, layoff_spots, opening, pairs_opening
from ..events import Discarded, Drew, LaidMelds, LaidOff, LaidPairs, Seized, Took
from ..game import OkeyView, Round
from ..melds import Piece, format_pieces, make_meld
from ..render.legend import FALSE_JOKER_MARK, OKEY_MARK
from ..rules import OPENED_MELDS, Options
from .text import Words

#: The marks the table draws on a tile, the diagrams' own: the okey's star and the false joker's clover.
MARKS = {"okey": OKEY_MARK, "falseJoker": FALSE_JOKER_MARK}


class Phase(enum.StrEnum):
    """What the table waits for; its value is the view's ``phase`` (``engine.core.sessions.board_phase``)."""

    YOU = "you"  # the seat's move
    BOT = "bot"  # another seat's: a bot's (the page asks for it at its pace), or an online table's
    ROUND_OVER = "roundOver"  # Next round
    GAME_OVER = "gameOver"


def phase(position: Position) -> Phase:
    return Phase(board_phase(position, "round"))


# -- the log ---------------------------------------------------------------------


def narrate(seen: OkeyView | Round, number: int, words: Words) -> list[tuple[int, str]]:
    """Round ``number`` in sentences, each with the index of the event it tells (-1: the deal; len(events): the
    end), as ``seen`` holds it: a seat's view tells another seat's draw without its tile; a finished round
    (a replay) tells every tile."""
    okey = seen.okey
    lines = [(-1, words.round_start(number, seen.starter, seen.indicator.notation(), okey.tile.notation()))]
    table = []
    for index, event in enumerate(seen.events):
        seat = event.seat
        kind = type(event)
        why = None
        if kind is Drew:
            lines.append((index, words.drew(seat, None if event.tile is None else event.tile.notation())))
        elif kind is Took:
            lines.append((index, words.took(seat, event.tile.notation())))
            why = "take"
        elif kind is LaidMelds or kind is LaidPairs:
            groups = event.melds if kind is LaidMelds else event.pairs
            texts = [format_pieces(group) for group in groups]
            table.extend(make_meld(group, okey) for group in groups)
            if event.opening is not None and kind is LaidMelds:
                lines.append((index, words.opened_melds(seat, texts, event.opening)))
            elif event.opening is not None:
                lines.append((index, words.opened_pairs(seat, texts)))
            else:
                lines.append((index, words.laid(seat, texts)))
        elif kind is LaidOff:
            before = table[event.to]
            table[event.to] = before.extended(event.piece)
            lines.append((index, words.laid_off(seat, event.piece.notation(), before.notation())))
            why = "layoff"
        elif kind is Seized:
            before = table[event.to]
            stands = okey.identity(event.tile)
            table[event.to] = before.seized(before.wild_for(stands), Piece(stands, event.tile, False))
            lines.append((index, words.seized(seat, event.tile.notation(), before.notation())))
            why = "seize"
        elif kind is Discarded:
            lines.append((index, words.discarded(seat, event.tile.notation())))
            why = "discard"
        charge = getattr(event, "charge", None)
        if charge is not None:
            lines.append((index, words.charged(charge.seat, charge.points, why)))
    if seen.end is not None:
        lines.append((len(seen.events), words.round_end(seen.end.kind, seen.end.seat)))
    return lines


def news(position: Position, since: int, lang: str) -> list[str]:
    """The sentences of the round's events from index ``since`` on (and its end), as the seat saw them; ``since``
    below 0 (a new deal): how the round began, first."""
    seen = position.seen
    words = Words(lang, seen.options.mode, position.me, position.names)
    return [line for index, line in narrate(seen, seen.round_number, words) if index >= since]


# -- moves -------------------------------------------------------------------------


def action_json(action, state: OkeyView | Round, words: Words) -> dict:
    """A legal move: its notation (what the page sends back), its kind, its tiles and the name of its button."""
    notation = action.notation()
    if isinstance(action, Draw):
        return {"action": notation, "kind": "draw", "label": words.draw_label()}
    if isinstance(action, Take):
        tile = state.last_discard[1].notation()
        return {"action": notation, "kind": "take", "tile": tile, "label": words.take_label(tile)}
    if isinstance(action, Decline):
        return {"action": notation, "kind": "decline", "label": words.decline_label()}
    if isinstance(action, LayMelds | LayPairs):
        groups = action.melds if isinstance(action, LayMelds) else action.pairs
        texts = [" ".join(p.notation() for p in group) for group in groups]
        tiles = [p.face.notation() for group in groups for p in group]
        if isinstance(action, LayMelds):
            return {"action": notation, "kind": "melds", "tiles": tiles, "label": words.melds_label(texts)}
        return {"action": notation, "kind": "pairs", "tiles": tiles, "label": words.pairs_label(texts)}
    if isinstance(action, LayOff):
        meld = state.table[action.to].meld.notation()
        label = words.layoff_label(action.piece.notation(), meld)
        return {
            "action": notation,
            "kind": "layoff",
            "tile": action.piece.face.notation(),
            "to": action.to,
            "label": label,
        }
    if isinstance(action, Seize):
        tile = action.tile.notation()
        stands = state.okey.identity(action.tile)
        holders = [i for i, item in enumerate(state.table) if item.meld.wild_for(stands) is not None]
        meld = state.table[action.to].meld.notation() if len(holders) > 1 else None
        return {
            "action": notation,
            "kind": "seize",
            "tile": tile,
            "to": action.to,
            "label": words.seize_label(tile, meld),
        }
    assert isinstance(action, Discard)
    tile = action.tile.notation()
    return {"action": notation, "kind": "discard", "tile": tile, "label": words.discard_label(tile)}


def _opening_values(seen: OkeyView) -> list[int | None]:
    values: list[int | None] = [None] * 4
    for event in seen.events:
        if type(event) is LaidMelds and event.opening is not None:
            values[event.seat] = event.opening
    return values


def assisted_hint(seen: OkeyView, words: Words) -> str | None:
    """Whether the player can open now, and with what (the assisted table, during the player's play phase): from
    the seat's own view alone (its rack, the table), so an online table's page computes it too."""
    me = seen.seat
    if seen.opened[me] is not None or seen.current_player != me or seen.phase != "play":
        return None
    rack = seen.rack
    taken = seen.taken if not seen.taken_used else None
    threshold = seen.threshold
    found = opening(rack, seen.okey, threshold, taken=taken)
    if found is not None:
        return words.can_open([m.notation() for m in found.melds], found.value, threshold)
    pairs = pairs_opening(rack, seen.okey, taken=taken)
    if pairs is not None:
        return words.can_open_pairs(len(pairs))
    return words.cannot_open(best_value(rack, seen.okey, keep=True), threshold)


def totals(rounds: Sequence[Round]) -> tuple[int, ...]:
    """Each seat's total after the finished ``rounds``."""
    out = [0, 0, 0, 0]
    for state in rounds:
        out = [a + b for a, b in zip(out, state.scores, strict=True)]
    return tuple(out)


def game_view(position: Position, lang: str, *, assisted: bool = False) -> dict:
    """Everything the table shows of the game at ``position`` (see the module's docstring), from its seat (``me``
    in the view): what that seat may see (its view), and only a finished round, or the round of a replay (the
    position's ``shown``), where every rack is public, read from the round itself."""
    seen = position.seen
    me = position.me  # None for a spectator: no seat's rack is its own
    options: Options = seen.options
    words = Words(lang, options.mode, me, position.names)
    shown = position.shown
    now = phase(position)
    mine = now == Phase.YOU and shown is None
    legal = seen.legal_actions if mine else ()
    public = shown if shown is not None else position.ended
    running = seen.totals
    if seen.end is None:  # the charges of the round in play count already
        running = tuple(a + b for a, b in zip(running, seen.charges, strict=True))
    openings = _opening_values(seen)
    melds = seen.melds()
    okey = seen.okey
    seats = []
    for seat in range(4):
        size = seen.rack_sizes[seat]
        rack = seen.rack if seat == me else (None if public is None else public.rack(seat))
        seats.append(
            {
                "seat": seat,
                "name": words.seat(seat),
                "partner": me is not None and options.partners(me, seat),
                "rackSize": size,
                "rackText": words.rack_size(size),
                "opened": seen.opened[seat],
                "openedText": words.opened_state(seen.opened[seat], openings[seat]),
                "charges": seen.charges[seat],
                "total": running[seat],
                "current": seen.current_player == seat,
                "discards": [tile.notation() for tile in seen.discards[seat]],
                "rack": None if rack is None else [t.notation() for t in rack],
            }
        )
    rack = seen.rack
    taken = seen.taken.notation() if mine and seen.taken is not None and not seen.taken_used else None
    view = {
        "phase": now,
        "me": me,
        "options": options.as_json(),
        "assisted": assisted,
        "round": seen.round_number,
        "part": seen.round_number,
        "rounds": options.rounds,
        "indicator": seen.indicator.notation(),
        "okey": okey.tile.notation(),
        "pile": seen.pile_size,
        "pileText": words.pile(seen.pile_size),
        "threshold": seen.threshold,
        "thresholdText": words.threshold(seen.threshold),
        "seats": seats,
        "rack": [tile.notation() for tile in rack],
        "penalty": sorted({t.notation() for t in rack if is_penalty(t, melds, okey)}) if assisted else [],
        "table": [
            {
                "index": index,
                "owner": item.owner,
                "ownerName": words.seat(item.owner),
                "kind": item.meld.kind,
                "meld": item.meld.notation(),
                "meldText": words.meld(item.meld.notation()),
                "value": item.meld.value,
            }
            for index, item in enumerate(seen.table)
        ],
        "lastDiscard": None
        if seen.last_discard is None
        else {"seat": seen.last_discard[0], "tile": seen.last_discard[1].notation()},
        "current": seen.current_player,
        "turnPhase": seen.phase if seen.current_player is not None else None,
        "turn": words.turn(seen.current_player, seen.phase, taken),
        "taken": taken,
        "actions": [action_json(action, seen, words) for action in legal],
        "takeRefused": None,
        "hint": assisted_hint(seen, words) if mine and assisted else None,
        "log": [line for _index, line in narrate(seen if shown is None else shown, seen.round_number, words)],
        "roundEnd": None,
        "gameEnd": None,
    }
    view["tileNames"] = tile_names(view, words)
    view["marks"] = MARKS
    if mine and seen.phase == "draw" and seen.last_discard is not None and TAKE not in legal:
        tile = seen.last_discard[1].notation()
        view["takeRefused"] = {"tile": tile, "label": words.take_label(tile), "text": words.take_refused(tile)}
    if mine and assisted and seen.opened[me] == OPENED_MELDS:
        view["layoffTiles"] = sorted({t.notation() for t in rack if layoff_spots(t, melds, okey)})
    ended = public if public is not None and public.is_over else None
    so_far = totals(position.done)
    if ended is not None:
        view["turn"] = words.round_end(ended.end.kind, ended.end.seat)
        view["roundEnd"] = round_end(ended, so_far, words)
    if position.over:
        winners = options.winners(so_far)
        best = so_far[winners[0]]
        if options.mode == "pairs":
            best += so_far[(winners[0] + 2) % 4]
        view["gameEnd"] = {
            "winners": winners,
            "text": words.winners(winners, best),
            "chart": score_chart(position.done, view["seats"], words),
        }
    if ended is not None and options.mode == "pairs":
        # In pairs the partnerships' sums decide: shown beside the seats' totals.
        view["sides"] = [
            {"seats": [a, a + 2], "name": words.seat_list([a, a + 2]), "total": so_far[a] + so_far[a + 2]}
            for a in (0, 1)
        ]
    return view


def tile_names(view: dict, words: Words) -> dict[str, str]:
    """Every tile code the view shows (racks, discards, melds' pieces, the indicator and the okey, the moves'
    tiles), each with its name in words: what the page writes for screen readers and wherever a tile is named."""
    codes = {view["indicator"], view["okey"], *view["rack"]}
    for seat in view["seats"]:
        codes.update(seat["discards"])
        codes.update(seat["rack"] or ())
    for item in view["table"]:
        codes.update(item["meld"].split())
    for action in view["actions"]:
        codes.update(action.get("tiles", ()))
        if "tile" in action:
            codes.add(action["tile"])
    if view["lastDiscard"] is not None:
        codes.add(view["lastDiscard"]["tile"])
    return {code: words.tile(code) for code in sorted(codes)}


def round_end(state: Round, totals: Sequence[int], words: Words) -> dict:
    """The settlement of the round that just ended: each seat's charges, end amount, round score and total."""
    return {
        "kind": state.end.kind,
        "seat": state.end.seat,
        "text": words.round_end(state.end.kind, state.end.seat),
        "rows": [
            {
                "seat": seat,
                "name": words.seat(seat),
                "charges": state.charges[seat],
                "end": state.settlement[seat],
                "score": state.scores[seat],
                "total": totals[seat],
            }
            for seat in range(4)
        ],
    }


def score_chart(rounds: Sequence[Round], seats: list[dict], words: Words) -> dict:
    """Each seat's total after each finished round (``engine.core.chart.score_lines``); Okey has no target."""
    totals = totals_by_round(rounds)
    columns = [words.round_label(number) for number in range(1, len(rounds) + 1)]
    lines = [(seat["name"], [row[seat["seat"]] for row in totals]) for seat in seats]
    return score_lines(words.chart_title(), words.chart_rounds(), words.chart_total(), columns, lines)


def totals_by_round(rounds: Sequence[Round]) -> list[list[int]]:
    """Each seat's running total after each finished round (row per round)."""
    out = []
    running = [0, 0, 0, 0]
    for state in rounds:
        running = [a + b for a, b in zip(running, state.scores, strict=True)]
        out.append(list(running))
    return out
