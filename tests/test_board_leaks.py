"""The browser tests' check of what a page received (tests/support/saves.py ``leaks``) finds each kind of leak."""

from __future__ import annotations

import json

from engine.board.session import call
from engine.okey.record import replay
from tests.support.saves import leaks


def test_the_check_finds_the_save_the_seed_the_pile_and_another_seats_tiles_and_passes_a_clean_reply():
    view = call("okey.new", {"seed": 123_456_789, "lang": "en"})
    save = view.pop("save")
    state = replay(save).round
    hidden = {seat: [t.notation() for t in state.rack(seat)] for seat in range(4)}
    assert leaks([json.dumps(view)], save, "rounds", hidden) == []
    assert leaks([json.dumps(view | {"save": save})], save, "rounds", hidden)
    assert leaks([json.dumps({"n": 123_456_789})], save, "rounds", hidden)
    pile = save["rounds"][0]["pile"]
    assert leaks([json.dumps({"next": pile[5:9]}, separators=(",", ":"))], save, "rounds", hidden)
    assert leaks([json.dumps({"bot": sorted(hidden[2])[:6]})], save, "rounds", hidden)
    assert leaks([json.dumps({"own": view["rack"]})], save, "rounds", hidden) == [], "the seat sees its own tiles"
