"""Option specs, validation of user input, and game strings."""

import functools
import json

import pytest
import yaml
from pydantic import ValidationError

from cardcore.errors import OptionError, RulesError
from cardcore.options import (
    OptionSet,
    OptionSpec,
    format_game_string,
    parse_assignments,
    parse_game_string,
)


def spec(**fields) -> OptionSpec:
    fields.setdefault("description", "d")
    fields.setdefault("source", "Cavendish 1890, p. 12")
    return OptionSpec(**fields)


SCORING = spec(name="scoring", values=["modern", "19th-century", "cheat-sheet"], description="score table")
HAND_SIZE = spec(name="hand_size", default=6, minimum=1, maximum=12, description="cards dealt")
OPEN_HAND = spec(name="open_hand", values=[False, True], description="play with hands shown")
ROUNDS = spec(name="rounds", default=1, minimum=1)
PENCHANT = OptionSet([SCORING, HAND_SIZE, OPEN_HAND, ROUNDS], "penchant")


def option_error(func, *args) -> str:
    with pytest.raises(OptionError) as info:
        func(*args)
    return str(info.value)


# ---------------------------------------------------------------- OptionSpec


def test_types_and_defaults_are_derived():
    assert (SCORING.type, SCORING.default) == ("choice", "modern")
    assert (HAND_SIZE.type, HAND_SIZE.default, HAND_SIZE.values) == ("integer", 6, None)
    assert (OPEN_HAND.type, OPEN_HAND.default) == ("boolean", False)


def test_boolean_option_from_yaml():
    raw = yaml.safe_load("name: open_hand\nvalues: [true, false]\ndescription: x\nsource: y\n")
    option = OptionSpec.model_validate(raw)
    assert (option.type, option.values, option.default) == ("boolean", [True, False], True)


def test_boolean_option_from_type_and_default():
    option = spec(name="trumps", type="boolean", default=True)
    assert (option.values, option.default) == ([True, False], True)


def test_choice_values_keep_their_types():
    option = spec(name="talon", values=[4, 6, "all"])
    assert option.values == [4, 6, "all"]
    assert type(option.values[0]) is int
    assert option.default == 4


def test_explicit_default_equal_to_first_value_is_fine():
    assert spec(name="scoring", values=["a", "b"], default="a").default == "a"


def test_spec_is_frozen():
    with pytest.raises(ValidationError):
        SCORING.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"name": "HandSize", "default": 1}, "String should match pattern"),
        ({"name": "hand size", "default": 1}, "String should match pattern"),
        ({"name": "a", "default": 1, "source": "  "}, "source must cite where this rule comes from"),
        ({"name": "a"}, "an integer option needs an integer default"),
        ({"name": "a", "default": True}, "an integer option needs an integer default"),
        ({"name": "a", "default": 0, "minimum": 1}, "default 0 is not an integer >= 1"),
        ({"name": "a", "default": 13, "minimum": 1, "maximum": 12}, "default 13 is not an integer from 1 to 12"),
        ({"name": "a", "default": 5, "minimum": 7, "maximum": 3}, "minimum 7 is greater than maximum 3"),
        ({"name": "a", "values": ["x", "y"], "default": "y"}, "default 'y' must be the first of values"),
        ({"name": "a", "values": ["x", "x"]}, "value 'x' is listed twice"),
        ({"name": "a", "values": []}, "a choice option needs a non-empty list of values, default first"),
        ({"name": "a", "type": "choice"}, "a choice option needs a non-empty list of values, default first"),
        ({"name": "a", "values": ["x"], "minimum": 1}, "minimum/maximum apply only to integer options, not choice"),
        ({"name": "a", "type": "integer", "values": [1, 2], "default": 1}, "an integer option takes minimum/maximum"),
        ({"name": "a", "default": 305, "minimum": 10, "multiple_of": 10}, "default 305 is not an integer >= 10, a multiple of 10"),
        ({"name": "a", "values": ["x"], "multiple_of": 10}, "minimum/maximum apply only to integer options"),
        ({"name": "a", "type": "boolean", "values": [True, "x"]}, "a boolean option has values [false, true]"),
        ({"name": "a", "default": 1, "colour": "red"}, "Extra inputs are not permitted"),
        ({"name": "a", "type": "float", "default": 1}, "Input should be 'choice', 'integer' or 'boolean'"),
    ],
)
def test_bad_specs(fields, fragment):
    with pytest.raises(ValidationError) as info:
        spec(**fields)
    assert fragment in str(info.value)


