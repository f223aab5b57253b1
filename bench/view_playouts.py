"""Random playouts on the fast path (events off), for instruction counts: Penchant's hooks read
the state through its read-only view at every declaration turn. Penchant unless a game is given.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python bench/view_playouts.py 10
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python bench/view_playouts.py 40
    python bench/view_playouts.py 40 marjolet

The difference of the two counts is 30 games' playouts alone (see README.md). The loop stays at
the module's top level, as when the figures in README.md were counted: in a function its names
would be locals, and the same games would cost about 5 % fewer instructions (counted: 4.8 M a
Penchant game at the top level, 4.6 M in a function)."""
import random
import sys

from cardcore import load_game
from cardcore.engine.kernel import blind_moves
from cardcore.errors import CardcoreError
if len(sys.argv) < 2 or not sys.argv[1].isdigit():
    sys.exit("usage: view_playouts.py GAMES [GAME]  (GAMES a number of games, GAME penchant by default)")
try:
    game = load_game(sys.argv[2] if len(sys.argv) > 2 else "penchant")
except CardcoreError as error:  # a bad game string: its message, not a traceback
    print(f"view_playouts.py: error: {error}", file=sys.stderr)
    sys.exit(2)
games = int(sys.argv[1])
rng = random.Random(1)
for n in range(games):
    state = game.new_game(seed=n)
    state.log_events = False
    legal_moves, apply_move = state.legal_moves, state.apply_move
    while not state.is_terminal():
        moves = blind_moves(state, legal_moves())  # as the random bot draws them
        apply_move(moves[int(rng.random() * len(moves))])
