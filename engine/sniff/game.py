"""The game of American Sniff: hands, turns, drawing, deductions and the target.

The state API is small and fixed, like OpenSpiel's: ``Game.current_player``,
``Game.legal_actions()`` (in a deterministic order), ``Game.apply_action()``,
``Game.is_terminal()``, ``Game.scores`` and ``Game.winner``. Each seat sees the
game only through ``Game.view(seat)``, which hides the other hands and the
boneyard order; bots get nothing else.

The game's parts, each a module: ``actions`` (actions, their notation, the events),
``deal`` (a hand's deal), ``hand`` (a hand in play: the rules of a turn), ``view``
(what a seat may know); this module is the game of hands, and names them all.

Randomness: a game has one integer seed (taken from the ``random.Random``
passed in, or given). Hand ``n``'s opener draw and shuffle come from its own
``random.Random`` seeded with the game seed and ``n``, so a game saved in the
middle of a hand and restored from its record carries on exactly as it would have."""

from __future__ import annotations

import random

from ..core.deals import game_seed
from ..core.events import Drew
from .actions import DRAW, PASS, Action, Draw, Event, IllegalActionError, Pass, Passed, Play, Played, parse_action
from .deal import Deal, DealError, hand_rng, shuffled_deal
from .hand import Hand
from .rules import AMERICAN_SNIFF, HandOutcome, Ruleset, side_of
from .view import PlayerView


