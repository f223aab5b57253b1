"""Random Penchant playouts on the fast path (events off), for instruction counts: Penchant's
hooks read the state through its read-only view at every declaration turn.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python bench/view_playouts.py 10
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python bench/view_playouts.py 40

The difference of the two counts is 30 games' playouts alone (see README.md)."""
import random
import sys

from cardcore import load_game
game = load_game("penchant")
games = int(sys.argv[1])
rng = random.Random(1)
for n in range(games):
    state = game.new_game(seed=n)
    state.log_events = False
    legal_moves, apply_move = state.legal_moves, state.apply_move
    while not state.is_terminal():
        moves = legal_moves()
        apply_move(moves[int(rng.random() * len(moves))])
