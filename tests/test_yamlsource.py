"""Positions survive loading, switch resolution and pydantic validation.

Line/column expectations are counted by hand from the documents below
(1-based; a mapping entry is marked at its key, a list item where it starts).
"""

import sys
import tracemalloc
from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardcore.errors import RulesError
from cardcore.yamlsource import MAX_ALIAS_NODES, MAX_DEPTH, Sourced, line_of, load_yaml, resolve, validate


def doc(*lines: str) -> str:
    """Line i of the document is lines[i-1], which keeps the hand counting honest."""
    return "\n".join(lines) + "\n"


def error_of(func, *args) -> str:
    with pytest.raises(RulesError) as info:
        func(*args)
    return str(info.value)


# ---------------------------------------------------------------- load_yaml

NESTED = doc(
    "name: penchant",  # 1
    "deck:",  # 2
    "  ranks: [7, 8, 9]",  # 3
    "  suits:",  # 4
    "    - hearts",  # 5
    "    - spades",  # 6
    "melds:",  # 7
    "  - kind: set",  # 8
    "    points: 40",  # 9
    "  - kind: run",  # 10
    "    length: 3",  # 11
)


def test_data_is_plain_python():
    src = load_yaml(NESTED, "p.yaml")
    assert src.filename == "p.yaml"
    assert src.data == {
        "name": "penchant",
        "deck": {"ranks": [7, 8, 9], "suits": ["hearts", "spades"]},
        "melds": [{"kind": "set", "points": 40}, {"kind": "run", "length": 3}],
    }


def test_marks_of_nested_mappings_and_lists():
    marks = load_yaml(NESTED, "p.yaml").marks
    assert marks[()] == (1, 1)
    assert marks[("name",)] == (1, 1)
    assert marks[("deck",)] == (2, 1)
    assert marks[("deck", "ranks")] == (3, 3)
    assert marks[("deck", "ranks", 0)] == (3, 11)
    assert marks[("deck", "ranks", 2)] == (3, 17)
    assert marks[("deck", "suits")] == (4, 3)
    assert marks[("deck", "suits", 0)] == (5, 7)
    assert marks[("deck", "suits", 1)] == (6, 7)
    assert marks[("melds",)] == (7, 1)
    assert marks[("melds", 0)] == (8, 5)
    assert marks[("melds", 0, "kind")] == (8, 5)
    assert marks[("melds", 0, "points")] == (9, 5)
    assert marks[("melds", 1)] == (10, 5)
    assert marks[("melds", 1, "length")] == (11, 5)


def test_every_path_has_a_mark():
    src = load_yaml(NESTED, "p.yaml")
    expected = {
        (), ("name",), ("deck",), ("deck", "ranks"), ("deck", "ranks", 0), ("deck", "ranks", 1),
        ("deck", "ranks", 2), ("deck", "suits"), ("deck", "suits", 0), ("deck", "suits", 1),
        ("melds",), ("melds", 0), ("melds", 0, "kind"), ("melds", 0, "points"), ("melds", 1),
        ("melds", 1, "kind"), ("melds", 1, "length"),
    }  # fmt: skip
    assert set(src.marks) == expected


def test_scalars_are_yaml_1_1_typed():
    src = load_yaml(
        doc("flag: yes", "off_flag: off", "hex: 0x10", "ratio: 1.5", "nothing: ~",
            "quoted: '12'", "when: 1885-03-02", "1: one"),  # fmt: skip
        "t.yaml",
    )
    assert src.data == {
        "flag": True, "off_flag": False, "hex": 16, "ratio": 1.5, "nothing": None,
        "quoted": "12", "when": "1885-03-02", 1: "one",
    }  # fmt: skip
    assert type(src.data["hex"]) is int
    assert src.marks[(1,)] == (8, 1)


def test_sourced_is_frozen():
    src = load_yaml("a: 1\n", "f.yaml")
    with pytest.raises(AttributeError):
        src.data = {}  # type: ignore[misc]


def test_duplicate_key():
    text = doc("a: 1", "b:", "  c: 1", "  c: 2")
    assert error_of(load_yaml, text, "f.yaml") == "f.yaml:4:3: duplicate key 'c' (first at line 3)"


