"""MkDocs hook: ```` ```okey ```` blocks become annotated Okey diagrams, in the page's language.

A fenced block whose info string starts with ``okey`` holds a diagram in the
Okey diagram notation (spec/okey-diagram-notation.md)::

    ```okey spots
    indicator R5
    meld opponent R5 R6 R7
    rack R4 R8 K2 Y11
    ```

The one option, ``spots``, draws each table meld's lay-off spots. The engine
(``engine.okey.render``) reads the block, asks the rules engine everything the
picture shows, and draws it; the hook wraps it in a ``<figure class="okey-diagram">``
with the heading and caption in the locale being built, and a legend. A broken
block is a warning naming the page, the line in the page and the reason, so
``mkdocs build --strict`` fails; the page shows the error in its place.

As for the Sniff diagrams (``diagrams.py``), ``hookutils`` (``diagram_figures``)
puts the figure into the page's HTML in ``on_page_content`` through a
placeholder paragraph, so a diagram inside a list or an admonition is not
mangled by Markdown.
"""

from __future__ import annotations

import html
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the engine is imported from the working tree
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the hooks' shared helpers

from hookutils import Block, BlockError, Warnings, diagram_figures, page_language, page_url, put_figures  # noqa: E402

from engine.okey.render import DiagramError, analyse, describe, parse_diagram, render_svg  # noqa: E402
from engine.okey.render.legend import legend  # noqa: E402

log = logging.getLogger("mkdocs.hooks.okey_diagrams")

OPTIONS = ("spots",)

#: The glossary entry each legend row links to (docs/glossary.md).
GLOSSARY = {"okey": "okey", "penalty": "penalty-tile", "spot": "laying-off"}

_warnings = Warnings(log)


def figure_html(options: list[str], body: str, lang: str, figure_id: str, glossary: str | None = None) -> str:
    """The ``<figure>`` of one block (``DiagramError`` from the engine, with the block's line)."""
    diagram = parse_diagram(body)
    analysis = analyse(diagram, body)
    svg = render_svg(analysis, lang, spots="spots" in options, id_prefix=figure_id)
    text = describe(analysis, lang)
    legend_html = _legend(analysis, lang, "spots" in options, glossary)
    return (
        f'<figure class="okey-diagram" id="{figure_id}" lang="{lang}">'
        # Focusable: on a phone a wide diagram keeps its size and scrolls in its box (okey.css), by keyboard too.
        f'<div class="okey-picture" tabindex="0">{svg}</div>'
        f'<figcaption class="okey-caption"><span class="okey-heading">{html.escape(text.heading)}</span> '
        f'<span class="okey-summary">{html.escape(text.caption)}</span>{legend_html}'
        "</figcaption></figure>"
    )


def _legend(analysis, lang: str, spots: bool, glossary: str | None) -> str:
    words = legend(lang)
    kinds = ["colours"]
    wild = analysis.show_indicator or any(p.wild for m in analysis.table for p in m.meld.pieces)
    wild = wild or any(p.wild for a in analysis.actions for m in a.melds for p in m.pieces)
    if wild or (analysis.rack and any(analysis.okey.is_okey(t) for t in analysis.rack)):
        kinds.append("okey")
    if analysis.rack is not None and analysis.table:
        kinds.append("penalty")
    if spots:
        kinds.append("spot")
    if any(a.verb in ("take", "layoff", "seize", "discard") for a in analysis.actions):
        kinds.append("new")
    items = words.pick(kinds)
    lis = []
    for kind, text in items:
        shown = html.escape(text)
        if glossary is not None and kind in GLOSSARY:
            shown = f'<a href="{html.escape(glossary)}#{GLOSSARY[kind]}">{shown}</a>'
        lis.append(f'<li class="okey-legend-{kind}">{shown}</li>')
    lis = "".join(lis)
    return f'<ul class="okey-legend" aria-label="{html.escape(words.label)}">{lis}</ul>'


def on_config(config):
    _warnings.new_round(config)
    return config


def on_page_markdown(markdown, *, page, config, files):
    lang = page_language(config, page)
    glossary = page_url(files, "glossary.md", page)

    def draw(block: Block, body: str, line: int, figure_id: str) -> str:
        for word in block.words[1:]:
            if word not in OPTIONS:
                raise BlockError(line, f'unknown option "{word}": the one option is spots')
        try:
            return figure_html(block.words[1:], body, lang, figure_id, glossary)
        except DiagramError as error:
            raise BlockError(line + error.line, error.reason) from None

    return diagram_figures(markdown, page, "okey", {"okey": draw}, _warnings)


def on_page_content(html_text, *, page, config, files):
    return put_figures(html_text, page, "okey")
