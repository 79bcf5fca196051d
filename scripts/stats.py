"""What the games really do: seeded simulations of the engine's bots, written as one data file.

    .venv/bin/python scripts/stats.py                 # the full run: docs/data/stats.json (a few minutes)
    .venv/bin/python scripts/stats.py --sample        # a small run for the tests: tests/data/stats-sample.json
    .venv/bin/python scripts/stats.py --sample --out -   # the same on stdout

Every game follows from the seeds written in the file (with the engine's version), so the same command
gives the same file, byte for byte. A progress bar and the time taken go to stderr, never into the file.
The statistics pages (``docs/sniff-stats.md``, ``docs/okey-stats.md``) draw it at build time
(``scripts/hooks/stats.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import __version__  # noqa: E402
from engine.core.simulate import play  # noqa: E402
from engine.core.stats import histogram, mean, percentile, share  # noqa: E402
from engine.okey.arrange import best_arrangement  # noqa: E402
from engine.okey.melds import Piece, check_meld  # noqa: E402
from engine.okey.rules import ENDS, Options  # noqa: E402
from engine.okey.simulate import simulate as simulate_okey  # noqa: E402
from engine.okey.tiles import COLOURS, Okey, Tile  # noqa: E402
from engine.sniff.bots import make_bot  # noqa: E402
from engine.sniff.game import Drew, Game, Played  # noqa: E402
from engine.sniff.layout import Layout  # noqa: E402
from engine.sniff.rules import RULESETS, side_of  # noqa: E402
from engine.sniff.tiles import Side  # noqa: E402

DATA = ROOT / "docs" / "data" / "stats.json"
SAMPLE = ROOT / "tests" / "data" / "stats-sample.json"

#: The sizes of a run: games per Sniff table, per bot match-up (and with the strong bot), Okey rounds per table.
SIZES = {
    "full": {"sniff": 2000, "match": 600, "strong": 80, "okey": 200, "samples": 4},
    "sample": {"sniff": 12, "match": 8, "strong": 2, "okey": 2, "samples": 2},
}
SEED = 2024
#: A game with the strong bot takes about this many greedy games' time (for the progress bar).
STRONG_WEIGHT = 25
#: The Sniff tables, side by side: (rules, players).
SNIFF_TABLES = (("american", 2), ("american", 3), ("american", 4), ("classic", 2), ("classic", 3), ("classic", 4))
#: Bot match-ups, the stronger bot first: its share of the games won.
MATCHES = (("greedy", "random"), ("strong", "greedy"), ("strong", "random"))
OKEY_TABLES = (("solo", True), ("solo", False), ("pairs", True), ("pairs", False))
#: Bins of the histograms: a bin holds the values from its edge to the next one's.
SCORE_EDGES = (5, 10, 15, 20, 25, 30)
DEDUCTION_EDGES = (0, 5, 15, 25, 35, 50)
HANDS_EDGES = (1, 3, 5, 7, 9, 12, 15)
OPEN_EDGES = (1, 2, 3, 4, 5, 6, 8)
TURN_EDGES = (1, 3, 5, 7, 9, 11, 13)
PENALTY_EDGES = (0, 1, 2, 3, 4)
GAIN_EDGES = (0, 1, 10, 20, 40)


class Progress:
    """A progress bar on stderr (only when it is a terminal, or asked for), and the time taken."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.done, self.quiet = total, 0, quiet
        self.start = time.perf_counter()
        self.label = ""
        self.drawn = -1.0

    def tick(self, steps: int = 1) -> None:
        self.done += steps
        now = time.perf_counter()
        if self.quiet or (now - self.drawn < 0.2 and self.done < self.total):
            return
        self.drawn = now
        width = 30
        filled = round(width * self.done / self.total)
        elapsed = time.perf_counter() - self.start
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * self.done / self.total:5.1f}%  {elapsed:6.1f} s  "
        sys.stderr.write(line + self.label.ljust(28))
        sys.stderr.flush()

    def finish(self) -> float:
        elapsed = time.perf_counter() - self.start
        if not self.quiet:
            sys.stderr.write("\n")
        return elapsed


# -- Sniff ---------------------------------------------------------------------------------------------------------


def _sniff_branch_counts(layout: Layout) -> bool:
    """Whether an open branch of the Sniff is among the counted ends now."""
    return any(end.side in (Side.BRANCH_A, Side.BRANCH_B) for end in layout.counted_ends())


