"""The fast path (``legal_moves``/``apply_move``: playouts and the search bots' look-ahead) and
the action path (``legal_actions``/``apply``: players, records) are one behaviour.

For every registered game and preset, seeded random games are played through both in lockstep,
each move mapped to the action that names it (``move_action``, which the search bots use too):
after every move the two states must agree (scores, hands, tables, melds with their to-score
status, the melds waiting, whose turn and what decision, the record's actions and the events),
the moves must name the legal actions, and the fast path's record must replay to the same game.
A bid is drawn as the random bot draws it (``blind_moves``): from every bid up to the ceiling,
nearly every contract fails and a partnership game's totals fall for ever, short of the target.
"""

from __future__ import annotations

import random

import pytest

from cardcore import load_game
from cardcore.cards import iter_bits
from cardcore.engine.kernel import blind_moves
from cardcore.plugins import get_games
from cardcore.records import format_record, parse_record, replay

GAMES_PER_STRING = 2
# options no preset sets that change what may be declared
OPTIONS = ["bezique(fresh_card=same-class)"]


def game_strings() -> list[str]:
    out = list(OPTIONS)
    for name, entry in sorted(get_games().items()):
        out.append(name)
        out += [f"{name}(preset={p})" for p in sorted(entry.game_class.rules_source().presets)]
    return out


def snapshot(state) -> tuple:
    """What the two paths must agree on. Cards are compared by name: of two identical copies the
    fast path may take either, `play C` takes the one the rules say, and no player can tell."""
    names = state.deck.names

    def named(mask: int) -> list[str]:
        return sorted(names[c] for c in iter_bits(mask))

    return (list(state.scores), list(state.round_points), [named(h) for h in state.hands],
            [named(t) for t in state.tableaus], [dict(m) for m in state.meld_log],
            [[(named(m.mask), m.rule.name, m.points, i) for m, i in seat] for seat in state.waiting],
            state.current_player, state.decision, state.trump, state.stock_pos, list(state.actions),
            state.result, len(state.rounds))


def named_moves(state) -> set[str]:
    return {state.move_action(m) for m in state.legal_moves()}


def named_actions(state) -> set[str]:
    actions = set(state.legal_actions())
    claim = state.rules.claim
    if claim is not None and claim.action not in named_moves(state):
        actions.discard(claim.action)  # legal_moves leaves out a wrong claim, which loses at once
    return actions


def lockstep(game, seed: int):
    fast, slow = game.new_game(seed=seed), game.new_game(seed=seed)
    rng = random.Random(seed)
    while fast.result is None:
        where = f"seed {seed}, action {len(fast.actions) + 1}"
        assert named_moves(fast) == named_actions(slow), where
        moves = fast.legal_moves()
        move = rng.choice(blind_moves(fast, moves))
        action = fast.move_action(move)
        fast.apply_move(move)
        slow.apply(action)
        assert fast.actions[-1] == action, where
        assert snapshot(fast) == snapshot(slow), f"{where} ({action!r})"
    assert slow.result is not None and fast.events == slow.events
    return fast


@pytest.mark.parametrize("game_string", game_strings())
def test_moves_and_actions_are_one_behaviour(game_string):
    game = load_game(game_string)
    for seed in range(GAMES_PER_STRING):
        fast = lockstep(game, seed)
        replayed = replay(parse_record(format_record(fast.record())))
        assert replayed.summary() == fast.summary(), f"seed {seed}: the fast path's record replays otherwise"


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
