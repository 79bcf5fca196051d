"""What the rules engine says about a diagram: every number and mark a diagram shows comes from here.

Melds are checked and valued by ``engine.okey.melds``; lay-off spots come from
``Meld.spots``; penalty tiles from ``arrange.penalty_tiles``; an action is played
on a ``game.Round`` taken up at the diagram's position, so its legality, the
opening's threshold (with doubling) and its charge (who pays, how much) are the
game's own; a round's end is settled by ``rules.settle``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import EngineError
from ..arrange import penalty_tiles
from ..events import Charge
from ..game import DRAW_PHASE, PLAY_PHASE, LayMelds, LayOff, LayPairs, Round, Seize, TableItem
from ..game import Discard as DiscardAction
from ..game import Take as TakeAction
from ..melds import PAIR, Meld, Piece, check_meld, parse_piece, parse_pieces
from ..rules import (
    MIN_PAIRS,
    OKEY_LEFT,
    OPENED_MELDS,
    OPENED_PAIRS,
    PAIRS_OPENER_TIMES,
    RACK_TIMES,
    Options,
    okeys_in,
    rack_value,
    settle,
)
from ..tiles import FALSE_JOKER, TILES, NotationError, Okey, Tile
from .notation import DiagramError, OkeyDiagram
from .seats import ACROSS, BEFORE, NEXT, YOU

OWNER_SEAT = {"own": YOU, "opponent": NEXT, "partner": ACROSS}
STATE = {"opened": OPENED_MELDS, "pairs": OPENED_PAIRS, "closed": None}
_TILE_WORD = re.compile(r"\*?([RBKYrbky]\d{1,2}|[Ff][Jj])\b")


@dataclass(frozen=True, slots=True)
class TableMeld:
    number: int  # from 1, as the block numbers them
    owner: str  # own, partner, opponent
    meld: Meld  # as it lies after the block's actions
    new: tuple[int, ...]  # positions of pieces the block's actions put there
    spots: tuple[tuple[str, Tile], ...]  # where one more tile fits (engine: Meld.spots)


@dataclass(frozen=True, slots=True)
class Invalid:
    pieces: tuple[Piece, ...]
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the block as the engine played it."""

    verb: str
    melds: tuple[Meld, ...] = ()  # opening, pairs
    piece: Piece | None = None  # layoff
    tile: Tile | None = None  # take, seize, discard
    target: int | None = None  # table meld, from 1
    owner: str | None = None  # the target's owner
    charge: Charge | None = None
    total: int | None = None  # opening: the total of its melds
    threshold: int | None = None  # opening: what it had to reach (pairs: MIN_PAIRS)
    reached: bool = True
    ends_round: bool = False  # a discard that emptied the rack (exempt)


@dataclass(frozen=True, slots=True)
class SeatEnd:
    seat: int
    state: str  # opened, pairs, closed
    tiles: tuple[Tile, ...]
    rack_value: int
    times: int  # what the rack value is multiplied by at this end for this seat (0: not by value)
    okeys: int
    okey_each: int
    amount: int
    finisher: bool
    partner_of_finisher: bool


@dataclass(frozen=True, slots=True)
class Analysis:
    okey: Okey
    show_indicator: bool
    mode: str
    table: tuple[TableMeld, ...]
    rack: tuple[Tile, ...] | None
    penalties: tuple[Tile, ...]
    invalid: tuple[Invalid, ...]
    actions: tuple[Action, ...]
    end: str | None
    seats: tuple[SeatEnd, ...]


def _okey_of(diagram: OkeyDiagram, text: str) -> Okey:
    if diagram.indicator is not None:
        return Okey(diagram.indicator)
    used = {m.group(1).upper() for m in _TILE_WORD.finditer(text)}
    for line_number, raw in enumerate(text.split("\n"), start=1):
        body = raw.split("#", 1)[0]
        if "*" in body or re.search(r"\bfj\b", body, re.I):
            raise DiagramError(line_number, "an okey (*X) or a false joker (FJ) needs the indicator: indicator R5")
    for tile in TILES[:52]:
        okey = Okey(tile)
        if okey.tile.notation() not in used:
            return okey
    raise DiagramError(1, "write the indicator: indicator R5")  # every tile is used: never in practice


def _meld(text: str, line: int, okey: Okey) -> Meld:
    try:
        pieces = parse_pieces(text, okey)
    except NotationError as error:
        raise DiagramError(line, str(error)) from None
    result = check_meld(pieces, okey)
    if not result.valid:
        raise DiagramError(line, result.reason)
    return Meld(result.kind, pieces, result.value)


