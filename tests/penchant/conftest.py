"""Helpers for the Penchant scenario tests: exact deals, tricks played card by card.

Sources cited in the tests:
  K   = /work/shared/seeds/penchant-kandell.txt (line numbers of that file)
  CS  = /work/shared/seeds/penchant-cheat-sheet.txt
  RM  = /work/shared/research/rules.md
  YML = rules/penchant.yaml (its `notes:` record the documented choices for open questions)

Seat 0 is the non-dealer (dealer=1) and leads the first trick (K l.45, CS l.23).
After a phase-one trick: winner may declare, winner draws, (loser may declare a penchant if the
winner declared nothing), loser draws (K l.87, RM §2.3).
"""

from __future__ import annotations

import pytest

from cardcore import IllegalAction, load_game
from helpers import build_deal, cards, last, play  # noqa: F401  (re-exported to the tests)

SUITS = "SHDC"
RANKS = "AKQJT987"  # high to low: the canonical order of cards in actions
DECK = [r + s for s in SUITS for r in RANKS]


def game(options=None, rounds=1):
    return load_game("penchant", options={"rounds": rounds, **(options or {})})


def deal(hand0, hand1, stock_top=(), dealer=1, rest_order=None) -> dict:
    """A full 32-card deal: the given hands, the stock starting with ``stock_top`` (drawn first:
    stock_top[0] by the first trick's winner, stock_top[1] by its loser, ...), then the rest of
    the deck in canonical order (or ``rest_order``)."""
    return build_deal(DECK, [hand0, hand1], stock_top, dealer, hand_size=6, rest=rest_order)


def new_state(hand0, hand1, stock_top=(), options=None, dealer=1, rounds=1, seed=None):
    g = game(options, rounds)
    return g.new_game(seed=seed, deals=[deal(hand0, hand1, stock_top, dealer)])


def names(s, mask) -> list[str]:
    return s.deck.names_of(mask)


def trump_suit(s):
    return None if s.trump is None else s.deck.suits[s.trump]


def declaring(s) -> str | None:
    """'winner' or 'loser' when a declaration decision is due, else None."""
    if s.result is not None or s.decision != "declare":
        return None
    return s.declare_step().who


def declare(s, action) -> None:
    action = action if action.split()[0] in ("meld", "pass", "jail-free") else "meld " + action
    s.apply(action)


def settle(s) -> None:
    """Pass at every declaration turn now due (winner's, then loser's)."""
    while declaring(s):
        s.apply("pass")


def trick(s, lead, follow, winner=None, meld=None, loser_meld=None) -> int:
    """Play a trick, then the winner declares ``meld`` (else passes) and the loser declares
    ``loser_meld`` (else passes)."""
    won = play(s, lead, follow, winner)
    if meld is not None:
        assert declaring(s) == "winner", f"no winner's declaration turn; legal: {s.legal_actions()}"
        declare(s, meld)
    elif declaring(s) == "winner":
        s.apply("pass")
    if loser_meld is not None:
        assert declaring(s) == "loser", f"no loser's declaration turn; legal: {s.legal_actions()}"
        declare(s, loser_meld)
    settle(s)
    return won


def illegal(s, action) -> str:
    """The reason the engine gives for refusing ``action`` (fails if it is accepted)."""
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    return info.value.reason


def refusal(s, seat, meld_cards):
    """Why ``seat`` may not declare these cards now (None if it may), from the state's own rules."""
    mask = s.deck.mask_of_names(cards(meld_cards), s.holding(seat))
    assert mask is not None, f"seat {seat} does not hold {meld_cards}"
    for meld, why in s.meld_options(seat):
        if meld.mask == mask:
            return why
    raise AssertionError(f"{meld_cards} is not a meld with a fresh card for seat {seat}")


# ---------------------------------------------------------------- whole scripted rounds
def scripted_deal(initial, plays, final, winners, dealer=1) -> dict:
    """A deal in which phase one goes exactly as scripted.

    ``initial``: the two starting hands; ``plays``: ten (seat-0 card, seat-1 card) pairs, one per
    phase-one trick; ``final``: the two hands at the start of phase two (tableau cards included);
    ``winners``: the expected winner of each of the ten tricks. Each seat draws the cards it
    plays later, then its phase-two cards; the stock interleaves winner's and loser's draws.
    """
    initial = [cards(h) for h in initial]
    final = [cards(h) for h in final]
    draws = []
    for p in (0, 1):
        played = [pair[p] for pair in plays]
        assert set(initial[p]) <= set(played) | set(final[p])
        need = [c for c in played if c not in initial[p]] + [c for c in final[p] if c not in initial[p]]
        assert len(need) == 10, (p, need)
        for j, c in enumerate(played):
            if c in need:  # drawn after trick need.index(c) (0-based), so playable from the next
                assert need.index(c) < j, f"seat {p} cannot have {c} by trick {j + 1}"
        draws.append(need)
    stock = []
    for k, w in enumerate(winners):
        stock += [draws[w][k], draws[1 - w][k]]
    d = {"dealer": dealer, "hands": initial, "stock": stock}
    assert sorted(initial[0] + initial[1] + stock) == sorted(DECK)
    return d


def play_gathering(s, plays, winners, melds=None) -> None:
    """Play the ten scripted phase-one tricks; ``melds`` maps a trick index (0-based) to the
    winner's declaration, every other declaration turn is passed."""
    melds = melds or {}
    for k, pair in enumerate(plays):
        leader = s.current_player
        trick(s, pair[leader], pair[1 - leader], winners[k], meld=melds.get(k))


def play_out(s) -> None:
    """Finish the current round (phase two) taking the first legal action each time."""
    start = len(s.rounds)
    while s.result is None and len(s.rounds) == start:
        s.apply(s.legal_actions()[0])


# ---------------------------------------------------------------- a position at the Meal
# Phase one: seat 0 wins tricks 1-9, seat 1 wins the 10th. After trick 1 seat 0 declares the
# penchant JS QH (trump spades, K l.89) and keeps it on the table to the end of phase one.
# No other declaration is made. Phase-two hands (table cards returned, K l.115):
MEAL_HANDS = ("JS 7S QH 8H KC 9C", "9S 9H AD 7D TC 8C")
MEAL_INITIAL = ("AS KS QS AH JS QH", "8S TS JH TH 7H 7C")
MEAL_PLAYS = [  # (seat 0, seat 1); seat 0 leads tricks 1-10
    ("AS", "8S"), ("KS", "TS"), ("QS", "JH"), ("AH", "TH"), ("KH", "7H"),
    ("AC", "7C"), ("QC", "JC"), ("KD", "JD"), ("QD", "TD"), ("8D", "9D"),
]
MEAL_WINNERS = [0] * 9 + [1]


def meal_position(options=None, penchant=True):
    """The state at the first decision of phase two (seat 1 to lead)."""
    d = scripted_deal(MEAL_INITIAL, MEAL_PLAYS, MEAL_HANDS, MEAL_WINNERS)
    s = game(options).new_game(deals=[d])
    play_gathering(s, MEAL_PLAYS, MEAL_WINNERS, melds={0: "JS QH"} if penchant else {})
    return s
