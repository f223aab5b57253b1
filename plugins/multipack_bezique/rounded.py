"""The game score of a game settled on rounded totals, with a game bonus and a rubicon
(rules section ``game_end.settlement``, the multi-pack games'): a pure function of the two totals
and the counted cards won, so that every reading of the rules is a matter of the rule's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from cardcore.engine.sections import finish
from cardcore.ruleset import Source, Strict
from cardcore.yamlsource import LocatedValueError

NAME = "game_end.settlement"


class RoundedSettlement(Strict):
    """A game settled on its totals rounded down to ``round_down_to``: the winner scores the
    difference (at least ``least_difference``) plus ``game_bonus``; if the loser's total is under
    ``rubicon`` he is rubiconed, and the winner scores his own rounded total plus the loser's
    (at least ``least_rubiconed``) plus ``rubicon_game_bonus`` and ``rubicon_extra``. Equal
    rounded totals are decided by the unrounded ones; equal unrounded totals by ``tie_counter``
    cards won, ``counter_points`` each (a tie then is void); with ``counter_saves_rubicon`` a loser under the rubicon counts them too, and
    is saved if they take him to it (both players then count theirs)."""

    round_down_to: int = Field(100, ge=1)
    least_difference: int = Field(0, ge=0)
    game_bonus: int = Field(ge=0)
    rubicon: int | None = Field(None, ge=1)
    rubicon_game_bonus: int = Field(0, ge=0)
    rubicon_extra: int = Field(0, ge=0)
    least_rubiconed: int = Field(0, ge=0)
    tie_counter: str | None = None
    counter_points: int = 10
    counter_saves_rubicon: bool = False
    source: Source


@dataclass(frozen=True)
class Settled:
    winner: int | None  # the side that won; None for a void game (a tie that nothing breaks)
    game_score: int
    rubiconed: bool
    counted: bool  # whether the counter cards (brisques) were added to the totals
    totals: tuple[int, int]  # the totals compared, counter cards included if counted
    parts: tuple[tuple[str, int], ...] = ()  # the game score as a sum: (what, points), totals rounded


def settle_rounded(rule, totals: list[int], counters: list[int]) -> Settled:
    """``totals``: each side's points; ``counters``: each side's counter cards won."""
    unit = rule.round_down_to
    bonus = [c * rule.counter_points for c in counters] if rule.tie_counter else [0, 0]

    def rounded(points: int) -> int:
        return points // unit * unit

    plain = tuple(totals)
    counted = False
    # Equal rounded totals are decided by the fractions of the unit (Hoffmann, Portland laws: A
    # 1550 v B 1520, A wins 100 + 500); the counter cards only break totals equal to the point
    if plain[0] == plain[1] and rule.tie_counter:
        counted = True
    elif rule.counter_saves_rubicon and rule.rubicon is not None:
        loser = 0 if plain[0] < plain[1] else 1
        if plain[loser] < rule.rubicon <= plain[loser] + bonus[loser]:
            counted = True  # the loser's brisques take him over the rubicon: both count theirs
    compared = tuple(t + b for t, b in zip(plain, bonus)) if counted else plain
    if compared[0] == compared[1]:
        return Settled(None, 0, False, counted, compared)  # void
    winner = 0 if compared[0] > compared[1] else 1
    win, lose = rounded(compared[winner]), rounded(compared[1 - winner])
    if rule.rubicon is not None and compared[1 - winner] < rule.rubicon:
        loser = ("the loser's total" if lose >= rule.least_rubiconed
                 else f"the loser's total {lose}, at least {rule.least_rubiconed}", max(lose, rule.least_rubiconed))
        parts = (("the winner's total", win), loser,
                 *_bonuses(("the game bonus", rule.rubicon_game_bonus), ("the rubicon bonus", rule.rubicon_extra)))
        return Settled(winner, sum(p for _, p in parts), True, counted, compared, parts)
    difference = (f"{win} - {lose}", win - lose) if win - lose >= rule.least_difference \
        else (f"{win} - {lose}, at least {rule.least_difference}", rule.least_difference)
    parts = (difference, *_bonuses(("the game bonus", rule.game_bonus)))
    return Settled(winner, sum(p for _, p in parts), False, counted, compared, parts)


def _bonuses(*bonuses: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    """The bonuses that add something: a bonus of 0 is no part of the sum."""
    return tuple(b for b in bonuses if b[1])


class Rounded:
    """The section's behaviour (see :mod:`cardcore.engine.sections`): it decides the game's end."""

    def check(self, rules, rule: RoundedSettlement) -> None:
        if rule.tie_counter is not None and rule.tie_counter not in rules.counters:
            raise LocatedValueError(f"game_end.settlement counts {rule.tie_counter!r}, which is not a counter",
                                    "game_end", "settlement", "tie_counter")

    def end_game(self, state, rule: RoundedSettlement) -> None:
        """The game score from the totals rounded down, the game bonus and the rubicon."""
        settled = _settled(state, rule)
        winner = None if settled.winner is None else state.table.sides[settled.winner][0]
        facts = {"rubiconed": settled.rubiconed}
        if settled.counted:
            facts["counted_" + rule.tie_counter] = list(settled.totals)
        finish(state, winner, settled.game_score, **facts)

    def length(self, rule: RoundedSettlement) -> str | None:
        return f"one deal · rubicon {rule.rubicon}" if rule.rubicon is not None else None

    def standing(self, rule: RoundedSettlement, points: int) -> str:
        """Whether a side is over the rubicon, where the game is lost or won double."""
        if rule.rubicon is None:
            return ""
        short = rule.rubicon - points
        return f" · {short} short of the rubicon" if short > 0 else " · over the rubicon"

    def text(self, rule: RoundedSettlement) -> str:
        least = f" (at least {rule.least_difference})" if rule.least_difference else ""
        out = (f"totals rounded down to {rule.round_down_to}s; the winner scores the difference{least} "
               f"+ {rule.game_bonus}")
        if rule.rubicon is not None:
            floor = f", the loser's counting at least {rule.least_rubiconed}" if rule.least_rubiconed else ""
            extra = f" + {rule.rubicon_extra}" if rule.rubicon_extra else ""
            out += (f"; a loser under {rule.rubicon} is rubiconed: the winner scores both rounded totals{floor} "
                    f"+ {rule.rubicon_game_bonus}{extra}")
        if rule.tie_counter:
            save = ", and to take a loser to the rubicon" if rule.counter_saves_rubicon else ""
            out += (f"; {rule.tie_counter} won count {rule.counter_points} each only to break equal totals "
                    f"(equal rounded totals are decided by the unrounded ones){save}")
        return out

    def result_text(self, state, rule: RoundedSettlement) -> str:
        """How the game score added up, term by term (the engine's sum)."""
        res = state.result
        if not res or res["winner"] is None:
            return ""
        settled = _settled(state, rule)
        terms = " + ".join(f"{points} ({what})" for what, points in settled.parts)
        counted = f", {rule.tie_counter} counted" if settled.counted else ""
        rounded = f"totals rounded down to the {rule.round_down_to}{counted}"
        if settled.rubiconed:
            return f" (rubiconed, the loser under {rule.rubicon}; {rounded}: {terms} = {settled.game_score})"
        crossed = f", the loser over the rubicon ({rule.rubicon})" if rule.rubicon is not None else ""
        return f" ({rounded}{crossed}: {terms} = {settled.game_score})"


def _settled(state, rule: RoundedSettlement) -> Settled:
    counters = state.table.per_side(state.counter_counts(rule.tie_counter)) if rule.tie_counter else [0, 0]
    return settle_rounded(rule, state.side_scores, counters)
