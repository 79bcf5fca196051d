"""Whole games at real tables: human seats only, every move one of the seat's ``legal`` actions, and nothing
another seat may not see in anything a seat receives."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys

from engine.core.games import game_spec
from engine.core.sessions import finished_record

from .support import ROOT, Player, play_out, run

SNIFF_TILES = {f"{low}|{high}" for high in range(7) for low in range(high + 1)}


async def seated(
    url: str, game: str, seats: int, options: dict, watchers: list[Player] | None = None
) -> tuple[list[Player], dict]:
    """Every seat taken, the table playing; each of ``watchers`` (if any) connected and watching it first."""
    creator = await Player(url).connect()
    created = await creator.create(game, ["human"] * seats, options)
    for watcher in watchers or ():
        await (await watcher.connect()).watch(created["table"], created["invite"])
    players = [creator]
    for _ in range(seats - 1):
        player = await Player(url).connect()
        await player.join(created["table"], created["invite"])
        players.append(player)
    for player in players:
        await player.wait(lambda state: state["status"] == "playing")
    return players, created


async def finish(players: list[Player], pick=None) -> tuple[dict, list[dict]]:
    """Play to the end; then the table's whole log, as a seat rejoining from version 0 gets it (``missed``)."""
    final = await play_out(players, pick=pick, timeout=60)
    for player in players:
        await player.wait(lambda state: state["over"])
    missed = (await players[0].rejoin(0))["missed"]
    for player in players:
        await player.close()
    return final, missed


def states_of(player: Player) -> dict[int, dict]:
    """Every state the seat was sent (broadcast or answer), by version."""
    states = {}
    for kind, message in player.messages:
        state = message.get("state") if kind == "state" else (message.get("result") or {}).get("state")
        if isinstance(state, dict) and "version" in state:
            states[state["version"]] = state
    return states


