"""The Okey statistics page's charts (``stats`` catalog): Okey's words, so the terms check reads them as Okey's."""

from __future__ import annotations

from stats_data import okey_pooled, okey_table
from stats_words import StatsWords

from engine.core.chart import Chart, Series
from engine.okey.render.text import Words as OkeyWords


class OkeyStatsWords(StatsWords):
    """The Okey charts' own words: the four tables, how a round ends, the kinds of opening."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.ends = OkeyWords(lang)

    def okey_table(self, mode: str, doubling: bool) -> str:
        _ = self._
        return {
            ("solo", True): _("solo, with doubling"),
            ("solo", False): _("solo, no doubling"),
            ("pairs", True): _("pairs, with doubling"),
            ("pairs", False): _("pairs, no doubling"),
        }[(mode, doubling)]

    def okey_end(self, end: str) -> str:
        """How a round ended, by the settlement table's name for it (the ``okey`` catalog's, as the diagrams)."""
        return self.ends.end(end)

    def opening(self, kind: str) -> str:
        _ = self._
        return {"meld": _("melds"), "pairs": _("pairs")}[kind]


OKEY_TABLES = (("solo", True), ("solo", False), ("pairs", True), ("pairs", False))


def _by_okey_table(data, words, title, value, *, percent_=False, axis="") -> Chart:
    tables = [okey_table(data, m, d) for m, d in OKEY_TABLES]
    return Chart(
        title,
        [words.okey_table(m, d) for m, d in OKEY_TABLES],
        [Series(title, [value(t) for t in tables])],
        percent=percent_,
        axis=axis,
    )


def chart_okey_first_open(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    edges = data["okey"]["tables"][0]["open_edges"]
    series = []
    for mode, doubling in OKEY_TABLES:
        table = okey_table(data, mode, doubling)
        total = max(table["rounds"], 1)
        series.append(Series(words.okey_table(mode, doubling), [count / total for count in table["first_open"]]))
    return Chart(
        _("The turn of the first opening of a round"),
        [words.bin(edges, i) for i in range(len(edges))],
        series,
        percent=True,
        axis=_("share of the rounds (the opener's own turns)"),
    )


def chart_okey_open_turns(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    edges = data["okey"]["tables"][0]["turn_edges"]
    series = []
    for mode, doubling in OKEY_TABLES:
        table = okey_table(data, mode, doubling)
        total = max(sum(table["open_turns"]), 1)
        series.append(Series(words.okey_table(mode, doubling), [count / total for count in table["open_turns"]]))
    return Chart(
        _("The turn on which each player opens"),
        [words.bin(edges, i) for i in range(len(edges))],
        series,
        percent=True,
        axis=_("share of the openings (the opener's own turns)"),
    )


def chart_okey_openings(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    tables = [okey_table(data, m, d) for m, d in OKEY_TABLES]
    series = [
        Series(
            words.opening(kind),
            [t["openings"][kind]["share"] for t in tables],
            [t["openings"][kind]["low"] for t in tables],
            [t["openings"][kind]["high"] for t in tables],
        )
        for kind in ("meld", "pairs")
    ]
    return Chart(
        _("Openings with melds and with pairs"),
        [words.okey_table(m, d) for m, d in OKEY_TABLES],
        series,
        percent=True,
        axis=_("share of all openings"),
    )


def chart_okey_penalties(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    return _by_okey_table(
        data, words, _("Penalty tiles discarded in a round"), lambda t: t["penalties_mean"], axis=_("tiles, on average")
    )


def chart_okey_ends(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    ends = ("hand", "pairs", "okey", "exhausted")
    series = []
    for mode, doubling in OKEY_TABLES:
        table = okey_table(data, mode, doubling)
        series.append(
            Series(
                words.okey_table(mode, doubling),
                [table["ends"][e]["share"] for e in ends],
                [table["ends"][e]["low"] for e in ends],
                [table["ends"][e]["high"] for e in ends],
            )
        )
    return Chart(
        _("How rounds end"), [words.okey_end(e) for e in ends], series, percent=True, axis=_("share of the rounds")
    )


def chart_okey_spread(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    return _by_okey_table(
        data,
        words,
        _("Between the best and the worst score of a round"),
        lambda t: t["spread_mean"],
        axis=_("points, on average"),
    )


def chart_okey_arrangement(data: dict, words: OkeyStatsWords) -> Chart:
    _ = words._
    pooled = okey_pooled(data)
    rows = [
        (_("the best arrangement reaches 51"), pooled["best_51"]),
        (_("the simple arrangement reaches 51"), pooled["greedy_51"]),
        (_("the best arrangement is worth more"), pooled["gained"]),
    ]
    return Chart(
        _("The assisted table's arrangement against a simple one, on the dealt racks"),
        [label for label, _found in rows],
        [
            Series(
                _("share of the racks"),
                [f["share"] for _label, f in rows],
                [f["low"] for _label, f in rows],
                [f["high"] for _label, f in rows],
            )
        ],
        percent=True,
        axis=_("share of the racks"),
    )


Words = OkeyStatsWords
CHARTS = {
    "okey-first-open": chart_okey_first_open,
    "okey-open-turns": chart_okey_open_turns,
    "okey-openings": chart_okey_openings,
    "okey-penalties": chart_okey_penalties,
    "okey-ends": chart_okey_ends,
    "okey-spread": chart_okey_spread,
    "okey-arrangement": chart_okey_arrangement,
}
