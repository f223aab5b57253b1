"""The registries where new kinds plug in: phase kinds (cardcore/engine/phases.py), with
decisions of their own, and after-trick step kinds (cardcore/engine/steps.py)."""

import types

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


def _penchant_with_a_phase(kind: str) -> str:
    """Penchant's rules with a phase of ``kind`` between the deal and the first phase of tricks."""
    from importlib import resources

    text = resources.files("cardrules").joinpath("penchant.yaml").read_text(encoding="utf-8")
    assert text.count("  - name: gathering\n") == 1
    return text.replace("  - name: gathering\n", f"  - name: pause\n    kind: {kind}\n    source: \"a test\"\n"
                                                  "  - name: gathering\n")


def test_a_plugin_registers_a_phase_kind_that_rules_files_may_then_name():
    """The rules schema is built from the kinds registered, the plugins' among them: before the
    plugin is loaded, its kind is refused at its line with the valid kinds listed; after, the
    same file loads and the phase is its kind's schema."""
    from typing import Literal

    from cardcore import hookimpl, plugins
    from cardcore.errors import RulesError
    from cardcore.game import read_rules
    from cardcore.ruleset import DecisionPhase

    class PausePhase(DecisionPhase):
        kind: Literal["test-pause"]

    class Pause:
        decisions = ()

        def enter(self, state, phase):
            phases.next_phase(state)

        def over(self, state):
            return True

    text = _penchant_with_a_phase("test-pause")
    line = text.splitlines().index("    kind: test-pause") + 1  # the kind's own line
    with pytest.raises(RulesError) as refused:
        read_rules(text, "penchant.yaml", "penchant")
    assert str(refused.value).startswith(
        f"penchant.yaml:{line}:5: phases[1].kind: 'test-pause' is not one of the kinds there are:")
    assert "'tricks'" in str(refused.value) and "'auction'" in str(refused.value)

    plugin = types.SimpleNamespace(register_phase_kinds=hookimpl(
        lambda register: register("test-pause", Pause(), PausePhase)))
    try:
        assert plugins.register_plugin(plugin, "pauses") == "pauses"
        assert read_rules(text, "penchant.yaml", "penchant").path == "penchant.yaml"  # no complaint now
        assert isinstance(phases.rules_schema().phase_schemas["test-pause"], type)
        with pytest.raises(RulesError, match="'test-pause'"):  # now among the valid kinds
            read_rules(_penchant_with_a_phase("test-paws"), "penchant.yaml", "penchant")
    finally:
        plugins.reset_plugins()
    assert "test-pause" not in phases.PHASE_KINDS  # a plugin's kinds go with it


def test_a_plugin_written_before_the_kinds_moved_still_imports_them_and_is_told_where():
    """The phase kinds' modules and schemas moved (cardcore/engine/phases/<kind>.py): their old
    names still import, each with a DeprecationWarning naming the new place. (A kind registered
    the old way, a handler and no schema, still answers for its decision: the test above.)"""
    import importlib
    import sys

    sys.modules.pop("cardcore.engine.auction", None)
    with pytest.warns(DeprecationWarning, match=r"cardcore\.engine\.auction is now cardcore\.engine\.phases\.auction"):
        old = importlib.import_module("cardcore.engine.auction")
    assert old is importlib.import_module("cardcore.engine.phases.auction") and old.BID == "bid"
    with pytest.warns(DeprecationWarning, match=r"cardcore\.engine\.phases\.settle\.SettlePhase"):
        from cardcore.ruleset import SettlePhase
    assert SettlePhase.model_fields["kind"].annotation.__args__ == ("settle",)
    with pytest.warns(DeprecationWarning, match=r"rules_schema\(\)"):
        from cardcore.ruleset import DEAL_PHASE_KINDS
    assert DEAL_PHASE_KINDS[:2] == ("deal", "throw-in")


def test_a_kind_behaviour_read_by_its_former_name_is_found_and_the_new_name_given():
    """The behaviour classes are named <Kind>Kind (no name is both a schema, an event and a
    behaviour): a plugin that imports one by its former name (the auction's was Auction, as the
    event of a deal is still events.Deal) gets it, told the new name."""
    from cardcore.engine.phases import auction, deal

    with pytest.warns(DeprecationWarning, match=r"cardcore\.engine\.phases\.auction\.Auction is now "
                                                r"cardcore\.engine\.phases\.auction\.AuctionKind"):
        assert auction.Auction is auction.AuctionKind
    with pytest.warns(DeprecationWarning, match=r"deal\.DealKind"):
        assert deal.Deal is deal.DealKind
    with pytest.raises(AttributeError, match="has no attribute 'Bidding'"):
        auction.Bidding  # noqa: B018


class _Voiding:
    """A phase kind that voids deals: its round summary's key ``test-voided`` says so."""

    decisions = ()
    void_deal = "test-voided"


def test_a_kind_that_voids_deals_is_known_by_its_mark_while_registered():
    """``void_deal_kind`` names the kind whose ``void_deal`` key a round's summary has (Penneech's
    throw-in: a deal thrown in does not count), asking only the kinds registered now."""
    load_game("penneech")  # its plugin's kinds registered
    throw_in = phases.PHASE_KINDS["throw-in"]
    handler = _Voiding()
    phases.register_phase_kind("test-voiding", handler)
    try:
        assert phases.void_deal_kind({"dealer": 0, "test-voided": True}) is handler
        assert phases.void_deal_kind({"dealer": 0}) is None
    finally:
        phases.unregister_phase_kind("test-voiding")
    assert phases.void_deal_kind({"dealer": 0, "test-voided": True}) is None
    assert phases.void_deal_kind({"dealer": 0, throw_in.void_deal: 1}) is throw_in
