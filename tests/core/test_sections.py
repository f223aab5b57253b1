"""Rules sections of a plugin's own (cardcore/engine/sections.py): a plugin registers a top-level
section of the rules file (hook ``register_rules_sections``), the rules schema is built with it,
a file's mistakes in it are told at their line and column like any other section's, and what the
section does at the deal happens."""

from __future__ import annotations

import types
from importlib import resources

import pytest
from pydantic import Field

from cardcore import hookimpl, load_game
from cardcore.engine import sections
from cardcore.engine.phases import rules_schema, score
from cardcore.errors import RulesError
from cardcore.game import read_rules
from cardcore.plugins import register_plugin, reset_plugins
from cardcore.ruleset import Source, Strict
from cardcore.yamlsource import LocatedValueError

PENCHANT = resources.files("cardrules").joinpath("penchant.yaml").read_text(encoding="utf-8")


class DealBonus(Strict):
    """The test's section: the dealer scores ``points`` at each deal, in a deck with ``rank``."""

    points: int = Field(ge=0)
    rank: str = "A"
    source: Source


class DealBonusHandler:
    title = "Deal bonus"

    def check(self, rules, rule):
        if rule.rank not in rules.deck.ranks:
            raise LocatedValueError(f"rank {rule.rank!r} not in the deck", "deal_bonus", "rank")

    def text(self, rule):
        return f"the dealer scores {rule.points} at each deal"

    def dealt(self, state, rule):
        score(state, state.dealer, rule.points, "deal bonus")


def section_plugin(plugin_name: str, key: str, handler, schema):
    """A plugin registering the rules section ``key`` while a test runs, gone after it."""
    module = types.SimpleNamespace(
        register_rules_sections=hookimpl(lambda register: register(key, handler, schema)))
    register_plugin(module, plugin_name)
    yield
    reset_plugins()


@pytest.fixture
def plugin():
    yield from section_plugin("test-deal-bonus", "deal_bonus", DealBonusHandler(), DealBonus)


def with_section(section: str) -> str:
    return PENCHANT.replace("\ntrump:", f"\n{section}\ntrump:", 1)


def penchant_with(section: str, title: str):
    """Penchant whose rules file also holds ``section`` (its YAML text), as a game."""
    from cardcore.game import TrickGame

    class Variant(TrickGame):
        name = "penchant"

        @classmethod
        def rules_source(cls):
            return read_rules(with_section(section), "p.yaml", "penchant")

    Variant.title = title
    return Variant()


def test_a_plugins_section_joins_the_rules_schema_and_goes_with_the_plugin(plugin):
    assert "deal_bonus" in rules_schema().model_fields
    assert read_rules(with_section("deal_bonus:\n  points: 7\n  source: T"), "p.yaml", "penchant")
    reset_plugins()
    assert "deal_bonus" not in sections.RULES_SECTIONS
    assert "deal_bonus" not in rules_schema().model_fields


def test_a_sections_mistakes_are_told_at_their_line_and_column(plugin):
    text = with_section("deal_bonus:\n  points: -1\n  source: T")
    line = text.splitlines().index("  points: -1") + 1
    with pytest.raises(RulesError, match=rf"p\.yaml:{line}:3: .*greater than or equal to 0"):
        read_rules(text, "p.yaml", "penchant")
    text = with_section("deal_bonus:\n  points: 1\n  rank: X\n  source: T")
    line = text.splitlines().index("  rank: X") + 1
    with pytest.raises(RulesError, match=rf"p\.yaml:{line}:3: .*rank 'X' not in the deck"):
        read_rules(text, "p.yaml", "penchant")


def test_a_name_taken_is_refused():
    with pytest.raises(ValueError, match="registered already"):
        sections.register_rules_section("trump", None, DealBonus)  # the core's own section
    with pytest.raises(ValueError, match="registered already"):
        sections.register_rules_section("game_end.target", None, DealBonus)  # a key of it
    with pytest.raises(ValueError, match="'players' is not a section"):
        sections.register_rules_section("players.bonus", None, DealBonus)


def test_the_section_acts_at_the_deal(plugin):
    s = penchant_with("deal_bonus:\n  points: 7\n  source: T", "Penchant with a deal bonus").new_game(seed=3)
    assert s.scores[s.dealer] == 7 and s.scores[1 - s.dealer] == 0
    assert load_game("penchant").new_game(seed=3).scores == [0, 0]


# A standing action of a plugin's own: a seat may resign at any decision of its own, which ends
# the game at once in the other seat's favour (a rule of no shipped game: the mechanism alone).
class Resign(Strict):
    verb: str = "resign"
    source: Source


class ResignHandler:
    at_once = False  # a bot never resigns of itself
    result_key = "resigned"
    not_taken = "Not resigned: play on."

    def verb(self, rule):
        return rule.verb

    def is_open(self, state, rule, seat):
        return True

    def take(self, state, rule, seat, action):
        state.actions.append(action)
        sections.finish_at_once(state, state.table.next(seat), 1, resigned=seat)

    def question(self, state, rule, seat):
        return "Resign the game?"


@pytest.fixture
def resign_plugin():
    yield from section_plugin("test-resign", "resign", ResignHandler(), Resign)


def test_a_plugins_standing_action_is_open_beside_every_decision_and_taken_at_once(resign_plugin):
    from cardcore.bots.simple import standing_or_rest
    from cardcore.text.moves import interpret

    s = penchant_with("resign:\n  source: T", "Penchant where a player may resign").new_game(seed=3)
    seat = s.current_player
    assert s.legal_actions()[-1] == "resign" and s.legal_moves()[-1] == "resign"
    assert s.legal_actions()[:-1] == load_game("penchant").new_game(seed=3).legal_actions()
    assert standing_or_rest(s, s.legal_actions()) == (None, s.legal_actions())  # not at_once: no bot takes it
    assert sections.standing_confirmation(s, seat, "resign") == ("Resign the game?", "Not resigned: play on.")
    assert interpret("resign", s).action == "resign"
    s.apply("resign")
    assert s.is_terminal() and s.result["resigned"] == seat and s.result["winner"] == 1 - seat
    assert sections.decided_at_once(s.result)
