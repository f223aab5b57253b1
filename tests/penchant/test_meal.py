"""Phase two, "the Meal" (K l.111-117; CS l.35-41; RM §1 and §2.7).

K l.113: "The second phase of play starts the moment the last card in the stock is drawn."
K l.115: "the various melds are drawn back into the players' hands and the last tricks are
played out ... with the winner of the last trick of phase one leading. Players must follow suit
if they can, must trump if they cannot, and must win if they can. Otherwise they may play any
card. [F,T,r] ... No melds can be declared once the stock is gone."
RM §1 / YML endgame_rule: default FTR (the prose); FTr (the bracket) drops the obligation to win.

The position (conftest.meal_position): trump spades (seat 0's penchant JS QH after trick 1);
seat 0 won tricks 1-9, seat 1 the 10th. Phase-two hands:
  seat 0: JS 7S QH 8H KC 9C   (void in diamonds; trumps JS 7S)
  seat 1: 9S 9H AD 7D TC 8C
"""

from .conftest import (MEAL_HANDS, MEAL_INITIAL, MEAL_PLAYS, MEAL_WINNERS, game, illegal, last,
                       meal_position, play, play_gathering, scripted_deal, trump_suit)

FOLLOW = "you must follow suit: you hold hearts (♥), the suit led (Parlett: FTR)"
TRUMP = "you hold no diamonds (♦), the suit led, but hold a trump: you must trump with spades (♠) (Parlett: FTR)"


def WIN(best):
    return f"you must win the trick when able: you hold a card that beats {best}, the card winning it (Parlett: FTR)"


def test_melds_return_to_hand_when_the_last_stock_card_is_drawn():
    d = scripted_deal(MEAL_INITIAL, MEAL_PLAYS, MEAL_HANDS, MEAL_WINNERS)
    s = game().new_game(deals=[d])
    play_gathering(s, MEAL_PLAYS[:9], MEAL_WINNERS[:9], melds={0: "JS QH"})
    assert s.phase_rule.name == "gathering" and s.stock_left == 2
    assert s.deck.names_of(s.tableaus[0]) == ["JS", "QH"]
    play_gathering(s, MEAL_PLAYS[9:], MEAL_WINNERS[9:])
    assert s.phase_rule.name == "meal" and s.stock_left == 0
    assert s.tableaus == [0, 0]  # K l.115; CS l.37 "back to 6 cards each"
    assert sorted(s.deck.names_of(s.hands[0])) == sorted(MEAL_HANDS[0].split())
    assert sorted(s.deck.names_of(s.hands[1])) == sorted(MEAL_HANDS[1].split())
    assert trump_suit(s) == "S"


def test_winner_of_the_tenth_trick_leads_the_meal():
    s = meal_position()
    # seat 0 (non-dealer) led trick 10 but seat 1 won it: seat 1 leads (K l.115; CS l.38)
    assert s.current_player == 1 and s.decision == "play"


def test_must_follow_suit():
    s = meal_position()
    s.apply("play 9H")
    assert illegal(s, "play JS").startswith(FOLLOW)   # a trump is no excuse: hearts are held
    assert illegal(s, "play KC").startswith(FOLLOW)


def test_must_win_when_able():
    s = meal_position()
    s.apply("play 9H")
    assert s.legal_actions() == ["play QH"]           # QH beats 9H; 8H does not
    assert illegal(s, "play 8H").startswith(WIN("9H"))


def test_must_trump_when_void():
    s = meal_position()
    s.apply("play 7D")                                 # seat 0 has no diamond
    assert sorted(s.legal_actions()) == ["play 7S", "play JS"]
    assert illegal(s, "play KC").startswith(TRUMP)
    assert illegal(s, "play QH").startswith(TRUMP)


def test_must_beat_a_trump_lead_when_able():
    s = meal_position()
    s.apply("play 9S")                                 # trump led: follow and head it
    assert s.legal_actions() == ["play JS"]
    assert illegal(s, "play 7S").startswith(WIN("9S"))


def test_FTr_does_not_require_winning():
    s = meal_position({"endgame_rule": "FTr"})
    s.apply("play 9H")
    assert sorted(s.legal_actions()) == ["play 8H", "play QH"]
    assert illegal(s, "play JS").startswith("you must follow suit")  # F still applies
    s.apply("play 8H")
    assert last(s, "trick")["winner"] == 1 and s.current_player == 1  # 9H won: seat 1 leads


def test_FTr_still_requires_trumping_when_void():
    s = meal_position({"endgame_rule": "FTr"})
    s.apply("play 7D")
    assert sorted(s.legal_actions()) == ["play 7S", "play JS"]


def test_no_melds_and_no_draws_in_the_meal():
    s = meal_position()
    events_before = len(s.events)
    play(s, "TC", "KC", winner=0)                      # KC must win (FTR); seat 0 still holds JS QH
    assert s.current_player == 0 and s.decision == "play"
    assert all(a.startswith("play ") for a in s.legal_actions())
    assert "must play a card" in illegal(s, "meld JS QH")  # K l.115 "No melds"; CS l.41
    assert illegal(s, "pass")
    assert not [e for e in s.events[events_before:] if e["type"] in ("draw", "meld")]
