"""Blocking of minor sets by the opponent's elder sets (K l.95-107; CS l.33; RM §2.6; YML notes
"blocking sets").

K l.95: "A player may not meld minor sets if his adversary has upon the table cards which form a
higher scoring elder set, or an elder set of the same score but of higher rank ... The blocking
player does not have to have declared the elder set ... You can remove a block by equaling the
elder set ... Note that Runs and Families cannot be blocked, just Sets."
CS l.33: "... Unblock requires a higher count minor set or higher ranked elder set. Couplings
and Runs never blocked. Elder sets never blocked."
Seat 0 is Emma, seat 1 is Tony.
"""

import pytest

from .conftest import declaring, illegal, new_state, play, refusal, trick, trump_suit

EMMA, TONY = 0, 1


# ------------------------------------------------------------------ example A (RM §2.6, K1)
def example_a():
    """Emma melds a marriage (KS QS) then a penchant (JS QH): K, Q, Q, J on her table."""
    s = new_state(
        "KS QS QH JS AC KC",  # Emma
        "TS TH TD 9S 9H 7C",  # Tony
        # draws, trick by trick (winner first): T1 Emma 7D, Tony 8C; T2 Emma 7H, Tony 8D;
        # T3 Tony 9D, Emma AH; T4 Tony TC, Emma QD; T5 Emma 8H, Tony KD
        stock_top="7D 8C 7H 8D 9D AH TC QD 8H KD",
    )
    trick(s, "AC", "7C", winner=EMMA, meld="KS QS")
    trick(s, "KC", "8C", winner=EMMA, meld="JS QH")
    assert s.deck.names_of(s.tableaus[EMMA]) == ["KS", "QS", "JS", "QH"]
    assert trump_suit(s) == "S"
    return s


def test_example_a_twin_tens_blocked_by_an_undeclared_pair_of_queens():
    s = example_a()
    play(s, "7D", "8D", winner=TONY)  # Tony holds TS TH TD 9S 9H
    # Emma's Q Q were declared in a marriage and a penchant, never as twins: they still block
    # (K l.95 "does not have to have declared the elder set"); B = twins of queens.
    assert declaring(s) == "winner"
    why = illegal(s, "meld TH TD")
    assert why.startswith("blocked") and "queens" in why
    assert "blocked" in illegal(s, "meld 9S 9H")
    # the triplet scores 3 > 2 and "can't be blocked by a pair" (K l.97)
    assert s.legal_actions() == ["meld TS TH TD", "pass"]


def test_example_a_triplet_of_tens_then_unblocks_minor_pairs():
    s = example_a()
    trick(s, "7D", "8D", winner=TONY, meld="TS TH TD")
    assert s.scores == [2 + 1, 3]  # marriage 2 + penchant 1 (K l.69,71); triplets 3 (K l.54)
    play(s, "9D", "7H", winner=TONY)
    # Tony's own (3, tens) beats Emma's (2, queens): "higher scoring minors can break the block,
    # freeing things up to meld all lesser minors" (K l.97)
    assert "meld 9S 9H" in s.legal_actions()
    s.apply("meld 9S 9H")
    assert s.scores == [3, 3 + 2]


def test_example_a_third_queen_reimposes_the_block_but_a_minor_quad_is_allowed():
    s = example_a()
    trick(s, "7D", "8D", winner=TONY, meld="TS TH TD")
    trick(s, "9D", "7H", winner=TONY, meld="9S 9H")
    # Tony leads a nine from his table; Emma wins with AH and turns her queens into a triplet
    play(s, "9H", "AH", winner=EMMA)
    s.apply("meld QS QH QD")
    assert s.scores == [2 + 1 + 3, 3 + 2]
    # Tony wins with the trump 9S from his table; he holds TS TH TD (table) + TC KD.
    play(s, "8H", "9S", winner=TONY)
    # Emma's (3, queens) > Tony's (3, tens): same score, higher rank (K l.95, K l.103)
    assert "blocked" in illegal(s, "meld TS TC")        # minor twins
    assert "blocked" in illegal(s, "meld TS TH TC")     # minor triplets
    # "but could meld, say, four 8s" (K l.97): a quad scores 8 > 3 (K l.139)
    assert s.legal_actions() == ["meld TS TH TD TC", "pass"]
    s.apply("meld TS TH TD TC")
    assert s.scores == [6, 5 + 8]


# ------------------------------------------------------------------ example B
EMMA_B = "KS KH AD 7C 7D 8D"


def example_b(tony, stock_top, options=None):
    """Emma leads AD, wins trick 1 and melds two kings; Tony wins trick 2 with AC over 7C."""
    s = new_state(EMMA_B, tony, stock_top=stock_top, options=options)
    trick(s, "AD", "7S", winner=EMMA, meld="KS KH")
    return s


