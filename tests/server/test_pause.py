"""The pause between rounds (or hands): the finished one stays on the table, with how it ended, until the pause's
end deals the next (a server killed during a pause carries it on: ``test_restart.py``)."""

from __future__ import annotations

import asyncio
import time

import pytest

from .support import Player, run
from .test_games import okey_pick, seated
from .test_protocol import error_of

#: Per game: the options of a game of several parts, the board's part number, and how a part's end is settled.
GAMES = {
    "sniff": ({"players": 2}, "part", "deductions"),
    "okey": ({"rounds": 3}, "part", "settlement"),
}


def latest(players: list[Player]) -> dict:
    return max((p.state for p in players if p.state), key=lambda s: s["version"])


async def play_until(players: list[Player], done, pick=None, timeout: float = 60) -> dict:
    """Each seat to move plays one of its ``legal`` actions until ``done(latest state)``; that state."""
    pick = pick or (lambda legal: legal[0])
    by_seat = {player.seat: player for player in players}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = latest(players)
        if done(state):
            return state
        player = by_seat.get(state["current"])
        if player is None or player.state["version"] != state["version"] or not player.state["legal"]:
            await asyncio.sleep(0.01)
            continue
        answer = await player.act(pick(player.state["legal"]))
        assert answer["ok"] or answer["error"]["code"] in ("stale", "not-your-turn"), answer
    raise AssertionError(f"not reached in time; last state {latest(players)}")


def check_held(state: dict, part: str, settled: str, version: int, now_ms: float | None) -> None:
    """A state of the pause: the finished part on the board with its end and settlement, nobody to play; its pause
    ends after ``now_ms`` (None: a pause whose end may have passed, the next part not dealt yet)."""
    assert state["version"] == version and state["status"] == "playing"
    assert state["current"] is None and state["legal"] == [] and state["deadline"] is None
    assert state["pause"] is not None and (now_ms is None or state["pause"] > now_ms)
    board = state["board"]
    assert board[part] == 1 and board["end"] is not None
    assert isinstance(board[settled], list) and len(board[settled]) > 0
    assert state["events"]  # the finished part's events, its last action among them


@pytest.mark.parametrize("game", list(GAMES))
def test_the_finished_round_stays_on_the_table_during_the_pause(server, game):
    options, part, settled = GAMES[game]
    pick = okey_pick if game == "okey" else None

    async def main():
        # A pause of 3 s: with 1 s, on a busy machine (two browser tests beside it), the test once held the second
        # hand's pause for the first's: the first pause had ended before the clients looked, and they played on.
        players, _ = await seated(
            server.url, game, options["players"] if game == "sniff" else 4, {**options, "pause": 3}
        )
        ended = await play_until(players, lambda s: s["pause"] is not None, pick)
        seen = time.time() * 1000
        version = ended["version"]
        for player in players:
            await player.wait(lambda s, version=version: s["version"] >= version)
        held = [dict(player.state) for player in players]
        refused = [error_of(await player.act(pick(["draw"]) if pick else "pass")) for player in players]
        dealt = await players[0].wait(lambda s, version=version: s["version"] > version, timeout=10)
        arrived = time.time() * 1000
        missed = (await players[0].rejoin(version - 1))["missed"]
        for player in players:
            await player.close()
        return held, refused, dealt, seen, arrived, missed

    held, refused, dealt, seen, arrived, missed = run(main())
    version = held[0]["version"]
    for state in held:
        check_held(state, part, settled, version, seen)
        assert state["pause"] == held[0]["pause"]
    assert refused == ["not-your-turn"] * len(held)
    # The pause over, the next part is dealt (one more version) and broadcast; its turn starts then.
    assert arrived >= held[0]["pause"]
    assert dealt["version"] == version + 1 and dealt["pause"] is None
    assert dealt["board"][part] == 2 and dealt["board"]["end"] is None and dealt["events"] == []
    assert dealt["current"] is not None
    assert [item["kind"] for item in missed] == ["act", "deal"]
    assert missed[1] == {"version": version + 1, "kind": "deal", "seat": None}


def test_without_a_pause_the_next_hand_is_dealt_at_once(server):
    async def main():
        players, _ = await seated(server.url, "sniff", 2, {"pause": 0})
        await play_until(players, lambda s: s["board"]["part"] == 2)
        missed = (await players[0].rejoin(0))["missed"]
        for player in players:
            await player.close()
        return players, missed

    players, missed = run(main())
    assert "deal" not in {item["kind"] for item in missed}
    for player in players:
        states = [message.get("state") for kind, message in player.messages if kind == "state"]
        assert states and all(state["pause"] is None and state["board"]["end"] is None for state in states)
