"""Okey diagrams: the notation of an ``okey`` block, what the engine makes of it, its text and its SVG.

- ``notation``: the block's lines (indicator, table melds, a rack, actions, a round's end);
- ``analysis``: what the rules engine (``engine.okey``) says about it: kinds, values,
  lay-off spots, penalty tiles, the opening against the threshold, charges, settlement;
- ``text``: heading, caption and long description, in any language (``okey`` catalog);
- ``svg``: the annotated picture.

Imports only ``engine.core`` and ``engine.okey``; nothing here recomputes a rule.
"""

from .analysis import Analysis, analyse
from .notation import DiagramError, OkeyDiagram, parse_diagram
from .svg import render_svg
from .text import DiagramText, describe

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
