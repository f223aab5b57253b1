"""Penneech throw-in: a hand with no ace nor face card may be thrown in for a fresh deal.

WP, Deal: "A player with no Aces nor face cards may throw in his cards for a fresh deal."
RM §4 / §11 item 21: the same dealer redeals (pagat). YML note "throw-in": before the first
lead, elder then dealer may `throw-in`; the deal thrown in is void (nothing scored in it counts).
"""

import pytest

from cardcore import IllegalAction, RecordError

from .conftest import deal, game, new_state, score_events

HONOURS = "AS 9S 8S 7S 6S 5S 4S"      # an ace: no throw-in
NO_HONOURS = "TH 9H 8H 7H 6H 5H 4H"   # nothing above a ten
NO_HONOURS_2 = "TC 9C 8C 7C 6C 5C 4C"


def test_offered_to_a_player_without_ace_or_face_card():
    # WP, Deal. Seat 1 (dealer) has nothing above a ten; seat 0 has an ace.
    s = new_state(HONOURS, NO_HONOURS, turns=["2D"])
    assert s.decision == "throw-in" and s.current_player == 1
    assert s.legal_actions() == ["throw-in", "pass"]


def test_pass_starts_play_with_elder_leading():
    # WP, Play: elder leads the first trick.
    s = new_state(HONOURS, NO_HONOURS, turns=["2D"])
    s.apply("pass")
    assert s.decision == "play" and s.current_player == 0


def test_offered_to_elder_then_dealer():
    # YML note "throw-in": elder, then dealer.
    s = new_state(NO_HONOURS_2, NO_HONOURS, turns=["2D"])
    assert s.current_player == 0 and s.decision == "throw-in"
    s.apply("pass")
    assert s.current_player == 1 and s.decision == "throw-in"
    s.apply("pass")
    assert s.decision == "play" and s.current_player == 0


@pytest.mark.parametrize("honour", ["AH", "KH", "QH", "JH"])
def test_not_offered_with_any_ace_or_face_card(honour):
    # WP, Deal: "no Aces nor face cards". One such card is enough to play on.
    s = new_state(HONOURS, NO_HONOURS.replace("4H", honour), turns=["2D"])
    assert s.decision == "play"
    with pytest.raises(IllegalAction) as exc:
        s.apply("throw-in")
    assert "thrown in only before the first lead" in exc.value.reason


def test_the_penneech_is_no_face_card():
    # WP, Deal: aces and face cards only; the 7 of diamonds, though the highest diamond, is a seven.
    s = new_state(HONOURS, "7D 9H 8H 7H 6H 5H 4H", turns=["2D"])
    assert s.decision == "throw-in" and s.current_player == 1


def test_no_throw_in_after_the_first_lead():
    # YML note "throw-in": before the first lead only.
    s = new_state(HONOURS, NO_HONOURS, turns=["2D"])
    s.apply("pass")
    s.apply("play 9S")
    with pytest.raises(IllegalAction):
        s.apply("throw-in")


def test_throw_in_the_same_dealer_deals_afresh_and_the_void_deal_scores_nothing():
    # RM §11 item 21 (pagat): the same dealer redeals. WP, Deal: the cards are thrown in "for a
    # fresh deal", so the deal thrown in is void: nothing scored in it counts. Deal 1 (dealer
    # seat 1) turns KD: 4 to the dealer (RM §4, Parlett), at once; the dealer throws in and the 4
    # is taken back; deal 2, dealt by seat 1 again, turns QC: 3.
    deals = [deal(HONOURS, NO_HONOURS, turns=["KD"]), deal("AH KH QH JH TH 9H 8H", NO_HONOURS_2, turns=["QC"])]
    s = game().new_game(deals=deals)
    assert s.scores == [0, 4]
    s.apply("throw-in")
    assert len(s.rounds) == 2 and s.dealer == 1
    assert s.scores == [0, 3]
    assert s.deck.names_of(s.hands[0]) == ["AH", "KH", "QH", "JH", "TH", "9H", "8H"]
    assert s.deck.suits[s.trump] == "C"
    assert s.decision == "throw-in" and s.current_player == 1  # deal 2's dealer may throw in again


def test_the_void_deal_shows_it_scored_nothing():
    # As above. The thrown-in round keeps its turned card and who threw in, and scored nothing;
    # the score events stay a true account: the 4 and the 4 taken back, then deal 2's 3.
    deals = [deal(HONOURS, NO_HONOURS, turns=["KD"]), deal("AH KH QH JH TH 9H 8H", NO_HONOURS_2, turns=["QC"])]
    s = game().new_game(deals=deals)
    s.apply("throw-in")
    rounds = s.summary()["rounds"]
    assert rounds[0]["thrown_in"] == 1 and rounds[0]["points"] == [0, 0]
    assert rounds[0]["turned"] == [{"card": "KD", "seat": 1, "points": 0}]
    assert rounds[1]["points"] == [0, 3]
    assert [(seat, points) for seat, points in score_events(s, "turned card")] == [(1, 4), (1, -4), (1, 3)]


def test_elder_throws_in_same_dealer_redeals():
    # RM §11 item 21: the same dealer, whoever threw in.
    deals = [deal(NO_HONOURS, HONOURS, turns=["2D"]), deal(HONOURS, "AH KH QH JH TH 9H 8H", turns=["2C"])]
    s = game().new_game(deals=deals)
    s.apply("throw-in")
    assert s.dealer == 1 and s.rounds[0]["thrown_in"] == 0
    assert s.decision == "play" and s.current_player == 0


def test_a_redeal_record_with_another_dealer_is_refused():
    # RM §11 item 21: the same dealer redeals, so a record giving the other dealer is wrong.
    deals = [deal(HONOURS, NO_HONOURS, turns=["2D"]), deal(HONOURS, NO_HONOURS, turns=["2C"], dealer=0)]
    s = game().new_game(deals=deals)
    with pytest.raises(RecordError):
        s.apply("throw-in")


def test_the_throw_in_is_a_phase_of_the_rules_file_without_which_no_hand_is_thrown_in():
    # YML phases: deal, then throw-in, then tricks. The same file without its throw-in (phase
    # and rule): the hand without ace or face card is not offered it, and elder leads at once
    # (WP, Play); the deal phase still turns the first trump (WP, Deal).
    from importlib import resources

    from cardcore.game import read_rules

    cls = type(game())
    text = resources.files(cls.rules_package).joinpath(cls.rules_resource).read_text(encoding="utf-8")
    assert [p.kind for p in game().rules.deal_phases] == ["deal", "throw-in"]
    phase = text[text.index("  - name: throw-in\n"):text.index("  - name: tricks\n")]
    rule = text[text.index("throw_in:\n"):text.index("trump:\n")]
    source = read_rules(text.replace(phase, "").replace(rule, ""), cls.rules_resource, cls.name, cls.plugin_model)
    without = type("NoThrowIn", (cls,), {"rules_source": classmethod(lambda _: source)})()
    s = without.new_game(deals=[deal(HONOURS, NO_HONOURS, turns=["2D"])])
    assert [p.kind for p in s.rules.deal_phases] == ["deal"]
    assert s.decision == "play" and s.current_player == 0 and "throw-in" not in s.legal_actions()
    assert s.summary()["rounds"][0]["trump"] == "D"  # 2D turned by the dealer
