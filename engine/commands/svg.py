"""``svg``: the annotated SVG diagram of a layout, on standard output."""

from __future__ import annotations

import argparse
import sys

from ..sniff.render.svg import render_svg
from . import UsageError, add_input, add_lang
from .layout_input import read_layout

NAME = "svg"
HELP = "draw a layout in the layout notation as an annotated SVG diagram"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_lang(parser)
    parser.add_argument("--last", action="store_true", help="highlight the tile placed last")
    parser.add_argument("--no-legend", dest="legend", action="store_false", help="leave out the legend")
    parser.add_argument(
        "--id-prefix", metavar="PREFIX", help="prefix of the SVG's ids (default: a hash of the diagram)"
    )
    add_input(parser)


def run(args: argparse.Namespace) -> int:
    layout = read_layout(args)
    if args.id_prefix is not None and not _is_id(args.id_prefix):
        raise UsageError(f'--id-prefix "{args.id_prefix}" is not usable in an id: use letters, digits, - and _')
    svg = render_svg(layout, args.lang, last=args.last, id_prefix=args.id_prefix, legend=args.legend)
    sys.stdout.write(svg + "\n")
    return 0


def _is_id(text: str) -> bool:
    return bool(text) and text[0].isalpha() and all(c.isalnum() or c in "-_" for c in text)
