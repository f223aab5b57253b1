"""The Bezique heuristic's rules of thumb as parameters (plugins/bezique/bots.py): each one, set
otherwise, changes the decision it weighs in the way its rule says, and out of range is refused.

Worked by hand from the bot's rules and the scores (PB94, Bezique; RM §5): hearts are trump (turn-up
8H); the brisques (aces and tens) are worth 10 each; a card's rank in its suit, 7 lowest, is 0 to 7
(9 = 2). The bot keeps a card for ``keep_points`` × its points, a trump for ``keep_trump`` + its rank
on top, and for the best meld it may still make, weighted by ``make_odds_N`` where N is the cards it
lacks. Leading, it throws the card with the least keep plus points; following, a win scores the
trick's points + ``meld_right`` × the best meld the win lets it declare − the card's keep, a loss
−points − ``losing_cost`` − the card's keep. Every card is named (no filler): the aces and tens
that fill the hands are far too dear to throw (keep 6, or 36 with three aces, four aces being
100 × 0.3 one card short), so the test is between the two cards that matter.
"""

import pytest

from cardcore.bots import make_bot
from cardcore.errors import OptionError

from .conftest import new_state, won_opening

# AS AC AD: four aces one card short (AH unseen); TS TC TD: brisques of no meld
DEAR = "AS AC AD TS TC"


def lead_choice(hand, **params):
    s = new_state(hand, "")  # seat 0 is the elder and leads the first trick
    spec = "heuristic(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "heuristic"
    return make_bot(spec, s.game, seed=1).choose(s)


def follow_choice(hand1, lead="8S", **params):
    s = new_state(f"{lead} {DEAR} TD 9C", hand1)
    s.apply(f"play {lead}")
    spec = "heuristic(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "heuristic"
    return make_bot(spec, s.game, seed=1).choose(s)


# Q♣ alone: the marriage K♣ Q♣ (20) one card short, keep 20 × 0.3 = 6 (four queens lack three);
# 9♥, a trump of rank 2: keep 6 + 2 = 8. The cheaper keep is led.
QUEEN_OR_TRUMP = f"9H QC {DEAR} TD"


def test_keep_trump_values_a_trump_kept():
    assert lead_choice(QUEEN_OR_TRUMP) == "play QC"                  # 6 < 8: the trump is kept
    assert lead_choice(QUEEN_OR_TRUMP, keep_trump=2) == "play 9H"    # 2 + 2 = 4 < 6


def test_make_odds_1_values_a_meld_one_card_short():
    assert lead_choice(QUEEN_OR_TRUMP, make_odds_1=0.5) == "play 9H"  # 20 × 0.5 = 10 > 8


def test_make_odds_0_values_a_meld_in_hand():
    # K♣ Q♣ held: the marriage is made, keep 20 × 0.8 = 16 each, against the trump's 8
    hand = f"9H KC QC {DEAR}"
    assert lead_choice(hand) == "play 9H"
    assert lead_choice(hand, make_odds_0=0.3) in {"play KC", "play QC"}  # 20 × 0.3 = 6 < 8


def test_make_odds_2_values_a_meld_two_cards_short():
    # J♠ J♣: four jacks (40) two short, keep 40 × 0.08 = 3.2 each, against the trump's 8
    hand = f"9H JS JC {DEAR}"
    assert lead_choice(hand) in {"play JS", "play JC"}
    assert lead_choice(hand, make_odds_2=0.25) == "play 9H"           # 40 × 0.25 = 10 > 8


def test_keep_points_values_a_brisque_kept():
    # J♠ J♣ J♦: four jacks one short, keep 40 × 0.3 = 12 (J♦'s bezique too: 40 × 0.3); T♠ T♣:
    # keep 0.6 × 10 = 6, led at 6 + its 10 points = 16 > 12
    hand = "JS JC JD TS TC AS AC AD"
    assert lead_choice(hand) in {"play JS", "play JC", "play JD"}
    assert lead_choice(hand, keep_points=0) in {"play TS", "play TC"}  # 0 + 10 < 12


# following 8♠ (no points) with 9♥ wins it at −8 (its keep); 7♣ (no meld, no points) loses it at
# −losing_cost; the aces and tens of the other suits neither win it nor are thrown cheaply
FOLLOWER = "9H 7C AC AD TC TD 8D 8C"


def test_losing_cost_is_what_a_lost_trick_costs():
    assert follow_choice(FOLLOWER) == "play 7C"                       # −5 > −8: the trick let go
    assert follow_choice(FOLLOWER, losing_cost=10) == "play 9H"       # −10 < −8: won with the trump


def test_meld_right_values_the_meld_a_win_lets_declare():
    # K♣ Q♣ held: winning with 9♥ lets the marriage (20) be declared: 0.8 × 20 − 8 = 8 > −5
    hand = "9H 7C KC QC AD TC TD 8D"
    assert follow_choice(hand) == "play 9H"
    assert follow_choice(hand, meld_right=0) == "play 7C"              # −8 < −5


def test_build_up_declares_the_royal_marriage_before_the_sequence():
    s = won_opening("AH TH KH QH JH")  # the sequence (250) holds the royal marriage (40)
    assert make_bot("heuristic", s.game, seed=1).choose(s) == "meld KH QH"
    assert make_bot("heuristic(build_up=false)", s.game, seed=1).choose(s) == "meld AH TH KH QH JH"


@pytest.mark.parametrize(("spec", "message"), [
    ("heuristic(make_odds_1=1.5)", "make_odds_1=1.5: input should be less than or equal to 1"),
    ("heuristic(keep_trump=-1)", "keep_trump=-1: input should be greater than or equal to 0"),
    ("heuristic(losing_cost=nan)", "losing_cost=nan: input should be a finite number"),
    ("heuristic(build_up=1)", "build_up=1: input should be a valid boolean"),
    ("heuristic(keep_ace=6)", "bot 'heuristic' has no parameter 'keep_ace'"),
])
def test_bad_values_are_refused_with_the_parameter_named(spec, message):
    with pytest.raises(OptionError, match=message.replace("(", r"\(")):
        make_bot(spec, new_state().game)


def test_a_search_takes_a_guide_with_parameters():
    # guide_until_exact: the guide plays the cards until the exact end, so its parameters decide
    s = new_state(QUEEN_OR_TRUMP, "")
    plain = "ismcts(iterations=5,guide=heuristic,guide_until_exact=true)"
    tuned = "ismcts(iterations=5,guide=heuristic(keep_trump=2),guide_until_exact=true)"
    assert make_bot(plain, s.game, seed=1).choose(s) == "play QC"
    assert make_bot(tuned, s.game, seed=1).choose(s) == "play 9H"
    with pytest.raises(OptionError, match="keep_trump=-1: input should be greater than or equal to 0"):
        make_bot("ismcts(guide=heuristic(keep_trump=-1))", s.game)
