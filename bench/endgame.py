"""What a bot gains at the end of a deal over another, from the same positions.

A whole game's outcome mixes the end of a deal with everything before it, and two bots that
play the stock phase alike still drift apart there from their tie-breaks, so a small gain at
the end is lost in that noise. Here bot B plays every seat of deal d (seeded ``--seed + d``)
until the first decision at which nothing is hidden from the player to move and at most
``--cards`` cards are left to play (the exact search's reach: ``ismcts``'s ``exact_cards``);
from there the rest of the deal is played twice, by B in every seat, and with A in that
player's seat. The gain is A's lead at the deal's end (that seat's score less its
opponents' mean) less B's own from the same position, with Student's t interval; deals whose
first deal never gets there are skipped and counted.

    python bench/endgame.py bezique hard normal -n 200
    python bench/endgame.py pinochle hard normal -n 100 --cards 20

``hard`` and ``normal`` are the game's ``--level`` bots without the clock bound, as in
``strength.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # strength.py beside this script
from strength import bot_seed, resolve, score_lead  # noqa: E402

from cardcore import load_game  # noqa: E402
from cardcore.bots import make_bot  # noqa: E402
from cardcore.bots.search import cards_left, single_world  # noqa: E402
from cardcore.sim.stats import mean_ci  # noqa: E402


def end_position(game, spec_b: str, deal_seed: int, cards: int):
    """Deal ``deal_seed`` played by B in every seat until the first decision with a choice at
    which nothing is hidden from the player to move and at most ``cards`` are left; None if its
    first deal ends first."""
    bots = [make_bot(spec_b, game, seed=bot_seed(deal_seed, 0, s)) for s in game.table.seats]
    state = game.new_game(seed=deal_seed)
    while len(state.rounds) == 1 and not state.is_terminal():
        seat = state.current_player
        if (state.decision == "play" and cards_left(state) <= cards and single_world(state, seat)
                and len(state.legal_actions()) > 1):
            return state
        state.apply(bots[seat].choose(state))
    return None


def finish(game, state, spec_a: str | None, spec_b: str, deal_seed: int) -> tuple[float, list[float]]:
    """The rest of the deal from ``state``, A (if given) in the seat to move, B elsewhere: that
    seat's lead at the deal's end, and A's decisions' CPU times."""
    state = state.clone()
    seat_a = state.current_player
    bots = [make_bot(spec_a if spec_a is not None and s == seat_a else spec_b, game,
                     seed=bot_seed(deal_seed, 1, s)) for s in game.table.seats]
    times = []
    while len(state.rounds) == 1 and not state.is_terminal():
        seat = state.current_player
        started = time.process_time()
        action = bots[seat].choose(state)
        if spec_a is not None and seat == seat_a:
            times.append(time.process_time() - started)
        state.apply(action)
    scores = state.rounds[0]["points"]
    return score_lead(scores, (seat_a,), game.table), times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game string, e.g. bezique")
    parser.add_argument("bot_a", help="bot spec (or level) playing the end")
    parser.add_argument("bot_b", help="bot spec (or level) playing everything else")
    parser.add_argument("-n", "--deals", type=int, default=100, help="deals (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of deal 0 (default 0)")
    parser.add_argument("--cards", type=int, default=16,
                        help="A takes over with at most this many cards left to play (default 16)")
    args = parser.parse_args(argv)
    game = load_game(args.game)
    spec_a, spec_b = resolve(args.bot_a, game), resolve(args.bot_b, game)
    gains, times, skipped = [], [], 0
    started = time.perf_counter()
    for deal in range(args.deals):
        deal_seed = args.seed + deal
        state = end_position(game, spec_b, deal_seed, args.cards)
        if state is None:
            skipped += 1
            continue
        lead_b, _ = finish(game, state, None, spec_b, deal_seed)
        lead_a, spent = finish(game, state, spec_a, spec_b, deal_seed)
        gains.append(lead_a - lead_b)
        times += spent
    gain = mean_ci(gains)
    print(f"{args.game}: {spec_a} against {spec_b} from the same positions, at most {args.cards} cards left "
          f"({len(gains)} deals, seeds {args.seed}..{args.seed + args.deals - 1}; {skipped} never got there)")
    if gain.n >= 2:
        better = sum(g > 0 for g in gains)
        worse = sum(g < 0 for g in gains)
        print(f"A's gain in the seat's lead a deal: {gain.estimate:+.2f}  95% t CI [{gain.low:+.2f}, {gain.high:+.2f}]"
              f"  (better {better}, same {len(gains) - better - worse}, worse {worse})")
    if times:
        print(f"A's decisions: {1000 * sum(times) / len(times):.0f} ms mean, {1000 * max(times):.0f} ms longest (CPU)"
              f"  ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
