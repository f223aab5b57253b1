"""Trick obligations from Parlett's letters (rules.md §1) and trick resolution."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.cards import Deck
from cardcore.tricks import FollowRule, forbidding_reason, legal_plays, replies_to_lead, trick_winner

SUITS = ("S", "H", "D", "C")
DECK = Deck(("7", "8", "9", "T", "J", "Q", "K", "A"), SUITS)
H = SUITS.index("H")


def mask(*names):
    return sum(1 << DECK.card_index(n) for n in names)


def reply(rule, holding, lead, trump):
    """The cards allowed in reply to ``lead`` by ``replies_to_lead``'s masks, tried in turn as
    the fast path (``legal_moves``) tries them."""
    led, if_led, if_void = replies_to_lead(DECK, rule)[lead][-1 if trump is None else trump]
    for allowed in (if_led if holding & led else if_void):
        if holding & allowed:
            return holding & allowed
    return holding


def legal(letters, hand, trick, trump=H, follow_or_trump=False):
    rule = FollowRule.parse(letters, follow_or_trump)
    holding, played = mask(*hand), [DECK.card_index(c) for c in trick]
    cards = legal_plays(DECK, rule, holding, played, trump)
    if len(played) == 1 and not rule.free:  # a reply to the lead: the fast path's table agrees
        assert reply(rule, holding, played[0], trump) == cards
    return set(DECK.names_of(cards))


ALL_LETTERS = ["".join(p) for p in itertools.product("fF", "tT", "rR")]

# Worked by hand. Trump is hearts; 9S was led and is winning.
# Holding the suit led: hand 7S JS 8H KD. F keeps the spades; R keeps the cards that beat 9S
# (JS, and the trump 8H when spades need not be followed); T binds only when void.
HOLDING_LED = {
    "ftr": {"7S", "JS", "8H", "KD"}, "ftR": {"JS", "8H"},
    "fTr": {"7S", "JS", "8H", "KD"}, "fTR": {"JS", "8H"},
    "Ftr": {"7S", "JS"}, "FtR": {"JS"},
    "FTr": {"7S", "JS"}, "FTR": {"JS"},
}
# Void in the suit led: hand 8H AH KD 7C. F has nothing to bind; T keeps the trumps; R keeps
# the cards that beat 9S, i.e. the trumps.
VOID_IN_LED = {
    "ftr": {"8H", "AH", "KD", "7C"}, "ftR": {"8H", "AH"},
    "fTr": {"8H", "AH"}, "fTR": {"8H", "AH"},
    "Ftr": {"8H", "AH", "KD", "7C"}, "FtR": {"8H", "AH"},
    "FTr": {"8H", "AH"}, "FTR": {"8H", "AH"},
}


@pytest.mark.parametrize("letters", ALL_LETTERS)
def test_every_letter_combination_when_holding_the_suit_led(letters):
    assert legal(letters, ["7S", "JS", "8H", "KD"], ["9S"]) == HOLDING_LED[letters]


@pytest.mark.parametrize("letters", ALL_LETTERS)
def test_every_letter_combination_when_void_in_the_suit_led(letters):
    assert legal(letters, ["8H", "AH", "KD", "7C"], ["9S"]) == VOID_IN_LED[letters]


@pytest.mark.parametrize("letters", ALL_LETTERS)
def test_void_with_no_trump_and_nothing_that_wins_leaves_any_card(letters):
    assert legal(letters, ["KD", "7C"], ["9S"]) == {"KD", "7C"}


@pytest.mark.parametrize("letters", ALL_LETTERS)
def test_the_leader_may_lead_anything(letters):
    assert legal(letters, ["7S", "AH"], []) == {"7S", "AH"}


def test_trump_led_must_be_followed_and_beaten_under_ftr_capitals():
    assert legal("FTR", ["7H", "JH", "AS"], ["9H"]) == {"JH"}
    assert legal("FTr", ["7H", "JH", "AS"], ["9H"]) == {"7H", "JH"}
    assert legal("ftR", ["7H", "JH", "AS"], ["9H"]) == {"JH"}  # AS cannot beat a trump


def test_no_trump_yet_makes_t_void_and_only_the_suit_led_can_win():
    assert legal("FTR", ["8H", "KD"], ["9S"], trump=None) == {"8H", "KD"}
    assert legal("FTR", ["7S", "KS", "8H"], ["9S"], trump=None) == {"KS"}


def test_follow_or_trump_may_trump_while_holding_the_suit_but_discard_only_when_void():
    # All Fours / Penneech (Wikipedia Penneech, Play and note a).
    assert legal("ftr", ["7S", "JS", "8H", "KD"], ["9S"], follow_or_trump=True) == {"7S", "JS", "8H"}
    assert legal("ftr", ["8H", "AH", "KD", "7C"], ["9S"], follow_or_trump=True) == {"8H", "AH", "KD", "7C"}


def test_forbidding_reason_names_the_obligation():
    rule = FollowRule.parse("FTR")
    hand, trick = mask("7S", "JS", "8H"), [DECK.card_index("9S")]
    assert "follow suit" in forbidding_reason(DECK, rule, hand, trick, H, DECK.card_index("8H"))
    assert "win" in forbidding_reason(DECK, rule, hand, trick, H, DECK.card_index("7S"))
    assert forbidding_reason(DECK, rule, hand, trick, H, DECK.card_index("JS")) is None
    void = mask("8H", "KD")
    assert "trump" in forbidding_reason(DECK, rule, void, trick, H, DECK.card_index("KD"))


@pytest.mark.parametrize("bad", ["FXR", "ft", "rtf", "FTRR", ""])
def test_malformed_letters_are_refused(bad):
    with pytest.raises(ValueError, match="not a trick rule"):
        FollowRule.parse(bad)


def test_commas_are_allowed_as_in_kandell():
    assert FollowRule.parse("F,T,r") == FollowRule(True, True, False)


def winner(cards, trump, deck=DECK):
    return cards[trick_winner(deck, [deck.card_index(c) for c in cards], trump)]


def test_trick_resolution_without_trump():
    assert winner(["9S", "KS"], None) == "KS"
    assert winner(["9S", "AH"], None) == "9S"  # a card of another suit never wins
    assert winner(["TS", "9S"], None) == "TS"  # Penchant: the ten between 9 and J (Kandell fn 2)
    assert winner(["TS", "JS"], None) == "JS"


def test_trick_resolution_with_trump():
    assert winner(["9S", "7H"], H) == "7H"
    assert winner(["9H", "7H"], H) == "9H"
    assert winner(["AS", "KS"], H) == "AS"


def test_marjolet_ten_beats_the_king():
    deck = Deck(("7", "8", "9", "J", "Q", "K", "T", "A"), SUITS)
    assert winner(["KS", "TS"], None, deck) == "TS"
    assert winner(["TS", "AS"], None, deck) == "AS"


def test_penneech_seven_of_diamonds_beats_the_ace_whether_trump_or_not():
    d_order = tuple("2345689TJQKA") + ("7",)
    deck = Deck(tuple("23456789TJQKA"), SUITS, order={"D": d_order})
    assert winner(["AD", "7D"], None, deck) == "7D"
    assert winner(["AD", "7D"], SUITS.index("S"), deck) == "7D"
    assert winner(["7D", "2S"], SUITS.index("S"), deck) == "2S"  # but a trump beats it


def test_identical_cards_first_played_wins():
    deck = Deck(("7", "8", "9", "T", "J", "Q", "K", "A"), SUITS, packs=2)
    first, second = deck.by_name["QS"]
    assert trick_winner(deck, [first, second], None) == 0
    assert trick_winner(deck, [second, first], None) == 0


def test_must_win_uses_each_suit_s_own_order():
    """Penneech's 7D tops diamonds: with AD led under FTR, a hand 7D 2D AS must play the 7D;
    with 7D led, no diamond beats it, so a hand 2D 5D AS may play either diamond (F binds)."""
    d_order = tuple("2345689TJQKA") + ("7",)
    deck = Deck(tuple("23456789TJQKA"), SUITS, order={"D": d_order})
    rule = FollowRule.parse("FTR")
    names = lambda m: set(deck.names_of(m))  # noqa: E731
    hand = sum(1 << deck.card_index(n) for n in ("7D", "2D", "AS"))
    assert names(legal_plays(deck, rule, hand, [deck.card_index("AD")], None)) == {"7D"}
    other = sum(1 << deck.card_index(n) for n in ("2D", "5D", "AS"))
    assert names(legal_plays(deck, rule, other, [deck.card_index("7D")], None)) == {"2D", "5D"}


def test_must_win_with_two_packs_an_identical_card_does_not_beat():
    """Two packs: QS led, the other QS does not beat it (the first played wins), so under ftR a
    hand of the other QS and 7H (trump) must trump."""
    deck = Deck(("7", "8", "9", "T", "J", "Q", "K", "A"), SUITS, packs=2)
    first, second = deck.by_name["QS"]
    hand = (1 << second) | (1 << deck.by_name["7H"][0])
    allowed = legal_plays(deck, FollowRule.parse("ftR"), hand, [first], H)
    assert allowed == 1 << deck.by_name["7H"][0]


RULES = [FollowRule.parse(letters, follow_or_trump, win_when_trump_led)
         for letters in ALL_LETTERS for follow_or_trump in (False, True) for win_when_trump_led in (False, True)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([r for r in RULES if not r.free]), st.integers(0, DECK.size - 1),
       st.sampled_from([None, 0, 1, 2, 3]), st.integers(0, DECK.full_mask))
def test_the_reply_table_allows_what_the_rule_allows(rule, lead, trump, holding):
    holding &= ~(1 << lead)  # the lead is not in the replying hand
    assert reply(rule, holding, lead, trump) == legal_plays(DECK, rule, holding, [lead], trump)