def test_source_is_required():
    with pytest.raises(ValidationError) as info:
        OptionSpec(name="a", default=1, description="d")
    assert [e["loc"] for e in info.value.errors()] == [("source",)]


def test_duplicate_option_names():
    with pytest.raises(RulesError) as info:
        OptionSet([HAND_SIZE, HAND_SIZE], "penchant")
    assert str(info.value) == "penchant: option 'hand_size' is declared twice"


# ---------------------------------------------------------------- OptionSet


def test_defaults_in_spec_order():
    defaults = PENCHANT.defaults()
    assert defaults == {"scoring": "modern", "hand_size": 6, "open_hand": False, "rounds": 1}
    assert list(defaults) == ["scoring", "hand_size", "open_hand", "rounds"]
    assert PENCHANT.specs == [SCORING, HAND_SIZE, OPEN_HAND, ROUNDS]


def test_validate_fills_defaults_in_spec_order():
    values = PENCHANT.validate({"rounds": "3", "open_hand": "YES", "hand_size": " 8 ", "scoring": "19th-century"})
    assert values == {"scoring": "19th-century", "hand_size": 8, "open_hand": True, "rounds": 3}
    assert list(values) == ["scoring", "hand_size", "open_hand", "rounds"]
    assert PENCHANT.validate({}) == PENCHANT.defaults()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("true", True), ("True", True), ("YES", True), ("1", True), (True, True), (1, True),
     ("false", False), ("No", False), ("0", False), (False, False), (0, False)],
)  # fmt: skip
def test_boolean_coercion(raw, expected):
    assert PENCHANT.validate({"open_hand": raw})["open_hand"] is expected


@pytest.mark.parametrize(("raw", "expected"), [("12", 12), ("+3", 3), (" 1", 1), (7, 7)])
def test_integer_coercion(raw, expected):
    value = PENCHANT.validate({"hand_size": raw})["hand_size"]
    assert value == expected and type(value) is int


def test_choice_coercion():
    assert PENCHANT.validate({"scoring": "MODERN"})["scoring"] == "modern"
    assert PENCHANT.validate({"scoring": "Cheat-Sheet"})["scoring"] == "cheat-sheet"
    talon = OptionSet([spec(name="talon", values=[4, 6, "all"])], "g")
    assert talon.validate({"talon": "6"}) == {"talon": 6}
    assert talon.validate({"talon": 6}) == {"talon": 6}
    assert talon.validate({"talon": "ALL"}) == {"talon": "all"}
    quoted = OptionSet([spec(name="talon", values=["4", "6"])], "g")
    assert quoted.validate({"talon": 6}) == {"talon": "6"}


def test_choice_case_folding_refuses_ambiguity():
    both = OptionSet([spec(name="suit", values=["Ab", "aB"])], "g")
    assert both.validate({"suit": "aB"}) == {"suit": "aB"}
    assert option_error(both.validate, {"suit": "ab"}) == "invalid value 'ab' for option 'suit' of g; valid values: Ab, aB"


def test_unknown_option_with_suggestion():
    assert option_error(PENCHANT.validate, {"scorng": "modern"}) == (
        "unknown option 'scorng' for penchant; valid options: scoring, hand_size, open_hand, rounds; "
        "did you mean 'scoring'?"
    )