def analyse(diagram: OkeyDiagram, text: str = "") -> Analysis:
    """Everything the diagram shows, from the engine; ``DiagramError`` (line, reason) when the rules refuse."""
    okey = _okey_of(diagram, text)
    options = Options(mode=diagram.mode, doubling=diagram.doubling)
    invalid = []
    for line, group in diagram.invalid:
        try:
            pieces = parse_pieces(group, okey)
        except NotationError as error:
            raise DiagramError(line, str(error)) from None
        result = check_meld(pieces, okey)
        if result.valid:
            raise DiagramError(line, f"{group} is a valid {result.kind}: write it as a meld line")
        invalid.append(Invalid(pieces, result.code, result.reason))
    if diagram.end is not None:
        return Analysis(
            okey,
            diagram.indicator is not None,
            diagram.mode,
            (),
            None,
            (),
            (),
            (),
            diagram.end,
            _settle(diagram, options, okey),
        )
    items = []
    for entry in diagram.table:
        if entry.owner == "partner" and diagram.mode != "pairs":
            raise DiagramError(entry.line, "a partner's meld needs mode pairs (solo has no partners)")
        items.append(TableItem(OWNER_SEAT[entry.owner], _meld(entry.text, entry.line, okey)))
    melds = [item.meld for item in items]
    penalties = tuple(penalty_tiles(diagram.rack, melds, okey)) if diagram.rack else ()
    actions, final = _play(diagram, options, okey, items)
    table = []
    # The table as the block wrote it (an opening's melds, laid after them, are shown with the opening).
    for number, (entry, before, after) in enumerate(zip(diagram.table, items, final[: len(items)], strict=True), 1):
        new = _new_positions(before.meld, after.meld)
        table.append(TableMeld(number, entry.owner, after.meld, new, tuple(after.meld.spots())))
    return Analysis(
        okey,
        diagram.indicator is not None,
        diagram.mode,
        tuple(table),
        diagram.rack,
        penalties,
        tuple(invalid),
        tuple(actions),
        None,
        (),
    )


def _new_positions(before: Meld, after: Meld) -> tuple[int, ...]:
    if len(after) > len(before):  # a lay-off: at the low end when the old first piece moved
        return (0,) if after.pieces[1:] == before.pieces else (len(after) - 1,)
    return tuple(i for i, (a, b) in enumerate(zip(before.pieces, after.pieces, strict=True)) if a != b)


def _needed(diagram: OkeyDiagram, okey: Okey) -> list[Tile]:
    """The faces the block's actions lay from the rack (a taken tile comes from the discard)."""
    faces: list[Tile] = []
    taken = None
    for action in diagram.actions:
        if action.verb in ("opening", "pairs"):
            for group in action.text.split(","):
                try:
                    faces.extend(p.face for p in parse_pieces(group, okey))
                except NotationError as error:
                    raise DiagramError(action.line, str(error)) from None
        elif action.verb == "layoff":
            try:
                faces.append(parse_piece(action.text, okey).face)
            except NotationError as error:
                raise DiagramError(action.line, str(error)) from None
        elif action.verb in ("seize", "discard"):
            faces.append(Tile.parse(action.text))
        else:  # take
            taken = Tile.parse(action.text)
    if taken is not None and taken in faces:
        faces.remove(taken)
    return faces


def _filler(okey: Okey, melds: list[Meld], avoid: set[Tile]) -> Tile:
    """A tile that fits nowhere on the table: kept in a made-up rack so that a tile is left to discard."""
    for tile in TILES[:52]:
        if tile is not okey.tile and tile not in avoid and not penalty_tiles([tile], melds, okey):
            return tile
    return TILES[0]


def _play(diagram: OkeyDiagram, options: Options, okey: Okey, items: list[TableItem]):
    if not diagram.actions:
        return [], items
    melds = [item.meld for item in items]
    if diagram.rack is not None:
        rack = list(diagram.rack)
    else:
        needed = _needed(diagram, okey)
        rack = [*needed, _filler(okey, melds, set(needed) | {okey.identity(FALSE_JOKER)})]
    verbs = [a.verb for a in diagram.actions]
    state = None if ("opening" in verbs or "pairs" in verbs) else OPENED_MELDS
    first = diagram.actions[0]
    taking = first.verb == "take"
    last_discard = (BEFORE, Tile.parse(first.text)) if taking else None
    opened = [state, *(OPENED_MELDS if any(i.owner == s for i in items) else None for s in (1, 2, 3))]
    last_opening = diagram.last_opening
    try:
        game = Round.position(
            options,
            okey.indicator,
            [rack, [], [], []],
            [_filler(okey, melds, set(rack))],
            items,
            opened,
            last_opening,
            YOU,
            DRAW_PHASE if taking else PLAY_PHASE,
            last_discard,
        )
    except EngineError as error:
        raise DiagramError(first.line, str(error)) from None
    if taking:
        game.discards[BEFORE].append(last_discard[1])
    out = []
    for index, action in enumerate(diagram.actions):
        if index and action.verb == "take":
            raise DiagramError(action.line, "take comes first: a turn starts by drawing or taking")
        try:
            out.append(_one(game, action, okey))
        except DiagramError:
            raise
        except EngineError as error:
            raise DiagramError(action.line, str(error)) from None
        if not out[-1].reached and index < len(diagram.actions) - 1:
            raise DiagramError(diagram.actions[index + 1].line, "the opening above falls short: nothing follows it")
    return out, list(game.table)


