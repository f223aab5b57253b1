"""The settlement of a deal played to a contract (phase kind ``settle``).

The end-of-deal counts come first (the last trick), then the declarer's counters laid aside
(``counters-discarded``), then the contract is judged on the deal's points, which until now
reached only the round's ``points``:

- ``per: seat`` (a declarer alone against each opponent): the stake of the bid is
  ``base + per_50 × ⌊(bid - base_bid) / bracket⌋`` (bracket 50) (``base`` for a bid under ``base_bid``, all of
  them scaled); made, with or without play, each opponent pays him one stake; failed in play he
  pays each two; conceded, one.
- ``per: side`` (the bidding side first): made, it adds its points; set, it loses its bid. If
  that takes it to the target, the opponents add nothing; otherwise they add their points if
  they took a trick, nothing if they took none.
"""

from __future__ import annotations

from ..cards import iter_bits
from .phases import register_phase_kind

# What a deal settled ``per`` seat or side can come to (its round summary's ``outcome``); a deal
# that everyone passed is ``annulled`` by the auction instead.
OUTCOMES = {"seat": ("made", "made-without-play", "failed", "conceded"), "side": ("made", "set")}
ANNULLED = "annulled"


class SettleKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        if state.outcome is None:  # played out: the end-of-deal counts first
            state._count_deal()
        declarer = state.declarer
        if "counters-discarded" in phase.points and state.widow:
            points = sum(state.card_value(c, "won", state.trump) for c in iter_bits(state.widow))
            state._score(declarer, points, "counters discarded")
        made = state.round_points[declarer] >= state.contract
        if phase.per == "seat":
            outcome = state.outcome or ("made" if made else "failed")
            stake = _stake(phase.stake, state.contract)
            amount = {"made": stake, "made-without-play": stake, "failed": -2 * stake, "conceded": -stake}[outcome]
            per_side = state.table.settle_against(state.table.side_of(declarer), amount)
        else:
            outcome = "made" if made else "set"
            table = state.table
            bidding = table.side_of(declarer)
            per_side = [0] * len(table.sides)
            per_side[bidding] = state.round_points[declarer] if made else -state.contract
            target = state.rules.game_end.target
            reached = target is not None and state.side_scores[bidding] + per_side[bidding] >= target
            if not reached:
                won = {table.side_of(w) for _, w in state.trick_winners}
                for side, seats in enumerate(table.sides):
                    if side != bidding and side in won:
                        per_side[side] = state.round_points[seats[0]]
            state.rounds[-1]["tricks"] = [sum(1 for _, w in state.trick_winners if w == s) for s in table.seats]
        state.outcome = outcome
        state.rounds[-1]["outcome"] = outcome
        if state.log_events:
            state._event("settle", declarer=declarer, bid=state.contract, outcome=outcome)
        state._settle_scores(per_side)
        state._end_round(counted=True)

    def over(self, state) -> bool:
        return True


def _stake(rule, bid: int) -> int:
    if bid < rule.base_bid:
        return rule.base
    return rule.base + rule.per_50 * ((bid - rule.base_bid) // rule.bracket)


register_phase_kind("settle", SettleKind())
