"""Cards drawn as small SVG pictures: corner index, suit symbol, red or black; and a card's back.

Drawn here rather than shipped as images so that every deck a rules file names (any ranks of the
four suits) is covered, and so that the pictures scale from a phone to a desktop.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..cards import RANK_NAMES, SUIT_NAMES, SYMBOL_OF_SUIT

RED_SUITS = {"H", "D"}
RANK_LABELS = {"T": "10"}


def card_label(name: str) -> str:
    """Words for a screen reader and a tooltip: ``queen of spades (QS)``."""
    rank, suit = name[0], name[1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES.get(suit, suit)} ({name})"


def card_svg(name: str) -> Markup:
    """A card face, e.g. ``card_svg("QS")``; its title names the card in words."""
    rank, suit = name[0], name[1]
    colour = "#b3121b" if suit in RED_SUITS else "#111"
    index = escape(RANK_LABELS.get(rank, rank))
    symbol = SYMBOL_OF_SUIT.get(suit, suit)
    return Markup(
        f'<svg class="card-face" viewBox="0 0 60 84" role="img" aria-label="{escape(card_label(name))}">'
        f"<title>{escape(card_label(name))}</title>"
        '<rect x="1" y="1" width="58" height="82" rx="5" fill="#fffdf7" stroke="#555"/>'
        f'<g fill="{colour}" font-family="Georgia, serif">'
        f'<text x="5" y="17" font-size="15" font-weight="bold">{index}</text>'
        f'<text x="5" y="31" font-size="13">{symbol}</text>'
        f'<text x="30" y="57" font-size="30" text-anchor="middle">{symbol}</text>'
        f'<text x="55" y="79" font-size="15" font-weight="bold" text-anchor="end">{index}</text>'
        "</g></svg>")


def back_svg() -> Markup:
    """A card seen from the back (a hand held by another seat, the stock)."""
    return Markup(
        '<svg class="card-back" viewBox="0 0 60 84" role="img" aria-label="a card, face down">'
        '<rect x="1" y="1" width="58" height="82" rx="5" fill="#24507a" stroke="#555"/>'
        '<rect x="6" y="6" width="48" height="72" rx="3" fill="none" stroke="#e8d9a8" stroke-width="1.5"/>'
        '<path d="M30 14 L48 42 L30 70 L12 42 Z" fill="none" stroke="#e8d9a8" stroke-width="1.5"/>'
        "</svg>")
