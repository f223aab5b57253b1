"""The text model's lines and grids (``cardcore.text.lines``) as HTML: the same words as the
terminal, cards inline with their suit symbol in red or black."""

from __future__ import annotations

from markupsafe import Markup, escape

from ..cards import SUIT_NAMES, SYMBOL_OF_SUIT
from ..text.lines import Card, Grid, Line, Muted, Points, Strong, Suit, is_card
from .cards import RED_SUITS, card_label


def inline_card(name: str) -> Markup:
    suit = name[1]
    colour = "red" if suit in RED_SUITS else "black"
    rank = "10" if name[0] == "T" else name[0]
    return Markup(f'<span class="c {colour}" title="{escape(card_label(name))}" data-card="{escape(name)}">'
                  f"{escape(rank)}{SYMBOL_OF_SUIT.get(suit, escape(suit))}</span>")


def part_html(part) -> Markup:
    if isinstance(part, Card):
        return inline_card(str(part))
    if isinstance(part, Suit):
        colour = "red" if part in RED_SUITS else "black"
        return Markup(f'<span class="c {colour}">{SYMBOL_OF_SUIT.get(part, "")}</span> '
                      f"{escape(SUIT_NAMES.get(part, part))}")
    if isinstance(part, Points):
        return Markup('<span class="pts">{}</span>').format(f"+{int(part)}" if part >= 0 else str(int(part)))
    if isinstance(part, Muted):
        return Markup('<span class="muted">{}</span>').format(str(part))
    if isinstance(part, Strong):
        return Markup("<strong>{}</strong>").format(str(part))
    return escape(str(part))


def action_html(action: str) -> Markup:
    """A move as its button reads: its cards drawn inline, a suit as its symbol (``trump S``:
    trump ♠ spades), other words as they are typed."""
    verb, *words = action.split()
    parts: Line = [verb]
    for word in words:
        parts += [" ", Card(word) if is_card(word) else Suit(word) if word in SYMBOL_OF_SUIT else word]
    return line_html(parts)


def line_html(line: Line | str) -> Markup:
    if isinstance(line, str):
        return escape(line)
    return Markup("").join(part_html(p) for p in line)


def grid_html(g: Grid) -> Markup:
    """A grid as a table; the totals below ``rule_before`` set apart."""
    out = [Markup('<table class="grid"><thead><tr>')]
    out += [Markup("<th>{}</th>").format(line_html(h)) for h in g.header]
    out.append(Markup("</tr></thead><tbody>"))
    for k, row in enumerate(g.rows):
        total = g.rule_before is not None and k >= g.rule_before
        out.append(Markup('<tr class="total">' if total else "<tr>"))
        out += [Markup("<td>{}</td>").format(line_html(c)) for c in row]
        out.append(Markup("</tr>"))
    out.append(Markup("</tbody></table>"))
    return Markup("").join(out)
