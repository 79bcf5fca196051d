"""Okey diagrams: the notation of an ``okey`` block, what the engine makes of it, its text and its SVG.

- ``notation``: the block's lines (indicator, table melds, a rack, actions, a round's end);
- ``analysis``: what the rules engine (``engine.okey``) says about it: kinds, values,
  lay-off spots, penalty tiles, the opening against the threshold, charges, settlement;
- ``text``: heading, caption and long description, in any language (``okey`` catalog);
- ``svg``: the annotated picture.

Imports only ``engine.core`` and ``engine.okey``; nothing here recomputes a rule.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .analysis import Analysis, analyse
    from .notation import DiagramError, OkeyDiagram, parse_diagram
    from .svg import render_svg
    from .text import DiagramText, describe

#: Where each name is: imported at its first use, so that the board, which needs only the legend's marks
#: (``render.legend``), never loads the diagrams' parser, analysis and SVG (some 40 ms of a new game in Pyodide).
_HOME = {
    "Analysis": "analysis",
    "analyse": "analysis",
    "DiagramError": "notation",
    "OkeyDiagram": "notation",
    "parse_diagram": "notation",
    "render_svg": "svg",
    "DiagramText": "text",
    "describe": "text",
}

__all__ = [
    "Analysis",
    "DiagramError",
    "DiagramText",
    "OkeyDiagram",
    "analyse",
    "describe",
    "parse_diagram",
    "render_svg",
]


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value
