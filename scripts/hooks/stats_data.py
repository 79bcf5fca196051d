"""The statistics data file (``docs/data/stats.json``, written by ``scripts/stats.py``) and the ways into it."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.stats import share  # noqa: E402

DATA = ROOT / "docs" / "data" / "stats.json"


class StatError(ValueError):
    pass


@cache
def load(path: Path = DATA) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def sniff_table(data: dict, rules: str, players: int) -> dict:
    for table in data["sniff"]["tables"]:
        if table["rules"] == rules and table["players"] == players:
            return table
    raise StatError(f"no Sniff table {rules} with {players} players in the data file")


def okey_table(data: dict, mode: str, doubling: bool) -> dict:
    for table in data["okey"]["tables"]:
        if table["mode"] == mode and table["doubling"] == doubling:
            return table
    raise StatError(f"no Okey table {mode} {'with' if doubling else 'without'} doubling in the data file")


def match(data: dict, rules: str, first: str, second: str) -> dict:
    for found in data["sniff"]["matches"]:
        if (found["rules"], found["first"], found["second"]) == (rules, first, second):
            return found
    raise StatError(f"no match-up {first}-{second} in {rules} Sniff in the data file")


def okey_pooled(data: dict) -> dict:
    """The four Okey tables' racks together: the assisted arrangement against the greedy one."""
    tables = data["okey"]["tables"]
    out: dict = {"racks": sum(t["racks"] for t in tables)}
    for key in ("gained", "best_51", "greedy_51"):
        out[key] = share(sum(t[key]["hits"] for t in tables), sum(t[key]["total"] for t in tables))
    out["gain_mean"] = round(sum(t["gain_mean"] * t["racks"] for t in tables) / max(out["racks"], 1), 2)
    return out


def lookup(data: dict, path: str) -> float:
    parts = path.split("/")
    if parts[0] == "sniff" and len(parts) > 2 and parts[1] == "match":
        first, _, second = parts[3].partition("-")
        node, rest = match(data, parts[2], first, second), parts[4:]
    elif parts[0] == "sniff" and len(parts) > 3:
        node, rest = sniff_table(data, parts[1], int(parts[2])), parts[3:]
    elif parts[0] == "okey" and len(parts) > 2 and parts[1] == "all":
        node, rest = okey_pooled(data), parts[2:]
    elif parts[0] == "okey" and len(parts) > 3:
        node, rest = okey_table(data, parts[1], parts[2] == "doubling"), parts[3:]
    elif len(parts) == 1 and parts[0] in data.get("sizes", {}):
        return data["sizes"][parts[0]]
    else:
        raise StatError(f'"{path}" is not a path of the data file')
    for key in rest:
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            raise StatError(f'"{path}": the data file has no "{key}" there')
    if isinstance(node, bool) or not isinstance(node, int | float):
        raise StatError(f'"{path}" is not a number of the data file')
    return node
