"""What every game of several seeded parts (Sniff's hands, Okey's rounds) shares: its seed and each part's dice.

A game is made from a seed (or a ``random.Random`` that draws one) and deals
each hand or round from ``part_rng(game, seed, index)``, so the whole game, and
every deal in its record, follows from the seed alone: ``replay`` checks each
deal against it and ``restore`` deals the next part as it would have been.
A game that does not deal by itself (``auto_deal=False``: a replay, a test's
scripted deals) may have no seed.
"""

from __future__ import annotations

import random

from .record import check_seed


def game_seed(seed: int | None, rng: random.Random | None, auto_deal: bool) -> int | None:
    """The seed of a new game: ``seed``, or one drawn from ``rng`` (53 bits: exact in JavaScript's numbers, which
    the board's page keeps records in), checked; a game that deals by itself needs one."""
    if rng is not None and seed is not None:
        raise TypeError("give a random.Random (rng) or a seed, not both")
    if rng is not None:
        seed = rng.getrandbits(53)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"the seed must be an integer, not {seed!r}")
    if seed is not None:
        check_seed(seed)  # a record's seed must survive JavaScript's numbers
    if seed is None and auto_deal:
        raise TypeError("a game that deals needs a seed (seed=...) or a seeded random.Random (rng=...)")
    return seed


def part_rng(game: str, seed: int, index: int) -> random.Random:
    """The random source of part ``index`` (0 = the first hand or round) of the ``game`` with ``seed``."""
    return random.Random(f"{game}:{seed}:{index}")
