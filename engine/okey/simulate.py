"""Okey's totals over a run of ``simulate`` (``engine.core.simulate``): wins and scores by seat and bot, ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.games import GAMES
from ..core.simulate import simulate as run
from .game import Game
from .rules import ENDS, Options


@dataclass
class Summary:
    """Totals over a run: wins and mean score per seat and per bot, end kinds, speed."""

    names: list[str]
    options: Options = field(default_factory=Options)
    #: The bots turned a seat after each game (the seats' rows then mix them).
    rotate: bool = False
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

    def lines(self, seconds: float) -> list[str]:
        """The summary printed after a run that took ``seconds``."""
        self.seconds = seconds
        options = self.options
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
            bot = "rotated" if self.rotate else row["bot"]
            out.append(f"{row['seat']:<4}  {bot:<7}  {row['wins']:>4}  {share:5.1f}   {row['mean_score']:10.1f}")
        out.append("bot      seats  wins   win %   mean score")
        for name, row in data["bots"].items():
            share = 100 * row["wins"] / max(row["seat_games"], 1)
            out.append(f"{name:<7}  {row['seat_games']:>5}  {row['wins']:>4}  {share:5.1f}   {row['mean_score']:10.1f}")
        out.append("ends: " + ", ".join(f"{kind} {count}" for kind, count in self.ends.items()))
        if options.mode == "pairs":
            out.append("(pairs: seats 0 + 2 and 1 + 3 are partners; a win counts for both)")
        return out


def tally(options: dict, names: list[str], rotate: bool) -> Summary:
    """The tally of a run with these (checked) options and bots."""
    return Summary(list(names), Options(**options), rotate)


def simulate(
    games: int,
    seed: int,
    options: Options | None = None,
    bots: Sequence[str] = ("greedy",) * 4,
    on_record=None,
) -> tuple[list[dict], Summary]:
    """Play ``games`` games (``engine.core.simulate``); the same ``seed`` gives the same games. Returns the records
    and the summary (or hands each record to ``on_record`` and returns no records, for long runs)."""
    options = options or Options()
    records: list[dict] = []
    summary, seconds = run(
        GAMES["okey"],
        games,
        seed,
        {"mode": options.mode, "doubling": options.doubling, "rounds": options.rounds},
        list(bots),
        on_record=records.append if on_record is None else on_record,
    )
    summary.seconds = seconds
    return records, summary
