"""Auction Pinochle's discards lie apart face down, seen by the declarer alone (PB95, Auction
Pinochle for three: the declarer 'discards any three cards face down'). A world resampled for
another seat must not keep the true discards, nor which of the widow's cards (seen going into
his hand) are among them; the declarer's own worlds always do."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardcore.adapters.chance import CHANCE, chance_game

WORLDS = 8


def after_the_discard(seed: int):
    """A game dealt and played at random until a trick after the declarer's discard is done."""
    rng = random.Random(seed)
    state = chance_game("auction-pinochle").new_state()
    while True:
        e = state.engine
        if e is not None and state.current_player() != CHANCE and "discards" in e.rounds[-1] \
                and e.decision == "play" and e.tricks_played >= 1:
            return state
        assert not state.is_terminal()
        state.apply(rng.choice(state.legal_ids()))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_other_seats_worlds_redraw_the_discards_and_the_declarers_keep_them(seed):
    state = after_the_discard(seed)
    truth = state.engine
    declarer, deck = truth.declarer, truth.deck
    true_discards = Counter(deck.names_of(truth.widow))
    widow = Counter(truth.rounds[-1]["widow"])
    for seat in range(truth.n):
        seen, laid_aside = set(), set()
        for k in range(WORLDS):
            world = state.resample(seat, random.Random(k))
            e = world.engine
            discards = Counter(deck.names_of(e.widow))
            seen.add(tuple(sorted(discards.elements())))
            assert world.information_state(seat) == state.information_state(seat)
            assert e.observation(seat) == truth.observation(seat)
            # a legal discard of the world's hand: three cards, none of a meld shown, and the
            # world's hand with them is its dealt hand and the widow
            assert sum(discards.values()) == 3 and not e.widow & e.shown
            # the widow's cards not in his melds, unless played since, lie in his hand or
            # among the discards, in the world as in the truth
            held = Counter(deck.names_of(e.hands[declarer]))
            assert not Counter(truth.observation(seat)["held_or_discarded"]) - (held + discards)
            laid_aside.add(tuple(sorted((discards & widow).elements())))
        if seat == declarer:
            assert seen == {tuple(sorted(true_discards.elements()))}
        else:
            assert len(seen) > 1, f"seat {seat}'s worlds all keep the discards {seen}"
            if truth.observation(seat)["held_or_discarded"]:  # which of them he laid aside is his secret too
                assert len(laid_aside) > 1, f"seat {seat}'s worlds all lay aside the widow's {laid_aside}"
