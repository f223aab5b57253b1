"""Kandell's variations (K l.188-199; RM §2.9; YML notes "variation, ...").

K l.193 "Each new penchant sets a new trump."
K l.194 "Marriage of trump suit cancels trump for the remainder of the round."
K l.196 "Melded cards not allowed to be re-used for new melds."
K l.197 "Pinochle declaration rules: you can only reuse cards for a new meld of a different class
        (i.e. sets versus sequences versus families), or scores more points in the same class."
K l.198 "Penchants may only be melded if the winner of trick does not declare."
K l.199 "Get out of jail free: 7 of Trumps laid alongside a meld allows you to override blocking
        for that turn only."
"""

import pytest

from .conftest import declaring, illegal, last, new_state, play, refusal, trick, trump_suit

LOSER_HAND = "9H 8H 7H 9D 8D 7D"  # no club, no spade: loses every club lead of seat 0


# ------------------------------------------------------------------ each penchant sets trump
@pytest.mark.parametrize("each,second_trump", [(False, "S"), (True, "H")])
def test_each_penchant_sets_a_new_trump(each, second_trump):
    s = new_state("JS QH JH QD 8C 7C", LOSER_HAND, options={"each_penchant_sets_trump": each})
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    assert trump_suit(s) == "S"
    trick(s, "7C", "7D", winner=0, meld="JH QD")
    # K l.193 with the option: the jack of hearts makes hearts trump; without: K l.89, spades stay
    assert trump_suit(s) == second_trump


def test_each_penchant_still_only_counts_winners_penchants():
    # YML notes "variation, each penchant sets trump": a winner's penchant, or either player's
    # under trump_setter=any; the loser's penchant (K l.87) does not set trump by default.
    s = new_state("AC KD 9C 8S 7H TD", "KC QC JD 9S 8H 7S", stock_top="TS 7C",
                  options={"each_penchant_sets_trump": True})
    trick(s, "AC", "7S", winner=0, loser_meld="JD QC")
    assert trump_suit(s) is None


# ------------------------------------------------------------------ trump marriage cancels trump
def cancel_position(options):
    # seat 0 draws JH after trick 1 and QD after trick 2; seat 1 draws 7S and 8S.
    s = new_state("JS QH KS QS 8C 7C", LOSER_HAND, stock_top="JH 7S QD 8S", options=options)
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    assert trump_suit(s) == "S"
    return s


def test_marriage_in_trumps_does_not_cancel_trump_by_default():
    s = cancel_position({})
    trick(s, "7C", "7D", winner=0, meld="KS QS")
    assert trump_suit(s) == "S"


def test_marriage_in_trumps_cancels_trump():
    s = cancel_position({"trump_marriage_cancels_trump": True})
    trick(s, "7C", "7D", winner=0, meld="KS QS")
    assert s.scores == [1 + 2, 0]  # the marriage still scores 2 (K l.69)
    assert trump_suit(s) is None  # K l.194
    assert last(s, "trump")["suit"] is None
    assert s.observation(1)["trump"] is None
    # DESIGN.md (replay --json): "rounds[i].trump: suit letter, or null while no trump is set"
    assert s.summary()["rounds"][0]["trump"] is None


@pytest.mark.parametrize("each", [False, True])
def test_cancelled_trump_is_not_re_established_by_a_later_penchant(each):
    # K l.194 "for the remainder of the round"; YML notes: "once cancelled, no later penchant
    # sets trump again in that round" (also when each penchant would set a new trump)
    s = cancel_position({"trump_marriage_cancels_trump": True, "each_penchant_sets_trump": each})
    trick(s, "7C", "7D", winner=0, meld="KS QS")
    trick(s, "KS", "9D", winner=0, meld="JH QD")  # KS led from the table; a new penchant
    assert trump_suit(s) is None


def test_marriage_in_a_plain_suit_or_a_trump_family_does_not_cancel_trump():
    # YML notes: only a declared marriage (K Q) IN THE TRUMP SUIT cancels trump, not a run
    opts = {"trump_marriage_cancels_trump": True}
    s = new_state("JS QH KH 8C 7C 9C", LOSER_HAND, options=opts)
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    trick(s, "7C", "7D", winner=0, meld="KH QH")  # marriage of hearts, trump is spades
    assert trump_suit(s) == "S"
    s = cancel_position(opts)
    trick(s, "7C", "7D", winner=0, meld="KS QS JS")  # family of trumps, JS from the table
    assert trump_suit(s) == "S"


# ------------------------------------------------------------------ no meld re-use
def test_no_meld_reuse_forbids_table_cards_in_new_melds():
    s = new_state("QS QH QD JD 8C 7C", LOSER_HAND, options={"no_meld_reuse": True})
    trick(s, "8C", "7H", winner=0, meld="QS QH")
    play(s, "7C", "7D", winner=0)
    # without the variation QS QH QD would be triplets (K l.73); with it, K l.196
    assert "meld QS QH QD" not in s.legal_actions()
    assert "may not be used again" in illegal(s, "meld QS QH QD")
    assert "may not be used again" in illegal(s, "meld QS JD")
    s.apply("meld QD JD")  # all fresh: a besito, 2 (K l.70)
    assert s.scores == [2 + 2, 0]


# ------------------------------------------------------------------ pinochle declaration
def pinochle_position(pinochle):
    s = new_state("KS QS JS JH QH 8C", LOSER_HAND, stock_top="7C",
                  options={"pinochle_declaration": pinochle})
    trick(s, "8C", "7H", winner=0, meld="KS QS")  # a marriage: class couplings, 2 points
    play(s, "7C", "7D", winner=0)  # seat 0 holds KS QS (table) JS JH QH
    return s


