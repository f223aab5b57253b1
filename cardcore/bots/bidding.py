"""Bidding and conceding by simulation, for auctions settled between a declarer and each opponent.

At a bid, ``samples`` worlds are dealt consistent with what the seat knows
(``state.determinize``: the widow and the other hands at random). In each, the seat wins the
auction (the others pass) at a bid no hand can fulfil with its melds alone, so that the deal is
always played; a fast bot of the game (``player``, every seat) names trump, discards and plays it
out on the quiet path. A sample gives the seat's melds and its points in all (melds, counters won
and laid away, the last trick: the settlement's count). A bid B is then judged on each sample:

- made when its points reach B (without play when its melds alone do);
- otherwise conceded when the declarer would concede: when the samples' points in play (points
  less melds) reach what his melds leave of B less often than the break-even of the settlement's
  stakes (made: one won; failed: two paid; conceded: one paid, so one time in three); else failed.

The seat bids the lowest legal bid while the mean of those stakes is above nothing, which is what
passing costs it. The samples are dealt once a deal (the bids of the others do not change what
``determinize`` deals), at the seat's first bid.

At the concession (melds shown, the widow seen), worlds are dealt again and played out from there;
the declarer concedes when they make the contract less often than the break-even.

A decision may carry a deadline (a ``time.perf_counter`` reading: the bot's ``seconds``). Sampling
stops there and decides on the worlds played so far; with none played, the decision is left to
the player (``choose`` answers None), so a slow machine costs the samples, not the person's time.
"""

from __future__ import annotations

import bisect
import random
import time

from ..engine.phases.auction import BID, auction_data
from ..engine.phases.contract import CONCEDE
from ..engine.phases.name_trump import TRUMP

#: stakes per outcome of the settlement's wording
_UNITS = {"stake": 1, "double-stake": 2}


