"""The protocols every game implements, so tools above the games stay game-neutral.

A game state is a small, fixed API (in the spirit of OpenSpiel):

    state.current_player      # the seat to act, or None when nobody acts
    state.legal_actions()     # the actions the seat to act may take, in a fixed order
    state.apply_action(a)     # apply one (raises an EngineError with the reason if illegal)
    state.view(seat)          # what that seat may see, and nothing more
    state.is_terminal()       # the game is over
    state.returns()           # each seat's result so far (game-defined units)

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
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply_action(self, action: Any) -> Any: ...

    def view(self, seat: int) -> Any: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> Sequence[int]: ...


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, view: Any) -> Any:
        """One legal action, chosen from ``view`` alone."""
