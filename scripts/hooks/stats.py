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
import logging
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import stats_okey  # noqa: E402
import stats_sniff  # noqa: E402
from articles import ARTICLE_OF, agree  # noqa: E402
from hookutils import Block, BlockError, Warnings, diagram_figures, page_language, page_path, put_figures  # noqa: E402
from stats_data import StatError, load, lookup  # noqa: E402
from stats_words import StatsWords  # noqa: E402

from engine.core.chart import Chart, bar_chart  # noqa: E402

log = logging.getLogger("mkdocs.hooks.stats")
_warnings = Warnings(log)

PLACEHOLDER = re.compile(r"\{\{stat (?P<path>[^ }]+) (?P<format>[^ }]+)\}\}")
#: In Italian, a placeholder with the article or joined preposition before it (its form follows the number).
ARTICLED = re.compile(
    r"(?:(?<![\w'’])(?P<article>" + "|".join(sorted(map(re.escape, ARTICLE_OF), key=len, reverse=True)) + r")"
    r"(?P<space>\s*))?\{\{stat (?P<path>[^ }]+) (?P<format>[^ }]+)\}\}",
    re.I,
)
FORMATS = ("%", "int", "1", "2")


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


# -- the charts: each game's own module (stats_sniff.py, stats_okey.py), so their words are that game's ------------

#: Each chart's name, with the words it speaks (the game's) and the function that draws it.
CHARTS = {name: (module.Words, chart) for module in (stats_sniff, stats_okey) for name, chart in module.CHARTS.items()}


def fill(markdown: str, data: dict, lang: str, share: float | None = None) -> str:
    """The text with every ``{{stat PATH FORMAT}}`` replaced by its number (``StatError`` for a bad one).

    In Italian an article or a joined preposition right before a number takes the form the number needs
    (``il {{stat …}}`` gives *il 52,5%*, *l'8,0%*, *lo 0,5%*: ``articles.py``). ``share`` stands for every
    percentage (the rendered-sentence check's figures)."""

    def number_of(found: re.Match) -> str:
        path, fmt = found["path"], found["format"]
        if fmt not in FORMATS:
            raise StatError(f'"{fmt}" is not a format: use {", ".join(FORMATS)}')
        value = lookup(data, path)
        return formatted(share if share is not None and fmt == "%" else value, fmt, lang)

    def one(found: re.Match) -> str:
        figure = number_of(found)
        article = found.groupdict().get("article")
        return agree(article, figure) + figure if article else figure

    return (ARTICLED if lang == "it" else PLACEHOLDER).sub(one, markdown)


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
    words_class, draw = CHARTS[name]
    words = words_class(lang)
    chart = draw(data, words)
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
