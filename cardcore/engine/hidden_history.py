"""What a seat has seen of the deals of a game, so that a world sampled for it (``determinize``,
the OpenSpiel adapter's ``cardcore_state``) holds nothing more: the cards it never saw are
dealt again at random in the record of every deal, earlier ones included, and a declarer's
discards are named only to him.

A deal's record lists its cards in the order the engine takes them: each hand, the widow, the
turn-up, the stock (``deal_cards``). When a deal ends, the engine notes for each seat the cards
it saw (``seen_at_deal_end``): every card that was played, shown, turned or taken face up, its
own hand as dealt and as it ended, and the discards of a declarer. The earlier deals of a
sampled world are then no longer the game that was played (its moves need not replay on them);
they are over and decide nothing, and the current deal's record is the world's.
"""

from __future__ import annotations

import random
from itertools import chain

from ..cards import iter_bits, or_all
from .kinds import DISCARD


def deal_cards(deck, deal: dict) -> list[int]:
    """The cards of ``deal`` in the engine's order (hands, widow, turn-up, stock), as card
    numbers: of two identical cards, the first unused copy, as when the deal is dealt."""
    names = [c for hand in deal["hands"] for c in hand] + list(deal.get("widow", ()))
    names += ([deal["turnup"]] if deal.get("turnup") else []) + list(deal["stock"])
    if deck.packs == 1:
        return [deck.index_of[name] for name in names]
    taken, out = 0, []
    for name in names:
        card = deck.find(name, deck.full_mask & ~taken)
        taken |= 1 << card
        out.append(card)
    return out


def _dealt_hands(deck, deal: dict) -> tuple[int, ...]:
    """The hands of ``deal`` as dealt, bit sets of the cards :func:`deal_cards` takes."""
    cards = deal_cards(deck, deal)
    out, start = [], 0
    for hand in deal["hands"]:
        mask = 0
        for c in cards[start:start + len(hand)]:
            mask |= 1 << c
        start += len(hand)
        out.append(mask)
    return tuple(out)


def _with_cards(deck, deal: dict, cards: list[int]) -> dict:
    """``deal`` with its cards replaced, in the order of :func:`deal_cards`."""
    names = [deck.names[c] for c in cards]
    out = dict(deal)
    hands, at = [], 0
    for hand in deal["hands"]:
        hands.append(names[at:at + len(hand)])
        at += len(hand)
    out["hands"] = hands
    if "widow" in deal:
        out["widow"] = names[at:at + len(deal["widow"])]
        at += len(deal["widow"])
    if deal.get("turnup"):
        out["turnup"] = names[at]
        at += 1
    out["stock"] = names[at:]
    return out


def seen_at_deal_end(state) -> tuple[int, ...]:
    """For each seat, the cards of the deal now ending that it has seen."""
    public = state.turned | or_all(chain(state.tableaus, state.known, *state.won))
    for c in state.trick:
        public |= 1 << c
    if state.faced is not None:
        public |= 1 << state.faced
    out = []
    for s, own in enumerate(state.dealt_hands):  # the hands as dealt, the deal's cards as taken (deal_cards)
        seen = public | own | state.hands[s] | state.held_or_aside  # those seen join the declarer's hand
        if s == state.declarer and "discards" in state.rounds[-1]:
            seen |= state.widow
        out.append(seen)
    return tuple(out)


def _rename(deck, names: list[str], mapping: dict[int, int], pool: int) -> list[str]:
    """Card ``names`` (a summary's list) carried by ``mapping``: each name read as a copy of it
    in ``pool``, a copy not read before, one that ``mapping`` moves first (of two identical
    cards, the other may be one the seat saw elsewhere)."""
    moved = 0
    for c in mapping:
        moved |= 1 << c
    out, used = [], 0
    for name in names:
        card = deck.find(name, pool & moved & ~used)
        if card is None:
            card = deck.find(name, pool & ~used)
        if card is None:
            out.append(name)
            continue
        used |= 1 << card
        out.append(deck.names[mapping.get(card, card)])
    return out


