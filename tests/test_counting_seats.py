"""Card counting at tables of three and four (cardcore/bots/counting.py), on positions worked out
by hand.

Three: Auction Pinochle, deal T of tests/auction_pinochle/test_tricks.py (PB95, Auction Pinochle
for three, Play: "If a plain suit is led, they must follow suit if possible, otherwise trump if
possible"). Seat 0 bids 600, names hearts, shows flush AH TH KH QH JH and two marriages KC QC
(and everyone saw the widow AC TC 9C go into his hand), lays aside JC JC 9C and leads AC; seats 1
and 2 hold no club and must trump: 9H, 9H. So both are void in clubs; the first 9H wins.

Four: Quartet (tests/seatgames/quartet.yaml: seats 0 and 2 against 1 and 3, 32 cards all dealt,
follow suit when able, no trump). Seat 0 leads AS, AD, AH; every discard shows a void:
  seat 0: AS KS QS JS AH KH QH AD
  seat 1: TS 9S 8S 7S JH TH 9H 8H
  seat 2: 7H KD QD JD TD 9D 8D 7D
  seat 3: AC KC QC JC TC 9C 8C 7C
  AS 7S 7D 7C: seats 2 and 3 are void in spades.  AD 8H 8D 8C: seats 1 and 3 void in diamonds.
  AH 9H 7H TC: seat 3 void in hearts.  Seat 0 wins all three.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import seatgames
from helpers import build_deal, play_trick
from pinochle_deals import auction_deal, skip_unless_registered

from cardcore import load_game
from cardcore.bots.counting import (
    CountedEndgame, hands_by_count, hidden_count, may_hold, p_opponents_hold_any, still_to_play, unseen_mask,
)

SEAT0 = "AH TH KH QH JH AC TC KC KC QC QC JC JC 9C AS"
WIDOW = "AC TC 9C"
SEAT1 = "AH QH JH 9H AS 9S AD AD TD TD KD KD QD QD JD"
SEAT2 = "TH KH 9H TS TS KS KS QS QS JS JS 9S JD 9D 9D"

QUARTET_DECK = [r + s for s in "SHDC" for r in "AKQJT987"]
QUARTET_HANDS = ["AS KS QS JS AH KH QH AD", "TS 9S 8S 7S JH TH 9H 8H",
                 "7H KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]


@pytest.fixture(scope="module")
def seat_games():
    with seatgames.registered():
        yield


def names(state, mask) -> list[str]:
    return sorted(state.deck.names_of(mask))


def cards(text: str) -> list[str]:
    return sorted(text.split())


# ------------------------------------------------------------------------------------ three seats
@skip_unless_registered("auction-pinochle")
def test_three_hand_voids_and_what_each_seat_may_hold():
    s = load_game("auction-pinochle").new_game(deals=[auction_deal([SEAT0, SEAT1, SEAT2], WIDOW, dealer=2)])
    for action in ("bid 600", "pass", "pass", "trump H", "discard JC JC 9C", "play AC", "play 9H", "play 9H"):
        s.apply(action)
    assert [sorted(s.deck.suits[v] for v in vs) for vs in s.voids] == [[], ["C"], ["C"]]
    # seat 0 holds 14: the nine of his melds shown (flush, two marriages in clubs), which he may
    # not lay aside, and five more; the widow's TC and 9C may be among those five or among his
    # discards (PB95, Play: "discards, face down"), and its AC may be the one he played, so the
    # others know nine of his cards
    assert [hidden_count(s, o) for o in range(3)] == [5, 14, 14]

    # seat 1 sees 14 + 3 played + 9 of seat 0's: 22 unseen, 19 of them in hands, 3 laid aside
    assert len(names(s, unseen_mask(s, 1))) == 22
    seen_by_1 = may_hold(s, 1)
    # seat 2 can only hold the unseen cards that are not clubs (the spades but seat 1's AS 9S,
    # TH KH, JD 9D 9D), and it holds 14 of these 15
    assert names(s, seen_by_1[2]) == cards("AS TS TS KS KS QS QS JS JS 9S TH KH JD 9D 9D")
    # seat 0, void in nothing, may hold any unseen card beside the nine seen ones
    assert len(names(s, seen_by_1[0])) == 9 + 22
    assert hands_by_count(s, 1) is None  # three cards lie face down

    # the declarer saw his discards: the 28 cards he has not seen are the opponents' 14 + 14
    assert len(names(s, unseen_mask(s, 0))) == 28
    assert hands_by_count(s, 0) is None  # no unseen card has one possible holder
    kd = s.deck.mask_of_names(["KD", "KD"], s.deck.full_mask)
    assert p_opponents_hold_any(s, 0, kd) == 1.0  # nothing is face down: they hold both KD
    # seat 2 alone: 14 cards out of the 28, none of the two KD: C(26,14)/C(28,14) = 13/54
    assert Fraction(p_opponents_hold_any(s, 0, kd, [2])).limit_denominator(1000) == 1 - Fraction(13, 54)
    assert s.current_player == 1 and still_to_play(s, 1) == [2, 0]


@skip_unless_registered("auction-pinochle")
@pytest.mark.parametrize("move", ["play AC", 0, 1])
def test_of_two_copies_the_one_the_others_saw_is_the_one_played(move):
    """Seat 0 holds two AC: his own and the widow's, which everyone saw go into his hand; after
    his discard it is in his hand or laid aside, to the others. Whichever copy is named (``play
    AC``, or either card's index on the fast path), they cannot tell which AC he played, so they
    no longer know of an AC held or laid aside."""
    s = load_game("auction-pinochle").new_game(deals=[auction_deal([SEAT0, SEAT1, SEAT2], WIDOW, dealer=2)])
    for action in ("bid 600", "pass", "pass", "trump H", "discard JC JC 9C"):
        s.apply(action)
    assert s.observation(1)["held_or_discarded"] == ["AC", "TC", "9C"]
    if isinstance(move, str):
        s.apply(move)
    else:
        s.apply_move(s.deck.by_name["AC"][move])
    assert s.actions[-1] == "play AC"
    assert s.observation(1)["held_or_discarded"] == ["TC", "9C"] and "AC" in s.observation(0)["hand"]


# ------------------------------------------------------------------------------------ four seats
def quartet_after_three_tricks():
    s = load_game("quartet").new_game(deals=[build_deal(QUARTET_DECK, QUARTET_HANDS, dealer=3, hand_size=8)])
    play_trick(s, "AS", "7S", "7D", "7C", winner=0)
    play_trick(s, "AD", "8H", "8D", "8C", winner=0)
    play_trick(s, "AH", "9H", "7H", "TC", winner=0)
    return s


def test_four_seats_every_hand_counted_from_the_voids(seat_games):
    s = quartet_after_three_tricks()
    assert [sorted(s.deck.suits[v] for v in vs) for vs in s.voids] == [[], ["D"], ["S"], ["D", "H", "S"]]
    hands = hands_by_count(s, 0)
    # seat 3 may hold only clubs and five are unseen; the diamonds can be seat 2's alone; the
    # spades seat 1's alone, and then the hearts too (seat 2 is full with its diamonds)
    assert [names(s, h) for h in hands] == [cards("KS QS JS KH QH"), cards("TS 9S 8S JH TH"),
                                            cards("KD QD JD TD 9D"), cards("AC KC QC JC 9C")]
    assert hands == s.hands
    # seat 1 sees seat 0 play only: without seat 0's hand counted, seat 2's and 3's are not told apart
    assert hands_by_count(s, 1) is None
    may = may_hold(s, 1)
    assert names(s, may[3]) == cards("AC KC QC JC 9C")  # void in the three other suits
    assert names(s, may[2]) == cards("KD QD JD TD 9D KH QH AC KC QC JC 9C")  # not spades


def test_worlds_sampled_where_the_voids_leave_one_deal(seat_games):
    """From seat 0's view the voids leave one deal (the test above), so every world sampled for
    it is that deal. Dealt seat by seat, each taking the first unseen cards it may hold, seat 1
    (void in diamonds) would mostly take clubs that seat 3 (clubs only) cannot do without: no
    world could be dealt at all. For seat 1, whose view leaves many deals, every world keeps
    each seat's number of cards and gives no seat a suit it showed it lacks."""
    s = quartet_after_three_tricks()
    for i in range(20):
        assert s.determinize(0, random.Random(i)).hands == s.hands
    lacks = [s.deck.mask_of_names([c for c in s.deck.names if c[1] in suits], s.deck.full_mask)
             for suits in ("", "D", "S", "DHS")]
    for i in range(20):
        world = s.determinize(1, random.Random(i))
        assert world.hands[1] == s.hands[1]
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in s.hands]
        assert world.hands[0] | world.hands[2] | world.hands[3] == s.hands[0] | s.hands[2] | s.hands[3]
        assert [h & lack for h, lack in zip(world.hands, lacks)] == [0, 0, 0, 0]


