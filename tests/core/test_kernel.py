"""The playout kernel (cardcore/engine/kernel.py): what a random player draws among."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore import load_game
from cardcore.bots.simple import RandomBot
from cardcore.engine.kernel import _listed, blind_moves


def test_a_blind_bidder_draws_among_pass_and_the_two_lowest_bids():
    """Auction Pinochle (PB95, Bidding: 'The minimum bid is 300 ... subsequent bids must rise
    in tens'): eldest may open at 300 to the ceiling, or pass; a player who does not weigh his
    hand draws among 300, 310 and pass, as actions and as moves alike."""
    state = load_game("auction-pinochle").new_game(seed=0)
    assert state.decision == "bid" and len(state.legal_actions()) > 3
    assert blind_moves(state, state.legal_actions()) == ["bid 300", "bid 310", "pass"]
    assert blind_moves(state, state.legal_moves()) == ["bid 300", "bid 310", "pass"]
    bot = RandomBot(state.game, seed=1)
    assert {bot.choose(state) for _ in range(60)} == {"bid 300", "bid 310", "pass"}


def test_a_card_to_play_is_drawn_among_every_legal_card():
    """Penchant (K, Phase one: any card may be led): every card of the leader's six is drawn."""
    state = load_game("penchant").new_game(seed=0)
    moves = state.legal_moves()
    assert len(moves) == 6 and blind_moves(state, moves) == moves


def _cards_of(mask: int) -> list[int]:
    """A mask's cards by their definition: every index whose bit is set, lowest first."""
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(0, 255), max_size=12)), max_size=30))
def test_a_many_pack_holding_listed_from_the_last_listing_is_its_cards(changes):
    """Eight packs of 32 (256 cards): a seat's cards to play are listed by patching the mask it
    listed last (a card played, a card drawn), or afresh where many changed. Whatever the
    masks listed before, by any seat, the list must be the mask's cards, lowest first."""
    held = [0, 0, 0, 0]
    for seat, flipped in changes:
        for card in flipped:
            held[seat] ^= 1 << card
        mask = held[seat] | 1 << 255  # past 64 bits, as a holding of many packs is listed
        assert _listed(mask, seat) == _cards_of(mask)


def test_an_eight_pack_seat_lists_every_card_of_its_hand_turn_after_turn():
    """Eight-pack Bezique (PB94: 15 cards each, no trump until a marriage is declared, any
    card may be played while the stock lasts): at each of the first tricks, every card of the
    leader's hand and table is a move, once, lowest index first."""
    state = load_game("eight-pack-bezique").new_game(seed=3)
    state.log_events = False
    rng = random.Random(3)
    for _ in range(40):
        if state.decision == "play" and not state.trick:
            seat = state.current_player
            assert state.legal_moves() == _cards_of(state.hands[seat] | state.tableaus[seat])
        moves = state.legal_moves()
        state.apply_move(moves[rng.randrange(len(moves))])
