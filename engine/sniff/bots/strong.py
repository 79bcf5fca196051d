"""The strong bot: Monte Carlo over guesses of the hidden tiles, with greedy roll-outs.

For each guess of the other hands and the boneyard order that fits what the bot
has seen (``inference``), every candidate action is played and the hand rolled
out to its end, every seat playing greedily (highest placement score, heaviest
tile on ties). An action's value is the bot's side's score minus the best other
side's score after the hand, plus a large bonus when the roll-out reaches the
target (minus it when another side does). Guesses go on until the time budget
is spent; the action with the highest total wins, the first in order on ties.

The same guess is used for every candidate, so the comparison between them is
not blurred by the luck of the guess. Roll-outs place and undo on one layout
(``Hand.apply`` / ``Hand.undo``), so a guess costs no copying.
"""

from __future__ import annotations

import random
import time

from ..game import Action, Hand, PlayerView
from .inference import hidden_slots, sample_hidden, unseen_tiles
from .simple import greedy_choice

DEFAULT_BUDGET_MS = 200.0


class StrongBot:
    """Determinized Monte Carlo search within ``budget_ms`` per move (or exactly ``samples`` guesses)."""

    name = "strong"

    def __init__(self, rng: random.Random, budget_ms: float = DEFAULT_BUDGET_MS, samples: int | None = None) -> None:
        if budget_ms <= 0 and samples is None:
            raise ValueError("the strong bot needs a positive time budget or a number of samples")
        self.rng = rng
        self.budget_ms = budget_ms
        self.samples = samples
        #: Guesses searched for the last move with a choice (for benchmarks).
        self.last_samples = 0

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if len(actions) == 1:
            return actions[0]
        deadline = time.perf_counter() + self.budget_ms / 1000
        totals = self.search(view, deadline)
        return actions[max(range(len(actions)), key=lambda i: (totals[i], -i))]

    def search(self, view: PlayerView, deadline: float) -> list[float]:
        """Each legal action's total value over as many guesses as the budget allows."""
        actions = view.legal_actions
        unseen = unseen_tiles(view)
        slots = hidden_slots(view)
        bonus = view.target
        totals = [0.0] * len(actions)
        layout = view.layout.copy()  # the view's layout is read-only: roll-outs place and undo on a copy
        samples = 0
        started = time.perf_counter()
        while True:
            hands, boneyard = sample_hidden(unseen, slots, view.players, self.rng)
            hands[view.seat] = list(view.tiles)
            hand = Hand.position(view.ruleset, view.players, layout, hands, boneyard, view.seat, view.scores)
            for i, action in enumerate(actions):
                hand.apply_legal(action)
                totals[i] += rollout(hand, view.side, bonus)
                hand.undo()
            samples += 1
            if self.samples is not None:
                if samples >= self.samples:
                    break
            else:
                # Stop when another guess or two, as long as the average one, would end past the deadline:
                # the budget is a limit, not a target.
                now = time.perf_counter()
                if now + 2 * (now - started) / samples > deadline:
                    break
        self.last_samples = samples
        return totals


def rollout(hand: Hand, side: int, bonus: float) -> float:
    """Play the hand out greedily; its value for ``side``; then undo back to where it started."""
    steps = 0
    while hand.end is None:
        hand.apply_legal(greedy_choice(hand.layout, hand.legal_actions()))
        steps += 1
    value = evaluate(hand, side, bonus)
    for _ in range(steps):
        hand.undo()
    return value


def evaluate(hand: Hand, side: int, bonus: float) -> float:
    """The side's score minus the best other side's, plus ``bonus`` for a win (minus it for a loss)."""
    scores = hand.scores
    value = scores[side] - max(score for other, score in enumerate(scores) if other != side)
    if hand.winner is not None:
        value += bonus if hand.winner == side else -bonus
    return value
