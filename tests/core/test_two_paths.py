"""The fast path (``legal_moves``/``apply_move``: playouts and the search bots' look-ahead) and
the action path (``legal_actions``/``apply``: players, records) are one behaviour.

For every registered game and preset, seeded random games are played through both in lockstep,
each move mapped to the action that names it: after every move the two states must agree
(scores, hands, tables, melds with their to-score status, the melds waiting, whose turn and
what decision, the record's actions and the events), the moves must name the legal actions, and
the fast path's record must replay to the same game.
"""

from __future__ import annotations

import random

import pytest

from cardcore import load_game
from cardcore.cards import iter_bits
from cardcore.engine.kinds import PLAY
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


def action_of(state, move) -> str:
    """The action that names ``move`` of ``state.legal_moves()``: a card as `play C` (`play C from
    table` where the game names table plays and the card lies there), a meld as `meld` with its
    cards, anything else as it is."""
    if type(move) is int:
        game = state.game
        if state.decision == PLAY and game.names_table_plays and state.tableaus[state.current_player] >> move & 1:
            return game.play_from_table_action[move]
        return game.play_action[move]
    if hasattr(move, "mask"):
        return state.game.meld_action(move.mask)
    return move


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
    return {action_of(state, m) for m in state.legal_moves()}


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
        move = rng.choice(fast.legal_moves())
        action = action_of(fast, move)
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
