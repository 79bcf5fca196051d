"""An online table's state as the board draws it, for every game: ``online_view``; a seat's, or a spectator's
(``seat`` null: no hand, no move, nobody is "you"), with the names people typed for the seats (``names``).

The table server (``server/``, ``spec/online-tables.md``) sends each seat a ``state``: its view of the part in
play (``board``: ``GameSpec.view_json`` less the envelope's ``events``, ``legal`` and ``hand``, which are the
state's own) and the record of the finished parts (``parts``, without the seed) or, at the end, the whole record.
``online_view`` reads the seat's view back (``GameSpec.view_from_json``), replays the finished parts (public: the
engine checks them, so a part's end, the scores and the chart are its own) and draws that position with the
game's board, exactly as a game against the bots is drawn: nothing hidden is ever guessed.

The finished parts are replayed once: the worker keeps the last few replayed records (``Pasts``) and replays only
the parts a new state adds, so the parts of a long game are not replayed again at every move. The seat's
position is kept too, under the id the reply gives (``game``), for the game's own ops on a seat's view.
"""

from __future__ import annotations

from collections import OrderedDict

from ..core import sessions
from ..core.sessions import PlayError, Position, board_of, check_language
from .ops import GAME_OPS

#: How many replayed records the worker keeps (one per table the page shows; a few, to be safe).
KEEP_PASTS = 4


class Pasts:
    """Replayed records, each kept as its envelope (the record less its parts), its parts and the game they
    replay into; a record that adds parts to a kept one is replayed from where that one ended."""

    def __init__(self, keep: int = KEEP_PASTS) -> None:
        self.keep = keep
        self._kept: OrderedDict[int, tuple[dict, list, object]] = OrderedDict()
        self.replayed = 0  # parts replayed so far (tests and benchmarks read it)

    def game(self, spec, record: dict) -> object:
        """The game ``record`` replays into (every part checked), from a kept one when ``record`` adds parts."""
        parts = record[spec.parts]
        envelope = {key: value for key, value in record.items() if key != spec.parts}
        for key, (kept_envelope, kept_parts, game) in self._kept.items():
            known = len(kept_parts)
            if kept_envelope == envelope and known <= len(parts) and parts[:known] == kept_parts:
                del self._kept[key]  # a record that does not replay leaves no half-extended game behind
                if known < len(parts):
                    spec.extend(game, record, known)
                    self.replayed += len(parts) - known
                self._keep(envelope, parts, game)
                return game
        game = spec.replay(record)
        self.replayed += len(parts)
        self._keep(envelope, parts, game)
        return game

    def _keep(self, envelope: dict, parts: list, game: object) -> None:
        self._kept[id(game)] = (envelope, list(parts), game)
        while len(self._kept) > self.keep:
            self._kept.popitem(last=False)


pasts = Pasts()


#: The longest name a seat may have (the server's bound, spec/online-tables.md): a longer one is cut.
NAME_LENGTH = 32


def _names(state: dict, players: int) -> tuple | None:
    """The names people typed, by seat, as the page hands them over (``names``: a list, each a text or null); None
    without any. A name is only ever text the boards put in text nodes, cut to its bound."""
    names = state.get("names")
    if not isinstance(names, list) or len(names) != players:
        return None
    kept = tuple(name.strip()[:NAME_LENGTH] or None if isinstance(name, str) else None for name in names)
    return kept if any(kept) else None


def _checked(state: object) -> dict:
    if not isinstance(state, dict) or not isinstance(state.get("board"), dict):
        raise PlayError("an online table's state has a board", code="arguments")
    for key in ("events", "legal", "hand"):
        if not isinstance(state.get(key), list):
            raise PlayError(f"an online table's state has its {key}", code="arguments")
    return state


@GAME_OPS.op
def online_view(spec, state: dict, lang: str = "en") -> dict:
    """The board's view of an online table's ``state`` from its seat, with the record a player may download."""
    check_language(lang)
    state = _checked(state)
    record = state.get("record") if state.get("over") else state.get("parts")
    past = pasts.game(spec, record) if isinstance(record, dict) and record.get(spec.parts) else None
    board = state["board"] | {key: state[key] for key in ("events", "legal", "hand")}
    # A spectator's state (no seat): the public part of a seat's view, read as seat 0's with nothing of its own, and
    # drawn with no seat as the board's ("you" is nobody's).
    watching = state.get("seat") is None and board.get("seat") is None
    if watching:
        board = board | {"seat": 0, "hand": [], "legal": []}
    seen = spec.view_from_json(board)
    done = tuple(spec.parts_of(past)) if past is not None else ()
    names = _names(state, board.get("players", 0))
    position = Position(seen, done, past is not None and past.is_terminal(), watching=watching, names=names)
    options = state.get("options") if isinstance(state.get("options"), dict) else {}
    settings = spec.check_table_options(
        {option.name: options[option.name] for option in spec.table_options if option.name in options}
    )
    view = board_of(spec).draw(position, lang, settings)
    key = sessions.store(spec.name, "online").add((position, settings))
    return view | {
        "online": True,
        "record": record or None,
        "moves": state.get("version", 0),
        "canDeal": False,
        "game": key,
    }
