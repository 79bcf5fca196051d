"""``arrange``: the best arrangement of an Okey rack (the assisted table's solver); JSON out."""

from __future__ import annotations

import argparse
import json

from ..okey.arrange import MAX_RACK, best_arrangement, most_pairs
from ..okey.tiles import Okey, Tile, parse_tiles
from . import UsageError

NAME = "arrange"
HELP = "the best arrangement of an Okey rack: melds of the largest total value, and the most pairs (JSON)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--indicator", required=True, help="the indicator tile, e.g. R5 (the okey is one higher)")
    parser.add_argument("tiles", nargs="+", metavar="TILE", help="the rack's tiles, okeys written plain (R6 for R5)")


def run(args: argparse.Namespace) -> int:
    okey = Okey(Tile.parse(args.indicator))
    rack = parse_tiles(" ".join(args.tiles))
    if len(rack) > MAX_RACK:  # the solver refuses it too (RackError); said here before a word of JSON
        raise UsageError(f"a rack of {len(rack)} tiles is too large: at most {MAX_RACK}")
    found = best_arrangement(rack, okey)
    pairs = most_pairs(rack, okey)
    print(
        json.dumps(
            {
                "value": found.value,
                "melds": [meld.notation() for meld in found.melds],
                "left": [tile.notation() for tile in found.left],
                "pairs": len(pairs),
                "pair_melds": [pair.notation() for pair in pairs],
                "okey": okey.tile.notation(),
            },
            ensure_ascii=False,
        )
    )
    return 0