class Declined:
    """A state seen by its declarer once he has declined the offer to concede: the same state,
    the concession left out of its legal actions (the state itself is not changed)."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        return getattr(self._state, name)

    def legal_actions(self) -> list[str]:
        return [a for a in self._state.legal_actions() if a != CONCEDE]


class SimulatedBidding:
    """Bids and concessions from play-outs by ``player`` (a bot of the game answering
    ``choose(state)``); ``samples`` worlds a decision."""

    def __init__(self, game, player, samples: int, rng: random.Random, trumps: bool = False):
        settle = next((p for p in game.rules.phases if p.kind == "settle"), None)
        if settle is None or settle.per != "seat" or not any(p.kind == "auction" for p in game.rules.phases):
            raise ValueError("bid_samples needs an auction settled between the declarer and each opponent")
        self.made = _UNITS[settle.made_pays]
        self.failed = _UNITS[settle.failed_pays]
        self.conceded = _UNITS[settle.conceded_pays]
        self.break_even = (self.failed - self.conceded) / (self.made + self.failed)
        self.player = player
        self.samples = samples
        self.rng = rng
        self.ceiling = game.compiled.bid_ceiling
        self.trumps = trumps  # trumps named by simulation too
        self._cache: tuple | None = None  # (the deal, seat) and its samples

    # ------------------------------------------------------------------ decisions
    def choose(self, state, legal: list[str], deadline: float | None = None) -> str | None:
        """The bid or pass, or the concession or the player's discard; None at other decisions,
        and when the deadline passed before a world was played."""
        if state.decision == BID:
            return self.bid(state, legal, deadline)
        if CONCEDE in legal:
            return self.concede_or_discard(state, deadline)
        if self.trumps and state.decision == TRUMP:
            return self.name_trump(state, legal, deadline)
        return None

    def bid(self, state, legal: list[str], deadline: float | None = None) -> str | None:
        bids = [a for a in legal if a.startswith(BID + " ")]
        if not bids:
            return legal[0]
        if "pass" not in legal:
            return bids[0]
        samples = self.outcomes(state, deadline)
        if not samples:
            return None
        lowest = int(bids[0].split()[1])
        return bids[0] if self.worth(samples, lowest) > 0 else "pass"

    def concede_or_discard(self, state, deadline: float | None = None) -> str | None:
        seat, contract = state.current_player, auction_data(state).contract
        made = played = 0
        for _ in range(self.samples):
            if _past(deadline):
                break
            world = state.determinize(seat, self.rng)
            world.quiet_for_search(forget_history=True)
            made += self.play_out(world, seat)[1] >= contract
            played += 1
        if not played:
            return None
        if not self.plays_on(made / played):
            return CONCEDE
        return self.player.choose(Declined(state))  # the offer declined: the player's discard

    def name_trump(self, state, legal: list[str], deadline: float | None = None) -> str | None:
        """The trump whose worlds (``samples`` shared among the suits, dealt a suit at a time in
        turn so that a deadline leaves each suit about as many) are worth the most stakes, the
        declarer conceding when that costs less; of equal ones, the player's."""
        seat, contract = state.current_player, auction_data(state).contract
        each = max(1, self.samples // len(legal))
        habit = self.player.choose(state)
        made, played = dict.fromkeys(legal, 0), dict.fromkeys(legal, 0)
        for _ in range(each):
            for action in legal:
                if _past(deadline):
                    break
                world = state.determinize(seat, self.rng)
                world.quiet_for_search(forget_history=True)
                world.apply(action)
                made[action] += self.play_out(world, seat)[1] >= contract
                played[action] += 1
        if not all(played.values()):
            return None
        scored = []
        for action in legal:
            chance = made[action] / played[action]
            worth = max(chance * self.made - (1 - chance) * self.failed, -self.conceded)
            scored.append((worth, action == habit, action))
        return max(scored)[2]

    def plays_on(self, chance: float) -> bool:
        """Whether playing a contract made with ``chance`` costs less, on average, than conceding."""
        return chance >= self.break_even  # p made - (1 - p) failed >= -conceded

    # ------------------------------------------------------------------ samples
    def outcomes(self, state, deadline: float | None = None) -> list[tuple[int, int]]:
        """Per sample, (melds, points in all) of the seat as declarer; dealt once a deal, and
        topped up at a later bid when a deadline cut them short."""
        seat = state.current_player
        key = (state.seed, len(state.rounds), seat, state.hands[seat])  # this deal, this seat
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, [])
        samples = self._cache[1]
        while len(samples) < self.samples and not _past(deadline):
            world = state.determinize(seat, self.rng)
            world.quiet_for_search(forget_history=True)
            samples.append(self.play_out(world, seat))
        return samples

    def play_out(self, world, seat: int) -> tuple[int, int]:
        """The deal played out from ``world`` with ``seat`` its declarer, by the player in every
        seat, the offer to concede always declined: (melds, points in all) of the seat."""
        deal = len(world.rounds)
        melds = None
        while world.result is None and len(world.rounds) == deal:
            if world.decision == BID:
                legal = world.legal_actions()
                if world.current_player == seat:  # a bid the melds cannot fulfil: the deal is played
                    action = f"{BID} {self.ceiling}" if f"{BID} {self.ceiling}" in legal else "pass"
                else:
                    action = "pass" if "pass" in legal else legal[0]
                world.apply(action)
                continue
            if world.tricks_played == 0 and not world.trick:
                melds = world.round_points[seat]  # before the first card: the melds shown
            if CONCEDE in world.offers:
                declined = Declined(world)
                if not declined.legal_actions():  # his melds hold all but two of his cards: no discard
                    return melds, melds
                world.apply(self.player.choose(declined))
                continue
            world.apply(self.player.choose(world))
        return melds or 0, world.rounds[deal - 1]["points"][seat]

    def worth(self, samples: list[tuple[int, int]], bid: int) -> float:
        """The mean stakes the seat wins as declarer at ``bid`` over the samples."""
        in_play = sorted(total - melds for melds, total in samples)
        n = len(in_play)
        total_units = 0.0
        for melds, points in samples:
            if melds >= bid:  # won without play
                total_units += self.made
                continue
            need = bid - melds
            chance = (n - bisect.bisect_left(in_play, need)) / n  # the samples whose play makes up the rest
            if not self.plays_on(chance):
                total_units -= self.conceded
            else:
                total_units += self.made if points >= bid else -self.failed
        return total_units / n


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline
