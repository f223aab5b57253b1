"""A guide's card checked against the others by play-outs: perfect-information Monte Carlo with
common random numbers, the guide playing every seat of every play-out."""

from __future__ import annotations

import random
import time


class PlayoutCheck:
    """At a decision, ``samples`` worlds are dealt from what the seat knows, once; in each, every
    legal action is played and the deal played on ``rollouts`` times by ``play_out`` (a play-out
    policy: the guide in every seat, its declarations and its end game, or a random or greedy
    one), and the action is worth the mean reward of its play-outs (``horizon``: the score
    difference, melds included). Every action is tried in the same worlds, so that the
    comparison is not the worlds' luck. The guide's action (``habit``), where there is one, is
    kept unless another's mean beats it by ``margin``. An action that ends the deal is valued as
    it stands, not played on into the next deal.

    A play-out to the deal's end differs from card to card by some 200 points (sd) in two-hand
    Bezique: one card more or less changes who draws what from then on, and a difference of a
    few points is lost in it. With ``tricks_ahead`` a play-out stops that many tricks ahead and
    is valued by the points scored, what the cards won will score (``won_values``) and
    ``meld_share`` of the best meld each seat could declare from its holding (the melds to
    come, which the points of a few tricks miss).

    ``rng`` deals the worlds; ``playout_rng`` (``rng`` itself unless given) is what the play-outs
    draw from, so that a policy's draws may be kept from changing the worlds dealt."""

    def __init__(self, play_out, horizon, samples: int, margin: float, rng: random.Random,
                 rollouts: int = 1, tricks_ahead: int = 0, won_values=None, meld_share: float = 0.0,
                 playout_rng: random.Random | None = None):
        self.play_out = play_out
        self.horizon = horizon
        self.samples = samples
        self.margin = margin
        self.rng = rng
        self.playout_rng = rng if playout_rng is None else playout_rng
        self.rollouts = rollouts
        self.tricks_ahead = tricks_ahead
        self.won_values = won_values
        self.meld_share = meld_share
        self.overruled = 0  # decisions where another action beat the guide's

    def _held(self, world) -> list[float]:
        """Per seat, what its position is worth beyond its score: the cards it has won, and
        ``meld_share`` of the best meld it could declare."""
        won = self.won_values(world) if self.won_values is not None else [0.0] * world.n
        if not self.meld_share:
            return won
        return [w + self.meld_share * max((m.points for m in world.declarable(s)), default=0)
                for s, w in enumerate(won)]

    def choose(self, state, legal: list[str], habit: str | None, seat: int, deadline: float | None = None) -> str:
        """``habit`` (the guide's action, or None), or the action of ``legal`` whose play-outs beat
        it by the margin (the best, without a guide). Worlds are played one at a time, every
        action in each, so a ``deadline`` (``time.perf_counter``) that stops the sampling leaves
        every action as many play-outs."""
        if habit is not None and habit not in legal:
            return habit
        totals = dict.fromkeys(legal, 0.0)
        start_scores = list(state.scores)
        deal = len(state.rounds)
        last = state.tricks_played + self.tricks_ahead if self.tricks_ahead else None
        before = self._held(state) if self.tricks_ahead else None
        play_out, playout_rng = self.play_out, self.playout_rng
        played = 0
        for _ in range(self.samples):
            if deadline is not None and time.perf_counter() > deadline:
                break
            world = state.determinize(seat, self.rng)
            world.quiet_for_search()
            for action in legal:
                for _ in range(self.rollouts):
                    trial = world.clone()
                    trial.apply(action)
                    pending = None
                    if len(trial.rounds) == deal:  # an action that ends the deal: valued as it stands
                        play_out(trial, playout_rng, last)
                        if before is not None and trial.result is None and len(trial.rounds) == deal:
                            pending = [a - b for a, b in zip(self._held(trial), before)]
                    totals[action] += self.horizon.reward(trial, start_scores, seat, pending)
            played += self.rollouts
        if not played:  # the clock stopped the search before its first world
            return habit if habit is not None else legal[0]
        best = max(legal, key=totals.__getitem__)
        if habit is not None and (totals[best] - totals[habit]) / played < self.margin:
            return habit  # the play-outs did not beat the guide's action by the margin
        self.overruled += 1
        return best
