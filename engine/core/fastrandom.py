"""``random.Random``'s shuffle and die rolls, the same numbers with less overhead.

Games shuffle and roll in their innermost loops (every hand's deal, every guess a
bot makes of the hidden tiles). ``random.Random.shuffle`` and ``randint`` spend
most of their time in Python-level calls to ``_randbelow``; these functions run
the same algorithm (take ``n.bit_length()`` random bits, try again while the
number is ``>= n``) inline, so for the same generator they give exactly the same
results and leave it in the same state: records and saved games replay alike
whichever is used. ``tests/test_core.py`` checks that against ``random.Random``
itself, so a Python that changed its algorithm would fail there, not silently.

Only a plain ``random.Random`` (the generator every game and bot here makes)
takes the inline path; any other generator, such as a test's scripted dice,
is asked through its own methods.
"""

from __future__ import annotations

import random

_RANDOM = random.Random


def below(rng: random.Random, n: int) -> int:
    """A random integer in ``[0, n)``: ``rng.randrange(n)``, for ``n >= 1``."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    bits = n.bit_length()
    getrandbits = rng.getrandbits
    number = getrandbits(bits)
    while number >= n:
        number = getrandbits(bits)
    return number


def roll(rng: random.Random, sides: int = 6) -> int:
    """A die roll in ``[1, sides]``: ``rng.randint(1, sides)``."""
    if type(rng) is not _RANDOM:
        return rng.randint(1, sides)
    return 1 + below(rng, sides)


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place: ``rng.shuffle(items)``."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


__all__ = ["below", "roll", "shuffle"]
