"""Carte blanche (rules section ``carte_blanche``): a hand dealt without a card of the given
ranks (the courts) is shown and scores; where the rules say so, each further card its holder
draws that is not one of those ranks is shown and scores again, until one of them is drawn.

Scored at once, without a decision: showing it can only gain points (the cards shown become
known to the other seats, as they would be shown at the table). The seats still showing carte
blanche are the section's data for the deal (``state.phase_data["carte_blanche"]``), and while
there are any it watches the draws.
"""

from __future__ import annotations

from pydantic import Field

from cardcore.engine.phases import score
from cardcore.engine.sections import check_ranks_in_deck, keep, show, stop_watching_draws, watch_draws
from cardcore.ruleset import Source, Strict

NAME = "carte_blanche"


class CarteBlancheRule(Strict):
    """A hand dealt without a card of ``without_ranks`` scores ``points``; with
    ``again_on_draw`` each further card drawn that is none of them scores again, until one is."""

    without_ranks: list[str]
    points: int = Field(ge=0)
    again_on_draw: bool = True
    source: Source


class BlankHands:
    """The seats still showing carte blanche, as bits."""

    __slots__ = ("seats",)

    def __init__(self, seats: int) -> None:
        self.seats = seats

    def copy(self) -> "BlankHands":
        return BlankHands(self.seats)


class CarteBlanche:
    """The section's behaviour (see :mod:`cardcore.engine.sections`)."""

    title = "Carte blanche"

    def check(self, rules, rule: CarteBlancheRule) -> None:
        check_ranks_in_deck(rules, rule.without_ranks, NAME, "without_ranks")

    def text(self, rule: CarteBlancheRule) -> str:
        again = (f"; each further card its holder draws that is none of them scores {rule.points} again, "
                 "until one is" if rule.again_on_draw else "")
        return f"A hand dealt without {' '.join(rule.without_ranks)} is shown and scores {rule.points}{again}."

    def dealt(self, state, rule: CarteBlancheRule) -> None:
        """After the deal: every hand without a court shows and scores carte blanche."""
        courts = _courts(state, rule)
        blank = 0
        for seat in state.table.order_from(state.leader):
            hand = state.hands[seat]
            if not hand & courts:
                _show(state, seat, hand, rule)
                if rule.again_on_draw:
                    blank |= 1 << seat
        if blank:
            keep(state, NAME, BlankHands(blank))
            watch_draws(state, after_draw)


def after_draw(state, seat: int, card: int) -> None:
    """A seat still showing carte blanche drew ``card``: shown and scored again if it is not a
    court; a court ends the run."""
    blank = state.phase_data[NAME]
    if not blank.seats >> seat & 1:
        return
    rule = getattr(state.rules, NAME)
    if 1 << card & _courts(state, rule):
        blank.seats &= ~(1 << seat)
        if not blank.seats:
            stop_watching_draws(state, after_draw)
        return
    _show(state, seat, 1 << card, rule)


def _courts(state, rule: CarteBlancheRule) -> int:
    deck = state.deck
    mask = 0
    for rank in rule.without_ranks:
        mask |= deck.rank_masks[deck.ranks.index(rank)]
    return mask


def _show(state, seat: int, cards: int, rule: CarteBlancheRule) -> None:
    show(state, seat, cards)
    shown = state.rounds[-1].setdefault(NAME, [])
    names = state.deck.names_of(cards)
    shown.append({"player": seat, "cards": names, "points": rule.points})
    score(state, seat, rule.points, "carte blanche", {"cards": names})
