"""The dealer's guess (RM §7.2; option packet_guess) at the terminal and for the bots: the prompt
says what to type, `?` and `help` answer without telling the packet, a game saved at the guess
resumes there, and every bot guesses without looking at the packet (it is drawn already).

Seed 4 makes seat 1 the dealer (its packet: 27 cards), so seat 0 guesses."""

import json

import pytest
from click.testing import CliRunner

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.cli import cli
from cardcore.players import level_bot

GAME = "six-pack-bezique(packet_guess=true)"
SEED = 4


def play(args, stdin):
    result = CliRunner().invoke(cli, ["play", *args], input=stdin)
    assert result.exception is None and result.exit_code == 0, result.output
    return result.stdout


def test_seed_4_makes_seat_0_the_guesser_of_a_packet_of_27():
    s = load_game(GAME).new_game(seed=SEED)
    assert (s.dealer, s.current_player, s.deals[0]["packet"]) == (1, 0, 27)


def test_the_prompt_at_the_guess_and_its_answers(tmp_path):
    path = tmp_path / "g.json"
    out = play([GAME, "--seed", str(SEED), "--seat", "0", "--level", "easy", "--plain", "--record", str(path)],
               "?\nhelp\nguess 29\n27\nquit\n")
    assert "Your turn: guess the size of the packet the dealer lifted ('guess N', or N alone, from 20 to 28)." in out
    # the table names the phase whose decision is due, not the first trick phase still ahead
    assert "Phase: dealer's guess\n" in out and "Phase: stock" not in out[:out.index("Your move>")]
    moves = out[out.index("Moves, and what each does now:"):out.index("Now:")]
    assert "[1] guess 20" in moves and "[9] guess 28" in moves
    assert "+150" not in moves  # what a guess scores would tell the packet
    assert "Phase dealer's guess." in out and "24 give or take 4 (20 to 28, each as likely)" in out
    assert "guess 29: the non-dealer guesses the size of the packet the dealer lifted now: 'guess N' with N " \
           "from 20 to 28 (RM §7.2" in out
    assert "You guess 27; the size of the packet the dealer lifted: 27." in out
    saved = json.loads(path.read_text())
    assert saved["actions"][0] == "guess 27" and saved["deals"][0]["packet"] == 27
    assert "You: score 150" in out


def test_the_hint_at_the_guess_is_the_aim(tmp_path):
    out = play([GAME, "--seed", str(SEED), "--seat", "0", "--level", "easy", "--plain", "--record",
                str(tmp_path / "g.json")], "hint\nquit\n")
    assert f"Hint ({level_bot('hard', load_game(GAME))}): [5] guess 24" in out  # the hard level's bot


def test_cardcore_rules_shows_the_guess_only_with_the_option():
    on = CliRunner().invoke(cli, ["rules", "six-pack-bezique", "-o", "packet_guess=true", "-o", "packet_spread=2"])
    assert on.exit_code == 0, on.output
    assert "dealer's guess: the size of the packet the dealer lifted is drawn by chance, 24 give or take 2 " \
           "(22 to 26, each as likely)" in on.stdout
    assert "packet guessed 150 to the guesser if the guess is right; packet of 24 250 to the dealer" in on.stdout
    off = CliRunner().invoke(cli, ["rules", "six-pack-bezique"])
    assert "dealer's guess: the size" not in off.stdout and "packet_guess = false" in off.stdout
    bad = CliRunner().invoke(cli, ["rules", "six-pack-bezique", "-o", "packet_spread=25"])
    assert bad.exit_code != 0 and "expected an integer from 1 to 24" in bad.output


def test_a_game_saved_at_the_guess_resumes_there(tmp_path):
    path = tmp_path / "g.json"
    play([GAME, "--seed", str(SEED), "--seat", "0", "--level", "easy", "--plain", "--record", str(path)], "quit\n")
    assert json.loads(path.read_text())["actions"] == []
    out = play(["--resume", str(path), "--plain"], "22\nquit\n")
    assert "Your turn: guess the size" in out and "You guess 22; the size of the packet the dealer lifted: 27." in out
    assert json.loads(path.read_text())["actions"][0] == "guess 22"


def test_replay_json_shows_the_guess_and_the_packet(tmp_path):
    s = load_game(GAME).new_game(seed=SEED)
    s.apply("guess 27")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(s.record()))
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["rounds"][0]
    assert summary["guess"] == {"player": 0, "guessed": 27} and summary["packet"] == 27
    assert summary["points"] == [150, 0]


@pytest.mark.parametrize("spec", ["heuristic", "greedy", "ismcts(iterations=50)", "pimc(samples=2,rollouts=1)"])
def test_the_bots_guess_24_without_looking(spec):
    game = load_game(GAME)
    s = game.new_game(seed=SEED)  # a packet of 27: a bot that looked would guess 27
    assert make_bot(spec, game, seed=1).choose(s) == "guess 24"


def test_the_random_bot_guesses_in_the_range():
    game = load_game(GAME)
    s = game.new_game(seed=SEED)
    guesses = {make_bot("random", game, seed=i).choose(s) for i in range(40)}
    assert guesses <= {f"guess {n}" for n in range(20, 29)} and len(guesses) > 1


def test_simulate_counts_the_guess_points_by_source():
    result = CliRunner().invoke(cli, ["simulate", GAME, "--bots", "random,random", "-n", "20", "--seed", "1",
                                      "--json"])
    assert result.exit_code == 0, result.output
    metrics = {m["name"]: m["estimate"] for m in json.loads(result.stdout)["metrics"]}
    # one deal a game: 20 rounds, each award scored whole (150 a right guess, 250 a packet of 24)
    for bot in "AB":
        for source, award in (("packet guessed", 150), ("packet of 24", 250)):
            total = round(metrics[f"points per round {bot}: {source}"] * 20)
            assert total % award == 0, (bot, source, total)
    assert sum(metrics[f"points per round {b}: {s}"] for b in "AB" for s in ("packet guessed", "packet of 24")) > 0
