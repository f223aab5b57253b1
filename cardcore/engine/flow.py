"""The course of a game: a deal is dealt, its phases follow one another, the forced steps run
until a decision is due, the deal ends and the next one begins, until the game is over.

Each phase kind's own behaviour is its handler's (:mod:`.phases`), looked up by the compiled
rules (``cphase.handler``), so that the course of a game names no kind; the kinds call back
here (:func:`enter_phase`, :func:`end_round`, :func:`start_deal`).
"""

from __future__ import annotations

from .events import log
from .scoring import close_round_summary, count_deal, end_game, target_decides


def end_round(state, counted: bool = False) -> None:
    if not counted:
        count_deal(state)
    _finish_round(state)


def _finish_round(state) -> None:
    close_round_summary(state)
    if state.log_events:
        log(state, "round-end", round=len(state.rounds), points=list(state.round_points),
            scores=list(state.scores))
    end = state.game.compiled.deal
    if state.first_to_target is not None:
        end_game(state, summarized=True)
    elif end.end_rounds is not None and len(state.rounds) >= end.end_rounds and sum(
            1 for r in state.rounds if "thrown_in" not in r and r.get("outcome") != "annulled") >= end.end_rounds:
        end_game(state, summarized=True)
    elif end.end_target is not None and target_decides(state):
        end_game(state, summarized=True)
    elif state.stop_after_deal:  # a sampled world: its look-ahead ends here, no next deal
        end_game(state, summarized=True)
        state.result["stopped"] = True  # not the real end of the game
    else:
        state._start_deal()