def test_example_b_kings_block_nines_and_tony_may_tie_with_his_own_kings():
    # stock: T1 Emma 8C, Tony AH; T2 Tony QD, Emma 9C
    s = example_b("KD KC 9S 9H AC 7S", "8C AH QD 9C")
    play(s, "7C", "AC", winner=TONY)
    assert "blocked" in illegal(s, "meld 9S 9H")  # K l.97 "cannot meld his minor pair of 9s"
    assert s.legal_actions() == ["meld KD KC", "pass"]  # elder sets never blocked (CS l.33)
    s.apply("meld KD KC")
    play(s, "AH", "7D", winner=TONY)
    # "he unblocks her by tying her block, and can later meld the 9s" (K l.97)
    assert "meld 9S 9H" in s.legal_actions()
    s.apply("meld 9S 9H")
    assert s.scores == [2, 2 + 2]


def test_example_b_three_eights_break_the_block_then_the_nines():
    # Tony: T1 7S, draws 8C; T2 AC wins, melds three 8s; draws AH and leads it in T3.
    s = example_b("8S 8H 9S 9H 7S AC", "9C 8C AH TC")
    play(s, "7C", "AC", winner=TONY)
    assert "blocked" in illegal(s, "meld 8S 8H")
    assert "blocked" in illegal(s, "meld 9S 9H")
    assert s.legal_actions() == ["meld 8S 8H 8C", "pass"]  # 3 points > twins' 2 (K l.97)
    s.apply("meld 8S 8H 8C")
    play(s, "AH", "7D", winner=TONY)
    assert "meld 9S 9H" in s.legal_actions()  # "then the two 9s could be melded next turn"
    s.apply("meld 9S 9H")
    assert s.scores == [2, 3 + 2]


def test_strict_option_a_tie_does_not_unblock():
    # CS l.33: "Unblock requires a higher count minor set or higher ranked elder set" (RM §2.6 CS)
    s = example_b("KD KC 9S 9H AC 7S", "8C AH QD 9C", {"blocking_tie": "strict"})
    trick(s, "7C", "AC", winner=TONY, meld="KD KC")  # elder twins: still never blocked
    play(s, "AH", "7D", winner=TONY)
    assert declaring(s) == "winner"  # KD QD (marriage) keeps Tony's turn open
    assert "meld 9S 9H" not in s.legal_actions()
    why = illegal(s, "meld 9S 9H")
    assert why.startswith("blocked") and "strict" in why
    assert "meld KD QD" in s.legal_actions()


def test_equal_score_option_a_pair_of_queens_unblocks_against_a_pair_of_kings():
    # RM §2.6 K2: an own elder set of equal score unblocks whatever its rank.
    for tie, nines_allowed in (("unblocks", False), ("equal-score", True)):
        s = example_b("QD QC 9S 9H AC 7S", "8C AH KD 9C", {"blocking_tie": tie})
        trick(s, "7C", "AC", winner=TONY, meld="QD QC")
        play(s, "AH", "7D", winner=TONY)
        assert declaring(s) == "winner"  # KD QD is a marriage with the table queen
        # under K1, (2, Q) is below (2, K): same score, lower rank -> still blocked (K l.95)
        assert ("meld 9S 9H" in s.legal_actions()) is nines_allowed, tie


def test_block_lifted_when_the_blocker_plays_a_table_card_to_a_trick():
    # RM §2.6 "Blocks are state-based"; K l.158 "playing a trick from your melds if it removes
    # your block"
    s = example_b("9S 9H 7S AS 7H 8H", "8C JD")
    assert refusal(s, TONY, "9S 9H").startswith("blocked")
    play(s, "KS", "AS", winner=TONY)  # Emma leads a king from her table; Tony's ace wins
    assert s.deck.names_of(s.tableaus[EMMA]) == ["KH"]
    assert "meld 9S 9H" in s.legal_actions()


def test_block_reimposed_when_the_blocked_player_plays_away_his_unblocking_set():
    # stock: T1 Emma 8C, Tony AH; T2 Tony QC, Emma 9C
    s = example_b("KD KC 9S 9H AC 7S", "8C AH QC 9C")
    trick(s, "7C", "AC", winner=TONY, meld="KD KC")
    assert refusal(s, TONY, "9S 9H") is None  # tied: unblocked
    play(s, "KD", "7D", winner=TONY)  # Tony leads a king from his table
    assert declaring(s) == "winner"  # KC QC (marriage) keeps the turn open
    assert "meld 9S 9H" not in s.legal_actions()
    assert "blocked" in illegal(s, "meld 9S 9H")
    assert "meld KC QC" in s.legal_actions()


