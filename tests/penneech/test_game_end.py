"""Penneech game end: 61 points, at once (pegging) or at the end of the deal; the target option.

WP, Scoring: "Game is 61 points." RM §4 / §11 item 22: "Unstated: whether reaching 61 mid-deal
ends the game immediately (cribbage-style pegging suggests yes) or at end of deal" -> option
game_end, default immediate. YML note "reaching the target": with immediate, the first player
whose total reaches the target wins at once, in the order the points are scored; the game score
is the margin at that moment.

Deal P (conftest), dealer seat 0, seat 1 leads; by hand (WP, Scoring: A 5, K 4, Q 3, J 2 of the
trump of the trick, RM §4; the penneech 14 turned; 1 per card beyond seven):
  deal:     seat 0 turns 7D: 14 (RM §4: the dealer pegs it)      -> 14, diamonds trump
  trick 1:  KD, AD to seat 0: 4 + 5 = 9 -> 23; turns QS: 3       -> 26, spades trump
  trick 2:  AS, KS to seat 0: 9 -> 35; turns QH: 3               -> 38, hearts trump
  trick 3:  AH, KH to seat 0: 9 -> 47; turns QC: 3               -> 50, clubs trump
  trick 4:  AC, KC to seat 0: 9 -> 59; turns JS: 2               -> 61, spades trump
  trick 5:  2H, 3S (trumped) to seat 1: 0; seat 1 turns JD: 2    -> seat 1 2, diamonds
  trick 6:  QD, 2D to seat 1: QD 3 -> 5; turns JH: 2             -> seat 1 7, hearts
  trick 7:  5H, 4H to seat 1: 0; turns JC: 2                     -> seat 1 9
  cards:    seat 0 8 cards: 1 -> 62; seat 1 6 cards: 0.
"""

from .conftest import DEAL_P, DEAL_Q, TRICKS_P, TRICKS_Q, deal, game, play, trump

HONOURS = "AS 9S 8S 7S 6S 5S 4S"
NO_HONOURS = "TH 9H 8H 7H 6H 5H 4H"


def test_game_is_61_ended_immediately_by_default():
    # WP, Scoring: "Game is 61 points."; RM §11 item 22 (default immediate).
    g = game()
    assert g.options["target"] == 61 and g.options["game_end"] == "immediate"


def test_running_totals_of_deal_p():
    s = game(game_end="end-of-deal").new_game(deals=[DEAL_P])
    assert s.scores == [14, 0]
    totals = []
    for lead, follow, winner in TRICKS_P:
        play(s, lead, follow, winner)
        totals.append(list(s.scores))
    assert totals == [[26, 0], [38, 0], [50, 0], [61, 0], [61, 2], [61, 7], [62, 9]]


def test_reaching_61_ends_the_game_at_once_in_mid_deal():
    # RM §11 item 22 (immediate): seat 0 reaches 61 by turning JS after trick 4; tricks 5-7 are
    # never played. Game score: 61 - 0.
    s = game().new_game(deals=[DEAL_P])
    for lead, follow, winner in TRICKS_P[:3]:
        play(s, lead, follow, winner)
    assert s.result is None and s.scores == [50, 0]
    play(s, "AC", "KC", winner=0)
    assert s.result == {"winner": 0, "game_score": 61, "lurched": False, "totals": [61, 0]}
    assert len(s.deck.names_of(s.hands[0])) == len(s.deck.names_of(s.hands[1])) == 3
    assert s.legal_actions() == [] and s.current_player is None


def test_end_of_deal_option_plays_the_deal_out():
    # RM §11 item 22 (end-of-deal): at 61 after trick 4 the deal goes on; the higher total at
    # its end wins: 62 to 9, by 53.
    s = game(game_end="end-of-deal").new_game(deals=[DEAL_P])
    for lead, follow, winner in TRICKS_P[:4]:
        play(s, lead, follow, winner)
    assert s.scores == [61, 0] and s.result is None and s.current_player == 0
    for lead, follow, winner in TRICKS_P[4:]:
        play(s, lead, follow, winner)
    assert s.rounds[0]["cards"] == [8, 6]
    assert s.result == {"winner": 0, "game_score": 53, "lurched": False, "totals": [62, 9]}


