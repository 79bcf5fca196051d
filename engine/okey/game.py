"""A game of Okey: rounds of turns, charges, the four ends and the settlement.

The state API is the engine's (``engine.core.protocols.GameState``):
``Game.current_player``, ``Game.legal_actions()``, ``Game.validate_action(a)``,
``Game.apply_action(a)``, ``Game.view(seat)``, ``Game.is_terminal()`` and
``Game.returns()``. ``legal_actions`` is a representative subset, in a fixed
order: lay-downs are too many to list, so it offers the solver's best ones
(the best opening with melds, the most pairs, the best further melds), every
lay-off and seize, and every discard; ``validate_action`` judges any action.
The game's parts, each a module: ``actions`` (actions and their notation), ``deal`` (a round's deal),
``round`` (a round in play) and ``checks`` (what an action must satisfy), ``view`` (what a seat may know);
this module is the game of rounds, and names them all.

Randomness: a game has one integer seed. Round ``n``'s shuffle comes from its own
``random.Random`` seeded with the game's seed and ``n``, so a game restored from
its record, even mid-round, goes on exactly as it would have.
"""

from __future__ import annotations

import random

from ..core.deals import game_seed
from ..core.errors import EngineError, quote
from .actions import (
    DECLINE,
    DRAW,
    TAKE,
    Action,
    Decline,
    Discard,
    IllegalActionError,
    LayMelds,
    LayOff,
    LayPairs,
    Seize,
    Take,
    event_action,
    illegal,
    lay_melds,
    lay_pairs,
    parse_action,
)
from .checks import DRAW_PHASE, PLAY_PHASE
from .deal import SEATS, Deal, round_rng, shuffled_deal
from .events import Charge, Declined, Discarded, Drew, Event, LaidMelds, LaidOff, LaidPairs, RoundEnd, Seized, Took
from .melds import TableItem
from .round import Round
from .rules import PAIRS_MODE, Options
from .tiles import FALSE_JOKER
from .view import OkeyView

# -- the game ------------------------------------------------------------------


