"""What a new player reads about the cards: each suit's rank order, high to low, and what the
counting cards score, in `cardcore rules GAME` and in the play `help` (both from cardcore.text.rules).

Expected orders and values come from the sources as the rules files cite them: Kandell's piquet
pack "7 low to A high, the ten between 9 and J" and brisques "aces, tens and sevens" (Penchant);
Parlett's "A T K Q J 9 8 7" and brisques "aces and tens", 10 each (Marjolet); Cotton/Parlett's
full pack, aces high, the seven of diamonds the highest diamond, counters A 5 K 4 Q 3 J 2 and the
penneech 14 turned, 7 won (Penneech).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardcore import load_game
from cardcore.cli import cli
from cardcore.text import facts
from cardcore.text.lines import Names, plain

from .conftest import find_state, follow_state


def rules_section(game_args: list[str], title: str) -> list[str]:
    result = CliRunner().invoke(cli, ["rules", *game_args])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index(title)
    end = lines.index("", start)
    return [" ".join(ln.split()) for ln in lines[start + 1:end]]


def joined(lines: list[str]) -> str:
    return " ".join(lines)


def test_penchant_rules_show_jack_above_ten_and_the_brisques():
    cards = rules_section(["penchant"], "Cards")
    assert "every suit: A K Q J T 9 8 7" in cards
    text = joined(cards)
    assert "brisques are the A, T and 7 won in tricks (12 in the deck)" in text
    # modern scoring: 2 per brisque won in the Meal; book bonus 2 per brisque over six
    assert "phase-two brisques: 2 per card of brisques won in the meal" in text
    assert "book bonus: the player with most brisques scores 2 per card over 6" in text


def test_penchant_counting_values_follow_the_scoring_option():
    text = joined(rules_section(["penchant(scoring=19th-century)"], "Cards"))
    assert "phase-two brisques: 1 per card of brisques won in the meal" in text
    assert "scores 1 per card over 6" in text


def test_marjolet_rules_show_ten_above_king_and_brisques_worth_ten():
    cards = rules_section(["marjolet"], "Cards")
    assert "every suit: A T K Q J 9 8 7" in cards
    text = joined(cards)
    assert "brisques are the A and T won in tricks (8 in the deck)" in text
    assert "brisques: 10 per card of brisques won" in text


def test_penneech_rules_show_the_seven_of_diamonds_on_top_and_the_counters():
    cards = rules_section(["penneech"], "Cards")
    assert "spades, hearts, clubs: A K Q J T 9 8 7 6 5 4 3 2" in cards
    assert "diamonds: 7 A K Q J T 9 8 6 5 4 3 2" in cards
    text = joined(cards)
    assert "a card turned for trump scores: A 5, K 4, Q 3, J 2, 7D 14" in text
    assert "a card of the trick's trump suit, won in that trick, scores: A 5, K 4, Q 3, J 2, 7D 7" in text
    assert "each player scores 1 per card of cards won over 7" in text


def test_rules_json_gives_the_rank_order_and_the_counters():
    result = CliRunner().invoke(cli, ["rules", "penneech", "--json"])
    data = json.loads(result.stdout)
    order = data["deck"]["rank_order"]
    assert order["D"] == ["7", "A", "K", "Q", "J", "T", "9", "8", "6", "5", "4", "3", "2"]
    assert order["S"] == order["H"] == order["C"] == list("AKQJT98765432")
    assert set(data["counters"]) == {"cards"}
    marjolet = json.loads(CliRunner().invoke(cli, ["rules", "marjolet", "--json"]).stdout)
    assert marjolet["counters"]["brisques"]["ranks"] == ["A", "T"]


def help_cards(state, seat) -> str:
    sections = dict(facts.help_sections(state, seat, Names(["You", "Bot"], me=seat)))
    return " ".join(" ".join(plain(ln).split()) for ln in sections["Cards"])


def test_play_help_tells_the_rank_order_and_what_counts():
    text = help_cards(follow_state(), 0)
    assert "every suit: A K Q J T 9 8 7" in text
    assert "Brisques are the A, T and 7 won in tricks" in text


@pytest.mark.parametrize("game, expected", [
    ("marjolet", ["every suit: A T K Q J 9 8 7", "Brisques are the A and T won in tricks"]),
    ("penneech", ["diamonds: 7 A K Q J T 9 8 6 5 4 3 2", "A card turned for trump scores: A 5, K 4, Q 3, J 2, 7D 14"]),
])
def test_play_help_of_other_games(game, expected):
    state = find_state(game, {}, lambda s: True)
    text = help_cards(state, state.current_player)
    for phrase in expected:
        assert phrase in text


@pytest.mark.parametrize("game", ["pinochle", "auction-pinochle", "partnership-auction-pinochle"])
@pytest.mark.parametrize("card_points, ranks, in_deck", [
    # PB95, Cards: A T K Q J 9 count 11 10 4 3 2 0 traditional, 10 10 10 0 0 0 modern, 1 1 1 0 0 0 simplified
    ("traditional", "A, T, K, Q and J", 40), ("modern", "A, T and K", 24), ("simplified", "A, T and K", 24)])
def test_pinochle_counters_are_the_cards_that_score_in_the_chosen_count(game, card_points, ranks, in_deck):
    text = joined(rules_section([f"{game}(card_points={card_points})"], "Cards"))
    assert f"counters are the {ranks} won in tricks ({in_deck} in the deck)" in text
    # and the table's "counters won" counts those cards only
    rules = load_game(game, {"card_points": card_points}).rules
    (won,) = [cp for cp in rules.card_points if cp.when == "won"]
    assert set(rules.counters["counters"].ranks) == {rank for rank, value in won.values.items() if value > 0}
