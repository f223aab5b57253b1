"""Scoring: points scored as they are earned (per side: a partnership's seats all show its
total), the end-of-deal counts, the end of the game and its returns per side and per seat.
"""

from __future__ import annotations

from typing import Any

from ..cards import or_all
from .ending import finish
from .events import log


def score(state, seat: int, points: int, source: str, detail: dict[str, Any] | None = None,
          reach: bool = True) -> None:
    """Score ``points``; ``detail`` is what the score event adds (the card, the meld...). With
    ``reach`` off, crossing an immediate target is left to the caller (an end-of-deal count,
    whose points all come at once). (A dict, not keywords: a call with keywords costs about
    100 ns more, at every meld and count of every playout.)"""
    if not points or state.first_to_target is not None:
        return  # nothing scores once a player has reached an immediate target
    table = state.table
    if state.game.compiled.settles_deals:  # the deal's points: only its settlement reaches the scores
        for s in table.side_seats[seat]:
            state.round_points[s] += points
        if state.log_events or state.kept_events:
            log(state, "deal-points", seat=seat, points=points, source=source, **(detail or {}))
        return
    before = state.scores[seat]
    state.side_scores[table._side_of[seat]] += points
    for s in table.side_seats[seat]:  # a partnership's seats all show its total
        state.scores[s] += points
        state.round_points[s] += points
    if state.log_events or state.kept_events:
        log(state, "score", seat=seat, points=points, source=source, **(detail or {}))
    if reach and state.game.compiled.deal.immediate_target and before < state.target <= state.scores[seat]:
        state.first_to_target = seat


def score_count(state, awards: list[tuple[int, int, str, dict]]) -> None:
    """One end-of-deal count: (seat, points, source, detail) for every seat at once. If it takes
    a player over an immediate target, the higher total then wins; a tie settles nothing."""
    # whether the count may take a side over an immediate target (scoring with reach off
    # sets no first_to_target, so this holds after the awards as before them)
    watched = state.game.compiled.deal.immediate_target and state.first_to_target is None
    before = list(state.side_scores) if watched else None
    for seat, points, source, detail in awards:
        if points:  # _score scores nothing else
            score(state, seat, points, source, detail, False)  # reach off: the count decides below
    if not watched:
        return
    totals = state.side_scores
    if any(before[i] < state.target <= totals[i] for i in range(len(totals))):
        top = max(totals)
        leaders = [i for i in range(len(totals)) if totals[i] == top]
        if len(leaders) == 1:
            state.first_to_target = state.table.sides[leaders[0]][0]


def counter_counts(state, name: str, phase: str | None = None) -> list[int]:
    mask = state.game.compiled.counter_masks[name]
    return counted(state, mask, None if phase is None else state.game.compiled.phase_index[phase])


def settle_scores(state, per_side: list[int], source: str = "settlement") -> None:
    """A deal's settlement: each side's score changes by ``per_side`` (its points, a lost
    bid, stakes), recorded per seat in the round's ``settlement``."""
    table = state.table
    summary = state.rounds[-1]
    settled = summary.setdefault("settlement", [0] * state.n)
    for side, amount in enumerate(per_side):
        if not amount:
            continue
        state.side_scores[side] += amount
        for s in table.sides[side]:
            state.scores[s] += amount
            settled[s] += amount
        log(state, "score", seat=table.sides[side][0], points=amount, source=source)


def counted(state, mask: int, phase: int | None) -> list[int]:
    """counter_counts() of a counter's mask, in a phase by index or (None) in all."""
    out = []
    for won in state.won:
        cards = won[phase] if phase is not None else or_all(won)
        out.append((cards & mask).bit_count())
    return out


def count_deal(state) -> None:
    """The end-of-deal counts of the rules file's ``scoring`` (read as engine.compiled's)."""
    table, deal = state.table, state.game.compiled.deal
    first = deal.side_scorers
    for rule in deal.counts:
        kind = rule.kind
        if kind == "last-trick":
            _score_last_trick(state, rule.rule)
            continue
        counts = counted(state, rule.mask, rule.phase)
        if not deal.seats_are_sides:
            counts = table.per_side(counts)
        if kind == "majority-bonus":
            top = max(counts)
            if counts.count(top) == 1 and top > rule.over:  # one side alone has the most
                score(state, first[counts.index(top)], (top - rule.over) * rule.points, rule.label, {"count": top})
            continue
        awards = []  # per-card or excess: every side scores its count at once
        for side, count in enumerate(counts):
            per_card = count if kind == "per-card" else max(0, count - rule.over)
            awards.append((first[side], per_card * rule.points, rule.label, {"count": count}))
        score_count(state, awards)


