"""Tables of two to four seats: the Table's arithmetic, rules files for more than two players,
and the test games of ``seatgames`` played card by card.

Expected values are worked out by hand from the test games' rules (tests/seatgames/*.yaml):
Triad, three players alone, 24 cards (9 T J Q K A), six each and a stock of six; after each trick
of the drawing phase every player in turn from the winner may declare a marriage (20), then every
player in turn from the winner draws; cards won score A 11, T 10, K 4, Q 3, J 2.
Quartet, four players, 0 and 2 against 1 and 3, all 32 cards dealt; honours won score A 4, K 3,
Q 2, J 1 for the side; each ten won 2 and the last trick 5 at the end of the deal.
"""

from __future__ import annotations

from importlib import resources

import pytest
import seatgames
from helpers import build_deal, last, play_trick, random_game

from cardcore import load_game
from cardcore.errors import RecordError, RulesError
from cardcore.game import read_rules
from cardcore.seats import Table

SUITS = "SHDC"
TRIAD_DECK = [r + s for s in SUITS for r in "AKQJT9"]
QUARTET_DECK = [r + s for s in SUITS for r in "AKQJT987"]


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


# ------------------------------------------------------------------------------------ the table
def test_partnerships_at_four():
    t = Table(4, ((0, 2), (1, 3)))
    assert [t.next(s) for s in range(4)] == [1, 2, 3, 0]
    assert t.order_from(2) == [2, 3, 0, 1]
    assert [t.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert t.partners(1) == (3,) and t.opponents(0) == (1, 3)
    assert t.same_side(0, 2) and not t.same_side(0, 3)
    assert t.per_side([5, 1, 7, 2]) == [12, 3]


def test_everyone_alone_by_default():
    t = Table(3)
    assert t.sides == ((0,), (1,), (2,))
    assert t.partners(0) == () and t.opponents(1) == (0, 2)
    assert Table(2).other(0) == 1 and Table(2).other(1) == 0
    with pytest.raises(ValueError, match="table of 3"):
        t.other(0)


def test_sides_must_cover_every_seat_once():
    with pytest.raises(ValueError, match="every seat"):
        Table(4, ((0, 1), (1, 2, 3)))
    with pytest.raises(ValueError, match="every seat"):
        Table(4, ((0, 2),))


def test_settling_sides_is_zero_sum():
    # totals 177, 130, 183: 47 - 6 = 41; -47 - 53 = -100; 6 + 53 = 59
    assert Table(3).settle([177, 130, 183]) == [41, -100, 59]
    assert Table(2).settle([30, 12]) == [18, -18]
    # three-handed solo: the bidder (seat 1) makes 250 against each opponent, or goes set
    assert Table(3).settle_against(1, 250) == [-250, 500, -250]
    assert Table(3).settle_against(1, -250) == [250, -500, 250]


# ------------------------------------------------------------------------------------ rules files
def _rules_text(game: str) -> str:
    return resources.files("cardrules").joinpath(f"{game}.yaml").read_text(encoding="utf-8")


def test_a_three_seat_marjolet_is_refused_at_load_at_its_loser_step():
    # a copy of Marjolet's file with players: 3, as a new user would try it: its after-trick
    # steps name "the loser", which a table of three does not have
    text = _rules_text("marjolet").replace("\nplayers: 2\n", "\nplayers: 3\n")
    lines = text.splitlines()
    loser_line = next(i for i, line in enumerate(lines, 1) if line.strip() == "who: loser")
    with pytest.raises(RulesError) as err:
        read_rules(text, "marjolet3.yaml", "marjolet3")
    message = str(err.value)
    assert message.startswith(f"marjolet3.yaml:{loser_line}")
    assert "each-from-winner" in message and "3 players" in message


@pytest.mark.parametrize("change,complaint", [
    ("\nplayers: 2\n", "\nplayers: 5\n"),
    ("\nplayers: 2\n", "\nplayers: 2\nsides: [[0], [0, 1]]\n"),
])
def test_bad_tables_are_refused(change, complaint):
    text = _rules_text("penneech").replace(change, complaint)
    with pytest.raises(RulesError, match=r"penneech-bad\.yaml:\d+"):
        read_rules(text, "penneech-bad.yaml", "penneech")


def test_more_hands_than_cards_are_refused():
    text = _rules_text("penneech").replace("\nplayers: 2\n", "\nplayers: 4\n").replace(
        "  hand_size: 7\n", "  hand_size: 14\n")
    with pytest.raises(RulesError, match="4 hands of 14 need 56 cards; the deck has 52"):
        read_rules(text, "penneech-big.yaml", "penneech")


# ------------------------------------------------------------------------------------ Triad
def triad_state():
    # dealer 2: seat 0 leads. The stock: QS AH KC first, then KS QD TC (the deck's order).
    hands = ["AS 9H 9D 9C TH JH", "9S KH QH JD TD AD", "TS JS KD QC AC JC"]
    deal = build_deal(TRIAD_DECK, hands, stock_top="QS AH KC", dealer=2, hand_size=6)
    assert deal["stock"] == ["QS", "AH", "KC", "KS", "QD", "TC"]
    return load_game("triad", {"rounds": 1}).new_game(deals=[deal])


def test_triad_steps_go_round_from_the_winner():
    s = triad_state()
    assert s.current_player == 0
    assert play_trick(s, "AS", "9S", "TS", winner=0) == 0
    assert s.scores == [21, 0, 0]  # A 11 + T 10
    # seat 0 holds no marriage: skipped; seat 1 declares; then seat 2 would (none)
    assert s.decision == "declare" and s.current_player == 1
    assert s.legal_actions() == ["meld KH QH", "pass"]
    s.apply("meld KH QH")
    assert s.scores == [21, 20, 0]
    # each in turn from the winner: the passes, the meld, then the draws in that order
    steps = [(e["type"], e["seat"]) + ((e["card"],) if e["type"] == "draw" else ())
             for e in s.events if e["type"] in ("pass", "meld", "draw")]
    assert steps == [("pass", 0), ("meld", 1), ("pass", 2),
                     ("draw", 0, "QS"), ("draw", 1, "AH"), ("draw", 2, "KC")]
    assert s.decision == "play" and s.current_player == 0

    # trick two: hearts led, the ace wins it for seat 1 (A 11 + J 2)
    assert play_trick(s, "9H", "AH", "JC", winner=1) == 1
    assert s.scores == [21, 33, 0]
    # from seat 1: no fresh card for a marriage; seat 2 now holds K Q of clubs
    assert s.decision == "declare" and s.current_player == 2
    s.apply("meld KC QC")
    assert s.scores == [21, 33, 20]
    draws = [(e["seat"], e["card"]) for e in s.events if e["type"] == "draw"][3:]
    assert draws == [(1, "KS"), (2, "QD"), (0, "TC")]
    # the stock is out: the ending phase, the melded cards back in hand, the winner leads
    assert s.phase_rule.name == "ending" and s.current_player == 1
    assert s.deck.names_of(s.hands[1]) == sorted(["KS", "KH", "QH", "JD", "TD", "AD"], key=TRIAD_DECK.index)


def test_triad_played_out_scores_every_card_once():
    # per deal: card points A 11, T 10, K 4, Q 3, J 2 over four suits (120), aces 4 x 5 (20),
    # the last trick 10, and the marriages declared
    game = load_game("triad")
    for seed in range(15):
        s = random_game(game, seed)
        for r in s.rounds:
            assert sum(r["points"]) == 120 + 20 + 10 + 20 * len(r["melds"])
        totals = s.side_scores
        expected = [sum(mine - theirs for theirs in totals) for mine in totals]
        assert s.returns() == expected and sum(s.returns()) == 0


# ------------------------------------------------------------------------------------ Quartet
def quartet_state():
    hands = ["AS 7H 8S 9D TD JD QD KD", "KS 8H 9S AD 7D 8D 7C 8C",
             "7S AH TS 9H 9C TC JC QC", "QS KH JS TH JH QH KC AC"]
    return load_game("quartet").new_game(deals=[build_deal(QUARTET_DECK, hands, dealer=3, hand_size=8)])


def test_partners_share_their_side_score():
    s = quartet_state()
    assert s.current_player == 0 and s.stock_left == 0
    play_trick(s, "AS", "KS", "7S", "QS", winner=0)  # A 4 + K 3 + Q 2
    assert s.scores == [9, 0, 9, 0] and s.side_scores == [9, 0]
    play_trick(s, "7H", "8H", "AH", "KH", winner=2)  # the partner wins: A 4 + K 3
    assert s.scores == [16, 0, 16, 0] and s.side_scores == [16, 0]
    assert s.current_player == 2
    assert last(s, "score")["seat"] == 2


def test_quartet_deals_are_worth_53_and_returns_are_zero_sum():
    # honours 4 x (4 + 3 + 2 + 1) = 40, four tens 8, the last trick 5
    game = load_game("quartet")
    for seed in range(15):
        s = random_game(game, seed)
        for r in s.rounds:
            assert r["points"][0] == r["points"][2] and r["points"][1] == r["points"][3]
            assert r["points"][0] + r["points"][1] == 53
        a, b = s.side_scores
        assert max(a, b) >= 100
        win = s.result["game_score"]
        assert win == abs(a - b)
        assert s.returns() == ([win, -win, win, -win] if a > b else [-win, win, -win, win])
        assert s.table.same_side(s.result["winner"], 0 if a > b else 1)


# ------------------------------------------------------------------------------------ Penneech for three
def test_three_seat_penneech_returns_are_zero_sum():
    # once [-8, 8, -8]: the winner against each of the others, with nothing lost to balance it
    game = load_game("penneech3")
    for seed in range(10):
        s = random_game(game, seed)
        totals = s.scores
        assert max(totals) >= 61
        assert s.returns() == [sum(mine - theirs for theirs in totals) for mine in totals]
        assert sum(s.returns()) == 0
        assert all(len(d["hands"]) == 3 and all(len(h) == 7 for h in d["hands"]) for d in s.deals)


# ------------------------------------------------------------------------------------ a widow
def test_a_widow_is_dealt_apart_and_recorded():
    # Triad with a widow of three: 18 cards in hands, 3 apart, a stock of 3
    text = resources.files("seatgames").joinpath("triad.yaml").read_text(encoding="utf-8")
    text = text.replace("  hand_size: 6\n", "  hand_size: 6\n  widow: 3\n")
    source = read_rules(text, "triad-widow.yaml", "triad")
    game = type("TriadWidow", (seatgames.TriadGame,), {"rules_source": classmethod(lambda _: source)})()
    hands = ["AS 9H 9D 9C TH JH", "9S KH QH JD TD AD", "TS JS KD QC AC JC"]
    deal = build_deal(TRIAD_DECK, hands, stock_top="QS AH KC", dealer=2, hand_size=6, widow="KS QD TC")
    s = game.new_game(deals=[deal])
    assert s.deck.names_of(s.widow) == ["KS", "QD", "TC"]
    assert len(s.face_down_stock()) == 3
    assert s.record()["deals"][0]["widow"] == ["KS", "QD", "TC"]
    with pytest.raises(RecordError, match="a widow of 3 cards"):
        game.new_game(deals=[{**deal, "widow": ["KS", "QD"], "stock": deal["stock"] + ["TC"]}])


# ------------------------------------------------------------------------------------ bots
def test_search_rewards_count_a_partners_points_as_ones_own():
    from cardcore.bots.search import _Horizon

    s = quartet_state()
    start = list(s.scores)
    play_trick(s, "AS", "KS", "7S", "QS", winner=0)  # 9 points to seats 0 and 2
    horizon = _Horizon(load_game("quartet"))
    assert horizon.reward(s, start, 2) > 0 and horizon.reward(s, start, 0) == horizon.reward(s, start, 2)
    assert horizon.reward(s, start, 1) == -horizon.reward(s, start, 2)
