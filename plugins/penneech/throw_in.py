"""The throw-in (phase kind ``throw-in`` and rules section ``throw_in``, Penneech's): before the
first lead, from the leader, each player whose hand holds none of the ranks the section names
may throw it in for a fresh deal (``throw-in``) or keep it (``pass``); a hand thrown in voids the
deal. Registered with cardcore by the plugin (``register_phase_kinds`` and
``register_rules_sections``), with its event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from cardcore.engine.events import Event, register_event
from cardcore.engine.phases import ask, deal_again, log, play_on
from cardcore.engine.sections import check_ranks_in_deck, keep
from cardcore.errors import IllegalAction
from cardcore.ruleset import DecisionPhase, Source, Strict
from cardcore.yamlsource import LocatedValueError

THROW_IN = "throw-in"  # the phase kind, its decision and its verb
NAME = "throw_in"  # the rules section: which hands may be thrown in
THROWN_IN = "thrown_in"  # the key of a void deal's round summary: the seat that threw its hand in


class ThrowInRule(Strict):
    """A player holding no card of ``without_ranks`` may throw in the hand for a fresh deal."""

    without_ranks: list[str]
    redeal: Literal["same-dealer", "next-dealer"] = "same-dealer"
    source: Source


class ThrowInPhase(DecisionPhase):
    """Before the first lead, from the leader, each player the ``throw_in`` section allows may
    throw in the hand for a fresh deal (``throw-in``) or ``pass``."""

    kind: Literal["throw-in"]
    deal_order: ClassVar[int | None] = 1
    needs_section: ClassVar[str | None] = NAME

    def describe(self) -> str:
        return "before the first lead, a player without the ranks the throw-in rule names may throw in or pass"


@register_event(THROW_IN)
class ThrowIn(Event):
    seat: int

    def told(self, names) -> list:
        """The event in words, at the terminal and in the browser."""
        return [names.subject(self.seat, "throw in"), " the hand: a new deal."]


class ThrowInSection:
    """The rules section ``throw_in`` (see :mod:`cardcore.engine.sections`)."""

    title = "Throw-in"

    def check(self, rules, rule: ThrowInRule) -> None:
        check_ranks_in_deck(rules, rule.without_ranks, NAME, "without_ranks")
        if not any(p.kind == THROW_IN and p.deal_order is not None for p in rules.phases):
            raise LocatedValueError("the throw_in section needs a throw-in phase, listed after the deal phase", NAME)

    def text(self, rule: ThrowInRule) -> str:
        dealer = "same" if rule.redeal == "same-dealer" else "next"
        return (f"A hand without {' '.join(rule.without_ranks)} may be thrown in before the first lead; "
                f"the {dealer} dealer deals again.")


@dataclass(slots=True)
class Offers:
    """The seats still to be offered the throw-in this deal, in turn."""

    seats: list[int]

    def copy(self) -> "Offers":
        return Offers(list(self.seats))


class ThrowInKind:
    """The throw-in: from the leader, each player holding none of the ranks of the ``throw_in``
    section is asked to ``throw-in`` or ``pass`` (``State.decision`` ``throw-in``) before the
    first lead; a hand thrown in voids the deal (``deal_again``)."""

    decisions = (THROW_IN,)
    verbs = (THROW_IN,)  # refused with its own reason when no throw-in is offered (refusal)
    void_deal = THROWN_IN  # a deal thrown in does not count (its round summary says who threw in)
    void_words = "thrown in"

    def void_told(self, names, seat: int) -> str:
        """A deal thrown in, in a replay's words."""
        return f"{names.subject(seat, 'throw')} the hand in: a new deal"

    def action_space(self, game, rule) -> list[str]:
        return [THROW_IN, "pass"]

    def rule(self, state) -> ThrowInPhase:
        """The phase whose decision is due (done as the cards are dealt: not the phase of play's)."""
        return next(p for p in state.game.compiled.deal_phases if p.kind == THROW_IN)

    def section(self, state) -> ThrowInRule:
        """Which hands may be thrown in, and who deals again: the rules section."""
        return getattr(state.rules, NAME)

    def enter(self, state, phase) -> None:
        deck = state.deck
        honours = 0
        for rank in self.section(state).without_ranks:
            honours |= deck.rank_masks[deck.ranks.index(rank)]
        hands = state.hands
        keep(state, THROW_IN, Offers([s for s in state.table.order_from(state.leader) if not hands[s] & honours]))
        self._offer_next(state)

    def _offer_next(self, state) -> None:
        offers = state.phase_data[THROW_IN].seats
        if offers:
            ask(state, THROW_IN, offers.pop(0))
        else:
            play_on(state)

    def over(self, state) -> bool:
        return state.decision != THROW_IN

    def prompt(self, state) -> str:
        return (f"your hand has none of {' '.join(self.section(state).without_ranks)}: throw it in for a new deal, "
                "or pass")

    def legal_actions(self, state) -> list[str]:
        return [THROW_IN, "pass"]

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        if verb == "pass":
            if args:
                raise IllegalAction(action, "pass takes no cards")
            state.actions.append("pass")
            log(state, "pass", seat=seat)
            self._offer_next(state)
        elif verb == THROW_IN:
            if args:
                raise IllegalAction(action, "throw-in takes no cards: the whole hand is thrown in")
            state.actions.append(THROW_IN)
            log(state, THROW_IN, seat=seat)
            deal_again(state, THROWN_IN, seat, same_dealer=self.section(state).redeal == "same-dealer")
        else:
            raise IllegalAction(action, f"seat {seat} may throw in the hand or pass now")

    def refusal(self, state, action: str) -> str:
        """Why ``throw-in`` is refused when no throw-in is offered."""
        rule = getattr(state.rules, NAME, None)
        if rule is None:
            return "a hand may be thrown in only before the first lead (not a rule of this game)"
        return (f"a hand may be thrown in only before the first lead, by a player without "
                f"{' '.join(rule.without_ranks)} ({rule.source})")

    def declined(self, state) -> tuple[str, str]:
        """A pass at the offer, in words: what the seat does not do, and why it might have."""
        return ("throw in its hand",
                f" (a hand without {' '.join(self.section(state).without_ranks)} may be thrown in for a new deal)")


__all__ = ["NAME", "THROWN_IN", "THROW_IN", "Offers", "ThrowIn", "ThrowInKind", "ThrowInPhase", "ThrowInRule",
           "ThrowInSection"]