def test_four_seat_endgame_plays_for_the_side(seat_games):
    """Seat 0 to lead, partners 0 and 2, each trick +1 for the side that takes it:
      seat 0: AS 7H   seat 1: KS 8H   seat 2: AH 7D   seat 3: AD 8S
    Lead AS: KS follows, seat 2 throws 7D and keeps AH, 8S follows; then 7H is won by the
    partner's AH: +2. Lead 7H: 8H, AH wins, seat 3 throws 8S and keeps AD; seat 2 must lead 7D,
    AD wins it: +1 - 1 = 0."""
    game = load_game("quartet")
    s = game.new_game(seed=1)
    deck = game.deck
    hands = tuple(deck.mask_of_names(h.split(), deck.full_mask) for h in ("AS 7H", "KS 8H", "AH 7D", "AD 8S"))
    table = s.table

    def trick_gain(ctx, plays, winner):
        return (1 if table.same_side(winner, 0) else -1), ctx

    solver = CountedEndgame(deck, game.compiled.phases[0].follow, None, 0, trick_gain, lambda ctx, last: 0, table)
    values = {deck.names[c]: v for c, v in solver.values(hands, [], ()).items()}
    assert values == {"AS": 2, "7H": 0}
    # the partner, second to play after AS and KS: keeping AH is worth +2, keeping 7D +0
    solver2 = CountedEndgame(deck, game.compiled.phases[0].follow, None, 2, trick_gain, lambda ctx, last: 0, table)
    after = tuple(deck.mask_of_names(h.split(), deck.full_mask) for h in ("7H", "8H", "AH 7D", "AD 8S"))
    trick = [(0, deck.index_of["AS"]), (1, deck.index_of["KS"])]
    values2 = {deck.names[c]: v for c, v in solver2.values(after, trick, ()).items()}
    assert values2 == {"7D": 2, "AH": 0}
