"""The rack's checks and orders, for the table against the bots and for an online table alike: a selection
checked as a lay-down before it is sent (``checked_lay``), the rack in an order (``arranged``). They read only
the player's own rack and what the table shows, so an online table's page computes them from its seat's view."""

from __future__ import annotations

import time
from collections import Counter

from ...core.errors import EngineError, quote
from ...core.sessions import PlayError
from ..game import lay_melds, lay_pairs
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


def checked_lay(words, rack, okey, threshold, opened, tiles, kind, validate, my_turn) -> dict:
    """``lay_check`` of ``tiles`` from ``rack`` (a Counter), before a table with that ``okey``, ``threshold`` and
    the player's ``opened`` state; ``validate(action)`` raises the engine's reason when the move is not legal
    (an online table's page: only what its own view can tell; the server checks the move again)."""
    from ..arrange import best_arrangement, most_pairs
    from .view import action_json

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
        validate(action)
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
