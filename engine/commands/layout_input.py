"""A Sniff layout read from a file or standard input, for the commands that draw or describe one."""

from __future__ import annotations

import argparse

from ..sniff import Layout, NotationError, parse_layout
from . import UsageError, read_input


def read_layout(args: argparse.Namespace) -> Layout:
    """The layout in FILE or on standard input; a bad or empty one is a UsageError naming where and why."""
    text, name = read_input(args)
    try:
        layout = parse_layout(text)
    except NotationError as error:
        raise UsageError(f"{name}: {error}") from None
    if not len(layout):
        raise UsageError(f"{name}: the layout has no tiles: write the opening tile first, for example 1|4")
    return layout
