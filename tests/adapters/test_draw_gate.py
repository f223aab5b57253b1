"""The engine's draw gate, which the OpenSpiel adapter uses to give each drawn card a chance node."""

import random

import pytest

from cardcore import game_names, load_game
from helpers import random_action


@pytest.mark.parametrize("name", game_names())
def test_pausing_before_each_draw_changes_nothing(name):
    game = load_game(name)
    deal = game.rules.deal
    if deal.hand_size * game.players + deal.widow == game.deck.size:
        pytest.skip(f"{name} deals every card: there is no stock to draw from")
    plain, gated = game.new_game(seed=11), game.new_game(seed=11)
    pauses = []

    def gate():
        # Pause once before every card taken from the stock, as the adapter does for unfixed ones.
        if pauses and pauses[-1] == (len(gated.actions), gated.stock_pos):
            return True
        pauses.append((len(gated.actions), gated.stock_pos))
        return False

    rng = random.Random(11)
    while not plain.is_terminal():
        action = random_action(plain, rng)
        plain.apply(action)
        gated.draw_gate = gate
        gated.apply(action)
        while pauses and pauses[-1][0] == len(gated.actions) and gated.stock_pos == pauses[-1][1] \
                and gated.next_step() is not None and gated.next_step().step in ("draw", "turn-trump"):
            gated.resume()  # the gate answers True for this card now: it is taken, and on
        gated.draw_gate = None
        assert gated.legal_actions() == plain.legal_actions() or gated.is_terminal()
    assert gated.record() == plain.record() and gated.result == plain.result
    assert pauses, "no draw was ever paused"


@pytest.mark.parametrize("name", game_names())
def test_pausing_before_each_deal_changes_nothing(name):
    """The deal gate: every deal after the first waits until it is queued, then is dealt by
    resume() exactly as it would have been."""
    game = load_game(name)
    plain, gated = game.new_game(seed=5), game.new_game(deals=[game.new_game(seed=5).record()["deals"][0]])
    gated.deal_gate = lambda: False
    rng, paused = random.Random(5), 0
    while not plain.is_terminal():
        action = random_action(plain, rng)
        plain.apply(action)
        gated.apply(action)
        if gated.deal_due():
            paused += 1
            assert len(gated.record()["deals"]) == len(plain.record()["deals"]) - 1
            assert gated.next_deal_dealer() == plain.record()["deals"][-1]["dealer"]
            gated.queue_deal(plain.record()["deals"][-1])
            gated.resume()
            assert not gated.deal_due()
        assert gated.legal_actions() == plain.legal_actions()
    assert gated.record()["deals"] == plain.record()["deals"] and gated.result == plain.result
    assert paused == len(plain.record()["deals"]) - 1
