"""Refusals: why an action is not allowed now, in words, naming the rule that forbids it.
"""

from __future__ import annotations

from ..ruleset import DeclareStep
from .kinds import PLAY


class RefusalsMixin:
    """Explanations of refused actions. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def explain_meld(self, seat: int, mask: int) -> str:
        """Why the cards ``mask`` cannot be declared now (the most specific rule)."""
        table = self.game.compiled.meld_table
        best = table.best(mask, self.trump)
        if best is None:
            return "these cards form no meld of this game (see `cardcore rules`)"
        if not mask & (self.hands[seat] | self.step_shown) and self.game.compiled.needs_fresh_card:
            return "a meld needs at least one fresh card from your hand, not only cards already on the table"
        step = self.declare_step()
        if step and table.best(mask, self.trump, self.game.compiled.step_melds(step)) is None:
            return f"{best.rule.name} may not be declared at this turn ({_step_text(step)}; {step.source})"
        why = self.meld_refusal(seat, best)
        return why or "not allowed now"

    def named_cards(self, seat: int, cards: list[str]) -> int | None:
        """The physical cards ``cards`` names in ``seat``'s holding, those in hand first (with
        two packs a name may be a card in hand and its twin on the table: the meld the player
        means is the one with most fresh cards)."""
        hand = self.hands[seat]
        mask = self.deck.mask_of_names(cards, hand)
        if mask is not None:
            return mask
        mask = 0
        for name in cards:
            card = self.deck.find(name, hand & ~mask)
            if card is None:
                card = self.deck.find(name, self.tableaus[seat] & ~mask)
            if card is None:
                return None
            mask |= 1 << card
        return mask

    def _expected(self) -> str:
        who = f"seat {self.current_player}"
        if self.decision == PLAY:
            return f"{who} must play a card to the trick now"
        return f"{who} may declare a meld or pass now"

    def _meld_out_of_turn(self, seat: int, cards: list[str]) -> str:
        """Why a meld is refused outside a declaration turn. A refused meld comes first: it may be
        why there was no declaration turn (a turn with nothing to declare is skipped)."""
        expected = self._expected()
        if self.decision != PLAY:
            return expected
        mask = self.named_cards(seat, cards)
        if mask is None or len(cards) != mask.bit_count() or self.game.compiled.meld_table.best(mask, self.trump) is None:
            return expected
        why = self.explain_meld(seat, mask)
        if why == "not allowed now":  # nothing refuses it but the moment
            return expected
        return f"{why}; and no meld is declared now: {expected}"


def _step_text(step: DeclareStep) -> str:
    if step.only is not None:
        return f"the {step.who} may declare only: {', '.join(step.only)}"
    return f"the {step.who} may not declare: {', '.join(step.exclude)}"