def check_record(record: dict, created: dict, tmp_path) -> None:
    """The record's seed and salt are the ones committed to at creation, and ``python -m engine replay`` agrees."""
    assert hashlib.sha256(f"{record['salt']}:{record['seed']}".encode()).hexdigest() == created["commitment"]
    assert record["commitment"] == created["commitment"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    replay = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert replay.returncode == 0, replay.stderr
    assert "all consistent" in replay.stdout


def check_views(game_name: str, options: dict, record: dict, missed: list[dict], players: list[Player]) -> int:
    """Replay the table's log here: every state a seat got before the end is the engine's view of that seat at
    that version (less its events and legal actions, the state's own fields), its ``legal`` the engine's, and no
    end holds the seed or the salt. Returns how many states were compared."""
    spec = game_spec(game_name)
    names = {option.name for option in spec.options}
    # With a pause the table holds each finished round until its "deal" entry; without one the engine deals at once.
    hold = options["pause"] > 0
    game = spec.new_game(seed=record["seed"], hold=hold, **{k: v for k, v in options.items() if k in names})
    states = {player.seat: states_of(player) for player in players}
    compared = 0
    for item in missed:
        if item["kind"] == "act":
            game.apply_action(item["action"])
        elif item["kind"] == "deal":
            assert hold and spec.needs_deal(game)
            spec.deal_next(game)
        assert hold or not spec.needs_deal(game)
        for seat, by_version in states.items():
            state = by_version.get(item["version"])
            if state is None or state["over"]:
                continue
            board = spec.view_json(game, seat)
            # The board less what the state carries itself: the events (marked auto), the legal actions, the hand.
            assert state["board"] == {k: v for k, v in board.items() if k not in ("events", "legal", "hand")}
            assert [{k: v for k, v in e.items() if k != "auto"} for e in state["events"]] == board["events"]
            assert state["hand"] == board["hand"]
            # The finished rounds or hands, public once over: exactly those, without the seed.
            finished = finished_record(spec.record(game), spec.parts)
            assert state.get("parts") == (finished if finished[spec.parts] else None)
            if state["current"] == seat:
                assert state["legal"] == [game.notation(action) for action in game.legal_actions()]
            else:
                assert state["legal"] == []
            compared += 1
    for player in players:
        for kind, message in player.messages:
            state = message.get("state") if kind == "state" else (message.get("result") or {}).get("state")
            if isinstance(state, dict) and state.get("over"):
                continue
            text = json.dumps(message)
            assert record["salt"] not in text
            assert str(record["seed"]) not in text
    return compared


#: An Okey tile's notation, alone (not inside an id).
OKEY_TILE = re.compile(r"(?<![A-Za-z0-9])(?:[RBKY](?:1[0-3]|[1-9])|FJ)(?![A-Za-z0-9])")


def okey_hidden(game) -> set[str]:
    """The Okey tiles no seat's view names now: in a rack or the pile, and not one of the table's, the discards',
    the indicator's or the okey's, nor named by a public event (every event less its draw)."""
    state = game.round
    held = {tile.notation() for rack in state.racks for tile in rack.elements()} | {
        tile.notation() for tile in state.pile_left
    }
    events = [{k: v for k, v in event.items() if k != "draw"} for event in state.records_for(0)]
    public = json.dumps([[item.meld.notation() for item in state.table], events])
    public += " ".join(tile.notation() for pile in state.discards for tile in pile)
    public += f" {state.indicator.notation()} {state.okey.tile.notation()}"
    return held - set(OKEY_TILE.findall(public))


def check_spectator(game_name: str, options: dict, record: dict, missed: list[dict], watcher: Player) -> int:
    """Replay the table's log here: every state the spectator got before the end is the engine's spectator view
    at that version (``engine.core.views``: no seat's tiles, every draw hidden), and no message it got before the
    end names a tile no seat's view shows (Sniff: off the layout; Okey: in a rack or the pile and nowhere public),
    nor the seed or the salt. Returns how many states were compared."""
    spec = game_spec(game_name)
    names = {option.name for option in spec.options}
    hold = options["pause"] > 0
    game = spec.new_game(seed=record["seed"], hold=hold, **{k: v for k, v in options.items() if k in names})
    by_version = states_of(watcher)
    hidden_at: dict[int, set[str]] = {}
    compared = 0
    for item in missed:
        if item["kind"] == "act":
            game.apply_action(item["action"])
        elif item["kind"] == "deal":
            spec.deal_next(game)
        if game.is_terminal():
            continue
        if game_name == "sniff":
            played = {line.split()[0] for line in spec.view_json(game, 0)["layout"].splitlines() if line.strip()}
            hidden_at[item["version"]] = SNIFF_TILES - played
        else:
            hidden_at[item["version"]] = okey_hidden(game)
        state = by_version.get(item["version"])
        if state is None or state["over"]:
            continue
        board = spec.spectator_json(game)
        assert state["seat"] is None and state["hand"] == [] and state["legal"] == []
        assert state["board"] == {k: v for k, v in board.items() if k not in ("events", "legal", "hand")}
        assert [{k: v for k, v in e.items() if k != "auto"} for e in state["events"]] == board["events"]
        assert all(event.get("draw") is None for event in state["events"])
        compared += 1
    latest = 0
    for kind, message in watcher.messages:
        state = message.get("state") if kind == "state" else (message.get("result") or {}).get("state")
        if isinstance(state, dict):
            if state.get("over"):
                continue
            latest = max(latest, state["version"])
        text = json.dumps(message).replace(watcher.table_id, "")
        assert record["salt"] not in text and str(record["seed"]) not in text
        if isinstance(state, dict) and state.get("parts"):  # the finished rounds or hands: every tile public now
            text = text.replace(json.dumps(state["parts"]), "")
        hidden = hidden_at.get(latest, set())
        named = set(OKEY_TILE.findall(text)) if game_name == "okey" else {t for t in hidden if t in text}
        assert not (named & hidden), (kind, message)
    return compared


def test_sniff_two_humans_play_a_whole_game_and_the_record_replays(server, tmp_path):
    async def main():
        watcher = Player(server.url)
        players, created = await seated(server.url, "sniff", 2, {"pause": 0.05}, [watcher])
        ended = await finish(players)
        await watcher.wait(lambda state: state["over"])
        await watcher.close()
        return players, created, watcher, *ended

    players, created, watcher, final, missed = run(main())
    record = final["record"]
    assert record["winner"] is not None
    check_record(record, created, tmp_path)
    assert check_views("sniff", final["options"], record, missed, players) > 100
    # The spectator watched the whole game: every state it got is the engine's spectator view, nothing hidden.
    assert check_spectator("sniff", final["options"], record, missed, watcher) > 50
    assert watcher.state["record"] == record
    # The tiles a seat may not see (the other hand, the boneyard) are nowhere in what it got.
    for player in players:
        for kind, message in player.messages:
            state = message.get("state") if kind == "state" else (message.get("result") or {}).get("state")
            if not isinstance(state, dict) or state["over"]:
                continue
            played = {line.split()[0] for line in state["board"]["layout"].splitlines() if line.strip()}
            hidden = SNIFF_TILES - set(state["hand"]) - played
            # (the finished hands' record, every tile of them public now, is checked in check_views)
            text = (
                json.dumps(message).replace(json.dumps(state.get("parts")), "")
                if state.get("parts")
                else json.dumps(message)
            )
            assert not [tile for tile in hidden if tile in text], message


def okey_pick(legal: list[str]) -> str:
    """Lay down when the solver offers it, else lay off, draw, discard: a round ends quickly."""
    for prefix in ("meld", "pairs", "layoff", "draw", "discard"):
        for action in legal:
            if action.startswith(prefix):
                return action
    return legal[0]


def test_okey_four_humans_play_a_whole_game_and_the_record_replays(server, tmp_path):
    async def main():
        watcher = Player(server.url)
        options = {"pause": 0, "assisted": True, "mode": "pairs"}
        players, created = await seated(server.url, "okey", 4, options, [watcher])
        ended = await finish(players, okey_pick)
        await watcher.wait(lambda state: state["over"])
        await watcher.close()
        return players, created, watcher, *ended

    players, created, watcher, final, missed = run(main())
    record = final["record"]
    assert record["game"] == "okey"
    assert check_spectator("okey", final["options"], record, missed, watcher) > 20
    assert final["options"] == {
        "mode": "pairs",
        "doubling": True,
        "rounds": 1,
        "timer": 0,
        "pause": 0,
        "assisted": True,
    }
    check_record(record, created, tmp_path)
    assert check_views("okey", final["options"], record, missed, players) > 40
