"""Bidding and conceding by simulation (``ismcts(...,bid_samples=N)``, cardcore/bots/bidding.py).

The stakes are the seed's: made, each opponent pays the declarer one stake; failed in play, he
pays each two; conceded at once, one (PB95, Auction Pinochle for three, Score). Passing costs
nothing. Playing on is worth it when the contract is made at least one time in three:
p - 2 (1 - p) >= -1.
"""

import random

import pytest

from cardcore.bots import make_bot
from cardcore.bots.bidding import SimulatedBidding
from cardcore.errors import OptionError

from .conftest import auction_deal, game, registered

pytestmark = registered

SIMULATING = "ismcts(iterations=20,guide=heuristic,guide_declares=true,bid_samples=30)"


def bidding(g=None) -> SimulatedBidding:
    g = g or game()
    return SimulatedBidding(g, make_bot("heuristic", g, seed=0), 1, random.Random(0))


def test_playing_on_pays_from_one_chance_in_three():
    b = bidding()
    assert b.plays_on(1 / 3)  # 1/3 won, 2/3 x 2 paid: -1, as conceding
    assert not b.plays_on(0.33)
    assert b.plays_on(1.0)


def test_a_bid_is_worth_the_mean_stakes_over_the_samples():
    # (melds, points in all) of three samples; points in play 0, 200 and 50.
    samples = [(320, 320), (100, 300), (100, 150)]
    b = bidding()
    # 300: the first is made by its melds (+1); the others need 200 in play, which one sample of
    # three makes (200): he plays on; the second makes 300 (+1), the third fails (-2): 0 a deal
    assert b.worth(samples, 300) == 0
    # 310: made by melds (+1); the others need 210 in play, no sample makes it: conceded (-1 each)
    assert b.worth(samples, 310) == pytest.approx(-1 / 3)
    # 150: all made, by melds or in play
    assert b.worth(samples, 150) == 1


# With hearts trump these fifteen cards meld the flush A T K Q J of hearts 150, the dix 10, Aces
# around 100 and the pinochle Q♠ J♦ 40: 300 whatever the widow holds (PB95, Melds), so a bid of
# 300 is won without play in every world.
MELDS_300 = "AH TH KH QH JH 9H AS AD AC QS JD 9S 9D 9C TS"
# Nines and Jacks: with the best widow, a dix or two, Jacks around and Queens around, and no
# counter in hand: neither melds nor play come near 300 (250 is all there is in cards and last).
NOTHING = "9S 9S 9H 9H 9D 9D 9C 9C JS JS JH JC JC QH QD"


def eldest_holding(hand: str):
    return game().new_game(deals=[auction_deal([hand, "", ""], "", dealer=2)])


def test_a_hand_whose_melds_make_the_opening_bid_bids_it():
    s = eldest_holding(MELDS_300)
    bot = make_bot(SIMULATING, s.game, seed=3)
    assert bot.choose(s) == "bid 300"


def test_a_hand_that_cannot_reach_the_opening_bid_passes():
    s = eldest_holding(NOTHING)
    bot = make_bot(SIMULATING, s.game, seed=3)
    assert bot.choose(s) == "pass"


def test_a_contract_no_play_can_make_is_conceded():
    # seed 0: seat 0 bids 400 and names clubs; his melds are 120 and he needs 280 more, beyond the
    # 250 all the cards and the last trick are worth (PB95, Object): every world fails it
    s = game().new_game(seed=0)
    for action in ("pass", "pass", "bid 400", "trump C"):
        s.apply(action)
    assert s.round_points[0] == 120 and "concede" in s.legal_actions()
    assert make_bot(SIMULATING, s.game, seed=3).choose(s) == "concede"


def test_a_contract_the_discard_alone_makes_is_played():
    # minimum bid 170 (an option); eight hearts meld the flush and a dix, 160 (PB95, Melds). Of
    # the plain cards, the heuristic lays away counters first (TS, TD, TC: 30), which count for
    # the declarer (PB95, Play): 190 at least, above the bid of 170 in every world.
    deal = auction_deal(["AH AH TH TH KH QH JH 9H TS TS 9S 9S TD 9D TC", "", ""], "TC 9C 9C", dealer=2)
    s = game(minimum_bid=170).new_game(deals=[deal])
    for action in ("bid 170", "pass", "pass", "trump H"):
        s.apply(action)
    assert s.round_points[0] == 160 and "concede" in s.legal_actions()
    choice = make_bot(SIMULATING, s.game, seed=3).choose(s)
    assert choice.startswith("discard "), choice


def test_the_same_seed_bids_the_same():
    for seed in range(3):
        s = game().new_game(seed=seed)
        first = make_bot(SIMULATING, s.game, seed=7)
        second = make_bot(SIMULATING, s.game, seed=7)
        while s.decision == "bid" and not s.is_terminal():
            action = first.choose(s)
            assert second.choose(s) == action
            s.apply(action)


