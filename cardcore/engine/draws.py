"""A number drawn by chance from a generator's ``getrandbits``, the same on every Python version
(the standard library does not promise that of ``randrange``): the first dealer, a guess's
number, and each step of the deal's shuffle (which keeps its own loop, one call less a card)."""

from __future__ import annotations


def below(getrandbits, n: int) -> int:
    """``random.Random.randrange(n)``'s draw (``_randbelow_with_getrandbits``) from
    ``getrandbits``: the bits of ``n``, drawn again while not below ``n``."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r
