"""Only two-hand Pinochle calls Out (PB95, Two-hand Pinochle: "The first to reach that total
calls 'Out' to end the play, and loses if he is wrong"), so the claim is its plugin's rules
section (plugins/pinochle/claim.py, hook register_rules_sections), a standing action of
cardcore's (cardcore.engine.sections): the core names no claim, an old import is told where it
went, and bots, the rules page and the call itself behave as before."""

import re

import pytest

from cardcore.bots.simple import GreedyBot, standing_or_rest
from cardcore.engine.sections import RULES_SECTIONS, standing_actions
from cardcore.text.rules import rules_page
from cardcore.cli import rules_data

from helpers import core_files_naming

from .conftest import new_state, registered, won_opening

pytestmark = registered


def test_the_claim_is_the_plugins_standing_action():
    s = new_state()
    assert type(RULES_SECTIONS["claim"].handler).__module__ == "cardplugins.pinochle.claim"
    assert [verb for verb, _, _ in standing_actions(s.rules)] == ["out"]


def test_the_core_names_no_claim():
    named = re.compile(r"claim(?!_records)", re.IGNORECASE)  # (the web's lock on its records is no claim of a game)
    assert core_files_naming(named, suffixes=(".py", ".js", ".html")) == []


def test_an_old_import_is_told_where_the_claim_went():
    with pytest.raises(ImportError, match="cardplugins.pinochle.claim"):
        import cardcore.text.claim  # noqa: F401
    with pytest.raises(ImportError, match="now cardplugins.pinochle.claim.ClaimRule"):
        from cardcore.ruleset import ClaimRule  # noqa: F401
    with pytest.raises(ImportError, match="now cardcore.bots.simple.standing_or_rest"):
        from cardcore.bots.simple import claim_or_rest  # noqa: F401


def test_a_bot_calls_out_as_soon_as_it_is_right():
    # target 150: the flush (150) reaches it; the call is then the bot's move, ahead of any meld
    s = won_opening("AH TH KH QH JH", target=150)
    assert standing_or_rest(s, s.legal_actions())[0] is None
    s.apply("meld AH TH KH QH JH")
    taken, rest = standing_or_rest(s, s.legal_actions())
    assert taken == "out" and "out" not in rest
    assert GreedyBot(s.game, seed=1).choose(s) == "out"
    s.apply("out")
    assert s.result["claim"] == {"player": 0, "right": True} and s.result["winner"] == 0


def test_the_rules_page_still_says_the_call():
    s = new_state()
    page = rules_page(s.game, rules_data(s.game))
    assert "Claiming the game\n  out: claim to have reached the target, at any decision of yours" in page
    assert rules_data(s.game)["claim"]["action"] == "out"
