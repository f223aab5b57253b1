"""Auction Pinochle for three and four: the best set of melds, what each seat may see, the bot,
and the search bots over both games.

PB95 = /work/shared/seeds/penguin-pinochle.txt (Parlett, Penguin Book of Card Games p. 95).
"""

import random

import pytest

from cardcore import IllegalAction, load_game
from cardcore.bots import make_bot
from cardcore.melds import best_meld_set
from pinochle_deals import auction_deal, partnership_deal

THREE, FOUR = "auction-pinochle", "partnership-auction-pinochle"


def melds_of(game, cards: str, trump: str) -> list[tuple[str, int]]:
    deck = game.deck
    mask = deck.mask_of_names(cards.split(), deck.full_mask)
    found = best_meld_set(game.meld_table, mask, deck.suits.index(trump))
    return sorted((m.rule.name, m.points) for m in found)


def test_a_flush_and_a_second_royal_marriage_both_score():
    # PB95, Note: the royal marriage within the flush does not score separately, but a second
    # K Q of trumps is a distinct marriage: flush 150 + royal marriage 40
    game = load_game(THREE)
    assert melds_of(game, "AH TH KH QH JH KH QH", "H") == [("flush", 150), ("royal-marriage", 40)]
    assert melds_of(game, "AH TH KH QH JH", "H") == [("flush", 150)]


def test_a_card_serves_in_melds_of_different_classes():
    # PB95, Melds and Note: QS serves in the pinochle (QS JD), in Queens around and in the
    # spade marriage; each class once: 40 + 60 + 20 = 120 (hearts trump)
    game = load_game(THREE)
    assert melds_of(game, "KS QS JD QH QD QC", "H") == [
        ("pinochle", 40), ("plain-marriage", 20), ("queens-around", 60)]


def test_double_pinochle_only_by_agreement():
    # PB95, Melds: double pinochle 300 by agreement; otherwise two pinochles of 40
    assert melds_of(load_game(THREE), "QS QS JD JD", "C") == [("pinochle", 40), ("pinochle", 40)]
    assert melds_of(load_game(THREE, options={"double_pinochle": True}), "QS QS JD JD", "C") == [
        ("double-pinochle", 300)]


def test_the_widow_is_hidden_until_turned_and_the_discards_from_the_opponents():
    deal = auction_deal(["AH TH KH QH JH 9H AS AD QS JD KC QC 9C 9D TS", "", ""], "AC KD TC")
    s = load_game(THREE).new_game(deals=[deal])
    for seat in range(3):
        assert s.observation(seat)["widow"] is None
    for call in ("bid 400", "pass", "pass", "trump H"):
        s.apply(call)
    assert all(sorted(s.observation(seat)["widow"]) == ["AC", "KD", "TC"] for seat in range(3))
    s.apply("discard TS KD TC")
    assert s.observation(0)["discards"] == ["TS", "KD", "TC"]
    for seat in (1, 2):
        obs = s.observation(seat)
        assert obs["discards"] is None
        assert "KD" not in obs["known_in_hand"]["0"]
        world = s.determinize(seat, random.Random(seat))
        assert world.observation(seat) == obs
        assert world.widow.bit_count() == 3


def test_melds_shown_at_the_first_trick_become_known():
    # PB95, Auction Pinochle for four, Play: each "scores for any combination that he holds
    # and shows": the others see those cards in his hand
    hands = ["AS AS TS TS KS KS QS QS JS JS 9S 9S", "", "", ""]
    s = load_game(FOUR).new_game(deals=[partnership_deal(hands)])
    for call in ("bid 100", "pass", "pass", "pass", "trump S", "play 9S"):
        s.apply(call)
    seen = s.observation(1)["known_in_hand"]["0"]
    assert seen == ["AS", "AS", "TS", "TS", "KS", "KS", "QS", "QS", "JS", "JS", "9S"]


def test_the_bot_does_not_overbid_its_partner():
    # seat 0 opens 100; seat 2, his partner, holds the twelve spades (two flushes) but passes
    hands = ["", "", "AS AS TS TS KS KS QS QS JS JS 9S 9S", ""]
    s = load_game(FOUR).new_game(deals=[partnership_deal(hands)])
    s.apply("bid 100")
    s.apply("pass")
    assert make_bot("heuristic", s.game, seed=1).choose(s) == "pass"


