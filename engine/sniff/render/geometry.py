"""Where each tile of a layout lies on the table, as players would lay it out.

The rules say what joins what; this module decides where the tiles go:

- the line runs horizontally from the opener, doubles lie crosswise, and the
  Sniff's branches leave it perpendicular to the line;
- an arm that would leave the table (about ten tiles wide, as tall) turns a
  corner, as players do at a table's edge, always clockwise: a long game goes
  round the edges of the table and leaves its middle to the Sniff's branches;
- an arm keeps off the room in front of the other open ends (and of the
  Sniff's branches before they open), and one that runs into another arm
  turns away from it. Tiles never overlap: in the rare game where an end is
  boxed in, its tile lies a little further on, with a connector to the end.

Positions are decided one placement at a time, from the tiles already on the
table only, so a tile never moves when later tiles are added: every step of a
sequence and every move on the board shows the earlier tiles where they were.

Coordinates are integers in half-squares: a tile's half is a 2 x 2 square,
so a tile is 4 x 2 and a crosswise double 2 x 4 along its line. ``y`` grows
downwards, as in SVG.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..layout import Layout, Placement, attached_side
from ..tiles import Side, Tile

#: How far an arm may run east or west of the opener's centre before it turns: 8 tiles
#: across, 10 at most with the crosswise doubles and corner tiles that stick out at the edges.
HALF_WIDTH = 16
#: How far an arm may run up or down from the opener's centre before it turns.
HALF_HEIGHT = 16
#: The free space kept around a tile, except next to the tiles it touches by the rules.
CLEARANCE = 1
#: How far in front of each unplayed branch of the Sniff other arms keep off (two tiles).
BRANCH_ROOM = 8


class Direction(enum.Enum):
    """A direction on the table; ``y`` grows downwards."""

    EAST = (1, 0)
    SOUTH = (0, 1)
    WEST = (-1, 0)
    NORTH = (0, -1)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]

    @property
    def is_horizontal(self) -> bool:
        return self.dy == 0

    def clockwise(self) -> Direction:
        return Direction((-self.dy, self.dx))

    def counterclockwise(self) -> Direction:
        return Direction((self.dy, -self.dx))

    def opposite(self) -> Direction:
        return Direction((-self.dx, -self.dy))

    def __repr__(self) -> str:
        return f"Direction.{self.name}"


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle ``[x0, x1] x [y0, y1]``."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    def overlaps(self, other: Box) -> bool:
        """Whether the two share some area (touching edges don't count)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def grown(self, margin: int) -> Box:
        return Box(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)

    def union(self, other: Box) -> Box:
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))

    def cells(self):
        """The unit cells the box covers."""
        for x in range(self.x0, self.x1):
            for y in range(self.y0, self.y1):
                yield (x, y)


