"""Malformed rules files are reported as ``file:line:col: problem``, never as a traceback.

Each test breaks the real rules/penchant.yaml in one way and feeds it to the real loader,
``cardcore.game.read_rules``, which checks the file under every value of every option. The
expected line is found in the broken text itself (the line a person would look at); the
location rules are yamlsource's: a mapping entry is marked at its key, a sequence item where
it starts, and a switch by the key that holds it.
"""

from __future__ import annotations

import importlib.util
import re
from importlib import resources
from pathlib import Path

import pytest

from cardcore.errors import RulesError
from cardcore.game import read_rules

PENCHANT = resources.files("cardrules").joinpath("penchant.yaml").read_text(encoding="utf-8")
FILENAME = "penchant.yaml"


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


def line_of(text: str, line: str, after: str | None = None) -> int:
    """1-based number of ``line`` (a whole line); the first one after the line ``after`` if given."""
    lines = text.splitlines()
    start = lines.index(after) + 1 if after is not None else 0
    if after is None:
        assert lines.count(line) == 1, f"{line!r} is not a unique line"
    return lines.index(line, start) + 1


def col_of(text: str, line_no: int, fragment: str) -> int:
    return text.splitlines()[line_no - 1].index(fragment) + 1


def error_of(text: str) -> str:
    with pytest.raises(RulesError) as info:
        read_rules(text, FILENAME, "penchant")
    message = str(info.value)
    assert "Traceback" not in message
    for problem in message.splitlines():  # one problem per line, each with its place
        assert re.match(rf"{re.escape(FILENAME)}:\d+:\d+: \S", problem), problem
    return message.splitlines()[0]


def assert_at(message: str, line: int, *words: str, col: int | None = None) -> None:
    where = f"{FILENAME}:{line}:" + (f"{col}:" if col is not None else "")
    assert message.startswith(where), f"expected {where}, got: {message}"
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in: {message}"


def test_the_unbroken_file_loads():
    source = read_rules(PENCHANT, FILENAME, "penchant")
    assert "foster-1897" in source.presets


# ------------------------------------------------------------------------------- melds
def test_meld_with_a_rank_not_in_the_deck():
    family = "  - name: family\n    kind: sequence\n    size: 3\n    contains: [J, Q, K]\n"
    text = replace_once(PENCHANT, family, family.replace('[J, Q, K]', '[J, Q, "6"]'))
    message = error_of(text)
    # the piquet pack has no sixes (K, The Deck): the complaint is on the line that names the 6
    assert_at(message, line_of(text, '    contains: [J, Q, "6"]'), "family", "'6'", "rank", col=5)


def test_couple_with_a_rank_not_in_the_deck():
    text = replace_once(PENCHANT, "    ranks: [K, Q]\n", '    ranks: [K, "2"]\n')
    message = error_of(text)
    assert_at(message, line_of(text, '    ranks: [K, "2"]'), "marriage", "'2'", "rank")


def test_meld_kind_that_does_not_exist():
    text = replace_once(PENCHANT, "    kind: flush\n", "    kind: straight\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    kind: straight"), "kind", "set", "sequence", "flush", "couple",
              col=5)


def test_two_melds_with_one_name():
    text = replace_once(PENCHANT, "  - name: besito\n", "  - name: marriage\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  - name: marriage", after="    description: K and Q of the same suit"),
              "marriage")


def test_meld_without_source():
    described = "    description: four-card sequence of one suit containing J Q K\n"
    text = replace_once(PENCHANT, described + '    source: "K, meld table; CS, MELDS"\n', described)
    message = error_of(text)
    # a missing key is reported where its mapping (here the list item of clan) starts
    assert_at(message, line_of(text, "  - name: clan"), "source", "required", col=5)


def test_deck_without_source():
    text = replace_once(
        PENCHANT,
        '  source: "K, The Deck, Setup: 32-card piquet pack, 7 low to A high, the ten between 9 and J (fn 2); CS, Deck"\n',
        "")
    message = error_of(text)
    assert_at(message, line_of(text, "deck:"), "deck", "source", "required")


# ----------------------------------------------------------------------------- switches
def test_switch_on_an_unknown_option():
    text = replace_once(PENCHANT, "    by: trump_marriage_cancels_trump\n", "    by: trump_marriage_cancel\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  cancelled_by_trump_meld:"),
              "trump_marriage_cancel'", "known options", "trump_marriage_cancels_trump")


