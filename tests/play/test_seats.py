"""`cardcore play` and `cardcore replay` at tables of three and four seats (the test games of
``seatgames``): the seats named by position, the partner and the sides, a bot in every other
seat, resuming, and the auction's facts and events shown from the state's public data.

Quartet (tests/seatgames/quartet.yaml): four seats, 0 and 2 against 1 and 3, all 32 cards
dealt, the player after the dealer leads; honours won score A 4, K 3, Q 2, J 1 for the side.
Triad: three seats alone. Play passes from a seat to the next (seat + 1), which sits on its left.
"""

from __future__ import annotations

import json

import pytest
import seatgames
from click.testing import CliRunner
from helpers import build_deal, play_trick

from cardcore import load_game
from cardcore.cli import cli
from cardcore.text import facts
from cardcore.text.lines import plain, seat_names
from cardcore.records import read_record

QUARTET_DECK = [r + s for s in "SHDC" for r in "AKQJT987"]


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


def quartet_state():
    # seat 3 deals, so seat 0 leads (the same hands as tests/core/test_seats.py)
    hands = ["AS 7H 8S 9D TD JD QD KD", "KS 8H 9S AD 7D 8D 7C 8C",
             "7S AH TS 9H 9C TC JC QC", "QS KH JS TH JH QH KC AC"]
    return load_game("quartet").new_game(deals=[build_deal(QUARTET_DECK, hands, dealer=3, hand_size=8)])


def invoke(*args, stdin=""):
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


# ------------------------------------------------------------------------------ names
def test_seats_are_named_by_position_from_the_person():
    # the seat after yours sits on your left (West), then across (North), then on your right
    assert seat_names(4, me=0).names == ["You", "West", "North", "East"]
    assert seat_names(4, me=1).names == ["East", "You", "West", "North"]
    assert seat_names(3, me=2).names == ["West", "East", "You"]
    assert seat_names(5, me=0).names == ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    # two seats and watching: as before
    assert seat_names(2, me=1).names == ["Bot", "You"]
    assert seat_names(3).names == ["Seat 0", "Seat 1", "Seat 2"]


def test_sides_are_named_by_their_seats_you_first():
    table = load_game("quartet").table
    names = seat_names(4, me=2, table=table)  # you in seat 2: North is seat 0, your partner
    assert names.partnerships
    assert names.side(0) == "You and North" and names.side(1) == "West and East"
    assert names.per_side([30, 12]) == "You and North 30, West and East 12"
    assert names.team(0) == "You and North" and names.team(3) == "West and East"
    assert not seat_names(3, me=0, table=load_game("triad").table).partnerships


# ------------------------------------------------------------------------------ the table
def test_the_table_shows_every_seat_and_the_sides_totals():
    s = quartet_state()
    play_trick(s, "AS", "KS", "7S", "QS", winner=0)  # A 4 + K 3 + Q 2 for seats 0 and 2
    names = seat_names(4, me=0, table=s.table)
    f = facts.table_facts(s, 0, names)
    status = [plain(line) for line in f.status]
    assert "Sides: You and North 9, West and East 0" in status
    assert [label for label, _ in f.rows][:3] == ["West", "North", "East"]  # in the order of play
    # from seat 2 the order of play is seats 3, 0, 1: West, North, East again
    other = facts.table_facts(s, 2, seat_names(4, me=2, table=s.table))
    assert [label for label, _ in other.rows][:3] == ["West", "North", "East"]
    rows = {label: plain(line) for label, line in f.rows}
    # each other seat by name, seven cards left each; the partner shows the side's total, said to be
    assert rows["West"].startswith("7 cards in hand · side score 0 (side points this round 0)")
    assert rows["North"].startswith("7 cards in hand · side score 9 (side points this round 9)")
    assert rows["East"].startswith("7 cards in hand · side score 0 ")
    assert rows["Last trick"] == "You AS, West KS, North 7S, East QS — You won"
    assert plain(f.turn) == "Your turn: lead a card."


def test_the_winning_side_wins_together():
    s = quartet_state()
    names = seat_names(4, me=1, table=s.table)  # you in seat 1: partner seat 3 (North)
    s.result = {"winner": 1, "game_score": 40, "lurched": False, "totals": [60, 100, 60, 100]}
    s.side_scores = [60, 100]
    assert plain(facts.game_over_line(s, names)) == (
        "Game over: You and North win by 40; sides West and East 60, You and North 100.")


