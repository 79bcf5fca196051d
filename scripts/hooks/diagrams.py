"""MkDocs hook: ```` ```sniff ```` blocks become annotated SVG diagrams, in the page's language.

A fenced block whose info string starts with ``sniff`` holds a layout in the
layout notation (or names a file in ``diagrams/``); options follow the word
``sniff`` on the fence line (diagrams/README.md)::

    ```sniff last
    1|4
    1|1 on 1|4 low
    ```

    ```sniff sequence steps=3,4 file=double-terminal-internal.sniff
    ```

- ``last``: highlight the tile placed last;
- ``sequence``: one step per placement, shown one at a time with Previous and
  Next (every step is drawn now, at build time; without JavaScript the steps
  show one after the other);
- ``steps=3,4``: with ``sequence``, only these steps (step N is the layout
  after its first N placements);
- ``file=NAME.sniff``: the layout of ``diagrams/NAME.sniff`` (the block is empty);
- ``rules=classic``: the caption also says what the count scores in classic
  Sniff, one point per five (``rules=american``, the default, adds nothing).

A block ``sniff-boneyard players=2 rules=classic`` (empty) draws the boneyard
the deal leaves, face down in drawing order, with the tiles the ruleset never
lets anyone draw marked (``engine.sniff.render.boneyard``).

Each block becomes a ``<figure class="sniff-diagram">``: the SVG drawn by the
engine (``engine.sniff.render.svg``), a visible caption (heading and caption of
``engine.sniff.render.text``), a legend linking to the glossary and a "Try it" link to
the Play page's sandbox, all in the language of the locale being built
(mkdocs-static-i18n builds one locale at a time). A broken block is reported
as a warning naming the page, the line in the page and the reason, so
``mkdocs build --strict`` fails; the page then shows the error in its place.

The blocks are found and replaced by ``hookutils`` (``diagram_figures``), which
skips every other fenced block whole, so a ``sniff`` block shown inside a
longer example fence is left alone. The figure itself is put in the page's HTML
in ``on_page_content``, through a placeholder paragraph, so a diagram inside a
list, an admonition or a content tab is not mangled by Markdown.
"""

from __future__ import annotations

import html
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the engine is imported from the working tree
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the hooks' shared helpers

from hookutils import (  # noqa: E402
    Block,
    BlockError,
    Warnings,
    diagram_figures,
    page_language,
    page_url,
    put_figures,
    shown_path,
)

from engine.sniff import Layout, NotationError, parse_layout  # noqa: E402
from engine.sniff.render.boneyard import boneyard_text, render_boneyard_svg  # noqa: E402
from engine.sniff.render.legend import figure_text, fives, legend, step  # noqa: E402
from engine.sniff.render.svg import diagram_extent, render_svg  # noqa: E402
from engine.sniff.render.text import describe  # noqa: E402
from engine.sniff.rules import RULESETS, Ruleset, points_in_fives  # noqa: E402

log = logging.getLogger("mkdocs.hooks.diagrams")

FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.sniff")
OPTIONS = "last, sequence, steps=1,2,3 or file=NAME.sniff; rules=classic adds the score in fives"
BONEYARD_OPTIONS = "players=2, 3 or 4 and rules=american or classic"

#: Glossary anchors of the legend (the glossary pages' headings).
GLOSSARY = {"counted": "counted-value", "join": "legal-join", "sniff": "sniff"}

_warnings = Warnings(log)


@dataclass(frozen=True)
class Diagram:
    """One block: its layout and how to show it."""

    layout: Layout
    last: bool = False
    steps: tuple[int, ...] = ()  # empty: a single picture
    rules: str = "american"


@dataclass(frozen=True)
class BoneyardDiagram:
    """A ``sniff-boneyard`` block: the boneyard after the deal of ``players`` players under ``ruleset``."""

    ruleset: Ruleset
    players: int


# -- reading a block --------------------------------------------------------------------------------------------


