"""The rules read once at load (cardcore.engine.compiled) say what the rules files say, and the
engine's quiet fast path (events off) plays the same games as the logged one."""

import copy
import pickle
import random

import pytest
from helpers import random_moves

from cardcore import load_game
from cardcore.cards import bits
from cardcore.engine.compiled import GameHooks
from cardcore.engine.data import FIELDS


def _steps(plan):
    return [(step.kind, seat) for step, seat, _ in plan]


def test_penchant_s_gathering_plan_is_the_winner_s_turn_and_draw_then_the_loser_s():
    # K, Phase one: the winner may declare one meld, draws, the loser may declare a penchant if
    # the winner declared nothing, then draws
    game = load_game("penchant")
    gathering, meal = game.compiled.phases
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
    winner_turn = game.compiled.phases[0].steps[0]
    assert "penchant" not in winner_turn.allowed and "twins" in winner_turn.allowed


def test_a_played_card_takes_the_plain_path_only_where_no_rarer_rule_applies():
    assert load_game("penchant").compiled.phases[0].plain_play
    # two packs: a card played from the table is written "play C from table"
    assert not any(p.plain_play for p in load_game("bezique").compiled.phases)
    # with trump_seven_play_bonus, Marjolet's unexchanged trump seven scores when played (RM §3)
    assert all(p.plain_play for p in load_game("marjolet").compiled.phases)
    assert not any(p.plain_play for p in load_game("marjolet(trump_seven_play_bonus=true)").compiled.phases)


def test_end_of_deal_counts_name_their_counter_and_phase():
    # K, Scoring: phase-two brisques per card, and the book bonus over six brisques
    game = load_game("penchant")
    per_card, bonus = game.compiled.deal.counts
    brisques = game.compiled.counter_masks["brisques"]
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


@pytest.mark.parametrize("option, follow_or_trump, must_follow", [
    ("follow-or-trump", True, False),  # WP, Play: "may either follow suit or trump" (the default)
    ("must-follow", False, True),      # RM §4: must follow suit if able, otherwise any card (Ftr)
])
def test_a_follow_rule_is_kept_in_one_place_that_every_reader_reads(option, follow_or_trump, must_follow):
    game = load_game(f"penneech(follow_rule={option})")
    rule = game.compiled.phases[0].follow  # Penneech's one phase of tricks
    assert (rule.follow_or_trump, rule.follow, rule.letters) == (follow_or_trump, must_follow, "Ftr" if must_follow else "ftr")
    state = game.new_game(seed=3)
    # the state reads the compiled phase's own rule (no copy of it to fall out of step), and so
    # does the event that announces the phase
    assert state.follow is rule and state.cphase.follow is rule
    phase_event = next(e for e in state.events if type(e).__name__ == "Phase")
    assert phase_event.rule == rule.letters
    assert "follow" not in {name for name, _, _ in FIELDS}
    # a plugin reading the game's old copy is told where the rule is now
    with pytest.raises(AttributeError, match=r"game\.compiled\.phases\[i\]\.follow"):
        game.follow_rules


def test_the_hooks_the_engine_asks_are_named_and_none_where_a_game_keeps_the_default():
    # Penchant refuses melds by blocking (K, Blocking), and only its minor sets (K: "just Sets"
    # of a minor rank); it offers game verbs only with the jail-free seven (K, UnBlocking)
    penchant = load_game("penchant")
    hooks = penchant.hooks
    assert hooks.meld_refusal == penchant.meld_refusal and hooks.extra_declarations is None
    assert hooks.refusable_melds == penchant.refusable_melds and hooks.refusable_melds
    jail_free = load_game("penchant(jail_free_seven=true)")
    assert jail_free.hooks.extra_declarations == jail_free.extra_declarations
    # two-hand Bezique has no rule the tables cannot say
    assert load_game("bezique").hooks == GameHooks(meld_refusal=None, extra_declarations=None, refusable_melds=None)
    with pytest.raises(AttributeError):
        hooks.meld_refusal = None  # read-only, as the rules are
    with pytest.raises(AttributeError, match="game.hooks, by name"):
        penchant.declaration_hooks


def test_a_name_a_game_never_had_is_an_ordinary_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'no_such_table'"):
        load_game("penchant").no_such_table


def test_a_copied_game_shares_its_read_only_rules_and_a_pickle_rebuilds_them():
    # a search bot deep-copies its guide, and with it the guide's game
    game = load_game("penchant")
    game.new_game(seed=1)
    copied = copy.deepcopy(game)
    assert copied.compiled is game.compiled
    assert copied.hooks.meld_refusal.__self__ is copied  # the copy's own refusal, not the original's
    rebuilt = pickle.loads(pickle.dumps(game.compiled))
    assert rebuilt.file == game.rules and [p.follow for p in rebuilt.phases] == [p.follow for p in game.compiled.phases]
