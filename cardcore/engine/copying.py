"""What a clone of a state copies beyond a plain container: the round summaries."""

from __future__ import annotations


def copy_rounds(rounds: list[dict], round_points: list, meld_log: list) -> list[dict]:
    """The summaries of the deals: only the last one, the deal in progress, changes, so only it is
    copied, and it refers to the clone's ``round_points`` and ``meld_log``."""
    if not rounds:
        return []
    last = {k: (list(v) if isinstance(v, list) else v) for k, v in rounds[-1].items()}
    last["points"] = round_points
    last["melds"] = meld_log
    return rounds[:-1] + [last]
