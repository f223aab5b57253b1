"""The Ten at whist rank in the last eight tricks (`endgame_ten=whist`), through a whole deal.

RM §5 End-game and §11 item 30: Hoffmann fn 8, some circles revert the Ten to whist rank, below
the Jack (A K Q J 10 9 8 7), in the last eight tricks; by default it ranks next to the Ace. The
end game's obligation (EW, Brit, Foster-L8): follow suit and win the trick if possible.

The deal is built so that the end-game hands are known: trump is hearts (turn-up 8H), seat 0
keeps J♠ A♥ A♥ 10♥ 10♥ K♥ K♥ and seat 1 keeps 10♠ 9♠ A♦ A♦ 10♦ 10♦ K♦ through the 24 stock
tricks, each playing its one other card. Seat 0 leads a heart or a club every time and seat 1
answers with a spade or a diamond, so seat 0 wins all 24 tricks and draws first: it draws the
last face-down card (Q♥), and seat 1 takes the turn-up (RM §5 Stock phase, Brit). Every
declaration turn is passed. Seat 0 then leads J♠ to the 25th trick; seat 1's spades are 10♠ 9♠.
"""

from collections import Counter

import pytest

from cardcore.bots import make_bot

from .conftest import new_state

KEPT = (["JS", "AH", "AH", "TH", "TH", "KH", "KH"], ["TS", "9S", "AD", "AD", "TD", "TD", "KD"])
LEADS = "7C QH JH JH 9H 9H 8H 7H 7H AC AC TC TC KC KC QC QC JC JC 9C 9C 8C 8C 7C".split()
ANSWERS = "7D AS AS TS KS KS QS QS JS 9S 8S 8S 7S 7S KD QD QD JD JD 9D 9D 8D 8D 7D".split()


def end_game(**options):
    stock = [card for pair in zip(LEADS[1:], ANSWERS[1:]) for card in pair] + ["QH"]
    s = new_state(" ".join(KEPT[0] + LEADS[:1]), " ".join(KEPT[1] + ANSWERS[:1]), turnup="8H",
                  stock_top=" ".join(stock), **options)
    while s.stock_left > 0 or s.decision != "play" or s.trick:
        if "pass" in s.legal_actions():
            s.apply("pass")
            continue
        seat = s.current_player
        spare = Counter(s.deck.names_of(s.hands[seat])) - Counter(KEPT[seat])
        (card,) = spare
        s.apply("play " + card)
    assert s.phase_rule.name == "end-game" and s.current_player == 0
    assert sorted(s.deck.names_of(s.hands[0])) == sorted(KEPT[0] + ["QH"])
    assert sorted(s.deck.names_of(s.hands[1])) == sorted(KEPT[1] + ["8H"])
    return s


def follower_after_jack(**options):
    s = end_game(**options)
    s.apply("play JS")
    return s


@pytest.mark.parametrize("option, legal", [("high", {"play TS"}), ("whist", {"play TS", "play 9S"})])
def test_the_follower_must_win_with_the_ten_only_where_it_outranks_the_jack(option, legal):
    s = follower_after_jack(endgame_ten=option)
    assert set(s.legal_actions()) == legal
    # the search bots' fast path offers the same cards
    assert {"play " + s.deck.names[c] for c in s.legal_moves()} == legal


@pytest.mark.parametrize("option, winner", [("high", 1), ("whist", 0)])
def test_the_ten_played_to_the_jack_wins_only_at_high_rank(option, winner):
    s = follower_after_jack(endgame_ten=option)
    before = list(s.scores)
    s.apply("play TS")
    assert s.current_player == winner            # the trick's winner leads the next
    gained = [s.scores[i] - before[i] for i in (0, 1)]
    expected = [0, 0]
    expected[winner] = 10                        # the 10♠ is a brisque, scored as won (RM §5)
    assert gained == expected


def test_at_whist_rank_the_heuristic_bot_keeps_its_ten_when_it_cannot_win():
    s = follower_after_jack(endgame_ten="whist")
    bot = make_bot("heuristic", s.game, seed=1)
    # 10♠ and 9♠ both lose to J♠: throwing the Ten would give its 10 away
    assert bot.choose(s) == "play 9S"


@pytest.mark.parametrize("option", ["high", "whist"])
def test_the_move_list_says_the_ten_loses_to_the_jack_only_at_whist_rank(option):
    from cardcore.text.moves import trick_outcome

    s = follower_after_jack(endgame_ten=option)
    outcome = trick_outcome(s, 1, "TS")            # what `?` tells seat 1 of its 10♠
    if option == "whist":
        assert outcome == "loses"                  # J♠ is already in the trick and outranks it
    else:
        assert outcome != "loses"                  # 10♠ beats the J♠ led
