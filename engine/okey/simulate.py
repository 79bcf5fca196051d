"""Play Okey games between bots: their records and a summary (``python -m engine simulate --game okey``)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.errors import EngineError
from .bots import BOTS, make_bot
from .game import Game
from .record import game_record
from .rules import ENDS, Options


@dataclass
class Summary:
    """Totals over a run: wins and mean score per seat and per bot, end kinds, speed."""

    names: list[str]
    games: int = 0
    rounds: int = 0
    seconds: float = 0.0
    seat_wins: list[int] = field(default_factory=lambda: [0] * 4)
    seat_points: list[int] = field(default_factory=lambda: [0] * 4)
    bot_wins: dict[str, int] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)
    bot_points: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDS, 0))

    def add(self, game: Game, seated: Sequence[str]) -> None:
        self.games += 1
        self.rounds += len(game.rounds)
        totals = game.totals
        winners = set(game.winner or ())
        for seat, name in enumerate(seated):
            self.seat_points[seat] += totals[seat]
            self.bot_seats[name] = self.bot_seats.get(name, 0) + 1
            self.bot_points[name] = self.bot_points.get(name, 0) + totals[seat]
            self.bot_wins.setdefault(name, 0)
            if seat in winners:
                self.seat_wins[seat] += 1
                self.bot_wins[name] += 1
        for state in game.rounds:
            self.ends[state.end.kind] += 1

    def as_json(self) -> dict:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "rounds": self.rounds,
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(self.rounds / self.seconds, 2) if self.seconds else None,
            "seats": [
                {
                    "seat": seat,
                    "bot": self.names[seat],
                    "wins": self.seat_wins[seat],
                    "mean_score": round(self.seat_points[seat] / games, 1),
                }
                for seat in range(4)
            ],
            "bots": {
                name: {
                    "seat_games": self.bot_seats[name],
                    "wins": self.bot_wins[name],
                    "mean_score": round(self.bot_points[name] / self.bot_seats[name], 1),
                }
                for name in self.bot_seats
            },
            "ends": dict(self.ends),
        }

    def lines(self, options: Options) -> list[str]:
        data = self.as_json()
        games = max(self.games, 1)
        out = [
            f"{self.games} games of Okey ({options.mode}, doubling {'on' if options.doubling else 'off'}, "
            f"{options.rounds} round{'s' if options.rounds > 1 else ''}), {self.rounds} rounds, "
            f"{self.seconds:.2f} s, {data['rounds_per_second']} rounds/s",
            "seat  bot      wins   win %   mean score",
        ]
        for row in data["seats"]:
            share = 100 * row["wins"] / games
            out.append(f"{row['seat']:<4}  {row['bot']:<7}  {row['wins']:>4}  {share:5.1f}   {row['mean_score']:10.1f}")
        out.append("bot      seats  wins   win %   mean score")
        for name, row in data["bots"].items():
            share = 100 * row["wins"] / max(row["seat_games"], 1)
            out.append(f"{name:<7}  {row['seat_games']:>5}  {row['wins']:>4}  {share:5.1f}   {row['mean_score']:10.1f}")
        out.append("ends: " + ", ".join(f"{kind} {count}" for kind, count in self.ends.items()))
        if options.mode == "pairs":
            out.append("(pairs: seats 0 + 2 and 1 + 3 are partners; a win counts for both)")
        return out


def parse_bots(text: str | None) -> list[str]:
    names = ["greedy"] * 4 if text is None else [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise EngineError(f'--bots: unknown bot "{name}": use {", ".join(BOTS)}', code="okey-bot")
    if len(names) != 4:
        raise EngineError(f"--bots: {len(names)} bots for 4 seats: give one per seat, e.g. strong,greedy,greedy,greedy")
    return names


def play(game: Game, bots: Sequence) -> Game:
    """Play a game to its end, each seat's bot choosing from that seat's view."""
    while not game.is_terminal():
        seat = game.current_player
        game.apply_action(bots[seat].choose(game.view(seat)))
    return game


def simulate(
    games: int,
    seed: int,
    options: Options | None = None,
    bots: Sequence[str] = ("greedy",) * 4,
    on_record=None,
) -> tuple[list[dict], Summary]:
    """Play ``games`` games; the same ``seed`` gives the same games. Returns the records and the summary
    (or hands each record to ``on_record`` and returns no records, for long runs)."""
    options = options or Options()
    master = random.Random(seed)
    summary = Summary(list(bots))
    records: list[dict] = []
    start = time.perf_counter()
    for _ in range(games):
        game = Game(options, rng=master)
        players = [make_bot(name, random.Random(master.getrandbits(64))) for name in bots]
        play(game, players)
        summary.add(game, bots)
        record = game_record(game)
        if on_record is None:
            records.append(record)
        else:
            on_record(record)
    summary.seconds = time.perf_counter() - start
    return records, summary
