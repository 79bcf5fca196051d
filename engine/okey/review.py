"""The review of a finished Okey game, for one seat, from its record alone.

Every round is played again from the record (checked first, ``engine.okey.record.replay``); at the end of
each of the seat's turns the review asks the rules and the solver what that moment allowed. It only reads
finished rounds, where every rack is public, so it shows nothing a seat may not see.

- ``penalty``: a penalty tile discarded, the charge, and the table meld(s) it would have fed;
- ``charge``: the charges the seat paid and the move that caused each: its discard taken by the next
  seat, an opponent's lay-off on its meld, a seize of the okey from its meld;
- ``open``: the first turn on which the seat could have opened (and with which melds or pairs, from the
  solver), when it opened later or never;
- ``meld``: a tile that could have been laid off (or a seize that could have been made) and stayed in the
  rack to the round's end;
- ``settle``: okeys held to the end, and the seat's settlement.

``severity`` is in the game's points (what the mistake cost, or about: a turn waited to open counts
``OPEN_TURN`` points); ``kind`` names the practice exercise that trains it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import practice
from .arrange import layoff_spots, opening, pairs_opening
from .events import LaidOff, Seized, Took
from .game import DECLINE, DRAW, Discard, Game, LayMelds, LayOff, LayPairs, Round, Seize, event_action
from .melds import format_pieces
from .record import replay
from .rules import (
    ENDS,
    EXHAUSTED,
    LAYOFF_TIMES,
    OKEY_LEFT,
    OPENED_MELDS,
    PAIRS_MODE,
    RACK_TIMES,
    SEIZE_BASE,
    okeys_in,
    rack_value,
)
from .tiles import Tile

KINDS = ("meld", "penalty", "open", "charge", "settle")
#: The move that caused another seat's charge, and its tile, by the kind of its event.
_CAUSES = {
    Took: lambda event: ("take", event.tile.notation()),
    LaidOff: lambda event: ("layoff", event.piece.notation()),
    Seized: lambda event: ("seize", event.tile.notation()),
}
#: The cost given to each turn a seat waited to open when it could have (for ranking the remarks).
OPEN_TURN = 50


@dataclass(frozen=True)
class Remark:
    kind: str
    severity: int
    round: int  # from 1
    move: int | None  # the event's index in the round (from 0); None for the round as a whole
    facts: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"kind": self.kind, "severity": self.severity, "round": self.round, "move": self.move, **self.facts}


@dataclass(frozen=True)
class Review:
    seat: int
    mode: str
    remarks: tuple[Remark, ...]
    #: Each round's indicator (the okey follows from it), to word and draw the remarks' tiles.
    indicators: tuple[str, ...] = ()

    def worst(self, count: int = 3) -> list[Remark]:
        """The ``count`` remarks with the highest severity (information left out), in the game's order."""
        ranked = sorted((r for r in self.remarks if r.severity > 0), key=lambda r: -r.severity)[:count]
        return sorted(ranked, key=lambda r: (r.round, 10**9 if r.move is None else r.move))


def _opening_of(state: Round) -> dict | None:
    """The opening the solver offers now (melds first, else pairs), or None."""
    for action in state.legal_actions():
        if type(action) is LayMelds:
            groups = [format_pieces(g) for g in action.melds]
            return {"with": "meld", "melds": groups}
        if type(action) is LayPairs:
            return {"with": "pairs", "melds": [format_pieces(g) for g in action.pairs]}
    return None


def _opening_with_take(state: Round, seat: int) -> dict | None:
    """The opening the seat could have made this turn by taking the last discard instead of drawing, or None."""
    tile = state.last_discard[1]
    rack = [*state.racks[seat].elements(), tile]
    found = opening(rack, state.okey, state.threshold(), taken=tile)
    if found is not None:
        melds = [meld.notation() for meld in found.melds]
        return {"with": "meld", "melds": melds, "take": tile.notation(), "rack": [t.notation() for t in sorted(rack)]}
    pairs = pairs_opening(rack, state.okey, taken=tile)
    if pairs is not None:
        melds = [pair.notation() for pair in pairs]
        return {"with": "pairs", "melds": melds, "take": tile.notation(), "rack": [t.notation() for t in sorted(rack)]}
    return None


