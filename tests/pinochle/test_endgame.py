"""The end-game, once the stock is gone: the obligation to win (option endgame_must_win).

RM §5 End-game, via PB95 "as at two-hand Bezique": follow suit and win the trick if possible,
else trump (§11 item 24). RM §8 (pokerwiner-pin): must follow, if void must trump, must win only
if a trump is led (§11 item 38).

The deal: seat 0 leads the twelve clubs against seat 1's twelve diamonds and wins every stock
trick (off-suit, spades trump). Seat 0 then holds AH TH TH KH KH QH QH JH JH 9H KS QS, seat 1 AH
9H and ten spades (AS AS TS TS KS QS JS JS 9S 9S, one JS being the turn-up taken last).
"""

import pytest

from .conftest import finish_turn, load_game, registered, sweep_deal, trick

pytestmark = registered

CLUBS = "AC AC TC TC KC KC QC QC JC JC 9C 9C"
DIAMONDS = "AD AD TD TD KD KD QD QD JD JD 9D 9D"
DRAWS0 = "AH TH TH KH KH QH QH JH JH 9H KS QS"
DRAWS1 = "AH 9H AS AS TS TS KS QS JS 9S 9S"        # and the turn-up JS, drawn last


def at_end_game(**options):
    deal = sweep_deal(CLUBS, DIAMONDS, DRAWS0, DRAWS1, turnup="JS")
    s = load_game("pinochle", options=options).new_game(deals=[deal])
    for lead, follow in zip(CLUBS.split(), DIAMONDS.split()):
        trick(s, lead, follow, winner=0)
        finish_turn(s)                  # no melds: the test is about the obligations
    assert s.current_player == 0
    return s


def legal_replies(s, lead):
    s.apply("play " + lead)
    return {a for a in s.legal_actions() if a.startswith("play ")}


@pytest.mark.parametrize("rule, replies", [
    ("always", {"play AH"}),                   # must head JH: only AH does
    ("trump-led", {"play AH", "play 9H"}),     # a plain suit led: follow, any heart
])
def test_plain_suit_led(rule, replies):
    s = at_end_game(endgame_must_win=rule)
    assert legal_replies(s, "JH") == replies


@pytest.mark.parametrize("rule", ["always", "trump-led"])
def test_trump_led_must_be_beaten(rule):
    # QS led: seat 1 must beat it with a higher spade (AS, TS, KS), under both rules
    s = at_end_game(endgame_must_win=rule)
    assert legal_replies(s, "QS") == {"play AS", "play TS", "play KS"}


def test_stock_phase_is_free_play():
    # RM §5: while the stock lasts any card may be played: seat 1, holding diamonds only,
    # may answer a club with any of them
    deal = sweep_deal(CLUBS, DIAMONDS, DRAWS0, DRAWS1, turnup="JS")
    s = load_game("pinochle").new_game(deals=[deal])
    assert legal_replies(s, "AC") == {"play " + c for c in DIAMONDS.split()}
