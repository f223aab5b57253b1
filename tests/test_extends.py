"""A rules file that ``extends`` another: what the merge keeps, replaces and removes, and where
its errors are reported.

The small files are written to a temporary directory (a base is found beside the file that
extends it); expected lines and columns are counted by hand from the documents below. The
last tests extend the real rules/penchant.yaml, through the real loader ``read_rules``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from cardcore.errors import RulesError
from cardcore.extends import load_rules_yaml
from cardcore.game import TrickGame, read_rules


def doc(*lines: str) -> str:
    """Line i of the document is lines[i-1], which keeps the hand counting honest."""
    return "\n".join(lines) + "\n"


def write(folder: Path, name: str, *lines: str) -> Path:
    path = folder / name
    path.write_text(doc(*lines), encoding="utf-8")
    return path


def load(path: Path):
    return load_rules_yaml(path.read_bytes(), str(path))


def error_of(path: Path) -> str:
    with pytest.raises(RulesError) as info:
        load(path)
    return str(info.value)


BASE = (
    "game: base",  # 1
    "deal:",  # 2
    "  hand_size: 9",  # 3
    "  batches: [3, 3, 3]",  # 4
    "  source: B1",  # 5
    "counters: {brisques: {ranks: [A, T]}}",  # 6
    "points: {by: scoring, old: 1, new: 2}",  # 7
    "melds:",  # 8
    "  - name: one",  # 9
    "    points: 10",  # 10
    "    source: B9",  # 11
    "  - name: two",  # 12
    "    points: 20",  # 13
    "  - name: three",  # 14
    "    points: 30",  # 15
    "notes:",  # 16
    "  - {topic: first, text: a}",  # 17
    "  - {topic: second, text: b}",  # 18
    "scoring: [{kind: last-trick, points: 10}]",  # 19
)


def test_mappings_merge_key_by_key_and_other_values_replace(tmp_path):
    write(tmp_path, "base.yaml", *BASE)
    path = write(tmp_path, "game.yaml",
                 "extends: base.yaml",
                 "game: extended",
                 "deal: {hand_size: 12}",
                 "points: {by: scoring, new: 5}",
                 "scoring: [{kind: last-trick, points: 250}]",
                 "extra: true")
    data = load(path).data
    assert "extends" not in data
    assert data["game"] == "extended"
    # the deal keeps what the extending file does not say
    assert data["deal"] == {"hand_size": 12, "batches": [3, 3, 3], "source": "B1"}
    # a switch is one value: its branches are not mixed with the inherited ones
    assert data["points"] == {"by": "scoring", "new": 5}
    # a list of unnamed items replaces the inherited list
    assert data["scoring"] == [{"kind": "last-trick", "points": 250}]
    assert list(data) == ["game", "deal", "counters", "points", "melds", "notes", "scoring", "extra"]


def test_named_items_merge_in_place_and_new_ones_follow_the_item_written_before_them(tmp_path):
    write(tmp_path, "base.yaml", *BASE)
    path = write(tmp_path, "game.yaml",
                 "extends: base.yaml",
                 "melds:",
                 "  - {name: at-the-end, points: 5}",  # written first: after the inherited items
                 "  - name: two",  # merged into the inherited two, where it stands
                 "    points: 25",
                 "  - {name: after-two, points: 26}",
                 "  - {name: also-after-two, points: 27}",
                 "notes:",
                 "  - {topic: second, text: changed}")
    data = load(path).data
    assert data["melds"] == [
        {"name": "one", "points": 10, "source": "B9"},
        {"name": "two", "points": 25},
        {"name": "after-two", "points": 26},
        {"name": "also-after-two", "points": 27},
        {"name": "three", "points": 30},
        {"name": "at-the-end", "points": 5},
    ]
    # notes are named by their topic
    assert data["notes"] == [{"topic": "first", "text": "a"}, {"topic": "second", "text": "changed"}]


def test_remove_and_replace(tmp_path):
    write(tmp_path, "base.yaml", *BASE)
    path = write(tmp_path, "game.yaml",
                 "extends: base.yaml",
                 "deal:",
                 "  batches: !remove",
                 "counters: !remove",
                 "melds:",
                 "  - !remove one",
                 "  - {name: instead-of-one, points: 11}",
                 "  - !replace {name: three, points: 33}",
                 "notes: !replace [{topic: only, text: c}]")
    data = load(path).data
    assert data["deal"] == {"hand_size": 9, "source": "B1"}
    assert "counters" not in data
    # the new item takes the removed one's place; the replaced one keeps none of its old keys
    assert data["melds"] == [{"name": "instead-of-one", "points": 11}, {"name": "two", "points": 20},
                             {"name": "three", "points": 33}]
    assert data["notes"] == [{"topic": "only", "text": "c"}]


def test_a_chain_of_files_merges_from_the_first_base(tmp_path):
    write(tmp_path, "base.yaml", *BASE)
    write(tmp_path, "middle.yaml", "extends: base.yaml", "game: middle", "deal: {hand_size: 12}")
    (tmp_path / "sub").mkdir()
    path = write(tmp_path / "sub", "top.yaml",
                 "extends: ../middle.yaml",  # relative to this file's directory
                 "game: top",
                 "deal: {source: T4}")
    sourced = load(path)
    assert sourced.data["game"] == "top"
    assert sourced.data["deal"] == {"hand_size": 12, "batches": [3, 3, 3], "source": "T4"}
    assert sourced.bases == (str(tmp_path / "middle.yaml"), str(tmp_path / "base.yaml"))


def test_a_cycle_is_reported_where_the_file_closing_it_says_extends(tmp_path):
    write(tmp_path, "a.yaml", "game: a", "extends: b.yaml")
    write(tmp_path, "b.yaml", "# b", "extends: a.yaml")
    message = error_of(tmp_path / "a.yaml")
    assert message.startswith(f"{tmp_path / 'b.yaml'}:2:1: extends 'a.yaml', a cycle: a.yaml -> b.yaml -> a.yaml")


def test_a_missing_base_is_reported_at_its_name(tmp_path):
    path = write(tmp_path, "game.yaml", "game: x", "extends: nowhere.yaml")
    message = error_of(path)
    assert message.startswith(f"{path}:2:1: extends 'nowhere.yaml': cannot read {tmp_path / 'nowhere.yaml'}")


@pytest.mark.parametrize("lines, where, words", [
    # a key the base does not have
    (("extends: base.yaml", "deal:", "  widow: !remove"), "3:3", "'widow' is not inherited here"),
    # an item no inherited item names
    (("extends: base.yaml", "melds:", "  - !remove seven"), "3:5", "no inherited item has name 'seven'"),
    # one name twice in the extending list
    (("extends: base.yaml", "melds:", "  - {name: new, points: 1}", "  - {name: new, points: 2}"), "4:5",
     "name 'new' is written twice in this list"),
    # a new item of a named list without its name
    (("extends: base.yaml", "melds:", "  - {points: 1}"), "3:5", "give this item its name"),
    # nothing inherited to remove in a new value
    (("extends: base.yaml", "new:", "  a: !remove"), "3:3", "nothing is inherited here to remove"),
])
def test_a_mistaken_remove_or_list_is_reported_in_the_extending_file(tmp_path, lines, where, words):
    write(tmp_path, "base.yaml", *BASE)
    path = write(tmp_path, "game.yaml", *lines)
    message = error_of(path)
    assert message.startswith(f"{path}:{where}: "), message
    assert words in message


def test_remove_in_a_file_that_extends_nothing_is_refused(tmp_path):
    path = write(tmp_path, "game.yaml", "game: x", "deal: !remove")
    assert error_of(path).startswith(f"{path}:2:1: !remove: nothing is inherited here to remove")


# ---------------------------------------------------------------- through the real loader

PENCHANT = resources.files("cardrules").joinpath("penchant.yaml").read_text(encoding="utf-8")


def line_col(text: str, line: str, fragment: str) -> str:
    lines = text.splitlines()
    assert lines.count(line) == 1, line
    number = lines.index(line) + 1
    return f"{number}:{lines[number - 1].index(fragment) + 1}"


def test_validation_errors_name_the_file_that_says_the_value(tmp_path):
    base = tmp_path / "penchant.yaml"
    base.write_text(PENCHANT, encoding="utf-8")
    # a value said in the extending file: its line there
    bad_here = write(tmp_path, "mine.yaml", "extends: penchant.yaml", "game: mine", "deal:", "  hand_size: 0")
    with pytest.raises(RulesError) as info:
        read_rules(bad_here.read_bytes(), str(bad_here), "mine")
    assert str(info.value).startswith(f"{bad_here}:4:3: deal.hand_size: "), str(info.value)
    # a value the base says, made wrong by a value of the extending file: the base's line, where
    # the value at fault is written (the brisques count the Sevens this deck no longer has)
    short = write(tmp_path, "short.yaml", "extends: penchant.yaml", "game: short", "deck:",
                  '  ranks: ["8", "9", "T", "J", "Q", "K", "A"]')
    with pytest.raises(RulesError) as info:
        read_rules(short.read_bytes(), str(short), "short")
    where = line_col(PENCHANT, '    ranks: [A, T, "7"]', "ranks")
    assert str(info.value).startswith(f"{base}:{where}: counters.brisques.ranks: "), str(info.value)


def test_a_plugin_file_extends_a_shipped_file_by_package(tmp_path):
    mine = write(tmp_path, "short-penchant.yaml",
                 "extends: cardrules:penchant.yaml",
                 "game: short-penchant",
                 "game_end: {lurch: {multiplier: 3}}")
    source = read_rules(mine.read_bytes(), str(mine), "short-penchant")

    class ShortPenchant(TrickGame):
        name = "short-penchant"
        title = "Penchant, lurch trebled"

        @classmethod
        def rules_source(cls):
            return source

    shipped = read_rules(PENCHANT, "penchant.yaml", "penchant")
    game_end = shipped.sourced.data["game_end"]
    assert source.sourced.data == {**shipped.sourced.data, "game": "short-penchant",
                                   "game_end": {**game_end, "lurch": {**game_end["lurch"], "multiplier": 3}}}
    assert ShortPenchant().rules.game_end.lurch.multiplier == 3
