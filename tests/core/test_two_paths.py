"""One behaviour, three ways of driving it, side by side, move by move.

- the kernel: a quiet state (no event log) through ``legal_moves``/``apply_move``, as playouts
  and the search bots' worlds play (cardcore/engine/kernel.py); and beside it a state that
  keeps the events of some kinds (``keep_events``, as ``cardcore simulate`` plays), here every
  kind the kernel can keep;
- the reference: the same moves with the event log on, which no kernel function takes;
- the actions: ``legal_actions``/``apply``, as players and records play.

For every registered game and every preset of its rules file, seeded random games are played
through all three in lockstep, each move mapped to the action that names it (``move_action``,
which the search bots use too). After every move:

- the kernel's state and the reference's agree field by field (every field of
  ``engine.data.FIELDS`` but the event log and the caches), and their legal moves position by
  position;
- ``legal_actions()`` is ``legal_moves()`` named, each name once, in the one order of
  :func:`in_action_order`;
- the actions path agrees with the reference on what a player sees: scores, hands and tables
  by name (of two identical copies ``play C`` takes the one the rules say, and no player can
  tell which), melds, whose turn, the record's actions, the events;
- the kernel's record replays to the same game;
- the state that keeps some kinds of events plays on the kernel as the quiet one does, and its
  log is the reference's events of those kinds, in order, with the same tallies (statistics
  kept at declaration turns).

A bid is drawn as the random bot draws it (``blind_moves``): from every bid up to the ceiling,
nearly every contract fails and a partnership game's totals fall for ever, short of the target.
"""

from __future__ import annotations

import random

import pytest

from cardcore import load_game
from cardcore.cards import iter_bits
from cardcore.engine.data import FIELDS
from cardcore.engine.events import EVENT_TYPES, WHOLE_LOG_ONLY
from cardcore.engine.kernel import blind_moves
from cardcore.engine.kinds import DECLARE, PLAY
from cardcore.plugins import get_games
from cardcore.records import format_record, parse_record, replay

GAMES_PER_STRING = 2
# options no preset sets that change what may be declared
OPTIONS = ["bezique(fresh_card=same-class)"]
# games whose random games take seconds each: their presets are the slow tests
SLOW_GAMES = ("six-pack-bezique", "eight-pack-bezique", "rubicon-bezique")
# fields the two paths may differ in: the log itself, and what only logging keeps or caches fill
NOT_COMPARED = {"events", "log_events", "kept_events", "tallies", "_meld_memo", "_turn_moves", "step_plans", "past_for_seat",
                "card_values"}
COMPARED = [name for name, _, _ in FIELDS if name not in NOT_COMPARED]


def game_strings() -> list:
    out = list(OPTIONS)
    for name, entry in sorted(get_games().items()):
        strings = [name] + [f"{name}(preset={p})" for p in sorted(entry.game_class.rules_source().presets)]
        out += [pytest.param(s, marks=pytest.mark.slow) if name in SLOW_GAMES and "(" in s else s for s in strings]
    return out


def fields(state) -> dict:
    return {name: getattr(state, name) for name in COMPARED}


def snapshot(state) -> tuple:
    """What the actions path and the moves path must agree on, cards by name."""
    names = state.deck.names

    def named(mask: int) -> list[str]:
        return sorted(names[c] for c in iter_bits(mask))

    return (list(state.scores), list(state.round_points), [named(h) for h in state.hands],
            [named(t) for t in state.tableaus], [dict(m) for m in state.meld_log],
            [[(named(m.mask), m.rule.name, m.points, i) for m, i in seat] for seat in state.waiting],
            state.current_player, state.decision, state.trump, state.stock_pos, list(state.actions),
            state.result, len(state.rounds))


def in_action_order(state, actions: list[str]) -> list[str]:
    """The order of ``legal_actions()``, stated once: at a card to play, the cards as the deck
    sorts them for players (``Deck.sort_pos``: suits S H D C, each from its highest rank); at a
    declaration turn, the melds by points (highest first), then by the length and the text of
    their action, then the other declarations in ``legal_moves()``'s order, ``pass`` last;
    elsewhere ``legal_moves()``'s order. A claim stays last."""
    game = state.game
    if state.decision == PLAY:
        by_name = {game.compiled.play_action[c]: c for c in range(state.deck.size)}
        by_name.update({game.compiled.play_from_table_action[c]: c for c in range(state.deck.size)}
                       if game.compiled.names_table_plays else {})
        cards = [a for a in actions if a in by_name]
        return sorted(cards, key=lambda a: state.deck.sort_pos[by_name[a]]) + [a for a in actions if a not in by_name]
    if state.decision == DECLARE:
        melds = {state.move_action(m): m for m in state.legal_moves() if hasattr(m, "points")}
        first = sorted((a for a in actions if a in melds), key=lambda a: (-melds[a].points, len(a), a))
        rest = [a for a in actions if a not in melds and a != "pass"]
        return first + rest + [a for a in actions if a == "pass"]
    return actions


