"""The four-hand rules file says only what differs from the three-hand one, which it extends,
and each rule it takes from there still cites the paragraph that gives it.

PB95 tells Auction Pinochle for four as the three-hand game's differences: the deck, the card
points and the meld table (Cards, Melds, Note) are the family's; the four-hand paragraph gives
the deal, bidding, play and score. Two rules of the three-hand paragraph are kept deliberately,
as YML says: the first played of two identical winning cards wins (the deck, and the note
"identical cards"); everything else that cites a game's paragraph cites the four-hand one.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli import cli

from .conftest import GAME, game, registered

pytestmark = registered


def sources(data, path=()):
    """(path, text) of every ``source`` in the rules, options and notes included."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "source" and isinstance(value, str):
                yield path + (key,), value
            else:
                yield from sources(value, path + (key,))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from sources(item, path + (index,))


def test_only_the_identical_cards_rule_cites_the_three_hand_game_alone():
    rules = game().rules.model_dump(by_alias=True)
    three_only = {path for path, text in sources(rules) if "for three" in text and "for four" not in text}
    notes = [n["topic"] for n in rules["notes"]]
    assert three_only == {("deck", "source"), ("notes", notes.index("identical cards"), "source")}


def test_the_rules_command_names_the_file_it_extends():
    shipped = Path(str(resources.files("cardrules").joinpath("auction-pinochle.yaml")))
    data = json.loads(CliRunner().invoke(cli, ["rules", GAME, "--json"]).output)
    assert Path(data["rules_file"]).name == f"{GAME}.yaml"
    assert [Path(base) for base in data["extends"]] == [shipped]
    page = CliRunner().invoke(cli, ["rules", GAME]).output.splitlines()
    assert page[-1] == f"    extending {shipped}"