@dataclass(frozen=True, slots=True)
class End:
    """Where a side of a tile faces the table: the middle of that face and the way it looks."""

    x: int
    y: int
    direction: Direction

    def ahead(self, distance: int) -> tuple[int, int]:
        return (self.x + self.direction.dx * distance, self.y + self.direction.dy * distance)


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a tile: its value and its square."""

    value: int
    box: Box


@dataclass(frozen=True, slots=True)
class TilePosition:
    """A tile on the table: its outline, its two halves, and its sides that face the table.

    ``halves`` lists the half that joins the layout first (for the opener, its
    low or line-A half). ``ends`` maps each side the rules know (``high``,
    ``line-b``, ``branch-a``...) to where it faces. ``gap`` is set when the
    tile could not be laid against its target and lies a little apart: the
    renderer then draws a connector from that end to the tile.
    """

    tile: Tile
    box: Box
    halves: tuple[Half, Half]
    ends: tuple[tuple[Side, End], ...]
    gap: tuple[End, tuple[int, int]] | None = None

    @property
    def vertical(self) -> bool:
        return self.box.height > self.box.width

    def end(self, side: Side) -> End:
        for name, end in self.ends:
            if name is side:
                return end
        raise KeyError(f"{self.tile} has no {side.value} side on the table")


class Geometry:
    """The positions of a layout's tiles, in placement order.

    >>> from engine.sniff import parse_layout
    >>> geometry = Geometry.of(parse_layout("1|4; 1|1 on 1|4 low"))
    >>> geometry[Tile(1, 4)].box, geometry[Tile(1, 1)].box
    (Box(x0=-2, y0=-1, x1=2, y1=1), Box(x0=-4, y0=-2, x1=-2, y1=2))
    """

    def __init__(self, half_width: int = HALF_WIDTH, half_height: int = HALF_HEIGHT) -> None:
        self.half_width = half_width
        self.half_height = half_height
        self._positions: dict[Tile, TilePosition] = {}
        self._cells: dict[tuple[int, int], Tile] = {}
        self._neighbours: dict[Tile, set[Tile]] = {}
        # Room kept free in front of every open end, and of the Sniff's branches before they open,
        # so that other arms pass it by, as players keep the ends playable.
        self._room: dict[tuple[Tile, Side], frozenset[tuple[int, int]]] = {}
        self._sniff: Tile | None = None

    @classmethod
    def of(cls, layout: Layout, **bounds: int) -> Geometry:
        """The positions of every tile of ``layout``."""
        geometry = cls(**bounds)
        for placement in layout.placements:
            geometry.place(placement)
        return geometry

    def copy(self) -> Geometry:
        """A geometry that goes on from this one: placing a tile in the copy leaves this one as it is (a tile's
        place depends only on the tiles placed before it, so a layout one placement longer needs one ``place``)."""
        other = type(self)(self.half_width, self.half_height)
        other._positions = dict(self._positions)
        other._cells = dict(self._cells)
        other._neighbours = {tile: set(tiles) for tile, tiles in self._neighbours.items()}
        other._room = dict(self._room)
        other._sniff = self._sniff
        return other

    # -- reading ---------------------------------------------------------

    def __getitem__(self, tile: Tile) -> TilePosition:
        return self._positions[tile]

    def __iter__(self):
        return iter(self._positions.values())

    def __len__(self) -> int:
        return len(self._positions)

    def bounds(self) -> Box:
        """The smallest box around every tile (a 0 x 0 box for an empty layout)."""
        boxes = [p.box for p in self._positions.values()]
        if not boxes:
            return Box(0, 0, 0, 0)
        result = boxes[0]
        for box in boxes[1:]:
            result = result.union(box)
        return result

    # -- placing ---------------------------------------------------------

    def place(self, placement: Placement) -> TilePosition:
        """Lay the placement's tile on the table (the placement must be legal)."""
        tile = placement.tile
        if tile in self._positions:
            raise ValueError(f"{tile} is already on the table")
        if placement.target is None:
            if self._positions:
                raise ValueError(f"{tile} can't open the layout: the table already has tiles")
            position = _opener(tile)
            neighbours: set[Tile] = set()
        else:
            target = self._positions.get(placement.target)
            if target is None:
                raise ValueError(f"{placement.target} is not on the table")
            end = target.end(placement.side)
            value = _open_value(placement.target, placement.side)
            family = {placement.target, *self._neighbours[placement.target]}
            position = self._choose(tile, value, end, family, (placement.target, placement.side))
            neighbours = {placement.target}
            self._neighbours[placement.target].add(tile)
        self._positions[tile] = position
        self._neighbours[tile] = neighbours
        for cell in position.box.cells():
            self._cells[cell] = tile
        if placement.target is not None:
            self._room.pop((placement.target, placement.side), None)
        if placement.target is None:
            open_sides = (Side.LINE_A, Side.LINE_B) if tile.is_double else (Side.HIGH, Side.LOW)
        else:
            open_sides = (Side.LINE_B,) if tile.is_double else (position.ends[0][0],)
        for side in open_sides:
            self._keep_room(tile, side, 4, 1)
        if tile.is_double and self._sniff is None:
            self._sniff = tile
            for side in (Side.BRANCH_A, Side.BRANCH_B):
                self._keep_room(tile, side, BRANCH_ROOM, 2)
        return position

    def _keep_room(self, tile: Tile, side: Side, length: int, half_across: int) -> None:
        end = self._positions[tile].end(side)
        self._room[(tile, side)] = frozenset(_box_ahead(end.x, end.y, end.direction, length, half_across).cells())

    def _choose(self, tile: Tile, value: int, end: End, family: set[Tile], joined: tuple[Tile, Side]) -> TilePosition:
        """The first free way to lay ``tile`` against ``end``, in the order players would try.

        A way with room for the next tile beats a dead end; then a way that
        stays on the table beats one that leaves it (a corner tile at the edge
        sticks out by one square, where going straight on would stick out by
        two); otherwise the order of ``_ways`` decides.
        """
        candidates = [_lay(tile, value, end, way) for way in self._ways(tile, end)]
        # Keep some room around other arms' tiles and in front of the Sniff's branches
        # if possible; squeeze in if not.
        for clearance, keep_room in ((CLEARANCE, True), (0, True), (0, False)):
            best, best_key = None, None
            for order, candidate in enumerate(candidates):
                if not self._free(candidate.box, family, clearance, joined if keep_room else None):
                    continue
                key = (self._room_ahead(candidate), -self._excess(candidate.box), -order)
                if key == (True, 0, 0):
                    return candidate  # straight on, on the table, with room for the next tile
                if best_key is None or key > best_key:
                    best, best_key = candidate, key
            if best is not None:
                return best
        return self._apart(tile, value, end, family)

    def _ways(self, tile: Tile, end: End) -> list[Direction]:
        """The directions to try for the tile's far half: straight on, then turning clockwise.

        Every arm turns the same way round at the table's edges, so the arms
        follow the edges of the table one after the other, the way a long game
        goes round a real table, and leave the middle to the Sniff's branches.
        """
        d = end.direction
        if tile.is_double:
            return [d]
        return [d, d.clockwise(), d.counterclockwise()]

    def _excess(self, box: Box) -> int:
        """How far the box reaches beyond the edges of the table."""
        w, h = self.half_width, self.half_height
        return max(0, -w - box.x0) + max(0, box.x1 - w) + max(0, -h - box.y0) + max(0, box.y1 - h)

    def _free(
        self, box: Box, family: set[Tile], clearance: int = CLEARANCE, joined: tuple[Tile, Side] | None = None
    ) -> bool:
        """Whether ``box`` is clear of every tile, and ``clearance`` away from those not in ``family``.

        With ``joined`` (the end the tile joins), it must also keep off the room
        kept in front of every other open end.
        """
        cells = self._cells
        for x in range(box.x0 - clearance, box.x1 + clearance):
            inside_x = box.x0 <= x < box.x1
            for y in range(box.y0 - clearance, box.y1 + clearance):
                owner = cells.get((x, y))
                if inside_x and box.y0 <= y < box.y1:
                    if owner is not None:
                        return False
                elif owner is not None and owner not in family:
                    return False
        if joined is not None:
            covered = set(box.cells())
            for key, room in self._room.items():
                if key != joined and not covered.isdisjoint(room):
                    return False
        return True

    def _room_ahead(self, position: TilePosition) -> bool:
        """Whether another tile could follow straight on from the new tile, clear of the others."""
        end = _far_end(position)
        ahead = _box_ahead(end.x, end.y, end.direction, 4, 1).grown(CLEARANCE)
        cells = self._cells
        return not any((x, y) in cells for x in range(ahead.x0, ahead.x1) for y in range(ahead.y0, ahead.y1))

    def _apart(self, tile: Tile, value: int, end: End, family: set[Tile]) -> TilePosition:
        """No room against the end: lay the tile further along, with a connector to its end."""
        for distance in range(2, 400, 2):
            moved = End(*end.ahead(distance), end.direction)
            for way in self._ways(tile, moved):
                candidate = _lay(tile, value, moved, way)
                if self._free(candidate.box, family, 0):
                    return TilePosition(
                        candidate.tile, candidate.box, candidate.halves, candidate.ends, (end, (moved.x, moved.y))
                    )
        raise AssertionError(f"no room on the table for {tile}")  # unreachable: the table is unbounded


