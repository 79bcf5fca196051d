"""The layout notation (spec/layout-notation.md): parse and format.

One placement per line, in placement order; ``#`` starts a comment and ``;``
separates placements on one line::

    4|1                 # the opening tile
    1|1 on 1|4 low
    4|4 on 1|4 high
    3|4 on 4|4 line-b
"""

from __future__ import annotations

from ..core.errors import EngineError, quote
from .layout import IllegalPlacementError, Layout, Placement
from .tiles import ParseError, Side, Tile


class NotationError(EngineError):
    """A layout text that can't be read or isn't legal; ``line`` says where, and ``placement`` (the placement's
    number in the whole layout, from 1) when its line holds several (the sandbox joins them with ``;``)."""

    code = "notation"

    def __init__(self, line: int, reason: str, placement: int | None = None) -> None:
        params: dict = {"line": line, "reason": reason}
        where = f"line {line}"
        if placement is not None:
            params["placement"] = placement
            where += f": placement {placement}"
        super().__init__(f"{where}: {reason}", params=params)
        self.line = line
        self.placement = placement
        self.reason = reason


def parse_placement(text: str) -> Placement:
    """Read one placement: ``TILE`` (the opener) or ``TILE on TARGET SIDE``.

    Raises ValueError with a plain reason (without a line number).
    """
    words = text.split()
    if len(words) == 1:
        return Placement(Tile.parse(words[0]))
    if len(words) == 4 and words[1] == "on":
        return Placement(Tile.parse(words[0]), Tile.parse(words[2]), Side.parse(words[3]))
    raise ParseError(f"cannot read {quote(text.strip())}: write TILE for the opener, or TILE on TILE SIDE")


def _placements(text: str):
    """Yield ``(line_number, placement_number or None, placement_text)``: the placement's number in the whole
    layout (from 1) only when its line holds more than one."""
    count = 0
    for number, line in enumerate(text.splitlines(), start=1):
        parts = [part.strip() for part in line.split("#", 1)[0].split(";") if part.strip()]
        for part in parts:
            count += 1
            yield number, count if len(parts) > 1 else None, part


def parse_layout(text: str) -> Layout:
    """Read a whole layout, checking every placement against the rules.

    Raises NotationError naming the line and the reason.
    """
    layout = Layout()
    for number, placement_number, part in _placements(text):
        try:
            placement = parse_placement(part)
            layout.place(placement)
        except (ValueError, IllegalPlacementError) as error:
            raise NotationError(number, str(error), placement_number) from None
    return layout


def format_layout(layout: Layout) -> str:
    """The layout in the notation, one placement per line, ending with a newline."""
    return "".join(p.notation() + "\n" for p in layout.placements)
