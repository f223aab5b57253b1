"""Our games inside OpenSpiel: OpenSpiel's own random simulation test, its Python ISMCTS bot, and
the properties that test cannot see (hidden information, resampling, the deal cap)."""

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (pip install 'cardcore[openspiel]') is not installed here")

from cardcore.adapters import openspiel as adapter  # noqa: E402

from .cases import game_names, option_sets, short_options, show  # noqa: E402


def spiel_string(name: str, options: dict) -> str:
    body = ",".join(f"{k}={show(v)}" for k, v in options.items())
    return adapter.short_name(name) + (f"({body})" if body else "")


def playout(game, seed: int, visit=None):
    """A uniformly random game; ``visit(state)`` at every node before it moves. A wrong claim
    (Pinochle's Out) is left out: it would end the game at once, at a random early move."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit:
            visit(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            engine = state.cardcore_state()
            claim = engine.rules.claim
            legal = state.legal_actions()
            if claim is not None and not engine.claim_is_right(engine.current_player):
                legal = [a for a in legal if state.action_to_string(a) != claim.action]
            state.apply_action(rng.choice(legal))
    return state


def test_every_game_is_registered():
    registered = set(pyspiel.registered_names())
    assert {adapter.short_name(n) for n in game_names()} <= registered


def test_options_are_game_parameters():
    game = pyspiel.load_game("cardcore_penchant(scoring=19th-century)")
    assert game.chance.game.options["scoring"] == "19th-century"
    assert game.get_parameters()["scoring"] == "19th-century"
    assert game.get_parameters()["max_deals"] == 100
    with pytest.raises(Exception, match="scoring"):
        pyspiel.load_game("cardcore_penchant(scoring=ancient)")


@pytest.mark.parametrize("name,options", option_sets(), ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={show(x)}" for k, x in v.items()) or "defaults")
def test_random_sim_test(name, options):
    game = pyspiel.load_game(spiel_string(name, options))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", game_names())
def test_chance_nodes_serialization_and_hidden_cards(name):
    game = pyspiel.load_game(adapter.short_name(name))
    seen = {"chance": 0, "decisions": 0}

    def visit(state):
        if state.is_chance_node():
            seen["chance"] += 1
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == state.legal_actions() == sorted(a for a, _ in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            return
        seen["decisions"] += 1
        if seen["decisions"] % 9 == 0:  # serialization and pickling round-trip
            copy = game.deserialize_state(state.serialize())
            assert str(copy) == str(state) and copy.history() == state.history()
            copy = pickle.loads(pickle.dumps(state))
            assert copy.information_state_string(0) == state.information_state_string(0)
        engine = state.cardcore_state()
        deck = engine.deck
        for seat in range(game.num_players()):
            # No card another seat holds unseen is named in what this seat saw of this deal.
            # With a double pack only names whose every copy is unseen by this seat can be checked:
            # a hidden card's twin may have been played in view.
            info = state.information_state_string(seat).split("\ndeal ")[-1].split()
            hidden = sum(1 << c for c in engine.face_down_stock())
            for other in range(game.num_players()):
                if other != seat:
                    hidden |= engine.hands[other] & ~engine.known[other]
            for other in range(game.num_players()):
                if other != seat:
                    unseen = [name for name in deck.names_of(engine.hands[other] & ~engine.known[other])
                              if all(hidden >> c & 1 for c in deck.by_name[name])]
                    assert not set(unseen) & set(info), (seat, unseen)

    final = playout(game, seed=1, visit=visit)
    assert seen["chance"] >= final.cardcore_state().deck.size
    assert sum(final.returns()) == 0


@pytest.mark.parametrize("name", game_names())
def test_resampling_keeps_the_information_state(name):
    game = pyspiel.load_game(adapter.short_name(name))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = []

    def visit(state):
        if state.is_chance_node() or len(state.history()) % 5:
            return
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        # The world is a real state of the game: its history replays to it.
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert str(replayed) == str(world)
        others = [s for s in range(game.num_players()) if s != player]
        changed.append(any(world.cardcore_state().hands[o] != state.cardcore_state().hands[o] for o in others))

    playout(game, seed=2, visit=visit)
    assert any(changed), "resampling never redrew an opponent's hand"


@pytest.mark.parametrize("name", game_names())
def test_deal_cap_cuts_the_game_off(name):
    game = pyspiel.load_game(spiel_string(name, short_options(name)))
    for seed in range(3):
        state = playout(game, seed)
        assert len(state.cardcore_state().deals) == 1
        returns = state.returns()
        assert sum(returns) == 0 and abs(returns[0]) <= game.max_utility()


# One deal of each game, and one whole game of the shortest.
ISMCTS_GAMES = [(name, short_options(name)) for name in game_names()] + \
    [("penneech", {})] * ("penneech" in game_names())


@pytest.mark.parametrize("name,options", ISMCTS_GAMES, ids=lambda v: v if isinstance(v, str) else
                         "one-deal" if v else "whole-game")
def test_ismcts_bot_plays_to_the_end(name, options):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(spiel_string(name, options))
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                           uct_c=2.0, max_simulations=8, random_state=rs)
    # OpenSpiel's random bot plays for one seat only: one for each seat after the first
    random_bots = {p: pyspiel.make_uniform_random_bot(p, 6 + p) for p in range(1, game.num_players())}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(random_bots[state.current_player()].step(state))
    assert sum(state.returns()) == 0
