"""Only Penneech throws a hand in (WP, Deal: "a player with no Aces nor face cards may throw in his
cards for a fresh deal"), so the phase kind ``throw-in`` and the rules section ``throw_in`` are its
plugin's (plugins/penneech/throw_in.py, hooks register_phase_kinds and register_rules_sections),
no longer cardcore's: the core names no throw-in, an old import is told where it went, and the
game still offers, accepts and explains it."""

import re

import pytest

import cardcore
from cardcore.cli import rules_data
from cardcore.engine.phases import PHASE_KINDS
from cardcore.engine.sections import RULES_SECTIONS
from cardcore.text.rules import rules_page

from helpers import core_files_naming

from .conftest import deal, game

HONOURS = "AS 9S 8S 7S 6S 5S 4S"
NO_HONOURS = "TH 9H 8H 7H 6H 5H 4H"


def test_the_kind_and_the_section_are_the_plugins():
    game()  # the plugins are loaded
    assert type(PHASE_KINDS["throw-in"]).__module__ == "cardplugins.penneech.throw_in"
    assert type(RULES_SECTIONS["throw_in"].handler).__module__ == "cardplugins.penneech.throw_in"


def test_the_core_names_no_throw_in():
    named = re.compile(r"throw[-_ ]?in|thrown[-_]in", re.IGNORECASE)
    assert core_files_naming(named, suffixes=(".py", ".js", ".html")) == []


def test_an_old_import_is_told_where_the_throw_in_went():
    with pytest.raises(ImportError, match="cardplugins.penneech.throw_in"):
        import cardcore.engine.phases.throw_in  # noqa: F401
    with pytest.raises(ImportError, match="now cardplugins.penneech.throw_in.THROW_IN"):
        from cardcore.state import THROW_IN  # noqa: F401
    with pytest.raises(ImportError, match="now cardplugins.penneech.throw_in.ThrowInRule"):
        from cardcore.ruleset import ThrowInRule  # noqa: F401


def test_the_rules_page_and_the_json_still_say_it():
    # WP, Deal and RM §11 item 21: a hand without A K Q J, thrown in before the first lead; the
    # same dealer deals again.
    g = game()
    assert rules_data(g)["throw_in"] == {"without_ranks": ["A", "K", "Q", "J"], "redeal": "same-dealer",
                                         "source": g.rules.throw_in.source}
    page = rules_page(g, rules_data(g))
    assert "Throw-in\n  A hand without A K Q J may be thrown in before the first lead; the same dealer deals again." \
        in page


def test_a_pass_at_the_offer_is_told_as_keeping_the_hand():
    # the seat keeps its hand: the log and the words say so, and play begins with elder's lead
    s = game().new_game(deals=[deal(HONOURS, NO_HONOURS, turns=["2D"])])
    assert s.decision == "throw-in" and s.current_player == 1
    s.apply("pass")
    assert [e.to_dict() for e in s.events if e.type == "pass"] == [{"type": "pass", "seat": 1}]
    assert s.decision == "play" and s.current_player == 0
    with pytest.raises(cardcore.IllegalAction, match="thrown in only before the first lead"):
        s.apply("throw-in")


def test_a_clone_keeps_the_offers_apart():
    # the seats still to be offered are the phase's data, copied with the state
    s = game().new_game(deals=[deal("TC 9C 8C 7C 6C 5C 4C", NO_HONOURS, turns=["2D"])])
    copy = s.clone()
    s.apply("pass")
    assert (s.current_player, copy.current_player) == (1, 0)
    copy.apply("pass")
    assert copy.current_player == 1 and copy.decision == "throw-in"