def target_decides(state) -> bool:
    """At the end of a deal: does the target decide the game? A side alone at or over it
    wins; several: the higher total wins (a tie plays on), or with ``both_over:
    raise-target`` the target rises, once per deal, and play goes on."""
    totals, end = state.side_scores, state.rules.game_end
    over = [t for t in totals if t >= state.target]
    if len(over) > 1 and end.both_over == "raise-target":
        state.target += end.raise_by
        if state.log_events or state.kept_events:
            log(state, "target", target=state.target)
        return False
    return bool(over) and totals.count(max(totals)) == 1


def close_round_summary(state) -> None:
    summary = state.rounds[-1]
    summary["points"] = list(state.round_points)
    for name, mask in state.game.compiled.deal.counters:
        summary[name] = counted(state, mask, None)  # counter_counts(name)


def _score_last_trick(state, rule) -> None:
    idx = None if rule.phase is None else state.game.compiled.phase_index[rule.phase]
    tricks = [w for p, w in state.trick_winners if idx is None or p == idx]
    if not tricks:
        return
    winner = tricks[-1]
    swept = rule.all_tricks_points is not None and all(w == winner for w in tricks)
    points = rule.all_tricks_points if swept else rule.points
    state.rounds[-1]["last_trick"] = {"player": winner, "points": points}
    score(state, winner, points, rule.label, {"all_tricks": swept})


def end_game(state, summarized: bool = False) -> None:
    end = state.rules.game_end
    if not summarized:  # the round's summary, unless _end_round has just written it
        close_round_summary(state)
    table, totals = state.table, state.side_scores
    ending = state.game.compiled.deal.ending
    if ending is not None:  # a plugin's section decides (engine.sections)
        ending[0].end_game(state, ending[1])
        return
    ranked = sorted(range(len(table.sides)), key=lambda i: -totals[i])
    if state.first_to_target is not None:  # the first to reach the target wins at once
        first = table.side_of(state.first_to_target)
        ranked.remove(first)
        ranked.insert(0, first)
        best_sides = [first]
    else:  # every side with the highest total wins (with three sides or more, two may)
        best_sides = [i for i in ranked if totals[i] == totals[ranked[0]]]
    rest = [i for i in ranked if i not in best_sides]
    margin = totals[best_sides[0]] - totals[rest[0]] if rest else 0
    # every other side under the threshold is lurched against the winner
    lurched_sides = [i for i in rest if end.lurch and margin > 0 and totals[i] < end.lurch.below]
    game_score = margin * (end.lurch.multiplier if rest and rest[0] in lurched_sides else 1)
    if end.game_score == "one-game":
        game_score = 1 if margin > 0 else 0
    best = state.first_to_target if state.first_to_target is not None else table.sides[best_sides[0]][0]
    finish(state, best if margin > 0 else None, game_score, bool(lurched_sides))
    if len(best_sides) > 1 and margin > 0:  # three sides or more: several share the win
        state.result["winners"] = sorted(s for i in best_sides for s in table.sides[i])
    if len(table.sides) > 2 and end.lurch:  # who is lurched (of two sides: the loser)
        state.result["lurched_seats"] = sorted(s for i in lurched_sides for s in table.sides[i])


def side_returns(state) -> list[float]:
    """Signed game score per side, zero-sum. Two sides: the game score, won by the winner's
    side and lost by the other. More sides: each side settles with every other one by the
    difference of their totals, so that no side gains what another did not lose; a lurched
    side pays each winning side that difference times the lurch's multiplier."""
    table = state.table
    if state.result is None or (len(table.sides) == 2 and state.result["winner"] is None):
        return [0.0] * len(table.sides)
    if state.rules.game_end.game_score == "stakes":  # the scores are the stakes won and lost
        return [float(v) for v in state.side_scores]
    if len(table.sides) == 2:
        won = float(state.result["game_score"])
        mine = table.side_of(state.result["winner"])
        return [won if i == mine else -won for i in range(2)]
    totals = state.side_scores
    out = table.settle(totals)
    lurch = state.rules.game_end.lurch
    lurched = {table.side_of(s) for s in state.result.get("lurched_seats", ())}
    if lurch and lurched:  # a lurched side pays each winning side the multiple of their difference
        winners = {table.side_of(s) for s in state.result.get("winners") or [state.result["winner"]]}
        for lost in lurched:
            for won in winners:
                extra = (lurch.multiplier - 1) * (totals[won] - totals[lost])
                out[won] += extra
                out[lost] -= extra
    return [float(v) for v in out]


def returns(state) -> list[float]:
    """Signed game score per seat: its side's (see side_returns), for bots and statistics.
    Zero-sum when the sides are of one size."""
    by_side = side_returns(state)
    return [by_side[state.table.side_of(s)] for s in range(state.n)]
