"""``python -m engine COMMAND``: the engine's command line.

Each command is a module in ``engine.commands`` with ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``; a command that plays or
checks games picks the game (``simulate --game``) or reads it from the record
(``replay``). A command reports bad input by raising an ``EngineError`` (its
``UsageError``, or the engine's own, such as ``NotationError``), or an
``OSError`` for a file it cannot read: the CLI prints it as one line on stderr
and exits with 2. Anything else is a bug and stays a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .core.errors import EngineError

COMMANDS = ("describe", "svg", "simulate", "replay", "review", "meld", "arrange", "exercise")


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Rules engine of the tile games of this site")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    modules = {}
    for name in COMMANDS:
        module = importlib.import_module(f"engine.commands.{name}")
        sub = subparsers.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        modules[module.NAME] = module
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    try:
        return modules[args.command].run(args)
    except (EngineError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