def test_syntax_error_names_the_line():
    # "b: c: d": the second ':' is column 5 of line 2.
    text = doc("a: 1", "b: c: d")
    assert error_of(load_yaml, text, "f.yaml") == "f.yaml:2:5: mapping values are not allowed here"


def test_unclosed_flow_sequence_names_where_it_began():
    # The flow sequence swallows line 2 ("2 b" is one plain scalar); the ':' after it
    # (line 2, column 2) cannot start a key, because a simple key may not span lines.
    message = error_of(load_yaml, doc("a: [1, 2", "b: 3"), "f.yaml")
    assert message == "f.yaml:2:2: expected ',' or ']', but got ':' (while parsing a flow sequence at line 1)"


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n"])
def test_empty_document(text):
    assert error_of(load_yaml, text, "f.yaml") == "f.yaml:1:1: expected a mapping at the top level"


def test_root_must_be_a_mapping():
    assert (
        error_of(load_yaml, doc("# rules", "- a", "- b"), "f.yaml")
        == "f.yaml:2:1: expected a mapping at the top level"
    )


def test_non_scalar_key():
    # "? [a, b]": the key's '[' is column 3.
    assert error_of(load_yaml, doc("? [a, b]", ": 1"), "f.yaml") == "f.yaml:1:3: mapping keys must be scalars"


def test_recursive_alias():
    # "a: &x [*x]": the anchored node starts at its anchor, column 4.
    assert error_of(load_yaml, doc("a: &x [*x]"), "f.yaml") == "f.yaml:1:4: recursive alias"


def test_merge_key_explicit_entries_win_and_keep_their_marks():
    src = load_yaml(doc("base: &b", "  x: 1", "  y: 2", "derived:", "  <<: *b", "  y: 3"), "f.yaml")
    assert src.data["derived"] == {"x": 1, "y": 3}
    assert src.marks[("derived", "x")] == (2, 3)
    assert src.marks[("derived", "y")] == (6, 3)


# ---------------------------------------------------------------- resolve

SWITCHES = doc(
    "scoring:",  # 1
    "  by: scoring",  # 2
    "  modern: 10",  # 3
    "  19th-century: 12",  # 4
    "  default: 8",  # 5
    "open: {by: open_hand, true: revealed, false: hidden}",  # 6
    "hand: {option: hand_size}",  # 7
    "talon:",  # 8
    "  by: hand_size",  # 9
    "  6: short",  # 10
    "  8:",  # 11
    "    by: scoring",  # 12
    "    modern: long",  # 13
    "    default: longer",  # 14
    "list:",  # 15
    "  - {by: open_hand, false: a, true: b}",  # 16
    "  - plain",  # 17
)


def test_switches_pick_branches_and_marks_follow_them():
    src = load_yaml(SWITCHES, "s.yaml")
    out = resolve(src, {"scoring": "modern", "open_hand": True, "hand_size": 6})
    assert out.data == {"scoring": 10, "open": "revealed", "hand": 6, "talon": "short", "list": ["b", "plain"]}
    assert out.filename == "s.yaml"
    assert out.marks[()] == (1, 1)
    assert out.marks[("scoring",)] == (3, 3)
    assert out.marks[("open",)] == (6, 23)
    assert out.marks[("hand",)] == (7, 1)
    assert out.marks[("talon",)] == (10, 3)
    assert out.marks[("list",)] == (15, 1)
    assert out.marks[("list", 0)] == (16, 31)
    assert out.marks[("list", 1)] == (17, 5)
    assert set(out.marks) == {(), ("scoring",), ("open",), ("hand",), ("talon",), ("list",),
                              ("list", 0), ("list", 1)}  # fmt: skip
    # resolving does not touch the input
    assert src.data["scoring"]["by"] == "scoring"


def test_nested_switch_and_default_branch():
    src = load_yaml(SWITCHES, "s.yaml")
    out = resolve(src, {"scoring": "19th-century", "open_hand": False, "hand_size": 8})
    assert out.data == {"scoring": 12, "open": "hidden", "hand": 8, "talon": "longer", "list": ["a", "plain"]}
    assert out.marks[("scoring",)] == (4, 3)
    assert out.marks[("open",)] == (6, 39)
    assert out.marks[("talon",)] == (14, 5)  # default of the inner switch
    assert out.marks[("list", 0)] == (16, 21)

    out = resolve(src, {"scoring": "cheat-sheet", "open_hand": False, "hand_size": 8})
    assert out.data["scoring"] == 8
    assert out.marks[("scoring",)] == (5, 3)


