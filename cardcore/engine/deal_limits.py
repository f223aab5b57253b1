"""The most a seat or a side can count in one deal, from the rules alone: the ceiling of an
auction's bids (no higher bid can be made) and the adapters' score bounds.

Melds the engine shows (a ``show-melds`` phase, or melds shown at the first trick) are at most the
best set of melds of the whole pack in the best trump: the melds of any hand, or of two partners'
hands, are a set of melds of the pack. Every card point of the pack, the turn-up's awards, a
guess's awards and the end-of-deal scoring rules are counted at their largest. Melds declared
turn by turn are not counted here: how many a deal holds is the caller's bound (the adapters').
"""

from __future__ import annotations

from ..melds import best_meld_set


def shows_melds(rules) -> bool:
    """Whether the engine shows each player's best set of melds (no declaration turns), by the
    compiled rules (``game.compiled``)."""
    return any(p.kind == "show-melds" or getattr(p, "show_melds", None) is not None for p in rules.file.phases)


def pack_melds(rules) -> int:
    """The best set of melds of the whole pack in the best trump: no hand, nor the hands of a
    side together, shows more."""
    table, deck = rules.meld_table, rules.deck
    return max(sum(m.points for m in best_meld_set(table, deck.full_mask, trump)) for trump in range(len(deck.suits)))


def most_points_in_a_deal(rules) -> int:
    """The most one seat or side can count in one deal, melds declared turn by turn aside (see
    the module docstring). In a game whose melds are shown, it is the most a side can make: the
    ceiling of its bids (Auction Pinochle with the defaults: 1,080 in melds + 240 + 10 = 1,330)."""
    r, deck = rules.file, rules.deck
    points = pack_melds(rules) if shows_melds(rules) else 0
    if r.turnup is not None:
        t = r.turnup
        points += max(0, t.turned_points) + max(0, t.exchange_points) + max(0, t.last_card_points)
        points += max(0, t.play_points) * deck.size
    for rule in r.card_points:
        points += sum(max(0, rule.values.get(name, rule.values.get(name[0], 0))) for name in deck.names)
    for phase in rules.deal_phases:  # what a phase done at the deal scores at most (a guess's awards)
        points += phase.most_points()
    for rule in r.scoring:
        if rule.kind == "last-trick":
            points += max(0, rule.points, rule.all_tricks_points or 0)
        else:
            points += max(0, rule.points) * deck.size
    return points
