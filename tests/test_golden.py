"""Golden playthroughs of complete games, replayed and compared line by line on every run.

Each file in tests/golden/ holds a record (header and actions) and the state after every action.
`pytest --update-golden` rewrites them from their records; review the diff like code.
"""

import random
from pathlib import Path

import pytest

from cardcore import load_game
from cardcore.plugins import get_games
from cardcore.transcript import playthrough, record_from_playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"

# slug: (game string, seed). Bots choose uniformly with random.Random(seed) among the legal
# actions (a claim, Pinochle's Out, is among them only when it is right).
GOLDEN = {
    "penchant-modern": ("penchant", 11),
    "penchant-19th-century": ("penchant(scoring=19th-century)", 12),
    "penchant-cheat-sheet-strict": ("penchant(scoring=cheat-sheet,blocking_tie=strict,endgame_rule=FTr)", 13),
    "penchant-foster": ("penchant(scoring=19th-century,trump_setter=any)", 14),
    "penchant-trump-variations": ("penchant(each_penchant_sets_trump=true,trump_marriage_cancels_trump=true)", 15),
    "penchant-meld-variations": ("penchant(pinochle_declaration=true,penchant_only_when_winner_passes=true,jail_free_seven=true)", 16),
    "penchant-no-reuse-equal-score": ("penchant(no_meld_reuse=true,blocking_tie=equal-score)", 17),
    # a record of format 1 (no "format", only non-default options), written when the trump seven's
    # play bonus was the default: it replays with that former default (rules/marjolet.yaml)
    "marjolet-penguin": ("marjolet", 21),
    "marjolet-penguin-format-2": ("marjolet(preset=penguin)", 23),
    "marjolet-variants": ("marjolet(turned_seven_points=7,trump_seven_play_bonus=false,game_end=immediate)", 22),
    "penneech-parlett": ("penneech", 31),
    "penneech-pagat-end-of-deal": ("penneech(follow_rule=must-follow,dealer_scores_first_turnup=false,game_end=end-of-deal)", 32),
    "pinochle-penguin": ("pinochle", 41),
    "pinochle-variants": ("pinochle(card_points=simplified,meld_timing=draw-then-meld,endgame_must_win=trump-led,"
                          "double_pinochle=300,double_flush=true,king_queen_flush=true,grand_pinochle=false)", 42),
    "auction-pinochle-penguin": ("auction-pinochle", 41),
    "auction-pinochle-two-units-traditional": ("auction-pinochle(stake_per_50=2,card_points=traditional,deals=2)", 42),
    "partnership-auction-pinochle-penguin": ("partnership-auction-pinochle", 43),
    "partnership-auction-pinochle-declarer-leads": ("partnership-auction-pinochle(first_leader=declarer,minimum_bid=200)", 44),
    "bezique-penguin": ("bezique", 51),
    "bezique-variants": ("bezique(brisques=end-of-hand,last_trick=24th,endgame_trumping=optional,"
                         "trump_seven=also-when-played,bezique_cards=by-trump,endgame_ten=whist,target=1500)", 52),
    "cinq-cents-penguin": ("cinq-cents", 61),
    "cinq-cents-boussac": ("cinq-cents(preset=boussac)", 62),
    "rubicon-bezique-penguin": ("rubicon-bezique", 51),
    "rubicon-bezique-variants": ("rubicon-bezique(bezique_cards=by-trump,four_tens=true,quartets_doubled=true,"
                                 "carte_blanche=first-trick-only,brisques=tie-break-and-rubicon,rubicon_bonus=bicycle)", 52),
    "six-pack-bezique-penguin": ("six-pack-bezique", 61),
    "six-pack-bezique-dealers-guess": ("six-pack-bezique(preset=dealers-guess)", 62),
    "eight-pack-bezique-penguin": ("eight-pack-bezique", 81),
}


def play_random_game(game_string: str, seed: int) -> dict:
    state = load_game(game_string).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_golden_playthrough(slug, request):
    path = GOLDEN_DIR / f"{slug}.txt"
    update = request.config.getoption("--update-golden")
    if not path.exists() or update:
        if path.exists():
            record = record_from_playthrough(path.read_text().splitlines())
        else:
            record = play_random_game(*GOLDEN[slug])
        path.write_text("\n".join(playthrough(record)) + "\n")
        if not update:
            pytest.fail(f"{path.name} did not exist and was written; review it and run again")
    expected = path.read_text().splitlines()
    actual = playthrough(record_from_playthrough(expected))
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, f"Wrong line {number} in {path.name}"
    assert len(actual) == len(expected)
    assert '"finished":true' in expected[-1], "a golden playthrough is a complete game"


def test_every_game_has_a_golden_playthrough():
    covered = {load_game(string).name for string, _ in GOLDEN.values()}
    assert set(get_games()) <= covered, f"games without a golden playthrough: {set(get_games()) - covered}"
