"""Chance: the cards still to come from the stock, and the deals still to come, as a public
interface for whoever wants to choose them as chance outcomes (the OpenSpiel adapter) or redraw
them (``determinize``).

A state deals from a deal fixed in advance (the record's, or one drawn from the seed). The
stock's face-down cards not yet drawn are :meth:`face_down_stock`; :meth:`fix_stock_card` makes a
chosen one of them the card drawn at a given position, which is what a chance node's outcome
does (the deal's record follows, so that the game replays from its record). :meth:`queue_deal`
gives the next deal (records list deals as before).

Two gates let a caller choose each card as it is needed, with nothing tried on a copy:

- ``draw_gate`` (on the state): when it answers False, the steps pause before a stock card is
  drawn or turned, so that :meth:`fix_stock_card` can choose it first;
- ``deal_gate``: when it answers False, a deal that is due and not queued pauses before it is
  dealt (:meth:`deal_due` says so, :meth:`next_deal_dealer` who deals it), so that
  :meth:`queue_deal` can give it first.

``State.resume()`` goes on after either pause. What a seat has not seen, for redrawing it, is
:meth:`hidden_in_hands`, :meth:`unseen_apart` and :meth:`void_mask`.
"""

from __future__ import annotations


class ChanceMixin:
    """Undrawn cards and deals to come. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def stock_drawn(self) -> int:
        """How many stock cards have been drawn or turned this deal."""
        return self.stock_pos

    def face_down_end(self) -> int:
        """The stock position after the last face-down card (a faced turn-up lies beyond it)."""
        return len(self.stock) - (1 if self.faced is not None and self.stock_pos < len(self.stock) else 0)

    def face_down_stock(self, start: int | None = None) -> list[int]:
        """The face-down stock cards from position ``start`` (default: the next to be drawn) on,
        in the order they will be drawn."""
        return self.stock[self.stock_pos if start is None else start:self.face_down_end()]

    def fix_stock_card(self, position: int, card: int) -> None:
        """Make ``card``, a face-down stock card at ``position`` or later, the one drawn at
        ``position`` (it changes places with the card there, in the deal's record too)."""
        stock = self.stock
        if not self.stock_pos <= position < self.face_down_end():
            raise ValueError(f"stock position {position} is not a face-down stock card")
        j = stock.index(card, position, self.face_down_end())
        stock[position], stock[j] = stock[j], stock[position]
        names = self.deck.names
        if names[stock[position]] != names[stock[j]]:  # a twin of a double pack changes nothing
            deal = self.deals[-1]
            listed = list(deal["stock"])  # a new list: clones share the deal
            listed[position], listed[j] = listed[j], listed[position]
            self.deals[-1] = {**deal, "stock": listed}

    @classmethod
    def stock_turned_at_deal_start(cls, rules) -> int:
        """How many stock cards a deal turns as it starts, before any decision (a trump turned
        from the top of the stock): they are the first of the deal's stock."""
        return 1 if rules.trump.initial == "stock-top" else 0

    def queue_deal(self, deal: dict | None) -> None:
        """The next deal to be dealt: a deal as records list them, or None for a placeholder
        (dealt from seed 0) where the next deal does not matter yet."""
        if deal is None:
            self.seed = 0
            return
        self.given_deals = self.given_deals + [self._check_deal(len(self.given_deals), deal)]

    def deal_later_from(self, seed: int) -> None:
        """Deals after those dealt so far come from ``seed``, not from any queued or the real
        seed (a sampled world must not know them)."""
        self.seed = seed
        self.given_deals = list(self.deals)

    def deal_due(self) -> bool:
        """Whether the state waits for its next deal (``deal_gate`` paused it)."""
        return bool(self.deal_paused)

    def _deal_waits(self) -> bool:
        """At the start of a deal: whether ``deal_gate`` pauses it (see the module docstring)."""
        if self.deal_gate is None or len(self.deals) < len(self.given_deals) or self.deal_gate():
            return False
        self.deal_paused = True
        return True

    def next_deal_dealer(self) -> int:
        """The dealer of the next deal: the same after a void deal (deal_again), else the next seat."""
        if self.next_dealer is not None:
            return self.next_dealer
        return self.table.next(self.deals[-1]["dealer"])

    def hidden_in_hands(self, seat: int) -> dict[int, int]:
        """Per other seat, the cards in its hand that ``seat`` has not seen (bit masks)."""
        return {q: self.hands[q] & ~self.known[q] for q in range(self.n) if q != seat}

    def unseen_apart(self, seat: int) -> int:
        """Cards lying apart face down that ``seat`` has not seen: the widow before it is
        turned, the declarer's discards to everyone but him."""
        return self.widow if seat != self.declarer or "discards" not in self.rounds[-1] else 0

    def widow_turned(self) -> bool:
        """Whether this deal's widow has been turned face up (shown to all)."""
        return self.rounds[-1].get("widow") is not None

    def void_mask(self, seat: int) -> int:
        """The cards of the suits ``seat`` is known to lack."""
        mask = 0
        for suit in self.voids[seat]:
            mask |= self.deck.suit_masks[suit]
        return mask

    def melds_shown_from_dealt_hands(self) -> dict[int, tuple[int, bool]]:
        """The seats whose best set of melds has been shown this deal from their hands as dealt,
        with the points shown and whether the widow had joined that hand: each seat as it plays
        to the first trick (a trick phase's ``show_melds``), the declarer after taking the widow
        (a ``show-melds`` phase). What such a hand holds unseen can make no better set: a redraw
        must keep that."""
        seats: dict[int, bool] = {}
        if self.cphase.shows_at_first_play:
            seats.update(dict.fromkeys(self.table.seats if self.tricks_played else self.trick_seats, False))
        shown_phase = next((i for i, p in enumerate(self.rules.phases) if p.kind == "show-melds"), None)
        if shown_phase is not None and self.declarer is not None and self.phase > shown_phase:
            seats[self.declarer] = self.rules.deal.widow > 0
        points = dict.fromkeys(seats, 0)
        for meld in self.meld_log:
            if meld["player"] in points:
                points[meld["player"]] += meld["points"]
        return {q: (points[q], with_widow) for q, with_widow in seats.items()}
