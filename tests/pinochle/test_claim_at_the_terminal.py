"""Pinochle's claim (Out) at the terminal: `help` at a card-play turn, the claim typed as a word
and not offered as a numbered move while it would be wrong, and asked to be confirmed.

PB95, Two-hand Pinochle: "Game is 1000. The first to reach that total calls 'Out' to end the
play, and loses if he is wrong". rules/pinochle.yaml (notes, "counters scored as won"): a
player's score is always what he could claim with Out, so the table's score is his count.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardcore import load_game
from cardcore.cli import cli
from cardcore.text.facts import help_sections
from cardcore.text.moves import interpret
from cardcore.text.lines import plain, seat_names
from cardcore.records import read_record, replay


def opening():
    """A Pinochle game (seed 3) at seat 0's first decision: the lead, both at 0."""
    state = load_game("pinochle").new_game(seed=3)
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    assert state.observation(0)["decision"] == "play" and state.scores == [0, 0]
    return state


def reached(target: int):
    """A Pinochle game to ``target`` (seed 3, each seat's first move taken) at a card-play turn of
    seat 0's once its score is at or over the target."""
    state = load_game("pinochle", {"target": target}).new_game(seed=3)
    while not (state.current_player == 0 and state.scores[0] >= target and state.observation(0)["decision"] == "play"):
        state.apply(state.legal_actions()[0])
    return state


def help_text(state) -> str:
    sections = help_sections(state, 0, seat_names(state.n, 0, state.table))
    return "\n".join(f"{title}: " + " | ".join(plain(line) for line in lines) for title, lines in sections)


def test_help_at_a_card_play_turn_lists_the_cards_and_how_to_claim():
    # 0 under 1000: the cards to play, and the claim in words (typed, asked to confirm)
    state = opening()
    text = help_text(state)
    hand = state.observation(0)["hand"]
    assert "Your cards: You may play: " in text and all(c in text for c in hand)
    assert "Type out to claim the game" in text and "Your score: 0 (the target 1000)" in text


def test_help_when_the_claim_is_among_the_moves():
    # at or over the target the claim is listed after the cards, and help still reads the cards
    state = reached(30)
    score = state.scores[0]
    assert state.legal_actions()[-1] == "out"
    text = help_text(state)
    assert "You may play: " in text and f"Your score: {score} (the target 30)" in text


def test_a_wrong_claim_is_a_word_not_a_numbered_move():
    state = opening()
    legal = state.legal_actions()
    assert [interpret(str(i), state).action for i in range(1, len(legal) + 1)] == legal
    assert "out" not in legal
    assert interpret("out", state).action == "out"
    assert interpret("OUT", state).action == "out"


def saved(path, state) -> None:
    path.write_text(json.dumps({**state.record(), "players": ["human", "greedy"]}), encoding="utf-8")


def play(path, typed: str) -> str:
    result = CliRunner().invoke(cli, ["play", "--resume", str(path), "--delay", "0", "--plain"], input=typed)
    assert result.exception is None and result.exit_code == 0, result.output
    return result.stdout


def test_the_terminal_asks_to_confirm_a_claim(tmp_path):
    path = tmp_path / "game.json"
    state = opening()
    saved(path, state)
    before = len(state.actions)
    # refused at the question: nothing is played, the game goes on at the same turn
    out = play(path, "out\nn\nquit\n")
    assert "Claim the game (out)? Your score is 0, the target 1000" in out
    assert "No claim: play on." in out
    assert len(read_record(path)["actions"]) == before
    # confirmed: the wrong claim is made, and it loses (PB95)
    out = play(path, "out\ny\n")
    assert "You claim the game: wrong." in out
    end = replay(read_record(path))
    assert end.is_terminal() and end.summary()["result"]["claim"] == {"player": 0, "right": False}
    assert end.actions[before:] == ["out"]
