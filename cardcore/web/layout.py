"""Where things lie on the web table: each seat around it as a card player sits (the seat shown at
the bottom, the others left, top and right in the order of play), the melds in front of their
owner, and which of the text model's table facts the picture does not already show."""

from __future__ import annotations

from collections import Counter

from ..players import LEVELS, level_bot
from ..text.facts import game_grid, game_over_line, round_grid, score_grid
from ..text.lines import is_card

# The other seats by where they sit from the bottom one, in the order of play: the next seat is
# on the left, as the text model's West (cardcore.text.lines.POSITIONS).
PLACES = {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}


def seat_places(order: list[int]) -> dict[int, str]:
    """The place of each seat, from ``order`` (the seats in the order of play from the one shown
    at the bottom); at a table of more than four, the others all sit along the top."""
    me, others = order[0], order[1:]
    named = PLACES.get(len(order), ("top",) * len(others))
    return {me: "bottom", **dict(zip(others, named))}


def shows_melds(rules) -> bool:
    """Are melds shown from the hand (their cards go back into it) rather than laid on the table?
    Then the table draws each meld shown as its cards; otherwise the cards lying on the table."""
    return any(p.kind == "show-melds" or getattr(p, "show_melds", None) is not None for p in rules.phases)


def melds_of(obs: dict, seat: int) -> list[dict]:
    return [m for m in obs["melds"] if m["player"] == seat]


def known_beyond_melds(obs: dict, seat: int) -> list[str]:
    """The cards known to be in ``seat``'s hand that its melds shown do not already show."""
    left = Counter(obs["known_in_hand"].get(str(seat)) or [])
    for m in melds_of(obs, seat):
        left -= Counter(m["cards"])
    return list(left.elements())


def sheet_rows(rows: list[tuple[str, list]], names, order: list[int]) -> list[tuple[str, list]]:
    """The table facts that the picture of the table leaves out (bids, contract, the last trick,
    melds declared, points earned...): not each seat's hand, standing, table or the trick, which
    the seats, the score sheet and the middle of the table show."""
    shown = {"Trick", "Your hand", "Your table"}
    for seat in order:
        whose = names.possessive(seat)
        shown |= {names(seat), f"{whose} table", f"{whose} hand"}
    return [(label, line) for label, line in rows if label not in shown]


class LockedCopies:
    """How many copies of each card in a hand no move may use because a meld shown holds them;
    ``take(card)`` tells, copy by copy as the hand is drawn, whether this copy is one of them."""

    def __init__(self, counts: Counter):
        self.left = counts
        self.total = sum(counts.values())

    def take(self, card: str) -> bool:
        if self.left[card] > 0:
            self.left[card] -= 1
            return True
        return False


def locked_copies(obs: dict, legal: list[str], seat: int, shown: bool) -> LockedCopies:
    """Where melds are shown from the hand and the seat now lays cards aside or declares them
    (a discard: no card is played), the copies of its cards in its melds shown that none of its
    legal moves takes: the rules keep them in the hand (a discard of cards "which have not been
    used in melds")."""
    card_moves = [a.split()[1:] for a in legal if not a.startswith("play ") and len(a.split()) > 1
                  and all(is_card(w) for w in a.split()[1:])]
    if not shown or not card_moves or any(a.startswith("play ") for a in legal):
        return LockedCopies(Counter())
    usable: Counter = Counter()
    for words in card_moves:
        usable |= Counter(words)  # the most copies of each card that one move takes
    melded = {c for m in melds_of(obs, seat) for c in m["cards"]}
    held = Counter(obs["hand"])
    return LockedCopies(Counter({c: held[c] - usable[c] for c in melded if held[c] > usable[c]}))


def level_choices(game, spec: str) -> list[tuple[str, str, bool]]:
    """The bot levels a seat may be given from the table, as (level, its bot, chosen): chosen
    where the seat's bot ``spec`` is that level's."""
    return [(level, level_bot(level, game), level_bot(level, game) == spec) for level in LEVELS]


# what the table's template draws with
TABLE_LAYOUT = {"seat_places": seat_places, "shows_melds": shows_melds, "melds_of": melds_of, "known_beyond_melds": known_beyond_melds,
                "sheet_rows": sheet_rows, "locked_copies": locked_copies, "game_over_line": game_over_line,
                "game_grid": game_grid, "score_grid": score_grid, "round_grid": round_grid,
                "level_choices": level_choices}
