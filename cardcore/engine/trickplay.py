"""Trick play: the cards a seat holds and may play now, the points of a trump played, and what
a card played under an obligation shows of a hand (its voids). A card played and a trick won
are :mod:`.moves`'; the steps after a trick and the phases' course, :mod:`.flow`'s.
"""

from __future__ import annotations

from ..cards import iter_bits
from ..tricks import legal_plays
from .scoring import score


def holding(state, seat: int) -> int:
    return state.hands[seat] | state.tableaus[seat]


def playable(state, seat: int) -> int:
    return state.hands[seat] | state.tableaus[seat] if state.cphase.from_tableau else state.hands[seat]


def legal_mask(state, seat: int) -> int:
    """The cards ``seat`` may play now, a bit set."""
    return legal_plays(state.cphase.deck, state.cphase.follow, playable(state, seat), state.trick, state.trump)


def legal_cards(state, seat: int) -> list[int]:
    return state.deck.sorted_cards(iter_bits(legal_mask(state, seat)))


def score_trump_played(state, seat: int, card: int, bit: int) -> None:
    """The turn-up's rank in trumps scores when played (e.g. the seven), once a deal."""
    game = state.game
    if (state.trump is not None and not state.scored_specials & bit
            and state.deck.rank_of[card] == game.compiled.play_points_rank and state.deck.suit_of[card] == state.trump):
        state.scored_specials |= bit
        score(state, seat, state.rules.turnup.play_points, "trump seven played", {"card": state.deck.names[card]})


def note_voids(state, seat: int, card: int, rule) -> None:
    """What an opponent learns from a card played under an obligation (for determinize)."""
    if not state.trick:
        return
    led = state.deck.suit_of[state.trick[0]]
    suit = state.deck.suit_of[card]
    if suit != led and (rule.follow or (rule.follow_or_trump and suit != state.trump)):
        state.voids[seat].add(led)
        if rule.trump and state.trump is not None and suit != state.trump:
            state.voids[seat].add(state.trump)


def next_step(state):
    """The after-trick step due next (its rule, e.g. ``.step == "draw"``), or None."""
    return state.pending[0][0].rule if state.pending else None
