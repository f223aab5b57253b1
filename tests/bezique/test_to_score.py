"""Melds shown "to score" (RM §5 Declaring rules, from PB93, F325, F326, Hoffmann): one
combination is scored per trick; several may be shown, the extras carried to score on later
tricks won while their cards stay unplayed. F326's example: four Kings including K♠ declared,
then the bezique Q♠ J♦: the marriage K♠ Q♠ is then on the table too; one scores now, the other
later. Trump is hearts.
"""

import json

import pytest

from cardcore import IllegalAction

from .conftest import next_win, won_opening


def f326():
    """Four Kings (80) scored; then bezique (40) scored and the marriage K♠ Q♠ shown to score."""
    s = won_opening("KS KH KD KC QS JD")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    s.apply("meld QS JD")
    assert "meld KS QS" in s.legal_actions()   # formed with the Q♠ just put down: no card from hand needed
    s.apply("meld KS QS")
    assert s.scores == [80 + 40, 0]            # the marriage waits: one meld scored per trick
    return s


def test_a_second_meld_at_one_turn_waits_and_scores_after_the_next_trick_won():
    s = f326()
    next_win(s, "9S")
    assert "meld KS QS" in s.legal_actions()
    s.apply("meld KS QS")
    assert s.scores == [80 + 40 + 20, 0]


def test_a_waiting_meld_counts_as_the_tricks_one_meld():
    s = f326()
    next_win(s, "9S")
    s.apply("meld KS QS")
    # the turn's one meld is scored: a further meld would only wait again, nothing scores
    assert s.scores == [140, 0]


def test_a_waiting_meld_lapses_when_one_of_its_cards_is_played():
    s = f326()
    next_win(s, "QS")                       # the queen of the waiting marriage goes to the trick
    assert "meld KS QS" not in s.legal_actions()
    rounds = s.summary()["rounds"]
    marriage = [m for m in rounds[-1]["melds"] if m["name"] == "common-marriage"]
    assert marriage[0]["status"] == "lapsed"


def test_replay_json_shows_each_meld_class_and_whether_scored_or_waiting():
    s = f326()
    melds = s.summary()["rounds"][-1]["melds"]
    assert [(m["name"], m["class"], m["status"], m["points"]) for m in melds] == [
        ("four-kings", "quartets", "scored", 80),
        ("bezique", "beziques", "scored", 40),
        ("common-marriage", "marriages", "waiting", 20),
    ]
    json.dumps(s.summary())                 # the record's summary stays plain JSON
    next_win(s, "9S")
    s.apply("meld KS QS")
    assert s.summary()["rounds"][-1]["melds"][-1]["status"] == "scored"


def test_the_waiting_meld_scores_once():
    s = f326()
    next_win(s, "9S")
    s.apply("meld KS QS")
    next_win(s, "KH", "7C")                 # a trump king wins the next trick
    assert "meld KS QS" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("meld KS QS")
    assert s.scores == [140, 0]


def test_the_table_shows_the_declared_melds_and_what_is_still_to_score():
    from cardcore.text import facts
    from cardcore.text.lines import Names, plain

    s = f326()
    rows = {label: plain(line) for label, line in facts.table_facts(s, 0, Names(["You", "Bot"], me=0)).rows}
    assert rows["Your declared"] == "four-kings 80, bezique 40, common-marriage 20 (to score)"
    assert "Bot's declared" not in rows              # nothing declared by the bot


def test_replay_text_says_which_melds_wait_to_score():
    from cardcore.text.replay import replay_lines

    s = f326()
    text = "\n".join(replay_lines(s))
    assert "common-marriage KS QS (20, to score)" in text
    assert "bezique QS JD (40)" in text


def test_the_fast_path_scores_a_waiting_meld_once_as_meld_does():
    """legal_moves/apply_move (playouts, the search bots' look-ahead) carry the waiting marriage
    out as `meld KS QS` does: 20 scored, the log's entry marked scored, nothing waiting, and
    the marriage not offered again at the next trick won."""
    s = f326()
    next_win(s, "9S")
    marriage = next(m for m in s.legal_moves() if s.game.meld_action(m.mask) == "meld KS QS")
    s.apply_move(marriage)
    assert s.scores == [80 + 40 + 20, 0]
    melds = s.summary()["rounds"][-1]["melds"]
    assert [(m["name"], m["status"]) for m in melds] == [
        ("four-kings", "scored"), ("bezique", "scored"), ("common-marriage", "scored")]
    assert s.waiting[0] == []
    next_win(s, "KH", "7C")
    assert not any(getattr(m, "mask", None) == marriage.mask for m in s.legal_moves())


def foster(**options):
    """F326's double declaration, the marriage not shown: four Kings (80) scored, then the
    bezique Q♠ J♦ (40) scored, and the turn passed."""
    s = won_opening("KS KH KD KC QS JD", **options)
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    s.apply("meld QS JD")
    s.apply("pass")
    return s


def test_foster_s_second_combination_scores_after_the_next_trick_won():
    """F326 (RM §5 Declaring rules): 'a player is forced to make two declarations at the same
    time … both may be scored … but the player cannot score the second combination until he
    wins another trick'; a new card from hand is asked only of a new announcement in the same
    class. K♠ (four Kings, quartets) and Q♠ (bezique, beziques) never served in a marriage:
    with fresh_card=same-class the marriage K♠ Q♠ scores 20 at the next trick won."""
    s = foster(fresh_card="same-class")
    next_win(s, "9S")
    assert "meld KS QS" in s.legal_actions()
    s.apply("meld KS QS")
    assert s.scores == [80 + 40 + 20, 0]
    assert s.summary()["rounds"][-1]["melds"][-1]["status"] == "scored"


def test_the_default_asks_a_card_from_hand_of_every_meld():
    """fresh_card=every-meld (the default, RM §11 being silent): the marriage not shown with the
    bezique has no card from hand at the next trick and is refused."""
    s = foster()
    next_win(s, "9S")
    assert "meld KS QS" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="fresh card from your hand"):
        s.apply("meld KS QS")


def test_a_new_announcement_in_the_same_class_still_needs_a_card_from_hand():
    """F326 (RM §5): 'single bezique 40 then add second pair → double 500 is fine; 40 for a second
    single then 500 is not': two single beziques on the table make no double bezique without a
    card from hand, with fresh_card=same-class too."""
    s = won_opening("QS JD QS JD", fresh_card="same-class")
    s.apply("meld QS JD")
    next_win(s, "8S")
    s.apply("meld QS JD")                     # the second single, both cards from hand: 40
    assert s.scores == [80, 0]
    next_win(s, "9S")
    assert "meld QS QS JD JD" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="a card of it served in a bezique"):
        s.apply("meld QS QS JD JD")


def test_history_shows_a_waiting_meld_to_score_and_its_points_once():
    """`history` (and the recap on `--resume`, the same lines): the marriage shown to score is
    listed without points, and scored later once, with its 20, as the live line and the score
    have it."""
    from cardcore.text import facts
    from cardcore.text.lines import Names, plain

    s = f326()
    you = Names(["You", "Bot"], me=0)
    lines = [plain(line) for line in facts.history_lines(s, you)]
    assert "    You declare common-marriage KS QS (20, to score)" in lines
    assert not any("common-marriage" in line and "+20" in line for line in lines)
    next_win(s, "9S")
    s.apply("meld KS QS")
    lines = [plain(line) for line in facts.history_lines(s, you)]
    marriage = [line for line in lines if "common-marriage" in line]
    assert marriage == ["    You declare common-marriage KS QS (20, to score)",
                        "    You score common-marriage KS QS +20 (shown earlier)"]