def named_moves(state) -> list[str]:
    """``legal_moves()`` named as actions, each name once, in the order of ``legal_actions()``."""
    names = list(dict.fromkeys(state.move_action(m) for m in state.legal_moves()))
    claim = state.rules.claim
    tail = [names.pop()] if claim is not None and names and names[-1] == claim.action else []
    return in_action_order(state, names) + tail


def move_key(state, move):
    return move if type(move) is int else state.move_action(move)


def kernel_kinds() -> frozenset:
    """Every kind of event a state may keep while it plays on the kernel."""
    return frozenset(EVENT_TYPES) - WHOLE_LOG_ONLY


def kept_of(events: list, kinds: frozenset) -> list:
    return [e for e in events if e.type in kinds]


def lockstep(game, seed: int):
    kernel, reference, actions = (game.new_game(seed=seed) for _ in range(3))
    kernel.log_events = False
    kinds = kernel_kinds()
    kept = game.new_game(seed=seed, keep_events=kinds)
    assert not kept.log_events and kept.kept_events == kinds  # on the kernel, not the reference
    rng = random.Random(seed)
    while kernel.result is None:
        where = f"seed {seed}, action {len(kernel.actions) + 1}"
        moves = kernel.legal_moves()
        assert [move_key(kernel, m) for m in moves] == [move_key(reference, m) for m in reference.legal_moves()], where
        assert [move_key(kept, m) for m in kept.legal_moves()] == [move_key(kernel, m) for m in moves], where
        assert named_moves(reference) == actions.legal_actions(), where
        move = rng.choice(blind_moves(kernel, moves))
        action = kernel.move_action(move)
        kernel.apply_move(move)
        reference.apply_move(reference.legal_moves()[moves.index(move)])
        kept.apply_move(kept.legal_moves()[moves.index(move)])
        actions.apply(action)
        assert kernel.actions[-1] == action, where
        assert fields(kernel) == fields(reference), f"{where} ({action!r})"
        assert fields(kept) == fields(reference), f"{where} ({action!r})"
        assert len(kept.events) == len(kept_of(reference.events, kinds)), f"{where} ({action!r})"
        assert snapshot(reference) == snapshot(actions), f"{where} ({action!r})"
    assert actions.result is not None and reference.events == actions.events
    assert kept.events == kept_of(reference.events, kinds), f"seed {seed}: the kept events differ"
    assert kept.tallies == reference.tallies, f"seed {seed}: the tallies differ"
    return kernel


@pytest.mark.parametrize("game_string", game_strings())
def test_the_kernel_the_reference_and_the_actions_are_one_behaviour(game_string):
    game = load_game(game_string)
    for seed in range(GAMES_PER_STRING):
        kernel = lockstep(game, seed)
        replayed = replay(parse_record(format_record(kernel.record())))
        assert replayed.summary() == kernel.summary(), f"seed {seed}: the kernel's record replays otherwise"


def test_cinq_cents_seed_13_scores_a_waiting_meld_once_on_either_path():
    """A meld shown to score at one turn scores at a later one, once (RM §5 Declaring rules:
    extras carried 'to score' on later tricks; PB93, F325, F326): the fast path scores it as
    `meld` does, and the meld log marks it scored, not waiting with a second scored entry."""
    fast = lockstep(load_game("cinq-cents"), 13)
    names = [(m["name"], tuple(m["cards"])) for m in fast.meld_log]
    assert len(names) == len(set(names)), "a meld entered twice in the log"


def test_a_table_card_with_its_twin_in_hand_is_named_from_the_table():
    """Bezique (RM §5: two packs, melded cards stay on the table and may be played from it):
    with a K♠ in hand and its twin in the four Kings on the table, the two moves are `play KS`
    (the hand's) and `play KS from table`; the search bots name their move so too."""
    from bezique.conftest import finish_turn, next_win, won_opening

    from cardcore.bots.search import move_action

    s = won_opening("KS KH KD KC KS")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    finish_turn(s)
    kings = [m for m in s.legal_moves() if type(m) is int and s.deck.names[m] == "KS"]
    named = sorted(s.move_action(m) for m in kings)
    assert named == ["play KS", "play KS from table"]
    assert sorted(move_action(s, m) for m in kings) == named
    table_king = next(m for m in kings if s.tableaus[0] >> m & 1)
    s.apply_move(table_king)
    assert s.actions[-1] == "play KS from table" and s.deck.find("KS", s.hands[0]) is not None
