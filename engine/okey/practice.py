"""Practice exercises of Okey: made from a seed, answered by the rules.

Each kind makes a position from ``random.Random`` seeded with the kind and the
seed. The level grows with the seed (``level``): plain runs and sets first,
then okeys standing in, false jokers, doubled thresholds, pairs mode.

Every answer is the engine's own: melds from ``melds.check_meld``, penalty
tiles from ``arrange.penalty_tiles``, openings from ``arrange.opening`` and
``best_value``, charges from a ``game.Round`` playing the action (through the
diagram analysis of ``render/``, see ``render/practice.py``), the settlement
from ``rules.settle``. The positions are written as diagram blocks
(spec/okey-diagram-notation.md) too, which ``render/`` draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import practice

# The levels, the seeds and the error are both games' (engine.core.practice); named here too, as the game's.
from ..core.practice import LEVELS as LEVELS
from ..core.practice import MAX_SEED as MAX_SEED
from ..core.practice import PER_LEVEL as PER_LEVEL
from ..core.practice import PracticeError as PracticeError
from ..core.practice import level
from .arrange import best_value, opening, penalty_tiles
from .melds import check_meld, make_meld, parse_pieces
from .rules import ENDS, EXHAUSTED, OPENED_MELDS, OPENED_PAIRS, PAIRS_MODE, SOLO, THRESHOLD, Options, settle
from .tiles import COLOURS, FALSE_JOKER, Okey, Tile

KINDS = ("meld", "penalty", "open", "charge", "settle")
STATES = {"opened": OPENED_MELDS, "pairs": OPENED_PAIRS, "closed": None}


@dataclass(frozen=True)
class Exercise(practice.Exercise):
    """An Okey exercise; its ``answer`` is None for ``charge``, whose charge the game's own ``Round`` gives when it
    plays the action (``render/practice.py``, through the diagram's analysis)."""

    #: The position as an Okey diagram block: the explanation's picture, analysed by the engine.
    block: str


def check_request(kind: str, seed: object) -> None:
    practice.check_kind_and_seed(kind, seed, KINDS)


def make(kind: str, seed: int) -> Exercise:
    check_request(kind, seed)
    rng = random.Random(f"okey:{kind}:{seed}")
    return _MAKERS[kind](rng, seed)


# -- tiles and melds at random -----------------------------------------------------------------------------------------


def _indicator(rng: random.Random) -> Tile:
    return Tile.of(rng.choice(COLOURS), rng.randint(1, 13))


def _run(rng: random.Random, length: int) -> list[Tile]:
    colour = rng.choice(COLOURS)
    start = rng.randint(1, 14 - length)
    return [Tile.of(colour, n) for n in range(start, start + length)]


def _set(rng: random.Random, size: int) -> list[Tile]:
    number = rng.randint(1, 13)
    return [Tile.of(c, number) for c in sorted(rng.sample(COLOURS, size), key=COLOURS.index)]


def _plain(rng: random.Random) -> list[Tile]:
    return _run(rng, rng.randint(3, 5)) if rng.random() < 0.6 else _set(rng, rng.randint(3, 4))


def _text(tiles) -> str:
    return " ".join(t.notation() for t in tiles)


def _okey_avoiding(rng: random.Random, avoid) -> Okey:
    """An indicator whose okey (and so the false joker's identity) is none of ``avoid``."""
    while True:
        okey = Okey(_indicator(rng))
        if okey.tile not in avoid:
            return okey


def _okey_for(tile: Tile) -> Okey:
    """The indicator whose okey is ``tile``: the tile one lower (13 below 1)."""
    return Okey(Tile.of(tile.colour, 13 if tile.number == 1 else tile.number - 1))


# -- the kinds ------------------------------------------------------------------------------------------


def _meld(rng, seed):
    lvl = level(seed)
    tiles = _plain(rng)
    words = [t.notation() for t in tiles]
    broken = rng.random() < 0.45
    if broken:
        how = rng.choice(("gap", "colour", "wrap", "short") if len(tiles) > 3 else ("gap", "colour", "wrap"))
        if how == "gap":
            i = rng.randrange(1, len(tiles))
            t = tiles[i]
            words[i] = (
                Tile.of(t.colour, t.number % 13 + 1).notation() if t.number < 13 else Tile.of(t.colour, 2).notation()
            )
        elif how == "colour":
            i = rng.randrange(len(tiles))
            t = tiles[i]
            others = [c for c in COLOURS if c != t.colour]
            words[i] = Tile.of(rng.choice(others), t.number).notation()
        elif how == "wrap":
            colour = rng.choice(COLOURS)
            words = [f"{colour}12", f"{colour}13", f"{colour}1", f"{colour}2"][rng.randrange(2) :]
        else:
            words = words[:2]
    faces = [Tile.parse(word) for word in words]
    if lvl >= 2 and rng.random() < 0.6:
        # An okey stands in for one of the tiles (written *X), or at level 3 and up a false joker is the okey's tile.
        i = rng.randrange(len(words))
        if lvl >= 3 and rng.random() < 0.5:
            okey = _okey_for(faces[i])
            words[i] = "FJ"
        else:
            okey = _okey_avoiding(rng, set(faces))
            words[i] = "*" + words[i]
    else:
        okey = _okey_avoiding(rng, set(faces))
    text = " ".join(words)
    result = check_meld(parse_pieces(text, okey), okey)
    position = {"indicator": okey.indicator.notation(), "meld": text}
    answer = {"valid": result.valid, "value": result.value if result.valid else None}
    if result.valid:
        block = f"indicator {okey.indicator.notation()}\nmeld own {text}"
    else:
        block = f"indicator {okey.indicator.notation()}\ninvalid {text}"
    return Exercise("meld", seed, lvl, position, answer, block)


def _table(rng, count: int, okey: Okey, avoid=()):
    melds, used = [], set(avoid)
    while len(melds) < count:
        tiles = _plain(rng)
        if used & set(tiles) or okey.tile in tiles or FALSE_JOKER in tiles:
            continue
        used |= set(tiles)
        melds.append(tiles)
    return melds, used


def _penalty(rng, seed):
    lvl = level(seed)
    okey = Okey(_indicator(rng))
    melds, used = _table(rng, 1 + min(lvl, 2), okey)
    table = [make_meld(parse_pieces(_text(m), okey), okey) for m in melds]
    # The rack: a few tiles that fit a meld's end or stand for an okey in it, and others that don't.
    near = []
    for meld in table:
        near.extend(tile for _end, tile in meld.spots())
    pool = [t for t in _all_tiles() if t not in used and t is not okey.tile and t is not FALSE_JOKER]
    size = 5 + lvl
    fits = [t for t in dict.fromkeys(near) if t not in used and t is not okey.tile]
    rack = set(rng.sample(fits, min(len(fits), rng.randint(1, 3))))
    while len(rack) < size:
        rack.add(rng.choice(pool))
    rack = sorted(rack)
    owners = [rng.choice((0, 1, 1, 3)) for _ in melds]
    position = {
        "indicator": okey.indicator.notation(),
        "table": [_text(m) for m in melds],
        "rack": [t.notation() for t in rack],
    }
    answer = [t.notation() for t in penalty_tiles(rack, table, okey)]
    owner_word = {0: "own", 1: "opponent", 3: "opponent"}
    lines = [f"indicator {okey.indicator.notation()}"]
    lines += [f"meld {owner_word[o]} {_text(m)}" for o, m in zip(owners, melds, strict=True)]
    lines.append(f"rack {_text(rack)}")
    return Exercise("penalty", seed, lvl, position, answer, "\n".join(lines))


def _all_tiles():
    return [Tile.of(c, n) for c in COLOURS for n in range(1, 14)]


def _open(rng, seed):
    lvl = level(seed)
    okey = Okey(_indicator(rng))
    rack: list[Tile] = []
    for _ in range(rng.randint(2, 3 + min(lvl, 1))):
        rack.extend(t for t in _plain(rng) if t is not okey.tile)
    while len(rack) < 12 + min(lvl, 2):
        rack.append(rng.choice(_all_tiles()))
    if lvl >= 2 and rng.random() < 0.4:
        rack[rng.randrange(len(rack))] = okey.tile  # an okey in the rack, written plain
    # A set has two of each tile: a third copy gives way.
    kept: list[Tile] = []
    for tile in rack:
        if kept.count(tile) < 2:
            kept.append(tile)
    rack = sorted(kept)[:14]
    last = rng.randint(51, 75) if lvl >= 1 and rng.random() < 0.5 else None
    threshold = THRESHOLD if last is None else last + 1
    value = best_value(rack, okey, keep=True)
    can = opening(rack, okey, threshold) is not None
    position = {"indicator": okey.indicator.notation(), "rack": [t.notation() for t in rack], "threshold": threshold}
    found = opening(rack, okey, 0)
    lines = [f"indicator {okey.indicator.notation()}", f"rack {_text(rack)}"]
    if last is not None:
        lines.append(f"last-opening {last}")
    if found is not None and found.melds:
        lines.append("opening " + ", ".join(m.notation() for m in found.melds))
    return Exercise("open", seed, lvl, position, {"can": can, "value": value}, "\n".join(lines))


def _charge(rng, seed):
    """A lay-off, a seize, a take or a discard; the charge is the game's (``render/practice.py`` plays it)."""
    lvl = level(seed)
    mode = PAIRS_MODE if lvl >= 2 and rng.random() < 0.5 else SOLO
    okey = Okey(_indicator(rng))
    melds, used = _table(rng, 2 + min(lvl, 1), okey)
    owner_of = {"own": 0, "opponent": 1, "partner": 2}
    owners = [rng.choice(("own", "opponent", "opponent") + (("partner",) if mode == PAIRS_MODE else ())) for _ in melds]
    verbs = ["layoff", "discard", "take"] + (["seize"] if lvl >= 2 else [])
    verb = rng.choice(verbs)
    texts = [_text(m) for m in melds]
    table = [make_meld(parse_pieces(t, okey), okey) for t in texts]
    open_spots = [[tile for _end, tile in meld.spots() if tile not in used and tile is not okey.tile] for meld in table]
    if not any(open_spots):
        verb = "discard"
    target = rng.choice([i for i, spots in enumerate(open_spots) if spots] or [0])
    if verb == "take":
        owners[target] = "own"  # the taken tile is laid off on your own meld at once (a taken tile must be used)
    free = [t for t in _all_tiles() if t not in used and t is not okey.tile]
    extra = {}
    if verb == "seize":
        i = rng.randrange(len(melds))
        j = rng.randrange(len(melds[i]))
        words = texts[i].split()
        real = melds[i][j]
        words[j] = "*" + words[j]
        texts[i] = " ".join(words)
        table[i] = make_meld(parse_pieces(texts[i], okey), okey)
        action = f"seize {real.notation()} on {i}"
        diagram_action = f"seize {real.notation()} on {i + 1}"
    elif verb == "layoff":
        i = target
        tile = rng.choice(open_spots[i])
        action = f"layoff {tile.notation()} on {i}"
        diagram_action = f"layoff {tile.notation()} on {i + 1}"
    elif verb == "discard":
        near = [tile for meld in table for _end, tile in meld.spots() if tile not in used and tile is not okey.tile]
        tile = rng.choice(near) if near and rng.random() < 0.6 else rng.choice(free)
        action = f"discard {tile.notation()}"
        diagram_action = action
    else:
        tile = rng.choice(open_spots[target])
        action = "take"
        extra = {"taken": tile.notation()}
        diagram_action = f"take {tile.notation()}"
    lines = [f"indicator {okey.indicator.notation()}", f"mode {mode}"]
    lines += [f"meld {o} {t}" for o, t in zip(owners, texts, strict=True)]
    lines.append(diagram_action)
    if verb == "take":
        lines.append(f"layoff {tile.notation()} on {target + 1}")
        lines.append(f"discard {_filler_for(tile, table, okey, used).notation()}")
    position = {
        "indicator": okey.indicator.notation(),
        "mode": mode,
        "table": [{"owner": owner_of[o], "meld": t} for o, t in zip(owners, texts, strict=True)],
        "seat": 0,
        "action": action,
        **extra,
    }
    return Exercise("charge", seed, lvl, position, None, "\n".join(lines))


def _filler_for(taken: Tile, table, okey: Okey, used) -> Tile:
    """After a take, the turn ends with a discard that is no penalty (the take's charge is the one asked)."""
    for tile in _all_tiles():
        if tile not in used and tile is not taken and tile is not okey.tile and not penalty_tiles([tile], table, okey):
            return tile
    raise AssertionError("no tile fits nowhere")  # pragma: no cover - the table has at most three melds


def _settle(rng, seed):
    lvl = level(seed)
    mode = PAIRS_MODE if lvl >= 2 and rng.random() < 0.5 else SOLO
    end = rng.choice(ENDS[:2] if lvl == 0 else ENDS)
    okey = Okey(_indicator(rng))
    finisher = None if end == EXHAUSTED else 0
    pool = [t for t in _all_tiles() if t is not okey.tile]
    rng.shuffle(pool)
    seats = []
    for seat in range(4):
        if seat == finisher:
            seats.append({"state": "opened" if end != "pairs" else "pairs", "rack": []})
            continue
        count = rng.randint(1, 3 + lvl)
        rack = sorted(pool[:count])
        del pool[:count]
        if lvl >= 3 and rng.random() < 0.25:
            rack.append(okey.tile)
        state = rng.choice(("opened", "opened", "closed", "pairs") if lvl >= 1 else ("opened", "closed"))
        seats.append({"state": state, "rack": rack})
    options = Options(mode=mode)
    amounts = settle(options, end, finisher, [s["rack"] for s in seats], [STATES[s["state"]] for s in seats], okey)
    position = {
        "indicator": okey.indicator.notation(),
        "mode": mode,
        "end": end,
        "finisher": finisher,
        "seats": [{"state": s["state"], "rack": [t.notation() for t in s["rack"]]} for s in seats],
    }
    lines = [f"indicator {okey.indicator.notation()}", f"mode {mode}", f"end {end}"]
    for seat, s in enumerate(seats):
        if seat != finisher:
            lines.append(f"seat {seat} {s['state']} {_text(s['rack'])}")
    return Exercise("settle", seed, lvl, position, amounts, "\n".join(lines))


_MAKERS = {"meld": _meld, "penalty": _penalty, "open": _open, "charge": _charge, "settle": _settle}
