"""Melds shown, not declared (phase kind ``show-melds``, and a trick phase's ``show_melds``):
the engine scores for a player the best set of melds his cards hold (see
:func:`cardcore.melds.best_meld_set`); the cards stay in his hand, seen by everyone."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...cards import iter_bits
from ...melds import best_meld_set
from ...ruleset import DecisionPhase
from ..events import log
from ..moved import renamed_classes
from ..scoring import score
from ..trickplay import holding
from .auction import auction_data
from .registry import next_phase, register_phase_kind


class ShowMeldsPhase(DecisionPhase):
    kind: Literal["show-melds"]
    who: list[Literal["bidder"]] = ["bidder"]
    from_: Literal["hand-and-widow"] = Field("hand-and-widow", alias="from")
    choice: Literal["best-set"] = "best-set"

    def describe(self) -> str:
        return "the declarer's best set of melds is shown and scored (a card once in each class of meld)"


def show_melds(state, seat: int, holding: int) -> int:
    """Score ``seat``'s best set of melds in ``holding``; return the cards they use."""
    used = 0
    for meld in best_meld_set(state.game.compiled.meld_table, holding, state.trump):
        used |= meld.mask
        cards = state.game.compiled.meld_cards(meld.mask)
        state.meld_log.append({"player": seat, "cards": cards, "name": meld.rule.name, "points": meld.points})
        if state.log_events or state.kept_events:
            log(state, "meld", seat=seat, cards=list(cards), name=meld.rule.name, points=meld.points)
        score(state, seat, meld.points, "meld", {"meld": meld.rule.name})
    used = seen_copies_first(state, seat, used)
    state.known[seat] |= used
    return used


def seen_copies_first(state, seat: int, used: int) -> int:
    """``used`` (cards of ``seat``'s hand shown) with, of identical copies, those the others have
    already seen there taken first. A meld's King of Hearts may be the one they saw come from the
    widow or another: they cannot tell, so it tells them of one King of Hearts, not two (what
    they know counts copies, not which copy)."""
    known = state.known[seat] & state.hands[seat]
    if not known or state.deck.packs == 1:
        return used
    twins = state.game.compiled.twins
    for c in iter_bits(used & ~known):
        seen = known & twins[c] & ~used
        if seen:
            used = used & ~(1 << c) | (seen & -seen)
    return used


class ShowMeldsKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        auction_data(state).shown = show_melds(state, state.declarer, holding(state, state.declarer))
        next_phase(state)

    def over(self, state) -> bool:
        return True


register_phase_kind("show-melds", ShowMeldsKind(), ShowMeldsPhase)

__getattr__ = renamed_classes(__name__, ShowMelds="ShowMeldsKind")  # its name before it was ShowMeldsKind