def test_unknown_option_without_suggestion():
    assert option_error(PENCHANT.validate, {"zzz": "1"}) == (
        "unknown option 'zzz' for penchant; valid options: scoring, hand_size, open_hand, rounds"
    )


def test_unknown_option_of_a_game_without_options():
    assert option_error(OptionSet([], "tiny").validate, {"a": "1"}) == "unknown option 'a' for tiny; tiny has no options"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"scoring": "x"},
         "invalid value 'x' for option 'scoring' of penchant; valid values: modern, 19th-century, cheat-sheet"),
        ({"open_hand": "maybe"}, "invalid value 'maybe' for option 'open_hand' of penchant; valid values: false, true"),
        ({"open_hand": 2}, "invalid value '2' for option 'open_hand' of penchant; valid values: false, true"),
        ({"hand_size": "13"}, "invalid value '13' for option 'hand_size' of penchant; expected an integer from 1 to 12"),
        ({"hand_size": "0"}, "invalid value '0' for option 'hand_size' of penchant; expected an integer from 1 to 12"),
        ({"hand_size": "six"}, "invalid value 'six' for option 'hand_size' of penchant; expected an integer from 1 to 12"),
        ({"hand_size": 3.5}, "invalid value '3.5' for option 'hand_size' of penchant; expected an integer from 1 to 12"),
        ({"hand_size": True}, "invalid value 'true' for option 'hand_size' of penchant; expected an integer from 1 to 12"),
        ({"rounds": "-1"}, "invalid value '-1' for option 'rounds' of penchant; expected an integer >= 1"),
    ],
)  # fmt: skip
def test_invalid_values(raw, message):
    assert option_error(PENCHANT.validate, raw) == message


def test_integer_range_texts():
    at_most = OptionSet([spec(name="n", default=0, maximum=5)], "g")
    anything = OptionSet([spec(name="n", default=0)], "g")
    assert option_error(at_most.validate, {"n": 6}) == "invalid value '6' for option 'n' of g; expected an integer <= 5"
    assert option_error(anything.validate, {"n": "x"}) == "invalid value 'x' for option 'n' of g; expected an integer"
    assert anything.validate({"n": "-40"}) == {"n": -40}


def test_non_defaults():
    values = {"scoring": "modern", "hand_size": 8, "open_hand": True, "rounds": 1}
    assert PENCHANT.non_defaults(values) == {"hand_size": 8, "open_hand": True}
    assert PENCHANT.non_defaults(PENCHANT.defaults()) == {}


def test_describe_rows_are_json():
    rows = PENCHANT.describe()
    assert [r["name"] for r in rows] == ["scoring", "hand_size", "open_hand", "rounds"]
    assert rows[1] == {
        "name": "hand_size", "type": "integer", "values": None, "default": 6, "minimum": 1,
        "maximum": 12, "multiple_of": None, "description": "cards dealt", "source": "Cavendish 1890, p. 12",
    }  # fmt: skip
    assert rows[2]["values"] == [False, True] and rows[2]["type"] == "boolean"
    assert json.loads(json.dumps(rows)) == rows


