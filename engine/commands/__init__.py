"""The commands of ``python -m engine`` (see ``engine.cli``)."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import EngineError
from ..core.games import GAMES as GAMES  # the commands' games: the registry's
from ..core.i18n import LANGUAGES
from ..core.record import read_text

#: The game a command plays or describes when it is not told which: the first the registry lists.
DEFAULT_GAME = next(iter(GAMES))


class UsageError(EngineError):
    """Bad input to a command; the message is printed as is."""

    code = "usage"


def add_input(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help="read from FILE (default: standard input)")


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text (default: en)")


def read_input(args: argparse.Namespace) -> tuple[str, str]:
    """The text and the name to report errors under (the file, or <stdin>).

    Read as the board reads a record (``core.record.read_text``): in bounded pieces, at most
    ``MAX_RECORD_BYTES`` (an endless input such as ``/dev/zero`` is refused after them), UTF-8 without a
    byte-order mark; anything else is a ``UsageError`` naming the file.
    """
    name = "<stdin>" if args.file in (None, "-") else args.file
    try:
        if args.file in (None, "-"):
            return read_text(sys.stdin.buffer), name
        with open(args.file, "rb") as handle:
            return read_text(handle), name
    except EngineError as error:
        raise UsageError(f"{name}: {error}") from None