def test_pinochle_declaration_allows_reuse_in_another_class():
    s = pinochle_position(True)
    actions = s.legal_actions()
    assert "meld KS QS JS" in actions   # family: runs, another class (K l.197)
    assert "meld QS QH" in actions      # twins: sets, another class
    assert "meld JS QH" in actions      # a penchant of fresh cards re-uses nothing
    s.apply("meld KS QS JS")
    assert s.scores == [2 + 3, 0]       # K l.64 family 3


def test_pinochle_declaration_refuses_reuse_in_the_same_class_unless_higher():
    s = pinochle_position(True)
    actions = s.legal_actions()
    # besito QS JS (couplings, 2, not more than the marriage's 2) and penchant QS JH
    # (couplings, 1) re-use QS of the marriage in the same class without scoring more
    assert "meld QS JS" not in actions and "meld QS JH" not in actions
    assert "another class" in illegal(s, "meld QS JS")
    assert "another class" in illegal(s, "meld QS JH")


def test_without_pinochle_declaration_the_same_class_reuse_is_allowed():
    s = pinochle_position(False)
    assert "meld QS JS" in s.legal_actions()  # K l.73, fn 7 (l.81): Penchant is more liberal


def test_pinochle_declaration_allows_a_higher_meld_of_the_same_class():
    s = new_state("QS QH QD 9C 8C 7C", LOSER_HAND, options={"pinochle_declaration": True})
    trick(s, "8C", "7H", winner=0, meld="QS QH")     # twins 2
    trick(s, "7C", "7D", winner=0, meld="QS QH QD")  # triplets 3 > 2, same class sets
    assert s.scores == [2 + 3, 0]


# ------------------------------------------------------------------ penchant only when winner passes
def test_winner_may_not_declare_a_penchant_and_the_losers_penchant_sets_trump():
    # seat 0 holds JS QH (a penchant) and 9D 9C (twins), seat 1 the penchant JD QC
    s = new_state("JS QH 9D 9C 8C 7H", "QC JD 8S 7S 8D 7D",
                  options={"penchant_only_when_winner_passes": True})
    play(s, "8C", "7S", winner=0)
    assert s.legal_actions() == ["meld 9D 9C", "pass"]
    assert "may not declare: penchant" in illegal(s, "meld JS QH")
    s.apply("pass")
    assert declaring(s) == "loser"
    s.apply("meld JD QC")
    assert s.scores == [0, 1]
    # YML notes "variation, penchant only when the winner passes": the loser's penchant then
    # sets trump (otherwise nothing could): the jack of diamonds
    assert trump_suit(s) == "D"


# ------------------------------------------------------------------ get out of jail free
# Emma (seat 0) sets trump spades with JS QH, then adds QS: her table JS QH QS holds twin
# queens. Tony (seat 1) holds the seven of trumps and twin nines, and wins trick 3 with TD.
EMMA, TONY = 0, 1
JAIL_STOCK = "AC AH KC KH 7D 8S"  # T1 Emma AC, Tony AH; T2 Emma KC, Tony KH; T3 Tony 7D, Emma 8S


def jail_position(jail, queens=True):
    s = new_state("JS QH QS 8C 7C 9D", "7S 9H 9C TD 8H 8D", stock_top=JAIL_STOCK,
                  options={"jail_free_seven": jail})
    trick(s, "8C", "8H", winner=EMMA, meld="JS QH")
    trick(s, "7C", "8D", winner=EMMA, meld="QS QH" if queens else None)
    assert trump_suit(s) == "S"
    play(s, "9D", "TD", winner=TONY)  # Tony: 7S 9H 9C AH KH
    return s


def test_jail_free_seven_is_offered_when_blocked_and_holding_the_trump_seven():
    s = jail_position(True)
    assert refusal(s, TONY, "9H 9C").startswith("blocked")  # (2,Q) over minor twins, K l.95
    assert s.legal_actions() == ["jail-free 7S 9H 9C", "pass"]
    s.apply("jail-free 7S 9H 9C")
    # the set scores as twins, 2 (K l.53); the seven scores nothing (YML notes)
    assert s.scores == [1 + 2, 2]
    assert last(s, "meld")["name"] == "twins" and last(s, "meld")["points"] == 2
    assert s.deck.names_of(s.tableaus[TONY]) == ["7S", "9H", "9C"]
    assert "7S" not in s.deck.names_of(s.hands[TONY])


def test_jail_free_is_for_that_turn_only_and_the_seven_on_the_table_cannot_serve_again():
    s = jail_position(True)
    s.apply("jail-free 7S 9H 9C")
    play(s, "AH", "KC", winner=TONY)  # Tony drew 7D: 7S 7D would be twins, still blocked
    assert refusal(s, TONY, "7S 7D").startswith("blocked")
    assert s.game.extra_declarations(s, TONY) == []  # the seven is on the table, not in hand
    assert declaring(s) is None  # nothing declarable: the turn is skipped


def test_jail_free_is_not_offered_without_the_variation():
    s = jail_position(False)
    assert declaring(s) is None  # the blocked twins were Tony's only meld: turn skipped
    assert refusal(s, TONY, "9H 9C").startswith("blocked")
    assert s.game.extra_declarations(s, TONY) == []
    assert illegal(s, "jail-free 7S 9H 9C")  # refused: it is Tony's turn to play


def test_jail_free_is_not_offered_when_not_blocked():
    s = jail_position(True, queens=False)  # Emma's table JS QH: no set, no block
    assert s.legal_actions() == ["meld 9H 9C", "pass"]
