"""The notation of an ``okey`` diagram block: one statement per line (spec/okey-diagram-notation.md).

    indicator R5                 # the indicator: the okey (R6) and the false joker (= R6) follow
    meld opponent R5 R6 R7       # a meld on the table (own, partner or opponent); numbered 1, 2... in order
    rack R4 R8 K2 Y11            # your rack (okeys written plain): its penalty tiles are marked
    layoff B7 on 1               # an action of yours, in the order played

Tiles, melds and pairs are written in the Okey notation (spec/okey-notation.md).
``#`` starts a comment. ``parse_diagram`` checks the form of each line; what the
lines mean together (a meld that is not valid, an action the rules forbid) is
checked by ``analysis``, which reports the line as well. Every error is a
``DiagramError`` with the line (from 1, in the block) and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import EngineError
from ..tiles import NotationError, Tile

OWNERS = ("own", "partner", "opponent")
ENDS = ("hand", "pairs", "okey", "exhausted")
STATES = ("opened", "pairs", "closed")
ACTIONS = ("opening", "pairs", "take", "layoff", "seize", "discard")
KEYWORDS = ("indicator", "mode", "doubling", "last-opening", "meld", "rack", "invalid", *ACTIONS, "end", "seat")


class DiagramError(EngineError):
    """A block that is not an Okey diagram: ``line`` (from 1) and ``reason``."""

    code = "okey-diagram"

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}", code="okey-diagram", params={"line": line, "reason": reason})
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class TableLine:
    line: int
    owner: str
    text: str  # the meld in the Okey notation


@dataclass(frozen=True, slots=True)
class ActionLine:
    line: int
    verb: str  # one of ACTIONS
    text: str  # the tiles, melds or piece
    target: int | None = None  # a table meld, from 1 (layoff, seize)


@dataclass(frozen=True, slots=True)
class SeatLine:
    line: int
    seat: int
    state: str  # opened, pairs or closed
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class OkeyDiagram:
    """A parsed block: every statement, with its line."""

    indicator: Tile | None = None
    indicator_line: int = 0
    mode: str = "solo"
    doubling: bool = True
    last_opening: int | None = None
    table: tuple[TableLine, ...] = ()
    rack: tuple[Tile, ...] | None = None
    rack_line: int = 0
    invalid: tuple[tuple[int, str], ...] = ()
    actions: tuple[ActionLine, ...] = ()
    end: str | None = None
    end_line: int = 0
    seats: tuple[SeatLine, ...] = field(default_factory=tuple)


def _tiles(words: list[str], line: int) -> tuple[Tile, ...]:
    try:
        tiles = tuple(Tile.parse(word) for word in words)
    except NotationError as error:
        raise DiagramError(line, str(error)) from None
    for tile in tiles:
        if tiles.count(tile) > 2:
            raise DiagramError(line, f"{tile} is in the rack {tiles.count(tile)} times: the set has two of each tile")
    return tiles


def _tile(words: list[str], line: int, what: str) -> Tile:
    if len(words) != 1:
        raise DiagramError(line, f"{what} takes one tile, for example {what} R7")
    return _tiles(words, line)[0]


def _target(words: list[str], line: int, verb: str) -> tuple[str, int]:
    if len(words) != 3 or words[1].lower() != "on" or not words[2].isdigit() or int(words[2]) < 1:
        raise DiagramError(line, f"write {verb} TILE on N, where N is a table meld (1 = the first meld line)")
    return words[0], int(words[2])


def parse_diagram(text: str) -> OkeyDiagram:
    """Read a block; ``DiagramError`` with the line and the reason on the first bad line."""
    values: dict = {}
    table: list[TableLine] = []
    invalid: list[tuple[int, str]] = []
    actions: list[ActionLine] = []
    seats: list[SeatLine] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        keyword, *words = content.split()
        keyword = keyword.lower()
        if keyword not in KEYWORDS:
            raise DiagramError(number, f'unknown statement "{keyword}": a line starts with {", ".join(KEYWORDS)}')
        single = keyword in ("indicator", "mode", "doubling", "last-opening", "rack", "end")
        if single and keyword in values:
            raise DiagramError(number, f"{keyword} is given twice: once per block")
        if keyword == "indicator":
            tile = _tile(words, number, "indicator")
            if tile.is_false_joker:
                raise DiagramError(number, "a false joker is never the indicator")
            values["indicator"] = tile
            values["indicator_line"] = number
        elif keyword == "mode":
            if words not in (["solo"], ["pairs"]):
                raise DiagramError(number, "write mode solo or mode pairs")
            values["mode"] = words[0]
        elif keyword == "doubling":
            if words not in (["on"], ["off"]):
                raise DiagramError(number, "write doubling on or doubling off")
            values["doubling"] = words[0] == "on"
        elif keyword == "last-opening":
            if len(words) != 1 or not words[0].isdigit() or int(words[0]) < 1:
                raise DiagramError(number, "write last-opening N: the total of the last opening with melds, e.g. 68")
            values["last-opening"] = int(words[0])
        elif keyword == "meld":
            owner = "opponent"
            if words and words[0].lower() in OWNERS:
                owner = words.pop(0).lower()
            if not words:
                raise DiagramError(number, "the meld has no tiles: write meld [own|partner|opponent] R4 R5 R6")
            table.append(TableLine(number, owner, " ".join(words)))
        elif keyword == "rack":
            if not words:
                raise DiagramError(number, "the rack has no tiles: write rack R4 R8 K2")
            values["rack"] = _tiles(words, number)
            values["rack_line"] = number
        elif keyword == "invalid":
            if not words:
                raise DiagramError(number, "write invalid and the tiles that are not a meld, e.g. invalid R13 R1 R2")
            invalid.append((number, " ".join(words)))
        elif keyword in ("opening", "pairs"):
            groups = [g.strip() for g in " ".join(words).split(",")]
            if not words or not all(groups):
                raise DiagramError(number, f"write {keyword} and its groups separated by commas: R4 R5 R6, B9 R9 K9")
            actions.append(ActionLine(number, keyword, ", ".join(groups)))
        elif keyword in ("take", "discard"):
            actions.append(ActionLine(number, keyword, _tile(words, number, keyword).notation()))
        elif keyword in ("layoff", "seize"):
            piece, target = _target(words, number, keyword)
            actions.append(ActionLine(number, keyword, piece, target))
        elif keyword == "end":
            if len(words) != 1 or words[0].lower() not in ENDS:
                raise DiagramError(number, f"write end and how the round ended: {', '.join(ENDS)}")
            values["end"] = words[0].lower()
            values["end_line"] = number
        else:  # seat
            if len(words) < 2 or words[0] not in ("0", "1", "2", "3") or words[1].lower() not in STATES:
                raise DiagramError(number, "write seat N opened|pairs|closed TILES (N from 0 to 3; 0 is the finisher)")
            seat = int(words[0])
            if any(s.seat == seat for s in seats):
                raise DiagramError(number, f"seat {seat} is given twice")
            seats.append(SeatLine(number, seat, words[1].lower(), _tiles(words[2:], number)))
    diagram = OkeyDiagram(
        indicator=values.get("indicator"),
        indicator_line=values.get("indicator_line", 0),
        mode=values.get("mode", "solo"),
        doubling=values.get("doubling", True),
        last_opening=values.get("last-opening"),
        table=tuple(table),
        rack=values.get("rack"),
        rack_line=values.get("rack_line", 0),
        invalid=tuple(invalid),
        actions=tuple(actions),
        end=values.get("end"),
        end_line=values.get("end_line", 0),
        seats=tuple(seats),
    )
    _check_whole(diagram, text)
    return diagram


def _check_whole(diagram: OkeyDiagram, text: str) -> None:
    last = max(1, len(text.rstrip("\n").split("\n")))
    if diagram.end is None and diagram.seats:
        raise DiagramError(diagram.seats[0].line, "seat lines belong to a round's end: write end hand (or pairs, ...)")
    if diagram.end is not None:
        if diagram.actions or diagram.table or diagram.rack is not None or diagram.invalid:
            raise DiagramError(diagram.end_line, "a round's end stands alone: only indicator, mode and seat lines")
        if not diagram.seats:
            raise DiagramError(diagram.end_line, "write the seats' racks: seat 1 opened K3 B7 ...")
    if diagram.last_opening is not None and not any(a.verb == "opening" for a in diagram.actions):
        raise DiagramError(last, "last-opening needs an opening line to compare with")
    if not (diagram.indicator or diagram.table or diagram.rack or diagram.invalid or diagram.actions or diagram.end):
        raise DiagramError(last, "the block draws nothing: write an indicator, a meld, a rack or an action")