def test_marks_inside_a_chosen_branch_are_rekeyed():
    text = doc("deck:", "  by: short_deck", "  true:", "    ranks: [7, 8]", "  false:", "    ranks: [2, 3]")
    out = resolve(load_yaml(text, "d.yaml"), {"short_deck": False})
    assert out.data == {"deck": {"ranks": [2, 3]}}
    assert out.marks == {(): (1, 1), ("deck",): (5, 3), ("deck", "ranks"): (6, 5),
                         ("deck", "ranks", 0): (6, 13), ("deck", "ranks", 1): (6, 16)}  # fmt: skip


def test_switch_inside_a_chosen_branch_and_a_switch_yielding_a_switch():
    text = doc(
        "a:",  # 1
        "  by: x",  # 2
        "  1:",  # 3
        "    inner: {by: y, false: no-y, true: {option: y}}",  # 4
    )
    out = resolve(load_yaml(text, "n.yaml"), {"x": 1, "y": True})
    assert out.data == {"a": {"inner": True}}
    # an {option: ...} value is marked where the branch holding it is: key 'true', column 33
    assert out.marks[("a", "inner")] == (4, 33)


def test_integer_and_boolean_keys_are_kept_apart():
    # 1 == True in Python; a switch must not confuse them.
    ints = load_yaml(doc("v: {by: n, 1: one, 0: zero}"), "k.yaml")
    bools = load_yaml(doc("w: {by: n, true: on-branch, false: off-branch}"), "k.yaml")
    assert resolve(ints, {"n": 1}).data == {"v": "one"}
    assert resolve(ints, {"n": 0}).data == {"v": "zero"}
    assert resolve(bools, {"n": True}).data == {"w": "on-branch"}
    assert resolve(bools, {"n": False}).data == {"w": "off-branch"}
    assert error_of(resolve, ints, {"n": True}) == (
        "k.yaml:1:1: option 'n' is 'true' but this switch has no branch for it and no default; branches: 1, 0"
    )
    assert error_of(resolve, bools, {"n": 0}) == (
        "k.yaml:1:1: option 'n' is '0' but this switch has no branch for it and no default; "
        "branches: true, false"
    )


def test_one_and_true_cannot_share_a_mapping():
    # Python dicts cannot hold both 1 and True as keys, so the loader refuses to merge them silently.
    message = error_of(load_yaml, doc("v:", "  1: one", "  true: yes-branch"), "k.yaml")
    assert message == "k.yaml:3:3: key true clashes with key 1 (first at line 2); Python treats them as equal"


def test_quoted_key_matches_integer_value_by_written_form():
    src = load_yaml(doc("v: {by: n, '4': four}"), "k.yaml")
    assert resolve(src, {"n": 4}).data == {"v": "four"}


def test_unknown_option_in_switch():
    text = doc("a: 1", "b: {by: colour, red: 1}")
    message = error_of(resolve, load_yaml(text, "u.yaml"), {"scoring": "modern", "hand_size": 6})
    assert message == "u.yaml:2:1: unknown option 'colour'; known options: hand_size, scoring"


def test_unknown_option_in_option_reference():
    text = doc("a:", "  - {option: nope}")
    message = error_of(resolve, load_yaml(text, "u.yaml"), {"b": 1, "a": 2})
    assert message == "u.yaml:2:5: unknown option 'nope'; known options: a, b"


def test_missing_branch_without_default():
    text = doc("x: 0", "talon:", "  by: hand_size", "  6: short", "  8: long")
    message = error_of(resolve, load_yaml(text, "m.yaml"), {"hand_size": 7})
    assert message == (
        "m.yaml:2:1: option 'hand_size' is '7' but this switch has no branch "
        "for it and no default; branches: 6, 8"
    )


