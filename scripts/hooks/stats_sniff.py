"""The Sniff statistics page's charts (``stats`` catalog): Sniff's words, so the terms check reads them as Sniff's."""

from __future__ import annotations

from stats_data import match, sniff_table
from stats_words import StatsWords

from engine.core.chart import Chart, Series


class SniffStatsWords(StatsWords):
    """The Sniff charts' own words: the rules, the number of players, the bots of a match-up."""

    def rules(self, key: str) -> str:
        _ = self._
        return {"american": _("American Sniff"), "classic": _("classic Sniff")}[key]

    def players(self, count: int) -> str:
        return self.ngettext("{count} player", "{count} players", count).format(count=count)

    def bot(self, name: str) -> str:
        _ = self._
        # Translators: the bots by the boards' level names (Easy, Medium, Strong), as the boards name them.
        return {"random": _("Easy bot"), "greedy": _("Medium bot"), "strong": _("Strong bot")}[name]

    def match(self, first: str, second: str) -> str:
        # Translators: a match-up of two bots, e.g. "Medium bot against Easy bot".
        return self._("{first} against {second}").format(first=self.bot(first), second=self.bot(second))


SNIFF_RULES = ("american", "classic")
PLAYERS = (2, 3, 4)


def _by_players(data, words, title, value, *, percent_=True, low=None, high=None, axis="") -> Chart:
    series = []
    for rules in SNIFF_RULES:
        tables = [sniff_table(data, rules, n) for n in PLAYERS]
        series.append(
            Series(
                words.rules(rules),
                [value(t) for t in tables],
                None if low is None else [low(t) for t in tables],
                None if high is None else [high(t) for t in tables],
            )
        )
    return Chart(title, [words.players(n) for n in PLAYERS], series, percent=percent_, axis=axis)


def chart_sniff_first(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    categories, wins, low, high, fair = [], [], [], [], []
    for rules in SNIFF_RULES:
        for n in PLAYERS:
            table = sniff_table(data, rules, n)
            categories.append(f"{words.rules(rules)}, {words.players(n)}")
            got = table["first_side_wins"]
            wins.append(got["share"])
            low.append(got["low"])
            high.append(got["high"])
            fair.append(table["fair_share"])
    return Chart(
        _("Games won by the side of the player who led the first hand"),
        categories,
        [Series(_("the first leader's side"), wins, low, high), Series(_("an even share"), fair)],
        percent=True,
        axis=_("share of the games won"),
    )


def chart_sniff_scoring(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    return _by_players(
        data,
        words,
        _("Placements that score"),
        lambda t: t["scoring_placements"]["share"],
        low=lambda t: t["scoring_placements"]["low"],
        high=lambda t: t["scoring_placements"]["high"],
        axis=_("share of all placements"),
    )


def chart_sniff_counts(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    edges = data["sniff"]["tables"][0]["score_edges"]
    series = []
    for n in PLAYERS:
        table = sniff_table(data, "american", n)
        total = max(sum(table["scores"]), 1)
        series.append(Series(words.players(n), [count / total for count in table["scores"]]))
    return Chart(
        _("The count of a scoring placement, American Sniff"),
        [words.bin(edges, i, 5) for i in range(len(edges))],
        series,
        percent=True,
        axis=_("share of the scoring placements"),
    )


def chart_sniff_branches(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    return _by_players(
        data,
        words,
        _("Scoring placements in which a Sniff branch counts"),
        lambda t: t["branch_scoring"]["share"],
        low=lambda t: t["branch_scoring"]["low"],
        high=lambda t: t["branch_scoring"]["high"],
        axis=_("share of the scoring placements"),
    )


def chart_sniff_blocked(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    return _by_players(
        data,
        words,
        _("Hands that end blocked"),
        lambda t: t["ends"]["blocked"]["share"],
        low=lambda t: t["ends"]["blocked"]["low"],
        high=lambda t: t["ends"]["blocked"]["high"],
        axis=_("share of the hands"),
    )


def chart_sniff_deductions(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    edges = data["sniff"]["tables"][0]["deduction_edges"]
    series = []
    for n in PLAYERS:
        table = sniff_table(data, "american", n)
        total = max(sum(table["deductions"]), 1)
        series.append(Series(words.players(n), [count / total for count in table["deductions"]]))
    return Chart(
        _("Deductions at the end of a hand, American Sniff"),
        [words.bin(edges, i, 5) for i in range(len(edges))],
        series,
        percent=True,
        axis=_("share of the players deducted (not the one who went out)"),
    )


def chart_sniff_hands(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    return _by_players(
        data, words, _("Hands in a game"), lambda t: t["hands_mean"], percent_=False, axis=_("hands, on average")
    )


def chart_sniff_bots(data: dict, words: SniffStatsWords) -> Chart:
    _ = words._
    pairs = [(m["first"], m["second"]) for m in data["sniff"]["matches"] if m["rules"] == "american"]
    series = []
    for rules in SNIFF_RULES:
        found = [match(data, rules, a, b)["wins"] for a, b in pairs]
        series.append(
            Series(
                words.rules(rules), [f["share"] for f in found], [f["low"] for f in found], [f["high"] for f in found]
            )
        )
    return Chart(
        _("The stronger bot's share of the games, two players"),
        [words.match(a, b) for a, b in pairs],
        series,
        percent=True,
        reference=0.5,
        reference_label=_("an even match"),
        axis=_("share of the games won"),
    )


Words = SniffStatsWords
CHARTS = {
    "sniff-first": chart_sniff_first,
    "sniff-scoring": chart_sniff_scoring,
    "sniff-counts": chart_sniff_counts,
    "sniff-branches": chart_sniff_branches,
    "sniff-blocked": chart_sniff_blocked,
    "sniff-deductions": chart_sniff_deductions,
    "sniff-hands": chart_sniff_hands,
    "sniff-bots": chart_sniff_bots,
}
