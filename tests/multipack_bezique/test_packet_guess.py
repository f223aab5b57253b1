"""Six-pack Bezique's dealer's guess (option packet_guess, off by default). RM §7.2, Deal bonus:
"dealer lifts a packet from the top; non-dealer guesses its size; if the guess is right
non-dealer scores 150; if the dealer lifted exactly 24 he scores 250" (pokerwiner-6, Herring).
No seed has it. The engine's model (rules/six-pack-bezique.yaml, notes): the packet is 24 + d
cards, d uniform on -s..+s (s = packet_spread, default 4), drawn after the cards, kept in the
deal's record as "packet"; the non-dealer says `guess N` before the first trick.

Seat 1 deals (conftest), so seat 0 is the non-dealer: he guesses, then leads.
"""

import json
import random

import pytest

from cardcore import IllegalAction, load_game
from cardcore.errors import RecordError
from cardcore.records import format_record, parse_record, replay

from helpers import core_files_naming

from .conftest import deal

SIX = "six-pack-bezique"


def guessing(packet: int, **options):
    """A six-pack deal with a packet of ``packet`` cards, the option on: seat 0 to guess."""
    game = load_game(SIX, options={"packet_guess": True, **options})
    return game.new_game(seed=1, deals=[{**deal(SIX), "packet": packet}])


def test_off_by_default_the_non_dealer_leads_and_no_packet_is_drawn():
    s = load_game(SIX).new_game(seed=5)
    assert s.legal_actions()[0].startswith("play ")
    assert "packet" not in s.record()["deals"][0]
    assert all(not a.startswith("guess") for a in s.legal_actions())


def test_the_non_dealer_guesses_first_from_24_less_4_to_24_plus_4():
    s = guessing(26)
    assert s.current_player == 0 and s.dealer == 1
    assert s.legal_actions() == [f"guess {n}" for n in range(20, 29)]


def test_a_right_guess_scores_the_non_dealer_150():
    s = guessing(26)
    s.apply("guess 26")
    assert s.scores == [150, 0]
    scored = [e for e in s.events if e["type"] == "score"]
    assert [(e["seat"], e["points"], e["source"]) for e in scored] == [(0, 150, "packet guessed")]
    assert s.summary()["rounds"][0]["packet"] == 26
    assert s.summary()["rounds"][0]["guess"] == {"player": 0, "guessed": 26}
    assert s.current_player == 0 and s.legal_actions()[0].startswith("play ")  # then he leads


def test_a_wrong_guess_scores_nothing():
    s = guessing(26)
    s.apply("guess 25")
    assert s.scores == [0, 0]


def test_a_packet_of_exactly_24_scores_the_dealer_250_and_a_right_guess_150_besides():
    s = guessing(24)
    s.apply("guess 24")
    assert s.scores == [150, 250]
    assert sorted((e["seat"], e["points"], e["source"]) for e in s.events if e["type"] == "score") == \
        [(0, 150, "packet guessed"), (1, 250, "packet of 24")]


def test_a_packet_of_24_scores_the_dealer_whatever_the_guess():
    s = guessing(24)
    s.apply("guess 23")
    assert s.scores == [0, 250]


def test_a_guess_out_of_the_range_is_refused_with_the_rule():
    s = guessing(26)
    for wrong in ("guess 29", "guess 19", "guess x", "play 7C", "guess 24 25"):
        with pytest.raises(IllegalAction) as refused:
            s.apply(wrong)
        assert "'guess N' with N from 20 to 28" in refused.value.reason, refused.value.reason
        assert "RM §7.2" in refused.value.reason
    assert s.actions == [] and s.scores == [0, 0]


@pytest.mark.parametrize("word", ["²", "²⁴", "٢٤", "２４", "9" * 4301, "0" * 4300 + "24x"])
def test_a_guess_is_ascii_digits(word):
    # only 0-9 make a number, as at the prompt: str.isdigit() passes '²' (int() then fails) and
    # reads '٢٤' and '２４' as 24; int() refuses more than 4,300 digits
    s = guessing(24)
    with pytest.raises(IllegalAction, match="'guess N' with N from 20 to 28"):
        s.apply(f"guess {word}")
    assert s.actions == [] and s.scores == [0, 0]
    s.apply("guess " + "0" * 4300 + "24")        # leading zeros are still 24
    assert s.actions == ["guess 24"]


def test_packet_spread_sets_the_range():
    s = guessing(23, packet_spread=1)
    assert s.legal_actions() == ["guess 23", "guess 24", "guess 25"]
    with pytest.raises(IllegalAction):
        s.apply("guess 22")


def test_the_packet_is_hidden_from_both_seats_until_the_guess():
    s = guessing(26)
    assert s.observation(0)["packet"] is None and s.observation(1)["packet"] is None
    # a world sampled for the guesser holds a packet drawn again, any of the nine sizes
    worlds = [s.determinize(0, random.Random(i)) for i in range(60)]
    assert {w.deals[0]["packet"] for w in worlds} == set(range(20, 29))
    # ... and its record holds the world's cards, not the real deal's: the opponent's hand redrawn
    assert any(w.deals[0]["hands"][1] != s.deals[0]["hands"][1] for w in worlds)
    assert all(sorted(w.deck.names_of(w.hands[1])) == sorted(w.deals[0]["hands"][1]) for w in worlds)
    s.apply("guess 21")
    assert s.observation(0)["packet"] == 26 and s.observation(1)["packet"] == 26
    assert {s.determinize(0, random.Random(i)).deals[0]["packet"] for i in range(10)} == {26}
    assert [e for e in s.events if e["type"] == "guess"][0].to_dict() == {
        "seat": 0, "guess": 21, "outcome": 26, "what": "the size of the packet the dealer lifted", "type": "guess"}


