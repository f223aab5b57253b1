"""The state's data is declared in one place (engine.data.GameData, a slotted dataclass whose fields
are FIELDS) and a clone copies each field as declared: shared values are the same object, per-seat
lists and logs are the clone's own. The state is that data and nothing else: what it does is the
engine's functions, which its API calls."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardcore import game_names, load_game
from cardcore.engine import data
from cardcore.engine.data import FIELDS, GameData
from cardcore.state import State

OWN_COPY = {data.LIST, data.LISTS, data.SETS, data.DICT}


def _midgame(name: str, seed: int = 3, moves: int = 17):
    """A state some random moves into a game (an auction game's tricks, a declaration turn...)."""
    state = load_game(name).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.result is not None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_field_is_declared_once_with_a_known_copy_and_a_description():
    names = [name for name, _, _ in FIELDS]
    assert len(names) == len(set(names))
    assert set(GameData.__slots__) == set(names)
    for name, how, what in FIELDS:
        assert how in data._COPY_EXPRESSIONS, name
        assert what.strip(), name


@pytest.mark.parametrize("name", game_names())
def test_a_state_holds_only_declared_fields(name):
    state = _midgame(name)
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.undeclared_field = 1


@pytest.mark.parametrize("name", game_names())
def test_clone_copies_each_field_as_declared(name):
    state = _midgame(name)
    twin = state.clone()
    for field, how, _ in FIELDS:
        mine, theirs = getattr(state, field), getattr(twin, field)
        if how == data.SHARED:
            assert theirs is mine, field
        elif how == data.NONE:
            assert theirs is None, field
        elif how in OWN_COPY:
            assert theirs == mine and theirs is not mine, field
            if how in (data.LISTS, data.SETS):  # the inner lists and sets too
                assert all(t is not m for t, m in zip(theirs, mine)), field
    # the last round's summary is the clone's own and counts the clone's points and melds
    assert twin.rounds[-1] is not state.rounds[-1]
    assert twin.rounds[-1]["points"] is twin.round_points
    assert twin.rounds[-1]["melds"] is twin.meld_log
    assert twin.rounds[:-1] == state.rounds[:-1]


@pytest.mark.parametrize("name", game_names())
def test_playing_on_a_clone_leaves_the_original_as_it_was(name):
    state = _midgame(name)
    before = (state.record(), state.summary(), state.observation(0), list(state.events))
    twin = state.clone()
    rng = random.Random(5)
    while twin.result is None and len(twin.actions) < len(state.actions) + 40:
        twin.apply(rng.choice(twin.legal_actions()))
    assert (state.record(), state.summary(), state.observation(0), list(state.events)) == before
    # and the original, given the clone's actions, reaches the clone's position
    for action in twin.actions[len(state.actions):]:
        state.apply(action)
    assert state.summary() == twin.summary()


def test_a_phase_kinds_data_is_its_own_object_and_a_clone_copies_it():
    """The auction's bids, passes, contract, outcome and melds shown are the kind's data
    (AuctionData), held by the state from the auction to the deal's end, not fields of every
    state; a clone copies it, so that a bid on the clone leaves the original's auction as it was.
    Auction Pinochle: eldest (seat 1 of dealer 0) bids first, at least 300 (rules, opening)."""
    from cardcore.engine.phases.auction import AuctionData

    assert not {"auction_rule", "bids", "out", "contract", "outcome", "shown", "concede_rule", "naming_rule",
                "discard_rule", "guess_rule"} & {name for name, _, _ in FIELDS}
    plain = load_game("penchant").new_game(seed=1)
    assert plain.phase_data == {} and plain.contract is None and plain.bids == ()
    state = load_game("auction-pinochle").new_game(seed=3)
    seat = state.current_player
    state.apply("bid 300")
    auction = state.phase_data["auction"]
    assert isinstance(auction, AuctionData) and (auction.bids, auction.contract) == (((seat, 300),), 300)
    clone = state.clone()
    assert clone.phase_data["auction"] is not auction and clone.phase_data["auction"] == auction
    clone.apply("pass")
    assert clone.bids == ((seat, 300), (clone.table.next(seat), None)) and state.bids == ((seat, 300),)
    assert state.view().contract == 300 == state.contract


def test_the_copying_code_is_a_kept_module_written_from_the_declarations():
    """No source is made at run time: blank and clone are the module data_copies.py, the text
    copies_source() writes from FIELDS, so a field declared without rewriting it fails here."""
    from pathlib import Path

    from cardcore.engine import data_copies

    assert Path(data_copies.__file__).read_text(encoding="utf-8") == data.copies_source()
    assert GameData._blank is data_copies.blank
    assert "exec(" not in Path(data.__file__).read_text(encoding="utf-8")


def test_the_state_is_its_data_and_no_mixins():
    """State's bases are its data alone: no class lends it behaviour (the engine's modules are
    functions of the state), and the data is one slotted dataclass of typed fields, each with its
    copy and what it holds."""
    assert State.__mro__ == (State, GameData, object)
    declared = dataclasses.fields(GameData)
    assert [f.name for f in declared] == [name for name, _, _ in FIELDS] == list(GameData.__slots__)
    for f in declared:
        assert f.type and f.metadata["copy"] in data._COPY_EXPRESSIONS and f.metadata["doc"].strip(), f.name


def test_a_former_private_method_says_where_it_went():
    """A plugin that calls a state method by its old private name is told the engine function
    that does it now, which takes the state first."""
    state = load_game("penchant").new_game(seed=3)
    with pytest.raises(AttributeError, match=r"State\._score is gone: call cardcore\.engine\.scoring\.score\(state"):
        state._score(0, 10, "meld")
    with pytest.raises(AttributeError, match=r"cardcore\.engine\.declaring\.declare\(state"):
        state._declare
    from cardcore.engine import declaring, scoring

    assert callable(scoring.score) and callable(declaring.declare)
