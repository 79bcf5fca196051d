"""The words both statistics pages' charts and tables share (catalog ``stats``), for one language.

Each game's charts add their own words (``stats_sniff.py``, ``stats_okey.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.i18n import translations  # noqa: E402


class StatsWords:
    def __init__(self, lang: str) -> None:
        catalog = translations(lang, "stats")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.lang = lang

    def bin(self, edges: list[int], index: int, step: int = 1) -> str:
        """A histogram bin's label: "5", "5 to 10" (both included), "30 or more"; values come in ``step``s."""
        low = edges[index]
        if index == len(edges) - 1:
            return self._("{low} or more").format(low=low)
        high = edges[index + 1] - step
        if high == low:
            return str(low)
        return self._("{low} to {high}").format(low=low, high=high)

    @property
    def interval(self) -> str:
        return self._("95% interval")

    @property
    def category(self) -> str:
        # Translators: the first column's heading of a chart's table of figures.
        return self._("Row")

    @property
    def data_link(self) -> str:
        return self._("Download the data (JSON)")