def _open_value(target: Tile, side: Side) -> int:
    if target.is_double:
        return target.low
    return target.high if side is Side.HIGH else target.low


def _box_ahead(x: int, y: int, d: Direction, length: int, half_across: int) -> Box:
    """The box from (x, y) ``length`` units along ``d``, ``half_across`` units to either side."""
    x1, y1 = x + d.dx * length, y + d.dy * length
    if d.is_horizontal:
        return Box(min(x, x1), y - half_across, max(x, x1), y + half_across)
    return Box(x - half_across, min(y, y1), x + half_across, max(y, y1))


def _square(cx: int, cy: int) -> Box:
    return Box(cx - 1, cy - 1, cx + 1, cy + 1)


def _opener(tile: Tile) -> TilePosition:
    """The opener lies in the middle, its line horizontal; a double stands crosswise."""
    if tile.is_double:
        return _double(tile, End(-1, 0, Direction.EAST), start=(-1, 0), line_a=Direction.WEST)
    halves = (Half(tile.low, _square(-1, 0)), Half(tile.high, _square(1, 0)))
    ends = (
        (Side.HIGH, End(2, 0, Direction.EAST)),
        (Side.LOW, End(-2, 0, Direction.WEST)),
    )
    return TilePosition(tile, Box(-2, -1, 2, 1), halves, ends)


