"""The commands of ``python -m engine`` (see ``engine.cli``)."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import EngineError
from ..core.games import GAMES as GAMES  # the commands' games: the registry's
from ..core.i18n import LANGUAGES


class UsageError(EngineError):
    """Bad input to a command; the message is printed as is."""

    code = "usage"


def add_input(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help="read from FILE (default: standard input)")


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text (default: en)")


def read_input(args: argparse.Namespace) -> tuple[str, str]:
    """The text and the name to report errors under (the file, or <stdin>)."""
    if args.file in (None, "-"):
        return sys.stdin.read(), "<stdin>"
    with open(args.file, encoding="utf-8") as handle:
        return handle.read(), args.file
