"""The legal moves in words, for the terminal and the web alike: numbered, a verb's many moves
summed up in one line where they are too many to read, and what each would do now.
"""

from __future__ import annotations

from .lines import Line, Muted, Points, Strong, Suit, card_actions, cards, joined, plain
from .moves import Preview

MOVES_LISTED = 40  # longer lists of moves (a discard of three from fifteen: 455) are summed up by verb


def move_entries(legal: list[str]) -> list[tuple[str, str]]:
    """The moves as (number, action) to print, in plain text (see :func:`move_lines`)."""
    return [(number, plain(line)) for number, line in move_lines(legal)]


def move_lines(legal: list[str]) -> list[tuple[str, Line]]:
    """The moves as (number, action) to print: all of them, or where there are more than
    MOVES_LISTED, each verb with many moves once, as what its moves take and how many there are
    ("[1-455] discard 3 of 9S 9H JD … (455 ways: type discard and the cards)")."""
    return [(number, summary) for number, summary, _ in _entries(legal, lambda action: [])]


def preview_entries(previews: list[Preview]) -> list[tuple[str, Line, Line]]:
    """The moves of ``?`` as (number, action, what it does now): each one, except that where the
    moves are too many to read, a verb's many moves that all do the same (a discard: nothing
    until the play) are one line, as in :func:`move_entries`."""
    done = {p.action: preview_text(p) for p in previews}
    return _entries([p.action for p in previews], lambda action: done[action])


def _entries(legal: list[str], does) -> list[tuple[str, Line, Line]]:
    if len(legal) <= MOVES_LISTED:
        return [(f"[{i}]", card_actions(a), does(a)) for i, a in enumerate(legal, start=1)]
    by_verb: dict[str, list[int]] = {}
    for i, a in enumerate(legal, start=1):
        by_verb.setdefault(a.split()[0], []).append(i)
    out = []
    for verb, numbers in by_verb.items():
        actions = [legal[i - 1] for i in numbers]
        effects = {plain(does(a)) for a in actions}
        if len(numbers) > 8 and len(effects) == 1:
            out.append((f"[{numbers[0]}-{numbers[-1]}]", _many_moves(verb, actions), does(actions[0])))
        else:
            out += [(f"[{i}]", card_actions(legal[i - 1]), does(legal[i - 1])) for i in numbers]
    return out


def _many_moves(verb: str, actions: list[str]) -> Line:
    """One verb's many moves in a line: the range of amounts of a bid, or the cards to choose
    from (each as often as it may be chosen) and how many at a time."""
    args = [a.split()[1:] for a in actions]
    ways = f"{len(actions)} ways"
    if all(len(a) == 1 and a[0].isdigit() for a in args):  # bids: a range of amounts
        values = [int(a[0]) for a in args]
        return [f"{verb} {min(values)} to {max(values)} ({ways}: type {verb} N, or the amount)"]
    most: dict[str, int] = {}  # each card, as many times as one move takes it
    for a in args:
        for card in set(a):
            most[card] = max(most.get(card, 0), a.count(card))
    offered = [card for card in dict.fromkeys(c for a in args for c in a) for _ in range(most[card])]
    sizes = sorted({len(a) for a in args})
    size = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
    return [f"{verb} {size} of ", *cards(offered), f" ({ways}: type {verb} and the cards)"]


def preview_text(p: Preview) -> Line:
    line: Line = []
    if p.outcome:
        line.append(Strong(f"{p.outcome} the trick"))
    if p.points:
        what = joined([[Muted(w) if type(w) is str else w for w in said] for said in p.scored_lines], Muted(", "))
        line += ([", "] if line else []) + [Points(p.points), Muted(" ("), *what, Muted(")")]
    if p.trump is not None:
        line += ([", "] if line else []) + (["cancels trump"] if p.trump == "" else ["trump becomes ", Suit(p.trump)])
    if p.note:
        line += ([", "] if line else []) + [p.note]
    return line
