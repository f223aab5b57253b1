"""Dealing: a deal from the record or the seed, the cards in hand, the stock, the
widow and the turn-up; trump as dealt or turned; a void deal's scores taken back.
"""

from __future__ import annotations

import _random
import functools
import random
from operator import itemgetter
from dataclasses import replace

try:  # the SHA-512 that random.Random.seed uses: CPython's own, without OpenSSL's set-up at each
    # call (a deal's generator is seeded in every playout); the same digest as hashlib's
    from _sha512 import sha512  # Python 3.10 and 3.11
except ImportError:
    try:
        from _sha2 import sha512  # Python 3.12 on
    except ImportError:  # a build without them
        from hashlib import sha512

from ..errors import CardcoreError, RecordError
from . import drawn_number
from .draws import below
from .events import log
from .scoring import score


def deal_generator(text: str) -> _random.Random:
    """The generator ``random.Random(text)`` would be, for ``_shuffle``'s ``getrandbits``: the
    same seed key as ``Random.seed`` makes of a string (version 2: the text's bytes and their
    SHA-512 as one integer), given to the C generator directly, without ``random.Random``'s
    Python-level constructor and seeding (a deal in every hand of every playout)."""
    key = text.encode()
    return _random.Random(int.from_bytes(key + sha512(key).digest(), "big"))


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates on ``rng.getrandbits``: the permutation of CPython 3.11's
    ``random.shuffle``, kept here so that a seed deals the same cards on every Python version
    (the standard library does not promise that of ``shuffle``), and in fewer calls.

    Position ``i`` takes the item at ``j``, drawn below ``i + 1`` as ``draws.below`` draws (here
    in the loop, one call less a card): the bits of ``i + 1``, drawn again while above ``i``.
    (Drawing the 32-bit words in bulk, one ``getrandbits`` for all, was tried: unpacking the
    words costs more than the calls it saves.)"""
    getrandbits = rng.getrandbits
    for i, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates' steps for ``size`` items: (position, bits to draw) each."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def _deal_out(deal: dict) -> dict:
    out = {"dealer": deal["dealer"], "hands": [list(h) for h in deal["hands"]], "stock": list(deal["stock"])}
    if deal.get("widow"):
        out["widow"] = list(deal["widow"])
    if deal.get("turnup"):
        out["turnup"] = deal["turnup"]
    out.update((k, v) for k, v in deal.items() if k not in out and k not in ("widow", "turnup"))  # e.g. a number drawn at the deal
    return out


def check_deal(state, index: int, deal: dict) -> dict:
    where = f"deal {index + 1}"
    number = state.game.compiled.deal.drawn_number
    used = ["dealer", "hands", "stock"] + (["turnup"] if state.rules.deal.turnup else []) \
        + (["widow"] if state.rules.deal.widow else []) + ([number.outcome] if number else [])
    unused = [key for key in deal if key not in used] if isinstance(deal, dict) else []
    if unused:
        raise RecordError(f"{where}: {', '.join(repr(k) for k in unused)} is not part of a deal of "
                          f"{state.game.name}; a deal has {', '.join(repr(k) for k in used)}")
    try:
        dealer = deal["dealer"]
        hands = [[state.deck.parse(c) for c in h] for h in deal["hands"]]
        stock = [state.deck.parse(c) for c in deal["stock"]]
        widow = [state.deck.parse(c) for c in deal.get("widow", [])]
        turnup = deal.get("turnup")
        turnup = state.deck.parse(turnup) if turnup else None
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"{where}: needs 'dealer', 'hands' and 'stock' as lists of cards ({exc})") from None
    except CardcoreError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if type(dealer) is not int or not 0 <= dealer < state.n:
        raise RecordError(f"{where}: dealer must be a seat number 0..{state.n - 1}")
    if state.rules.deal.turnup and turnup is None:
        raise RecordError(f"{where}: needs 'turnup', the card turned up under the stock")
    size = state.rules.deal.hand_size
    if len(hands) != state.n or any(len(h) != size for h in hands):
        raise RecordError(f"{where}: needs {state.n} hands of {size} cards")
    if len(widow) != state.rules.deal.widow:
        raise RecordError(f"{where}: needs a widow of {state.rules.deal.widow} cards")
    cards = sorted(c for h in hands for c in h) + sorted(stock) + widow + ([turnup] if turnup else [])
    if sorted(cards) != sorted(state.deck.names):
        seen, dup = set(), set()
        for c in cards:
            (dup if c in seen else seen).add(c)
        missing = sorted(set(state.deck.names) - seen)
        raise RecordError(
            f"{where}: the cards are not exactly one deck"
            + (f"; duplicated: {' '.join(sorted(dup))}" if dup else "")
            + (f"; missing: {' '.join(missing)}" if missing else "")
        )
    checked = {"dealer": dealer, "hands": hands, "stock": stock, **({"turnup": turnup} if turnup else {}),
               **({"widow": widow} if widow else {})}
    if number and number.outcome in deal:  # a record without it is dealt one from its seed
        checked[number.outcome] = drawn_number.check_outcome(number, where, deal[number.outcome])
    return checked


def generate_deal(state, index: int) -> dict:
    deal, _ = generate_cards(state, index)
    return deal


def generate_cards(state, index: int) -> tuple[dict, list[int]]:
    """Deal ``index`` from the seed, as a record's deal, and its cards as dealt: card numbers
    in the record's order (hands, widow or turn-up, stock), the same card for the same name
    with one pack (then the deal need not be read back from its names)."""
    rng = deal_generator(f"{state.seed}:deal:{index}")
    if state.next_dealer is not None or state.deals:
        dealer = next_deal_dealer(state)
    else:
        dealer = below(deal_generator(f"{state.seed}:first-dealer").getrandbits, state.n)
    # the deck's cards are in the order of their names: shuffling the numbers is shuffling
    # the names (the same positions swapped)
    cards = list(range(state.deck.size))
    _shuffle(rng, cards)
    # their names, in one call (of a single card itemgetter would give the name, not a tuple;
    # a deck has dozens)
    shuffled = list(itemgetter(*cards)(state.deck.names))
    rules = state.game.compiled.deal
    size = rules.hand_size
    hands = []
    for at in range(0, state.n * size, size):  # a loop, not a comprehension: one call less a deal
        hands.append(shuffled[at:at + size])
    rest = shuffled[state.n * size:]
    widow = rules.widow
    if widow:
        deal = {"dealer": dealer, "hands": hands, "widow": rest[:widow], "stock": rest[widow:]}
    elif rules.turnup:
        deal = {"dealer": dealer, "hands": hands, "turnup": rest[0], "stock": rest[1:]}
    else:
        deal = {"dealer": dealer, "hands": hands, "stock": rest}
    number = rules.drawn_number
    if number is not None:  # drawn after the cards: a game without one deals as before
        deal[number.outcome] = drawn_number.draw(number, rng.getrandbits)
    return deal, cards


def deal_trump(state) -> None:
    rules, summary = state.rules, state.rounds[-1]
    if state.faced is not None:
        summary["turnup"], summary["exchanges"] = state.deck.names[state.faced], []
        turnup = rules.turnup
        if state.deck.rank_letter(state.faced) == turnup.rank:
            state.scored_specials |= 1 << state.faced
            score(state, state.dealer, turnup.turned_points, "turn-up", {"card": state.deck.names[state.faced]})
    initial = state.game.compiled.deal.initial_trump
    if initial == "turnup":
        set_trump(state, state.deck.suit_of[state.faced])
    elif initial == "stock-top":
        summary.update(turned=[], trumps=[])
        turn_trump(state, state.dealer, scored=rules.trump.score_first_turn)


def set_trump(state, suit: int | None) -> None:
    state.trump = suit
    state.rounds[-1]["trump"] = None if suit is None else state.deck.suits[suit]


def turn_trump(state, seat: int, scored: bool = True) -> None:
    """Turn the top stock card: its suit is trump, and a counter scores for ``seat``."""
    if state.stock_pos >= len(state.stock):
        return
    card = state.stock[state.stock_pos]
    state.stock_pos += 1
    state.turned |= 1 << card
    set_trump(state, state.deck.suit_of[card])
    points = card_value(state, card, "turned") if scored else 0
    state.rounds[-1]["turned"].append({"card": state.deck.names[card], "seat": seat, "points": points})
    if state.log_events or state.kept_events:
        log(state, "turn", seat=seat, card=state.deck.names[card])
        log(state, "trump", suit=state.deck.suits[state.trump], seat=seat, reason="turned card")
    score(state, seat, points, "turned card", {"card": state.deck.names[card]})


def card_value(state, card: int, when: str, trump: int | None = None) -> int:
    cache = state.card_values
    key = (card, when, trump)
    total = cache.get(key)
    if total is None:
        total = 0
        name = state.deck.names[card]
        for rule in state.rules.card_points:
            if rule.when != when or (rule.suit == "trump" and state.deck.suit_of[card] != trump):
                continue
            total += rule.values.get(name, rule.values.get(state.deck.rank_letter(card), 0))
        cache[key] = total
    return total


def void_deal(state) -> None:
    """A void deal (:func:`.phases.deal_again`): whatever was scored in it (the dealer's
    turn-up) is taken back, by a score event cancelling each one, so that scores stay the sum
    of the events and every source nets to nothing in that round."""
    if state.log_events or state.kept_events:
        start = next(i for i in range(len(state.events) - 1, -1, -1) if state.events[i].type == "deal")
        for e in [e for e in state.events[start:] if e.type == "score"]:
            state.events.append(replace(e, points=-e.points, void=True))
    for side, seats in enumerate(state.table.sides):
        state.side_scores[side] -= state.round_points[seats[0]]
    for seat, points in enumerate(state.round_points):
        state.scores[seat] -= points
        state.round_points[seat] = 0  # in place: the round's summary holds this list
    summary = state.rounds[-1]
    if "turned" in summary:  # new dicts: a clone shares the old ones
        summary["turned"] = [{**t, "points": 0} for t in summary["turned"]]


def next_deal_dealer(state) -> int:
    """The dealer of the next deal: the same after a void deal (deal_again), else the next seat."""
    if state.next_dealer is not None:
        return state.next_dealer
    return state.table.next(state.deals[-1]["dealer"])
