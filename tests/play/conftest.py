"""Positions for the play tests, built from hand-made Penchant deals (rules/penchant.yaml cites
Kandell "K": the non-dealer leads, free play in the Gathering, the winner may declare one meld,
then draws; blocking by the opponent's elder sets) and found by seeded random play for the others.
"""

from __future__ import annotations

import random

from helpers import build_deal

from cardcore import load_game

PENCHANT_DECK = [r + s for s in "SHDC" for r in "AKQJT987"]


def penchant_state(hand0, hand1, actions=(), stock_top=(), dealer=0, options=None):
    """A one-round Penchant game from a hand-made deal, after ``actions``."""
    deal = build_deal(PENCHANT_DECK, [hand0, hand1], stock_top, dealer)
    state = load_game("penchant", {"rounds": 1, **(options or {})}).new_game(deals=[deal])
    for action in actions:
        state.apply(action)
    return state


# Seat 0 deals, so seat 1 leads the ace of clubs; seat 0 is to play to it.
FOLLOW = dict(hand0="7S 8S 9S TS 7H 8H", hand1="JS QH KD AC 9C 9D", stock_top=["JH", "QS"],
              actions=["play AC"])
# Seat 1 won that trick (7H does not follow and there is no trump) and may declare one meld.
DECLARE = dict(FOLLOW, actions=["play AC", "play 7H"])
# Seat 1 wins the first trick and melds twins of kings, an elder set; seat 0 wins the second
# and holds twins of nines, a minor set of equal score and lower rank: blocked (K, Blocking).
# The besito QD JD keeps seat 0's declaration turn from being skipped.
BLOCKED = dict(hand0="9S 9H QD JD AD 7C", hand1="AS KS KH 8H 8S 7D", stock_top=["8D", "7S"],
               actions=["play AS", "play 7C", "meld KS KH", "play 7D", "play AD"])


def follow_state():
    return penchant_state(**FOLLOW)


def declare_state():
    return penchant_state(**DECLARE)


def blocked_state():
    return penchant_state(**BLOCKED)


def find_state(game: str, options: dict, predicate, seeds=range(200), rng_seed=0):
    """The first state, over seeded games played at random, for which ``predicate`` holds."""
    g = load_game(game, options)
    for seed in seeds:
        state = g.new_game(seed=seed)
        rng = random.Random(rng_seed + seed)
        while not state.is_terminal():
            if predicate(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {game} state found for {predicate}")
