"""The deal's generator, seeded without random.Random's Python-level constructor, must draw what
random.Random seeded with the same text draws: every recorded seed deals the same cards."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.engine.dealing import _shuffle, deal_generator
from cardcore.engine.draws import below


def test_the_deal_generator_draws_what_random_random_seeded_with_the_text_draws():
    for text in ["0:deal:0", "2026:deal:3", "None:deal:1", "1000003:deal:12"]:
        expected, got = random.Random(text), deal_generator(text)
        assert [got.getrandbits(k) for k in range(1, 64)] == [expected.getrandbits(k) for k in range(1, 64)]


def test_different_texts_give_different_draws():
    assert deal_generator("1:deal:0").getrandbits(64) != deal_generator("1:deal:1").getrandbits(64)


def _reference_shuffle(rng, items: list) -> None:
    """CPython 3.11's ``random.shuffle``, written out one draw at a time as the standard
    library does it (``_randbelow_with_getrandbits``): the permutation every recorded seed was
    dealt with."""
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = rng.getrandbits(k)
        while j >= n:
            j = rng.getrandbits(k)
        items[i], items[j] = items[j], items[i]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=192))
def test_the_deal_shuffle_is_the_reference_shuffle_and_leaves_the_generator_where_it_does(seed, size):
    # the generator's state afterwards matters too: a dealer's guess is drawn from it next
    ours, reference = deal_generator(f"{seed}:deal:0"), random.Random(f"{seed}:deal:0")
    got, expected = list(range(size)), list(range(size))
    _shuffle(ours, got)
    _reference_shuffle(reference, expected)
    assert got == expected
    assert ours.getrandbits(32) == reference.getrandbits(32)



@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), players=st.integers(min_value=1, max_value=8))
def test_the_first_dealer_is_random_randrange_of_the_seed(seed, players):
    # every recorded game's first dealer was drawn as random.Random(text).randrange(players)
    text = f"{seed}:first-dealer"
    assert below(deal_generator(text).getrandbits, players) == random.Random(text).randrange(players)
