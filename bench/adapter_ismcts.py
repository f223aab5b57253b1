"""OpenSpiel's own Python ISMCTS bot playing whole cardcore games against random, through the adapter.

    python bench/adapter_ismcts.py -n 2 -i 10 -m 6           # every game, the bot's first 6 moves of 2 games
    python bench/adapter_ismcts.py penneech -n 20 -i 20      # 20 whole games, 20 simulations a move
    python bench/adapter_ismcts.py six-pack-bezique -n 2 -i 10 -m 6 --toy   # its first 6 moves a game
    python bench/adapter_ismcts.py six-pack-bezique -n 2 -i 8 -e 20 --toy   # moves across the deal

ISMCTS sits in seat ``g % players`` in game g (each seat in turn), uniform random moves are
played in every other seat, and the game's parameter ``returns=win-loss`` makes its UCT
exploration fit the ±1 utility bounds. Every move it chooses is checked to be legal, and every
world it samples with ``resample_from_infostate`` is checked against its information state. The
figures: games, the ISMCTS bot's wins, ties and losses, resamples, games stopped because no
world was found (``ResampleError``) and simulations (iterations) per second of its thinking
time. With ``--moves M`` a game stops after the bot's M-th move (a deal of six or eight packs is
long): no result then.
With ``--every E`` the bot searches only its first 3 moves, every E-th one and its first 3 once
the stock is gone, and moves at random otherwise (as the adapter's ISMCTS test does with six and
eight packs): the whole span of a long deal, early and late, in a few minutes.
With ``--toy`` the yardstick ``lean_toy.py`` runs before and after each game string, and the
simulations per second are given as a ratio to its hands per second too (wall clock, as the
bot's thinking time).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardcore import game_names, load_game
from cardcore.adapters import openspiel as adapter
from cardcore.adapters.chance import ResampleError
from cardcore.options import format_game_string, parse_game_string


def yardstick_dir() -> Path:
    """The nearest ``shared/bench`` holding ``lean_toy.py`` above this file (the project's yardstick)."""
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "bench" / "lean_toy.py").is_file():
            return parent / "shared" / "bench"
    raise SystemExit("lean_toy.py not found in a shared/bench/ above this checkout")


def play(game_string: str, games: int, simulations: int, moves: int | None = None,
         every: int | None = None) -> dict:
    name, options = parse_game_string(game_string)
    game = pyspiel.load_game(adapter.short_name(format_game_string(name, {**options, "returns": "win-loss"})))
    counts = {"games": 0, "won": 0, "tied": 0, "lost": 0, "resamples": 0, "moves": 0, "thinking": 0.0,
              "errors": 0}
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
            seat = g % game.num_players()
            state, made, turns, after_stock = game.new_initial_state(), 0, 0, 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(int(rs.choice(outcomes, p=probs)))
                elif state.current_player() == seat:
                    turns += 1
                    end_game = state._core.engine.stock_left == 0
                    if every and turns > 3 and turns % every and not (end_game and after_stock < 3):
                        state.apply_action(int(rs.choice(state.legal_actions())))  # not searched
                        continue
                    after_stock += end_game
                    start = time.perf_counter()
                    try:
                        action = int(bot.step(state))
                    except ResampleError:  # no world found: the game cannot go on
                        counts["errors"] += 1
                        break
                    finally:
                        counts["thinking"] += time.perf_counter() - start
                    if action not in state.legal_actions():
                        raise AssertionError(f"illegal move {state.action_to_string(action)}")
                    counts["moves"] += 1
                    state.apply_action(action)
                    made += 1
                    if made == moves:
                        break
                else:
                    state.apply_action(int(rs.choice(state.legal_actions())))
            counts["games"] += 1
            if state.is_terminal():
                outcome = state.returns()[seat]
                counts["won" if outcome > 0 else "lost" if outcome < 0 else "tied"] += 1
    finally:
        adapter.CardcoreSpielState.resample_from_infostate = resample
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*",
                        help="game names or strings, e.g. penneech, 'penchant(rounds=1)' (default: every installed game)")
    parser.add_argument("-n", "--number", type=int, default=20, help="whole games per game string")
    parser.add_argument("-i", "--simulations", type=int, default=20, help="ISMCTS simulations a move")
    parser.add_argument("-m", "--moves", type=int, default=None,
                        help="stop each game after the bot's M-th move (default: play it out)")
    parser.add_argument("-e", "--every", type=int, default=None,
                        help="search only the bot's first 3 moves, every E-th and the first 3 once the "
                             "stock is gone (random the others): a long deal's whole span in less time")
    parser.add_argument("--toy", action="store_true",
                        help="also run lean_toy.py before and after each game string: the ratio to it")
    args = parser.parse_args()
    toy = None
    if args.toy:
        sys.path.insert(0, str(yardstick_dir()))
        from lean_toy import toy_hands_per_second as toy
    games = args.games or game_names()
    for game in games:
        load_game(game)  # a bad game string is said here, in cardcore's words, not OpenSpiel's
    for game in games:
        toy_before = toy(2.0, seed=1) if toy else None
        c = play(game, args.number, args.simulations, args.moves, args.every)
        toy_after = toy(2.0, seed=2) if toy else None
        sims = c["moves"] * args.simulations / c["thinking"] if c["thinking"] else 0.0
        ratio = ""
        if toy:
            mean = (toy_before + toy_after) / 2
            ratio = f" (toy {toy_before:.0f} and {toy_after:.0f} hands/s: {sims / mean:.5f} of toy)"
        print(f"{game:<22} {c['games']} games: ISMCTS won {c['won']}, tied {c['tied']}, lost {c['lost']}; "
              f"{c['moves']} moves, {c['resamples']} resamples checked, no illegal move, "
              f"{c['errors']} games stopped by a resampling error; "
              f"{sims:.1f} simulations/s{ratio}")


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
