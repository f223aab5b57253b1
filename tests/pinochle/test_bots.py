"""Bots at two-hand Pinochle: the heuristic bot's behaviour on telling positions (not its
strength, which bench/strength.py measures), and the search bots playing the game legally.

PB95, Two-hand Pinochle: "The first to reach that total calls 'Out' to end the play, and loses
if he is wrong". RM §8: a melded card may be re-melded in a higher meld of the same class
(royal marriage, then the flush: 40 + 150), and the dix may be exchanged for the turn-up.
"""

import pytest

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.sim.runner import run

from .conftest import GAME, new_state, registered, won_opening

pytestmark = registered


def heuristic(seed=1):
    return make_bot("heuristic", load_game(GAME), seed=seed)


def play(state, bots, until_deals=None):
    while not state.is_terminal() and (until_deals is None or len(state.rounds) <= until_deals):
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        assert action in legal, (action, legal)
        state.apply(action)
    return state


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_heuristic_plays_whole_games_legally_and_never_calls_out_wrongly(opponent):
    game = load_game(GAME)
    for seed in range(2):
        for seat in range(2):
            bots = [make_bot(opponent, game, seed=seed + 100)] * game.table.n
            bots[seat] = make_bot("heuristic", game, seed=seed)
            state = play(game.new_game(seed=seed), bots)
            claim = state.result.get("claim")
            if claim is not None and claim["player"] == seat:
                assert claim["right"]


def test_heuristic_is_reproducible_from_its_seed():
    game = load_game(GAME)
    runs = [play(game.new_game(seed=5), [make_bot("heuristic", game, seed=7),
                                         make_bot("heuristic", game, seed=8)]).actions for _ in range(2)]
    assert runs[0] == runs[1]


def test_calls_out_once_its_count_reaches_the_target_and_not_before():
    # target 20: before melding seat 0 has 0 (a call would lose); the plain marriage KS QS takes
    # it to 20, and at its next decision (the lead) the call wins
    s = won_opening("KS QS", target=20)
    bot = heuristic()
    assert bot.choose(s) == "meld KS QS"
    s.apply("meld KS QS")
    if "pass" in s.legal_actions():
        s.apply("pass")
    assert s.scores[0] == 20 and s.current_player == 0
    assert bot.choose(s) == "out"


def test_exchanges_the_dix_first():
    # hearts trump (turn-up JH): the exchange brings JH into hand for the flush
    s = won_opening("9H AH TH KH QH")
    assert heuristic().choose(s) == "exchange 9H"


def test_builds_the_flush_on_a_royal_marriage_while_the_stock_lasts():
    # flush 150 alone, or royal marriage 40 now and the flush later: 190 (RM §8)
    s = won_opening("AH TH KH QH JH")
    assert s.stock_left > 4
    assert heuristic().choose(s) == "meld KH QH"


def test_builds_double_pinochle_on_a_single_one():
    # double pinochle 80 at once, or a pinochle 40 now and the double (80) over it later
    s = won_opening("QS QS JD JD")
    assert heuristic().choose(s) == "meld QS JD"


def test_keeps_trumps_and_aces_in_the_stock_phase():
    # seat 0 leads the first trick holding trumps (hearts), aces and three plain low cards: it
    # leads a plain nine, neither a trump, an ace, nor the jack that may make Jacks around
    s = new_state("AH AH TH KH AS AS AC AC TD 9C 9D JC")
    assert s.current_player == 0
    assert heuristic().choose(s) in {"play 9C", "play 9D"}


@pytest.mark.parametrize("spec", ["ismcts(iterations=5)", "pimc(samples=2,rollouts=1)"])
def test_search_bots_play_a_deal(spec):
    # a smoke test: the search bots play a whole deal of Pinochle legally against the heuristic.
    # Five iterations sample, expand and play out as twenty would; most of the time goes to the
    # exact end of the deal (the last 16 cards, searched whatever the iterations).
    game = load_game(GAME)
    state = game.new_game(seed=3)
    play(state, [make_bot(spec, game, seed=1), make_bot("heuristic", game, seed=2)], until_deals=1)
    assert state.is_terminal() or len(state.rounds) == 2


def test_simulated_games_against_the_random_bot_run_over_several_deals():
    # PB95: whoever calls Out "loses if he is wrong". The random bot chooses among the legal
    # actions, where a wrong Out is not, so `simulate`'s games are played to the target, over
    # several deals (a deal's cards and last trick hold 250 of the 1000), and no wrong call
    # ends them
    results = run(GAME, ("heuristic", "random"), 8, seed=1)
    assert [r["notable"]["wrong outs"] for r in results] == [0] * 8
    assert all(r["notable"]["deals"] > 1 for r in results)
