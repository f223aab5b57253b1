"""What a seat may know of the deals of a game, in the worlds sampled for it (``determinize``).

Deal A (conftest.py): seat 0 takes the contract; the widow AC KD TC is turned face up (PB95,
Widow: "The bidder turns the widow face up"); his melds are shown (flush AH TH KH QH JH, dix 9H,
aces AS AH AD AC, pinochle QS JD, marriage KC QC). If he concedes, nothing is played: the other
cards of his hand and the whole of seat 2's hand are never seen by seat 1. His discards are
"face down" (Play): seen by him alone.
"""

from __future__ import annotations

import random
from collections import Counter

from cardcore.cards import iter_bits

from .conftest import HAND_A, WIDOW_A, auction, auction_deal, new_state, registered, won_by_seat0

pytestmark = registered

SHOWN = "AH TH KH QH JH 9H AS AD AC QS JD KC QC".split()


def test_a_conceded_deal_stays_hidden_in_the_next():
    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    assert len(s.rounds) == 2 and s.current_player == 1  # deal 2: seat 0 deals, seat 1 bids first
    true = s.deals[0]
    world = s.determinize(1, random.Random(7))
    past = world.deals[0]
    # what seat 1 saw is as it was: its hand, the widow, the melds shown in seat 0's hand
    assert past["hands"][1] == true["hands"][1] and past["widow"] == true["widow"] == WIDOW_A.split()
    assert not Counter(SHOWN) - Counter(past["hands"][0] + past["widow"])
    # the cards it never saw are dealt again among the places it never saw
    assert Counter(past["hands"][0] + past["hands"][2]) == Counter(true["hands"][0] + true["hands"][2])
    assert sorted(past["hands"][2]) != sorted(true["hands"][2])
    assert sorted(past["hands"][0]) != sorted(HAND_A.split())


def test_the_current_deal_record_is_the_sampled_world():
    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    world = s.determinize(1, random.Random(3))
    names = [sorted(world.deck.names_of(h)) for h in world.hands]
    assert [sorted(h) for h in world.deals[-1]["hands"]] == names
    assert world.deals[-1]["hands"][1] == s.deals[-1]["hands"][1]  # its own, as dealt
    assert world.deals[-1]["hands"] != s.deals[-1]["hands"]
    # dealt again from its record, the current deal is the world's (the earlier ones need not
    # replay: their unseen cards were dealt again without regard to the moves made)
    again = s.game.new_game(deals=[world.deals[-1]])
    assert [sorted(again.deck.names_of(h)) for h in again.hands] == names


def test_discards_are_named_to_the_declarer_alone():
    s = won_by_seat0(350)  # 320 in melds: not enough, so he discards
    s.apply("discard TS 9D 9C")
    truth = ["TS", "9D", "9C"]
    assert s.rounds[-1]["discards"] == truth
    seen = set()
    for k in range(5):
        world = s.determinize(1, random.Random(k))
        discards = world.rounds[-1]["discards"]
        assert sorted(discards) == sorted(world.deck.names_of(world.widow))  # the world's own
        seen.add(tuple(sorted(discards)))
    assert len(seen) > 1  # sampled, not the true ones each time
    assert s.determinize(0, random.Random(0)).rounds[-1]["discards"] == truth  # he knows them


def test_a_world_sampled_elsewhere_forgets_the_deals_over():
    # the OpenSpiel adapter's cardcore_state() samples the current deal itself, then forgets
    # the earlier deals as determinize does
    from cardcore.engine.hidden_history import forget_past

    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    world = s.clone()
    forget_past(world, 1)
    assert world.deals[-1] == s.deals[-1] and world.deals[0]["hands"][1] == s.deals[0]["hands"][1]
    assert sorted(world.deals[0]["hands"][2]) != sorted(s.deals[0]["hands"][2])
    assert world.deals[0] == s.determinize(1, random.Random(0)).deals[0]  # the same past for seat 1


# After the discard, the widow's cards not in a meld shown (KD and TC of deal A: the AC is in his
# aces) may be in his hand or among the cards laid "face down" (PB95, Play): the other seats
# cannot tell, whichever he keeps.
KEEPS_THE_WIDOW, BURIES_THE_WIDOW = "discard TS 9D 9C", "discard KD TC 9C"


def discarded(discard: str):
    s = won_by_seat0(350)  # 320 in melds: not enough, so he discards
    s.apply(discard)
    return s


def test_the_widow_cards_he_lays_aside_are_his_secret():
    kept, buried = discarded(KEEPS_THE_WIDOW), discarded(BURIES_THE_WIDOW)
    for seat in (1, 2):
        obs = kept.observation(seat)
        assert obs == buried.observation(seat)
        assert obs["known_in_hand"]["0"] == kept.deck.names_of(kept.deck.mask_of_names(SHOWN, kept.deck.full_mask))
        assert obs["held_or_discarded"] == ["KD", "TC"]
    assert kept.observation(0)["held_or_discarded"] == []  # he knows where they are
    assert buried.observation(0)["discards"] == ["KD", "TC", "9C"]


def test_a_widow_card_played_is_no_longer_in_hand_or_laid_aside():
    s = discarded(KEEPS_THE_WIDOW)
    s.apply("play KD")  # he leads (PB95, Play); his only King of Diamonds came from the widow
    assert s.observation(1)["held_or_discarded"] == ["TC"]


