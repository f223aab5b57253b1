"""The claim to have reached the target (rules section ``claim``, two-hand Pinochle's call of
"Out"), a standing action (:mod:`cardcore.engine.sections`): open at every decision of the seat to
move; right (its side at or over the target), its side wins the game at once; wrong, it loses.
Registered with cardcore by the plugin (``register_rules_sections``), with its event.

The engine lists the claim among the moves only when it is right: the claimer's score is on the
table for him to count, and a wrong claim is no move to offer, so it is never a numbered move or
a button; it can still be typed as its word, on purpose. Either way a person is asked to confirm
it. The question repeats the rule, his score and the target, which the table shows already
(counters are scored as each trick is won, so the score shown is exactly the count a player
keeps), and adds no verdict of its own: it tells him nothing he cannot count.
"""

from __future__ import annotations

from pydantic import Field

from cardcore.engine.events import Event, register_event
from cardcore.engine.phases import log
from cardcore.engine.sections import finish_at_once
from cardcore.ruleset import Source, Strict
from cardcore.text.lines import Line, Muted, Strong

NAME = "claim"  # the rules section, the key of the result it decides, and its event


class ClaimRule(Strict):
    """A claim to have reached the target (Pinochle's Out), open at every decision of the seat
    to move: right, its side wins the game at once; wrong, it loses at once. It is listed among
    the moves only when right (its side's score, on the table, at or over the target)."""

    action: str = Field(pattern=r"^[a-z][a-z-]*$", description="the verb, e.g. out")
    description: str = ""
    source: Source


@register_event(NAME)
class Claim(Event):
    seat: int
    right: bool

    def told(self, names) -> list:
        """The event in words, at the terminal and in the browser: right or wrong."""
        return [Strong(names.subject(self.seat, "claim")), f" the game: {'right' if self.right else 'wrong'}."]


def is_right(state, seat: int) -> bool:
    """Whether a claim by ``seat`` now would be right: its side at or over the target."""
    return state.target is not None and state.side_scores[state.table.side_of(seat)] >= state.target


class ClaimSection:
    """The rules section ``claim``, a standing action (see :mod:`cardcore.engine.sections`)."""

    title = "Claiming the game"
    help_title = "Claiming the game"
    at_once = True  # right, it wins the game: a bot claims as soon as it is among its moves
    result_key = NAME
    not_taken = "No claim: play on."  # the person did not confirm it

    def verb(self, rule: ClaimRule) -> str:
        return rule.action

    def text(self, rule: ClaimRule) -> str:
        return f"{rule.action}: {rule.description}"

    def is_open(self, state, rule: ClaimRule, seat: int) -> bool:
        """Listed only when right (``take`` still takes a wrong one, typed on purpose)."""
        return is_right(state, seat)

    def take(self, state, rule: ClaimRule, seat: int, action: str) -> None:
        """The claim: right if the claimer's side is at or over the target, and it wins the game
        at once; wrong, and the best other side wins."""
        state.actions.append(rule.action)
        table, totals = state.table, state.side_scores
        mine = table.side_of(seat)
        right = is_right(state, seat)
        if right:
            winner_side = mine
        else:
            winner_side = max((i for i in range(len(table.sides)) if i != mine), key=lambda i: (totals[i], -i))
        log(state, NAME, seat=seat, right=right)
        finish_at_once(state, table.sides[winner_side][0], 1 if state.rules.game_end.game_score == "one-game"
                       else abs(totals[winner_side] - totals[mine]) or 1, **{NAME: {"player": seat, "right": right}})

    def question(self, state, rule: ClaimRule, seat: int) -> str:
        """What the person confirms before ``seat``'s claim is made."""
        return (f"Claim the game ({rule.action})? Your score is {_count(state, seat)}, the target "
                f"{state.target}: at or over it you win the game at once, under it you lose it.")

    def help(self, state, rule: ClaimRule, seat: int) -> Line:
        """The claim in the play ``help``: how to make it, the rule, and the score against the target."""
        return [f"Type {rule.action} to claim the game (you are asked to confirm): at or over the target "
                f"you win it at once, under it you lose it. It is among the moves once your score reaches "
                f"the target. Your score: {_count(state, seat)} (the target {state.target}).",
                Muted(f" [{rule.source}]")]


def _count(state, seat: int) -> str:
    return f"{state.observation(seat)['scores'][seat]}"


__all__ = ["NAME", "Claim", "ClaimRule", "ClaimSection", "is_right"]
