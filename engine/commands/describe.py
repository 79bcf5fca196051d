"""``describe``: the diagram text of a layout, or its full analysis as JSON."""

from __future__ import annotations

import argparse
import json

from ..sniff.render.analysis import analysis
from ..sniff.render.text import describe
from . import add_input, add_lang
from .layout_input import read_layout

NAME = "describe"
HELP = "print the heading, caption and long description of a layout in the layout notation"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_lang(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_input(parser)


def run(args: argparse.Namespace) -> int:
    layout = read_layout(args)
    if args.json:
        print(json.dumps(analysis(layout, args.lang), ensure_ascii=False, indent=2))
    else:
        print("\n".join(describe(layout, args.lang).lines()))
    return 0
