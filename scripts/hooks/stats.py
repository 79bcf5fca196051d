"""MkDocs hook: the statistics pages' charts and numbers, drawn from the data file at build time.

The data file (``docs/data/stats.json``) is written by ``scripts/stats.py``. A page uses it two ways:

- a fenced block ```` ```stats NAME ```` (empty) becomes a chart (``engine.core.chart``, an SVG) with a table
  of the same figures beside it, for screen readers and for copying; NAME is one of ``CHARTS``;
- ``{{stat PATH FORMAT}}`` in the text becomes one number of the file, written the page's language's way:
  PATH walks the file (``sniff/american/2/first_side_wins/share``: a Sniff table by rules and players;
  ``sniff/match/american/greedy-strong/wins/high``; ``okey/solo/doubling/penalties_mean``; ``okey/all/best_51/share``
  for the four Okey tables together), FORMAT is ``%`` (a share as a percentage), ``int``, ``1`` or ``2`` (decimals).

So no figure is ever typed into a page by hand. An unknown chart, path or format is a warning naming the page,
so ``mkdocs build --strict`` fails. The labels come from the ``stats`` catalog (``stats_words.py``).
"""

from __future__ import annotations

import html
import json
import logging
import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hookutils import Block, BlockError, Warnings, diagram_figures, page_language, page_path, put_figures  # noqa: E402
from stats_words import StatsWords  # noqa: E402

from engine.core.chart import Chart, Series, bar_chart  # noqa: E402
from engine.core.stats import share  # noqa: E402

log = logging.getLogger("mkdocs.hooks.stats")
_warnings = Warnings(log)

DATA = ROOT / "docs" / "data" / "stats.json"
PLACEHOLDER = re.compile(r"\{\{stat ([^ }]+) ([^ }]+)\}\}")
FORMATS = ("%", "int", "1", "2")


class StatError(ValueError):
    pass


@cache
def load(path: Path = DATA) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# -- numbers in the page's language ----------------------------------------------------------------------------------


def number(value: float, lang: str, decimals: int = 1) -> str:
    """``1234.5`` as the language writes it: 1,234.5 (en), 1.234,5 (id, it), 1 234,5 (fi)."""
    text = f"{value:,.{decimals}f}"
    if lang == "en":
        return text
    group = "\u00a0" if lang == "fi" else "."
    return text.replace(",", "\x00").replace(".", ",").replace("\x00", group)


def percent(share_: float, lang: str) -> str:
    """A share as a percentage: 52.3% (en, id, it), 52,3 % (fi)."""
    text = number(100 * share_, lang)
    return text + ("\u00a0%" if lang == "fi" else "%")


def formatted(value: float, fmt: str, lang: str) -> str:
    if fmt == "%":
        return percent(value, lang)
    if fmt == "int":
        return number(value, lang, 0)
    return number(value, lang, int(fmt))


# -- the file's tables -----------------------------------------------------------------------------------------------


def sniff_table(data: dict, rules: str, players: int) -> dict:
    for table in data["sniff"]["tables"]:
        if table["rules"] == rules and table["players"] == players:
            return table
    raise StatError(f"no Sniff table {rules} with {players} players in the data file")


def okey_table(data: dict, mode: str, doubling: bool) -> dict:
    for table in data["okey"]["tables"]:
        if table["mode"] == mode and table["doubling"] == doubling:
            return table
    raise StatError(f"no Okey table {mode} {'with' if doubling else 'without'} doubling in the data file")


def match(data: dict, rules: str, first: str, second: str) -> dict:
    for found in data["sniff"]["matches"]:
        if (found["rules"], found["first"], found["second"]) == (rules, first, second):
            return found
    raise StatError(f"no match-up {first}-{second} in {rules} Sniff in the data file")


