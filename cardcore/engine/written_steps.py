"""A phase's after-trick steps written out as functions, for quiet playouts.

``TrickPlayMixin._advance`` takes the steps of ``pending`` one at a time: it unpacks each, asks
its kind, runs it, pops it and asks again whether a decision is due, and then whether the phase
is over. In a playout (nothing logged, no gate, no turn-up, no game verbs) a phase whose steps
are draws, trumps turned and plain declaration turns (Penchant's stock phase, Penneech's
tricks) does the same few things after every trick, so each trick winner's plan is written here
once per game as a function per number of steps left: the steps one after another with their
seats and kinds known, then the next trick's lead. The function gives ``pending`` what is left
of the plan when a decision is due, and leaves the last stock card (the turn-up shown, or the
stock running out) to the step loop. Each written step does what the step loop does for it: a
draw as ``_advance`` takes it, a trump turned as ``steps._turn_trump``, a declaration turn as
``steps._declare`` with ``_declaration_moves()`` of such a turn (the search, then the melds'
options), a pass as ``_end_step`` of a turn with nothing declared;
``tests/core/test_written_steps.py`` plays games both ways, move for move.
"""

from __future__ import annotations

import functools

from .kinds import DECLARE


def written_plans(plans: tuple[tuple, ...], phase) -> tuple | None:
    """Per trick winner, per number of steps left (1 to the plan's length), the function
    ``run(state, pending) -> bool`` of the plan's last steps (True: a decision is due; False:
    the rest of ``pending``, if any, is the step loop's), or None where a step is neither a
    draw nor a trump turned nor a plain declaration turn. ``pending`` only ever loses steps
    from its front, so its length says where in the plan it stands: at a trick's end, or after
    a declaration turn. When the steps are done and the phase goes on (``phase``, a
    CompiledPhase: its stock or its hands not out), the function also hands the lead to the
    trick's winner and answers True."""
    goes_on = None
    if phase.tricks:
        goes_on = "state.stock_pos < len(stock)" if phase.until_stock_empty else \
            "any(hands) or any(state.tableaus)"
    written = []
    for plan in plans:
        runs: list = [None]
        for left in range(1, len(plan) + 1):
            source, names = _source(plan, len(plan) - left, goes_on)
            if source is None:
                return None
            namespace = {"DECLARE": DECLARE, "BIT": phase.bit, **names}
            exec(_compiled(source), namespace)  # noqa: S102 - built above from the compiled steps alone
            runs.append(namespace["run"])
        written.append(tuple(runs))
    return tuple(written)


@functools.lru_cache(maxsize=256)
def _compiled(source: str):
    """``source`` compiled, once per process: a game is loaded again for each set of options."""
    return compile(source, "<written steps>", "exec")


def _source(plan: tuple, start: int, goes_on: str | None) -> tuple[str | None, dict]:
    """The source of ``run`` for the plan's steps from ``start`` (``pending`` holds them), and
    where the phase surely goes on after them (``goes_on``), the next trick's lead."""
    lines = ["def run(state, pending):", "    hands = state.hands", "    stock = state.stock"]
    names: dict = {}
    for k in range(start, len(plan)):
        step, seat, _handler = plan[k]
        done = k - start  # the steps of pending already taken
        if step.draws:
            lines += [
                "    pos = state.stock_pos",
                "    if pos + 1 < len(stock):",  # not the last card (the turn-up): the step loop's draw
                "        state.stock_pos = pos + 1",
                f"        hands[{seat}] |= BIT[stock[pos]]",  # the card's bit, looked up (CompiledPhase.bit)
                "    else:",
                f"        del pending[:{done}]" if done else None,
                "        return False",
            ]
        elif step.plain:
            names[f"step{k}"], names[f"search{k}"], names[f"allowed{k}"] = step, step.search, step.allowed
            pad = "    "
            if step.winner_passed_only:
                lines.append("    if state.winner_passed:")
                pad = "        "
            fresh = "hand | state.step_shown" if step.fresh_from_hand else "holding"
            lines += [
                f"{pad}hand = hands[{seat}]",
                f"{pad}holding = hand | state.tableaus[{seat}]",
                f"{pad}masks = search{k}(holding, {fresh}, allowed{k})",
                f"{pad}if masks:",
                f"{pad}    moves = state._options_of({seat}, step{k}, masks, False)",  # the melds not refused
                f"{pad}    if moves:",
                f"{pad}        del pending[:{done}]" if done else None,
                f"{pad}        state.decision = DECLARE",
                f"{pad}        state.current_player = {seat}",
                f"{pad}        state._turn_moves = moves",
                f"{pad}        return True",
            ]
            if step.by_winner:
                lines.append(f"{pad}state.winner_passed = True")
            lines.append(f"{pad}state.step_melds = 0")
        elif step.kind == "turn-trump":
            lines.append(f"    state._turn_trump({seat})")  # steps._turn_trump: no decision follows
        else:
            return None, names
    lines.append("    pending.clear()")
    if goes_on is not None:  # TrickPlayMixin._advance's end, as it asks it after every trick
        lines += [f"    if {goes_on}:", "        state.current_player = state.leader", "        return True"]
    lines.append("    return False")
    return "\n".join(line for line in lines if line is not None) + "\n", names
