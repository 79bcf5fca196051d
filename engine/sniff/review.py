"""The review of a finished Sniff game, for one seat, from its record alone (American and classic Sniff).

Every hand is played again from the record; at each of the seat's moves the review looks at every legal
action of that moment. It only reads a finished record, where every tile is public, so it shows nothing a
seat may not see.

- ``score`` / ``counted`` / ``joins``: a placement that scored less than the most any legal placement could
  have (``joins`` when the same tile on another join would have; ``counted`` when it scored nothing but a
  scoring placement existed). Exact: the points are the rules' own.
- ``joins`` (severity 0): draws that were forced, because no tile in hand matched an open end.
- ``deduction``: the hand-end deduction (American Sniff), and what keeping a lighter tile, by placing a
  heavier one that stayed in hand instead, would have saved, had the rest of the hand gone the same way.
- ``best``: the hand as a whole, estimated by the strong bot's method (guesses of the hidden tiles as the
  seat saw them, each move played out greedily to the hand's end): an estimate, said to be one.

A remark's ``severity`` is in placement counts (classic Sniff's fives times 5), so the worst remarks of a
game can be picked whatever the ruleset; ``kind`` names the practice exercise that trains it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import practice
from .bots.inference import hidden_slots, sample_hidden, unseen_tiles
from .bots.strong import rollout
from .game import DRAW, PASS, Drew, Game, Hand, Play, Played
from .layout import placement_score
from .record import replay
from .rules import round_to_five

KINDS = ("score", "counted", "joins", "deduction", "best")
#: Guesses of the hidden tiles per move for the whole-hand estimate (the board's strong bot uses 24).
ESTIMATE_SAMPLES = 12


@dataclass(frozen=True)
class Remark:
    """One remark: ``kind`` (a practice exercise), ``severity`` (0 for information), where, and the figures."""

    kind: str
    severity: int
    hand: int  # from 1
    move: int | None  # the event's index in the hand (from 0), None for the hand as a whole
    facts: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"kind": self.kind, "severity": self.severity, "hand": self.hand, "move": self.move, **self.facts}


@dataclass(frozen=True)
class Review:
    seat: int
    players: int
    rules: str
    remarks: tuple[Remark, ...]

    def worst(self, count: int = 3) -> list[Remark]:
        """The ``count`` remarks with the highest severity (information left out), in the game's order.

        The strong bot's whole-hand estimate ranks at half its severity: it is an estimate."""
        ranked = sorted(
            (r for r in self.remarks if r.severity > 0),
            key=lambda r: -(r.severity / 2 if r.kind == "best" else r.severity),
        )[:count]
        return sorted(ranked, key=lambda r: (r.hand, -1 if r.move is None else r.move))


def _action_of(hand: Hand, event) -> object:
    if type(event) is Played:
        for action in hand.legal_actions():
            if type(action) is Play and action.placement == event.placement:
                return action
        raise ValueError(f"the record's placement {event.placement} is not legal here")
    return DRAW if type(event) is Drew else PASS


def _points(hand: Hand, action: Play) -> int:
    return hand.ruleset.placement_points(placement_score(hand.layout.total_after(action.placement)))


def _placement_remark(hand: Hand, number: int, index: int, event: Played, five: int) -> Remark | None:
    plays = [a for a in hand.legal_actions() if type(a) is Play]
    scored = {a: _points(hand, a) for a in plays}
    best = max(scored.values())
    got = event.points
    if best <= got:
        return None
    tile = event.placement.tile
    same = [a for a in plays if a.placement.tile == tile and scored[a] == best]
    better = same[0] if same else max((a for a in plays if scored[a] == best), key=lambda a: a.placement.tile.pips)
    kind = "joins" if same else ("counted" if got == 0 else "score")
    return Remark(
        kind,
        (best - got) * five,
        number,
        index,
        {
            "played": event.placement.notation(),
            "points": got,
            "best": best,
            "better": better.placement.notation(),
            "layout": [p.notation() for p in hand.layout.placements],
        },
    )


def review_game(game: Game, seat: int, *, samples: int = ESTIMATE_SAMPLES, estimate: bool = True) -> Review:
    """The review of ``game`` (a replayed record: every hand finished or not) for ``seat``."""
    if not 0 <= seat < game.players:
        raise ValueError(f"seat {seat} is not in this game (seats 0 to {game.players - 1})")
    five = 5 if game.ruleset.placement_points(15) == 3 else 1
    remarks: list[Remark] = []
    rng = random.Random(f"review:{game.seed}:{seat}")
    for number, played in enumerate(game.hands, start=1):
        if played.end is None:
            continue  # a hand in play is never reviewed: it would show hidden tiles
        hand = Hand(game.ruleset, game.players, played.deal, played.start_scores)
        plays: list[tuple[int, Play, list[Play]]] = []  # the seat's placements and the heavier tiles it could place
        draws: list[int] = []
        estimated, worst, worst_move, worst_size = 0.0, 0.0, None, 0
        for index, event in enumerate(played.events):
            action = _action_of(hand, event)
            if event.seat == seat:
                if type(event) is Played:
                    remark = _placement_remark(hand, number, index, event, five)
                    if remark is not None:
                        remarks.append(remark)
                    others = [a for a in hand.legal_actions() if type(a) is Play]
                    plays.append((index, action, others))
                if type(event) is Drew:
                    draws.append(index)
                elif draws:
                    remarks.append(_draws_remark(hand, number, draws))
                    draws = []
                if estimate and type(event) is Played:
                    best, chosen = _estimate_move(hand, seat, number, rng, samples, action)
                    estimated += best - chosen
                    if best - chosen > worst:
                        worst, worst_move, worst_size = best - chosen, index, len(hand.layout)
            hand.apply_legal(action)
        if draws:
            remarks.append(_draws_remark(hand, number, draws))
        if hand.deductions is not None and hand.deductions[seat] > 0:
            remarks.append(_deduction_remark(hand, seat, number, plays))
        if estimate:
            remarks.append(
                Remark(
                    "best",
                    max(round(estimated), 0) * five,
                    number,
                    None,
                    {
                        "estimate": max(round(estimated, 1), 0.0),
                        "samples": samples,
                        "worst_move": worst_move,
                        "worst": round(worst, 1),
                        # The layout's size at the worst move (at the hand's end if none): the drill's level.
                        "placements": worst_size if worst_move is not None else len(hand.layout),
                    },
                )
            )
    return Review(seat, game.players, game.ruleset.key, tuple(remarks))