def test_by_is_reserved_even_among_other_keys():
    # Documented: a mapping with a 'by' key is a switch, whatever else it holds.
    text = doc("sort:", "  by: rank", "  order: descending")
    message = error_of(resolve, load_yaml(text, "r.yaml"), {"scoring": "modern"})
    assert message == "r.yaml:1:1: unknown option 'rank'; known options: scoring"


def test_option_key_among_others_is_plain_data():
    text = doc("a: {option: x, note: hi}")
    assert resolve(load_yaml(text, "o.yaml"), {"x": 1}).data == {"a": {"option": "x", "note": "hi"}}


# ---------------------------------------------------------------- validate


class SetMeld(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["set"]
    points: int


class RunMeld(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["run"]
    length: int


class Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ranks: list[int]
    suits: list[str]


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    deck: Deck
    melds: list[Annotated[Union[SetMeld, RunMeld], Field(discriminator="kind")]]


BROKEN = doc(
    "name: penchant",  # 1
    "deck:",  # 2
    "  ranks: [7, eight, 9]",  # 3
    "melds:",  # 4
    "  - kind: set",  # 5
    "    points: 40",  # 6
    "  - kind: run",  # 7
    "    length: 3",  # 8
    "    bonus: 5",  # 9
    "  - kind: set",  # 10
    "colour: red",  # 11
)


def test_validate_returns_the_model():
    good = doc("name: p", "deck:", "  ranks: [7]", "  suits: [hearts]", "melds:", "  - {kind: run, length: 3}")
    rules = validate(Rules, load_yaml(good, "g.yaml"))
    assert isinstance(rules, Rules)
    assert rules.melds[0] == RunMeld(kind="run", length=3)


def test_validate_reports_every_error_at_its_line():
    message = error_of(validate, Rules, load_yaml(BROKEN, "b.yaml"))
    assert message.splitlines() == [
        "b.yaml:3:14: deck.ranks[1]: Input should be a valid integer, unable to parse string as an integer",
        "b.yaml:2:1: deck.suits: Field required",
        "b.yaml:9:5: melds[1].bonus: Extra inputs are not permitted",
        "b.yaml:10:5: melds[2].points: Field required",
        "b.yaml:11:1: colour: Extra inputs are not permitted",
    ]


def test_extra_field_with_a_block_value_points_at_the_key():
    text = doc("name: p", "deck:", "  ranks: [7]", "  suits: [hearts]", "melds: []", "extra:", "  deep: 1")
    message = error_of(validate, Rules, load_yaml(text, "e.yaml"))
    assert message == "e.yaml:6:1: extra: Extra inputs are not permitted"


def test_wrong_type_of_a_whole_section():
    text = doc("name: p", "deck: 12", "melds: []")
    message = error_of(validate, Rules, load_yaml(text, "w.yaml"))
    assert message == (
        "w.yaml:2:1: deck: Input should be a valid dictionary or instance of Deck"
    )


def test_bad_union_tag_points_at_the_key_that_says_it_and_lists_the_kinds():
    text = doc("name: p", "deck:", "  ranks: [7]", "  suits: [hearts]", "melds:", "  - points: 1",
               "    kind: sequence")
    message = error_of(validate, Rules, load_yaml(text, "t.yaml"))
    assert message == "t.yaml:7:5: melds[0].kind: 'sequence' is not one of the kinds there are: 'set', 'run'"


def test_validate_after_resolve_uses_the_branch_lines():
    text = doc(
        "name: p",  # 1
        "deck:",  # 2
        "  ranks: [7]",  # 3
        "  suits: [hearts]",  # 4
        "melds:",  # 5
        "  - kind: set",  # 6
        "    points:",  # 7
        "      by: scoring",  # 8
        "      modern: 10",  # 9
        "      old: ten",  # 10
    )
    src = resolve(load_yaml(text, "v.yaml"), {"scoring": "old"})
    message = error_of(validate, Rules, src)
    assert message == (
        "v.yaml:10:7: melds[0].points: Input should be a valid integer, unable to parse string as an integer"
    )


class Checked(BaseModel):
    low: int
    high: int

    @model_validator(mode="after")
    def _ordered(self):
        if self.low > self.high:
            raise ValueError("low exceeds high")
        return self


def test_model_level_error_points_at_the_top():
    message = error_of(validate, Checked, load_yaml(doc("# c", "low: 5", "high: 1"), "c.yaml"))
    assert message == "c.yaml:2:1: Value error, low exceeds high"


# ---------------------------------------------------------------- line_of


def test_line_of_uses_the_nearest_existing_prefix():
    src = load_yaml(NESTED, "p.yaml")
    assert line_of(src, ("melds", 1, "length")) == "p.yaml:11:5"
    assert line_of(src, ("melds", 1, "missing", 3)) == "p.yaml:10:5"
    assert line_of(src, ("nowhere",)) == "p.yaml:1:1"
    assert line_of(src, ()) == "p.yaml:1:1"


def test_line_of_without_marks():
    assert line_of(Sourced({}, {}, "x.yaml"), ("a",)) == "x.yaml:1:1"


# ---------------------------------------------------------------- hostile input (issue 11)
# Rules files come from people and from third-party plugins: whatever they hold, loading ends
# quickly with data or with one RulesError per problem naming file:line:col.


def test_nesting_is_refused_at_the_first_node_past_the_limit():
    # The root mapping is level 0 and the k-th '[' is level k, so the 64th bracket is the
    # first node too deep: "a: " is 3 characters, the 64th bracket is column 3 + 64 = 67.
    assert MAX_DEPTH == 64
    message = error_of(load_yaml, "a: " + "[" * 5000 + "\n", "deep.yaml")
    assert message == "deep.yaml:1:67: nested more than 64 levels deep"


def test_nesting_up_to_the_limit_loads():
    src = load_yaml("a: " + "[" * 63 + "]" * 63 + "\n", "deep.yaml")
    value, levels = src.data["a"], 1
    while value:
        value, levels = value[0], levels + 1
    assert levels == 63


def test_deep_block_mappings_are_refused_at_their_line():
    # Line k is "k{k-1}:" indented by 2(k-1): a mapping of level k-1 whose key is a scalar of
    # level k. The first node of level 64 is therefore the key on line 64, at column 2*63+1.
    text = "".join("  " * i + f"k{i}:\n" for i in range(1000))
    assert error_of(load_yaml, text, "deep.yaml") == "deep.yaml:64:127: nested more than 64 levels deep"


def test_aliases_count_towards_the_depth():
    # x is 40 levels high (the innermost [] included); *x inside n brackets of b sits at level
    # n+1, so its deepest node is at level n+40: n = 23 reaches level 63, n = 24 level 64.
    anchor = "a: &x " + "[" * 40 + "]" * 40
    fits = load_yaml(doc(anchor, "b: " + "[" * 23 + "*x" + "]" * 23), "alias.yaml")
    value, levels = fits.data["b"], 1
    while value:
        value, levels = value[0], levels + 1
    assert levels == 63
    too_deep = doc(anchor, "b: " + "[" * 24 + "*x" + "]" * 24)
    # the alias is at column len("b: ") + 24 + 1 = 28 of line 2
    assert error_of(load_yaml, too_deep, "alias.yaml") == (
        "alias.yaml:2:28: alias *x nests the document more than 64 levels deep"
    )


BOMB = doc(
    'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',  # 1
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",  # 2
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]",  # 3
    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]",  # 4
    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]",  # 5
    "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]",  # 6
    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]",  # 7
    "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]",  # 8
    "i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]",  # 9
)