# ---------------------------------------------------------------- game strings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("penchant", ("penchant", {})),
        ("  penchant  ", ("penchant", {})),
        ("penchant()", ("penchant", {})),
        ("penchant( )", ("penchant", {})),
        ("penchant(scoring=modern)", ("penchant", {"scoring": "modern"})),
        (" penchant ( scoring = 19th-century , hand_size=8 ) ", ("penchant", {"scoring": "19th-century", "hand_size": "8"})),
        ("bezique-2p(open_hand=TRUE)", ("bezique-2p", {"open_hand": "TRUE"})),
    ],
)  # fmt: skip
def test_parse_game_string(text, expected):
    assert parse_game_string(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "missing game name in ''; expected name or name(option=value, ...)"),
        ("(a=1)", "missing game name in '(a=1)'; expected name or name(option=value, ...)"),
        ("pen chant", "invalid game name 'pen chant' in 'pen chant'; expected name or name(option=value, ...)"),
        ("penchant)", "invalid game name 'penchant)' in 'penchant)'; expected name or name(option=value, ...)"),
        ("penchant(scoring=modern", "missing ')' at the end of 'penchant(scoring=modern'"),
        ("penchant(a=1) x", "unexpected text 'x' after ')' in 'penchant(a=1) x'"),
        ("penchant(a=(1))", "unexpected parenthesis inside the options of 'penchant(a=(1))'"),
        ("penchant(scoring)", "missing '=' after 'scoring' in 'penchant(scoring)'; expected name=value"),
        ("penchant(a=1,)", "empty option in 'penchant(a=1,)'; expected name=value"),
        ("penchant(=1)", "missing option name before '=' in 'penchant(=1)'"),
        ("penchant(a= )", "missing value for option 'a' in 'penchant(a= )'"),
        ("penchant(a=1, a=2)", "option 'a' is given twice in 'penchant(a=1, a=2)'"),
    ],
)
def test_bad_game_strings(text, message):
    assert option_error(parse_game_string, text) == message


def test_a_nested_string_keeps_a_value_s_own_options_whole():
    """A bot's parameter may be a bot with parameters of its own (``guide=heuristic(k=v)``)."""
    text = "ismcts(guide=heuristic(a=1,b=2),seconds=2)"
    assert parse_game_string(text, nested=True) == ("ismcts", {"guide": "heuristic(a=1,b=2)", "seconds": "2"})
    assert parse_game_string("ismcts(guide=heuristic)", nested=True) == ("ismcts", {"guide": "heuristic"})
    assert option_error(parse_game_string, "i(g=h(a=1)") == "unexpected parenthesis inside the options of 'i(g=h(a=1)'"
    nested = functools.partial(parse_game_string, nested=True)
    assert option_error(nested, "i(g=h(a=1)") == "missing ')' inside the options of 'i(g=h(a=1)'"
    assert option_error(nested, "i(a=1),b=(2)") == "unbalanced ')' inside the options of 'i(a=1),b=(2)'"
    assert option_error(nested, "i(g=h(a=1),,b=2)") == (
        "empty option in 'i(g=h(a=1),,b=2)'; expected name=value")


def test_format_game_string():
    assert format_game_string("penchant", {}) == "penchant"
    options = {"hand_size": 8, "open_hand": True, "scoring": "19th-century"}
    assert format_game_string("penchant", options) == "penchant(hand_size=8,open_hand=true,scoring=19th-century)"


def test_format_refuses_values_that_would_not_parse_back():
    assert option_error(format_game_string, "g", {"a": "x,y"}) == (
        "option 'a' has value 'x,y', which a game string cannot hold"
    )
    assert option_error(format_game_string, "g", {"a": ""}) == "option 'a' has value '', which a game string cannot hold"


def test_round_trip_through_game_string():
    values = PENCHANT.validate({"scoring": "cheat-sheet", "open_hand": True, "rounds": 2})
    text = format_game_string("penchant", PENCHANT.non_defaults(values))
    assert text == "penchant(scoring=cheat-sheet,open_hand=true,rounds=2)"
    name, raw = parse_game_string(text)
    assert name == "penchant"
    assert PENCHANT.validate(raw) == values


def test_parse_assignments():
    assert parse_assignments([]) == {}
    assert parse_assignments(["scoring=modern", " hand_size = 8 "]) == {"scoring": "modern", "hand_size": "8"}
    assert parse_assignments(["note=a=b"]) == {"note": "a=b"}


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["scoring"], "missing '=' after 'scoring' in '-o scoring'; expected name=value"),
        (["=1"], "missing option name before '=' in '-o =1'"),
        (["a="], "missing value for option 'a' in '-o a='"),
        ([""], "empty option in '-o '; expected name=value"),
        (["a=1", "a=2"], "option 'a' is given twice with -o"),
    ],
)
def test_bad_assignments(pairs, message):
    assert option_error(parse_assignments, pairs) == message