def _estimate_move(hand: Hand, seat: int, number: int, rng, samples: int, chosen: Play) -> tuple[float, float]:
    """(the strong bot's choice's mean value, the chosen action's), for the seat, from its view.

    One set of guesses picks the strong bot's choice; a second, fresh set measures the two, so that the
    luck that made an action look best does not make the difference look larger than it is."""
    view = hand.view(seat, number)
    actions = view.legal_actions
    if len(actions) < 2:
        return 0.0, 0.0
    unseen, slots = unseen_tiles(view), hidden_slots(view)
    layout = view.layout.copy()

    def values(candidates) -> list[float]:
        totals = [0.0] * len(candidates)
        for _ in range(samples):
            hands, boneyard = sample_hidden(unseen, slots, view.players, rng)
            hands[seat] = list(view.tiles)
            guess = Hand.position(view.ruleset, view.players, layout, hands, boneyard, seat, view.scores)
            for i, action in enumerate(candidates):
                guess.apply_legal(action)
                totals[i] += rollout(guess, view.side, 0)
                guess.undo()
        return [total / samples for total in totals]

    first = values(actions)
    best = actions[max(range(len(actions)), key=lambda i: (first[i], -i))]
    if best is chosen:
        return 0.0, 0.0
    fresh = values((best, chosen))
    return fresh[0], fresh[1]


def _draws_remark(hand: Hand, number: int, draws: list[int]) -> Remark:
    return Remark(
        "joins",
        0,
        number,
        draws[0],
        {"draws": len(draws), "open": sorted(hand.layout.open_values()), "placements": len(hand.layout)},
    )


def _deduction_remark(hand: Hand, seat: int, number: int, plays: list[tuple[int, Play, list[Play]]]) -> Remark:
    left = hand.tiles(seat)
    pips = sum(tile.pips for tile in left)
    deduction = hand.deductions[seat]
    best: tuple[int, int | None, Play | None, Play | None] = (0, None, None, None)
    for index, placed, others in plays:
        for other in others:
            tile = other.placement.tile
            if tile in left and tile.pips > placed.placement.tile.pips:
                saved = deduction - round_to_five(pips - tile.pips + placed.placement.tile.pips)
                if saved > best[0]:
                    best = (saved, index, placed, other)
    saved, index, placed, other = best
    facts = {
        "deduction": deduction,
        "pips": pips,
        "left": [tile.notation() for tile in left],
        "saved": saved,
        "at": index,
        "kept": None if placed is None else placed.placement.tile.notation(),
        "instead": None if other is None else other.placement.notation(),
    }
    return Remark("deduction", saved, number, None, facts)


def exercise_for(remark: dict, players: int, rules: str) -> tuple[str, int, str]:
    """The practice exercise that trains ``remark`` (``Remark.as_json()``) at a similar position: its kind,
    level (``practice.level``'s scale) and rules (``american`` for the kinds classic Sniff shares).

    The level is the practice level whose layouts are as long as the remark's (``practice.LAYOUT_SIZE``:
    placements after the opener); a deduction's, the one whose hands are as many and as long."""
    kind = remark["kind"]
    if kind == "deduction":
        tiles = len(remark["left"])
        level = next(
            (lvl for lvl, most in enumerate(DEDUCTION_TILES) if tiles <= most and players <= DEDUCTION_PLAYERS[lvl]),
            practice.LEVELS - 1,
        )
    else:
        size = remark.get("placements", len(remark.get("layout", ())))
        level = next(
            (lvl for lvl, (_low, high) in enumerate(practice.LAYOUT_SIZE) if size <= high), practice.LEVELS - 1
        )
    return kind, level, rules if kind in practice.CLASSIC_KINDS else "american"


#: The practice's deduction exercises by level: the most tiles a hand holds, and the most players.
DEDUCTION_TILES = (2, 3, 4, 5, 5)
DEDUCTION_PLAYERS = (2, 3, 4, 4, 4)


def review(record: object, seat: int, *, samples: int = ESTIMATE_SAMPLES, estimate: bool = True) -> Review:
    """Replay a Sniff record (checked, ``engine.sniff.record.replay``) and review it for ``seat``."""
    return review_game(replay(record), seat, samples=samples, estimate=estimate)