def test_option_reference_to_an_unknown_option():
    text = replace_once(PENCHANT, "  rounds: {option: rounds}\n", "  rounds: {option: round}\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  rounds: {option: round}"), "'round'", "known options")


def test_switch_without_a_branch_for_one_value():
    # cheat-sheet scoring is not the default: the gap is found because every value is checked
    text = replace_once(PENCHANT, "      19th-century: 10\n      cheat-sheet: 8\n", "      19th-century: 10\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    points:", after="  - name: quadruplets"),
              "scoring", "cheat-sheet", "no branch", "modern", "19th-century")


def test_bad_value_in_one_branch_only():
    text = replace_once(PENCHANT, "      FTr: FTr\n", "      FTr: FXr\n")
    message = error_of(text)
    assert_at(message, line_of(text, "      FTr: FXr"), "FXr", "ftr")


# ---------------------------------------------------------------------------- YAML itself
def test_yaml_syntax_error():
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: 6: 7\n")
    line = line_of(text, "  hand_size: 6: 7")
    message = error_of(text)
    assert_at(message, line, "mapping values", col=col_of(text, line, ": 7"))


def test_duplicate_key():
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: 6\n  hand_size: 7\n")
    first = line_of(text, "  hand_size: 6")
    message = error_of(text)
    assert_at(message, line_of(text, "  hand_size: 7"), "duplicate key 'hand_size'", f"first at line {first}",
              col=3)


# ------------------------------------------------------------------------------ presets
def test_preset_with_an_invalid_value():
    text = replace_once(PENCHANT, "    trump_setter: any\n", "    trump_setter: everyone\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    trump_setter: everyone"),
              "foster-1897", "trump_setter", "everyone", "winner", "any")


def test_preset_with_an_unknown_option():
    text = replace_once(PENCHANT, "    blocking_tie: strict\n", "    blocking_ties: strict\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    blocking_ties: strict"), "cheat-sheet", "blocking_ties", "valid options")


# ------------------------------------------------------------------------ phases, scoring
def test_phase_follow_rule_that_is_not_parlett_letters():
    text = replace_once(PENCHANT, "    follow: ftr\n", "    follow: FXR\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    follow: FXR"), "FXR", "ftr", col=5)


def test_scoring_that_counts_an_unknown_counter():
    text = replace_once(PENCHANT, "    counter: brisques\n    phase: meal\n", "    counter: brisks\n    phase: meal\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    counter: brisks"), "brisks", "counter")


def test_phase_that_declares_an_unknown_meld():
    text = replace_once(PENCHANT, "        only: [penchant]\n", "        only: [pencheant]\n")
    message = error_of(text)
    # the complaint is about the declaration step, a list item: it is marked where the item starts
    step = line_of(text, "      - step: declare", after="        source: \"K, Phase one: a stock card is drawn by the winner, then by the loser\"")
    assert_at(message, step, "pencheant")


