"""The rules data the Bezique games brought to the core, checked generically: a malformed re-use
law or phase rank order names its place in the file, and the re-use laws are each one switch
(``broken_melds: reform``, the multi-pack law, re-forms a broken meld with a replacement)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from cardcore import load_game
from cardcore.engine.compiled import CompiledRules
from cardcore.errors import RulesError
from cardcore.game import read_rules

from .conftest import next_win, won_opening

BEZIQUE = resources.files("cardrules").joinpath("bezique.yaml").read_text(encoding="utf-8")


def error_of(text: str) -> str:
    with pytest.raises(RulesError) as info:
        read_rules(text, "bezique.yaml", "bezique")
    message = str(info.value).splitlines()[0]
    assert re.match(r"bezique\.yaml:\d+:\d+: \S", message), message
    return message


def line_no(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_an_unknown_re_use_law_value_names_its_line():
    text = BEZIQUE.replace("  same_class: higher-only", "  same_class: sometimes", 1)
    message = error_of(text)
    assert message.startswith(f"bezique.yaml:{line_no(text, 'same_class: sometimes')}:")
    assert "sometimes" in message or "higher-only" in message


def test_a_phase_rank_order_must_reorder_the_decks_ranks():
    text = BEZIQUE.replace('whist: ["7", "8", "9", "T", "J", "Q", "K", "A"]', 'whist: ["7", "8", "9", "T", "J", "Q", "K"]')
    message = error_of(text)
    assert "reorder the deck's ranks" in message


def test_broken_melds_reform_lets_a_replacement_form_the_meld_again(monkeypatch):
    # the two-hand law (F325) refuses it: test_reuse_laws.py; with the multi-pack law (RM §7,
    # Portland law 34) the same position allows it
    s = won_opening("KS KH KD KC KS")
    file = s.game.rules
    laws = file.meld_reuse.model_copy(update={"broken_melds": "reform"})
    monkeypatch.setattr(s.game, "compiled", CompiledRules(file.model_copy(update={"meld_reuse": laws})))
    s._meld_memo = None
    s.apply("meld KS KH KD KC")
    next_win(s, "KS from table")  # the table's K♠ is played: the quartet is broken
    assert s.deck.names_of(s.tableaus[0]) == ["KH", "KD", "KC"]
    next_win(s, "9S")
    assert "meld KS KH KD KC" in s.legal_actions()     # the hand's K♠ replaces it
    s.apply("meld KS KH KD KC")
    assert s.scores == [160, 0]


def test_the_compiled_rules_are_read_only():
    rules = load_game("bezique").compiled
    assert rules.reuse_laws.broken_melds == "no-reform"
    with pytest.raises(AttributeError, match="read-only"):
        rules.reuse_laws = None

