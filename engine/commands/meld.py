"""``meld``: check one meld in the Okey notation against an indicator; JSON out."""

from __future__ import annotations

import argparse
import json

from ..okey.melds import check_meld, parse_pieces
from ..okey.tiles import Okey, Tile

NAME = "meld"
HELP = "check an Okey meld (run, set or pair) for an indicator: valid, kind, value, reason (JSON)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--indicator", required=True, help="the indicator tile, e.g. R5 (the okey is one higher)")
    parser.add_argument("meld", nargs="+", metavar="TILE", help='the meld\'s tiles in order, e.g. "R4 R5 *R6"')


def run(args: argparse.Namespace) -> int:
    okey = Okey(Tile.parse(args.indicator))
    # Commas separate tiles on input, as in a rack (spec/okey-notation.md): "R4, R5, *R6".
    pieces = parse_pieces(" ".join(args.meld).replace(",", " "), okey)
    print(json.dumps(check_meld(pieces, okey).as_json(), ensure_ascii=False))
    return 0
