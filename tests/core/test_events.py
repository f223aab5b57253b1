"""Typed events: every event every game logs is of a known kind with exactly its fields, each of
its declared type; a wrong event is refused where it is logged; none is built with the log off."""

import json
import typing
from dataclasses import fields

import pytest
import seatgames
from pydantic import ConfigDict, ValidationError, create_model

from cardcore import load_game
from cardcore.engine.events import EVENT_FIELDS, EVENT_TYPES, EventError, make_event
from cardcore.plugins import get_games
from helpers import random_game
from cardcore.engine.events import log


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


def strict_model(cls):
    """A pydantic model of an event class's fields, strict (a seat is an int, never "0" or
    True) and refusing any other key: the declared types checked by pydantic."""
    hints = typing.get_type_hints(cls)
    return create_model(f"{cls.__name__}Check", __config__=ConfigDict(strict=True, extra="forbid"),
                        **{f.name: (hints[f.name], f.default) for f in fields(cls)})


CHECKS = {kind: strict_model(cls) for kind, cls in EVENT_TYPES.items()}


def check_event(e) -> None:
    assert type(e) is EVENT_TYPES[e.type], f"{e!r} is not the class of its kind {e.type!r}"
    data = e.to_dict()
    assert data.pop("type") == e.type
    assert set(EVENT_FIELDS[e.type]) <= set(data), e  # every field the kind always has
    CHECKS[e.type].model_validate(data)  # raises on a field of the wrong type or unknown


@pytest.mark.parametrize("game_string", sorted(get_games()) + list(seatgames.NAMES))
def test_every_event_of_random_games_is_of_its_kind_with_its_typed_fields(game_string):
    kinds = set()
    for seed in range(8):
        state = random_game(load_game(game_string), seed)
        for e in state.events:
            check_event(e)
            kinds.add(e.type)
        json.dumps([e.to_dict() for e in state.events])  # the JSON form is plain data
    # every game deals, plays and ends (a random Out may end Pinochle's before a deal is over):
    # the check above was not run on an empty log
    assert {"deal", "play", "trick", "game-end"} <= kinds


def test_the_strict_check_refuses_a_field_of_the_wrong_type():
    check_event(make_event("play", seat=1, card="QS"))
    for bad in (make_event("play", seat="1", card="QS"), make_event("play", seat=True, card="QS"),
                make_event("trick", winner=0, cards="QS KS")):
        with pytest.raises(ValidationError):
            check_event(bad)


def test_an_unknown_kind_or_a_missing_or_extra_field_is_refused_where_it_is_logged():
    state = load_game("penchant").new_game(seed=1)
    with pytest.raises(EventError, match="unknown event kind 'plya'"):
        log(state, "plya", seat=0, card="QS")
    with pytest.raises(EventError, match="card"):
        log(state, "play", seat=0)
    with pytest.raises(EventError, match="colour"):
        log(state, "play", seat=0, card="QS", colour="black")
    # a score's details are optional, but only those it has
    with pytest.raises(EventError, match="bonus"):
        log(state, "score", seat=0, points=2, source="book bonus", bonus=True)


def test_an_event_reads_as_the_mapping_it_was_logged_as():
    # a meld's score in Penchant: seat 1 scores 8 for quadruplets (Kandell, modern scoring)
    e = make_event("score", seat=1, points=8, source="meld", meld="quadruplets")
    assert e.seat == 1 and e["points"] == 8 and e["type"] == "score" and e.meld == "quadruplets"
    assert e.get("card") is None and "card" not in e and e.card is None  # a detail not given
    assert e.to_dict() == {"seat": 1, "points": 8, "source": "meld", "meld": "quadruplets", "type": "score"}
    # a detail given as False or 0 is given (a last trick that did not take every trick)
    swept = make_event("score", seat=0, points=10, source="last trick", all_tricks=False)
    assert swept.to_dict()["all_tricks"] is False
    assert make_event("bid", seat=2, bid=None).to_dict() == {"seat": 2, "bid": None, "type": "bid"}
    with pytest.raises(AttributeError):
        e.colour = "black"  # slotted: no field beyond the kind's


def test_a_quiet_state_builds_no_event():
    state = load_game("penneech").new_game(seed=4)
    dealt = list(state.events)  # the first deal, logged as the game began
    state.log_events = False
    while not state.is_terminal():
        state.apply_move(state.legal_moves()[0])
    assert state.events == dealt and len(state.rounds) > 1


def test_a_state_keeps_the_kinds_asked_and_the_deals_on_the_kernel():
    # Marjolet's scores only (with the deals, from which a deal thrown in takes back its
    # scores): the whole log's, in order, and the state is not on the reference path
    game = load_game("marjolet")
    kept, whole = game.new_game(seed=2, keep_events={"score"}), game.new_game(seed=2)
    assert not kept.log_events and kept.kept_events == {"score", "deal"}
    for state in (kept, whole):
        while not state.is_terminal():
            state.apply_move(state.legal_moves()[0])
    assert kept.events == [e for e in whole.events if e.type in ("score", "deal")]
    assert {e.type for e in kept.events} == {"score", "deal"}


def test_a_kind_the_kernel_does_not_log_keeps_the_whole_log():
    # the kernel's cards, draws and passes log nothing: asked for one, the state logs all
    state = load_game("penchant").new_game(seed=1, keep_events={"score", "play"})
    assert state.log_events and state.kept_events is None


def test_an_unknown_kind_to_keep_is_refused():
    with pytest.raises(EventError, match="unknown event kind.*scores"):
        load_game("penchant").new_game(seed=1, keep_events={"scores"})