# ------------------------------------------------------------------ never blocked
def emma_quad_of_aces(tony):
    """Emma melds four aces after trick 1 (blocks all minor sets, K l.95); Tony draws 9S and
    wins trick 2 with it over 7S."""
    s = new_state("AS AH AD AC 8S 7S", tony, stock_top="8D 9S")
    trick(s, "8S", "7D", winner=EMMA, meld="AS AH AD AC")
    play(s, "7S", "9S", winner=TONY)
    return s


def test_runs_and_couplings_are_never_blocked():
    s = emma_quad_of_aces("KH QH JH 9D 9H 7D")  # Tony now holds KH QH JH 9D 9H
    assert "blocked" in illegal(s, "meld 9D 9H")  # the block is in force...
    # ...but not against runs or couplings (K l.95 "the high elder quad blocks all minor sets of any kind (but not runs or
    # marriages)"; CS l.33 "Couplings and Runs never blocked")
    actions = s.legal_actions()
    for meld in ("meld KH QH JH", "meld KH QH", "meld QH JH"):
        assert meld in actions


def test_minor_sets_of_every_size_blocked_by_an_elder_quad_but_elder_sets_never():
    s = emma_quad_of_aces("KD KC 9D 9H 9C 7D")
    # Tony holds KD KC 9D 9H 9C: the elder twins are allowed (CS l.33 "Elder sets never
    # blocked"), the minor twins and triplets are not (K l.95: quad 8 > 3, 8 > 2)
    assert "meld KD KC" in s.legal_actions()
    assert "blocked" in illegal(s, "meld 9D 9C")
    assert "blocked" in illegal(s, "meld 9D 9H 9C")


@pytest.mark.parametrize("tie", ["unblocks", "strict", "equal-score"])
def test_no_blocking_without_an_elder_set_on_the_opponents_table(tie):
    # Emma's marriage K Q holds no set at all: Tony's minor twins are free.
    s = new_state("KS QS AD 7C 7D 8D", "9S 9H AC 7S 7H 8H", stock_top="8C JD",
                  options={"blocking_tie": tie})
    trick(s, "AD", "7S", winner=EMMA, meld="KS QS")
    play(s, "7C", "AC", winner=TONY)
    assert "meld 9S 9H" in s.legal_actions()


# ------------------------------------------------- a blocked meld after a skipped declaration turn
def test_blocked_meld_after_a_skipped_turn_says_what_blocks_it_and_what_lifts_it():
    # Emma melds KS QS and JS QH (twins of queens on her table, never declared as such: they block
    # all the same, K l.95). Tony wins trick 3 holding TS TH 9H 9C: twins of tens and of nines,
    # minor sets that score no more than the elder queens, all blocked (K l.95; RM §2.6). With
    # nothing to declare his declaration turn is skipped (YML), so "meld TS TH" comes when he
    # must lead. The refusal names the block, as `help` does (the same explanation), not only
    # whose turn it is.
    s = new_state("KS QS QH JS AC KC", "TS TH 9C 9H 7S 7C", stock_top="7D 8C 7H 8D 9D AH TC QD 8H KD")
    trick(s, "AC", "7C", winner=EMMA, meld="KS QS")
    trick(s, "KC", "8C", winner=EMMA, meld="JS QH")
    play(s, "7D", "8D", winner=TONY)
    # no "pass" was asked of Tony after the trick: his declaration turn was skipped
    assert s.actions[-2:] == ["play 7D", "play 8D"]
    assert s.decision == "play" and s.current_player == TONY
    why = illegal(s, "meld TS TH")
    help_text = refusal(s, TONY, "TS TH")
    assert why.startswith(help_text)
    assert "seat 0's table holds twins of queens" in why and "lifts the block" in why
    assert why.endswith("seat 1 must play a card to the trick now")


def test_a_meld_that_nothing_refuses_is_only_out_of_turn():
    # The same position: TS 7S are no meld, and a meld nothing refuses is refused only for the
    # moment (the triplet of nines after drawing 9D scores 3 > 2 and is not blocked, K l.97).
    s = new_state("KS QS QH JS AC KC", "TS TH 9C 9H 7S 7C", stock_top="7D 8C 7H 8D 9D AH TC QD 8H KD")
    trick(s, "AC", "7C", winner=EMMA, meld="KS QS")
    trick(s, "KC", "8C", winner=EMMA, meld="JS QH")
    play(s, "7D", "8D", winner=TONY)
    assert illegal(s, "meld 9H 9D 9C") == "seat 1 must play a card to the trick now"
    assert illegal(s, "meld TS 7S") == "seat 1 must play a card to the trick now"
