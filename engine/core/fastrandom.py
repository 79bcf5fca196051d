"""``random.Random``'s shuffle and die rolls, the same numbers with less overhead.

Games shuffle and roll in their innermost loops (every hand's deal, every guess a
bot makes of the hidden tiles). ``random.Random.shuffle`` and ``randint`` spend
most of their time in Python-level calls to ``_randbelow``; these functions run
the same algorithm (take ``n.bit_length()`` random bits, try again while the
number is ``>= n``) inline, so for the same generator they give exactly the same
results and leave it in the same state: records and saved games replay alike
whichever is used. ``tests/test_core.py`` checks that against ``random.Random``
itself, so a Python that changed its algorithm would fail there, not silently.

They accept a ``random.Random`` (or a subclass that does not override
``getrandbits``), the generator every game and bot here is given.
"""

from __future__ import annotations

import random


def below(rng: random.Random, n: int) -> int:
    """A random integer in ``[0, n)``: ``rng._randbelow(n)``, for ``n >= 1``."""
    bits = n.bit_length()
    getrandbits = rng.getrandbits
    number = getrandbits(bits)
    while number >= n:
        number = getrandbits(bits)
    return number


def roll(rng: random.Random, sides: int = 6) -> int:
    """A die roll in ``[1, sides]``: ``rng.randint(1, sides)``."""
    return 1 + below(rng, sides)


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place: ``rng.shuffle(items)``."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


__all__ = ["below", "roll", "shuffle"]
