"""Actions: the decisions as a player writes them (``play QS``, ``meld QS JH``, ``pass``, a game's
or a phase kind's own verbs), read, refused with the rule that forbids them, or carried out.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .declaring import after_declaration, declare_open, open_melds
from .kinds import DECLARE
from .refusals import explain_meld, meld_out_of_turn, named_cards


def declare_meld(state, seat: int, cards: list[str], action: str) -> None:
    """`meld C C ...`: the meld those cards make, if it is open now (refused naming the rule)."""
    if state.decision != DECLARE:
        raise IllegalAction(action, meld_out_of_turn(state, seat, cards))
    mask = named_cards(state, seat, cards)
    if mask is None or len(cards) != mask.bit_count():
        missing = [c for c in cards if state.deck.find(c, state.holding(seat)) is None]
        raise IllegalAction(action, f"you do not hold {' '.join(missing) or 'those cards'}")
    wanted = state.game.compiled.meld_action(mask)
    for m in open_melds(state, seat):
        if state.game.compiled.meld_action(m.mask) == wanted:
            state.actions.append(action)
            declare_open(state, seat, m)
            after_declaration(state)
            return
    raise IllegalAction(action, explain_meld(state, seat, mask))