# ------------------------------------------------------------------------------ the command
def test_play_a_partnership_game_with_three_bots(tmp_path):
    path = tmp_path / "quartet.json"
    result = invoke("play", "quartet", "--seed", "3", "--record", str(path), "--plain", "--delay", "0",
                    stdin="1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert ("You are seat 0, with North (seat 2, greedy) as partner, against West (seat 1, greedy), "
            "East (seat 3, greedy).") in out
    record = read_record(path)
    assert record["players"] == ["human", "greedy", "greedy", "greedy"]
    summary = json.loads(invoke("replay", str(path), "--json").stdout)
    assert summary["finished"] and summary["sides"] == [[0, 2], [1, 3]]
    ours, theirs = summary["side_scores"]
    assert summary["scores"] == [ours, theirs, ours, theirs]
    winners = "You and North" if ours > theirs else "West and East"
    assert f"Game over: {winners} win by {abs(ours - theirs)}; " in out
    assert f"sides You and North {ours}, West and East {theirs}." in out
    # the bots' cards are named as they are played, by the seat's name
    assert any(line.startswith(("West plays ", "North plays ", "East plays ")) for line in out.splitlines())
    text = invoke("replay", str(path)).stdout
    assert f"Sides: You and North {ours}, West and East {theirs}" in text
    assert "Players: You (seat 0), West (seat 1: greedy), North (seat 2: greedy), East (seat 3: greedy)" in text


