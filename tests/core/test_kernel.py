"""The playout kernel (cardcore/engine/kernel.py): what a random player draws among."""

from __future__ import annotations

from cardcore import load_game
from cardcore.bots.simple import RandomBot
from cardcore.engine.kernel import blind_moves


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
