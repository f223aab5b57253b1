"""The deal (phase kind ``deal``): done as the cards are dealt, first of all."""

from __future__ import annotations

from typing import ClassVar, Literal

from ...ruleset import DecisionPhase
from ..dealing import deal_trump
from ..moved import renamed_classes
from .registry import register_phase_kind


class DealPhase(DecisionPhase):
    """The deal, as the ``deal`` section says (hands, widow, turn-up), then trump as the ``trump``
    section says (the turn-up's suit, the stock's top card turned). It asks no decision."""

    kind: Literal["deal"]
    deal_order: ClassVar[int | None] = 0

    def describe(self) -> str:
        return "the cards are dealt (hands, and the widow or turn-up where there is one) and trump is found"


class DealKind:
    """The deal (kind ``deal``): the cards are in hand as dealt (``flow.start_deal``), and trump
    is found as the rules say: the turn-up's suit, or the stock's top card turned."""

    decisions = ()

    def enter(self, state, phase) -> None:
        deal_trump(state)

    def over(self, state) -> bool:
        return True


register_phase_kind("deal", DealKind(), DealPhase)

__getattr__ = renamed_classes(__name__, Deal="DealKind")  # its name before it was DealKind