@dataclass
class SniffTally:
    rules: str
    players: int

    def __post_init__(self) -> None:
        ruleset = RULESETS[self.rules]
        self.sides = ruleset.sides(self.players)
        self.five = ruleset.key == "classic"  # placements score in fives: keep the counts comparable
        self.games = self.hands = 0
        self.position_wins = [0] * self.sides
        self.placements = self.scoring = self.branch_scoring = 0
        self.points = 0
        self.scores: list[int] = []
        self.hand_points: list[int] = []
        self.ends: Counter = Counter()
        self.deductions: list[int] = []
        self.awards: list[int] = []
        self.hands_per_game: list[int] = []
        self.draws = self.turns = 0

    def add(self, game: Game) -> None:
        self.games += 1
        self.hands += len(game.hands)
        self.hands_per_game.append(len(game.hands))
        first = game.hands[0].opener
        if game.winner is not None:
            self.position_wins[(game.winner - side_of(first, self.sides)) % self.sides] += 1
        for hand in game.hands:
            layout = Layout()
            points = [0] * self.players
            for event in hand.events:
                if type(event) is Played:
                    layout.place_legal(event.placement)
                    self.placements += 1
                    self.turns += 1
                    self.points += event.points
                    points[event.seat] += event.points
                    if event.points:
                        self.scoring += 1
                        self.scores.append(event.points * 5 if self.five else event.points)
                        self.branch_scoring += _sniff_branch_counts(layout)
                elif type(event) is Drew:
                    self.draws += 1
                else:
                    self.turns += 1
            self.hand_points.extend(points)
            self.ends[str(hand.end)] += 1
            for seat, deduction in enumerate(hand.deductions or ()):
                if seat != hand.out_seat and hand.end != "target":
                    self.deductions.append(deduction)
            if hand.award is not None:
                self.awards.append(hand.award.points)

    def as_json(self) -> dict:
        scores = Counter(self.scores)
        return {
            "rules": self.rules,
            "players": self.players,
            "sides": self.sides,
            "games": self.games,
            "hands": self.hands,
            "first_side_wins": share(self.position_wins[0], self.games),
            "fair_share": round(1 / self.sides, 4),
            "position_wins": [share(wins, self.games) for wins in self.position_wins],
            "placements": self.placements,
            "points_per_placement": round(self.points / max(self.placements, 1), 3),
            "points_per_hand": mean(self.hand_points),
            "scoring_placements": share(self.scoring, self.placements),
            "branch_scoring": share(self.branch_scoring, self.scoring),
            "score_edges": list(SCORE_EDGES),
            "scores": histogram(self.scores, SCORE_EDGES),
            "fifteens": scores[15],
            "ends": {end: share(self.ends[end], self.hands) for end in ("out", "blocked", "target")},
            "deduction_edges": list(DEDUCTION_EDGES),
            "deductions": histogram(self.deductions, DEDUCTION_EDGES),
            "deduction_mean": mean(self.deductions),
            "award_mean": mean(self.awards),
            "hands_edges": list(HANDS_EDGES),
            "hands_per_game": histogram(self.hands_per_game, HANDS_EDGES),
            "hands_mean": mean(self.hands_per_game),
            "draws_per_hand": round(self.draws / max(self.hands, 1), 3),
        }


def sniff_table(rules: str, players: int, games: int, seed: int, progress: Progress) -> dict:
    """``games`` greedy games at one table; the same seed, the same games."""
    tally = SniffTally(rules, players)
    ruleset = RULESETS[rules]
    master = random.Random(seed)
    for _ in range(games):
        game = Game(players, master, ruleset=ruleset)
        play(game, [make_bot("greedy", random.Random(master.getrandbits(64))) for _ in range(players)])
        tally.add(game)
        progress.tick()
    return {"seed": seed, "bots": "greedy", **tally.as_json()}


def sniff_match(rules: str, first: str, second: str, games: int, seed: int, samples: int, progress: Progress) -> dict:
    """Two bots, two players, their seats swapped every game: ``first``'s share of the games won."""
    ruleset = RULESETS[rules]
    master = random.Random(seed)
    wins = 0
    for number in range(games):
        seated = (first, second) if number % 2 == 0 else (second, first)
        game = Game(2, master, ruleset=ruleset)
        bots = [make_bot(name, random.Random(master.getrandbits(64)), samples=samples) for name in seated]
        play(game, bots)
        wins += game.winner is not None and seated[game.winner] == first
        progress.tick(STRONG_WEIGHT if "strong" in seated else 1)
    return {"rules": rules, "seed": seed, "first": first, "second": second, "wins": share(wins, games)}


