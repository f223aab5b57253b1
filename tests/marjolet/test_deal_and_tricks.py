"""Marjolet: the deal, the turn-up, who leads, and how the stock-phase tricks are won."""

import pytest

from cardcore import RecordError

from .conftest import hand, last, new_state, play, game, deal, scores_from

# Plain-suit fillers that neither win nor meld in these tricks (trump is hearts).
FILL0 = ["8D", "9D", "JD", "QC", "JC"]
FILL1 = ["8C", "9C", "KD", "TD", "7D"]


def test_deck_is_a_piquet_pack_ranking_a_t_k_q_j_9_8_7():
    # PB94, Preliminaries: "a 32-card pack, ranking ATKQJ987 in each suit"
    g = game()
    assert g.deck.size == 32
    assert g.deck.ranks == ("7", "8", "9", "J", "Q", "K", "T", "A")  # lowest first


@pytest.mark.parametrize("low, high", [
    ("7S", "8S"), ("8S", "9S"), ("9S", "JS"), ("JS", "QS"), ("QS", "KS"), ("KS", "TS"), ("TS", "AS"),
])
def test_higher_card_of_the_suit_led_wins_in_order_a_t_k_q_j_9_8_7(low, high):
    # PB94, Preliminaries (ranking ATKQJ987) and Play ("the higher card of the suit led").
    # Trump is hearts (turn-up 9H); elder (seat 0) leads the lower card, dealer plays the higher.
    s = new_state([low] + FILL0, [high] + FILL1, "9H")
    assert play(s, low, high) == 1
    s2 = new_state([high] + FILL0, [low] + FILL1, "9H")
    assert play(s2, high, low) == 0


def test_ten_beats_king_in_trumps_too():
    # PB94, Preliminaries: the same ranking ATKQJ987 in every suit, trumps included.
    s = new_state(["KH"] + FILL0, ["TH"] + FILL1, "9H")
    assert play(s, "KH", "TH") == 1


def test_trump_beats_a_plain_lead_and_a_plain_discard_loses():
    # PB94, Play: "The trick is taken by the higher card of the suit led, or by a trump to a
    # plain-suit lead." Trump is hearts.
    s = new_state(["AS"] + FILL0, ["8H"] + FILL1, "9H")
    assert play(s, "AS", "8H") == 1  # the lowest trump but one takes the ace
    s2 = new_state(["7S"] + FILL0, ["AD"] + FILL1, "9H")
    assert play(s2, "7S", "AD") == 0  # an ace of another plain suit does not win


def test_turnup_suit_is_trump():
    # PB94, Preliminaries: "Turn the next for trump".
    s = new_state(["AS"] + FILL0, ["8H"] + FILL1, "TC")
    assert s.deck.suits[s.trump] == "C"
    assert s.summary()["rounds"][0]["turnup"] == "TC"


@pytest.mark.parametrize("dealer, elder", [(1, 0), (0, 1)])
def test_elder_leads_the_first_trick(dealer, elder):
    # PB94, Play: "Elder leads any card to the first trick." Elder = the non-dealer.
    s = new_state(["AS"] + FILL0, ["8S"] + FILL1, "9H", dealer=dealer)
    assert s.current_player == elder
    assert s.decision == "play"


def test_elder_may_lead_any_card():
    # PB94, Play: "Elder leads any card".
    s = new_state(["AS", "7H"] + FILL0[:4], ["8S"] + FILL1, "9H")
    assert sorted(s.legal_actions()) == sorted("play " + c for c in ["AS", "7H"] + FILL0[:4])


def test_free_play_in_the_stock_phase():
    # PB94, Play: "Suit need not be followed." (RM §1: stock phase ftr, free play.)
    # The dealer holds spades, including a higher one, and trumps: every card is legal.
    s = new_state(["KS"] + FILL0, ["AS", "7S", "8H", "QH", "9C", "TC"], "9H")
    s.apply("play KS")
    assert sorted(s.legal_actions()) == sorted("play " + c for c in ["AS", "7S", "8H", "QH", "9C", "TC"])
    s.apply("play 9C")  # a discard of another suit while holding spades and trumps
    assert last(s, "trick")["winner"] == 0


def test_winner_draws_first_then_loser_and_winner_leads():
    # PB94, Play: "The winner of a trick draws the top card of stock, waits for his opponent to
    # do likewise, and leads to the next."
    s = new_state(["8S"] + FILL0, ["AS"] + FILL1, "9H", stock_top=["7S", "TC"])
    assert play(s, "8S", "AS") == 1
    assert s.decision == "play" and s.current_player == 1  # no meld: the draws were automatic
    assert "7S" in hand(s, 1) and "TC" in hand(s, 0)
    assert len(hand(s, 0)) == len(hand(s, 1)) == 6
    assert s.stock_left == 18  # 19 face-down cards and the turn-up, less two


@pytest.mark.parametrize("options, points", [({}, 10), ({"turned_seven_points": 10}, 10),
                                             ({"turned_seven_points": 7}, 7)])
def test_turned_seven_scores_for_the_dealer(options, points):
    # PB94, Preliminaries: "If it is a Seven, dealer scores 10 for it." RM §11 item 13: 7 in one
    # outlying source (option turned_seven_points=7).
    for dealer in (0, 1):
        s = new_state(["AS"] + FILL0, ["8S"] + FILL1, "7H", dealer=dealer, **options)
        expected = [0, 0]
        expected[dealer] = points
        assert s.scores == expected
        assert [(e["seat"], e["points"]) for e in scores_from(s, "turn-up")] == [(dealer, points)]


def test_other_turnup_scores_nothing():
    # PB94, Preliminaries: only a Seven turned scores.
    s = new_state(["AS"] + FILL0, ["8S"] + FILL1, "AH")
    assert s.scores == [0, 0]


def test_a_deal_must_be_exactly_the_pack():
    with pytest.raises(RecordError):
        game().new_game(deals=[dict(deal(["AS"] + FILL0, ["8S"] + FILL1, "9H"), turnup="AS")])