def okey_pooled(data: dict) -> dict:
    """The four Okey tables' racks together: the assisted arrangement against the greedy one."""
    tables = data["okey"]["tables"]
    out: dict = {"racks": sum(t["racks"] for t in tables)}
    for key in ("gained", "best_51", "greedy_51"):
        out[key] = share(sum(t[key]["hits"] for t in tables), sum(t[key]["total"] for t in tables))
    out["gain_mean"] = round(sum(t["gain_mean"] * t["racks"] for t in tables) / max(out["racks"], 1), 2)
    return out


def lookup(data: dict, path: str) -> float:
    parts = path.split("/")
    if parts[0] == "sniff" and len(parts) > 2 and parts[1] == "match":
        first, _, second = parts[3].partition("-")
        node, rest = match(data, parts[2], first, second), parts[4:]
    elif parts[0] == "sniff" and len(parts) > 3:
        node, rest = sniff_table(data, parts[1], int(parts[2])), parts[3:]
    elif parts[0] == "okey" and len(parts) > 2 and parts[1] == "all":
        node, rest = okey_pooled(data), parts[2:]
    elif parts[0] == "okey" and len(parts) > 3:
        node, rest = okey_table(data, parts[1], parts[2] == "doubling"), parts[3:]
    elif len(parts) == 1 and parts[0] in data.get("sizes", {}):
        return data["sizes"][parts[0]]
    else:
        raise StatError(f'"{path}" is not a path of the data file')
    for key in rest:
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            raise StatError(f'"{path}": the data file has no "{key}" there')
    if isinstance(node, bool) or not isinstance(node, int | float):
        raise StatError(f'"{path}" is not a number of the data file')
    return node


def fill(markdown: str, data: dict, lang: str) -> str:
    """The text with every ``{{stat PATH FORMAT}}`` replaced by its number (``StatError`` for a bad one)."""

    def one(found: re.Match) -> str:
        path, fmt = found[1], found[2]
        if fmt not in FORMATS:
            raise StatError(f'"{fmt}" is not a format: use {", ".join(FORMATS)}')
        return formatted(lookup(data, path), fmt, lang)

    return PLACEHOLDER.sub(one, markdown)


# -- the charts ------------------------------------------------------------------------------------------------------

SNIFF_RULES = ("american", "classic")
PLAYERS = (2, 3, 4)
OKEY_TABLES = (("solo", True), ("solo", False), ("pairs", True), ("pairs", False))


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


def _by_okey_table(data, words, title, value, *, percent_=False, axis="") -> Chart:
    tables = [okey_table(data, m, d) for m, d in OKEY_TABLES]
    return Chart(
        title,
        [words.okey_table(m, d) for m, d in OKEY_TABLES],
        [Series(title, [value(t) for t in tables])],
        percent=percent_,
        axis=axis,
    )