def test_bid_samples_needs_a_guide_and_a_settlement_per_seat():
    with pytest.raises(OptionError, match="needs a guide"):
        make_bot("ismcts(bid_samples=10)", game())
    from cardcore import load_game
    with pytest.raises(OptionError, match="settled between the declarer and each opponent"):
        make_bot("ismcts(guide=heuristic,bid_samples=10)", load_game("partnership-auction-pinochle"))


def test_a_sample_whose_melds_leave_nothing_to_discard_is_its_melds():
    # Hearts trump: the flush 150, the dix 10, Aces 100, Kings 80, Queens 60 and Jacks 40 around,
    # the pinochle 40 and the plain marriages of spades, diamonds and clubs 60 (PB95, Melds): 540,
    # and every one of the eighteen cards in a meld shown, which
    # may not be discarded (PB95, Play). Bid beyond the melds, the declarer has no discard to make
    # and cannot play on; the sample counts his melds alone.
    hand, widow = "AH TH KH QH JH 9H AS AD AC KS KD KC QS QD QC", "JS JD JC"
    s = game().new_game(deals=[auction_deal([hand, "", ""], widow, dealer=2)])
    assert bidding(s.game).play_out(s.clone(), 0) == (540, 540)


def test_trumps_by_simulation_name_the_suit_whose_melds_make_the_contract():
    # MELDS_300 meld 300 with hearts trump whatever the widow (see above): the contract of 300 is
    # won without play, +1 stake in every world; with spades, diamonds or clubs the flush and the
    # dix are lost, 140 of melds (Aces around, the pinochle) and 160 more to make in play.
    s = eldest_holding(MELDS_300)
    for action in ("bid 300", "pass", "pass"):
        s.apply(action)
    bot = make_bot(SIMULATING.replace(")", ",sample_trumps=true)"), s.game, seed=3)
    assert bot.choose(s) == "trump H"
    with pytest.raises(OptionError, match="sample_trumps"):
        make_bot("ismcts(guide=heuristic,sample_trumps=true)", s.game)


def test_hard_bids_by_simulation_at_three_and_by_the_heuristic_at_four():
    from cardcore import load_game
    from cardcore.players import level_bot
    three, four = game(), load_game("partnership-auction-pinochle")
    assert make_bot(level_bot("hard", three), three, seed=1).bidding is not None
    assert make_bot(level_bot("hard", four), four, seed=1).bidding is None  # per side: no stakes per opponent


class TickingClock:
    """A ``time.perf_counter`` that advances ``step`` seconds at each reading."""

    def __init__(self, step: float = 1.0):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_deadline_stops_the_samples_and_a_later_bid_tops_them_up(monkeypatch):
    import cardcore.bots.bidding as bidding_module
    clock = TickingClock()
    monkeypatch.setattr(bidding_module.time, "perf_counter", clock)
    s = eldest_holding(MELDS_300)
    g = s.game
    b = SimulatedBidding(g, make_bot("heuristic", g, seed=0), 30, random.Random(0))
    # the clock reads 1, 2, 3, 4 before the first four worlds; 5 is past a deadline of 4.5
    assert len(b.outcomes(s, deadline=4.5)) == 4
    first_four = list(b.outcomes(s, deadline=0.0))  # past at once: the same four, none added
    assert len(first_four) == 4
    # at the next bid of the same deal the samples are topped up to the full thirty
    assert b.outcomes(s)[:4] == first_four and len(b.outcomes(s)) == 30


def test_a_deadline_passed_before_any_world_leaves_the_decision_to_the_player(monkeypatch):
    import cardcore.bots.bidding as bidding_module
    monkeypatch.setattr(bidding_module.time, "perf_counter", TickingClock())
    s = eldest_holding(MELDS_300)
    b = SimulatedBidding(s.game, make_bot("heuristic", s.game, seed=0), 30, random.Random(0))
    assert b.choose(s, s.legal_actions(), deadline=0.5) is None
    # seed 0's contract no play can make (above): no world played, so no concession either
    c = game().new_game(seed=0)
    for action in ("pass", "pass", "bid 400", "trump C"):
        c.apply(action)
    assert b.choose(c, c.legal_actions(), deadline=0.5) is None


def test_a_bot_with_a_clock_bound_bids_by_its_guide_when_the_clock_has_run_out(monkeypatch):
    import cardcore.bots.bidding as bidding_module
    # each reading of the clock 10 s after the last: past the bound of 1 s at the first world
    monkeypatch.setattr(bidding_module.time, "perf_counter", TickingClock(step=10.0))
    s = eldest_holding(MELDS_300)
    bot = make_bot(SIMULATING.replace(")", ",seconds=1)"), s.game, seed=3)
    guide = make_bot("heuristic", s.game, seed=0)
    assert bot.choose(s) == guide.choose(s)
    assert bot.bidding._cache[1] == []  # no world was played
