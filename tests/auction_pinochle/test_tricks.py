"""The trick rule of the auction game, and the points of a whole deal (250 in cards and last).

PB95, Auction Pinochle for three, Play: "If a trump is led, subsequent players must not only
follow suit but must also beat any other trump already played, if possible. If a plain suit is
led, they must follow suit if possible, otherwise trump if possible, but need not overtrump. A
trick is taken by the highest card of the suit led, or by the highest trump if any are played, or
by the first played of two identical winning cards. The winner of each trick leads to the next."
Object: "The total available for card-points and last is 250." RM §10: 15 × 3 + 3 widow = 48.

Deal T (dealer 2, hearts trump named by seat 0 after bidding 600):
  seat 0 + widow: AH TH KH QH JH, twelve clubs, AS. Melds: flush 150, two plain marriages
    KC QC 20 + 20: 190 (no 9H, no other around or pinochle). He discards JC JC 9C (unmelded).
  seat 1: AH QH JH 9H, AS 9S, AD AD TD TD KD KD QD QD JD
  seat 2: TH KH 9H, TS TS KS KS QS QS JS JS 9S, JD 9D 9D
"""

import pytest

from .conftest import auction, auction_deal, game, play_first_legal_cards, registered

pytestmark = registered

SEAT0 = "AH TH KH QH JH AC TC KC KC QC QC JC JC 9C AS"
WIDOW = "AC TC 9C"
SEAT1 = "AH QH JH 9H AS 9S AD AD TD TD KD KD QD QD JD"
SEAT2 = "TH KH 9H TS TS KS KS QS QS JS JS 9S JD 9D 9D"


def in_play(**options):
    s = game(**options).new_game(deals=[auction_deal([SEAT0, SEAT1, SEAT2], WIDOW, dealer=2)])
    auction(s, "bid 600", "pass", "pass")
    s.apply("trump H")
    s.apply("discard JC JC 9C")
    assert s.current_player == 0               # the bidder leads
    return s


def plays(s):
    return {a for a in s.legal_actions() if a.startswith("play ")}


def test_plain_suit_led_follow_without_heading_and_identical_cards():
    s = in_play()
    s.apply("play AS")
    assert plays(s) == {"play AS", "play 9S"}  # follow suit; no need to head the trick
    s.apply("play AS")
    assert plays(s) == {"play TS", "play KS", "play QS", "play JS", "play 9S"}
    s.apply("play 9S")
    assert s.current_player == 0               # two AS: the first played wins


def test_void_must_trump_but_need_not_overtrump():
    s = in_play()
    for card in ("AS", "AS", "9S"):
        s.apply("play " + card)
    s.apply("play 9C")                         # seat 0 leads a club; seats 1 and 2 are void
    assert plays(s) == {"play AH", "play QH", "play JH", "play 9H"}   # must trump, any trump
    s.apply("play JH")
    assert plays(s) == {"play TH", "play KH", "play 9H"}             # 9H does not overtrump JH
    s.apply("play KH")
    assert s.current_player == 2               # the highest trump, KH, takes the trick


def test_trump_led_must_be_beaten_if_possible():
    s = in_play()
    for card in ("AS", "AS", "9S", "9C", "JH", "KH"):
        s.apply("play " + card)
    s.apply("play TH")                         # seat 2 leads a trump
    assert plays(s) == {"play AH"}             # seat 0 must beat TH: only AH does
    s.apply("play AH")
    assert plays(s) == {"play AH", "play QH", "play 9H"}   # AH cannot be beaten: any trump
    s.apply("play AH")
    assert s.current_player == 0               # identical AH: seat 0's, played first, wins


@pytest.mark.parametrize("system", ["modern", "traditional"])
def test_the_deal_holds_250_in_cards_and_last(system):
    # the bidder's melds 190; every counter (240, discards included) and the last trick (10)
    # go to someone: the deal's points add up to 190 + 250 = 440. Fifteen tricks of three.
    s = in_play(card_points=system)
    assert play_first_legal_cards(s) == 45
    assert sum(s.summary()["rounds"][0]["points"]) == 190 + 250