def test_worlds_lay_the_widow_cards_aside_or_keep_them_at_random():
    s = discarded(BURIES_THE_WIDOW)
    placed = set()
    for k in range(12):
        world = s.determinize(1, random.Random(k))
        held, aside = Counter(world.deck.names_of(world.hands[0])), Counter(world.deck.names_of(world.widow))
        assert not Counter(SHOWN) - held  # his melds stay in his hand
        assert not Counter(["KD", "TC"]) - (held + aside)
        placed.add(tuple(sorted(Counter(["KD", "TC"]) & aside)))
        # the world's own discard, in its actions, its summary and its record
        assert world.rounds[-1]["discards"] == world.deck.names_of(world.widow)
        assert world.actions[-1] == " ".join(["discard", *world.rounds[-1]["discards"]])
        assert world.record()["actions"] == world.actions
    assert len(placed) > 1  # neither always buried nor always kept
    assert s.determinize(0, random.Random(0)).actions[-1] == BURIES_THE_WIDOW  # he knows them


# Deal B: seat 0 holds one KH, QH and plainly no other meld in spades (trump); the widow KH TH AC
# gives him a second KH. His marriage KH QH shows one King of Hearts: the others saw one go into
# his hand, and cannot tell whether the marriage's is that one. So they know of one KH, as in
# the same deal with his dealt KH swapped for seat 2's QD (a card seat 1 never sees).
HAND_B = "KH QH 9D 9D TC TC 9C 9C TD TD JC JC AD AD 9H"
WIDOW_B = "KH TH AC"


def deal_b(hand=HAND_B, seat2="QD"):
    s = new_state([auction_deal([hand, "", seat2], WIDOW_B)])
    auction(s, "bid 300", "pass", "pass", "trump S")
    return s


def test_what_the_others_know_counts_copies_not_which_copy():
    two_kings, one_king = deal_b(), deal_b(HAND_B.replace("KH", "QD"), "KH")
    assert two_kings.meld_log == one_king.meld_log == [
        {"player": 0, "cards": ["KH", "QH"], "name": "plain-marriage", "points": 20}]
    assert two_kings.observation(1) == one_king.observation(1)
    assert two_kings.observation(1)["known_in_hand"]["0"] == ["TH", "KH", "QH", "AC"]


def test_a_doubled_discard_is_the_worlds_own():
    s = deal_b()
    s.apply("discard 9D 9D TC")
    for k in range(6):
        world = s.determinize(2, random.Random(k))
        assert len(world.rounds[-1]["discards"]) == 3
        assert world.rounds[-1]["discards"] == world.deck.names_of(world.widow)
        assert world.actions[-1] == " ".join(["discard", *world.rounds[-1]["discards"]])


def test_a_widow_card_of_a_suit_he_lacks_was_laid_aside():
    # the widow's KD is his one diamond; he lays it aside, and when seat 1 leads a diamond he
    # trumps (PB95, Play: follow suit, else trump), so he holds no diamond: the KD, still "held
    # or laid aside" to the others, lies among his discards in every world
    deal = auction_deal(["AH AH TH TH KH KH QH QH JH JH 9H 9H 9S 9S JS", "AS AD", "TS 9D"], "KD QS KS")
    s = new_state([deal])
    auction(s, "bid 500", "pass", "pass", "trump H")
    for action in ("discard KD 9S 9S", "play JS", "play AS", "play TS", "play AD", "play 9D", "play 9H"):
        s.apply(action)
    obs = s.observation(2)
    assert obs["voids"][0] == ["D"] and obs["held_or_discarded"] == ["KD"]
    for k in range(8):
        world = s.determinize(2, random.Random(k))
        assert "KD" in world.deck.names_of(world.widow)
        assert not any(world.deck.suit_of[c] == world.deck.suits.index("D") for c in iter_bits(world.hands[0]))


# A deal played at random (seed 14's third deal): seat 2 took the widow JS JD TS for clubs and
# laid aside AC TC TC; nine tricks later he lacks clubs, seat 1 diamonds and clubs, seat 0 hearts.
# The widow's JS and TS are still held or laid aside, to seat 0; laid aside, they leave his hand
# more cards to fill from the unseen ones than the voids allow, some ways round.
DEAL_C = {"dealer": 1, "stock": [], "widow": ["JS", "JD", "TS"], "hands": [
    "JC QD AS KD TD KC AH QC 9D AD JC 9D 9S 9C 9C".split(),
    "JH KD QC KC QS AD AH JD AS KH TS QH TH 9S QH".split(),
    "9H TC JH KS JS TD AC TC KH QD TH KS 9H QS AC".split()]}
ACTIONS_C = ("bid 310, pass, bid 320, bid 330, pass, trump C, discard AC TC TC, play TH, play AH, "
             "play QH, play 9S, play AS, play KS, play TH, play KH, play KC, play 9C, play QC, "
             "play AC, play JH, play QC, play AH, play TD, play AD, play TD, play KH, play 9H, "
             "play 9C, play AD, play KD, play QD, play JC, play KC, play QS, play JD, play JD, "
             "play KD, play QD, play JH").split(", ")


def test_worlds_place_the_widow_cards_where_the_voids_let_the_hands_be_dealt():
    s = new_state([DEAL_C])
    for action in ACTIONS_C:
        s.apply(action)
    obs = s.observation(0)
    assert obs["held_or_discarded"] == ["TS", "JS"] and obs["voids"] == [["H"], ["C", "D"], ["C"]]
    for k in range(20):
        world = s.determinize(0, random.Random(k))
        assert world.observation(0) == obs
