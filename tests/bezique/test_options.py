"""Two-hand Bezique's seven of trumps, brisques, last trick and end game, with their options
(RM §5 and §11 items 24-27, 29). Trump is hearts unless said (turn-up 8H)."""

import pytest

from cardcore import load_game

from .conftest import new_state, next_win, play_out_deal, trick, won_opening


# ---------------------------------------------------------------- the seven of trumps (§11 item 25)
def test_a_turned_up_seven_scores_10_to_the_dealer():
    s = new_state(turnup="7H")                       # RM §5 Deal: turn-up a Seven, dealer 10
    assert s.scores == [0, 10]


def test_exchange_the_seven_for_the_turn_up_for_10_and_declare_on_the_same_trick():
    s = won_opening("7H KS QS")
    assert "exchange 7H" in s.legal_actions()
    s.apply("exchange 7H")
    s.apply("meld KS QS")                            # RM §5: may also declare on the same trick
    assert s.scores == [10 + 20, 0]
    assert "8H" in s.deck.names_of(s.hands[0])       # the turn-up came into hand


def test_the_other_seven_is_shown_for_10_besides_the_exchange():
    s = won_opening("7H 7H")
    s.apply("exchange 7H")
    s.apply("meld 7H")
    assert s.scores == [20, 0]


def test_by_default_playing_a_trump_seven_scores_nothing():
    s = new_state("7H 8C", "9D 9C")
    trick(s, "7H", "9C", winner=0)
    assert s.scores == [0, 0]


def test_also_when_played_a_trump_seven_scores_10_as_it_is_played():
    s = new_state("7H 8C", "9D 9C", trump_seven="also-when-played")
    s.apply("play 7H")
    assert s.scores == [10, 0]                       # EW, Brit: "score 10 immediately for playing it"


def test_also_when_played_an_exchanged_seven_does_not_score_again():
    s = won_opening("7H", trump_seven="also-when-played")
    s.apply("exchange 7H")
    assert s.scores == [10, 0]
    # the seven now lies under the stock; the loser of the 24th trick takes it: never re-scored
    assert s.summary()["rounds"][-1]["exchanges"] == [{"player": 0, "card": "7H", "for": "8H"}]


# ---------------------------------------------------------------- brisques (§11 item 26)
def test_brisques_score_as_the_trick_is_won_by_default():
    s = new_state("AS 8C", "TS 9D")
    trick(s, "AS", "TS", winner=0)
    assert s.scores == [20, 0]                       # A and 10: 10 each, at once


def test_brisques_at_the_end_of_the_hand_score_nothing_as_won_then_10_each():
    s = new_state("AS 8C", "TS 9D", brisques="end-of-hand")
    trick(s, "AS", "TS", winner=0)
    assert s.scores == [0, 0]
    play_out_deal(s)
    rnd = s.summary()["rounds"][0]
    brisques = rnd["brisques"]
    assert sum(brisques) == 16                       # RM §5: 16 brisques in the pack
    ends = [e for e in s.events if e["type"] == "score" and e["source"] == "brisques"]
    assert sorted((e["seat"], e["points"]) for e in ends) == sorted(
        (seat, 10 * n) for seat, n in enumerate(brisques) if n)


# ---------------------------------------------------------------- last trick (§11 item 27)
def _last_trick_event(s):
    return [e for e in s.events if e["type"] == "score" and e["source"] == "last trick"]


@pytest.mark.parametrize("option, trick_number", [("32nd", 32), ("24th", 24)])
def test_last_trick_10_goes_to_the_winner_of_that_trick(option, trick_number):
    s = new_state(last_trick=option)
    winners = []
    deal_no = 1
    while len(s.summary()["rounds"]) == deal_no and not s.is_terminal():
        legal = s.legal_actions()
        if "pass" in legal:
            s.apply("pass")
            continue
        s.apply(next(a for a in legal if a.startswith("play ")))
        if not s.trick:
            winners.append(next(e for e in reversed(s.events) if e["type"] == "trick")["winner"])
    assert len(winners) == 32
    [event] = _last_trick_event(s)
    assert (event["seat"], event["points"]) == (winners[trick_number - 1], 10)


# ---------------------------------------------------------------- the end game (§11 items 24, 30)
def _to_end_game(**options):
    s = new_state(**options)
    while s.stock_left > 0 or s.decision != "play" or s.trick:
        legal = s.legal_actions()
        s.apply("pass" if "pass" in legal else next(a for a in legal if a.startswith("play ")))
    return s


def _followers_legal(s):
    """Lead the first card of the leader's hand; return (led card, follower's cards, legal cards)."""
    lead = next(a for a in s.legal_actions() if a.startswith("play "))
    s.apply(lead)
    seat = s.current_player
    return lead[5:], s.deck.names_of(s.hands[seat]), sorted(a[5:] for a in s.legal_actions())


RANK = "789JQKTA"


@pytest.mark.parametrize("options", [{}, {"endgame_trumping": "optional"}], ids=["obligatory", "optional"])
def test_end_game_obligations(options):
    s = _to_end_game(**options)
    assert s.tableaus == [0, 0] and [h.bit_count() for h in s.hands] == [8, 8]   # melds back in hand
    trump = s.deck.suits[s.trump]
    led, hand, legal = _followers_legal(s)
    same = [c for c in hand if c[1] == led[1]]
    higher = [c for c in same if RANK.index(c[0]) > RANK.index(led[0])]
    trumps = [c for c in hand if c[1] == trump]
    if options:      # Hoffmann: follow if able, else at liberty to trump: any card
        expected = same or hand
    elif same:       # follow, and win if able (EW, Brit, Foster-L8)
        expected = higher or same
    else:            # void: trump if able (any trump wins a plain lead)
        expected = trumps if led[1] != trump and trumps else hand
    assert legal == sorted(set(expected))


# ---------------------------------------------------------------- game target (§11 item 29)
@pytest.mark.parametrize("target", [1000, 1500, 2000])
def test_game_target_option(target):
    game = load_game("bezique", options={"target": target} if target != 1000 else {})
    assert game.rules.game_end.target == target
    from helpers import random_game
    s = random_game(game, 5)
    result = s.summary()["result"]
    winner = result["winner"]
    assert s.scores[winner] >= target and s.scores[winner] > s.scores[1 - winner]


# ---------------------------------------------------------------- the Ten at whist rank (§11 item 30)
@pytest.mark.parametrize("option, ten_wins", [("high", True), ("whist", False)])
def test_ten_against_jack_in_the_end_game(option, ten_wins):
    from cardcore.tricks import trick_winner
    s = _to_end_game(endgame_ten=option)
    deck = s.trick_deck
    ten, jack = s.deck.card_index("TS"), s.deck.card_index("JS")
    # Hoffmann fn 8: at whist rank the Ten ranks below the Jack (A K Q J T ...)
    assert (trick_winner(deck, [ten, jack], s.trump) == 0) == ten_wins
    stock_deck = s.game.compiled.phases[0].deck
    assert trick_winner(stock_deck, [ten, jack], s.trump) == 0       # the stock tricks keep A T K ...
