"""Decks of several packs: identical cards are distinct physical cards with one name."""

import random

from cardcore.game import TrickGame, read_rules

RULES = """
schema: 1
game: twopack
meta: {title: Two packs, summary: a test game, sources: {T: this test}}
players: 2
deck: {ranks: [Q, K, A], suits: [S, H], packs: 2, source: T}
counters: {aces: {ranks: [A], source: T}}
deal: {hand_size: 3, source: T}
trump: {source: T}
phases:
  - name: draw
    until: stock-empty
    follow: ftr
    after_trick:
      - {step: draw, who: winner, source: T}
      - {step: draw, who: loser, source: T}
    source: T
  - {name: end, until: hands-empty, follow: FTR, source: T}
scoring:
  - {kind: per-card, counter: aces, points: 1, label: aces, source: T}
game_end: {rounds: 1, source: T}
"""


class TwoPackGame(TrickGame):
    name = "twopack"
    title = "Two packs"

    @classmethod
    def rules_source(cls):
        return read_rules(RULES, "twopack.yaml", cls.name)


DEAL = {"dealer": 1, "hands": [["QS", "QS", "KS"], ["AS", "AS", "KH"]],
        "stock": ["KS", "QH", "QH", "KH", "AH", "AH"]}


def test_identical_cards_in_a_deal_are_both_dealt():
    state = TwoPackGame().new_game(deals=[DEAL])
    assert state.hands[0].bit_count() == 3 and state.hands[1].bit_count() == 3
    assert state.legal_actions() == ["play KS", "play QS"]  # one action per name


def test_a_two_pack_game_plays_out_and_replays():
    game = TwoPackGame()
    state = game.new_game(deals=[DEAL])
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert sum(state.counter_counts("aces")) == 4  # two packs: four aces
    assert sum(state.scores) == 4
    record = state.record()
    assert record["deals"][0] == DEAL
    game_replayed = TwoPackGame().new_game(seed=record["seed"], deals=record["deals"])
    for action in record["actions"]:
        game_replayed.apply(action)
    assert game_replayed.summary() == state.summary()
