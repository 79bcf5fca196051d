"""The protocols every game implements, so tools above the games stay game-neutral.

A game state is a small, fixed API (in the spirit of OpenSpiel):

    state.players             # the number of seats
    state.current_player      # the seat to act, or None when nobody acts
    state.legal_actions()     # the actions the seat to act may take, in a fixed order
    state.apply_action(a)     # apply one, or its notation text (an EngineError with the reason if illegal)
    state.notation(a)         # an action as the text apply_action reads back
    state.view(seat)          # what that seat may see, and nothing more
    state.is_terminal()       # the game is over
    state.returns()           # each seat's result so far, higher is better (game-defined units)
    state.winners             # the winning seats (partners together) once the game is over, else None

Every registered game (``engine.core.games.GAMES``) implements it; ``tests/test_games.py``
checks each one through this interface alone.

A game whose actions are too many to list (Okey's lay-downs) may return a
representative subset from ``legal_actions`` and check any action with
``validate_action``; ``apply_action`` always validates.

A bot chooses an action from a view alone:

    bot.choose(view) -> action
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GameState(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply_action(self, action: Any) -> Any: ...

    def notation(self, action: Any) -> str: ...

    def view(self, seat: int) -> Any: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> Sequence[int]: ...

    @property
    def winners(self) -> Sequence[int] | None: ...


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, view: Any) -> Any:
        """One legal action, chosen from ``view`` alone."""