def _double(tile: Tile, end: End, start: tuple[int, int], line_a: Direction) -> TilePosition:
    """A double crosswise to ``end``'s direction, its line A face at ``start``."""
    d = end.direction
    x, y = start
    box = _box_ahead(x, y, d, 2, 2)
    side_a, side_b = d.counterclockwise(), d.clockwise()
    # Branch A is the upper one of a horizontal line, the left one of a vertical line.
    if side_b in (Direction.NORTH, Direction.WEST):
        side_a, side_b = side_b, side_a
    cx, cy = x + d.dx, y + d.dy
    squares = (_square(cx + side_a.dx, cy + side_a.dy), _square(cx + side_b.dx, cy + side_b.dy))
    ends = (
        (Side.LINE_A, End(x, y, line_a)),
        (Side.LINE_B, End(x + 2 * d.dx, y + 2 * d.dy, d)),
        (Side.BRANCH_A, End(cx + 2 * side_a.dx, cy + 2 * side_a.dy, side_a)),
        (Side.BRANCH_B, End(cx + 2 * side_b.dx, cy + 2 * side_b.dy, side_b)),
    )
    return TilePosition(tile, box, (Half(tile.low, squares[0]), Half(tile.low, squares[1])), ends)


def _lay(tile: Tile, value: int, end: End, way: Direction) -> TilePosition:
    """``tile`` joined to ``end`` by its half showing ``value``, its far half towards ``way``."""
    d = end.direction
    if tile.is_double:
        return _double(tile, end, start=(end.x, end.y), line_a=d.opposite())
    near_x, near_y = end.x + d.dx, end.y + d.dy
    far_x, far_y = near_x + 2 * way.dx, near_y + 2 * way.dy
    near, far = _square(near_x, near_y), _square(far_x, far_y)
    near_side = attached_side(tile, value)
    far_side = Side.HIGH if near_side is Side.LOW else Side.LOW
    far_end = End(far_x + way.dx, far_y + way.dy, way)
    near_end = End(end.x, end.y, d.opposite())
    halves = (Half(value, near), Half(tile.other(value), far))
    ends = ((far_side, far_end), (near_side, near_end))
    return TilePosition(tile, near.union(far), halves, ends)


def _far_end(position: TilePosition) -> End:
    """Where the arm goes on from a newly laid tile."""
    if position.tile.is_double:
        return position.end(Side.LINE_B)
    return position.ends[0][1]
