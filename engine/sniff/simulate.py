"""Sniff's totals over a run of ``simulate`` (``engine.core.simulate``): wins, points and deductions by seat and bot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import Game, Played
from .rules import ruleset_named


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
        """The summary printed after a run that took ``elapsed`` seconds."""
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


def tally(options: dict, names: list[str], rotate: bool) -> Tally:
    """The tally of a run with these (checked) options and bots."""
    partnerships = options["partnerships"] if options["rules"] == "classic" else None
    ruleset = ruleset_named(options["rules"], partnerships)
    players = options["players"]
    return Tally(players, names, rotate, players == 4 and ruleset.sides(4) == 2, ruleset.deductions)
