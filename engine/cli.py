"""``python -m engine COMMAND``: the engine's command line.

Each command is a module in ``engine.commands`` with ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``. A command reports bad
input by raising ``UsageError`` (or a ``ValueError`` of the engine's, such as
``NotationError``): the CLI prints it as one line on stderr and exits with 2,
never with a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("describe", "svg", "simulate", "replay", "meld", "arrange")


class UsageError(Exception):
    """Bad input to a command; the message is printed as is."""


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    parser = argparse.ArgumentParser(prog="python -m engine", description="American Sniff rules engine")
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
    except (UsageError, ValueError, LookupError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
