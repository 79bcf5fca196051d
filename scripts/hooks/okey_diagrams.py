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

As in ``diagrams.py`` (the Sniff diagrams), the figure goes into the page's HTML
in ``on_page_content`` through a placeholder paragraph, so a diagram inside a
list or an admonition is not mangled by Markdown.
"""

from __future__ import annotations

import html
import logging
import re
import sys
from pathlib import Path

from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the engine is imported from the working tree
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the hooks' shared helpers

from hookutils import Block, file_lines, new_round_of_builds, page_language, replace_blocks  # noqa: E402

from engine.okey.render import DiagramError, analyse, describe, parse_diagram, render_svg  # noqa: E402
from engine.okey.render.legend import legend  # noqa: E402

log = logging.getLogger("mkdocs.hooks.okey_diagrams")

PLACEHOLDER = re.compile(r"(?:<p>)?OKEYDIAGRAM(?P<number>\d+)X(?:</p>)?")
OPTIONS = ("spots",)

#: The glossary entry each legend row links to (docs/glossary.md).
GLOSSARY = {"okey": "okey", "penalty": "penalty-tile", "spot": "laying-off"}

_warned: set[str] = set()


class BlockError(ValueError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def figure_html(options: list[str], body: str, lang: str, figure_id: str, glossary: str | None = None) -> str:
    """The ``<figure>`` of one block (``DiagramError`` from the engine, with the block's line)."""
    diagram = parse_diagram(body)
    analysis = analyse(diagram, body)
    svg = render_svg(analysis, lang, spots="spots" in options, id_prefix=figure_id)
    text = describe(analysis, lang)
    legend_html = _legend(analysis, lang, "spots" in options, glossary)
    return (
        f'<figure class="okey-diagram" id="{figure_id}" lang="{lang}">'
        f'<div class="okey-picture">{svg}</div>'
        f'<figcaption class="okey-caption"><span class="okey-heading">{html.escape(text.heading)}</span> '
        f'<span class="okey-summary">{html.escape(text.caption)}</span>{legend_html}'
        "</figcaption></figure>"
    )


def _legend(analysis, lang: str, spots: bool, glossary: str | None) -> str:
    words = legend(lang)
    items = [
        ("colours", words.colours),
    ]
    wild = analysis.show_indicator or any(p.wild for m in analysis.table for p in m.meld.pieces)
    wild = wild or any(p.wild for a in analysis.actions for m in a.melds for p in m.pieces)
    if wild or (analysis.rack and any(analysis.okey.is_okey(t) for t in analysis.rack)):
        items.append(("okey", words.okey))
    if analysis.rack is not None and analysis.table:
        items.append(("penalty", words.penalty))
    if spots:
        items.append(("spot", words.spot))
    if any(a.verb in ("take", "layoff", "seize", "discard") for a in analysis.actions):
        items.append(("new", words.new))
    lis = []
    for kind, text in items:
        shown = html.escape(text)
        if glossary is not None and kind in GLOSSARY:
            shown = f'<a href="{html.escape(glossary)}#{GLOSSARY[kind]}">{shown}</a>'
        lis.append(f'<li class="okey-legend-{kind}">{shown}</li>')
    lis = "".join(lis)
    return f'<ul class="okey-legend" aria-label="{html.escape(words.label)}">{lis}</ul>'


def _error_html(message: str) -> str:
    return (
        '<div class="admonition failure okey-diagram-error"><p class="admonition-title">okey</p>'
        f"<p>{html.escape(message)}</p></div>"
    )


def _shown(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def on_config(config):
    if new_round_of_builds(config):
        _warned.clear()
    return config


def on_page_markdown(markdown, *, page, config, files):
    lang = page_language(config, page)
    lines = file_lines(page, markdown, "okey")
    src = Path(page.file.abs_src_path) if page.file.abs_src_path else None
    where = _shown(src) if src else page.file.src_uri
    glossary = next(
        (
            get_relative_url(f.url, page.url)
            for f in files.documentation_pages()
            if getattr(f, "norm_src_uri", f.src_uri) == "glossary.md"
        ),
        None,
    )
    figures: list[str] = []

    def replace(block: Block, text: list[str], number: int) -> list[str]:
        line = lines[number]
        try:
            if block.end is None:
                raise BlockError(line, "the block is not closed: end it with a line of ```")
            for word in block.words[1:]:
                if word not in OPTIONS:
                    raise BlockError(line, f'unknown option "{word}": the one option is spots')
            try:
                figure = figure_html(block.words[1:], block.body(text), lang, f"okey-fig-{len(figures) + 1}", glossary)
            except DiagramError as error:
                raise BlockError(line + error.line, error.reason) from None
        except BlockError as error:
            message = f"{where}:{error.line}: okey diagram: {error.reason}"
            _warn(message)
            figure = _error_html(message)
        figures.append(figure)
        return ["", f"{block.indent}OKEYDIAGRAM{len(figures)}X", ""]

    markdown = replace_blocks(markdown, "okey", replace)
    page.okey_figures = figures
    return markdown


def _warn(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        log.warning(message)


def on_page_content(html_text, *, page, config, files):
    figures = getattr(page, "okey_figures", None)
    if not figures:
        return html_text
    return PLACEHOLDER.sub(lambda m: figures[int(m.group("number")) - 1], html_text)