def _one(game: Round, action, okey: Okey) -> Action:
    verb = action.verb
    if verb == "take":
        tile = Tile.parse(action.text)
        return Action(verb, tile=tile, charge=game.apply(TakeAction()).charge)
    if verb == "opening":
        melds = tuple(_meld(group, action.line, okey) for group in action.text.split(","))
        total = sum(meld.value for meld in melds)
        threshold = game.threshold()
        if total < threshold:
            return Action(verb, melds=melds, total=total, threshold=threshold, reached=False)
        game.apply(LayMelds(tuple(meld.pieces for meld in melds)))
        return Action(verb, melds=melds, total=total, threshold=threshold)
    if verb == "pairs":
        pairs = tuple(_meld(group, action.line, okey) for group in action.text.split(","))
        for pair in pairs:
            if pair.kind != PAIR:
                raise DiagramError(action.line, f"{pair} is a {pair.kind}, not a pair")
        if len(pairs) < MIN_PAIRS:
            return Action(verb, melds=pairs, total=len(pairs), threshold=MIN_PAIRS, reached=False)
        game.apply(LayPairs(tuple(pair.pieces for pair in pairs)))
        return Action(verb, melds=pairs, total=len(pairs), threshold=MIN_PAIRS)
    if verb == "layoff":
        owner = _owner_at(game, action)
        piece = parse_piece(action.text, okey)
        event = game.apply(LayOff(piece, action.target - 1))
        return Action(verb, piece=piece, target=action.target, owner=owner, charge=event.charge)
    if verb == "seize":
        owner = _owner_at(game, action)
        tile = Tile.parse(action.text)
        event = game.apply(Seize(tile, action.target - 1))
        return Action(verb, tile=tile, target=action.target, owner=owner, charge=event.charge)
    tile = Tile.parse(action.text)
    event = game.apply(DiscardAction(tile))
    return Action(verb, tile=tile, charge=event.charge, ends_round=game.is_over)


def _owner_at(game: Round, action) -> str:
    if not 1 <= action.target <= len(game.table):
        count = len(game.table)
        raise DiagramError(action.line, f"there is no table meld {action.target}: the block has {count}")
    seat = game.table[action.target - 1].owner
    return {v: k for k, v in OWNER_SEAT.items()}[seat]


def _settle(diagram: OkeyDiagram, options: Options, okey: Okey) -> tuple[SeatEnd, ...]:
    finisher = None if diagram.end == "exhausted" else YOU
    given = {s.seat: s for s in diagram.seats}
    for seat in range(4):
        if seat not in given and seat != finisher:
            raise DiagramError(diagram.end_line, f"seat {seat} is missing: every seat but the finisher has a line")
    if finisher is not None and finisher in given and given[finisher].tiles:
        raise DiagramError(given[finisher].line, "seat 0 went out: its rack is empty (write it without tiles)")
    racks = [given[s].tiles if s in given else () for s in range(4)]
    states = [given[s].state if s in given else "opened" for s in range(4)]
    amounts = settle(options, diagram.end, finisher, racks, [STATE[s] for s in states], okey)
    rows = []
    for seat in range(4):
        partner = finisher is not None and options.partners(seat, finisher)
        times = 0
        if seat != finisher and not partner:
            if states[seat] == "pairs":
                times = PAIRS_OPENER_TIMES
            elif states[seat] == "opened":
                times = RACK_TIMES[diagram.end]
        rows.append(
            SeatEnd(
                seat,
                states[seat],
                tuple(racks[seat]),
                rack_value(racks[seat], okey),
                times,
                okeys_in(racks[seat], okey),
                OKEY_LEFT[diagram.end],
                amounts[seat],
                seat == finisher,
                partner,
            )
        )
    return tuple(rows)
