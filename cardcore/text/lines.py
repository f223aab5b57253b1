"""Lines of text with marked-up parts, rendered plain (canonical notation) or rich (symbols, colour).

The text model builds what it says as lists of parts: plain strings, and marked values — a card,
points scored, muted text (sources), strong text. ``plain()`` gives the stable text of the
contracts (cards as ``QS``, ``TH``); the rich view styles each kind of part.
"""

from __future__ import annotations

from typing import Iterable, Union

from ..cards import SUIT_NAMES


class Card(str):
    """A canonical card name (``QS``) inside a line."""


class Suit(str):
    """A suit letter: ``H (hearts)`` in plain text, ``♥ hearts`` in colour."""


class Points(int):
    """Points scored, shown as ``+N``."""


class Muted(str):
    """Secondary text: sources, explanations in brackets."""


class Strong(str):
    """Text to stand out: names of melds, outcomes."""


Part = Union[str, Card, Suit, Points, Muted, Strong]
Line = list  # of Part


def cards(names: Iterable[str], empty: str = "-") -> Line:
    """Card names separated by spaces, or ``empty`` when there are none."""
    out: Line = []
    for name in names:
        if out:
            out.append(" ")
        out.append(Card(name))
    return out or [empty]


def joined(lines: Iterable[Line], sep: str = ", ") -> Line:
    out: Line = []
    for line in lines:
        if out:
            out.append(sep)
        out.extend(line)
    return out


def plain(line: Line | str) -> str:
    """A line as plain text, cards in the canonical notation of the contracts."""
    if isinstance(line, str):
        return line
    return "".join(_plain_part(p) for p in line)


def _plain_part(part) -> str:
    if isinstance(part, Suit):
        return f"{part} ({SUIT_NAMES[part]})"
    if isinstance(part, Points):
        return f"+{int(part)}" if part >= 0 else str(int(part))
    return str(part)


def card_actions(action: str) -> Line:
    """An action string with its cards marked: ``meld QH JS`` -> ["meld ", QH, " ", JS]."""
    verb, *rest = action.split()
    out: Line = [verb]
    for word in rest:
        out += [" ", Card(word) if is_card(word) else word]
    return out


def is_card(word: str) -> bool:
    return len(word) == 2 and word[0] in "23456789TJQKA" and word[1] in "SHDC"


class Grid:
    """A small table: a title, column headers, rows of cells; rows after ``rule_before`` are totals."""

    def __init__(self, title: Line | str, header: list[str], rows: list[list], rule_before: int | None = None):
        self.title = title
        self.header = header
        self.rows = rows
        self.rule_before = rule_before


# The other seats of a person's game at a bigger table, by where they sit from the person (South),
# in the order of play: the next seat is on the person's left (West).
POSITIONS = {3: ("West", "East"), 4: ("West", "North", "East")}


def seat_names(n: int, me: int | None = None, table=None) -> "Names":
    """What to call each seat of a table of ``n``: "You" and "Bot" for a person against one bot;
    at a bigger table "You" and the others by position from you (West, North, East), or "Bot 1"..
    beyond four; "Seat 0".. when nobody plays (watching). ``table`` (a :class:`cardcore.seats.Table`)
    lets the names say who plays with whom."""
    if me is None:
        return Names([f"Seat {s}" for s in range(n)], table=table)
    if n == 2:
        return Names(["You" if s == me else "Bot" for s in range(n)], me=me, table=table)
    others = POSITIONS.get(n) or tuple(f"Bot {k}" for k in range(1, n))
    names = [""] * n
    for k, seat in enumerate((me + i) % n for i in range(n)):
        names[seat] = "You" if k == 0 else others[k - 1]
    return Names(names, me=me, table=table)


class Names:
    """What to call each seat: "You" and "Bot" for a person's game, "Seat 0".. when watching
    (see :func:`seat_names`); with ``table``, who plays with whom."""

    def __init__(self, names: list[str], me: int | None = None, table=None):
        self.names = names
        self.me = me
        self.table = table

    @property
    def partnerships(self) -> bool:
        """Do some seats play together (fixed sides of more than one seat)?"""
        return self.table is not None and any(len(side) > 1 for side in self.table.sides)

    def side(self, index: int) -> str:
        """A side in words, by its seats: "You and North", "West and East"."""
        seats = self.table.sides[index]
        if self.me is not None:  # in the order of play from you: you first, then West...
            seats = sorted(seats, key=lambda s: (s - self.me) % self.table.n)
        return " and ".join(self(s) for s in seats)

    def per_side(self, values) -> str:
        """One value per side in words: ``You and North 120, West and East 80``."""
        return ", ".join(f"{self.side(i)} {v}" for i, v in enumerate(values))

    def team(self, seat: int) -> str:
        """The seat, or its side where seats play together: who wins or scores with it."""
        if self.partnerships and len(self.table.side_seats[seat]) > 1:
            return self.side(self.table.side_of(seat))
        return self(seat)

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    def you(self, seat: int) -> bool:
        return seat == self.me

    def verb(self, seat: int, base: str) -> str:
        """``play`` for you, ``plays`` for another seat (first word of a phrasal verb)."""
        if self.you(seat):
            return base
        first, _, rest = base.partition(" ")
        first += "es" if first.endswith(("s", "sh", "ch", "x")) else "s"
        return f"{first} {rest}" if rest else first

    def subject(self, seat: int, base: str) -> str:
        return f"{self(seat)} {self.verb(seat, base)}"

    def winners(self, result: dict) -> str:
        """Who won a finished game, with its verb: ``You win``, ``You and North win``, and with
        three sides or more every side that shares the highest total (``result["winners"]``):
        ``West and East win``."""
        seats = sorted(result.get("winners") or [result["winner"]], key=lambda s: (s - (self.me or 0)) % len(self.names))
        first_of_side = {}  # one seat per winning side, in the order of play from you
        for s in seats:
            first_of_side.setdefault(self.table.side_of(s) if self.table is not None else s, s)
        if len(first_of_side) > 1:
            return " and ".join(self.team(s) for s in first_of_side.values()) + " win"
        winner = result["winner"]
        if self.partnerships:  # the side wins, and its total is each partner's
            who = self.team(winner)
            return who + (" win" if " and " in who else " wins")
        return self.subject(winner, "win")

    def possessive(self, seat: int) -> str:
        return "Your" if self.you(seat) else f"{self(seat)}'s"

    def per_seat(self, values) -> str:
        """One value per seat in words, ``You 34, Bot 72``, not a Python list."""
        return ", ".join(f"{self(s)} {v}" for s, v in enumerate(values))
