"""Bar charts as SVG: horizontal bars in groups, with 95% intervals, an axis with ticks and a reference line; and
the boards' score charts as data (``score_lines``), which the page draws (``docs/assets/board/chart.mjs``).

The statistics pages draw every chart with this (``scripts/hooks/stats.py``). The chart knows no words:
its caller gives every label already in the page's language, and a ``number`` function that writes a
tick or a value the way that language does (``52,3 %``). Colours are classes (``chart-s0``...) styled by
the site for both palettes, with presentation attributes as a fallback outside it.

    svg = bar_chart(Chart("Wins", ["2 players", "3 players"], [Series("American", [0.52, 0.36])], percent=True))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

WIDTH = 640
FONT = 13
BAR = 14
GAP = 4
GROUP_GAP = 12
#: Fallback fills of the series (outside the site's stylesheet), distinguishable in grey too.
FILLS = ("#1f5c8a", "#d86400", "#4f8a3c", "#8a3c6b")


@dataclass(frozen=True)
class Series:
    """One bar per category: ``values``, and optionally each one's interval (``low``, ``high``)."""

    name: str
    values: Sequence[float]
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None


@dataclass(frozen=True)
class Chart:
    title: str
    categories: Sequence[str]
    series: Sequence[Series]
    #: Values are shares (0 to 1), written as percentages.
    percent: bool = False
    #: A vertical line at this value (a fair share), with its label.
    reference: float | None = None
    reference_label: str = ""
    #: The axis's title (under it).
    axis: str = ""
    number: Callable[[float], str] = field(default=lambda value: f"{value:g}")
    ident: str = "chart"


