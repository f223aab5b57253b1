"""The Pinochle rules files as data, checked today although no plugin registers them yet:
their options are valid option declarations with the defaults of research/rules.md §11 items
37-40 (or the seed's, where it decides), presets name real options and values, every rule cites
its source, and the meld table carries the seed's values.

PB95 = /work/shared/seeds/penguin-pinochle.txt, Melds: flush 150, royal marriage 40, plain
marriage 20, Aces/Kings/Queens/Jacks around 100/80/60/40, pinochle 40, dix 10; by agreement:
double flush 1500, double pinochle 300, K & Q flush 230, K or Q flush 190, grand pinochle 60.
"""

from importlib import resources

import pytest

from cardcore.extends import load_rules_yaml
from cardcore.options import OptionSpec

FILES = ["pinochle.yaml", "auction-pinochle.yaml", "partnership-auction-pinochle.yaml"]

STANDARD = {"flush": 150, "royal-marriage": 40, "plain-marriage": 20, "aces-around": 100,
            "kings-around": 80, "queens-around": 60, "jacks-around": 40, "pinochle": 40, "dix": 10,
            "double-flush": 1500, "king-and-queen-flush": 230, "king-or-queen-flush": 190,
            "grand-pinochle": 60}


def rules(name):
    """The file's data as written (switches unresolved), with the file it extends merged in."""
    resource = resources.files("cardrules").joinpath(name)
    return load_rules_yaml(resource.read_bytes(), str(resource)).data


@pytest.mark.parametrize("name", FILES)
def test_options_are_valid_declarations_and_presets_use_them(name):
    data = rules(name)
    specs = {o["name"]: OptionSpec.model_validate(o) for o in data["options"]}
    for preset, values in data["presets"].items():
        for option, value in values.items():
            spec = specs[option]
            assert spec.values is None or value in spec.values, (preset, option, value)


@pytest.mark.parametrize("name", FILES)
def test_every_rule_cites_its_source(name):
    data = rules(name)
    cited = data["options"] + data["melds"] + data["phases"] + data["notes"] + data["scoring"]
    for rule in cited:
        assert cites(rule["source"]), rule


def cites(source) -> bool:
    """A source names the seed, the research digest or the design; a source that depends on an
    option (a switch: ``by``, then a branch per value) must in every branch."""
    if isinstance(source, dict):
        return all(cites(branch) for key, branch in source.items() if key != "by")
    return "PB95" in source or "RM" in source or "DESIGN" in source


@pytest.mark.parametrize("name", FILES)
def test_meld_table_values_from_the_seed(name):
    melds = {m["name"]: m["points"] for m in rules(name)["melds"]}
    for meld, points in STANDARD.items():
        assert melds[meld] == points, meld


def test_double_pinochle_values():
    # two-hand: 80 in one trick, 300 as a variant (PB95, Two-hand Pinochle); the auction games
    # score 300 only by agreement (PB95, Melds)
    two_hand = {m["name"]: m for m in rules("pinochle.yaml")["melds"]}["double-pinochle"]
    assert two_hand["points"] == {"option": "double_pinochle"}
    assert [o for o in rules("pinochle.yaml")["options"] if o["name"] == "double_pinochle"][0]["values"] == [80, 300]
    for name in FILES[1:]:
        assert {m["name"]: m for m in rules(name)["melds"]}["double-pinochle"]["points"] == 300


@pytest.mark.parametrize("name, defaults", [
    # rules.md §11: 37 meld-then-draw, 38 must win always, 39 double pinochle 80, 40 traditional
    ("pinochle.yaml", {"meld_timing": "meld-then-draw", "endgame_must_win": "always",
                       "double_pinochle": 80, "grand_pinochle": True, "card_points": "traditional",
                       "target": 1000, "target_step": 250, "double_flush": False}),
    # PB95, Auction Pinochle for three: minimum 300; Score: 1 unit at 300 plus 1 (or 2) per 50
    ("auction-pinochle.yaml", {"minimum_bid": 300, "stake_per_50": 1, "double_pinochle": False}),
    # PB95, Auction Pinochle for four: open at 100 (variant 200), eldest leads, game 1000
    ("partnership-auction-pinochle.yaml", {"minimum_bid": 100, "first_leader": "eldest",
                                           "target": 1000}),
])
def test_defaults(name, defaults):
    specs = {o["name"]: OptionSpec.model_validate(o) for o in rules(name)["options"]}
    assert {k: specs[k].default for k in defaults} == defaults
