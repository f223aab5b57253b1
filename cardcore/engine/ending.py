"""The end of a game: its result set, no seat left to act, the end logged. Whoever decides the
game (the scores, a plugin's rules section or standing action) ends it here."""

from __future__ import annotations

from .events import log


def finish(state, winner: int | None, game_score: int, lurched: bool) -> None:
    state.result = {
        "winner": winner,
        "game_score": game_score,
        "lurched": lurched,
        "totals": list(state.scores),
    }
    state.current_player = None
    log(state, "game-end", **state.result)