def chart_sniff_first(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_scoring(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_counts(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_branches(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_blocked(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_deductions(data: dict, words: StatsWords) -> Chart:
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


def chart_sniff_hands(data: dict, words: StatsWords) -> Chart:
    _ = words._
    return _by_players(
        data, words, _("Hands in a game"), lambda t: t["hands_mean"], percent_=False, axis=_("hands, on average")
    )


def chart_sniff_bots(data: dict, words: StatsWords) -> Chart:
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


def chart_okey_first_open(data: dict, words: StatsWords) -> Chart:
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


def chart_okey_open_turns(data: dict, words: StatsWords) -> Chart:
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


def chart_okey_openings(data: dict, words: StatsWords) -> Chart:
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


def chart_okey_penalties(data: dict, words: StatsWords) -> Chart:
    _ = words._
    return _by_okey_table(
        data, words, _("Penalty tiles discarded in a round"), lambda t: t["penalties_mean"], axis=_("tiles, on average")
    )


def chart_okey_ends(data: dict, words: StatsWords) -> Chart:
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


def chart_okey_spread(data: dict, words: StatsWords) -> Chart:
    _ = words._
    return _by_okey_table(
        data,
        words,
        _("Between the best and the worst score of a round"),
        lambda t: t["spread_mean"],
        axis=_("points, on average"),
    )


def chart_okey_arrangement(data: dict, words: StatsWords) -> Chart:
    _ = words._
    pooled = okey_pooled(data)
    rows = [
        (_("the best arrangement reaches 51"), pooled["best_51"]),
        (_("the greedy arrangement reaches 51"), pooled["greedy_51"]),
        (_("the best arrangement is worth more"), pooled["gained"]),
    ]
    return Chart(
        _("The assisted table's arrangement against a greedy one, on the dealt racks"),
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


CHARTS = {
    "sniff-first": chart_sniff_first,
    "sniff-scoring": chart_sniff_scoring,
    "sniff-counts": chart_sniff_counts,
    "sniff-branches": chart_sniff_branches,
    "sniff-blocked": chart_sniff_blocked,
    "sniff-deductions": chart_sniff_deductions,
    "sniff-hands": chart_sniff_hands,
    "sniff-bots": chart_sniff_bots,
    "okey-first-open": chart_okey_first_open,
    "okey-open-turns": chart_okey_open_turns,
    "okey-openings": chart_okey_openings,
    "okey-penalties": chart_okey_penalties,
    "okey-ends": chart_okey_ends,
    "okey-spread": chart_okey_spread,
    "okey-arrangement": chart_okey_arrangement,
}


def table_html(chart: Chart, words: StatsWords, lang: str) -> str:
    """The chart's figures as a table: a row per category, a column (and its interval) per series."""

    def shown(value: float) -> str:
        return percent(value, lang) if chart.percent else number(value, lang, 2)

    head = [f'<th scope="col">{html.escape(words.category)}</th>']
    for series in chart.series:
        head.append(f'<th scope="col">{html.escape(series.name)}</th>')
        if series.low is not None:
            head.append(f'<th scope="col">{html.escape(series.name)}: {html.escape(words.interval)}</th>')
    rows = []
    for row, category in enumerate(chart.categories):
        cells = [f'<th scope="row">{html.escape(category)}</th>']
        for series in chart.series:
            cells.append(f"<td>{shown(series.values[row])}</td>")
            if series.low is not None:
                cells.append(f"<td>{shown(series.low[row])} – {shown(series.high[row])}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<div class="stats-table"><table><thead><tr>'
        + "".join(head)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div>"
    )


def figure_html(name: str, data: dict, lang: str, figure_id: str) -> str:
    words = StatsWords(lang)
    chart = CHARTS[name](data, words)
    chart = Chart(
        **{**chart.__dict__, "number": lambda v: number(v, lang, 0 if chart.percent else 1), "ident": figure_id}
    )
    return (
        f'<figure class="stats-figure" id="{figure_id}" lang="{lang}">'
        f'<figcaption class="stats-caption">{html.escape(chart.title)}</figcaption>'
        f'<div class="stats-picture">{bar_chart(chart)}</div>'
        f"{table_html(chart, words, lang)}</figure>"
    )


def on_config(config):
    _warnings.new_round(config)
    return config


def on_page_markdown(markdown, *, page, config, files):
    if "```stats" not in markdown and "{{stat " not in markdown:
        return markdown
    lang = page_language(config, page)
    data = load()
    try:
        markdown = fill(markdown, data, lang)
    except StatError as error:
        _warnings.warn(f"{page_path(page)}: statistics: {error}")

    def draw(block: Block, body: str, line: int, figure_id: str) -> str:
        if len(block.words) != 2 or block.words[1] not in CHARTS:
            raise BlockError(line, f"name one chart: {', '.join(CHARTS)}")
        if body.strip():
            raise BlockError(line, "a stats block is empty: its figures come from the data file")
        try:
            return figure_html(block.words[1], data, lang, figure_id)
        except StatError as error:
            raise BlockError(line, str(error)) from None

    return diagram_figures(markdown, page, "stats", {"stats": draw}, _warnings)


def on_page_content(html_text, *, page, config, files):
    return put_figures(html_text, page, "stats")