def test_play_from_another_seat_and_resume(tmp_path):
    path = tmp_path / "triad.json"
    first = invoke("play", "triad", "--seed", "5", "--seat", "2", "--record", str(path), "--plain",
                   "--delay", "0", stdin="1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "You are seat 2, against West (seat 0, greedy), East (seat 1, greedy)." in first.stdout
    assert "Game saved. Resume with:" in first.stdout
    played = read_record(path)["actions"]
    resumed = invoke("play", "--resume", str(path), "--plain", "--delay", "0", stdin="1\n" * 100)
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed after {len(played)} actions." in resumed.stdout
    record = read_record(path)
    assert record["players"] == ["greedy", "greedy", "human"]
    assert record["actions"][:len(played)] == played


def test_watch_with_one_bot_for_every_seat(tmp_path):
    path = tmp_path / "watch.json"
    result = invoke("play", "triad", "--seed", "2", "--bots", "random", "--record", str(path), "--plain",
                    "--delay", "0")
    assert result.exit_code == 0, result.output
    assert "Seat 0: random · Seat 1: random · Seat 2: random" in result.stdout
    assert read_record(path)["players"] == ["random"] * 3


def test_too_few_bots_and_a_seat_off_the_table_are_usage_errors(tmp_path):
    short = invoke("play", "triad", "--bots", "random,greedy", "--record", str(tmp_path / "a.json"))
    assert short.exit_code == 2 and short.stdout == ""
    assert "--bots needs 3 bot specs" in short.stderr and "one for every seat" in short.stderr
    seat = invoke("play", "quartet", "--seat", "4", "--record", str(tmp_path / "b.json"))
    assert seat.exit_code == 2 and "--seat must be 0..3" in seat.stderr


def test_help_names_each_player_in_turn_from_the_winner():
    s = load_game("triad").new_game(seed=1)
    sections = dict(facts.help_sections(s, s.current_player, seat_names(3, me=s.current_player)))
    after = next(plain(line) for line in sections["Now"] if plain(line).startswith("After each trick"))
    assert after == ("After each trick: each player in turn from the winner may declare one meld; "
                     "each player in turn from the winner draws.")


# ------------------------------------------------------------------------------ an auction's facts
def test_an_auction_and_widow_are_shown_from_the_round_summary():
    names = seat_names(3, me=0)
    # an auction's round summary: East passed (no bid), West took the contract at 300
    summary = {"bids": [{"seat": 1, "bid": 300}, {"seat": 2, "bid": None}], "bidder": 1, "bid": 300,
               "declarer": 1, "contract": 300, "widow": ["QS", "9C", "KD"], "discards": ["9S", "9H", "JD"]}
    state = load_game("triad").new_game(seed=1)
    rows = {label: plain(line) for label, line in facts.contract_facts(state, summary, 0, names)}
    assert rows == {"Bids": "West 300, East pass", "Declarer": "West", "Contract": "300",
                    "Widow": "QS 9C KD"}  # the discards are the declarer's secret
    declarer = {label: plain(line) for label, line in facts.contract_facts(state, summary, 1, names)}
    assert declarer["Discards"] == "9S 9H JD"


def test_a_phase_kinds_events_are_narrated_and_a_discard_is_hidden_from_the_others():
    names = seat_names(3, me=0)
    assert plain(facts.event_line({"type": "bid", "seat": 1, "bid": 250}, names, watching=False)) == "West bids 250"
    discard = {"type": "discard", "seat": 2, "cards": ["9S", "9H", "JD"]}
    assert plain(facts.event_line(discard, names, watching=False)) == "East discards 3 cards"
    assert plain(facts.event_line(discard, names, watching=True)) == "East discards 9S 9H JD"
    mine = {**discard, "seat": 0}
    assert plain(facts.event_line(mine, names, watching=False)) == "You discard 9S 9H JD"
    assert plain(facts.event_line({"type": "widow", "cards": ["QS", "9C", "KD"]}, names, False)) == "Widow: QS 9C KD"


def test_a_claim_is_told_right_or_wrong():
    s = load_game("triad").new_game(seed=1)
    names = seat_names(3, me=0)
    items = facts.narrate([{"type": "claim", "seat": 1, "right": False}], s, names)
    assert [plain(line) for kind, line in items if kind == "say"] == ["West claims the game: wrong."]


def test_an_auction_is_told_bid_by_bid_and_the_contract_judged():
    s = load_game("triad").new_game(seed=1)
    names = seat_names(3, me=0)
    events = [{"type": "bid", "seat": 1, "bid": 300}, {"type": "bid", "seat": 2, "bid": None},
              {"type": "bid", "seat": 0, "bid": None},
              {"type": "widow", "seat": 1, "cards": ["QS", "9C", "KD"]},
              {"type": "discard", "seat": 1},
              {"type": "settle", "declarer": 1, "bid": 300, "outcome": "failed"}]
    said = [plain(line) for kind, line in facts.narrate(events, s, names) if kind == "say"]
    assert said == ["West bids 300", "East passes", "You pass", "West takes the widow: QS 9C KD",
                    "West discards", "West's contract of 300: failed."]


def test_a_long_list_of_moves_is_summed_up_by_verb():
    from itertools import combinations

    from cardcore.text.move_list import move_entries

    hand = "AS TS KS QS JS 9S AH TH KH QH JH 9H AD TD KD".split()
    legal = ["discard " + " ".join(c) for c in combinations(hand, 3)] + ["concede"]
    assert len(legal) == 456  # 15 choose 3 = 455 discards, and conceding
    assert move_entries(legal) == [
        ("[1-455]", f"discard 3 of {' '.join(hand)} (455 ways: type discard and the cards)"), ("[456]", "concede")]
    bids = [f"bid {n}" for n in range(250, 660, 10)] + ["pass"]  # 41 bids from 250 to 650
    assert move_entries(bids) == [("[1-41]", "bid 250 to 650 (41 ways: type bid N, or the amount)"), ("[42]", "pass")]
    short = ["bid 250", "bid 260", "pass"]
    assert move_entries(short) == [("[1]", "bid 250"), ("[2]", "bid 260"), ("[3]", "pass")]


def test_three_sides_can_end_with_two_sharing_the_win():
    # a three-handed settlement: the declarer (you) paid 6 to each opponent; both win
    s = load_game("triad").new_game(seed=1)
    names = seat_names(3, me=0, table=s.table)
    s.result = {"winner": 1, "game_score": 18, "lurched": False, "totals": [-12, 6, 6], "winners": [1, 2]}
    s.side_scores = [-12, 6, 6]
    assert plain(facts.game_over_line(s, names)) == (
        "Game over: West and East win by 18; totals You -12, West 6, East 6.")


def test_trump_named_by_a_player():
    s = load_game("triad").new_game(seed=1)
    events = [{"type": "trump", "suit": "S", "seat": 1, "reason": "named by the declarer"}]
    said = [plain(line) for kind, line in facts.narrate(events, s, seat_names(3, me=0)) if kind == "say"]
    assert said == ["Trump is now S (spades), named by West."]


def test_any_higher_bid_may_be_typed():
    """PB95 (Auction Pinochle for three): bids rise in tens from 300, up to the most a side can
    make (1,330). The turn says more may be bid, and 400 (or bid 400) is taken, 405 and 200
    refused."""
    from cardcore.text.moves import interpret

    decision_text = facts.decision_text
    state = load_game("auction-pinochle").new_game(seed=1)
    assert state.legal_actions() == [f"bid {n}" for n in range(300, 1331, 10)] + ["pass"]
    assert decision_text(state) == "bid 300 or more (a multiple of 10) or pass"
    assert interpret("400", state).action == interpret("bid 400", state).action == "bid 400"
    assert interpret("2", state).action == "bid 310"  # a number on the list is the move so numbered
    for typed in ("405", "bid 200"):
        answer = interpret(typed, state)
        assert answer.action is None and "at least 300, in multiples of 10" in answer.error
    state.apply("bid 400")
    assert decision_text(state) == "bid 410 or more (a multiple of 10) or pass"
