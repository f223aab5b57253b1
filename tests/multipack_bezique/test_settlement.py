"""The game score: one deal a game, settled on totals rounded down to hundreds.

PB94 table and Game score: "Final scores are rounded down to the nearest 100 and the winner scores
the difference, plus a bonus if the loser fails to 'cross the Rubicon'"; add for game 500 / 1000
/ 1000; the rubicon 1000 / 3000 / 5000; "If loser fails to reach it, add 500 loser's total".
RM §7.1 Computing (Portland laws 56-61): not rubiconed, difference of the rounded scores + 500, a
difference under 100 counting 100; rubiconed, the winner adds the loser's rounded score to his own
+ 1300 (1000 game + 300 for brisques), a loser under 100 counting 100; brisques (10 each) only to
decide a tie and (Portland) to save the rubicon; Bicycle: + 1000 + 320; RM §11 items 32-33.
A tie is one of the unrounded totals: PB94, "Brisques do not count in multi-pack variants, except
to break ties"; Hoffmann (Portland laws), the game "is won by the player who scores most points …
exclusive of brisques. These latter are only taken into account where the scores are otherwise
equal", and "If A's score were 1550, and B's 1520, A would win 100 + 500 = 600": equal rounded
totals are decided by their fractions of 100.
Every expected value below is that arithmetic, done by hand.
"""

import pytest

from importlib import resources

from cardcore import load_game
from cardcore.game import read_rules
from cardplugins.multipack_bezique.rounded import settle_rounded
from helpers import core_files_naming


def rule(game, **options):
    return load_game(game, options=options).rules.game_end.settlement


@pytest.mark.parametrize("totals, brisques, winner, score, rubiconed", [
    ((1470, 1230), (0, 0), 0, 1400 - 1200 + 500, False),
    ((1420, 1380), (0, 0), 0, 1400 - 1300 + 500, False),
    ((1080, 1450), (0, 0), 1, 1400 - 1000 + 500, False),
    # rubiconed: 1200 + 700 + 1000 + 300
    ((1270, 780), (0, 0), 0, 3200, True),
    # a rubiconed loser under 100 counts 100: 1100 + 100 + 1300
    ((1100, 60), (0, 0), 0, 2500, True),
    # Hoffmann's example: 1550 v 1520, equal in the hundreds, the fractions decide: 100 + 500
    ((1550, 1520), (0, 0), 0, 600, False),
    # equal in the hundreds, the brisques not counted though seat 1 has more (1450 + 120 v
    # 1410 + 200 would turn it): seat 0 wins, 1400 - 1400 counting 100, + 500
    ((1450, 1410), (12, 20), 0, 600, False),
    # the hand: 1500 with 31 brisques v 1550 with 1; the 310 do not count: seat 1 wins
    # 1500 - 1500 counting 100, + 500
    ((1500, 1550), (31, 1), 1, 600, False),
    # exactly equal: the brisques decide, 1500 + 100 = 1600 v 1500 + 110 = 1610; seat 1 wins,
    # 1600 - 1600 counting 100, + 500
    ((1500, 1500), (10, 11), 1, 600, False),
    # exactly equal, the brisques counted: 1450 + 200 = 1650 v 1450 + 120 = 1570, 1600 - 1500 + 500
    ((1450, 1450), (20, 12), 0, 600, False),
    # exactly equal, the brisques counted: 1410 + 250 = 1660 v 1410 + 70 = 1480, 1600 - 1400 + 500
    ((1410, 1410), (25, 7), 0, 700, False),
])
def test_rubicon_portland(totals, brisques, winner, score, rubiconed):
    settled = settle_rounded(rule("rubicon-bezique"), list(totals), list(brisques))
    assert (settled.winner, settled.game_score, settled.rubiconed) == (winner, score, rubiconed)


def test_a_tie_after_the_brisques_is_void():
    settled = settle_rounded(rule("rubicon-bezique"), [1250, 1250], [16, 16])  # 1410 each
    assert settled.winner is None and settled.game_score == 0


def test_brisques_do_not_decide_equal_rounded_totals():
    # the hand: 1500 with 31 brisques v 1550 with 1; Hoffmann: the scores are not
    # equal, so the brisques are left out and seat 1 wins 100 + 500, nothing counted
    settled = settle_rounded(rule("rubicon-bezique"), [1500, 1550], [31, 1])
    assert (settled.winner, settled.game_score, settled.counted, settled.totals) == (1, 600, False, (1500, 1550))


def test_brisques_do_not_count_away_from_a_tie():
    # 1500 v 1200 with 0 v 32 brisques: the brisques are not counted, 1500 - 1200 + 500
    settled = settle_rounded(rule("rubicon-bezique"), [1500, 1200], [0, 32])
    assert (settled.winner, settled.game_score, settled.counted) == (0, 800, False)


@pytest.mark.parametrize("reading, score", [
    ("portland", 1200 + 700 + 1000 + 300),
    ("bicycle", 1200 + 700 + 1000 + 320),
    ("penguin", 1200 + 700 + 500),
])
def test_rubicon_bonus_readings(reading, score):
    settled = settle_rounded(rule("rubicon-bezique", rubicon_bonus=reading), [1270, 780], [0, 0])
    assert settled.game_score == score and settled.rubiconed


