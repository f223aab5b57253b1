"""The two-hand Pinochle heuristic's rules of thumb as parameters (plugins/pinochle/bots.py): each
one, set otherwise, changes the decision it weighs in the way its rule says, and out of range is
refused.

Worked by hand from the bot's rules and the scores (PB95, Two-hand Pinochle; RM §8): hearts are
trump (turn-up JH); a card won counts A 11, T 10, K 4, Q 3, J 2, 9 nothing; a card's rank in its
suit is 9 = 0, J 1, Q 2, K 3, T 4, A 5. The bot keeps a card for ``keep_points`` × its points, a
trump for ``keep_trump`` + its rank on top, an ace for ``keep_ace`` more, and for the best meld it
may still make, weighted by ``make_odds_N`` where N is the cards it lacks. Leading, it throws the
card with the least keep plus points; following, a win scores the trick's points + ``meld_right``
× the best meld the win lets it declare − the card's keep, a loss −points − ``losing_cost`` − the
card's keep. Every card is named: the aces and tens that fill a leader's hand are too dear to lead
(a ten 0.4 × 10 + 10 = 14; the aces hold four aces one card short, 100 × 0.3 = 30).
"""

import pytest

from cardcore.bots import make_bot
from cardcore.errors import OptionError
from cardcore.players import level_bot

from .conftest import new_state, won_opening

DEAR = "AS AS AC AC AD AD TS TS"


def spec_of(params) -> str:
    return "heuristic(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "heuristic"


def lead_choice(hand, **params):
    s = new_state(hand, "")  # seat 0 is the elder and leads the first trick
    return make_bot(spec_of(params), s.game, seed=1).choose(s)


def follow_choice(hand1, **params):
    """Seat 1 follows 9♠ (no points) led by seat 0."""
    s = new_state("9S", hand1)
    s.apply("play 9S")
    return make_bot(spec_of(params), s.game, seed=1).choose(s)


# Q♣ alone: the marriage K♣ Q♣ (20) one card short, keep 20 × 0.3 + 0.4 × 3 = 7.2, led at 10.2;
# J♥, a trump of rank 1: keep 8 + 1 + 0.4 × 2 = 9.8, led at 11.8. The cheaper is led.
QUEEN_OR_TRUMP = f"JH QC {DEAR} TC TC"


def test_keep_trump_values_a_trump_kept():
    assert lead_choice(QUEEN_OR_TRUMP) == "play QC"                  # 10.2 < 11.8: the trump is kept
    assert lead_choice(QUEEN_OR_TRUMP, keep_trump=2) == "play JH"    # 2 + 1 + 0.8 + 2 = 5.8


def test_make_odds_1_values_a_meld_one_card_short():
    assert lead_choice(QUEEN_OR_TRUMP, make_odds_1=0.5) == "play JH"  # 10 + 1.2 + 3 = 14.2 > 11.8


def test_make_odds_0_values_a_meld_in_hand():
    # K♣ Q♣ held: the marriage is made, keep 20 × 0.8 = 16 and more, against the trump's 11.8
    hand = f"JH KC QC {DEAR} TC"
    assert lead_choice(hand) == "play JH"
    assert lead_choice(hand, make_odds_0=0.3) in {"play KC", "play QC"}  # Q♣ 6 + 1.2 + 3 = 10.2


def test_make_odds_2_values_a_meld_two_cards_short():
    # K♠ K♦: four kings (80) two short, keep 80 × 0.08 + 0.4 × 4 = 8 (above a marriage one short,
    # 20 × 0.3 = 6), led at 12, against the trump's 11.8
    hand = f"JH KS KD {DEAR} TC"
    assert lead_choice(hand) == "play JH"
    assert lead_choice(hand, make_odds_2=0) in {"play KS", "play KD"}   # 6 + 1.6 + 4 = 11.6