def _round_remarks(state: Round, played: Round, number: int, seat: int) -> list[Remark]:
    """Play the events of the replayed round ``played`` again on ``state`` (dealt, nothing played) and review
    them for ``seat``."""
    okey = state.okey
    remarks: list[Remark] = []
    turn = 0
    could_open: tuple[int, int, dict] | None = None  # (turn, move, opening)
    opened_turn: int | None = None
    unplayed: dict[Tile, tuple[int, int, str]] = {}  # a tile that could be laid off: (turn, move, the meld)
    seize: tuple[int, int, str, str, int] | None = None
    seized = False
    for index, event in enumerate(played.events):
        actor, action = event.seat, event_action(event)
        mine = actor == seat
        if mine and action is DRAW and state.opened[seat] is None and could_open is None and state.can_take(seat):
            found = _opening_with_take(state, seat)
            if found is not None:  # taking the last discard would have opened this turn
                could_open = (turn + 1, index, found)
        if mine and type(action) is Discard:
            turn += 1
            legal = state.legal_actions()
            if state.opened[seat] is None and could_open is None:
                found = _opening_of(state)
                if found is not None:
                    could_open = (turn, index, {**found, "rack": [t.notation() for t in state.rack(seat)]})
            if state.opened[seat] == OPENED_MELDS:
                melds = state.melds()
                for other in legal:
                    if type(other) is LayOff and other.piece.face not in unplayed:
                        unplayed[other.piece.face] = (turn, index, melds[other.to].notation())
                    if type(other) is Seize and seize is None:
                        owner = state.table[other.to].owner
                        worth = SEIZE_BASE + okey.identity(other.tile).number * LAYOFF_TIMES
                        charge = worth if state.options.opponents(seat, owner) else 0
                        seize = (turn, index, other.tile.notation(), melds[other.to].notation(), charge)
            if event.charge is not None:
                spots = sorted({i for i, _end, _tile in layoff_spots(action.tile, state.melds(), okey)})
                fed = [state.melds()[i].notation() for i in spots]
                remarks.append(
                    Remark(
                        "penalty",
                        event.charge.points,
                        number,
                        index,
                        {"tile": action.tile.notation(), "points": event.charge.points, "fed": fed},
                    )
                )
        if mine and type(action) in (LayMelds, LayPairs) and event.opening is not None:
            opened_turn = turn + 1
        if mine and type(action) is Seize:
            seized = True
        charge = getattr(event, "charge", None)
        if not mine and charge is not None and charge.seat == seat:
            what, tile = _CAUSES[type(event)](event)
            facts = {"cause": what, "by": actor, "tile": tile, "points": charge.points}
            if what != "take":
                facts["meld"] = state.melds()[event.to].notation()
            remarks.append(Remark("charge", charge.points, number, index, facts))
        state.apply(action)
    if state.end is None and played.end is not None and played.end.kind == EXHAUSTED:
        state.apply(DECLINE)  # the seat to play did not take the last discard
    if state.end is None:
        return remarks  # an unfinished round: only what happened so far
    end = state.end.kind
    if could_open is not None and (opened_turn is None or opened_turn > could_open[0]):
        late = None if opened_turn is None else opened_turn - could_open[0]
        turn_could, move, found = could_open
        remarks.append(
            Remark(
                "open",
                OPEN_TURN * (late if late is not None else max(turn - turn_could + 1, 1)),
                number,
                move,
                {"turn": turn_could, "opened": opened_turn, **found},
            )
        )
    rack = state.rack(seat)
    for tile, (turn_could, move, meld) in unplayed.items():
        if tile in rack:
            times = RACK_TIMES[end] if state.opened[seat] == OPENED_MELDS else 1
            remarks.append(
                Remark(
                    "meld",
                    okey.value(tile) * times,
                    number,
                    move,
                    {"tile": tile.notation(), "turn": turn_could, "meld": meld, "what": "layoff"},
                )
            )
    if seize is not None and not seized:
        turn_could, move, tile, meld, charge = seize
        facts = {"tile": tile, "turn": turn_could, "meld": meld, "what": "seize", "charge": charge}
        remarks.append(Remark("meld", charge, number, move, facts))
    okeys = okeys_in(rack, okey)
    if okeys and state.end.seat != seat:
        remarks.append(Remark("settle", okeys * OKEY_LEFT[end], number, None, {"okeys": okeys, "each": OKEY_LEFT[end]}))
    remarks.append(
        Remark(
            "settle",
            0,
            number,
            None,
            {
                "end": end,
                "settlement": state.settlement[seat],
                "charges": state.charges[seat],
                "score": state.scores[seat],
                "rack": [tile.notation() for tile in rack],
                "value": rack_value(rack, okey),
                "opened": state.opened[seat],
            },
        )
    )
    return remarks


def review_game(game: Game, seat: int) -> Review:
    """The review of a replayed ``game`` for ``seat``."""
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is not at the table (seats 0 to 3)")
    remarks: list[Remark] = []
    for number, played in enumerate(game.rounds, start=1):
        if not played.is_over:
            continue  # a round in play is never reviewed: it would show hidden racks
        state = Round(game.options, played.deal, number)
        remarks.extend(_round_remarks(state, played, number, seat))
    indicators = tuple(state.indicator.notation() for state in game.rounds)
    return Review(seat, game.options.mode, tuple(remarks), indicators)


def exercise_for(remark: dict, mode: str) -> tuple[str, int]:
    """The practice exercise that trains ``remark`` (``Remark.as_json()``) at a similar position: its kind and
    level (``practice.level``'s scale: okeys standing in from level 2, false jokers from 3, pairs mode from 2).

    A penalty: one meld fed is level 0, two level 1, three or an okey in it level 2. A charge: a take 0, a
    lay-off 1, a seize 2. An opening: 0, or 1 by a take (a discard the seat's rack wanted), 2 with an okey or
    pairs. A tile left unplayed: 0, 2 with an okey in the meld or a seize, 3 with a false joker. The round's
    end: 0 after a hand or pairs, 1 after an okey or the pile running out, 3 with okeys held."""
    kind = remark["kind"]
    okeys = any("*" in text for text in [remark.get("tile") or "", remark.get("meld") or "", *remark.get("melds", ())])
    if kind == "penalty":
        fed = remark["fed"]
        level = 2 if len(fed) >= 3 or any("*" in meld for meld in fed) else max(len(fed) - 1, 0)
    elif kind == "charge":
        level = {"take": 0, "layoff": 1, "seize": 2}[remark["cause"]]
    elif kind == "open":
        level = 2 if okeys or remark["with"] == "pairs" else 1 if "take" in remark else 0
    elif kind == "meld":
        meld = remark["meld"]
        level = 3 if "FJ" in meld.split() else 2 if okeys or remark["what"] == "seize" else 0
    else:  # settle
        level = 3 if "okeys" in remark else 0 if remark["end"] in ENDS[:2] else 1
    if mode == PAIRS_MODE and kind in ("charge", "settle"):
        level = max(level, 2)  # the exercises' pairs mode starts at level 2
    return kind, min(level, practice.LEVELS - 1)


def review(record: dict, seat: int) -> Review:
    """Replay an Okey record (every check of ``replay``) and review it for ``seat``."""
    return review_game(replay(record), seat)
