"""Knowledge: what a seat may know (``observation``) and full states consistent with it
(``determinize``: the cards a seat has not seen dealt again at random).
"""

from __future__ import annotations

import random

from ..cards import iter_bits, or_all
from . import chance
from .dealing import _shuffle
from .drawn_number import redraw_hidden
from .hidden_history import forget_unseen
from .phases import PHASE_KINDS
from .scoring import counter_counts
from .void_fit import VoidFit

# random placings of the cards seen in a declarer's hand or laid aside tried before the one that
# always fits (_held_or_laid_aside)
PLACINGS = 8


def _dealt_greedily(hands: list[int], shuffled: list[int], hidden_counts: dict[int, int],
                    void_masks: dict[int, int]) -> list[int] | None:
    """Each hidden seat in turn takes the first of the ``shuffled`` cards it may hold (none of a
    suit it lacks), added to ``hands``; the cards left over, or None (``hands`` as given) where a
    seat finds too few: the seats before it took cards that only it could not do without."""
    pool = list(shuffled)
    dealt = {}
    for s, count in hidden_counts.items():
        void_mask = void_masks[s]
        if void_mask:
            fit = [c for c in pool if not void_mask >> c & 1][:count]
            if len(fit) < count:
                return None
            for c in fit:
                pool.remove(c)
        else:
            fit, pool = pool[:count], pool[count:]
        dealt[s] = fit
    for s, fit in dealt.items():
        for c in fit:
            hands[s] |= 1 << c
    return pool


def _dealt_with_fit(deck, hands: list[int], shuffled: list[int], hidden_counts: dict[int, int],
                    void_masks: dict[int, int]) -> list[int] | None:
    """As :func:`_dealt_greedily`, each seat's cards taken in the ``shuffled`` order, but a card
    only where the cards left can still fill every later seat (:class:`.void_fit.VoidFit`):
    where the greedy deal succeeds, it takes the same cards. Never short (None), as the real
    deal is one that fits, unless the cards placed in ``hands`` before leave too few."""
    steps = [s for s, count in hidden_counts.items() for _ in range(count)]
    fit = VoidFit(deck, [void_masks[s] for s in steps])
    pool = list(shuffled)
    left = fit.suit_counts(pool)
    for k, s in enumerate(steps):
        void_mask = void_masks[s]
        card = next((c for c in pool if not void_mask >> c & 1 and fit.fits(k, left, c)), None)
        if card is None:  # the voids contradict the cards (or the cards placed before them)
            return None
        pool.remove(card)
        left[deck.suit_of[card]] -= 1
        hands[s] |= 1 << card
    return pool


def observation(state, seat: int) -> dict:
    """Exactly what ``seat`` may know, as plain data."""
    d = state.deck
    played = 0
    for s in range(state.n):
        played |= or_all(state.won[s])
    others_known = {s: d.names_of(state.known[s] & state.hands[s]) for s in range(state.n) if s != seat}
    obs = {
        "game": state.game.name,
        "seat": seat,
        "round": len(state.rounds),
        "dealer": state.dealer,
        "phase": state.phase_rule.name,
        "follow_rule": state.phase_rule.follow_rule.letters,
        "current_player": state.current_player,
        "decision": None if state.result else state.decision,
        "hand": d.names_of(state.hands[seat]),
        "tableaus": [d.names_of(t) for t in state.tableaus],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "trick": [{"seat": s, "card": d.names[c]} for s, c in zip(state.trick_seats, state.trick)],
        "trump": d.suits[state.trump] if state.trump is not None else None,
        "stock_left": state.stock_left,
        "won_cards": d.names_of(played),
        "turnup": d.names[state.faced] if state.faced is not None and state.stock_pos < len(state.stock) else None,
        "turned": d.names_of(state.turned),
        "counters": {name: counter_counts(state, name) for name in state.rules.counters},
        "known_in_hand": {str(s): v for s, v in others_known.items()},
        "voids": [sorted(d.suits[v] for v in vs) for vs in state.voids],
        "scores": list(state.scores),
        "round_points": list(state.round_points),
        "melds": list(state.meld_log),
        "result": state.result,
    }
    if state.rules.deal.widow or state.declarer is not None:  # a game with an auction or a widow
        summary = state.rounds[-1]
        obs["widow"] = summary.get("widow")  # None until turned face up
        obs["bids"] = summary.get("bids", [])
        obs["declarer"] = summary.get("declarer")
        obs["contract"] = summary.get("contract")
        obs["discards"] = summary.get("discards") if seat == state.declarer else None
        # the widow's cards not in a meld shown, after his discard: in his hand or laid aside
        obs["held_or_discarded"] = d.names_of(state.held_or_aside) if seat != state.declarer else []
    rule = state.game.compiled.deal.drawn_number
    if rule is not None:  # a number drawn at the deal: its kind says what a seat knows of it
        PHASE_KINDS[rule.kind].observe(state, rule, seat, obs)
    if state.current_player == seat and state.result is None:
        obs["legal_actions"] = state.legal_actions()  # the state API's answer, remembered per position
    return obs