def read_block(options: list[str], body: str, line: int, diagrams_dir: Path) -> Diagram:
    """The diagram of one block whose fence is at ``line`` of the page."""
    last = sequence = False
    steps: list[int] | None = None
    file_name = None
    rules = "american"
    for word in options:
        key, _, value = word.partition("=")
        if key == "rules" and value in RULESETS:
            rules = value
        elif word == "last":
            last = True
        elif word == "sequence":
            sequence = True
        elif key == "steps" and value:
            try:
                steps = [int(n) for n in value.split(",")]
            except ValueError:
                raise BlockError(line, f'"{word}": steps are placement numbers, for example steps=3,4,5') from None
        elif key == "file" and value:
            file_name = value
        else:
            raise BlockError(line, f'unknown option "{word}": use {OPTIONS}')
    if steps is not None and not sequence:
        raise BlockError(line, "steps= needs the sequence option: ```sniff sequence steps=...")

    if file_name is not None:
        if body.strip():
            raise BlockError(line + 1, f"the layout comes from {file_name}: leave the block empty")
        if not FILE_NAME.fullmatch(file_name):
            raise BlockError(line, f'"{file_name}" is not a diagram file name: write file=NAME.sniff')
        path = diagrams_dir / file_name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise BlockError(line, f"{shown_path(path)} does not exist") from None
        try:
            layout = parse_layout(text)
        except NotationError as error:
            raise BlockError(line, f"{shown_path(path)}, line {error.line}: {error.reason}") from None
        where = shown_path(path)
    else:
        try:
            layout = parse_layout(body)
        except NotationError as error:
            raise BlockError(line + error.line, error.reason) from None
        where = "the block"
    if not len(layout):
        raise BlockError(line, f"{where} has no tiles: write the opening tile first, for example 1|4")

    if not sequence:
        return Diagram(layout, last, rules=rules)
    count = len(layout)
    chosen = tuple(steps) if steps is not None else tuple(range(1, count + 1))
    for n in chosen:
        if not 1 <= n <= count:
            raise BlockError(line, f"step {n} does not exist: the layout has {count} placements")
    if list(chosen) != sorted(set(chosen)):
        raise BlockError(line, f"steps must go up, each once: steps={','.join(map(str, chosen))}")
    return Diagram(layout, last=True, steps=chosen, rules=rules)


def read_boneyard_block(options: list[str], body: str, line: int) -> BoneyardDiagram:
    """The boneyard picture of a ``sniff-boneyard`` block whose fence is at ``line`` of the page."""
    players, rules = None, "american"
    for word in options:
        key, _, value = word.partition("=")
        if key == "players" and value in ("2", "3", "4"):
            players = int(value)
        elif key == "rules" and value in RULESETS:
            rules = value
        else:
            raise BlockError(line, f'unknown option "{word}": use {BONEYARD_OPTIONS}')
    if players is None:
        raise BlockError(line, "say how many players: ```sniff-boneyard players=2")
    if body.strip():
        raise BlockError(line + 1, "a sniff-boneyard block is empty: the deal decides what it shows")
    return BoneyardDiagram(RULESETS[rules], players)


# -- drawing a block --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Links:
    """Where the figure's links go, relative to the page (None: the site has no such page)."""

    play: str | None
    glossary: str | None


def figure_html(diagram: Diagram | BoneyardDiagram, lang: str, figure_id: str, links: Links) -> str:
    """The ``<figure>`` of a diagram, on one line."""
    words = figure_text(lang)
    if isinstance(diagram, BoneyardDiagram):
        return _boneyard_html(diagram, lang, figure_id)
    if diagram.steps:
        return _sequence_html(diagram, lang, figure_id, links)
    layout = diagram.layout
    svg = render_svg(layout, lang, last=diagram.last, id_prefix=figure_id, legend=False)
    text = describe(layout, lang)
    try_it = _try_it(layout, links, words.try_it)
    return (
        f'<figure class="sniff-diagram" id="{figure_id}" lang="{lang}">'
        f'<div class="sniff-picture">{svg}</div>'
        f'<figcaption class="sniff-caption">{_caption(text.heading, _with_rules(text.caption, layout, diagram, lang))}'
        f"{_legend(lang, links, last=diagram.last, sniff=layout.sniff is not None)}{try_it}</figcaption>"
        "</figure>"
    )


def _sequence_html(diagram: Diagram, lang: str, figure_id: str, links: Links) -> str:
    words = figure_text(lang)
    layouts = [Layout(diagram.layout.placements[:n]) for n in diagram.steps]
    # One frame for every step, so the tiles stay where they are from step to step.
    extents = [diagram_extent(layout) for layout in layouts]
    frame = tuple(f(e[i] for e in extents) for i, f in enumerate((min, min, max, max)))
    items = []
    for index, layout in enumerate(layouts, start=1):
        svg = render_svg(layout, lang, last=True, id_prefix=f"{figure_id}-{index}", legend=False, extent=frame)
        text = describe(layout, lang)
        label = step(index, len(layouts), lang)
        sandbox = f' data-sandbox="{html.escape(_sandbox_url(layout, links.play))}"' if links.play else ""
        items.append(
            f'<li class="sniff-step" id="{figure_id}-step-{index}"{sandbox}>'
            f'<div class="sniff-picture">{svg}</div>'
            f'<p class="sniff-step-text"><span class="sniff-step-label">{html.escape(label)}</span> '
            f"{_caption(text.heading, _with_rules(text.caption, layout, diagram, lang))}</p></li>"
        )
    controls = (
        f'<div class="sniff-controls" hidden="">'
        f'<button type="button" class="sniff-previous" aria-controls="{figure_id}-steps">'
        f"{html.escape(words.previous)}</button>"
        f'<span class="sniff-position" aria-hidden="true"></span>'
        f'<button type="button" class="sniff-next" aria-controls="{figure_id}-steps">{html.escape(words.next)}</button>'
        f'<p class="sniff-status" role="status" aria-live="polite"></p>'
        "</div>"
    )
    sniff = diagram.layout.sniff is not None
    return (
        f'<figure class="sniff-diagram sniff-sequence" id="{figure_id}" lang="{lang}" '
        f'aria-label="{html.escape(words.sequence_label)}">'
        f'<ol class="sniff-steps" id="{figure_id}-steps">{"".join(items)}</ol>{controls}'
        f'<figcaption class="sniff-caption">{_legend(lang, links, last=True, sniff=sniff)}'
        f"{_try_it(layouts[-1], links, words.try_it)}</figcaption>"
        "</figure>"
    )


