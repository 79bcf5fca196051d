"""Figures over many games: a share's 95% Wilson interval, percentiles, counts as histograms.

The statistics pages (``scripts/stats.py``, ``scripts/hooks/stats.py``) and the benchmarks share these.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054


def wilson(hits: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the share ``hits / total`` (95% by default); (0, 1) when ``total`` is 0."""
    if total <= 0:
        return 0.0, 1.0
    share = hits / total
    denominator = 1 + z * z / total
    centre = (share + z * z / (2 * total)) / denominator
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(ordered: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of sorted values (``share`` from 0 to 1); 0 for no values."""
    if not ordered:
        return 0
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


def histogram(values: Iterable[int], edges: Sequence[int]) -> list[int]:
    """How many values fall in each bin: bin ``i`` holds ``edges[i] <= v < edges[i + 1]``, the last bin all above."""
    counts = [0] * len(edges)
    for value in values:
        place = 0
        for i, edge in enumerate(edges):
            if value >= edge:
                place = i
        counts[place] += 1
    return counts


def share(hits: int, total: int, digits: int = 4) -> dict:
    """A share with its 95% interval, rounded for a data file: ``{"hits", "total", "share", "low", "high"}``."""
    low, high = wilson(hits, total)
    return {
        "hits": hits,
        "total": total,
        "share": round(hits / total, digits) if total else 0.0,
        "low": round(low, digits),
        "high": round(high, digits),
    }


def mean(values: Sequence[float], digits: int = 3) -> float:
    return round(sum(values) / len(values), digits) if values else 0.0