def determinize(state, seat: int, rng: random.Random) -> "State":
    """A full world consistent with ``seat``'s observation: unseen cards dealt at random.

    Opponents keep their table cards and any cards known to be in their hands; their other
    cards come from the unseen ones, avoiding suits they are known to be void in. The cards
    seen in the declarer's hand or laid aside (``held_or_aside``) lie in one place or the
    other, at random, with the unseen cards filling his hand and discards around them.
    """
    world = state.clone()
    # Later deals must not be the real ones: a sampled world gets a seed of its own.
    world.seed = rng.getrandbits(31)
    world._turn_moves = None
    world.given_deals = list(state.deals)
    unseen = []
    hidden_counts = {}
    # the declarer's cards seat saw, in his hand or laid aside: placed, not dealt again
    placed = state.held_or_aside if seat != state.declarer else 0
    for s in range(state.n):
        if s == seat:
            continue
        known = state.known[s] & state.hands[s]
        hidden_counts[s] = (state.hands[s] & ~known).bit_count()
        unseen.extend(iter_bits(state.hands[s] & ~known & ~placed))
        world.hands[s] = known
    face_down_end = chance.face_down_end(state)
    unseen.extend(chance.face_down_stock(state))
    # cards lying apart face down: the widow before it is turned, the declarer's discards
    # (which he alone has seen)
    apart = chance.unseen_apart(state, seat)
    unseen.extend(iter_bits(apart & ~placed))
    void_masks = {s: chance.void_mask(state, s) for s in hidden_counts}
    _shuffle(rng, unseen)
    hands, counts = world.hands, hidden_counts
    for tries_left in reversed(range(PLACINGS if placed else 1)):
        world.hands, hidden_counts = list(hands), dict(counts)
        laid_aside = _held_or_laid_aside(state, world, hidden_counts, apart.bit_count(), rng,
                                         held_first=not tries_left) if placed else 0
        pool = _dealt_greedily(world.hands, unseen, hidden_counts, void_masks)
        if pool is None:  # a seat's first fitting cards left a later seat too few: deal with the fit
            pool = _dealt_with_fit(state.deck, world.hands, unseen, hidden_counts, void_masks)
        if pool is not None:
            break
    else:  # the voids contradict the cards: a world no game reaches
        raise RuntimeError("no deal consistent with the observation")
    if apart:
        count = apart.bit_count() - laid_aside.bit_count()
        world.widow = laid_aside
        for c in pool[:count]:
            world.widow |= 1 << c
        pool = pool[count:]
    world.stock = state.stock[:state.stock_pos] + pool + state.stock[face_down_end:]
    _forget_unseen(state, world, seat, hidden_counts, face_down_end, apart, placed)
    redraw_hidden(state, world, rng)  # a number drawn at the deal, not shown yet
    return world


def _held_or_laid_aside(state, world, hidden_counts: dict[int, int], aside: int, rng: random.Random,
                        held_first: bool = False) -> int:
    """Place in ``world`` each card seen in the declarer's hand or laid aside
    (``held_or_aside``): in his hand (one of its ``hidden_counts`` fewer to deal) or among
    the ``aside`` cards laid aside, each place as likely, but a card of a suit he is known
    to lack among the discards. Returns the cards placed among the discards.

    Cards placed aside leave more of his hand to the unseen cards, which his voids may leave
    too few of: ``held_first`` keeps every card it can in his hand, which the cards dealt
    around them then always fit (the real deal kept no more there)."""
    declarer = state.declarer
    void_mask = chance.void_mask(state, declarer)
    laid_aside = state.held_or_aside & void_mask  # he could not have kept them
    free = [True] * hidden_counts[declarer] + [False] * (aside - laid_aside.bit_count())
    cards = list(iter_bits(state.held_or_aside & ~void_mask))
    for card, in_hand in zip(cards, free if held_first else rng.sample(free, len(cards))):
        if in_hand:
            world.hands[declarer] |= 1 << card
            hidden_counts[declarer] -= 1
        else:
            laid_aside |= 1 << card
    return laid_aside


def _forget_unseen(state, world, seat: int, hidden_counts, face_down_end: int, apart: int, placed: int) -> None:
    """The world's record shows ``seat`` no card it has not seen: in the current deal each
    such card is replaced by the one the world holds in its place, and in earlier deals they
    change places at random (the caller's generator is not drawn from again). The declarer's
    hidden cards and his discards are one set of places: the cards seen in his hand or laid
    aside (``placed``) keep theirs."""
    current = {}
    for s in hidden_counts:
        known = state.known[s] & state.hands[s]
        hidden, world_hidden = state.hands[s] & ~known, world.hands[s] & ~known
        if placed and s == state.declarer:
            hidden, world_hidden = (hidden | apart) & ~placed, (world_hidden | world.widow) & ~placed
        current.update(zip(iter_bits(hidden), iter_bits(world_hidden)))
    current.update(zip(state.stock[state.stock_pos:face_down_end], world.stock[state.stock_pos:face_down_end]))
    if apart and not placed:
        current.update(zip(iter_bits(apart), iter_bits(world.widow)))
    forget_unseen(state, world, seat, current)
