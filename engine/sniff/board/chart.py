"""The end-of-game chart: every side's score after each hand, as an SVG line chart.

Drawn with ``xml.etree`` like the diagrams: classes on every element (the
board's stylesheet colours them in both palettes; presentation attributes are
the fallback), no style attribute, and the numbers written out in ``<desc>``
for screen readers. Sides differ by dash and marker too, not by colour alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..game import Hand
from .text import Words

WIDTH, HEIGHT = 520, 280
LEFT, RIGHT, TOP, BOTTOM = 48, 18, 14, 64
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
# One colour, dash and marker per side: up to four (classic Sniff's four players alone).
COLOURS = ("#1f5c3a", "#8a3ffc", "#b35900", "#0b57d0")
DASHES = (None, "7 4", "2 4", "10 3 2 3")


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _step(span: int) -> int:
    """Grid lines every 25, 50 or 100 points, whichever gives at most 8 of them."""
    return next(step for step in (25, 50, 100, 200, 500) if span / step <= 8)


def score_chart(hands: Sequence[Hand], sides: int, target: int, words: Words) -> str:
    """The chart of a game's scores, hand by hand (``hands``: its finished hands; the start of the game is hand
    0, every one of its ``sides`` at 0), with the ``target`` line."""
    series = [[0] * sides] + [list(hand.scores) for hand in hands]
    values = [score for scores in series for score in scores]
    top, bottom = max(*values, target), min(*values, 0)
    step = _step(top - bottom)
    low = step * (bottom // step)
    high = -step * (-top // step)
    hands = len(series) - 1

    def x(hand: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * hand / max(hands, 1)

    def y(score: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - score) / (high - low)

    title_id, desc_id = "sniff-board-chart-title", "sniff-board-chart-desc"
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "sniff-chart",
            "role": "img",
            "aria-labelledby": f"{title_id} {desc_id}",
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "width": str(WIDTH),
            "height": str(HEIGHT),
            "font-family": FONT,
            "font-size": "12",
        },
    )
    ET.SubElement(root, "title", {"id": title_id}).text = words.chart_title()
    ET.SubElement(root, "desc", {"id": desc_id}).text = " ".join(
        f"{words.hand_label(hand)}: {words.score_line(tuple(scores))}" for hand, scores in enumerate(series) if hand
    )

    grid = ET.SubElement(root, "g", {"class": "chart-grid"})
    for score in range(low, high + 1, step):
        ET.SubElement(
            grid, "line", {"x1": str(LEFT), "x2": str(WIDTH - RIGHT), "y1": _num(y(score)), "y2": _num(y(score))}
        ).set("stroke", "#0000002a" if score else "#00000080")
        label = ET.SubElement(
            grid, "text", {"class": "chart-label", "x": str(LEFT - 6), "y": _num(y(score)), "text-anchor": "end"}
        )
        label.set("dominant-baseline", "central")
        label.text = str(score)
    for hand in range(hands + 1):
        label = ET.SubElement(
            grid,
            "text",
            {"class": "chart-label", "x": _num(x(hand)), "y": str(HEIGHT - BOTTOM + 16), "text-anchor": "middle"},
        )
        label.text = str(hand)
    axis = ET.SubElement(
        grid,
        "text",
        {"class": "chart-label", "x": _num((LEFT + WIDTH - RIGHT) / 2), "y": str(HEIGHT - BOTTOM + 32)},
    )
    axis.set("text-anchor", "middle")
    axis.text = words.chart_hand()

    mark = ET.SubElement(root, "g", {"class": "chart-target"})
    ET.SubElement(
        mark,
        "line",
        {
            "x1": str(LEFT),
            "x2": str(WIDTH - RIGHT),
            "y1": _num(y(target)),
            "y2": _num(y(target)),
            "stroke": "#b3261e",
            "stroke-dasharray": "4 3",
        },
    )
    ET.SubElement(
        mark, "text", {"x": str(LEFT + 4), "y": _num(y(target) - 5), "fill": "#b3261e"}
    ).text = words.chart_target(target)

    for side in range(sides):
        group = ET.SubElement(root, "g", {"class": f"chart-series chart-series-{side}", "data-side": str(side)})
        points = " ".join(f"{_num(x(hand))},{_num(y(scores[side]))}" for hand, scores in enumerate(series))
        line = ET.SubElement(
            group, "polyline", {"points": points, "fill": "none", "stroke": COLOURS[side], "stroke-width": "2.5"}
        )
        if DASHES[side]:
            line.set("stroke-dasharray", DASHES[side])
        for hand, scores in enumerate(series):
            _marker(group, side, x(hand), y(scores[side]))
        # The legend, in a row under the chart.
        key_x = LEFT + side * (WIDTH - LEFT - RIGHT) / sides
        key_y = HEIGHT - 12
        legend = ET.SubElement(group, "line", {"x1": _num(key_x), "x2": _num(key_x + 26), "y1": str(key_y)})
        legend.attrib |= {"y2": str(key_y), "stroke": COLOURS[side], "stroke-width": "2.5"}
        if DASHES[side]:
            legend.set("stroke-dasharray", DASHES[side])
        _marker(group, side, key_x + 13, key_y)
        text = ET.SubElement(group, "text", {"class": "chart-label", "x": _num(key_x + 32), "y": str(key_y)})
        text.set("dominant-baseline", "central")
        text.text = f"{words.side(side)} {series[-1][side]}"
    return ET.tostring(root, encoding="unicode")


def _marker(parent: ET.Element, side: int, cx: float, cy: float) -> None:
    colour = COLOURS[side]
    if side == 0:
        ET.SubElement(parent, "circle", {"cx": _num(cx), "cy": _num(cy), "r": "4", "fill": colour})
    elif side == 1:
        attributes = {"x": _num(cx - 4), "y": _num(cy - 4), "width": "8", "height": "8", "fill": colour}
        ET.SubElement(parent, "rect", attributes)
    elif side == 2:
        points = f"{_num(cx)},{_num(cy - 5)} {_num(cx + 5)},{_num(cy + 4)} {_num(cx - 5)},{_num(cy + 4)}"
        ET.SubElement(parent, "polygon", {"points": points, "fill": colour})
    else:  # a diamond
        corners = ((cx, cy - 5), (cx + 5, cy), (cx, cy + 5), (cx - 5, cy))
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in corners)
        ET.SubElement(parent, "polygon", {"points": points, "fill": colour})
