"""Chance: the cards still to come from the stock, and the deals still to come, as a public
interface for whoever wants to choose them as chance outcomes (the OpenSpiel adapter) or redraw
them (``determinize``).

A state deals from a deal fixed in advance (the record's, or one drawn from the seed). The
stock's face-down cards not yet drawn are :func:`face_down_stock`; :func:`fix_stock_card` makes a
chosen one of them the card drawn at a given position, which is what a chance node's outcome
does (the deal's record follows, so that the game replays from its record). :func:`queue_deal`
gives the next deal (records list deals as before).

Two gates let a caller choose each card as it is needed, with nothing tried on a copy:

- ``draw_gate`` (on the state): when it answers False, the steps pause before a stock card is
  drawn or turned, so that :func:`fix_stock_card` can choose it first;
- ``deal_gate``: when it answers False, a deal that is due and not queued pauses before it is
  dealt (:func:`deal_due` says so, :func:`.dealing.next_deal_dealer` who deals it), so that
  :func:`queue_deal` can give it first.

``State.resume()`` goes on after either pause. What a seat has not seen, for redrawing it, is
:func:`hidden_in_hands`, :func:`unseen_apart` and :func:`void_mask`.
"""

from __future__ import annotations

from .dealing import check_deal


def stock_drawn(state) -> int:
    """How many stock cards have been drawn or turned this deal."""
    return state.stock_pos


def face_down_end(state) -> int:
    """The stock position after the last face-down card (a faced turn-up lies beyond it)."""
    return len(state.stock) - (1 if state.faced is not None and state.stock_pos < len(state.stock) else 0)


def face_down_stock(state, start: int | None = None) -> list[int]:
    """The face-down stock cards from position ``start`` (default: the next to be drawn) on,
    in the order they will be drawn."""
    return state.stock[state.stock_pos if start is None else start:face_down_end(state)]


def fix_stock_card(state, position: int, card: int) -> None:
    """Make ``card``, a face-down stock card at ``position`` or later, the one drawn at
    ``position`` (it changes places with the card there, in the deal's record too)."""
    stock = state.stock
    if not state.stock_pos <= position < face_down_end(state):
        raise ValueError(f"stock position {position} is not a face-down stock card")
    j = stock.index(card, position, face_down_end(state))
    stock[position], stock[j] = stock[j], stock[position]
    names = state.deck.names
    if names[stock[position]] != names[stock[j]]:  # a twin of a double pack changes nothing
        deal = state.deals[-1]
        listed = list(deal["stock"])  # a new list: clones share the deal
        listed[position], listed[j] = listed[j], listed[position]
        state.deals[-1] = {**deal, "stock": listed}


def stock_turned_at_deal_start(rules) -> int:
    """How many stock cards a deal turns as it starts, before any decision (a trump turned
    from the top of the stock): they are the first of the deal's stock."""
    return 1 if rules.trump.initial == "stock-top" else 0


def queue_deal(state, deal: dict | None) -> None:
    """The next deal to be dealt: a deal as records list them, or None for a placeholder
    (dealt from seed 0) where the next deal does not matter yet."""
    if deal is None:
        state.seed = 0
        return
    state.given_deals = state.given_deals + [check_deal(state, len(state.given_deals), deal)]


def deal_later_from(state, seed: int) -> None:
    """Deals after those dealt so far come from ``seed``, not from any queued or the real
    seed (a sampled world must not know them)."""
    state.seed = seed
    state.given_deals = list(state.deals)


def deal_due(state) -> bool:
    """Whether the state waits for its next deal (``deal_gate`` paused it)."""
    return bool(state.deal_paused)


def deal_waits(state) -> bool:
    """At the start of a deal: whether ``deal_gate`` pauses it (see the module docstring)."""
    if state.deal_gate is None or len(state.deals) < len(state.given_deals) or state.deal_gate():
        return False
    state.deal_paused = True
    return True


def hidden_in_hands(state, seat: int) -> dict[int, int]:
    """Per other seat, the cards in its hand that ``seat`` has not seen (bit masks)."""
    return {q: state.hands[q] & ~state.known[q] for q in range(state.n) if q != seat}


def unseen_apart(state, seat: int) -> int:
    """Cards lying apart face down that ``seat`` has not seen: the widow before it is
    turned, the declarer's discards to everyone but him."""
    return state.widow if seat != state.declarer or "discards" not in state.rounds[-1] else 0


def widow_turned(state) -> bool:
    """Whether this deal's widow has been turned face up (shown to all)."""
    return state.rounds[-1].get("widow") is not None


def void_mask(state, seat: int) -> int:
    """The cards of the suits ``seat`` is known to lack."""
    mask = 0
    for suit in state.voids[seat]:
        mask |= state.deck.suit_masks[suit]
    return mask


def melds_shown_from_dealt_hands(state) -> dict[int, tuple[int, bool]]:
    """The seats whose best set of melds has been shown this deal from their hands as dealt,
    with the points shown and whether the widow had joined that hand: each seat as it plays
    to the first trick (a trick phase's ``show_melds``), the declarer after taking the widow
    (a ``show-melds`` phase). What such a hand holds unseen can make no better set: a redraw
    must keep that."""
    seats: dict[int, bool] = {}
    if state.cphase.shows_at_first_play:
        seats.update(dict.fromkeys(state.table.seats if state.tricks_played else state.trick_seats, False))
    shown_phase = next((i for i, p in enumerate(state.rules.phases) if p.kind == "show-melds"), None)
    if shown_phase is not None and state.declarer is not None and state.phase > shown_phase:
        seats[state.declarer] = state.rules.deal.widow > 0
    points = dict.fromkeys(seats, 0)
    for meld in state.meld_log:
        if meld["player"] in points:
            points[meld["player"]] += meld["points"]
    return {q: (points[q], with_widow) for q, with_widow in seats.items()}