def score_lines(
    title: str,
    along: str,
    up: str,
    columns: Sequence[str],
    lines: Sequence[tuple[str, Sequence[int]]],
    target: tuple[int, str] | None = None,
) -> dict:
    """A game's scores part by part, as a board's view carries them at the end of the game, every word already in
    the page's language: ``title``; ``along`` and ``up``, the axes' titles (the parts, the scores); ``columns``, each
    part's heading (``Hand 3``); ``lines``, each side's name and its score after each part (the game starts at 0);
    ``target``, the score that ends the game and its label, if the game has one. Every game's board draws its chart
    from this one shape (``docs/assets/board/chart.mjs``: a line per side, and the same figures as a table)."""
    for name, values in lines:
        if len(values) != len(columns):
            raise ValueError(f"{name} has {len(values)} scores for {len(columns)} parts")
    return {
        "title": title,
        "along": along,
        "up": up,
        "columns": list(columns),
        "lines": [{"name": name, "values": list(values)} for name, values in lines],
        "target": None if target is None else {"value": target[0], "text": target[1]},
    }


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) that divides ``[0, top]`` into about ``ticks`` parts."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def _text_width(text: str, size: float = FONT) -> float:
    return 0.58 * size * len(text)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def bar_chart(chart: Chart) -> str:
    """The chart as an SVG element, titled (``<title>``, ``aria-labelledby``) for assistive technology."""
    from html import escape  # here: the board's score lines need no SVG, and html's entities cost a new game 13 ms

    many = len(chart.series) > 1
    label_width = min(220.0, max(_text_width(c) for c in chart.categories) + 8) if chart.categories else 0
    left, right = label_width + 8, WIDTH - 56
    tops = [
        max(list(s.values) + list(s.high or ()) + ([chart.reference] if chart.reference is not None else []))
        for s in chart.series
    ]
    top = max([*tops, 1e-9])
    if chart.percent:
        top = min(1.0, top)
    step = nice_step(top)
    top = step * math.ceil(top / step - 1e-9)

    def x(value: float) -> float:
        return left + (right - left) * max(0.0, min(value, top)) / top

    parts: list[str] = []
    title_id = f"{chart.ident}-title"
    legend = 0
    if many:  # the series' names, in rows that wrap at the chart's width
        lx, ly = left, 8.0
        for index, series in enumerate(chart.series):
            width = 28 + _text_width(series.name)
            if lx > left and lx + width > WIDTH - 8:
                lx, ly = left, ly + 18
            parts.append(
                f'<rect class="chart-s{index}" x="{_fmt(lx)}" y="{_fmt(ly)}" width="12" height="12" '
                f'fill="{FILLS[index % 4]}"/>'
            )
            parts.append(
                f'<text class="chart-label" x="{_fmt(lx + 16)}" y="{_fmt(ly + 10)}">{escape(series.name)}</text>'
            )
            lx += width
        legend = ly + 16
    y = 8 + legend
    bars: list[str] = []
    for row, category in enumerate(chart.categories):
        group = len(chart.series) * (BAR + GAP) - GAP
        parts.append(
            f'<text class="chart-label" x="{_fmt(label_width)}" y="{_fmt(y + group / 2 + FONT / 2 - 2)}" '
            f'text-anchor="end">{escape(category)}</text>'
        )
        for index, series in enumerate(chart.series):
            value = series.values[row]
            by = y + index * (BAR + GAP)
            width = x(value) - left
            bars.append(
                f'<rect class="chart-s{index}" x="{_fmt(left)}" y="{_fmt(by)}" width="{_fmt(width)}" '
                f'height="{BAR}" fill="{FILLS[index % 4]}"/>'
            )
            end = x(value)
            if series.low is not None and series.high is not None:
                lo, hi = x(series.low[row]), x(series.high[row])
                mid = by + BAR / 2
                bars.append(
                    f'<path class="chart-interval" d="M{_fmt(lo)} {_fmt(mid)}H{_fmt(hi)}'
                    f"M{_fmt(lo)} {_fmt(by + 2)}V{_fmt(by + BAR - 2)}M{_fmt(hi)} {_fmt(by + 2)}V{_fmt(by + BAR - 2)}"
                    f'" stroke="#222" fill="none"/>'
                )
                end = max(end, hi)
            shown = chart.number(100 * value if chart.percent else value)
            bars.append(
                f'<text class="chart-value" x="{_fmt(end + 4)}" y="{_fmt(by + BAR - 3)}">{escape(shown)}</text>'
            )
        y += group + GROUP_GAP
    plot_bottom = y - GROUP_GAP + 6
    axis: list[str] = [
        f'<path class="chart-axis" d="M{_fmt(left)} {_fmt(8 + legend - 4)}V{_fmt(plot_bottom)}H{_fmt(right)}" '
        'stroke="#555" fill="none"/>'
    ]
    ticks = round(top / step)
    for i in range(ticks + 1):
        value = i * step
        tx = x(value)
        axis.append(
            f'<path class="chart-grid" d="M{_fmt(tx)} {_fmt(8 + legend - 4)}V{_fmt(plot_bottom)}" stroke="#ddd"/>'
        )
        label = chart.number(100 * value if chart.percent else value)
        axis.append(
            f'<text class="chart-tick" x="{_fmt(tx)}" y="{_fmt(plot_bottom + FONT + 2)}" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    height = plot_bottom + FONT + 8
    if chart.axis:
        axis.append(
            f'<text class="chart-label" x="{_fmt((left + right) / 2)}" y="{_fmt(height + FONT)}" '
            f'text-anchor="middle">{escape(chart.axis)}</text>'
        )
        height += FONT + 6
    if chart.reference is not None:
        rx = x(chart.reference)
        axis.append(
            f'<path class="chart-reference" d="M{_fmt(rx)} {_fmt(8 + legend - 4)}V{_fmt(plot_bottom)}" '
            'stroke="#b00" stroke-dasharray="4 3"/>'
        )
        if chart.reference_label:
            height += FONT + 6
            axis.append(
                f'<text class="chart-reference-label" x="{_fmt(rx)}" y="{_fmt(height - 2)}" '
                f'text-anchor="middle">{escape(chart.reference_label)}</text>'
            )
    height += 4
    return (
        f'<svg class="stats-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_fmt(height)}" '
        f'role="img" aria-labelledby="{title_id}" font-size="{FONT}" font-family="system-ui, sans-serif">'
        f'<title id="{title_id}">{escape(chart.title)}</title>'
        + "".join(axis)
        + "".join(bars)
        + "".join(parts)
        + "</svg>"
    )
