"""The game score of a game settled on rounded totals, with a game bonus and a rubicon
(``game_end.settlement``): a pure function of the two totals and the counted cards won, so that
every reading of the rules is a matter of the rule's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass


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
