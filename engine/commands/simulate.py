"""``simulate``: play games between bots, write their records, print a summary."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field

from ..core.errors import EngineError
from ..sniff.bots import BOTS, make_bot
from ..sniff.game import Game, Played
from ..sniff.record import dumps, game_record
from ..sniff.rules import AMERICAN_SNIFF, RULESETS, RulesError, ruleset_named
from . import DEFAULT_GAME, GAMES, UsageError

NAME = "simulate"
HELP = "play games between bots (random, greedy, strong), write their records as JSON Lines and print a summary"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", choices=list(GAMES), default=DEFAULT_GAME, help=f"the game to play (default {DEFAULT_GAME})"
    )
    parser.add_argument(
        "--rules",
        choices=tuple(RULESETS),
        default=None,
        help="american (default) or classic Sniff (seed 003: scoring in fives, the winner's award, target 61)",
    )
    parser.add_argument(
        "--partnerships",
        action="store_true",
        default=None,
        help="classic Sniff with 4 players: partners 0 + 2 and 1 + 3 (American Sniff's four always are)",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="2, 3 or 4 (American Sniff: 4 = partners 0 + 2 and 1 + 3; default 2)"
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run: the same seed, the same games")
    parser.add_argument(
        "--bots", default=None, help=f"one bot per seat, in seat order, e.g. greedy,random ({', '.join(BOTS)})"
    )
    parser.add_argument("--out", metavar="FILE.jsonl", help="write every game's record to FILE.jsonl, one per line")
    parser.add_argument("--budget-ms", type=float, default=None, help="the strong bot's time per move (default 200)")
    parser.add_argument(
        "--rotate",
        action="store_true",
        default=None,
        help="rotate the bots one seat clockwise after each game (fairer seats)",
    )
    # -- Okey (engine.okey.simulate) --
    parser.add_argument("--mode", choices=("solo", "pairs"), default=None, help="Okey: solo or pairs (2v2)")
    parser.add_argument(
        "--no-doubling", dest="doubling", action="store_false", default=None, help="Okey: no doubling chain"
    )
    parser.add_argument("--rounds", type=int, choices=(1, 3), default=None, help="Okey: rounds per game (1 or 3)")


#: Each game's own options (their argparse names and their defaults): another game's are refused.
OPTIONS = {
    "sniff": {
        "rules": ("--rules", AMERICAN_SNIFF.key),
        "partnerships": ("--partnerships", False),
        "players": ("--players", 2),
        "budget_ms": ("--budget-ms", None),
        "rotate": ("--rotate", False),
    },
    "okey": {"mode": ("--mode", "solo"), "doubling": ("--no-doubling", True), "rounds": ("--rounds", 1)},
}


def check_options(args: argparse.Namespace) -> None:
    """Refuse the options of a game other than ``args.game``, and fill in the defaults of its own."""
    for game, options in OPTIONS.items():
        for dest, (flag, default) in options.items():
            if game == args.game:
                if getattr(args, dest) is None:
                    setattr(args, dest, default)
            elif getattr(args, dest) is not None:
                raise UsageError(
                    f"{flag} is an option of {game}, not of {args.game}: leave it out or use --game {game}"
                )


@dataclass
class Tally:
    """Totals over the run, per seat and per bot."""

    players: int
    names: list[str]
    rotate: bool = False
    #: Four players as two partnerships.
    partnerships: bool = True
    #: The hand's end deducts remaining pips (American Sniff); otherwise the winner's award is tallied.
    deductions: bool = True
    games: int = 0
    hands: int = 0
    unfinished: int = 0
    seat_wins: list[int] = field(default_factory=list)
    seat_points: list[int] = field(default_factory=list)
    seat_deductions: list[int] = field(default_factory=list)
    bot_wins: dict[str, int] = field(default_factory=dict)
    bot_games: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seat_wins = [0] * self.players
        self.seat_points = [0] * self.players
        self.seat_deductions = [0] * self.players
        self.bot_wins = dict.fromkeys(self.names, 0)
        self.bot_games = dict.fromkeys(self.names, 0)

    def add(self, game: Game, seated: Sequence[str]) -> None:
        self.games += 1
        self.hands += len(game.hands)
        for hand in game.hands:
            for event in hand.events:
                if type(event) is Played:
                    self.seat_points[event.seat] += event.points
            for seat, deduction in enumerate(hand.deductions or ()):
                self.seat_deductions[seat] += deduction
            if hand.award is not None:
                self.seat_deductions[hand.award.seat] += hand.award.points
        for name in set(seated):
            self.bot_games[name] += 1
        if game.winner is None:
            self.unfinished += 1
            return
        winners = {seat for seat in range(self.players) if game.side_of(seat) == game.winner}
        for seat in winners:
            self.seat_wins[seat] += 1
        for name in {seated[seat] for seat in winners}:
            self.bot_wins[name] += 1

    def lines(self, elapsed: float) -> list[str]:
        hands = max(self.hands, 1)
        rate = self.games / elapsed if elapsed > 0 else float("inf")
        end = "deductions/hand" if self.deductions else "     award/hand"
        out = [
            f"{self.games} games, {self.players} players, {elapsed:.2f} s, {rate:.1f} games/s",
            f"hands per game: {self.hands / max(self.games, 1):.2f}",
            f"seat  bot      wins   win %   points/hand  {end}",
        ]
        for seat in range(self.players):
            name = "rotated" if self.rotate else self.names[seat]
            wins, share = self.seat_wins[seat], 100 * self.seat_wins[seat] / max(self.games, 1)
            points, deductions = self.seat_points[seat] / hands, self.seat_deductions[seat] / hands
            out.append(f"{seat:<4}  {name:<7}  {wins:>4}  {share:5.1f}   {points:11.2f}  {deductions:15.2f}")
        out.append("bot      games  wins   win %")
        for name in self.bot_wins:
            played = self.bot_games[name]
            wins = self.bot_wins[name]
            out.append(f"{name:<7}  {played:>5}  {wins:>4}  {100 * wins / max(played, 1):5.1f}")
        if self.players == 4 and self.partnerships:
            out.append("(4 players: seats 0 + 2 and 1 + 3 are partners; a win counts for both partners)")
        if self.unfinished:
            out.append(f"unfinished games: {self.unfinished}")
        return out


def parse_bots(text: str | None, players: int) -> list[str]:
    names = ["greedy"] * players if text is None else [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise UsageError(f'--bots: unknown bot "{name}": use {", ".join(BOTS)}')
    if len(names) != players:
        raise UsageError(f"--bots: {len(names)} bots for {players} players: give one per seat, e.g. greedy,random")
    return names


def play(game: Game, bots: Sequence) -> None:
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))


def run_okey(args: argparse.Namespace) -> int:
    """``--game okey``: engine.okey.simulate plays the games; this prints its summary."""
    from ..okey.rules import Options
    from ..okey.simulate import parse_bots as okey_bots
    from ..okey.simulate import simulate

    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    options = Options(mode=args.mode, doubling=args.doubling, rounds=args.rounds)
    names = okey_bots(args.bots)
    with open(args.out, "w", encoding="utf-8") if args.out else nullcontext() as out:
        write = (lambda record: out.write(dumps(record) + "\n")) if out is not None else (lambda record: None)
        _records, summary = simulate(args.games, args.seed, options, names, on_record=write)
    print("\n".join(summary.lines(options)))
    if args.out:
        print(f"records: {args.out}", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    check_options(args)
    if args.game == "okey":
        return run_okey(args)
    try:
        ruleset = ruleset_named(args.rules)
        ruleset.check_players(args.players)
    except EngineError as error:
        raise UsageError(f"--players: {error}") from None
    if args.partnerships:
        if args.players != 4:
            raise UsageError(f"--partnerships: only four players play as partnerships, not {args.players}")
        try:
            ruleset = ruleset.with_partnerships(True)
        except RulesError as error:
            raise UsageError(f"--partnerships: {error}") from None
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.budget_ms is not None and not args.budget_ms > 0:
        raise UsageError(f"--budget-ms must be positive, not {args.budget_ms}")
    names = parse_bots(args.bots, args.players)
    master = random.Random(args.seed)
    partnerships = args.players == 4 and ruleset.sides(4) == 2
    tally = Tally(args.players, names, args.rotate, partnerships, ruleset.deductions)
    start = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") if args.out else nullcontext() as out:
        for number in range(args.games):
            shift = number % args.players if args.rotate else 0
            seated = [names[(seat - shift) % args.players] for seat in range(args.players)]
            game = Game(args.players, master, ruleset=ruleset)
            bots = [make_bot(name, random.Random(master.getrandbits(64)), args.budget_ms) for name in seated]
            play(game, bots)
            tally.add(game, seated)
            if out is not None:
                out.write(dumps(game_record(game)) + "\n")
    elapsed = time.perf_counter() - start
    print("\n".join(tally.lines(elapsed)))
    if args.out:
        print(f"records: {args.out}", file=sys.stderr)
    return 0