def test_brisques_save_the_rubicon_by_portland_law():
    # 1500 v 960 with 10 v 5 brisques: the loser's 50 take him to 1010; both count theirs,
    # 1600 v 1010: 1600 - 1000 + 500 = 1100
    saving = settle_rounded(rule("rubicon-bezique", brisques="tie-break-and-rubicon"), [1500, 960], [10, 5])
    assert (saving.winner, saving.game_score, saving.rubiconed) == (0, 1100, False)
    # the seed's reading (the default): rubiconed, 1500 + 900 + 1000 + 300
    plain = settle_rounded(rule("rubicon-bezique"), [1500, 960], [10, 5])
    assert (plain.game_score, plain.rubiconed) == (3700, True)


@pytest.mark.parametrize("game, totals, score, rubiconed", [
    ("six-pack-bezique", (4210, 3050), 4200 - 3000 + 1000, False),
    ("six-pack-bezique", (3450, 2980), 3400 + 2900 + 1000, True),
    ("eight-pack-bezique", (6120, 5010), 6100 - 5000 + 1000, False),
    ("eight-pack-bezique", (6120, 4990), 6100 + 4900 + 1000, True),
])
def test_six_and_eight_packs(game, totals, score, rubiconed):
    settled = settle_rounded(rule(game), list(totals), [0, 0])
    assert (settled.winner, settled.game_score, settled.rubiconed) == (0, score, rubiconed)


def test_six_pack_brisques_never_count():
    # RM §7.2: brisques never count; 3010 v 3090 both round to 3000: the higher wins by 0 + 1000
    settled = settle_rounded(rule("six-pack-bezique"), [3010, 3090], [0, 0])
    assert (settled.winner, settled.game_score) == (1, 1000)


def test_a_played_game_reports_its_settlement():
    s = load_game("rubicon-bezique").new_game(seed=3)
    import random
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    result = s.summary()["result"]
    totals = s.scores
    expected = settle_rounded(s.rules.game_end.settlement, totals, s.counter_counts("brisques"))
    assert result["game_score"] == expected.game_score and result["rubiconed"] == expected.rubiconed
    won = s.returns()
    assert won[expected.winner] == expected.game_score and sum(won) == 0


@pytest.mark.parametrize("game, reading, score", [
    # 3450 v 2980 rounds to 3400 v 2900, under the six-pack rubicon of 3000
    ("six-pack-bezique", "game-bonus", 3400 + 2900 + 1000),
    ("six-pack-bezique", "penguin", 3400 + 2900 + 500),
    # 6120 v 4990 rounds to 6100 v 4900, under the eight-pack rubicon of 5000
    ("eight-pack-bezique", "game-bonus", 6100 + 4900 + 1000),
    ("eight-pack-bezique", "penguin", 6100 + 4900 + 500),
])
def test_six_and_eight_pack_rubicon_bonus_readings(game, reading, score):
    totals = (3450, 2980) if game == "six-pack-bezique" else (6120, 4990)
    settled = settle_rounded(rule(game, rubicon_bonus=reading), list(totals), [0, 0])
    assert (settled.winner, settled.game_score, settled.rubiconed) == (0, score, True)


@pytest.mark.parametrize("game", ["six-pack-bezique", "eight-pack-bezique"])
def test_the_reading_changes_nothing_when_the_loser_crosses(game):
    # crossing: the difference + the game's 1000 whatever the reading (4200 - 3100 + 1000)
    totals = [4210, 3150] if game == "six-pack-bezique" else [6210, 5150]
    settled = settle_rounded(rule(game, rubicon_bonus="penguin"), totals, [0, 0])
    assert (settled.game_score, settled.rubiconed) == (1100 + 1000, False)


def test_the_four_pack_readings_are_not_offered_with_six_packs():
    from cardcore.errors import OptionError
    with pytest.raises(OptionError, match="valid values: game-bonus, penguin"):
        load_game("six-pack-bezique", options={"rubicon_bonus": "portland"})


def test_the_rounded_settlement_is_this_plugins_section_and_no_longer_the_cores():
    """Only the multi-pack games settle on rounded totals, so ``game_end.settlement`` is their
    plugin's section (plugins/multipack_bezique/rounded.py, a key of the core's game_end section,
    registered through register_rules_sections); an old import is told where it went, and a
    tie_counter that is no counter is still refused at its place."""

    from cardcore.engine.sections import RULES_SECTIONS
    from cardcore.errors import RulesError
    from cardcore.ruleset import GameEndRule

    assert type(RULES_SECTIONS["game_end.settlement"].handler).__module__ == "cardplugins.multipack_bezique.rounded"
    assert "settlement" not in GameEndRule.model_fields
    named = ("settle_rounded", "game_end.settlement", "end.settlement", "rubicon_text", ".rubicon ")
    assert not core_files_naming(named, exempt=("moved.py", "ruleset.py"))  # (their old names' messages)
    with pytest.raises(ImportError, match="rules section 'game_end.settlement' of the multi-pack Bezique plugin"):
        import cardcore.engine.rounded  # noqa: F401
    with pytest.raises(ImportError, match="now cardplugins.multipack_bezique.rounded.RoundedSettlement"):
        from cardcore.ruleset import RoundedSettlement  # noqa: F401
    text = resources.files("cardrules").joinpath("rubicon-bezique.yaml").read_text(encoding="utf-8")
    broken = text.replace("tie_counter: brisques", "tie_counter: aces", 1)
    line = broken.splitlines().index(next(t for t in broken.splitlines() if "tie_counter: aces" in t)) + 1
    with pytest.raises(RulesError, match=rf"rubicon-bezique.yaml:{line}:\d+: .*counts 'aces', which is not a counter"):
        read_rules(broken, "rubicon-bezique.yaml", "rubicon-bezique", directory=resources.files("cardrules"))
