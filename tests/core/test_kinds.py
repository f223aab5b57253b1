"""The registries where new kinds plug in: phase kinds (cardcore/engine/phases.py), with
decisions of their own, and after-trick step kinds (cardcore/engine/steps.py)."""

import pytest

from cardcore import IllegalAction, load_game
from cardcore.engine import phases, steps


def test_shipped_kinds_are_registered_and_names_are_unique():
    assert "tricks" in phases.PHASE_KINDS
    assert {"draw", "turn-trump", "declare"} <= set(steps.STEP_KINDS)
    with pytest.raises(ValueError, match="registered already"):
        phases.register_phase_kind("tricks", object())
    with pytest.raises(ValueError, match="registered already"):
        steps.register_step("draw", lambda state, step, seat: False)
    assert all(load_game(g).rules.phases[0].kind == "tricks" for g in ("penchant", "marjolet", "penneech"))


class _Bidding:
    """A phase kind asking a decision of its own: bid 1 or pass, then play resumes."""

    decisions = ("test-bid",)  # a decision kind of its own ("bid" is the shipped auction's)

    def __init__(self):
        self.applied = []

    def legal_actions(self, state):
        return ["bid 1", "pass"]

    def apply(self, state, seat, verb, args, action):
        if verb not in ("bid", "pass"):
            raise IllegalAction(action, "only bid or pass now (the test's auction)")
        self.applied.append((seat, verb, args))
        state.decision = "play"


@pytest.fixture
def bidding():
    handler = _Bidding()
    phases.register_phase_kind("test-bidding", handler)
    yield handler
    del phases.PHASE_KINDS["test-bidding"]


def test_a_phase_kind_answers_for_its_own_decision(bidding):
    s = load_game("penneech").new_game(seed=3)
    while s.decision != "play":
        s.apply("pass")  # no throw-in
    seat = s.current_player
    s.decision = "test-bid"  # as the bidding phase's enter() would set it
    assert phases.decision_handler("test-bid") is bidding
    assert s.legal_actions() == ["bid 1", "pass"]
    with pytest.raises(IllegalAction, match="only bid or pass"):
        s.apply("play 2S")
    s.apply("bid 1")
    assert bidding.applied == [(seat, "bid", ["1"])] and s.decision == "play"
    assert phases.decision_handler("no-such-decision") is None
