"""Widow, trumps, melds shown from eighteen cards, winning without play, conceding, discarding,
and the stakes.

PB95, Auction Pinochle for three, Widow: "The bidder turns the widow face up and announces
trumps. From the 18 cards now in his possession he shows and scores for as many melds as
possible. If these fulfil his bid, there is no play and he scores the value of his game. If not,
and he doubts he can fulfil it in play, he may concede immediately for a smaller penalty."
Play: "discards, face down, any three which have not been used in melds. Any counters among them
will count in his favour at the end of play. He then leads to the first trick."
Score: "If successful, the bidder scores or receives from each opponent an agreed stake related
to the size of the bid. If not, he loses or pays it double, unless he conceded without play. A
game valuation scheme might be 1 chip or game-point for a bid of 300, plus 1 or 2 points for each
additional 50." YML notes: stake = 1 + stake_per_50 × floor((bid - 300) / 50); made: each
opponent pays one stake; failed in play: the bidder pays each two; conceded: one.
The melds of HAND_A (320, hearts trump) are worked out in conftest.py.
"""

from itertools import combinations

import pytest

from cardcore import IllegalAction

from .conftest import (MELDS_A, UNMELDED_A, WIDOW_A, auction, new_state, play_first_legal_cards,
                       registered, this_round, won_by_seat0)

pytestmark = registered


def test_widow_is_turned_for_the_bidder():
    s = won_by_seat0(400)
    assert sorted(this_round(s)["widow"]) == sorted(WIDOW_A.split())
    assert this_round(s)["trump"] == "H"


def test_melds_are_shown_from_eighteen_cards():
    # 320, of which Aces around needs the widow's AC
    s = won_by_seat0(400)
    assert this_round(s)["points"][0] == MELDS_A
    names = sorted(m["name"] for m in this_round(s)["melds"])
    assert names == ["aces-around", "dix", "flush", "pinochle", "plain-marriage"]


def test_the_named_trump_decides_the_melds():
    # with spades trump: no flush, no dix; hearts K Q is a plain marriage 20; KC QC 20; Aces
    # around 100; pinochle 40: 20 + 20 + 100 + 40 = 180
    s = won_by_seat0(400, trump="S")
    assert this_round(s)["points"][0] == 180


def test_melds_fulfilling_the_bid_win_without_play():
    # bid 300 <= 320: no play; stake for 300 is 1 unit from each opponent
    s = won_by_seat0(300)
    assert s.scores == [2, -1, -1]
    assert this_round(s)["outcome"] == "made-without-play"
    assert not [a for a in s.legal_actions() if a.startswith(("discard", "play "))]


@pytest.mark.parametrize("bid, per_50, stake", [
    (340, 1, 1),          # 1 + floor(40 / 50) = 1
    (350, 1, 2),          # 1 + 1 × 1
    (400, 1, 3),          # 1 + 2 × 1
    (350, 2, 3),          # 1 + 1 × 2
    (400, 2, 5),          # 1 + 2 × 2
])
def test_concede_pays_the_single_stake(bid, per_50, stake):
    # melds 320 < bid: the bidder may concede at once and pays each opponent one stake
    s = won_by_seat0(bid, stake_per_50=per_50)
    assert "concede" in s.legal_actions()
    s.apply("concede")
    assert s.scores == [-2 * stake, stake, stake]
    assert this_round(s)["outcome"] == "conceded"


def test_discards_only_cards_not_used_in_melds():
    # the five unmelded cards give C(5, 3) = 10 discards; a melded card (AH) may not go
    s = won_by_seat0(400)
    discards = {a for a in s.legal_actions() if a.startswith("discard")}
    assert discards == {"discard " + " ".join(c) for c in combinations(UNMELDED_A, 3)}
    with pytest.raises(IllegalAction):
        s.apply("discard TS AH KD")


def test_no_concession_after_discarding():
    s = won_by_seat0(400)
    s.apply("discard 9D TC 9C")
    assert "concede" not in s.legal_actions()
    assert s.current_player == 0                  # the bidder leads to the first trick


