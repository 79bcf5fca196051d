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
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

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
