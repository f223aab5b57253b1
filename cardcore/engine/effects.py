"""What a plugin's hook may ask the engine to do, as data: the engine carries it out.

Plugins never write a state's fields nor call its private methods: their hooks get a read-only
view (:mod:`.view`). ``TrickGame.apply_extra`` returns one of these effects (or a refusal, a
string); ``TrickGame.on_declaration_turn`` returns counts to add to ``state.tallies``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..melds import MeldScore
from .declaring import declare


@dataclass(frozen=True)
class DeclareMeld:
    """``seat`` declares ``meld``, scoring it as usual; ``also_to_table`` (a bit set of cards from
    hand) goes onto the table beside it and scores nothing (e.g. Penchant's jail-free seven)."""

    meld: MeldScore
    also_to_table: int = 0


Effect = DeclareMeld


def carry_out(state, seat: int, effect: Effect) -> None:
    if isinstance(effect, DeclareMeld):
        declare(state, seat, effect.meld, extra_to_tableau=effect.also_to_table)
    else:  # pragma: no cover - a plugin's mistake, named
        raise TypeError(f"unknown effect {effect!r}; effects: DeclareMeld")
