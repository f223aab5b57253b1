"""OpenSpiel's own Python ISMCTS bot playing whole cardcore games against random, through the adapter.

    python bench/adapter_ismcts.py penneech -n 20 -i 20      # 20 whole games, 20 simulations a move

ISMCTS (seat 0 in even games, seat 1 in odd ones) plays ``uniform_random`` with
``returns=win-loss``, so its UCT exploration fits the ±1 utility bounds. Every move it chooses
is checked to be legal, and every world it samples with ``resample_from_infostate`` is checked
against its information state. The figures: games, the ISMCTS bot's wins, ties and losses,
resamples and simulations per second of its thinking time.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardcore.adapters import openspiel as adapter


def play(game_string: str, games: int, simulations: int) -> dict:
    spec = game_string[:-1] + ",returns=win-loss)" if game_string.endswith(")") else game_string + "(returns=win-loss)"
    game = pyspiel.load_game(adapter.short_name(spec))
    counts = {"games": 0, "won": 0, "tied": 0, "lost": 0, "resamples": 0, "moves": 0, "thinking": 0.0}
    resample = adapter.CardcoreSpielState.resample_from_infostate

    def checked_resample(state, player, sampler):
        world = resample(state, player, sampler)
        if world.information_state_string(player) != state.information_state_string(player):
            raise AssertionError("a resampled world disagrees with the player's information state")
        counts["resamples"] += 1
        return world

    adapter.CardcoreSpielState.resample_from_infostate = checked_resample
    try:
        for g in range(games):
            rs = np.random.RandomState(g)
            bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                                   max_simulations=simulations, random_state=rs)
            seat = g % 2
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(int(rs.choice(outcomes, p=probs)))
                elif state.current_player() == seat:
                    start = time.perf_counter()
                    action = int(bot.step(state))
                    counts["thinking"] += time.perf_counter() - start
                    if action not in state.legal_actions():
                        raise AssertionError(f"illegal move {state.action_to_string(action)}")
                    counts["moves"] += 1
                    state.apply_action(action)
                else:
                    state.apply_action(int(rs.choice(state.legal_actions())))
            outcome = state.returns()[seat]
            counts["games"] += 1
            counts["won" if outcome > 0 else "lost" if outcome < 0 else "tied"] += 1
    finally:
        adapter.CardcoreSpielState.resample_from_infostate = resample
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="game names or strings, e.g. penneech, 'penchant(rounds=1)'")
    parser.add_argument("-n", "--number", type=int, default=20, help="whole games per game string")
    parser.add_argument("-i", "--simulations", type=int, default=20, help="ISMCTS simulations a move")
    args = parser.parse_args()
    for game in args.games:
        c = play(game, args.number, args.simulations)
        sims = c["moves"] * args.simulations / c["thinking"] if c["thinking"] else 0.0
        print(f"{game:<22} {c['games']} games: ISMCTS won {c['won']}, tied {c['tied']}, lost {c['lost']}; "
              f"{c['moves']} moves, {c['resamples']} resamples checked, no illegal move; "
              f"{sims:.0f} simulations/s")


if __name__ == "__main__":
    main()