# -- Okey ----------------------------------------------------------------------------------------------------------


def greedy_value(rack: list[Tile], okey: Okey) -> int:
    """A greedy arrangement's value: the most valuable run or set of real tiles first, again and again.

    The baseline the assisted table's arrangement (``best_arrangement``, the exact solver) is measured against:
    it never breaks a long run for a set, and it leaves the okeys aside."""
    left = Counter(tile for tile in rack if tile is not okey.tile)
    total = 0
    while True:
        best: tuple[int, list[Tile]] = (0, [])
        for colour in COLOURS:
            numbers = [n for n in range(1, 14) if left[Tile.of(colour, n)]]
            run: list[int] = []
            for n in [*numbers, 99]:
                if run and n == run[-1] + 1:
                    run.append(n)
                    continue
                if len(run) >= 3 and sum(run) > best[0]:
                    best = (sum(run), [Tile.of(colour, k) for k in run])
                run = [n]
        for number in range(1, 14):
            tiles = [Tile.of(colour, number) for colour in COLOURS if left[Tile.of(colour, number)]]
            if len(tiles) >= 3 and number * len(tiles) > best[0]:
                best = (number * len(tiles), tiles)
        if not best[1]:
            return total
        meld = tuple(Piece(tile, tile, False) for tile in best[1])
        if not check_meld(meld, okey).valid:  # the greedy melds are valid by construction; a check costs little
            raise AssertionError(f"greedy meld {best[1]} is not valid")
        total += best[0]
        left -= Counter(best[1])


@dataclass
class OkeyTally:
    mode: str
    doubling: bool

    def __post_init__(self) -> None:
        self.rounds = 0
        self.first_open: list[int] = []
        self.open_turns: list[int] = []  # every opening, on the opener's own turn
        self.never_opened = 0
        self.openings: Counter = Counter()
        self.first_kind: Counter = Counter()
        self.penalties: list[int] = []
        self.ends: Counter = Counter()
        self.spread: list[int] = []
        self.seat_scores: list[int] = []
        self.charges: Counter = Counter()
        self.racks = self.gained = self.best_51 = self.greedy_51 = 0
        self.gains: list[int] = []

    def add(self, record: dict) -> None:
        for state in record["rounds"]:
            self.add_round(state)

    def add_round(self, state: dict) -> None:
        self.rounds += 1
        turns = [0] * 4
        first = None
        penalties = 0
        for event in state["events"]:
            seat = event["seat"]
            if "opening" in event:
                kind = "meld" if "meld" in event else "pairs"
                self.openings[kind] += 1
                self.open_turns.append(turns[seat] + 1)
                if first is None:
                    first = turns[seat] + 1
                    self.first_kind[kind] += 1
            if "charge" in event:
                what = next(key for key in ("take", "layoff", "seize", "discard") if key in event)
                self.charges[what] += 1
                penalties += what == "discard"
            if "discard" in event:
                turns[seat] += 1
        if first is None:
            self.never_opened += 1
        else:
            self.first_open.append(first)
        self.penalties.append(penalties)
        self.ends[state["end"]["kind"]] += 1
        scores = state["scores"]
        self.spread.append(max(scores) - min(scores))
        self.seat_scores.extend(scores)
        okey = Okey(Tile.parse(state["indicator"]))
        for rack in state["deal"]:
            tiles = [Tile.parse(text) for text in rack]
            best = best_arrangement(tiles, okey).value
            greedy = greedy_value(tiles, okey)
            self.racks += 1
            self.gains.append(best - greedy)
            self.gained += best > greedy
            self.best_51 += best >= 51
            self.greedy_51 += greedy >= 51

    def as_json(self) -> dict:
        ordered = sorted(self.seat_scores)
        openings = sum(self.openings.values())
        return {
            "mode": self.mode,
            "doubling": self.doubling,
            "rounds": self.rounds,
            "open_edges": list(OPEN_EDGES),
            "first_open": histogram(self.first_open, OPEN_EDGES),
            "first_open_mean": mean(self.first_open),
            "first_open_median": percentile(sorted(self.first_open), 0.5),
            "never_opened": share(self.never_opened, self.rounds),
            "turn_edges": list(TURN_EDGES),
            "open_turns": histogram(self.open_turns, TURN_EDGES),
            "open_turns_mean": mean(self.open_turns),
            "open_turns_median": percentile(sorted(self.open_turns), 0.5),
            "openings_per_round": round(len(self.open_turns) / max(self.rounds, 1), 3),
            "openings": {kind: share(self.openings[kind], openings) for kind in ("meld", "pairs")},
            "first_kind": {kind: share(self.first_kind[kind], self.rounds) for kind in ("meld", "pairs")},
            "penalty_edges": list(PENALTY_EDGES),
            "penalties": histogram(self.penalties, PENALTY_EDGES),
            "penalties_mean": mean(self.penalties),
            "ends": {end: share(self.ends[end], self.rounds) for end in ENDS},
            "charges_per_round": {
                kind: round(self.charges[kind] / max(self.rounds, 1), 3) for kind in sorted(self.charges)
            },
            "spread_mean": mean(self.spread, 1),
            "spread_median": percentile(sorted(self.spread), 0.5),
            "score_percentiles": {str(p): percentile(ordered, p / 100) for p in (10, 25, 50, 75, 90)},
            "racks": self.racks,
            "gain_edges": list(GAIN_EDGES),
            "gains": histogram(self.gains, GAIN_EDGES),
            "gain_mean": mean(self.gains, 2),
            "gained": share(self.gained, self.racks),
            "best_51": share(self.best_51, self.racks),
            "greedy_51": share(self.greedy_51, self.racks),
        }


