"""Play N random games of one game through the fast path, for instruction counts; or print a
digest of random games of every game, to show that a change leaves the games as they were.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python bench/random_games.py penchant 120
    .venv/bin/python bench/random_games.py --digest            # every installed game, 20 each
    .venv/bin/python bench/random_games.py --digest penchant 5

Game n is dealt from seed n and its moves are drawn by ``random.Random(n)`` through
``legal_moves()``/``apply_move()`` with the event log off. Count N=120 and N=20 and take the
difference, to leave out the start-up. Instruction counts do not depend on the machine's load,
so changes can be compared on a busy machine, where wall-clock rates move by a third.

``--digest`` plays each game n both ways: as above, hashing every list of legal moves, every
move, the scores and the result; and through ``legal_actions()``/``apply()`` with the event log
on (an action drawn by ``random.Random(n)``, a bid among the lowest as the random bot draws
it), hashing the record, the scores and the result. It prints one line per game, the first 16
hex digits of a SHA-256: equal before and after a change means the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

import cardcore
from cardcore.engine.kernel import blind_moves
from cardcore.plugins import get_games


def play_quietly(game, n: int, log=None) -> None:
    """Game ``n`` through the fast path; each list of moves and the move drawn go to ``log``."""
    state = game.new_game(seed=n)
    state.log_events = False
    rng = random.Random(n)
    while not state.is_terminal():
        moves = blind_moves(state, state.legal_moves())  # as the random bot draws them
        move = moves[rng.randrange(len(moves))]
        if log is not None:
            log([repr(m) for m in moves], repr(move))
        state.apply_move(move)
    if log is not None:
        log(state.scores, repr(state.result))


def digest(game, games: int) -> str:
    h = hashlib.sha256()

    def log(*values) -> None:
        h.update(json.dumps(values, sort_keys=True, default=repr).encode())

    for n in range(games):
        play_quietly(game, n, log)
        state, rng = game.new_game(seed=n), random.Random(n)
        while not state.is_terminal():
            state.apply(rng.choice(blind_moves(state, state.legal_actions())))
        log(state.record(), state.scores, repr(state.result))
    return h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--digest", action="store_true",
                        help="print a digest of random games per game (default: every installed game, 20 each)")
    parser.add_argument("game", nargs="?", help="the game string (with --digest: only this game)")
    parser.add_argument("games", nargs="?", type=int, help="how many games (with --digest: 20 unless given)")
    args = parser.parse_args()
    if args.digest:
        names = [args.game] if args.game else sorted(get_games())
        for name in names:
            print(name, digest(cardcore.load_game(name), args.games or 20), flush=True)
        return
    if args.game is None or args.games is None:
        parser.error("give a game and a number of games, or --digest")
    game = cardcore.load_game(args.game)
    for n in range(args.games):
        play_quietly(game, n)


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
