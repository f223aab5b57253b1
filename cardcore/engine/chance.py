"""Chance: the cards still to come from the stock, and the deals still to come, as a public
interface for whoever wants to choose them as chance outcomes (the OpenSpiel adapter) or redraw
them (``determinize``).

A state deals from a deal fixed in advance (the record's, or one drawn from the seed). The
stock's face-down cards not yet drawn are :meth:`face_down_stock`; :meth:`fix_stock_card` makes a
chosen one of them the card drawn at a given position, which is what a chance node's outcome
does. :meth:`queue_deal` gives the next deal (records list deals as before).
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
        ``position`` (it changes places with the card there)."""
        stock = self.stock
        if not 0 <= position < self.face_down_end():
            raise ValueError(f"stock position {position} is not a face-down stock card")
        j = stock.index(card, position, self.face_down_end())
        stock[position], stock[j] = stock[j], stock[position]

    def queue_deal(self, deal: dict | None) -> None:
        """The next deal to be dealt: a deal as records list them, or None for a placeholder
        (dealt from seed 0) where the next deal does not matter yet."""
        if deal is None:
            self.seed = 0
            return
        self.given_deals = self.given_deals + [self._check_deal(len(self.given_deals), deal)]
