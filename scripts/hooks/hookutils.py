"""What the site's Markdown hooks share: fenced blocks, where they are in the page's file, the page's language.

Not a hook itself: ``board.py`` and ``diagrams.py`` (and any game's fence
hook) import it. A fenced block opens with three or more backticks or tildes and
an info string, and closes with a line of the same character, at least as long
(CommonMark); a block that never closes runs to the end of the page. Blocks of
other kinds are skipped whole, so a fence shown inside an example block is left
alone.

MkDocs hands hooks the Markdown after the front matter, and an earlier hook may
have changed it, so a block's line in the page's file is found in the file itself:
``file_lines`` lists the file lines of the blocks of one kind, in order.

A game's diagram hook (``diagrams.py``, ``okey_diagrams.py``) turns its blocks
into figures with ``diagram_figures`` and ``put_figures``: each figure goes into
the page's HTML in ``on_page_content`` through a placeholder paragraph, so a
diagram inside a list or an admonition is not mangled by Markdown. A broken
block (``BlockError``) is a warning naming the page, the line in the page and the
reason, given once per round of builds (``Warnings``), so ``mkdocs build
--strict`` fails; the page shows the error in its place.
"""

from __future__ import annotations

import html
import logging
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils import get_relative_url
from mkdocs.utils.meta import get_data

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the engine is imported from the working tree
    sys.path.insert(0, str(ROOT))

from engine.core.i18n import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402

OPENING = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)$")


@dataclass(frozen=True)
class Block:
    """One fenced block of a Markdown text; lines are indexes into the text's lines (0 = the first)."""

    start: int  # the opening fence's line
    end: int | None  # the closing fence's line; None when the block is never closed
    indent: str
    fence: str
    info: str

    @property
    def words(self) -> list[str]:
        return self.info.split()

    @property
    def kind(self) -> str:
        """The info string's first word (``sniff``, ``okey``, ``sniff-board``...), or ``""``."""
        return self.words[0] if self.words else ""

    def body(self, lines: list[str]) -> str:
        stop = len(lines) if self.end is None else self.end
        return "\n".join(lines[self.start + 1 : stop])

    @property
    def stop(self) -> int:
        """The index of the first line after the block (when closed)."""
        return (self.end if self.end is not None else 10**9) + 1


def fenced_blocks(lines: list[str]) -> list[Block]:
    """Every fenced block of the text's lines, in order."""
    found = []
    index = 0
    while index < len(lines):
        match = OPENING.match(lines[index])
        if not match:
            index += 1
            continue
        fence = match["fence"]
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = next((i for i in range(index + 1, len(lines)) if closing.match(lines[i])), None)
        found.append(Block(index, end, match["indent"], fence, match["info"].strip()))
        index = len(lines) if end is None else end + 1
    return found


def replace_blocks(markdown: str, kind: str, make: Callable[[Block, list[str], int], Iterable[str]]) -> str:
    """The Markdown with each block of ``kind`` replaced by ``make(block, lines, number)`` (number from 0)."""
    lines = markdown.split("\n")
    out: list[str] = []
    done = 0
    for number, block in enumerate(b for b in fenced_blocks(lines) if b.kind == kind):
        out.extend(lines[done : block.start])
        out.extend(make(block, lines, number))
        done = min(block.stop, len(lines))
    out.extend(lines[done:])
    return "\n".join(out)


def first_line(page) -> int:
    """The line of the page's file where the Markdown that hooks see starts (after the front matter)."""
    try:
        source = page.file.content_string.replace("\r\n", "\n")
    except (OSError, TypeError, ValueError, AttributeError):
        return 1
    body, _ = get_data(source)
    return source.count("\n") - body.count("\n") + 1


def file_lines(page, markdown: str, kind: str) -> list[int]:
    """The line in the page's file (from 1) of each block of ``kind`` in ``markdown``, in order."""
    in_markdown = [b.start for b in fenced_blocks(markdown.split("\n")) if b.kind == kind]
    try:
        source = page.file.content_string.replace("\r\n", "\n")
    except (OSError, TypeError, ValueError, AttributeError):
        source = None
    if source is not None:
        in_source = [b.start + 1 for b in fenced_blocks(source.split("\n")) if b.kind == kind]
        if len(in_source) == len(in_markdown):
            return in_source
    offset = first_line(page)
    return [start + offset for start in in_markdown]


