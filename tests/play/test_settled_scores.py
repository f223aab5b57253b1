"""The score grids of games whose deals are settled against a contract: the deal's points (melds,
counters, last trick) reach the scores only through the settlement (PB95, Auction Pinochle for
three, Score: stakes won and lost; Auction Pinochle for four, Score: the side's points or its bid
lost). Each figure is named for what it is: the rows add up to the deal's points, the settlement
and the game total are in stakes (three players) or the side's points (four, in partnerships).
"""

from __future__ import annotations

import random

import pytest

from helpers import random_action, random_game

from cardcore import load_game
from cardcore.text import facts
from cardcore.text.lines import plain, seat_names


def played_out(game: str, seed: int):
    return random_game(load_game(game), seed)


def cells(grid) -> dict[str, list[str]]:
    return {plain(row[0]): [plain(c) for c in row[1:]] for row in grid.rows}


def ints(values) -> list[int]:
    return [int(v) for v in values]


@pytest.mark.parametrize("game, seed", [("auction-pinochle", 1), ("partnership-auction-pinochle", 1)])
def test_each_round_s_rows_add_up_to_its_deal_points_and_the_settlement_stands_apart(game, seed):
    state = played_out(game, seed)
    names = seat_names(state.n, 0, state.table)
    settled = [i for i, r in enumerate(state.rounds, start=1) if "settlement" in r]
    assert settled
    for number in settled:
        grid = facts.round_grid(state, number, names)
        body = grid.rows[:grid.rule_before]
        totals = cells(grid)
        assert not any("settlement" in plain(row[0]) for row in body)
        columns = len(grid.header) - 1
        sums = [sum(int(plain(row[1 + c]) or 0) for row in body) for c in range(columns)]
        assert sums == ints(totals["deal points"])
        settlement = next(k for k in totals if k.startswith("settlement"))
        game_total = next(k for k in totals if k.startswith("game total"))
        assert ints(totals[settlement]) != [] and len(totals[settlement]) == columns
        if game == "auction-pinochle":  # PB95: the stakes are chips or game-points, not card points
            assert settlement == "settlement (stakes)" and game_total == "game total (stakes)"
            assert sum(ints(totals[settlement])) == 0  # the declarer wins or pays each opponent


def test_three_players_game_grid_rounds_are_the_stakes_that_make_the_total():
    state = played_out("auction-pinochle", 1)
    names = seat_names(3, 0, state.table)
    grid = facts.game_grid(state, names)
    rounds = grid.rows[:grid.rule_before]
    total = cells(grid)["total (stakes)"]
    sums = [sum(int(plain(row[1 + s]) or 0) for row in rounds) for s in range(3)]
    assert sums == ints(total) == state.scores
    for row, summary in zip(rounds, state.rounds):
        if "settlement" not in summary:  # all passed: the deal is annulled and scores nothing
            assert plain(row[0]).endswith("(annulled)") and not any(plain(c) for c in row[1:])


def test_partnership_grids_have_a_column_per_side_and_the_rounds_make_the_total():
    state = played_out("partnership-auction-pinochle", 1)
    names = seat_names(4, 0, state.table)
    grid = facts.game_grid(state, names)
    assert grid.header[1:] == ["You and North", "West and East"]
    rounds = grid.rows[:grid.rule_before]
    sums = [sum(int(plain(row[1 + side]) or 0) for row in rounds) for side in (0, 1)]
    assert sums == ints(cells(grid)["total"]) == state.side_scores
    round_grid = facts.round_grid(state, 1, names)
    assert round_grid.header[1:] == ["You and North", "West and East"]


def test_partnership_settlement_is_told_as_the_side_s_and_the_table_labels_side_figures():
    state = load_game("partnership-auction-pinochle").new_game(seed=1)
    rng = random.Random(1)
    while not any(e["type"] == "score" and e["source"] == "settlement" for e in state.events):
        state.apply(random_action(state, rng))
    names = seat_names(4, 0, state.table)
    event = next(e for e in state.events if e["type"] == "score" and e["source"] == "settlement")
    side = names.team(event["seat"])
    lines = [plain(item) for kind, item in facts.narrate(state.events, state, names) if kind == "say"]
    assert any(line.startswith(f"{side} score ") and "(settlement)" in line for line in lines), lines
    assert not state.is_terminal()  # the next deal is on: the table is shown to the seat to move
    table = facts.table_facts(state, state.current_player, seat_names(4, state.current_player, state.table))
    for label, line in table.rows:
        text = plain(line)
        if "cards in hand" in text:  # each other seat: its side's score and deal points, said to be so
            assert "side score" in text and "side deal points" in text and "(this round" not in text