def test_keep_points_values_a_counter_kept():
    # J♠ J♣ J♦: four jacks one short, keep 40 × 0.3 + 0.8 = 12.8 (J♦'s pinochle too), led at 14.8;
    # T♠ and T♣ keep 0.4 × 10 = 4, led at 14
    hand = f"JS JC JD {DEAR} TC"
    assert lead_choice(hand) in {"play TS", "play TC"}
    assert lead_choice(hand, keep_points=1) in {"play JS", "play JC", "play JD"}  # a ten: 20


# the follower holds no other spade and no trump but those named: the clubs and diamonds lose the
# 9♠, the nines at −losing_cost, the rest dearer; Q♦ Q♦ and K♣ make no meld
LOSERS = "9C 9C 9D 9D TC TC TD TD"


def test_keep_ace_values_an_ace_kept():
    # A♠ (the only ace: four aces three short) wins the 9♠ at 11 − (0.4 × 11 + 6) = 0.6 > −10
    hand = f"AS QD QD KC {LOSERS}"
    assert follow_choice(hand) == "play AS"
    assert follow_choice(hand, keep_ace=20) in {"play 9C", "play 9D"}  # 11 − 24.4 = −13.4 < −10


def test_losing_cost_is_what_a_lost_trick_costs():
    # J♥ wins the 9♠ at 2 − 9.8 = −7.8; a nine loses it at −10
    hand = f"JH QD QD KC {LOSERS}"
    assert follow_choice(hand) == "play JH"
    assert follow_choice(hand, losing_cost=5) in {"play 9C", "play 9D"}   # −5 > −7.8


def test_meld_right_values_the_meld_a_win_lets_declare():
    # K♥ keeps 8 + 3 + 1.6 and the royal marriage one short, 40 × 0.3 = 12: 24.6; winning the 9♠
    # with it lets the marriage K♣ Q♣ (20) be declared: 4 + 0.8 × 20 − 24.6 = −4.6 > −10
    hand = f"KH KC QC QD {LOSERS}"
    assert follow_choice(hand) == "play KH"
    assert follow_choice(hand, meld_right=0) in {"play 9C", "play 9D"}   # 4 − 24.6 = −20.6 < −10


def test_build_up_declares_the_royal_marriage_before_the_flush():
    s = won_opening("AH TH KH QH JH")  # the flush (150) holds the royal marriage (40)
    assert make_bot("heuristic", s.game, seed=1).choose(s) == "meld KH QH"
    assert make_bot("heuristic(build_up=false)", s.game, seed=1).choose(s) == "meld AH TH KH QH JH"


@pytest.mark.parametrize(("spec", "message"), [
    ("heuristic(make_odds_0=1.01)", "make_odds_0=1.01: input should be less than or equal to 1"),
    ("heuristic(keep_ace=-2)", "keep_ace=-2: input should be greater than or equal to 0"),
    ("heuristic(meld_right=inf)", "meld_right=inf: input should be a finite number"),
    ("heuristic(keep_points=much)", "keep_points=much: input should be a valid number"),
])
def test_bad_values_are_refused_with_the_parameter_named(spec, message):
    with pytest.raises(OptionError, match=message):
        make_bot(spec, new_state().game)


def test_hard_plays_the_stock_phase_by_the_tuned_heuristic():
    """``--level hard`` is guided by the heuristic with ``make_odds_0=0.5``, ``make_odds_1=0.15``
    and ``keep_trump=12`` (rules/pinochle.yaml ``levels``; bench/README.md). With K♣ Q♣ held,
    ``normal`` keeps the made marriage (Q♣ 20 × 0.8 + 1.2, led at 20.2) and leads J♥ (11.8); the
    tuned odds keep it for 20 × 0.5 + 1.2 = 11.2, led at 14.2, under the trump's
    12 + 1 + 0.8 + 2 = 15.8 and the kings' (four kings one short: 80 × 0.15 + 1.6 + 4 = 17.6):
    hard leads the queen."""
    s = new_state("JH KC QC KS KS KD AS AS AC AC AD AD", "")
    hard = make_bot(level_bot("hard", s.game), s.game, seed=1)
    assert hard.choose(s) == "play QC"
    assert make_bot(level_bot("normal", s.game), s.game, seed=1).choose(s) == "play JH"
