"""Bots at Bezique and Cinq Cents: the shared heuristic bot on telling positions (the sources'
tactics, RM §5: declare the highest meld first; the trump seven's exchange costs no meld; keep
brisques and trumps for the end game), legal and reproducible whole games, and the search bots
playing legally through the state API."""

import pytest

from cardcore import load_game
from cardcore.bots import make_bot

from .conftest import new_state, trick, won_opening

GAMES = ["bezique", "cinq-cents"]


def play(state, bots, until_deals=None):
    while not state.is_terminal() and (until_deals is None or len(state.rounds) <= until_deals):
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        assert action in legal, (action, legal)
        state.apply(action)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_plays_whole_games_legally_and_beats_random(name):
    game = load_game(name)
    wins = 0
    for seed in range(4):
        bots = [make_bot("heuristic", game, seed=seed), make_bot("random", game, seed=seed + 100)]
        if seed % 2:
            bots.reverse()
        state = play(game.new_game(seed=seed), bots)
        wins += state.result["winner"] == seed % 2
    assert wins >= 3       # against uniformly random play the sources' tactics win nearly always


def test_heuristic_is_reproducible_from_its_seed():
    game = load_game("bezique")
    runs = [play(game.new_game(seed=5), [make_bot("heuristic", game, seed=7),
                                         make_bot("heuristic", game, seed=8)], until_deals=1).actions
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_declares_the_highest_meld_first_and_shows_the_rest_to_score():
    s = won_opening("KS KH KD KC QS JD")
    s.apply("meld KS KH KD KC")
    s.apply("pass")
    trick(s, "9S", "9C", winner=0)
    bot = make_bot("heuristic", s.game, seed=1)
    # bezique 40 and marriage K♠ Q♠ 20 are open: the bezique scores first ...
    assert bot.choose(s) == "meld QS JD"
    s.apply("meld QS JD")
    # ... and the marriage is shown to score later rather than given up
    assert bot.choose(s) == "meld KS QS"


def test_exchanges_the_trump_seven_before_declaring():
    s = won_opening("7H KS QS")
    assert make_bot("heuristic", s.game, seed=1).choose(s) == "exchange 7H"


def test_does_not_throw_a_brisque_to_a_trick_it_cannot_win():
    s = new_state("8C TD 7D 7D 7S 7S 8D 8D", "9C AS")     # seat 0 has no trump (hearts)
    trick(s, "8C", "9C", winner=1)
    s.apply("pass") if "pass" in s.legal_actions() else None
    s.apply("play AS")
    choice = make_bot("heuristic", s.game, seed=1).choose(s)
    assert choice in {"play 7D", "play 7S", "play 8D"}     # not the T♦: it would give 10 away


@pytest.mark.parametrize("spec", ["ismcts(iterations=30)", "pimc(samples=3,rollouts=1)"])
@pytest.mark.parametrize("name", GAMES)
def test_search_bots_play_a_deal_legally(name, spec):
    game = load_game(name)
    bots = [make_bot(spec, game, seed=1), make_bot("heuristic", game, seed=2)]
    state = play(game.new_game(seed=3), bots, until_deals=1)
    assert len(state.rounds) >= 1