def test_the_bot_bids_a_strong_hand_and_names_its_melding_suit():
    # the twelve spades meld 320 in spades (two flushes, two dixes): seat 0, eldest, bids on
    # over seat 1's 300 and names spades
    hands = ["AS AS TS TS KS KS QS QS JS JS 9S 9S", "", "", ""]
    s = load_game(FOUR).new_game(deals=[partnership_deal(hands)])
    bot = make_bot("heuristic", s.game, seed=1)
    s.apply(bot.choose(s))
    for call in ("bid 300", "pass", "pass"):
        s.apply(call)
    action = bot.choose(s)
    assert action.startswith("bid ")
    s.apply(action)
    s.apply("pass")
    assert bot.choose(s) == "trump S"


def play_game(game, specs, seed):
    bots = [make_bot(spec, game, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    state = game.new_game(seed=seed)
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions(), action
        state.apply(action)
    return state


@pytest.mark.parametrize("name, options", [(THREE, {}), (FOUR, {})])
def test_the_bot_plays_legal_reproducible_games(name, options):
    game = load_game(name, options=options)
    for seed in range(2):
        specs = ["heuristic", "random"] * 2
        state = play_game(game, specs[:game.players], seed)
        assert sum(state.returns()) == 0
    first = play_game(game, ["heuristic"] * game.players, 5).actions
    assert play_game(game, ["heuristic"] * game.players, 5).actions == first


@pytest.mark.parametrize("name, options", [(THREE, {"deals": 1}), (FOUR, {"target": 300})])
def test_the_search_bots_play_them(name, options):
    game = load_game(name, options=options)
    specs = ["ismcts(iterations=15)", "pimc(samples=2,rollouts=1)", "heuristic", "greedy"]
    state = play_game(game, specs[:game.players], 3)
    assert state.is_terminal() and sum(state.returns()) == 0


def test_a_refused_card_names_the_trump_lead_rule():
    # PB95, Auction Pinochle for four, Play: "If a trump is led, subsequent players must not only
    # follow suit but must also beat any other trump already played, if possible."
    hands = ["TS KS", "AS 9S", "", ""]
    s = load_game(FOUR).new_game(deals=[partnership_deal(hands)])
    for call in ("bid 100", "pass", "pass", "pass", "trump S", "play TS"):
        s.apply(call)
    assert [a for a in s.legal_actions() if a.endswith("S")] == ["play AS"]
    with pytest.raises(IllegalAction, match="beat TS, the highest trump played"):
        s.apply("play 9S")


def test_bad_auction_actions_say_which_rule_forbids_them():
    s = load_game(THREE).new_game(seed=1)
    for action, words in (("bid 295", "multiples of 10"), ("bid many", "'bid N'"), ("trump H", "'bid N'")):
        with pytest.raises(IllegalAction, match=words):
            s.apply(action)


@pytest.mark.parametrize("bid, concedes", [(600, True), (350, False)])
def test_the_bot_concedes_only_a_bid_out_of_reach(bid, concedes):
    # hearts trump: melds 320 (tests/auction_pinochle/conftest.py, HAND_A), six trumps; the bot
    # expects 320 + 80 + 6 × 10 = 460: it concedes 600 (PB95, Widow: "he may concede
    # immediately for a smaller penalty") and plays 350 out, discarding three cards
    deal = auction_deal(["AH TH KH QH JH 9H AS AD QS JD KC QC 9C 9D TS", "", ""], "AC KD TC")
    s = load_game(THREE).new_game(deals=[deal])
    for call in (f"bid {bid}", "pass", "pass", "trump H"):
        s.apply(call)
    action = make_bot("heuristic", s.game, seed=1).choose(s)
    assert (action == "concede") is concedes
    assert concedes or action.startswith("discard ")


@pytest.mark.parametrize("name", [THREE, FOUR])
def test_cardcore_rules_describes_every_phase(name):
    import json

    from click.testing import CliRunner

    from cardcore.cli import cli

    text = CliRunner().invoke(cli, ["rules", name])
    assert text.exit_code == 0 and "the declarer names trumps: 'trump S'" in text.output
    data = json.loads(CliRunner().invoke(cli, ["rules", name, "--json"]).output)
    kinds = [p.get("kind", "tricks") for p in data["phases"]]
    assert kinds[:3] == ["deal", "auction", "widow" if name == THREE else "name-trump"] and kinds[-1] == "settle"
    assert all(p.get("description") or p.get("obligations") for p in data["phases"])