class Game:
    """A game of hands until a side reaches the target.

    >>> game = Game(2, random.Random(7))
    >>> game.current_player == game.hand.opener
    True
    """

    def __init__(
        self,
        players: int = 2,
        rng: random.Random | None = None,
        *,
        seed: int | None = None,
        ruleset: Ruleset = AMERICAN_SNIFF,
        auto_deal: bool = True,
    ) -> None:
        ruleset.check_players(players)
        self.players = players
        self.ruleset = ruleset
        self.seed = game_seed(seed, rng, auto_deal)
        self.auto_deal = auto_deal
        self.sides = ruleset.sides(players)
        self.target = ruleset.target(players)
        #: Every hand so far; the last one is the hand in play (or the one that just ended).
        self.hands: list[Hand] = []
        if auto_deal:
            self._deal_next()

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score now (seats 0 + 2 and 1 + 3 share one with four players)."""
        return self.hands[-1].scores if self.hands else (0,) * self.sides

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or None."""
        return self.hands[-1].winner if self.hands else None

    def is_terminal(self) -> bool:
        hands = self.hands
        return bool(hands) and hands[-1].winner is not None

    @property
    def needs_deal(self) -> bool:
        """True between hands when the game doesn't deal by itself (``auto_deal=False``)."""
        return self.winner is None and (not self.hands or self.hands[-1].is_over)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over (or waits for a deal)."""
        # A hand in play has a current seat; an ended one (or none yet) has None, whatever comes next.
        return self.hands[-1].current if self.hands else None

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.sides)

    @property
    def partnerships(self) -> bool:
        """Four players as two partnerships (seats 0 + 2 and 1 + 3)."""
        return self.players == 4 and self.sides == 2

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The seats of the side that reached the target (both partners), or None while the game goes on."""
        side = self.winner
        if side is None:
            return None
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def returns(self) -> tuple[int, ...]:
        """Each seat's result so far, higher is better: its side's score."""
        scores = self.scores
        return tuple(scores[self.side_of(seat)] for seat in range(self.players))

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions, in a fixed order (see ``Hand.legal_actions``)."""
        return () if self.current_player is None else self.hands[-1].legal_actions()

    @staticmethod
    def notation(action: Action) -> str:
        """An action in the notation ``apply_action`` reads back (``draw``, ``pass``, ``1|4 on 4|4 line-b``)."""
        return action.notation()

    def apply_action(self, action: Action | str) -> Event:
        """Apply the current player's action (an Action, or its notation) and return what happened; deals the
        next hand when one ends."""
        if isinstance(action, str):
            action = parse_action(action)
        hand = self.hands[-1] if self.hands else None
        if hand is not None and hand.end is None:
            event = hand.apply(action)
            if hand.end is not None and hand.winner is None and self.auto_deal:
                self._deal_next()
            return event
        if self.is_terminal():
            raise IllegalActionError(f"the game is over: side {self.winner} reached {self.target}")
        # No hand in play, and the game is not over: the next hand waits for its deal (auto_deal is off).
        raise IllegalActionError("no hand is in play: deal the next hand first (begin_hand)")

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see of the hand in play (or the hand that just ended)."""
        hands = self.hands
        if not hands:
            raise ValueError("no hand has been dealt yet")
        return hands[-1].view(seat, len(hands))

    # -- dealing ---------------------------------------------------------

    def planned_deal(self) -> Deal:
        """The next hand's deal as the game's seed decides it: the opener (by the ruleset), then the shuffle."""
        if self.seed is None:
            raise ValueError("this game has no seed, so it cannot deal: give each hand's deal to begin_hand")
        if not self.needs_deal:
            raise ValueError("a hand is in play" if self.winner is None else "the game is over")
        index = len(self.hands)
        rng = hand_rng(self.seed, index)
        opener = self.ruleset.opener.forced(self.players, self._previous_outcome())
        lots = None
        if opener is None:
            opener, lots = self.ruleset.draw_opener(self.players, rng)
        return shuffled_deal(self.ruleset, self.players, opener, rng, lots)

    def forced_opener(self) -> int | None:
        """The seat that must open the next hand under the ruleset, or None if a draw decides."""
        return self.ruleset.opener.forced(self.players, self._previous_outcome())

    def _why_forced(self) -> str:
        return getattr(self.ruleset.opener, "why", "the rules say so")

    def _previous_outcome(self) -> HandOutcome | None:
        return self.hands[-1].outcome if self.hands else None

    def begin_hand(self, deal: Deal) -> Hand:
        """Start the next hand with ``deal`` (checked: the 28 tiles, the sizes, a forced opener)."""
        self.check_deal(deal)
        hand = Hand(self.ruleset, self.players, deal, self.scores)
        self.hands.append(hand)
        return hand

    def _deal_next(self) -> None:
        """Start the next hand with ``planned_deal``: a deal made here, by the rules, needs no checking."""
        self.hands.append(Hand(self.ruleset, self.players, self.planned_deal(), self.scores, check=False))

    def check_deal(self, deal: Deal) -> None:
        """Raise DealError unless ``deal`` may start the next hand: its leader (forced, or drawn by lots)."""
        if not self.needs_deal:
            raise ValueError("a hand is in play" if self.winner is None else "the game is over")
        forced = self.forced_opener()
        if forced is not None and deal.opener != forced:
            raise DealError(f"seat {forced} must open this hand ({self._why_forced()}), not seat {deal.opener}")
        if forced is not None and deal.lots is not None:
            raise DealError(f"seat {forced} leads this hand without lots: the deal has lots it should not have")
        if forced is None and self.ruleset.draws_lots and deal.lots is None:
            raise DealError("the leader of this hand is drawn by lots, but the deal has no lots")

    def __repr__(self) -> str:
        if self.is_terminal():
            state = f"winner side {self.winner}"
        elif self.needs_deal:
            state = "waiting for the next deal"
        else:
            state = f"seat {self.current_player} to play"
        return f"<Game {self.players} players, hand {len(self.hands)}, scores {list(self.scores)}, {state}>"


__all__ = [
    "DRAW",
    "PASS",
    "Action",
    "Deal",
    "DealError",
    "Draw",
    "Drew",
    "Event",
    "Game",
    "Hand",
    "IllegalActionError",
    "Pass",
    "Passed",
    "Play",
    "Played",
    "PlayerView",
    "hand_rng",
    "parse_action",
    "shuffled_deal",
]
