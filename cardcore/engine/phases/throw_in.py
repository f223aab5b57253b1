"""The throw-in (phase kind ``throw-in``): done as the cards are dealt, after the deal."""

from __future__ import annotations

from typing import ClassVar, Literal

from ...ruleset import DecisionPhase
from ..dealing import offer_throw_in
from ..moved import renamed_classes
from .registry import register_phase_kind


class ThrowInPhase(DecisionPhase):
    """Before the first lead, from the leader, each player the ``throw_in`` section allows may
    throw in the hand for a fresh deal (``throw-in``) or ``pass``."""

    kind: Literal["throw-in"]
    deal_order: ClassVar[int | None] = 1

    def describe(self) -> str:
        return "before the first lead, a player without the ranks the throw-in rule names may throw in or pass"


class ThrowInKind:
    """The throw-in (kind ``throw-in``): from the leader, each player holding none of the ranks of
    the ``throw_in`` rule is asked to ``throw-in`` or ``pass`` (``State.decision`` ``throw-in``)
    before the first lead; a hand thrown in voids the deal."""

    decisions = ()  # its decision is one of the core's (kinds.THROW_IN)

    def enter(self, state, phase) -> None:
        offer_throw_in(state)

    def over(self, state) -> bool:
        return not state.throw_in_offers


register_phase_kind("throw-in", ThrowInKind(), ThrowInPhase)

__getattr__ = renamed_classes(__name__, ThrowIn="ThrowInKind")  # its name before it was ThrowInKind
