"""Carte blanche. PB94, Carte blanche: "Except in eight-pack Bezique, a player dealt no court may
show the hand and score for carte blanche (see the Table). Thereafter, so long as each successive
card drawn fails to be a court, he may show the drawn card and score carte blanche again." Table:
50 (four packs), 250 (six), none (eight). RM §7.1 laws 15-16; F334 (option): only before the
first trick (RM §11 item 34). Courts are Kings, Queens and Jacks.
"""

from helpers import core_files_naming

from .conftest import finish_turn, new_state, trick

RUBICON, SIX, EIGHT = "rubicon-bezique", "six-pack-bezique", "eight-pack-bezique"
# nine cards, no court: Aces, Tens and low cards
BLANK = "AS TS 9S 8H 7H 9D 8D 9C 7C"


def test_a_hand_without_a_court_scores_at_the_deal():
    s = new_state(RUBICON, BLANK, "KH 7D")
    assert s.scores == [50, 0]
    shown = s.summary()["rounds"][0]["carte_blanche"]
    assert shown == [{"player": 0, "cards": BLANK.split(), "points": 50}]  # BLANK is in canonical order


def test_six_packs_score_250():
    s = new_state(SIX, BLANK + " AH TH 9H", "KH 7D")
    assert s.scores == [250, 0]


def test_no_carte_blanche_with_eight_packs():
    s = new_state(EIGHT, BLANK + " AH TH 9H AD TD 9D", "KH 7D")
    assert s.scores == [0, 0]


def play_three_tricks(s):
    """Seat 0 wins three tricks, leading 7C, 9C, 9D against 7D, 7S, 9H (no trump, off-suit or the
    first of identical cards): after each it draws first, the stock's 8S, KS, 9H in turn."""
    trick(s, "7C", "7D", winner=0)   # seat 0 draws 8S, seat 1 7S
    finish_turn(s)
    first = s.scores[0]
    trick(s, "9C", "7S", winner=0)   # seat 0 draws KS, seat 1 9H
    finish_turn(s)
    trick(s, "9D", "9H", winner=0)   # seat 0 draws 9H, seat 1 9H
    finish_turn(s)
    return first


def test_each_further_non_court_draw_scores_again_until_a_court():
    s = new_state(RUBICON, BLANK, "KH 7D", stock_top="8S 7S KS 9H 9H 9H")
    assert s.scores == [50, 0]
    # 8S: no court, 50 again; KS: a court ends the run; the 9H drawn after it scores nothing
    assert play_three_tricks(s) == 100
    assert s.scores == [100, 0]
    assert [e["cards"] for e in s.summary()["rounds"][0]["carte_blanche"]][1:] == [["8S"]]


def test_only_before_the_first_trick_by_option():
    s = new_state(RUBICON, BLANK, "KH 7D", stock_top="8S 7S KS 9H 9H 9H", carte_blanche="first-trick-only")
    assert play_three_tricks(s) == 50
    assert s.scores == [50, 0]


def test_the_shown_cards_are_known_to_the_opponent():
    s = new_state(RUBICON, BLANK, "KH 7D")
    # the hand is shown (laws 15-16: "shown card by card"): seat 1 knows all nine cards
    assert s.observation(1)["known_in_hand"] == {"0": BLANK.split()}


def test_carte_blanche_is_this_plugins_section_and_no_longer_the_cores():
    """Only the multi-pack games score carte blanche, so its rules section is their plugin's
    (plugins/multipack_bezique/carte_blanche.py, hook register_rules_sections); an old import of
    cardcore's module or schema is told where it went, and the rules page still says it."""

    import pytest

    from cardcore import load_game
    from cardcore.engine.sections import RULES_SECTIONS
    from cardcore.cli import rules_data
    from cardcore.text.rules import rules_page

    game = load_game(RUBICON)
    assert type(RULES_SECTIONS["carte_blanche"].handler).__module__ == "cardplugins.multipack_bezique.carte_blanche"
    assert not core_files_naming(("carte_blanche",), exempt=("moved.py", "ruleset.py"))  # (their old names' messages)
    assert "carte_blanche" not in type(game.rules).__base__.model_fields
    with pytest.raises(ImportError, match="rules section 'carte_blanche' of the multi-pack Bezique plugin"):
        import cardcore.engine.carte_blanche  # noqa: F401
    with pytest.raises(ImportError, match="now cardplugins.multipack_bezique.carte_blanche.CarteBlancheRule"):
        from cardcore.ruleset import CarteBlancheRule  # noqa: F401
    assert "Carte blanche\n  A hand dealt without K Q J is shown and scores 50" in rules_page(game, rules_data(game))
