"""Carte blanche: a hand dealt without a card of the given ranks (the courts) is shown and
scores; where the rules say so, each further card its holder draws that is not one of those
ranks is shown and scores again, until one of them is drawn.

Scored at once, without a decision: showing it can only gain points (the cards shown become
known to the other seats, as they would be shown at the table). ``State.blank_hands`` holds the
seats (as bits) still showing carte blanche.
"""

from __future__ import annotations


def _courts(state) -> int:
    deck = state.deck
    mask = 0
    for rank in state.rules.carte_blanche.without_ranks:
        mask |= deck.rank_masks[deck.ranks.index(rank)]
    return mask


def score_dealt_hands(state) -> None:
    """After the deal: every hand without a court shows and scores carte blanche."""
    state.blank_hands = 0
    rule = state.rules.carte_blanche
    if rule is None:
        return
    courts = _courts(state)
    for seat in state.table.order_from(state.leader):
        hand = state.hands[seat]
        if not hand & courts:
            _show(state, seat, hand, rule)
            if rule.again_on_draw:
                state.blank_hands |= 1 << seat


def after_draw(state, seat: int, card: int) -> None:
    """A seat still showing carte blanche drew ``card``: shown and scored again if it is not a
    court; a court ends the run."""
    if not state.blank_hands >> seat & 1:
        return
    if 1 << card & _courts(state):
        state.blank_hands &= ~(1 << seat)
        return
    _show(state, seat, 1 << card, state.rules.carte_blanche)


def _show(state, seat: int, cards: int, rule) -> None:
    state.known[seat] |= cards
    shown = state.rounds[-1].setdefault("carte_blanche", [])
    names = state.deck.names_of(cards)
    shown.append({"player": seat, "cards": names, "points": rule.points})
    state._score(seat, rule.points, "carte blanche", {"cards": names})