def test_the_option_deals_the_same_cards_and_draws_the_packet_from_the_deal_seed():
    off, on = load_game(SIX), load_game(SIX, options={"packet_guess": True})
    sizes = []
    for seed in range(120):
        plain, guessed = off.new_game(seed=seed).record()["deals"][0], on.new_game(seed=seed).record()["deals"][0]
        sizes.append(guessed.pop("packet"))
        assert guessed == plain
    assert set(sizes) == set(range(20, 29))  # every size drawn, none outside the range
    assert on.new_game(seed=7).record() == on.new_game(seed=7).record()


def test_a_record_with_its_packet_replays_and_one_without_is_dealt_one_from_its_seed():
    s = load_game(SIX, options={"packet_guess": True}).new_game(seed=11)
    s.apply("guess 24")
    s.apply(s.legal_actions()[0])
    record = parse_record(format_record(s.record()))
    again = replay(record)
    assert again.record() == s.record() and again.scores == s.scores
    without = {**record, "deals": [{k: v for k, v in record["deals"][0].items() if k != "packet"}]}
    assert replay(without).record()["deals"][0]["packet"] in range(20, 29)


def test_a_corrupt_packet_is_a_located_record_error():
    s = load_game(SIX, options={"packet_guess": True}).new_game(seed=11)
    record = s.record()
    for bad in (29, 19, "24", None):
        broken = {**record, "deals": [{**record["deals"][0], "packet": bad}]}
        with pytest.raises(RecordError) as error:
            replay(parse_record(json.dumps(broken)), where="r.json")
        assert str(error.value).startswith("r.json: deal 1: 'packet' must be a whole number from 20 to 28"), error.value
    off = {**record, "options": {**record["options"], "packet_guess": False}}
    with pytest.raises(RecordError) as error:
        replay(parse_record(json.dumps(off)), where="r.json")
    assert str(error.value).startswith("r.json: deal 1: 'packet' is not part of a deal of six-pack-bezique")


def test_the_rules_list_the_guess_only_with_the_option():
    assert [p.kind for p in load_game(SIX).rules.deal_phases] == ["deal"]
    on = load_game(SIX, options={"packet_guess": True, "packet_spread": 3})
    guess = on.rules.deal_phases[1]
    assert (guess.kind, guess.low, guess.high) == ("guess", 21, 27)
    assert [(a.when, a.seat, a.points) for a in guess.awards] == [("guess-right", "guesser", 150), ("aim", "dealer", 250)]
    assert all("RM §7.2" in a.source for a in guess.awards)


def test_the_adapters_observations_show_the_guess_once_it_is_made():
    """The guess and the packet are shown to all once guessed (State.observation); the adapters'
    observation string says them, and the tensor holds them divided by the highest packet,
    24 + 4 = 28 cards: zero before the guess."""
    from cardcore.adapters.encoding import ObservationEncoder, game_bounds

    s = guessing(26)
    encoder = ObservationEncoder(s.game, game_bounds(s.game))
    assert list(encoder.views(encoder.encode(s.observation(1)))["guess"]) == [0, 0]
    assert "guessed" not in encoder.text(s.observation(1))
    s.apply("guess 25")
    for seat in (0, 1):
        shown = encoder.views(encoder.encode(s.observation(seat)))["guess"]
        assert list(shown) == pytest.approx([25 / 28, 26 / 28])
        assert "P0 guessed 25, packet 26" in encoder.text(s.observation(seat))
    assert "guess" not in ObservationEncoder(load_game(SIX), game_bounds(load_game(SIX))).shapes  # option off


def test_a_score_scale_scales_the_guess_s_awards_as_every_other_score():
    """score_scale (a factor on every score but card points, as Pinochle's simplified count
    divides by 10) on rules with a guess: 150 and 250 become 15 and 25."""
    from cardcore.game import _scaled
    from cardcore.ruleset import ScoreScale

    rules = load_game(SIX, options={"packet_guess": True}).rules
    scaled = _scaled(rules.model_copy(update={"score_scale": ScoreScale(factor=0.1, source="a test")}))
    guess = next(p for p in scaled.deal_phases if p.kind == "guess")
    assert [(a.label, a.points) for a in guess.awards] == [("packet guessed", 15), ("packet of 24", 25)]


def test_the_guess_is_this_plugins_kind_and_no_longer_the_cores():
    """Only six-pack Bezique guesses, so the kind is its plugin's (plugins/multipack_bezique/
    guess.py, registered through register_phase_kinds): cardcore's code has no guess, and an old
    import of cardcore's guess module is told where the kind went."""
    from pathlib import Path

    import cardcore
    from cardcore.engine.phases import PHASE_KINDS, rules_schema

    load_game(SIX, options={"packet_guess": True})
    assert type(PHASE_KINDS["guess"]).__module__ == "cardplugins.multipack_bezique.guess"
    assert rules_schema().phase_schemas["guess"].__module__ == "cardplugins.multipack_bezique.guess"
    assert not [path for path in Path(cardcore.__file__).parent.rglob("*.py") if "guess" in path.stem]
    assert not core_files_naming(('"guess',))
    with pytest.raises(ImportError, match="now the plugin's of the game that uses it.*register_phase_kinds"):
        import cardcore.engine.guess  # noqa: F401