def page_language(config, page=None) -> str:
    """The locale being built (mkdocs-static-i18n builds one at a time), else the page's or the theme's."""
    plugin = config.plugins.get("i18n")
    lang = getattr(plugin, "current_language", None) or getattr(getattr(page, "file", None), "locale", None)
    lang = lang or config.theme.get("language") or DEFAULT_LANGUAGE
    lang = lang if lang in LANGUAGES else lang.split("-")[0].split("_")[0]
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def new_round_of_builds(config) -> bool:
    """Whether this ``on_config`` starts a new round of builds: mkdocs-static-i18n builds the other
    locales from inside the first build, with its ``building`` flag up."""
    return not getattr(config.plugins.get("i18n"), "building", False)


def shown_path(path: Path) -> str:
    """A file's path as a warning names it: from the working directory when it is below it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def page_path(page) -> str:
    """The page's file as a warning names it (``shown_path``), or its path in the docs."""
    return shown_path(Path(page.file.abs_src_path)) if page.file.abs_src_path else page.file.src_uri


def page_url(files, name: str, page) -> str | None:
    """The URL of the page ``name`` (e.g. ``play.md``) in this locale, relative to ``page``; None if there is none."""
    for file in files.documentation_pages():
        if getattr(file, "norm_src_uri", file.src_uri) == name:
            return get_relative_url(file.url, page.url)
    return None


# -- diagram blocks --------------------------------------------------------------------------------------------


class Warnings:
    """A hook's warnings, each given once per round of builds: each locale builds the same fallback page
    again, and one warning per broken block is enough. The hook's ``on_config`` calls ``new_round``."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.given: set[str] = set()

    def new_round(self, config) -> None:
        if new_round_of_builds(config):
            self.given.clear()

    def warn(self, message: str) -> None:
        if message not in self.given:
            self.given.add(message)
            self.log.warning(message)


class BlockError(ValueError):
    """A block that can't be drawn; ``line`` is the line in the page."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


#: Draws one block: ``(block, body, line, figure_id)`` -> the figure's HTML, or a ``BlockError``.
Draw = Callable[[Block, str, int, str], str]


def error_html(game: str, message: str) -> str:
    """What a page shows in place of a broken block of ``game``'s diagrams."""
    return (
        f'<div class="admonition failure {game}-diagram-error"><p class="admonition-title">{game}</p>'
        f"<p>{html.escape(message)}</p></div>"
    )


def _placeholder(game: str) -> str:
    return f"{game.upper()}DIAGRAM"


def diagram_figures(markdown: str, page, game: str, draws: dict[str, Draw], warnings: Warnings) -> str:
    """The Markdown with each block of the kinds in ``draws`` (in that order) replaced by a placeholder paragraph.

    The figures, ids ``<game>-fig-1``, ``<game>-fig-2`` ... in the page's order, are kept on the page for
    ``put_figures``; a broken block's figure is the error, and its warning is given.
    """
    lines = {kind: file_lines(page, markdown, kind) for kind in draws}
    where = page_path(page)
    figures: list[str] = []

    def replacer(kind: str, draw: Draw) -> Callable[[Block, list[str], int], list[str]]:
        def replace(block: Block, text: list[str], number: int) -> list[str]:
            line = lines[kind][number]
            try:
                if block.end is None:
                    raise BlockError(line, "the block is not closed: end it with a line of ```")
                figure = draw(block, block.body(text), line, f"{game}-fig-{len(figures) + 1}")
            except BlockError as error:
                message = f"{where}:{error.line}: {kind} diagram: {error.reason}"
                warnings.warn(message)
                figure = error_html(game, message)
            figures.append(figure)
            # A paragraph of its own, whatever surrounds the block.
            return ["", f"{block.indent}{_placeholder(game)}{len(figures)}X", ""]

        return replace

    for kind, draw in draws.items():
        markdown = replace_blocks(markdown, kind, replacer(kind, draw))
    setattr(page, f"{game}_figures", figures)
    return markdown


def put_figures(html_text: str, page, game: str) -> str:
    """The page's HTML with each placeholder of ``diagram_figures`` replaced by its figure."""
    figures = getattr(page, f"{game}_figures", None)
    if not figures:
        return html_text
    placeholder = re.compile(rf"(?:<p>)?{_placeholder(game)}(?P<number>\d+)X(?:</p>)?")
    return placeholder.sub(lambda m: figures[int(m.group("number")) - 1], html_text)
