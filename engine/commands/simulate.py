"""``simulate``: play games between bots, write their records, print a summary.

The games are played by ``engine.core.simulate`` through the game's spec alone; each game option's
flag is made from the specs' options (``--players``, ``--rules``, ``--partnerships`` for Sniff,
``--mode``, ``--no-doubling``, ``--rounds`` for Okey), and a flag of another game's is refused.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from dataclasses import dataclass

from ..core.games import Option, OptionError
from ..core.record import dumps
from ..core.simulate import simulate
from . import DEFAULT_GAME, GAMES, UsageError

NAME = "simulate"
HELP = "play games between bots (random, greedy, strong), write their records as JSON Lines and print a summary"


@dataclass(frozen=True)
class Flag:
    """A game option's flag: its text, the option it sets, and the games that have that option."""

    text: str
    option: str
    games: tuple[str, ...]


def flag_text(option: Option) -> str:
    """``--name``, or ``--no-name`` for an option that is on by default."""
    return f"--no-{option.name}" if option.default is True else f"--{option.name}"


def game_flags() -> dict[str, Flag]:
    """Every game option's flag, by the option's name, with the games that have it."""
    flags: dict[str, Flag] = {}
    for game in GAMES:
        for option in GAMES[game].options:
            known = flags.get(option.name)
            games = (*known.games, game) if known else (game,)
            flags[option.name] = Flag(flag_text(option), option.name, games)
    return flags


def add_option(parser: argparse.ArgumentParser, option: Option, games: tuple[str, ...]) -> None:
    owner = ", ".join(games)
    text = flag_text(option)
    name = option.name.replace("_", "-")
    if option.default is True:
        parser.add_argument(
            text,
            dest=option.name,
            action="store_false",
            default=None,
            help=f"{owner}: without {name} (on by default: {option.help})",
        )
    elif option.default is False:
        parser.add_argument(text, dest=option.name, action="store_true", default=None, help=f"{owner}: {option.help}")
    else:
        values = ", ".join(str(value) for value in option.values)
        kind = type(option.default)
        parser.add_argument(
            text,
            dest=option.name,
            type=kind,
            # Text values are chosen by argparse; numbers are checked by the game's spec (one line, not the usage).
            choices=option.values if kind is str else None,
            default=None,
            help=f"{owner}: {option.help}: {values} (default {option.default})",
        )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", choices=list(GAMES), default=DEFAULT_GAME, help=f"the game to play (default {DEFAULT_GAME})"
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run: the same seed, the same games")
    parser.add_argument("--bots", default=None, help="one bot per seat, in seat order, e.g. greedy,random")
    parser.add_argument("--out", metavar="FILE.jsonl", help="write every game's record to FILE.jsonl, one per line")
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help=f"the strong bot's time per move ({', '.join(timed_games())}; default {_budgets()})",
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        default=False,
        help="rotate the bots one seat clockwise after each game (fairer seats)",
    )
    flags = game_flags()
    for game in GAMES:
        for option in GAMES[game].options:
            if flags[option.name].games[0] == game:
                add_option(parser, option, flags[option.name].games)


def timed_games() -> list[str]:
    """The games whose strong bot may search by time (``--budget-ms``)."""
    return [game for game in GAMES if GAMES[game].bot_budget_ms is not None]


def _budgets() -> str:
    return ", ".join(f"{GAMES[game].bot_budget_ms:g} ms" for game in timed_games())


def refuse(flag: str, games: list[str] | tuple[str, ...], game: str) -> UsageError:
    owner = " or ".join(games)
    return UsageError(f"{flag} is an option of {owner}, not of {game}: leave it out or use --game {games[0]}")


def game_options(args: argparse.Namespace) -> dict:
    """The options given for ``args.game``, checked by its spec, with its defaults; another game's refused."""
    spec = GAMES[args.game]
    given = {}
    flags = game_flags()
    for flag in flags.values():
        value = getattr(args, flag.option)
        if value is None:
            continue
        if args.game not in flag.games:
            raise refuse(flag.text, flag.games, args.game)
        given[flag.option] = value
    if args.budget_ms is not None and spec.bot_budget_ms is None:
        raise refuse("--budget-ms", timed_games(), args.game)
    try:
        return spec.check_options(given)
    except OptionError as error:
        option = error.params.get("option")
        raise UsageError(f"{flags[option].text}: {error}" if option in flags else str(error)) from None


def parse_bots(text: str | None, levels: tuple[str, ...], players: int) -> list[str]:
    names = ["greedy"] * players if text is None else [name.strip() for name in text.split(",")]
    for name in names:
        if name not in levels:
            raise UsageError(f'--bots: unknown bot "{name}": use {", ".join(levels)}')
    if len(names) != players:
        example = ",".join(levels[seat % len(levels)] for seat in range(players))
        raise UsageError(f"--bots: {len(names)} bots for {players} players: give one per seat, e.g. {example}")
    return names


def run(args: argparse.Namespace) -> int:
    spec = GAMES[args.game]
    options = game_options(args)
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.budget_ms is not None and not args.budget_ms > 0:
        raise UsageError(f"--budget-ms must be positive, not {args.budget_ms}")
    names = parse_bots(args.bots, spec.bot_levels, spec.players(options))
    budget = spec.bot_budget_ms if args.budget_ms is None else args.budget_ms
    with open(args.out, "w", encoding="utf-8") if args.out else nullcontext() as out:
        write = (lambda record: out.write(dumps(record) + "\n")) if out is not None else None
        tally, elapsed = simulate(
            spec, args.games, args.seed, options, names, rotate=args.rotate, budget_ms=budget, on_record=write
        )
    print("\n".join(tally.lines(elapsed)))
    if args.out:
        print(f"records: {args.out}", file=sys.stderr)
    return 0