@pytest.mark.parametrize("refused", ["concede now", "concede 350"])
def test_a_refused_concession_leaves_the_right_to_concede(refused):
    # PB95, Widow: "he may concede immediately": only "concede" alone is the concession; a
    # malformed one is refused and changes nothing, so he may still concede, or discard
    s = won_by_seat0(400)
    with pytest.raises(IllegalAction, match="concede"):
        s.apply(refused)
    assert "concede" in s.legal_actions()
    s.apply("concede")
    assert this_round(s)["outcome"] == "conceded"


def test_discarded_counters_count_for_the_bidder_and_make_the_bid():
    # bid 350 > 320 melds; discarding TS KD TC puts 30 counters to the bidder: 320 + 30 = 350
    # before any trick, so he makes it however the play goes. Stake for 350: 1 + 1 = 2 from each.
    s = won_by_seat0(350)
    s.apply("discard TS KD TC")
    assert play_first_legal_cards(s) == 45        # fifteen tricks of three
    assert s.scores == [4, -2, -2]
    assert this_round(s)["outcome"] == "made"
    assert this_round(s)["points"][0] >= 350


def test_two_units_per_50():
    # the same deal with stake_per_50=2: stake for 350 is 1 + 2 = 3 from each
    s = won_by_seat0(350, stake_per_50=2)
    s.apply("discard TS KD TC")
    play_first_legal_cards(s)
    assert s.scores == [6, -3, -3]


def test_failure_in_play_pays_double():
    # bid 600: 320 melds + at most 250 in play = 570 < 600, so he fails however the play goes.
    # Stake for 600: 1 + 6 × 1 = 7; failed in play: 2 × 7 = 14 to each opponent.
    s = won_by_seat0(600)
    s.apply("discard 9D TC 9C")
    play_first_legal_cards(s)
    assert s.scores == [-28, 14, 14]
    assert this_round(s)["outcome"] == "failed"


def finish_game(s):
    """Eldest bids the minimum and the others pass; first legal choices otherwise."""
    while not s.is_terminal():
        legal = s.legal_actions()
        plays = [a for a in legal if a.startswith("play ")]
        bids = sorted((a for a in legal if a.startswith("bid ")), key=lambda a: int(a.split()[1]))
        if plays:
            s.apply(plays[0])
        elif bids:
            s.apply(bids[0] if s.summary()["rounds"][-1]["bid"] is None else "pass")
        else:
            s.apply(legal[0])


def test_settlement_is_zero_sum_over_deals():
    # three deals (the default count), each settled between the bidder and each opponent
    s = won_by_seat0(300)
    finish_game(s)
    assert sum(s.scores) == 0
    assert len([r for r in s.summary()["rounds"] if r["outcome"] != "annulled"]) == 3
    assert s.returns() == [float(x) for x in s.scores]


def test_simplified_count_divides_melds_and_bids_by_ten():
    # PB95, Melds: simplified, all quoted scores divided by 10: minimum bid 30, bids in ones;
    # HAND_A's melds 15 + 1 + 10 + 4 + 2 = 32 >= 30: made without play, stake 1 from each
    s = new_state(card_points="simplified")
    assert "bid 30" in s.legal_actions() and "bid 31" in s.legal_actions()
    assert "bid 29" not in s.legal_actions()
    auction(s, "bid 30", "pass", "pass")
    s.apply("trump H")
    assert this_round(s)["points"][0] == 32
    assert s.scores == [2, -1, -1]


def test_simplified_count_divides_the_stake_brackets_by_ten():
    # PB95, Melds (every quoted score divided by 10) and Score ("1 ... for a bid of 300, plus 1
    # ... for each additional 50"): the stake of 40 is 1 + floor((40 - 30) / 5) = 3. HAND_A's
    # melds (32) fall short of 40: conceded, the bidder pays each opponent one stake.
    s = won_by_seat0(40, card_points="simplified")
    s.apply("concede")
    assert s.scores == [-6, 3, 3]
