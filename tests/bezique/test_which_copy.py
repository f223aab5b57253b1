"""Which copy of a card `play` takes when the hand and the table both hold it (two packs).

DESIGN.md: identical cards are interchangeable in notation, so `play KS` stays; its rule is that
the card comes from hand when the hand holds one, and `play KS from table` takes the table's. A
card played from the table is always written so (with two packs): were it written so only while
the hand holds its twin, the action would tell the other player what the hand holds.
The two differ: the table's K♠ may belong to a meld waiting "to score" (RM §5 Declaring rules:
a waiting meld lapses once one of its cards is played, PB93, F325, F326, Hoffmann).

The position is F326's (test_to_score.py) with a second K♠ in hand: four Kings (K♠ K♥ K♦ K♣,
80) scored, then the bezique Q♠ J♦ (40) scored and the marriage K♠ Q♠ shown to score later.
Trump is hearts; seat 0 leads each next trick and wins it (seat 1 throws a club).
"""

import pytest

from cardcore import IllegalAction
from cardcore.bots.simple import play_cards
from cardcore.text.moves import interpret
from cardcore.records import format_record, parse_record, replay

from .conftest import finish_turn, next_win, won_opening


def f326_with_a_second_king():
    s = won_opening("KS KH KD KC QS JD KS", stock_top="8S 9H")   # seat 0 draws 8S to lead next
    s.apply("meld KS KH KD KC")                # the first K♠ goes to the table
    next_win(s, "8S")
    s.apply("meld QS JD")
    s.apply("meld KS QS")                      # waits to score
    assert s.scores == [120, 0]
    finish_turn(s)
    return s


def test_play_offers_the_hand_copy_and_the_table_copy_as_two_moves():
    s = f326_with_a_second_king()
    legal = s.legal_actions()
    assert "play KS" in legal and "play KS from table" in legal
    # a card on the table only is one move, from the table (K♥ of the quartet)
    assert "play KH from table" in legal and "play KH" not in legal


def test_play_takes_the_hand_copy_and_the_waiting_marriage_still_scores():
    s = f326_with_a_second_king()
    table_before = s.deck.names_of(s.tableaus[0])
    s.apply("play KS")
    assert s.deck.names_of(s.tableaus[0]) == table_before      # the table's K♠ is still there
    s.apply("play 9C")
    assert s.current_player == 0                               # K♠ led, a plain club: seat 0 wins
    assert "meld KS QS" in s.legal_actions()
    s.apply("meld KS QS")
    assert s.scores == [80 + 40 + 20, 0]


def test_play_from_table_takes_the_table_copy_and_the_waiting_marriage_lapses():
    s = f326_with_a_second_king()
    s.apply("play KS from table")
    assert "KS" not in s.deck.names_of(s.tableaus[0]) and "KS" in s.deck.names_of(s.hands[0])
    s.apply("play 9C")
    assert "meld KS QS" not in s.legal_actions()
    marriage = [m for m in s.summary()["rounds"][-1]["melds"] if m["name"] == "common-marriage"]
    assert marriage[0]["status"] == "lapsed"
    assert s.actions[-2] == "play KS from table"               # the record says which copy


def test_without_a_twin_in_hand_play_takes_the_table_card():
    s = won_opening("KS KH KD KC QS JD")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    s.apply("meld QS JD")
    s.apply("meld KS QS")
    finish_turn(s)
    assert "play KS from table" in s.legal_actions() and "play KS" not in s.legal_actions()
    s.apply("play KS")                                         # the only K♠ is the table's
    assert "KS" not in s.deck.names_of(s.tableaus[0])
    assert s.actions[-1] == "play KS from table"               # written as what it was
    with pytest.raises(IllegalAction, match="no KS on your table"):
        s.clone().apply("play KS from table")


def test_from_table_names_the_rule_when_the_table_lacks_the_card():
    s = f326_with_a_second_king()
    with pytest.raises(IllegalAction, match="you have no AS on your table"):
        s.apply("play AS from table")
    with pytest.raises(IllegalAction, match="play takes exactly one card"):
        s.apply("play KS KH from table")


def test_a_record_replays_each_copy_and_a_bot_move_is_written_by_its_copy():
    s = f326_with_a_second_king()
    table_king = next(c for c in s.legal_moves() if s.deck.names[c] == "KS" and s.tableaus[0] >> c & 1)
    s.apply_move(table_king)                                   # the fast path of the search bots
    assert s.actions[-1] == "play KS from table"
    again = replay(parse_record(format_record(s.record())))
    assert again.summary() == s.summary() and again.tableaus == s.tableaus


def test_a_format_2_record_replays_as_it_did_then():
    # Before format 3 a bare `play KS` took the first copy found, the table's here: the first
    # K♠ of the hand is the one the quartet put down (test_reuse_laws.py relied on it)
    s = f326_with_a_second_king()
    s.apply("play KS from table")
    record = s.record()
    old = {**record, "format": 2, "actions": [a.replace(" from table", "") for a in record["actions"]]}
    replayed = replay(old)
    assert replayed.summary() == s.summary()                   # the marriage lapsed, as then
    assert replayed.record()["actions"][-1] == "play KS from table"
    new = replay({**old, "format": 3})                         # now `play KS` takes the hand's
    assert "KS" in new.deck.names_of(new.tableaus[0])


def test_the_terminal_and_the_bots_tell_the_two_copies_apart():
    s = f326_with_a_second_king()
    assert interpret("k♠ from table", s).action == "play KS from table"
    assert interpret("play KS from table", s).action == "play KS from table"
    assert interpret("KS", s).action == "play KS"
    assert interpret("KH", s).action == "play KH from table"   # K♥ is on the table only
    # seat 0 drew 9♠ after the second trick (the filler after the named cards: 9S first,
    # conftest.deal); it is in hand only: "from table" is refused, not played from hand
    assert interpret("9S", s).action == "play 9S"
    refused = interpret("9S from table", s)
    assert refused.action is None and "no 9S on your table" in refused.error
    cards = play_cards(s, ["play KS", "play KS from table"])
    assert s.hands[0] >> cards["play KS"] & 1
    assert s.tableaus[0] >> cards["play KS from table"] & 1


def test_the_adapters_action_space_holds_the_table_copy_after_the_ids_it_had():
    from cardcore.adapters.encoding import ActionTable

    s = f326_with_a_second_king()
    table = ActionTable(s.game)
    ids = table.legal_ids(s)
    assert table.strings[table.ids["play KS from table"]] == "play KS from table" and \
        table.ids["play KS from table"] in ids
    # appended after every action of before: the 32 plays, the melds, pass, the exchanges
    assert table.ids["play KS from table"] > table.ids["exchange 7C"] > table.ids["play 7C"]
