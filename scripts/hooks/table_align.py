"""MkDocs hook: Markdown tables' column alignment as classes, not inline styles.

Python-Markdown writes an aligned column as ``<td style="text-align: center;">``. The
site's Content-Security-Policy (README: "Deploying", ``style-src 'self'``) refuses every
inline style, so the browser would drop the alignment and report a violation per cell.
This turns each into ``class="sniff-align-center"`` (left, center, right), which
``assets/stylesheets/site.css`` aligns. Any other inline style fails the build, so
none reaches a page unnoticed.
"""

from __future__ import annotations

import re

from mkdocs.exceptions import PluginError

ALIGNED = re.compile(r'<(th|td)( [^>]*?)? style="text-align: ?(left|center|right);?"([^>]*)>')
ANY_STYLE = re.compile(r"<(th|td)\b[^>]*\bstyle=")


def align_classes(html: str) -> str:
    """The page's HTML with every table cell's alignment style made a class."""

    def replace(match: re.Match) -> str:
        tag, before, align, after = match[1], match[2] or "", match[3], match[4] or ""
        if " class=" in before + after:
            raise PluginError(f"table_align: a <{tag}> with both a class and an alignment: {match[0]}")
        return f'<{tag}{before} class="sniff-align-{align}"{after}>'

    result = ALIGNED.sub(replace, html)
    left = ANY_STYLE.search(result)
    if left:
        excerpt = result[left.start() : left.start() + 80]
        raise PluginError(f"table_align: an inline style the CSP would refuse: {excerpt}")
    return result


def on_page_content(html, page, config, files):
    return align_classes(html)