def test_alias_bomb_is_refused_at_the_alias_that_breaks_the_budget():
    # Nodes with aliases expanded: a = 1 list + 9 strings = 10, b = 1 + 9*10 = 91, c = 820,
    # d = 7381. Aliases add 9*10 (line 2) + 9*91 (line 3) + 9*820 (line 4) = 8289 nodes; the
    # first *d of line 5 brings 7381 more, past 10,000. "e: &e [" is 7 characters: column 8.
    assert MAX_ALIAS_NODES == 10_000
    tracemalloc.start()
    try:
        message = error_of(load_yaml, BOMB, "bomb.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert message == "bomb.yaml:5:8: alias *d: aliases expand to more than 10000 nodes in all (aliases of aliases multiply)"
    # 9**9 strings would take gigabytes; refusing takes no more than parsing the text
    assert peak < 5_000_000


def test_aliases_within_the_budget_expand():
    src = load_yaml(doc(*BOMB.splitlines()[:4]), "bomb.yaml")  # a to d: 8289 aliased nodes
    assert len(src.data["d"]) == 9
    assert src.data["d"][8][8][8] == ["lol"] * 9
    assert src.marks[("d", 8, 8, 8, 0)] == (1, 8)  # an expanded node is marked where it was written


def test_merge_keys_count_as_aliases():
    # base has 1 mapping + 100 keys + 100 values = 201 nodes; each "<<: *base" adds them again,
    # so 49 merges add 9849 and the 50th, on line 2 + 50, brings 10050. "  - {<<: " is 9
    # characters: the alias is column 10.
    base = "base: &base {" + ", ".join(f"k{i}: {i}" for i in range(100)) + "}"
    message = error_of(load_yaml, doc(base, "list:", *["  - {<<: *base}"] * 60), "merge.yaml")
    assert message.startswith("merge.yaml:52:10: alias *base: aliases expand to more than 10000 nodes")


def test_integer_past_pythons_digit_limit_is_refused_at_its_place():
    limit = sys.get_int_max_str_digits()
    if limit == 0:
        pytest.skip("this Python has no limit on integer digits")
    fits = load_yaml(doc("n: " + "9" * limit), "big.yaml")
    assert fits.data["n"] == 10**limit - 1
    message = error_of(load_yaml, doc("a: 1", "n: " + "9" * (limit + 1)), "big.yaml")
    assert message == f"big.yaml:2:4: integer too long: more than {limit} digits"


def test_hexadecimal_integer_that_could_not_be_printed_is_refused():
    # Python reads hexadecimal without the digit limit; 16**4000 has 4817 decimal digits.
    limit = sys.get_int_max_str_digits()
    if limit == 0 or limit >= 4817:
        pytest.skip("needs Python's default limit on integer digits")
    message = error_of(load_yaml, doc("n: 0x1" + "0" * 4000), "big.yaml")
    assert message == f"big.yaml:1:4: integer too long: more than {limit} digits"


@pytest.mark.parametrize(
    "value, problem",
    [
        ("!!int ten", "cannot read 'ten' as int"),
        ("!!bool maybe", "cannot read 'maybe' as bool"),
        ("!!float x", "cannot read 'x' as float"),
    ],
)
def test_explicit_tag_on_text_it_cannot_read(value, problem):
    message = error_of(load_yaml, doc("a: 1", f"b: {value}"), "tag.yaml")
    assert message.startswith(f"tag.yaml:2:4: {problem}")


def test_nul_character_names_its_line_and_column():
    # "b: x" is 4 characters: the NUL is column 5 of line 2
    message = error_of(load_yaml, doc("a: 1", "b: x\x00y"), "nul.yaml")
    assert message == "nul.yaml:2:5: character #x0000 is not allowed in YAML (special characters are not allowed)"


def test_forbidden_character_after_windows_line_ends():
    # "\r\n" is one line break, as in YAML's own marks: the escape is line 3, column 4
    message = error_of(load_yaml, "a: 1\r\nb: 2\r\nc: \x1b[0m\r\n", "crlf.yaml")
    assert message.startswith("crlf.yaml:3:4: character #x001b is not allowed in YAML")


def test_bytes_that_are_not_utf8_name_line_column_and_offset():
    # line 3 is "c: caf\xe9": "a: 1\n" and "b: 2\n" are 10 bytes, "c: caf" 6 more, so the
    # Latin-1 e-acute is byte offset 16 and column 7.
    message = error_of(load_yaml, b"a: 1\nb: 2\nc: caf\xe9\n", "latin1.yaml")
    assert message == (
        "latin1.yaml:3:7: not UTF-8: byte(s) e9 at byte offset 16 (invalid continuation byte)"
    )


def test_columns_before_a_bad_byte_count_characters_not_bytes():
    # "é" is two bytes in UTF-8 but one column: "a: é" is 4 columns, 5 bytes
    message = error_of(load_yaml, "a: é".encode("utf-8") + b"\xff\n", "u.yaml")
    assert message.startswith("u.yaml:1:5: not UTF-8: byte(s) ff at byte offset 5")


def test_utf8_bytes_load_like_text():
    assert load_yaml("a: café\n".encode("utf-8"), "u.yaml").data == {"a": "café"}
