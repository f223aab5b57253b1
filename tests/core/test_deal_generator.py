"""The deal's generator, seeded without random.Random's Python-level constructor, must draw what
random.Random seeded with the same text draws: every recorded seed deals the same cards."""

import random

from cardcore.engine.dealing import deal_generator


def test_the_deal_generator_draws_what_random_random_seeded_with_the_text_draws():
    for text in ["0:deal:0", "2026:deal:3", "None:deal:1", "1000003:deal:12"]:
        expected, got = random.Random(text), deal_generator(text)
        assert [got.getrandbits(k) for k in range(1, 64)] == [expected.getrandbits(k) for k in range(1, 64)]


def test_different_texts_give_different_draws():
    assert deal_generator("1:deal:0").getrandbits(64) != deal_generator("1:deal:1").getrandbits(64)
