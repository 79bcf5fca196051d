"""The rack's checks and orders, for the table against the bots and for an online table alike: a selection
checked as a lay-down before it is sent (``checked_lay``), the rack in an order (``arranged``). They read only
the seat's own view (its rack, the table, what it opened and took), so an online table's page computes them as
the table against the bots does; the server (or the game) checks a move again when it is sent."""

from __future__ import annotations

import time
from collections import Counter

from ...core.errors import EngineError, quote
from ...core.sessions import PlayError
from ..game import PLAY_PHASE, OkeyView, Round, lay_melds, lay_pairs
from ..tiles import Tile

#: The orders the rack can be arranged in (``arrange``); best and pairs are the assisted table's.
ARRANGEMENTS = ("runs", "sets", "best", "pairs")


class IllegalMoveError(EngineError):
    """A move the rules refuse now: the engine's code and params, the reason in the page's language."""

    code = "okey-illegal"


def _rack_tiles(rack, tiles: object) -> list[Tile]:
    """``tiles`` (notations) as tiles of the player's ``rack`` (a Counter), each at most as often as it holds it."""
    if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
        raise PlayError("the tiles are a list of tiles in the notation, such as R7", code="okey-tiles")
    chosen = [Tile.parse(t) for t in tiles]
    for tile, number in Counter(chosen).items():
        if rack[tile] < number:
            raise IllegalMoveError(
                f"{tile} is not in the rack {number} times", code="okey-not-in-rack", params={"tile": tile.notation()}
            )
    return chosen


def seat_round(seen: OkeyView) -> Round:
    """The round as its seat knows it (``seen``), to check the seat's own moves on: its rack, the table, what each
    seat opened, the threshold, the discard it took; the other racks and the pile unknown (empty). When it is not
    the seat's turn, a move is checked as if the seat's play were now."""
    me = seen.seat
    mine = seen.current_player == me
    return Round.position(
        seen.options,
        seen.indicator,
        [seen.rack if seat == me else () for seat in range(4)],
        (),
        seen.table,
        seen.opened,
        seen.last_opening,
        me,
        seen.phase if mine else PLAY_PHASE,
        seen.last_discard,
        seen.charges,
        (seen.taken, seen.taken_used, seen.taken_closed, seen.opened_now),
    )


def checked_lay(words, seen: OkeyView, tiles: object, kind: object) -> dict:
    """``lay_check`` of ``tiles`` (notations) from the seat's rack as a lay-down of ``kind`` (``melds`` or
    ``pairs``): the melds or pairs they make, their total against the threshold, and the action to send when it
    is legal now, or the engine's reason it is not (``seat_round``'s checks, from the seat's view alone)."""
    from ..arrange import best_arrangement, most_pairs
    from .view import action_json

    rack, okey, threshold, opened = Counter(seen.rack), seen.okey, seen.threshold, seen.opened[seen.seat]
    my_turn = seen.current_player == seen.seat
    if kind not in ("melds", "pairs"):
        raise PlayError(f"a lay-down is melds or pairs, not {quote(kind)}", code="okey-lay-kind")
    chosen = _rack_tiles(rack, tiles)
    if not chosen:
        return {"ok": False, "text": words.nothing_selected(), "action": None, "total": 0}
    if kind == "melds":
        found = best_arrangement(chosen, okey)
        if found.left:
            return {"ok": False, "text": words.no_meld([t.notation() for t in found.left]), "action": None, "total": 0}
        action = lay_melds(found.melds)
        total = found.value
        text = words.check_total(total, threshold) if opened is None else words.check_value(total)
    else:
        pairs = most_pairs(chosen, okey)
        used = Counter(p.face for pair in pairs for p in pair.pieces)
        left = sorted((Counter(chosen) - used).elements())
        if left:
            return {"ok": False, "text": words.no_pairs([t.notation() for t in left]), "action": None, "total": 0}
        action = lay_pairs(pairs)
        total = sum(pair.value for pair in pairs)
        text = words.few_pairs(len(pairs)) if opened is None and len(pairs) < 5 else ""
    groups = action.melds if kind == "melds" else action.pairs
    result = {
        "total": total,
        "threshold": threshold,
        "text": text,
        "groups": [" ".join(p.notation() for p in g) for g in groups],
    }
    try:
        seat_round(seen).validate(action)
    except EngineError as error:
        if error.code != "okey-opening-low":  # the total against the threshold says it already
            result["text"] = words.refusal(error.code, error.params)
        return result | {"ok": False, "action": None}
    if not my_turn:
        return result | {"ok": False, "text": words.not_your_turn(), "action": None}
    return result | {"ok": True, "action": action_json(action, None, words)}


def arranged(rack, okey, how: str, assisted: bool) -> dict:
    """``arrange`` of the tiles of ``rack`` under that ``okey`` (``best`` and ``pairs``: the ``assisted`` table's)."""
    from ..arrange import best_arrangement, most_pairs

    if how not in ARRANGEMENTS:
        raise PlayError(f"arrange the rack by {', '.join(ARRANGEMENTS)}, not {quote(how)}", code="okey-arrange")
    if how in ("best", "pairs") and not assisted:
        raise PlayError("the best arrangement is the assisted table's", code="okey-not-assisted")
    started = time.perf_counter()
    groups: list[list[str]] = []
    if how == "runs":
        order = sorted(rack, key=lambda t: (t is okey.tile, t.code))
    elif how == "sets":
        order = sorted(rack, key=lambda t: (t is okey.tile, okey.value(t), t.code))
    else:
        melds = best_arrangement(rack, okey).melds if how == "best" else most_pairs(rack, okey)
        left = Counter(rack)
        order = []
        for meld in melds:
            faces = [p.face for p in meld.pieces]
            groups.append([t.notation() for t in faces])
            order.extend(faces)
            left.subtract(faces)
        order.extend(sorted((+left).elements(), key=lambda t: (t is okey.tile, t.code)))
    return {
        "order": [t.notation() for t in order],
        "groups": groups,
        "ms": round((time.perf_counter() - started) * 1000, 1),
    }