def _hide_deal(deck, deal: dict, summary: dict, seat: int, seen: int, rng: random.Random) -> tuple[dict, dict]:
    """A deal that is over, and its round's summary, with the cards ``seat`` never saw changed
    places at random among themselves. Seen and unseen are told by name (of two identical cards,
    how many were seen), and the places that may change are those ``seat`` had no sight of: not
    its own hand, nor the turn-up, nor a widow turned face up; of these, the places of the very
    cards unseen first."""
    cards = deal_cards(deck, deal)
    unseen_count: dict[str, int] = {}
    for c in cards:
        unseen_count[deck.names[c]] = unseen_count.get(deck.names[c], 0) + 1
    for c in iter_bits(seen):
        if unseen_count.get(deck.names[c]):
            unseen_count[deck.names[c]] -= 1
    sizes = [len(h) for h in deal["hands"]]
    start = sum(sizes[:seat])
    in_sight = set(range(start, start + sizes[seat]))
    widow_at = sum(sizes)
    if "widow" in summary or summary.get("declarer") == seat:  # turned face up, or taken
        in_sight.update(range(widow_at, widow_at + len(deal.get("widow", ()))))
    if deal.get("turnup"):
        in_sight.add(widow_at + len(deal.get("widow", ())))
    places = []  # the card itself unseen first; then a twin of an unseen card, out of sight
    for unseen_only in (True, False):
        for i, c in enumerate(cards):
            name = deck.names[c]
            if (i not in in_sight and i not in places and unseen_count.get(name)
                    and (not unseen_only or not seen >> c & 1)):
                unseen_count[name] -= 1
                places.append(i)
    places.sort()
    moved = [cards[i] for i in places]
    rng.shuffle(moved)
    mapping = dict(zip((cards[i] for i in places), moved))
    new = list(cards)
    for i, c in zip(places, moved):
        new[i] = c
    declarer = summary.get("declarer")
    if "discards" in summary and declarer != seat:  # laid aside from his hand as dealt and the widow
        at = sum(sizes[:declarer])
        pool = 0
        for c in cards[at:at + sizes[declarer]] + cards[widow_at:widow_at + len(deal.get("widow", ()))]:
            pool |= 1 << c
        summary = {**summary, "discards": _rename(deck, summary["discards"], mapping, pool)}
    return _with_cards(deck, deal, new), summary


def _past(state, seat: int):
    """The deals over, their summaries and their events, as ``seat`` may know them, and the
    cards of the current deal (``deal_cards``): worked out once per state, seat and deal (every
    world sampled from the state shares them), from a generator of the state's seed."""
    key = (seat, len(state.deals), id(state.deals[-1]))
    memo = state.past_for_seat
    if memo is not None and memo[0] == key:
        return memo[1]
    over = len(state.deals) - 1
    rng = random.Random(f"{state.seed}:unseen:{seat}:{over}")
    deals, rounds = [], []
    for k in range(over):
        deal, summary = _hide_deal(state.deck, state.deals[k], state.rounds[k], seat, state.seen_in_past_deals[k][seat], rng)
        deals.append(deal)
        rounds.append(summary)
    starts = [i for i, e in enumerate(state.events) if e["type"] == "deal"]
    cut = starts[-1] if starts else 0
    events = [e for e in state.events[:cut] if not (e["type"] == "draw" and e.get("seat") != seat)]
    out = (deals, rounds, events, cut, deal_cards(state.deck, state.deals[-1]))
    state.past_for_seat = (key, out, state.deals[-1])  # the deal kept: its id stays its own
    return out


def forget_unseen(state, world, seat: int, current: dict[int, int]) -> None:
    """Rewrite ``world`` (sampled from ``state`` for ``seat``) so that its record and history
    show ``seat`` only what ``seat`` has seen. ``current`` maps each card of the current deal that
    ``seat`` has not seen to the one the world holds in its place: the current deal's record and
    the declarer's discards follow it. In earlier deals the unseen cards change places at random
    among themselves. The other seats' draws drop out of the events."""
    deck = world.deck
    deals, rounds, events, cut, dealt = _past(state, seat)
    world.deals = deals + [_with_cards(deck, state.deals[-1], [current.get(c, c) for c in dealt])]
    world.given_deals = list(world.deals)
    world.dealt_hands = _dealt_hands(deck, world.deals[-1])  # the world's own, as seen_at_deal_end reads them
    summary = world.rounds[-1]
    if "discards" in summary and summary.get("declarer") != seat:
        summary["discards"] = deck.names_of(world.widow)  # the world's own
    world.rounds = rounds + [summary]
    world.events = events + [e for e in state.events[cut:] if not (e["type"] == "draw" and e.get("seat") != seat)]
    _name_discards(world)
    world.past_for_seat = None  # its own deals now: nothing to share with the state's


def _name_discards(world) -> None:
    """Each ``discard`` action of ``world`` names the cards its round's summary names (the
    world's own where the seat it was sampled for did not see them): a deal has one discard at
    most, in the order of the rounds."""
    named = iter([r["discards"] for r in world.rounds if "discards" in r])
    actions = world.actions
    for i, action in enumerate(actions):
        if action.startswith(DISCARD + " "):
            actions[i] = " ".join([DISCARD, *next(named)])


def forget_past(state, seat: int) -> None:
    """Rewrite ``state`` (a world already sampled for ``seat`` in its current deal) so that its
    deals over, their summaries and its events show ``seat`` only what ``seat`` has seen."""
    deals, rounds, events, cut, _ = _past(state, seat)
    current = [e for e in state.events[cut:] if not (e["type"] == "draw" and e.get("seat") != seat)]
    state.deals = deals + state.deals[-1:]
    state.given_deals = list(state.deals)
    state.rounds = rounds + state.rounds[-1:]
    state.events = events + current
    _name_discards(state)
    state.past_for_seat = None
