"""The last tricks (RM §7.1 law 55): once the stock is out, melds go back to hand, and the second
player must follow suit and win the card led when able (PB94 refers to two-hand Bezique)."""

import random

from cardcore import load_game


def to_end_game(seed):
    s = load_game("rubicon-bezique").new_game(seed=seed)
    rng = random.Random(seed)
    while s.phase == 0 and not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s, rng


def test_follow_and_win_in_the_last_nine_tricks():
    checked = 0
    for seed in range(4):
        s, rng = to_end_game(seed)
        assert all(t == 0 for t in s.tableaus)          # melds taken back into hand
        while not s.is_terminal():
            if s.trick:
                led = s.deck.names[s.trick[0]]
                hand = s.deck.names_of(s.hands[s.current_player])
                same = [c for c in hand if c[1] == led[1]]
                higher = [c for c in same if "789JQKTA".index(c[0]) > "789JQKTA".index(led[0])]
                allowed = sorted(a.split()[1] for a in s.legal_actions())
                if higher:
                    assert allowed == sorted(set(higher)), (led, hand, allowed)
                    checked += 1
                elif same:
                    assert allowed == sorted(set(same))
            s.apply(rng.choice(s.legal_actions()))
    assert checked
