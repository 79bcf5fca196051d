"""Saves made by the board of the release before these ops were written once (main at 8d2ec8c): each game's save,
and the resume arguments its vault meta keeps beside it (``docs/assets/board/worker.mjs`` restore: the meta's
``resume``, then the save), resume through today's ops, where they stopped, and go on exactly as that board went
on (its bots' and its player's next moves, recorded then: ``tests/data/main-board-saves.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.games import GAMES
from tests.support.ops import call

SAVES = json.loads((Path(__file__).parent / "data" / "main-board-saves.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("kept", SAVES, ids=[kept["game"] for kept in SAVES])
def test_a_save_of_the_release_before_resumes_and_goes_on_as_it_would_have(kept):
    name = kept["game"]
    spec = GAMES[name]
    # As the worker calls it: the meta's resume arguments, then the save.
    view = call(f"{name}.resume", **{**kept["meta"]["resume"], "save": kept["save"], "lang": "en"})
    assert (view["phase"], view["moves"]) == (kept["phase"], kept["moves"])
    assert view["save"] == kept["save"]
    went_on = []
    for _ in kept["next"]:
        if view["phase"] == "you":
            view = call(f"{name}.act", game=view["game"], action=view["actions"][0]["action"])
        else:
            view = call(f"{name}.bot", game=view["game"])
        went_on.append(view["save"][spec.parts][-1]["events"][-1])
    assert went_on == kept["next"]