def _with_rules(caption: str, layout: Layout, diagram: Diagram, lang: str) -> str:
    """The caption, and with ``rules=classic`` what a scoring count is worth in fives."""
    score = layout.score()
    if diagram.rules != "classic" or not score:
        return caption
    return f"{caption} {fives(score, points_in_fives(score), lang)}"


def _boneyard_html(diagram: BoneyardDiagram, lang: str, figure_id: str) -> str:
    svg = render_boneyard_svg(diagram.ruleset, diagram.players, lang, id_prefix=figure_id)
    text = boneyard_text(diagram.ruleset, diagram.players, lang)
    return (
        f'<figure class="sniff-diagram sniff-boneyard-figure" id="{figure_id}" lang="{lang}">'
        f'<div class="sniff-picture">{svg}</div>'
        f'<figcaption class="sniff-caption">{_caption(text.heading, text.caption)}</figcaption>'
        "</figure>"
    )


def _caption(heading: str, caption: str) -> str:
    return (
        f'<span class="sniff-heading">{html.escape(heading)}</span> '
        f'<span class="sniff-summary">{html.escape(caption)}</span>'
    )


# The legend's keys: small pictures drawn with the diagram's own classes, so they match it.
_KEYS = {
    "counted": '<circle class="badge-disc" cx="10" cy="10" r="9"/>'
    '<text class="legend-sample" x="10" y="10" text-anchor="middle" dominant-baseline="central">5</text>',
    "join": '<circle class="join-key" cx="10" cy="10" r="5.5"/>',
    "sniff": '<rect class="spinner-key" x="3" y="5" width="14" height="10" rx="2"/>',
    "last": '<rect class="last-halo" x="1" y="3" width="18" height="14" rx="4"/>'
    '<rect class="tile-key" x="4" y="6" width="12" height="8" rx="1.5"/>',
}


def _legend(lang: str, links: Links, *, last: bool, sniff: bool) -> str:
    words = legend(lang)
    label = words.label
    kinds = ["counted", "join"]
    if sniff:
        kinds.append("sniff")
    if last:
        kinds.append("last")
    rows = words.pick(kinds)
    items = []
    for kind, text in rows:
        key = (
            f'<svg class="sniff-key" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">{_KEYS[kind]}</svg>'
        )
        anchor = GLOSSARY.get(kind)
        if anchor and links.glossary is not None:
            text_html = f'<a href="{html.escape(links.glossary)}#{anchor}">{html.escape(text)}</a>'
        else:
            text_html = html.escape(text)
        items.append(f'<li class="sniff-legend-{kind}">{key}<span>{text_html}</span></li>')
    return f'<ul class="sniff-legend" aria-label="{html.escape(label)}">{"".join(items)}</ul>'


def _sandbox_url(layout: Layout, play: str) -> str:
    """The Play page's sandbox with this layout (diagrams/README.md, "Try it"; spec/layout-notation.md)."""
    notation = ";".join(p.notation() for p in layout.placements)
    return f"{play}?sandbox={quote(notation, safe='')}"


def _try_it(layout: Layout, links: Links, label: str) -> str:
    if links.play is None:
        return ""
    href = html.escape(_sandbox_url(layout, links.play))
    return f'<p class="sniff-try"><a class="sniff-try-link" href="{href}">{html.escape(label)}</a></p>'


# -- the page ---------------------------------------------------------------------------------------------------


def on_config(config):
    _warnings.new_round(config)
    return config


def on_page_markdown(markdown, *, page, config, files):
    lang = page_language(config, page)
    diagrams_dir = Path(config.config_file_path).resolve().parent / "diagrams"
    links = Links(page_url(files, "play.md", page), page_url(files, "glossary.md", page))

    def draw(block: Block, body: str, line: int, figure_id: str) -> str:
        return figure_html(read_block(block.words[1:], body, line, diagrams_dir), lang, figure_id, links)

    def draw_boneyard(block: Block, body: str, line: int, figure_id: str) -> str:
        return figure_html(read_boneyard_block(block.words[1:], body, line), lang, figure_id, links)

    return diagram_figures(markdown, page, "sniff", {"sniff": draw, "sniff-boneyard": draw_boneyard}, _warnings)


def on_page_content(html_text, *, page, config, files):
    return put_figures(html_text, page, "sniff")


def on_serve(server, *, config, builder):
    diagrams_dir = Path(config.config_file_path).resolve().parent / "diagrams"
    if diagrams_dir.is_dir():
        server.watch(str(diagrams_dir))
    return server
