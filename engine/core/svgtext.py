"""SVG text from an ``xml.etree.ElementTree`` tree, the same characters as ``ET.tostring(root, encoding="unicode")``.

The diagrams' trees hold plain tags and attributes (``xmlns`` is an ordinary
attribute, no ``{namespace}`` names), so they need none of the namespace
bookkeeping ``ET.tostring`` does for every element; this writer, a few times
faster, is what makes a build-time bank of exercises (two diagrams each) cheap.
A tree with a namespaced name or a comment goes to ``ET.tostring`` itself.

``drawn_once`` keeps the text of a drawing function's output (a tile, drawn the
same in every language and every diagram of an exercise) and puts it back as one
node of ready markup (tag ``RAW``), which only this writer reads.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

#: The tag of a node whose text is markup, written as it stands (see ``drawn_once``).
RAW = "\x00markup"
#: Drawings kept by each ``drawn_once`` function (the cache starts again when full).
KEEP = 4096


def _text(value: str) -> str:
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


_SPECIAL = re.compile(r'[&<>"\r\n\t]').search


def _attribute(value: str) -> str:
    value = _text(value)
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "\r" in value:
        value = value.replace("\r", "&#13;")
    if "\n" in value:
        value = value.replace("\n", "&#10;")
    if "\t" in value:
        value = value.replace("\t", "&#09;")
    return value


class _Unusual(Exception):
    """A tree this writer leaves to ``ET.tostring``."""


def _write(element: ET.Element, out: list[str]) -> None:
    tag = element.tag
    if tag is RAW:
        out.append(element.text)
        return
    if tag.__class__ is not str or tag[:1] == "{":
        raise _Unusual
    append = out.append
    append("<" + tag)
    for key, value in element.attrib.items():
        if key.__class__ is not str or key[:1] == "{" or value.__class__ is not str:
            raise _Unusual
        if _SPECIAL(value) is not None:
            value = _attribute(value)
        append(f' {key}="{value}"')
    text = element.text
    if text or len(element):
        append(">")
        if text:
            append(_text(text))
        for child in element:
            _write(child, out)
        append(f"</{tag}>")
    else:
        append(" />")
    if element.tail:
        append(_text(element.tail))


def tostring(root: ET.Element) -> str:
    """``root`` as text, exactly as ``ET.tostring(root, encoding="unicode")`` writes it."""
    out: list[str] = []
    try:
        _write(root, out)
    except _Unusual:
        if any(node.tag is RAW for node in root.iter()):
            raise ValueError("a tree with ready markup has a namespaced name or a comment") from None
        return ET.tostring(root, encoding="unicode")
    return "".join(out)


def drawn_once(draw: Callable[..., None]) -> Callable[..., None]:
    """``draw(parent, *args, **kwargs)``, which adds elements to ``parent`` and returns nothing, drawn once for each
    set of (hashable) arguments: later calls add the same markup as one ``RAW`` node, for ``tostring``."""
    kept: dict[tuple, str] = {}

    @functools.wraps(draw)
    def drawing(parent: ET.Element, *args, **kwargs) -> None:
        key = (args, tuple(kwargs.items()))
        markup = kept.get(key)
        if markup is None:
            scratch = ET.Element("scratch")
            draw(scratch, *args, **kwargs)
            markup = "".join(tostring(child) for child in scratch)
            if len(kept) >= KEEP:
                kept.clear()
            kept[key] = markup
        ET.SubElement(parent, RAW).text = markup

    return drawing
