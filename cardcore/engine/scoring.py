"""Scoring: points scored as they are earned (per side: a partnership's seats all show its
total), the end-of-deal counts, the end of the game and its returns per side and per seat.
"""

from __future__ import annotations

from typing import Any

from ..cards import or_all
from .phases.registry import counted_deals
from .sections import game_ending


class ScoringMixin:
    """Points, the end of the deal and of the game, returns. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def _score(self, seat: int, points: int, source: str, detail: dict[str, Any] | None = None,
               reach: bool = True) -> None:
        """Score ``points``; ``detail`` is what the score event adds (the card, the meld...). With
        ``reach`` off, crossing an immediate target is left to the caller (an end-of-deal count,
        whose points all come at once). (A dict, not keywords: a call with keywords costs about
        100 ns more, at every meld and count of every playout.)"""
        if not points or self.first_to_target is not None:
            return  # nothing scores once a player has reached an immediate target
        table = self.table
        if self.game.compiled.settles_deals:  # the deal's points: only its settlement reaches the scores
            for s in table.side_seats[seat]:
                self.round_points[s] += points
            if self.log_events:
                self._event("deal-points", seat=seat, points=points, source=source, **(detail or {}))
            return
        before = self.scores[seat]
        self.side_scores[table._side_of[seat]] += points
        for s in table.side_seats[seat]:  # a partnership's seats all show its total
            self.scores[s] += points
            self.round_points[s] += points
        if self.log_events:
            self._event("score", seat=seat, points=points, source=source, **(detail or {}))
        if reach and self.game.compiled.deal.immediate_target and before < self.target <= self.scores[seat]:
            self.first_to_target = seat

    def _score_count(self, awards: list[tuple[int, int, str, dict]]) -> None:
        """One end-of-deal count: (seat, points, source, detail) for every seat at once. If it takes
        a player over an immediate target, the higher total then wins; a tie settles nothing."""
        # whether the count may take a side over an immediate target (scoring with reach off
        # sets no first_to_target, so this holds after the awards as before them)
        watched = self.game.compiled.deal.immediate_target and self.first_to_target is None
        before = list(self.side_scores) if watched else None
        for seat, points, source, detail in awards:
            if points:  # _score scores nothing else
                self._score(seat, points, source, detail, False)  # reach off: the count decides below
        if not watched:
            return
        totals = self.side_scores
        if any(before[i] < self.target <= totals[i] for i in range(len(totals))):
            top = max(totals)
            leaders = [i for i in range(len(totals)) if totals[i] == top]
            if len(leaders) == 1:
                self.first_to_target = self.table.sides[leaders[0]][0]

    def counter_counts(self, name: str, phase: str | None = None) -> list[int]:
        mask = self.game.compiled.counter_masks[name]
        return self._counted(mask, None if phase is None else self.game.compiled.phase_index[phase])

    def _settle_scores(self, per_side: list[int], source: str = "settlement") -> None:
        """A deal's settlement: each side's score changes by ``per_side`` (its points, a lost
        bid, stakes), recorded per seat in the round's ``settlement``."""
        table = self.table
        summary = self.rounds[-1]
        settled = summary.setdefault("settlement", [0] * self.n)
        for side, amount in enumerate(per_side):
            if not amount:
                continue
            self.side_scores[side] += amount
            for s in table.sides[side]:
                self.scores[s] += amount
                settled[s] += amount
            self._event("score", seat=table.sides[side][0], points=amount, source=source)

    def _end_round(self, counted: bool = False) -> None:
        if not counted:
            self._count_deal()
        self._finish_round()

    def _counted(self, mask: int, phase: int | None) -> list[int]:
        """counter_counts() of a counter's mask, in a phase by index or (None) in all."""
        out = []
        for won in self.won:
            cards = won[phase] if phase is not None else or_all(won)
            out.append((cards & mask).bit_count())
        return out

    def _count_deal(self) -> None:
        """The end-of-deal counts of the rules file's ``scoring`` (read as engine.compiled's)."""
        table, deal = self.table, self.game.compiled.deal
        first = deal.side_scorers
        for rule in deal.counts:
            kind = rule.kind
            if kind == "last-trick":
                self._score_last_trick(rule.rule)
                continue
            counts = self._counted(rule.mask, rule.phase)
            if not deal.seats_are_sides:
                counts = table.per_side(counts)
            if kind == "majority-bonus":
                top = max(counts)
                if counts.count(top) == 1 and top > rule.over:  # one side alone has the most
                    self._score(first[counts.index(top)], (top - rule.over) * rule.points, rule.label, {"count": top})
                continue
            awards = []  # per-card or excess: every side scores its count at once
            for side, count in enumerate(counts):
                per_card = count if kind == "per-card" else max(0, count - rule.over)
                awards.append((first[side], per_card * rule.points, rule.label, {"count": count}))
            self._score_count(awards)

    def _finish_round(self) -> None:
        self._close_round_summary()
        if self.log_events:
            self._event("round-end", round=len(self.rounds), points=list(self.round_points),
                        scores=list(self.scores))
        end = self.game.compiled.deal
        if self.first_to_target is not None:
            self._end_game(summarized=True)
        elif end.end_rounds is not None and len(self.rounds) >= end.end_rounds and \
                counted_deals(self.rounds) >= end.end_rounds:
            self._end_game(summarized=True)
        elif end.end_target is not None and self._target_decides():
            self._end_game(summarized=True)
        elif self.stop_after_deal:  # a sampled world: its look-ahead ends here, no next deal
            self._end_game(summarized=True)
            self.result["stopped"] = True  # not the real end of the game
        else:
            self._start_deal()

    def _target_decides(self) -> bool:
        """At the end of a deal: does the target decide the game? A side alone at or over it
        wins; several: the higher total wins (a tie plays on), or with ``both_over:
        raise-target`` the target rises, once per deal, and play goes on."""
        totals, end = self.side_scores, self.rules.game_end
        over = [t for t in totals if t >= self.target]
        if len(over) > 1 and end.both_over == "raise-target":
            self.target += end.raise_by
            if self.log_events:
                self._event("target", target=self.target)
            return False
        return bool(over) and totals.count(max(totals)) == 1

    def _finish(self, winner: int | None, game_score: int, lurched: bool) -> None:
        self.result = {
            "winner": winner,
            "game_score": game_score,
            "lurched": lurched,
            "totals": list(self.scores),
        }
        self.current_player = None
        self._event("game-end", **self.result)

    def _close_round_summary(self) -> None:
        summary = self.rounds[-1]
        summary["points"] = list(self.round_points)
        for name, mask in self.game.compiled.deal.counters:
            summary[name] = self._counted(mask, None)  # counter_counts(name)

    def _score_last_trick(self, rule) -> None:
        idx = None if rule.phase is None else self.game.compiled.phase_index[rule.phase]
        tricks = [w for p, w in self.trick_winners if idx is None or p == idx]
        if not tricks:
            return
        winner = tricks[-1]
        swept = rule.all_tricks_points is not None and all(w == winner for w in tricks)
        points = rule.all_tricks_points if swept else rule.points
        self.rounds[-1]["last_trick"] = {"player": winner, "points": points}
        self._score(winner, points, rule.label, {"all_tricks": swept})

    def _end_game(self, summarized: bool = False) -> None:
        end = self.rules.game_end
        if not summarized:  # the round's summary, unless _end_round has just written it
            self._close_round_summary()
        table, totals = self.table, self.side_scores
        ending = game_ending(self.rules)
        if ending is not None:  # a plugin's section decides (engine.sections)
            ending[0].end_game(self, ending[1])
            return
        ranked = sorted(range(len(table.sides)), key=lambda i: -totals[i])
        if self.first_to_target is not None:  # the first to reach the target wins at once
            first = table.side_of(self.first_to_target)
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
        best = self.first_to_target if self.first_to_target is not None else table.sides[best_sides[0]][0]
        self._finish(best if margin > 0 else None, game_score, bool(lurched_sides))
        if len(best_sides) > 1 and margin > 0:  # three sides or more: several share the win
            self.result["winners"] = sorted(s for i in best_sides for s in table.sides[i])
        if len(table.sides) > 2 and end.lurch:  # who is lurched (of two sides: the loser)
            self.result["lurched_seats"] = sorted(s for i in lurched_sides for s in table.sides[i])

    def side_returns(self) -> list[float]:
        """Signed game score per side, zero-sum. Two sides: the game score, won by the winner's
        side and lost by the other. More sides: each side settles with every other one by the
        difference of their totals, so that no side gains what another did not lose; a lurched
        side pays each winning side that difference times the lurch's multiplier.
        A settlement set by a settle step (``state.settlement``, per side) decides instead."""
        table = self.table
        if self.result is not None and self.settlement is not None:
            return [float(v) for v in self.settlement]
        if self.result is None or (len(table.sides) == 2 and self.result["winner"] is None):
            return [0.0] * len(table.sides)
        if self.rules.game_end.game_score == "stakes":  # the scores are the stakes won and lost
            return [float(v) for v in self.side_scores]
        if len(table.sides) == 2:
            won = float(self.result["game_score"])
            mine = table.side_of(self.result["winner"])
            return [won if i == mine else -won for i in range(2)]
        totals = self.side_scores
        out = table.settle(totals)
        lurch = self.rules.game_end.lurch
        lurched = {table.side_of(s) for s in self.result.get("lurched_seats", ())}
        if lurch and lurched:  # a lurched side pays each winning side the multiple of their difference
            winners = {table.side_of(s) for s in self.result.get("winners") or [self.result["winner"]]}
            for lost in lurched:
                for won in winners:
                    extra = (lurch.multiplier - 1) * (totals[won] - totals[lost])
                    out[won] += extra
                    out[lost] -= extra
        return [float(v) for v in out]

    def returns(self) -> list[float]:
        """Signed game score per seat: its side's (see side_returns), for bots and statistics.
        Zero-sum when the sides are of one size."""
        by_side = self.side_returns()
        return [by_side[self.table.side_of(s)] for s in range(self.n)]
