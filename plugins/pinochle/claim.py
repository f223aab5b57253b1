"""A claim to have reached the target (Pinochle's Out) as a person makes it, at the terminal and
in the browser.

The engine lists the claim among the moves only when it is right, so a wrong claim is never a
numbered move or a button; it can still be typed as its word, on purpose. Either way the person
is asked to confirm it. The question repeats the rule, his score and the target, which the table
shows already (counters are scored as each trick is won, so the score shown is exactly the
count a player keeps), and adds no verdict of its own: it tells him nothing he cannot count.
"""

from __future__ import annotations

from .lines import Line, Muted


def claim_word(state) -> str | None:
    """The claim's verb in this game (``out``), or None where there is no claim."""
    claim = state.rules.claim
    return claim.action if claim is not None else None


def is_claim(state, action: str) -> bool:
    return action == claim_word(state)


def _count(state, seat: int) -> str:
    return f"{state.observation(seat)['scores'][seat]}"


def claim_question(state, seat: int) -> str:
    """What the person confirms before ``seat``'s claim is made."""
    return (f"Claim the game ({claim_word(state)})? Your score is {_count(state, seat)}, the target "
            f"{state.target}: at or over it you win the game at once, under it you lose it.")


def claim_help(state, seat: int) -> Line:
    """The claim in the play ``help``: how to make it, the rule, and the score against the target."""
    claim = state.rules.claim
    return [f"Type {claim.action} to claim the game (you are asked to confirm): at or over the target "
            f"you win it at once, under it you lose it. It is among the moves once your score reaches "
            f"the target. Your score: {_count(state, seat)} (the target {state.target}).",
            Muted(f" [{claim.source}]")]
