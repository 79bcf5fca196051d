"""``exercise``: one practice exercise, made by the engine from a seed (the Practice pages' data); JSON out.

The exercise comes from ``engine.<game>.render.practice`` (``command_json``): the
fields ``game``, ``kind``, ``seed``, ``question``, ``position``, ``answer``, ``hints``
and ``explanation``. Bad options (an unknown game, kind, language or rules, a seed
that is not a whole number) are one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import json

from ..core.i18n import LANGUAGES
from . import DEFAULT_GAME, GAMES, UsageError

NAME = "exercise"
HELP = "one practice exercise of a game (question, position, answer, hints, explanation) from a seed"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # No argparse choices: a bad value is the command's one-line error, with the values allowed.
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"{' or '.join(GAMES)} (default: {DEFAULT_GAME})")
    parser.add_argument("--kind", required=True, help="the kind of exercise, e.g. score (sniff) or meld (okey)")
    parser.add_argument("--seed", required=True, help="the exercise's number, from 0")
    parser.add_argument("--lang", default="en", help="language of the text: en, id, it or fi (default: en)")
    parser.add_argument("--rules", default=None, help="sniff only: american (default) or classic")
    parser.add_argument("--json", action="store_true", help="print the exercise as one JSON object")


def _option_names(spec) -> set[str]:
    return {option.name for option in spec.options}


def run(args: argparse.Namespace) -> int:
    if args.game not in GAMES:
        raise UsageError(f'unknown game "{args.game}": use {" or ".join(GAMES)}')
    if args.lang not in LANGUAGES:
        raise UsageError(f'unknown language "{args.lang}": use one of {", ".join(LANGUAGES)}')
    try:
        seed = int(args.seed)
    except ValueError:
        raise UsageError(f'the seed is a whole number from 0, not "{args.seed}"') from None
    practice = importlib.import_module(f"engine.{args.game}.practice")
    if args.kind not in practice.KINDS:
        raise UsageError(f'unknown kind "{args.kind}" for {args.game}: use one of {", ".join(practice.KINDS)}')
    # A game with rulesets has the option "rules" (the registry's), and its exercises take one.
    rules = {name: spec.option("rules") for name, spec in GAMES.items() if "rules" in _option_names(spec)}
    if args.rules is not None and args.game not in rules:
        values = " or ".join(str(value) for option in rules.values() for value in option.values)
        raise UsageError(
            f"--rules is for {' and '.join(rules)} only ({values}): {args.game.capitalize()} has one set of rules"
        )
    render = importlib.import_module(f"engine.{args.game}.render.practice")
    given = (args.rules or rules[args.game].default,) if args.game in rules else ()
    data = render.command_json(args.kind, seed, args.lang, *given)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(data["question"])
        print(json.dumps(data["position"], ensure_ascii=False))
        print(json.dumps(data["answer"], ensure_ascii=False))
        print(data["explanation"])
    return 0
