"""``describe``: the diagram text of a layout, or its full analysis as JSON."""

from __future__ import annotations

import argparse
import json

from ..sniff import Layout
from ..sniff.text import describe
from . import add_input, add_lang, read_layout

NAME = "describe"
HELP = "print the heading, caption and long description of a layout in the layout notation"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_lang(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_input(parser)


def analysis(layout: Layout, lang: str) -> dict:
    """Everything the engine knows of a layout, as plain JSON values."""
    text = describe(layout, lang)
    return {
        "tiles": [tile.notation() for tile in layout.tiles],
        "placements": [p.notation() for p in layout.placements],
        "sniff": layout.sniff.notation() if layout.sniff else None,
        "joins": [
            {
                "tile": j.target.notation(),
                "side": j.side.value,
                "new_tile": j.tile.notation(),
                "new_side": j.tile_side.value,
            }
            for j in layout.joins()
        ],
        "legal_joins": [
            {"tile": j.tile.notation(), "side": j.side.value, "value": j.value} for j in layout.legal_joins()
        ],
        "counted": [{"tile": c.tile.notation(), "side": c.side.value, "value": c.value} for c in layout.counted_ends()],
        "total": layout.counted_total(),
        "points": layout.score(),
        "heading": text.heading,
        "caption": text.caption,
        "description": text.description,
    }


def run(args: argparse.Namespace) -> int:
    layout = read_layout(args)
    if args.json:
        print(json.dumps(analysis(layout, args.lang), ensure_ascii=False, indent=2))
    else:
        print("\n".join(describe(layout, args.lang).lines()))
    return 0