# ------------------------------------------------------------- end to end, third-party game
def _third_party_helpers():
    path = Path(__file__).with_name("test_third_party_game.py")
    spec = importlib.util.spec_from_file_location("_third_party_game_helpers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_broken_third_party_rules_file_on_the_command_line(tmp_path):
    helpers = _third_party_helpers()
    tiny = replace_once(helpers.TINY_YAML, "    follow: FTR\n", "    follow: FXR\n")
    line = line_of(tiny, "    follow: FXR")
    helpers.make_tiny_plugin(tmp_path, tiny)

    proc = helpers.run_python(tmp_path, "rules", "tinytricks")
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert f"tiny.yaml:{line}:" in proc.stderr
    assert "FXR" in proc.stderr

    listed = helpers.run_python(tmp_path, "games")  # listing does not need the rules
    assert listed.returncode == 0
    assert "tinytricks" in listed.stdout and "penchant" in listed.stdout


# ------------------------------------------------------------------- former defaults
def test_former_default_that_is_not_one_of_the_values():
    # former_default is the value a record without a format marker means for an option it leaves
    # out; one the option cannot take is a mistake in the file.
    text = replace_once(PENCHANT, "    values: [false, true]\n    description: \"Variation: cards already",
                        "    values: [false, true]\n    former_default: {value: maybe, source: \"a reason\"}\n"
                        "    description: \"Variation: cards already")
    message = error_of(text)
    assert_at(message, line_of(text, "  - name: no_meld_reuse"), "former_default", "maybe", "not one of values")


def test_former_default_without_its_reason():
    text = replace_once(PENCHANT, "    values: [false, true]\n    description: \"Variation: cards already",
                        "    values: [false, true]\n    former_default: {value: true}\n"
                        "    description: \"Variation: cards already")
    message = error_of(text)
    assert "former_default" in message and "source" in message


# ------------------------------------------------------------- hostile files (issue 11)
def test_option_declared_twice():
    rounds = (
        "  - name: rounds\n    type: integer\n    default: 4\n    minimum: 1\n"
        "    maximum: 100  # not a rule: a bound that keeps a game (and a simulation of many) finite\n"
        "    description: rounds (deals) in a game, 1 to 100; the deal alternates\n"
        '    source: "K, Goal and Scoring: a game is four rounds; CS, PLAY 2 (deal alternates)"\n'
    )
    text = replace_once(PENCHANT, rounds, rounds.replace("rounds (deals)", "deals") + rounds)
    first = line_of(text, "    description: deals in a game, 1 to 100; the deal alternates") - 5
    second = line_of(text, "    description: rounds (deals) in a game, 1 to 100; the deal alternates") - 5
    message = error_of(text)
    # the second declaration's name, a list item's first key: column 5
    assert message == f"{FILENAME}:{second}:5: option 'rounds' is declared twice (first at line {first})"


def test_switch_branch_for_a_value_the_option_does_not_have():
    # scoring's values are modern, 19th-century, cheat-sheet (the options section of the file)
    text = replace_once(PENCHANT, "      19th-century: 10\n      cheat-sheet: 8\n",
                        "      19th-century: 10\n      cheat-sheet: 8\n      cheatsheet: 9\n")
    message = error_of(text)
    assert message == (
        f"{FILENAME}:{line_of(text, '      cheatsheet: 9')}:7: this switch on option 'scoring' has a branch "
        "'cheatsheet' that the option cannot take; valid values: modern, 19th-century, cheat-sheet"
    )


def test_switch_branch_outside_an_integer_options_range():
    # rounds is an integer option from 1 to 100: a branch for 0 rounds can never be chosen
    text = replace_once(PENCHANT, "  rounds: {option: rounds}\n", "  rounds: {by: rounds, 4: 4, 0: 1, default: 8}\n")
    line = line_of(text, "  rounds: {by: rounds, 4: 4, 0: 1, default: 8}")
    message = error_of(text)
    assert_at(message, line, "switch on option 'rounds'", "branch '0'", "an integer from 1 to 100",
              col=col_of(text, line, "0: 1"))


def test_switch_branch_on_a_boolean_option():
    text = replace_once(PENCHANT, "    by: trump_marriage_cancels_trump\n",
                        "    by: trump_marriage_cancels_trump\n    sometimes: null\n")
    message = error_of(text)
    assert_at(message, line_of(text, "    sometimes: null"), "'sometimes'", "valid values: false, true", col=5)


def test_value_nested_five_thousand_levels_deep():
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: " + "[" * 5000 + "\n")
    # hand_size's value is level 2 (root 0, deal 1), so the k-th bracket is level k+1 and the
    # 63rd, at column len("  hand_size: ") + 63 = 76, is the first node of level 64
    message = error_of(text)
    assert message == f"{FILENAME}:{line_of(text, '  hand_size: ' + '[' * 5000)}:76: nested more than 64 levels deep"


def test_integer_of_five_thousand_digits():
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: " + "6" * 5000 + "\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  hand_size: " + "6" * 5000), "integer too long", col=14)


def test_alias_bomb_appended_to_a_rules_file():
    lines = ['lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'] + [
        f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 9)
    ]
    text = PENCHANT + "\n".join(lines) + "\n"
    # 10-node lists; aliases add 90, 819, 7380 nodes on lol1 to lol3; the first *l3 of lol4,
    # 7381 nodes, passes 10,000. "lol4: &l4 [" is 11 characters.
    message = error_of(text)
    assert_at(message, line_of(text, lines[4]), "alias *l3", "10000", col=12)


def test_nul_character_in_a_value():
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: 6\x00\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  hand_size: 6\x00"), "#x0000", col=15)


def test_latin1_byte_in_a_rules_file_read_as_bytes():
    # the file is UTF-8 but for one Latin-1 e-acute, after "  hand_size: 6 # six" (20 characters)
    data = PENCHANT.encode("utf-8").replace(b"  hand_size: 6\n", b"  hand_size: 6 # six\xe9\n")
    line = line_of(PENCHANT, "  hand_size: 6")
    offset = data.index(b"six\xe9") + len(b"six")
    message = error_of(data)
    assert message == (
        f"{FILENAME}:{line}:21: not UTF-8: byte(s) e9 at byte offset {offset} (invalid continuation byte)"
    )


def test_non_utf8_rules_of_a_third_party_plugin_on_the_command_line(tmp_path):
    helpers = _third_party_helpers()
    rules = helpers.make_tiny_plugin(tmp_path)
    tiny = helpers.TINY_YAML.replace("  summary: A test game", "  summary: A t\xe9st game")
    rules.write_bytes(tiny.encode("latin-1"))
    line = line_of(tiny, "  summary: A t\xe9st game of sixteen cards, two phases and no melds.")

    proc = helpers.run_python(tmp_path, "rules", "tinytricks")
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert f"tiny.yaml:{line}:15: not UTF-8: byte(s) e9" in proc.stderr


def test_turn_trump_step_without_trump_turned_from_the_stock():
    # Penneech turns the stock's top card for trump after each trick (WP, Play); without
    # trump.initial: stock-top a game would deal with no trump card to turn, and crash at play
    penneech = resources.files("cardrules").joinpath("penneech.yaml").read_text(encoding="utf-8")
    text = replace_once(penneech, "  initial: stock-top\n", "")
    with pytest.raises(RulesError) as info:
        read_rules(text, "penneech.yaml", "penneech")
    step = line_of(text, "      - step: turn-trump")
    assert str(info.value).startswith(f"penneech.yaml:{step}:9: phases[2].after_trick[0]: ")  # after deal, throw-in
    assert "trump.initial: stock-top" in str(info.value)


def test_hands_that_need_more_cards_than_the_deck_has():
    # the piquet pack has 32 cards (K, The Deck): two hands of 17 would need 34
    text = replace_once(PENCHANT, "  hand_size: 6\n", "  hand_size: 17\n")
    message = error_of(text)
    assert_at(message, line_of(text, "  hand_size: 17"), "2 hands of 17 need 34 cards; the deck has 32", col=3)


def test_turnup_of_a_rank_the_deck_lacks():
    marjolet = resources.files("cardrules").joinpath("marjolet.yaml").read_text(encoding="utf-8")
    rank = '  rank: "6"'
    text = replace_once(marjolet, '  rank: "7"\n', rank + "\n")
    with pytest.raises(RulesError) as info:
        read_rules(text, "marjolet.yaml", "marjolet")
    assert str(info.value) == (
        f"marjolet.yaml:{line_of(text, rank)}:3: turnup.rank: Value error, "
        "rank(s) not in the deck: ['6']"
    )


def _penchant_plugin_model():
    from cardcore.plugins import get_games

    return get_games()["penchant"].game_class.plugin_model


def test_blocking_names_a_meld_the_file_lacks():
    # Penchant's blocking compares sets by size; each size names its meld (K, Blocking)
    text = replace_once(PENCHANT, "    sets: {2: twins, 3: triplets, 4: quadruplets}\n",
                        "    sets: {2: twins, 3: triplets, 4: quadruplet}\n")
    line = line_of(text, "    sets: {2: twins, 3: triplets, 4: quadruplet}")
    with pytest.raises(RulesError) as info:
        read_rules(text, FILENAME, "penchant", _penchant_plugin_model())
    assert str(info.value) == (
        f"{FILENAME}:{line}:{col_of(text, line, '4: ')}: plugin.blocking.sets[4]: Value error, "
        "'quadruplet' is not a meld of this file"
    )


def test_blocking_elder_rank_the_deck_lacks():
    elder = '    elder: [J, Q, K, "1"]'
    text = replace_once(PENCHANT, "    elder: [J, Q, K, A]\n", elder + "\n")
    with pytest.raises(RulesError) as info:
        read_rules(text, FILENAME, "penchant", _penchant_plugin_model())
    assert str(info.value) == (
        f"{FILENAME}:{line_of(text, elder)}:5: plugin.blocking.elder: Value error, "
        "rank(s) not in the deck: ['1']"
    )


def test_phase_that_strands_melded_cards_on_the_table():
    # melds lie on the table (K, Phase one: melded cards may be played); the Meal takes them
    # back to hand (K, End Game). Without that the Meal would stall with cards left on the table.
    text = replace_once(PENCHANT, "    on_start: [tableau-to-hand]\n", "")
    message = error_of(text)
    assert_at(message, line_of(text, "  - name: meal"), "phases[2]", "'meal'", "on_start: [tableau-to-hand]",
              col=5)


# The deal and the throw-in are phases done as the cards are dealt (cardcore.ruleset
# DEAL_PHASE_KINDS): listed first, the deal before the throw-in, each once.
PENNEECH = resources.files("cardrules").joinpath("penneech.yaml").read_text(encoding="utf-8")
DEAL_PHASE = PENNEECH[PENNEECH.index("  - name: deal\n"):PENNEECH.index("  - name: throw-in\n")]
THROW_IN_PHASE = PENNEECH[PENNEECH.index("  - name: throw-in\n"):PENNEECH.index("  - name: tricks\n")]


def penneech_error(text: str) -> str:
    with pytest.raises(RulesError) as info:
        read_rules(text, "penneech.yaml", "penneech")
    return str(info.value).splitlines()[0]


def test_a_deal_phase_after_a_phase_of_play_is_refused_at_its_kind():
    # the deal moved after the phase of tricks: throw-in, tricks, deal
    text = replace_once(PENNEECH, DEAL_PHASE, "")
    at = text.index("\nscoring:")
    text = text[:at] + "\n" + DEAL_PHASE.rstrip("\n") + text[at:]
    message = penneech_error(text)
    assert message.startswith(f"penneech.yaml:{line_of(text, '    kind: deal')}:5: phases[2].kind: "), message
    assert "list it before the phases of play" in message


def test_a_throw_in_before_the_deal_is_refused():
    text = replace_once(PENNEECH, DEAL_PHASE + THROW_IN_PHASE, THROW_IN_PHASE + DEAL_PHASE)
    message = penneech_error(text)
    assert message.startswith(f"penneech.yaml:{line_of(text, '    kind: throw-in')}:5: phases[0].kind: "), message
    assert "deal, throw-in (the deal first)" in message


def test_a_throw_in_phase_needs_the_throw_in_rule_and_the_rule_its_phase():
    section = PENNEECH[PENNEECH.index("throw_in:\n"):PENNEECH.index("trump:\n")]
    text = replace_once(PENNEECH, section, "")
    message = penneech_error(text)
    assert message.startswith(f"penneech.yaml:{line_of(text, '    kind: throw-in')}:5: "), message
    assert "needs the throw_in section" in message
    text = replace_once(PENNEECH, THROW_IN_PHASE, "")
    message = penneech_error(text)
    assert message.startswith(f"penneech.yaml:{line_of(text, 'throw_in:')}:1: throw_in: "), message
    assert "needs a throw-in phase" in message


def test_a_deal_with_no_phase_of_play_after_it_is_refused():
    start, end = PENCHANT.index("phases:\n") + len("phases:\n"), PENCHANT.index("\nscoring:")
    deal = PENCHANT[start:PENCHANT.index("  - name: gathering\n")]
    text = PENCHANT[:start] + deal + PENCHANT[end:]
    message = error_of(text)
    assert_at(message, line_of(text, "phases:"), "no phase of play")


# ------------------------------------------------------------------------------- levels
def test_a_level_that_is_not_a_strength_level():
    broken = replace_once(PENCHANT, "\nnotes:\n", '\nlevels:\n  expert: "ismcts(iterations=9000)"\nnotes:\n')
    message = error_of(broken)
    line = line_of(broken, '  expert: "ismcts(iterations=9000)"')
    assert_at(message, line, "easy", "normal", "hard")
