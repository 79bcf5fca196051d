"""The words of the statistics pages' charts and tables (catalog ``stats``), for one language."""

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

    # -- the tables that were simulated ----------------------------------------------------------------------------

    def rules(self, key: str) -> str:
        _ = self._
        return {"american": _("American Sniff"), "classic": _("classic Sniff")}[key]

    def players(self, count: int) -> str:
        return self.ngettext("{count} player", "{count} players", count).format(count=count)

    def okey_table(self, mode: str, doubling: bool) -> str:
        _ = self._
        return {
            ("solo", True): _("solo, with doubling"),
            ("solo", False): _("solo, no doubling"),
            ("pairs", True): _("pairs, with doubling"),
            ("pairs", False): _("pairs, no doubling"),
        }[(mode, doubling)]

    def bot(self, name: str) -> str:
        _ = self._
        return {"random": _("random bot"), "greedy": _("greedy bot"), "strong": _("strong bot")}[name]

    def match(self, first: str, second: str) -> str:
        # Translators: a match-up of two bots, e.g. "greedy bot against random bot".
        return self._("{first} against {second}").format(first=self.bot(first), second=self.bot(second))

    # -- series, categories, axes ----------------------------------------------------------------------------------

    def sniff_end(self, end: str) -> str:
        _ = self._
        return {"out": _("a player went out"), "blocked": _("blocked"), "target": _("the target was reached")}[end]

    def okey_end(self, end: str) -> str:
        _ = self._
        return {
            "hand": _("finished with melds"),
            "pairs": _("finished with pairs"),
            "okey": _("finished by discarding an okey"),
            "exhausted": _("the pile ran out"),
        }[end]

    def opening(self, kind: str) -> str:
        _ = self._
        return {"meld": _("melds"), "pairs": _("pairs")}[kind]

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
