"""Playthroughs: a record turned into one line per decision with the state it leads to.

Golden playthroughs of whole games are checked into the tests and regenerated only on purpose,
so any change in how a game plays shows up as a reviewable diff (OpenSpiel's method).
"""

from __future__ import annotations

import json

from .records import apply_recorded, replay


def state_line(state) -> str:
    d = state.deck
    tables = " / ".join(" ".join(d.names_of(t)) or "-" for t in state.tableaus)
    hands = " / ".join(" ".join(d.names_of(h)) or "-" for h in state.hands)
    trump = d.suits[state.trump] if state.trump is not None else "-"
    return (f"round {len(state.rounds)} {state.phase_rule.name} | trump {trump} | stock {state.stock_left} | "
            f"scores {' '.join(map(str, state.scores))} | hands {hands} | tables {tables} | "
            f"to move {state.current_player} | legal {', '.join(state.legal_actions())}")


def playthrough(record: dict) -> list[str]:
    """The golden lines of ``record``: header, then per action the action and the new state."""
    header = {k: record[k] for k in ("game", "options", "seed", "deals")}
    if record.get("format") is not None:  # kept: a record without it is read with the former defaults
        header = {"game": record["game"], "format": record["format"], **header}
    state = replay({**record, "actions": []})
    lines = [f"record: {json.dumps(header, separators=(',', ':'))}", f"start: {state_line(state)}"]
    for action in record["actions"]:
        apply_recorded(state, action, record.get("format"))
        lines.append(f"action: {action}")
        lines.append(f"state: {state_line(state)}")
    lines.append(f"summary: {json.dumps(state.summary(), separators=(',', ':'))}")
    return lines


def record_from_playthrough(lines: list[str]) -> dict:
    header = json.loads(lines[0].removeprefix("record: "))
    actions = [ln.removeprefix("action: ") for ln in lines if ln.startswith("action: ")]
    return {**header, "actions": actions}
