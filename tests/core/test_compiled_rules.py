"""The rules read once at load (cardcore.engine.compiled) say what the rules files say, and the
engine's quiet fast path (events off) plays the same games as the logged one."""

import random

import pytest
from helpers import random_moves

from cardcore import load_game
from cardcore.cards import bits


def _steps(plan):
    return [(step.kind, seat) for step, seat, _ in plan]


def test_penchant_s_gathering_plan_is_the_winner_s_turn_and_draw_then_the_loser_s():
    # K, Phase one: the winner may declare one meld, draws, the loser may declare a penchant if
    # the winner declared nothing, then draws
    game = load_game("penchant")
    gathering, meal = game.compiled_phases
    assert _steps(gathering.plans[0]) == [("declare", 0), ("draw", 0), ("declare", 1), ("draw", 1)]
    assert _steps(gathering.plans[1]) == [("declare", 1), ("draw", 1), ("declare", 0), ("draw", 0)]
    winner_turn, _, loser_turn, _ = gathering.steps
    assert (winner_turn.max_melds, winner_turn.allowed, winner_turn.winner_passed_only) == (1, None, False)
    assert (loser_turn.allowed, loser_turn.winner_passed_only) == (frozenset({"penchant"}), True)
    assert gathering.until_stock_empty and gathering.free and gathering.from_tableau
    # K, End Game: no melds, no draws; must follow, trump when void, win when able
    assert meal.plans == ((), ()) and not meal.until_stock_empty
    assert meal.follow.letters == "FTR" and meal.shows_voids


def test_a_winner_only_declaration_variation_takes_the_penchant_from_the_winner_s_turn():
    # K, Variations: penchants are declared only by the loser when the winner declares nothing
    game = load_game("penchant(penchant_only_when_winner_passes=true)")
    winner_turn = game.compiled_phases[0].steps[0]
    assert "penchant" not in winner_turn.allowed and "twins" in winner_turn.allowed


def test_a_played_card_takes_the_plain_path_only_where_no_rarer_rule_applies():
    assert load_game("penchant").compiled_phases[0].plain_play
    # two packs: a card played from the table is written "play C from table"
    assert not any(p.plain_play for p in load_game("bezique").compiled_phases)
    # with trump_seven_play_bonus, Marjolet's unexchanged trump seven scores when played (RM §3)
    assert all(p.plain_play for p in load_game("marjolet").compiled_phases)
    assert not any(p.plain_play for p in load_game("marjolet(trump_seven_play_bonus=true)").compiled_phases)


def test_end_of_deal_counts_name_their_counter_and_phase():
    # K, Scoring: phase-two brisques per card, and the book bonus over six brisques
    game = load_game("penchant")
    per_card, bonus = game.compiled_deal.counts
    brisques = game.counter_masks["brisques"]
    assert brisques.bit_count() == 12  # aces, tens and sevens
    assert (per_card.kind, per_card.mask, per_card.phase, per_card.points) == ("per-card", brisques, 1, 2)
    assert (bonus.kind, bonus.phase, bonus.over, bonus.points) == ("majority-bonus", None, 6, 2)


def _random_game(game, seed, log_events):
    state = game.new_game(seed=seed)
    state.log_events = log_events
    hands_after_tricks = [tuple(s.hands) for s in random_moves(state, seed) if not s.trick]
    return state, hands_after_tricks


@pytest.mark.parametrize("name", ["penchant", "marjolet", "penneech", "bezique"])
def test_the_quiet_fast_path_plays_the_same_game_as_the_logged_one(name):
    # a quiet state (search worlds, playouts) draws inline; it must deal, draw and score the same
    game = load_game(name)
    for seed in range(4):
        quiet, quiet_hands = _random_game(game, seed, log_events=False)
        logged, logged_hands = _random_game(game, seed, log_events=True)
        assert quiet.actions == logged.actions
        assert quiet_hands == logged_hands
        assert quiet.scores == logged.scores and quiet.result == logged.result
        assert quiet.seen_in_past_deals == logged.seen_in_past_deals


def _names(state, masks):
    """Each seat's cards of ``masks`` by name, sorted: copies of a card are the same card here."""
    return [sorted(state.deck.names[c] for c in bits(mask)) for mask in masks]


def _hands_named(deal):
    return [sorted(hand) for hand in deal["hands"]]


@pytest.mark.parametrize("name", ["penchant", "bezique"])
def test_the_hands_as_dealt_are_the_deal_record_s_in_a_game_and_in_a_sampled_world(name):
    game = load_game(name)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    while len(state.rounds) < 2 and state.result is None:
        moves = state.legal_moves()
        state.apply_move(moves[rng.randrange(len(moves))])
    assert _names(state, state.dealt_hands) == _hands_named(state.deals[-1])
    # what a seat saw of the first deal includes its hand as dealt
    for seat, hand in enumerate(_hands_named(state.deals[0])):
        seen = _names(state, [state.seen_in_past_deals[0][seat]])[0]
        assert all(seen.count(name) >= hand.count(name) for name in hand)
    for _ in range(6):  # into the second deal, then a world sampled for seat 0
        moves = state.legal_moves()
        state.apply_move(moves[rng.randrange(len(moves))])
    world = state.determinize(0, random.Random(1))
    assert _names(world, world.dealt_hands) == _hands_named(world.deals[-1])
