"""The playout kernel: what speed needs beside the reference rules, in one place.

The rules are written once, plainly, in the reference path (the state's mixins, the step kinds
of :mod:`.steps`, the phase kinds of :mod:`.phases`). Random playouts and the search bots'
look-ahead play the same games many thousand times, so this module keeps what makes them fast,
and nothing else does:

- :func:`blind_moves`: the moves a random player draws among (the random bot, play-outs,
  benchmarks and tests alike).
"""

from __future__ import annotations

from .auction import BID, blind_bids


def blind_moves(state, moves: list) -> list:
    """The moves (of ``legal_moves()``) or actions (of ``legal_actions()``) that a player who
    does not weigh its hand draws among, each as likely: all of them, except at a bid, where
    only ``pass`` and the lowest bids are (:func:`.auction.blind_bids`). Drawn from every bid up
    to the ceiling, nearly every contract fails, and a partnership auction's totals fall for
    ever short of its target: the game never ends."""
    return blind_bids(moves) if state.decision == BID else moves
