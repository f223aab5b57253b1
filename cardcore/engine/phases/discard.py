"""The discard (phase kind ``discard``): the declarer lays ``count`` cards aside face down with
``discard C C C``, none of them a card of a meld he showed. They lie apart like the widow did
(``state.widow``), seen by him alone; their counters count for him at the settlement. What the
others saw go into his hand and not in a meld shown (the widow's cards) may be among them: to
them each such card is now "in his hand or laid aside" (``state.held_or_aside``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from itertools import combinations

from ...cards import iter_bits
from ...errors import CardcoreError, IllegalAction
from ...ruleset import DecisionPhase
from ..events import log
from ..kinds import DISCARD
from ..moved import renamed_classes
from .auction import auction_data
from .registry import next_phase, register_phase_kind


class DiscardPhase(DecisionPhase):
    kind: Literal["discard"]
    who: Literal["bidder"] = "bidder"
    count: int = Field(ge=1)
    not_from: Literal["melds-shown"] = "melds-shown"
    counters_to: Literal["bidder"] = "bidder"
    action: str = ""

    def describe(self) -> str:
        return (f"the declarer lays {self.count} cards aside face down ('discard C C C'), none from his melds; "
                "their counters count for him")


class DiscardKind:
    decisions = (DISCARD,)

    def action_space(self, game, rule) -> list[str]:
        """Every set of cards of the discard's size, by name (a double pack's twins are one card),
        in canonical order, as ``legal_actions`` lists them."""
        names = game.deck.names_of(game.deck.full_mask)
        return list(dict.fromkeys(" ".join([DISCARD, *combo]) for combo in combinations(names, rule.count)))

    def enter(self, state, phase) -> None:
        state.decision = DISCARD
        state.current_player = state.declarer

    def over(self, state) -> bool:
        return state.decision != DISCARD

    def _pool(self, state) -> int:
        return state.hands[state.declarer] & ~auction_data(state).shown

    def legal_actions(self, state) -> list[str]:
        deck = state.deck
        names = [deck.names[c] for c in deck.sorted_cards(iter_bits(self._pool(state)))]
        return list(dict.fromkeys(" ".join([DISCARD, *combo])
                                  for combo in combinations(names, state.phase_rule.count)))

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        rule, deck, shown = state.phase_rule, state.deck, auction_data(state).shown
        if verb != DISCARD or len(args) != rule.count:
            raise IllegalAction(action, f"the declarer discards {rule.count} cards now: "
                                        f"'{DISCARD} C C C' ({rule.source})")
        try:
            names = [deck.parse(a) for a in args]
        except CardcoreError as exc:
            raise IllegalAction(action, str(exc)) from None
        mask = deck.mask_of_names(names, self._pool(state))
        if mask is None:
            held = deck.mask_of_names(names, state.hands[seat])
            why = ("a card used in a meld shown may not be discarded" if held is not None
                   else f"you do not hold {' '.join(names)}")
            raise IllegalAction(action, f"{why} ({rule.source})")
        cards = deck.names_of(mask)
        state.actions.append(" ".join([DISCARD, *cards]))
        # the cards the others saw join his hand, but for those of his melds shown (which he may
        # not lay aside), now lie in it or among the discards: they cannot tell which
        state.held_or_aside |= state.known[seat] & state.hands[seat] & ~shown
        state.known[seat] &= shown
        state.hands[seat] &= ~mask
        state.widow |= mask
        state.rounds[-1]["discards"] = cards
        if state.log_events or state.kept_events:
            log(state, DISCARD, seat=seat)
        next_phase(state)


register_phase_kind("discard", DiscardKind(), DiscardPhase)

__getattr__ = renamed_classes(__name__, Discard="DiscardKind")  # its name before it was DiscardKind