class Game:
    """A game of 1 or 3 rounds; the lowest total wins.

    >>> game = Game(seed=7)
    >>> game.current_player, len(game.round.rack(0))
    (0, 15)
    """

    def __init__(
        self,
        options: Options | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        auto_deal: bool = True,
    ) -> None:
        self.options = options or Options()
        self.seed = game_seed(seed, rng, auto_deal)
        self.auto_deal = auto_deal
        self.rounds: list[Round] = []
        if auto_deal:
            self.begin_round(self.planned_deal())

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * SEATS
        for state in self.rounds:
            scores = state.scores
            if scores is not None:
                totals = [a + b for a, b in zip(totals, scores, strict=True)]
        return tuple(totals)

    def running_totals(self) -> tuple[int, ...]:
        """The totals with the charges of the round in play counted already."""
        totals = list(self.totals)
        state = self.round
        if state is not None and not state.is_over:
            totals = [a + b for a, b in zip(totals, state.charges, strict=True)]
        return tuple(totals)

    @property
    def winner(self) -> list[int] | None:
        if not self.is_terminal():
            return None
        return self.options.winners(self.totals)

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winning seats (both partners in pairs mode), or None while the game goes on."""
        winner = self.winner
        return None if winner is None else tuple(winner)

    @property
    def players(self) -> int:
        return SEATS

    @staticmethod
    def notation(action: Action) -> str:
        """An action in the notation ``apply_action`` reads back (``draw``, ``discard R7``, ...)."""
        return action.notation()

    def is_terminal(self) -> bool:
        return len(self.rounds) == self.options.rounds and self.rounds[-1].is_over

    @property
    def needs_deal(self) -> bool:
        return not self.is_terminal() and (not self.rounds or self.rounds[-1].is_over)

    @property
    def current_player(self) -> int | None:
        return None if self.needs_deal or self.is_terminal() else self.rounds[-1].current

    def returns(self) -> tuple[int, ...]:
        """Each seat's result so far, higher is better: minus its running total (the lowest total wins); in pairs
        mode minus its side's, which partners share."""
        totals = self.running_totals()
        if self.options.mode == PAIRS_MODE:
            return tuple(-(totals[seat % 2] + totals[seat % 2 + 2]) for seat in range(SEATS))
        return tuple(-total for total in totals)

    def legal_actions(self) -> list[Action]:
        return [] if self.current_player is None else self.rounds[-1].legal_actions()

    def validate_action(self, action: Action) -> None:
        self._check_in_play()
        self.rounds[-1].validate(action)

    def _check_in_play(self) -> None:
        if self.is_terminal():
            raise illegal("the game is over", "okey-game-over")
        if self.needs_deal:
            raise illegal("no round is in play: deal the next round first", "okey-needs-deal")

    def apply_action(self, action: Action | str) -> Event:
        """Apply the current seat's action (an Action, or its notation) and return the event; deals the next
        round when one ends and the game goes on."""
        self._check_in_play()
        state = self.rounds[-1]
        if isinstance(action, str):
            action = parse_action(action, state.okey)
        event = state.apply(action)
        if state.is_over and not self.is_terminal() and self.auto_deal:
            self.begin_round(self.planned_deal())
        return event

    def event_records(self, seat: int) -> list[dict]:
        """The round's events as ``seat`` saw them, as the record writes them (what ``view(seat).as_json()``
        holds), each written once per seat however many views are made."""
        self.view_check(seat)
        return self.rounds[-1].records_for(seat)

    def view_check(self, seat: object) -> None:
        """``EngineError`` unless ``seat`` is one of the game's and a round has been dealt."""
        if not (isinstance(seat, int) and 0 <= seat < SEATS):
            raise EngineError(f"seat {quote(seat)} is not in the game (seats 0 to 3)", code="okey-seat")
        if not self.rounds:
            raise EngineError("no round has been dealt yet", code="okey-needs-deal")

    def view(self, seat: int) -> OkeyView:
        self.view_check(seat)
        state = self.rounds[-1]
        mine = state.current == seat
        return OkeyView(
            seat=seat,
            options=self.options,
            round_number=len(self.rounds),
            starter=state.starter,
            indicator=state.indicator,
            okey=state.okey,
            rack=state.rack(seat),
            table=tuple(state.table),
            rack_sizes=state.rack_sizes,
            pile_size=state.pile_size,
            opened=tuple(state.opened),
            last_opening=state.last_opening,
            threshold=state.threshold(),
            last_discard=state.last_discard,
            discards=tuple(tuple(d) for d in state.discards),
            charges=tuple(state.charges),
            totals=self.totals,
            current_player=state.current,
            phase=state.phase,
            taken=state.taken if mine else None,
            taken_used=state.taken_used if mine else True,
            taken_closed=state.taken_closed if mine else False,
            opened_now=state.opened_now if mine else False,
            events=state.seen_by(seat),
            legal_actions=tuple(state.legal_actions()) if mine else (),
            end=state.end,
            settlement=None if state.settlement is None else tuple(state.settlement),
        )

    # -- dealing ---------------------------------------------------------

    def next_starter(self) -> int:
        """Round 1 starts with seat 0; each later round with the next seat."""
        return len(self.rounds) % SEATS

    def planned_deal(self) -> Deal:
        if self.seed is None:
            raise EngineError("this game has no seed, so it cannot deal", code="okey-no-seed")
        return shuffled_deal(self.next_starter(), round_rng(self.seed, len(self.rounds)))

    def begin_round(self, deal: Deal) -> Round:
        if not self.needs_deal:
            raise EngineError("a round is in play" if not self.is_terminal() else "the game is over")
        if deal.starter != self.next_starter():
            raise EngineError(
                f"seat {self.next_starter()} starts round {len(self.rounds) + 1}, not seat {deal.starter}",
                code="okey-deal-starter",
            )
        state = Round(self.options, deal, len(self.rounds) + 1)
        self.rounds.append(state)
        return state

    def __repr__(self) -> str:
        state = f"over, winner {self.winner}" if self.is_terminal() else f"seat {self.current_player} to play"
        return f"<Okey game, round {len(self.rounds)}/{self.options.rounds}, totals {list(self.totals)}, {state}>"


__all__ = [
    "DECLINE",
    "DRAW",
    "DRAW_PHASE",
    "FALSE_JOKER",
    "PLAY_PHASE",
    "SEATS",
    "TAKE",
    "Action",
    "Charge",
    "Deal",
    "Decline",
    "Declined",
    "Discard",
    "Discarded",
    "Drew",
    "Event",
    "Game",
    "IllegalActionError",
    "LaidMelds",
    "LaidOff",
    "LaidPairs",
    "LayMelds",
    "LayOff",
    "LayPairs",
    "OkeyView",
    "Round",
    "RoundEnd",
    "Seize",
    "Seized",
    "TableItem",
    "Take",
    "Took",
    "event_action",
    "lay_melds",
    "lay_pairs",
    "parse_action",
    "round_rng",
    "shuffled_deal",
]