def okey_table(mode: str, doubling: bool, rounds: int, seed: int, progress: Progress) -> dict:
    """``rounds`` one-round games of four greedy bots at one table."""
    tally = OkeyTally(mode, doubling)

    def took(record: dict) -> None:
        tally.add(record)
        progress.tick()

    simulate_okey(rounds, seed, Options(mode=mode, doubling=doubling, rounds=1), ("greedy",) * 4, on_record=took)
    return {"seed": seed, "bots": "greedy", **tally.as_json()}


# -- the run -------------------------------------------------------------------------------------------------------


def run(size: str, quiet: bool = False) -> tuple[dict, float]:
    sizes = SIZES[size]
    strong = [pair for pair in MATCHES if "strong" in pair]
    total = (
        len(SNIFF_TABLES) * sizes["sniff"]
        + 2 * sum(sizes["strong"] * STRONG_WEIGHT if pair in strong else sizes["match"] for pair in MATCHES)
        + len(OKEY_TABLES) * sizes["okey"]
    )
    progress = Progress(total, quiet)
    steps: list[tuple[str, Callable[[], dict]]] = []
    seed = SEED
    for rules, players in SNIFF_TABLES:
        seed += 1
        steps.append(
            (
                f"sniff {rules} {players}",
                lambda r=rules, p=players, s=seed: sniff_table(r, p, sizes["sniff"], s, progress),
            )
        )
    for rules in ("american", "classic"):
        for first, second in MATCHES:
            seed += 1
            games = sizes["strong" if (first, second) in strong else "match"]
            steps.append(
                (
                    f"match {rules} {first}-{second}",
                    lambda r=rules, a=first, b=second, g=games, s=seed: sniff_match(
                        r, a, b, g, s, sizes["samples"], progress
                    ),
                )
            )
    for mode, doubling in OKEY_TABLES:
        seed += 1
        steps.append(
            (f"okey {mode} {doubling}", lambda m=mode, d=doubling, s=seed: okey_table(m, d, sizes["okey"], s, progress))
        )
    results = []
    for label, step in steps:
        progress.label = label
        results.append(step())
    elapsed = progress.finish()
    sniff = results[: len(SNIFF_TABLES)]
    matches = results[len(SNIFF_TABLES) : len(SNIFF_TABLES) + 2 * len(MATCHES)]
    okey = results[len(SNIFF_TABLES) + 2 * len(MATCHES) :]
    data = {
        "engine": __version__,
        "size": size,
        "sizes": sizes,
        "command": "python scripts/stats.py" + (" --sample" if size == "sample" else ""),
        "sniff": {"tables": sniff, "matches": matches, "strong_samples": sizes["samples"]},
        "okey": {"tables": okey},
    }
    return data, elapsed


def dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", action="store_true", help="the small run of the tests (a few seconds)")
    parser.add_argument("--out", help="where to write (default docs/data/stats.json, or the sample file); - for stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    data, elapsed = run("sample" if args.sample else "full", quiet=args.quiet)
    text = dumps(data)
    out = args.out or str(SAMPLE if args.sample else DATA)
    if out == "-":
        sys.stdout.write(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
    where = "stdout" if out == "-" else out
    print(f"{where}: {len(text.encode())} bytes in {elapsed:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
