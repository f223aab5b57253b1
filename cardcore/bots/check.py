"""A guide's card checked against the others by play-outs: perfect-information Monte Carlo with
common random numbers, the guide playing every seat of every play-out."""

from __future__ import annotations

import random
import time


class PlayoutCheck:
    """At a card decision, ``samples`` worlds are dealt from what the seat knows, once; in each,
    every legal card is played and the deal played on by ``player`` (a bot of the game, in every
    seat: its declarations and its end game), and the card is worth the mean reward of its
    play-outs (``horizon``: the score difference, melds included). Every card is tried in the
    same worlds, so that the comparison is not the worlds' luck. The guide's card is kept unless
    another's mean beats it by ``margin``.

    A play-out to the deal's end differs from card to card by some 200 points (sd) in two-hand
    Bezique: one card more or less changes who draws what from then on, and a difference of a
    few points is lost in it. With ``tricks_ahead`` a play-out stops that many tricks ahead and
    is valued by the points scored, what the cards won will score (``won_values``) and
    ``meld_share`` of the best meld each seat could declare from its holding (the melds to
    come, which the points of a few tricks miss)."""

    def __init__(self, player, horizon, samples: int, margin: float, rng: random.Random,
                 tricks_ahead: int = 0, won_values=None, meld_share: float = 0.0):
        self.player = player
        self.horizon = horizon
        self.samples = samples
        self.margin = margin
        self.rng = rng
        self.tricks_ahead = tricks_ahead
        self.won_values = won_values
        self.meld_share = meld_share
        self.overruled = 0  # decisions where another card beat the guide's

    def _held(self, world) -> list[float]:
        """Per seat, what its position is worth beyond its score: the cards it has won, and
        ``meld_share`` of the best meld it could declare."""
        won = self.won_values(world) if self.won_values is not None else [0.0] * world.n
        if not self.meld_share:
            return won
        return [w + self.meld_share * max((m.points for m in world.declarable(s)), default=0)
                for s, w in enumerate(won)]

    def choose(self, state, legal: list[str], habit: str, seat: int, deadline: float | None = None) -> str:
        """``habit`` (the guide's card), or the card of ``legal`` whose play-outs beat it by the
        margin. Worlds are played one at a time, every card in each, so a ``deadline``
        (``time.perf_counter``) that stops the sampling leaves every card as many play-outs."""
        if habit not in legal:
            return habit
        totals = dict.fromkeys(legal, 0.0)
        start_scores = list(state.scores)
        deal = len(state.rounds)
        last = state.tricks_played + self.tricks_ahead if self.tricks_ahead else 10**9
        before = self._held(state) if self.tricks_ahead else None
        choose = self.player.choose
        dealt = 0
        for _ in range(self.samples):
            if deadline is not None and time.perf_counter() > deadline:
                break
            world = state.determinize(seat, self.rng)
            world.quiet_for_search()
            for action in legal:
                trial = world.clone()
                trial.apply(action)
                while trial.result is None and len(trial.rounds) == deal and trial.tricks_played < last:
                    trial.apply(choose(trial))
                pending = None
                if before is not None and trial.result is None and len(trial.rounds) == deal:
                    pending = [a - b for a, b in zip(self._held(trial), before)]
                totals[action] += self.horizon.reward(trial, start_scores, seat, pending)
            dealt += 1
        if not dealt:
            return habit
        best = max(legal, key=totals.__getitem__)
        if (totals[best] - totals[habit]) / dealt < self.margin:
            return habit
        self.overruled += 1
        return best