def test_another_deal_until_61_the_deal_alternates():
    # WP, Scoring: game is 61, so deals go on (RM §4: the deal alternates). Deal Q (dealer 1)
    # leaves 7 to 0 (test_trumps); deal P is dealt by seat 0: 7 + 14 = 21, and after trick 3 of
    # deal P 7 + 50 = 57. At trick 4 the AC (5, clubs trump) brings seat 0 to 62 as it is
    # pegged, card by card (YML note: "in the order the points are scored"): the game ends there,
    # and the KC and the JS turn are not pegged.
    s = game().new_game(deals=[DEAL_Q, DEAL_P])
    for lead, follow, winner in TRICKS_Q:
        play(s, lead, follow, winner)
    assert s.result is None and len(s.rounds) == 2 and s.dealer == 0
    assert s.scores == [21, 0] and s.current_player == 1
    for lead, follow, winner in TRICKS_P[:3]:
        play(s, lead, follow, winner)
    assert s.scores == [57, 0]
    play(s, "AC", "KC", winner=0)
    assert s.result == {"winner": 0, "game_score": 62, "lurched": False, "totals": [62, 0]}


def test_target_option():
    # YML option target (WP: 61 by default). With 20, seat 0 reaches 23 on taking trick 1 and
    # wins at once: the QS is not turned (trump stays diamonds) and not pegged.
    s = game(target=20).new_game(deals=[DEAL_P])
    play(s, "KD", "AD", winner=0)
    assert s.result == {"winner": 0, "game_score": 23, "lurched": False, "totals": [23, 0]}
    assert trump(s) == "D" and len(s.rounds[0]["turned"]) == 1


def test_target_reached_by_the_first_turnup_ends_the_game_before_any_play():
    # YML note "reaching the target" (immediate): with target 10, the dealer's 7D (14) reaches it
    # at the deal itself.
    s = game(target=10).new_game(deals=[DEAL_P])
    assert s.result == {"winner": 0, "game_score": 14, "lurched": False, "totals": [14, 0]}
    assert s.legal_actions() == [] and s.current_player is None


def test_turnup_points_of_a_thrown_in_deal_do_not_count_toward_the_target():
    # YML notes "throw-in" (the deal thrown in is void; same dealer) and "reaching the target":
    # with target 6, the dealer turns JD (2), the elder throws in and the 2 is taken back, the
    # redeal turns KD (4): 4, short of 6 (2 + 4 would have reached it).
    deals = [deal(NO_HONOURS, HONOURS, turns=["JD"]), deal(HONOURS, "AH KH QH JH TH 9H 8H", turns=["KD"])]
    s = game(target=6).new_game(deals=deals)
    assert s.scores == [0, 2] and s.current_player == 0 and s.decision == "throw-in"
    s.apply("throw-in")
    assert s.result is None and s.scores == [0, 4]


def test_target_reached_by_the_turnup_of_a_redeal_after_a_throw_in():
    # As above with target 4: the redeal's KD (4) reaches it at once.
    deals = [deal(NO_HONOURS, HONOURS, turns=["JD"]), deal(HONOURS, "AH KH QH JH TH 9H 8H", turns=["KD"])]
    s = game(target=4).new_game(deals=deals)
    s.apply("throw-in")
    assert s.result == {"winner": 1, "game_score": 4, "lurched": False, "totals": [0, 4]}
    assert s.legal_actions() == []


def test_end_of_deal_target_not_reached_at_once():
    # RM §11 item 22 (end-of-deal): with target 10 the first turn-up (14) does not end the game.
    s = game(target=10, game_end="end-of-deal").new_game(deals=[DEAL_P])
    assert s.result is None and s.scores == [14, 0]
    for lead, follow, winner in TRICKS_P:
        play(s, lead, follow, winner)
    assert s.result["winner"] == 0 and s.result["totals"] == [62, 9]
