"""Every script in bench/ runs on every installed game, with the smallest budgets it takes.

The benchmarks are run by hand, a game at a time, so a game one of them could not play went
unnoticed: a warm-up that always played the first legal move never ended an auction, and a
script that built two bots failed at a table of three or four. Each script runs here in this
process as ``python bench/NAME.py ...`` would run it (``runpy``, with that command line); a
script that takes a list of games is given none, which means every game. The watchdog turns a
script that never ends into a failure. The figures themselves are not checked: speed is
measured by hand (bench/README.md), never in tests.
"""

from __future__ import annotations

import importlib.util
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from watchdog import watchdog

import cardcore
from cardcore import game_names, load_game
from cardcore.bots import make_bot

BENCH = Path(__file__).resolve().parents[1] / "bench"
GAMES = game_names()
HANG_SECONDS = 30  # far beyond what these budgets need (well under a second a game)


def load_script(name: str):
    """bench/NAME.py as a module (not ``__main__``, so its ``main`` is not run)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(monkeypatch, capsys, name: str, *args: str, module=None) -> list[str]:
    """The lines ``python bench/NAME.py ARGS...`` prints, run in this process as its own
    ``__main__`` (or by ``module.main()``, for a module loaded and patched beforehand)."""
    path = BENCH / f"{name}.py"
    monkeypatch.setattr(sys, "argv", [str(path), *args])
    with watchdog(HANG_SECONDS, (name, args)):
        try:
            if module is None:
                runpy.run_path(str(path), run_name="__main__")
            else:
                module.main()
        except SystemExit as stop:
            assert stop.code in (None, 0), f"{name} {args} exited with {stop.code}"
    return capsys.readouterr().out.splitlines()


def first_words(lines: list[str]) -> list[str]:
    return [line.split()[0] for line in lines]


def test_the_installed_games_include_auctions_and_tables_of_three_and_four():
    # what the scripts below are run on: without these, the checks would prove little
    assert {"auction-pinochle", "partnership-auction-pinochle", "penchant"} <= set(GAMES)
    assert {load_game(g).players for g in GAMES} == {2, 3, 4}


def test_playouts_with_no_game_list_measures_every_game(monkeypatch, capsys):
    lines = run(monkeypatch, capsys, "playouts", "-s", "0.01", "-r", "1", "--two", "0")
    assert first_words(lines) == GAMES
    assert all("hands/s" in line for line in lines)


def test_ismcts_with_no_game_list_measures_every_game(monkeypatch, capsys):
    lines = run(monkeypatch, capsys, "ismcts", "-n", "1", "-i", "2", "-d", "1")
    assert first_words(lines) == GAMES
    assert all("iterations/s over 1 decisions" in line for line in lines)


@pytest.mark.parametrize("game", GAMES)
def test_strength_plays_every_game_once_per_side_of_the_table(monkeypatch, capsys, game):
    lines = run(monkeypatch, capsys, "strength", game, "random", "random", "-n", "2")
    sides = len(load_game(game).table.sides)  # two seats or two partnerships: 2; three alone: 3
    assert lines[0].startswith(f"{game}: random vs random, {2 * sides} games (2 deals x {sides} seatings")


def test_strength_seats_bot_a_for_its_whole_side(monkeypatch):
    # Partnership Auction Pinochle: seats 0 and 2 play against 1 and 3 (its rules' sides); A
    # partnered by B would measure a side of both bots, not A against B
    strength = load_script("strength")
    seats_played: dict[str, set[int]] = {"A": set(), "B": set()}

    def recording_bot(spec, game, seed):
        bot = make_bot("random", game, seed=seed)

        class Recording:
            def choose(self, state):
                seats_played[spec].add(state.current_player)
                return bot.choose(state)

        return Recording()

    monkeypatch.setattr(strength, "make_bot", recording_bot)
    strength.play_one("partnership-auction-pinochle", "A", "B", deal=0, seating=1, seed=0)
    assert seats_played == {"A": {1, 3}, "B": {0, 2}}


def test_strength_plays_each_deal_with_a_in_every_seat_of_three(monkeypatch):
    # Auction Pinochle for three: A alone against two B's, in seat 0, 1 and 2 of the same cards
    strength = load_script("strength")
    assert strength.seatings(load_game("auction-pinochle").table) == [(0,), (1,), (2,)]
    assert strength.seatings(load_game("penchant").table) == [(0,), (1,)]
    assert strength.seatings(load_game("partnership-auction-pinochle").table) == [(0, 2), (1, 3)]
    dealt = set()

    def recording_bot(spec, game, seed):
        bot = make_bot(spec, game, seed=seed)

        class Recording:
            def choose(self, state):
                dealt.add(state.seed)
                return bot.choose(state)

        return Recording()

    monkeypatch.setattr(strength, "make_bot", recording_bot)
    results = strength.play_all("auction-pinochle", "random", "random", deals=2, seed=7)
    assert [r["deal"] for r in results] == [0, 0, 0, 1, 1, 1]
    assert sorted(dealt) == [7, 8]  # every seating of a deal gets its cards


def test_strength_gives_the_same_games_on_two_processes_as_on_one():
    command = [sys.executable, str(BENCH / "strength.py"), "penneech", "greedy", "random", "-n", "3"]
    one = subprocess.run(command, capture_output=True, text=True, check=True).stdout.splitlines()
    two = subprocess.run(command + ["--jobs", "2"], capture_output=True, text=True, check=True).stdout.splitlines()
    assert one[:3] == two[:3]  # the games and their results; only the times differ
    assert one[3].split(";")[0] == two[3].split(";")[0]


@pytest.mark.parametrize("game", GAMES)
def test_strength_deal_only_plays_the_first_deal_of_each_game(monkeypatch, capsys, game):
    lines = run(monkeypatch, capsys, "strength", game, "random", "random", "-n", "2", "--deal-only")
    sides = len(load_game(game).table.sides)
    assert lines[0].startswith(f"{game}: random vs random, {2 * sides} first deals (2 deals x {sides} seatings")
    assert lines[3].startswith("score lead of random at the deal's end")
    strength = load_script("strength")
    results = strength.play_all(game, "random", "random", deals=2, seed=0, deal_only=True)
    assert [r["deals"] for r in results] == [1] * (2 * sides)


def test_strength_deal_only_lead_is_the_first_deals_points_difference():
    # two seats: A's lead is A's points of the first deal less B's, the same bots replaying it
    strength = load_script("strength")
    game = load_game("penchant")
    for seating in (0, 1):
        result = strength.play_one("penchant", "random", "greedy", deal=3, seating=seating, seed=0, deal_only=True)
        state = game.new_game(seed=3)
        bots = [make_bot("random" if s == seating else "greedy", game, seed=strength.bot_seed(3, seating, s))
                for s in (0, 1)]
        while len(state.rounds) == 1 and not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        points = state.rounds[0]["points"]
        assert result["lead"] == points[seating] - points[1 - seating]


def test_strength_counts_contracts_and_melds_per_bot():
    # Auction Pinochle, A in seat 1 against B in seats 0 and 2: B's seat 0 conceded a contract
    # of 300, A made 250, the third deal was annulled (everyone passed, no contract); a lapsed
    # meld never scored
    strength = load_script("strength")
    rounds = [
        {"declarer": 0, "contract": 300, "outcome": "conceded",
         "melds": [{"player": 0, "points": 40, "status": "scored"}]},
        {"declarer": 1, "contract": 250, "outcome": "made",
         "melds": [{"player": 1, "points": 60}, {"player": 2, "points": 20, "status": "lapsed"}]},
        {"declarer": None, "contract": None, "outcome": "annulled", "melds": []},
    ]
    kinds = strength.decision_kinds(rounds, (1,), load_game("auction-pinochle"))
    assert kinds["contracts"] == [[1, 1, 0], [1, 0, 1]]  # per bot: won, made, conceded
    assert kinds["meld_points"] == [60, 40]
    assert kinds["has_contracts"] and kinds["has_melds"] and kinds["deals"] == 3
    assert not strength.decision_kinds([], (0,), load_game("penneech"))["has_melds"]
    # A's score less the mean of its two opponents': -1 - (2 + -1) / 2
    assert strength.score_lead([2, -1, -1], (1,), load_game("auction-pinochle").table) == -1.5


@pytest.fixture
def games_loaded(monkeypatch) -> list[str]:
    """The game strings the script under test loads (the scripts import ``cardcore.load_game``)."""
    loaded = []

    def recording_load_game(name, options=None):
        loaded.append(name)
        return load_game(name, options)

    monkeypatch.setattr(cardcore, "load_game", recording_load_game)
    return loaded


@pytest.mark.parametrize("game", GAMES)
def test_random_games_plays_every_game(monkeypatch, capsys, games_loaded, game):
    run(monkeypatch, capsys, "random_games", game, "1")
    assert games_loaded == [game]


def test_random_games_digest_tells_the_games_apart(monkeypatch, capsys):
    # one line per game; the same games give the same digest, other games (one more) another
    once = run(monkeypatch, capsys, "random_games", "--digest", "penneech", "2")
    again = run(monkeypatch, capsys, "random_games", "--digest", "penneech", "2")
    more = run(monkeypatch, capsys, "random_games", "--digest", "penneech", "3")
    assert len(once) == 1 and once[0].split()[0] == "penneech" and len(once[0].split()[1]) == 16
    assert once == again
    assert once != more


@pytest.mark.parametrize("game", GAMES)
def test_view_playouts_plays_every_game(monkeypatch, capsys, games_loaded, game):
    run(monkeypatch, capsys, "view_playouts", "1", game)
    assert games_loaded == [game]


def test_view_playouts_plays_penchant_unless_told(monkeypatch, capsys, games_loaded):
    run(monkeypatch, capsys, "view_playouts", "1")
    assert games_loaded == ["penchant"]


def test_adapter_playouts_with_no_game_list_measures_every_game(monkeypatch, capsys, tmp_path):
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed here")
    # a stand-in yardstick: the real one lives outside the project, and its speed is not tested
    (tmp_path / "lean_toy.py").write_text("import time\n\ndef toy_hands_per_second(seconds, seed=0):\n"
                                          "    return 1000.0\n")
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script puts the yardstick's folder first
    monkeypatch.delitem(sys.modules, "lean_toy", raising=False)
    script = load_script("adapter_playouts")
    monkeypatch.setattr(script, "yardstick_dir", lambda: tmp_path)
    lines = run(monkeypatch, capsys, "adapter_playouts", "-s", "0.01", "-r", "1", "--pettingzoo", module=script)
    assert first_words(lines) == GAMES
    assert all("adapter" in line and "pettingzoo" in line for line in lines)


def test_adapter_ismcts_with_no_game_list_plays_every_game(monkeypatch, capsys):
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    lines = run(monkeypatch, capsys, "adapter_ismcts", "-n", "2", "-i", "2", "-m", "1")
    assert first_words(lines) == GAMES
    assert all("2 games" in line and "2 moves" in line for line in lines)


def test_adapter_ismcts_takes_a_game_string_with_options(monkeypatch, capsys):
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    lines = run(monkeypatch, capsys, "adapter_ismcts", "penchant(rounds=1)", "-n", "1", "-i", "2", "-m", "1")
    assert first_words(lines) == ["penchant(rounds=1)"]


def test_adapter_ismcts_takes_each_seat_in_turn(monkeypatch, capsys):
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts", reason="the openspiel extra is not installed here")
    seats = []
    step = ismcts.ISMCTSBot.step

    def recording_step(bot, state):
        seats.append(state.current_player())
        return step(bot, state)

    monkeypatch.setattr(ismcts.ISMCTSBot, "step", recording_step)
    run(monkeypatch, capsys, "adapter_ismcts", "auction-pinochle", "-n", "3", "-i", "2", "-m", "1")
    assert seats == [0, 1, 2]  # a table of three: game g's bot in seat g


def test_adapter_resample_with_no_game_list_measures_every_game(monkeypatch, capsys):
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    lines = run(monkeypatch, capsys, "adapter_resample", "-n", "1", "-e", "8")
    assert first_words(lines) == GAMES
    assert all("worlds" in line for line in lines)


def test_adapter_resample_says_so_when_a_deal_is_too_short_to_resample(monkeypatch, capsys):
    # no deal of any game lasts a million decisions, so no world is asked for
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    lines = run(monkeypatch, capsys, "adapter_resample", "penneech", "penchant(rounds=1)", "-n", "1", "-e", "1000000")
    assert first_words(lines) == ["penneech", "penchant(rounds=1)"]
    assert all("no world" in line for line in lines)


@pytest.mark.parametrize("game", GAMES)
def test_per_card_plays_every_game(monkeypatch, capsys, games_loaded, game):
    # the measuring process's own run (--child), here in this process: every game is played
    cards, cpu = run(monkeypatch, capsys, "per_card", game, "--child", "-s", "0.01")[0].split()
    assert games_loaded == [game] and int(cards) > 0 and float(cpu) > 0


def test_per_card_with_no_game_list_measures_every_game(monkeypatch, capsys):
    # each run is a fresh process (measured() starts one): stood in for here, with 2 cards a µs
    script = load_script("per_card")
    monkeypatch.setattr(script, "measured", lambda python, game, seconds: 0.5)
    lines = run(monkeypatch, capsys, "per_card", "-r", "1", "--against", sys.executable, module=script)
    assert first_words(lines) == GAMES
    assert all("0.50 µs/card" in line and "ratio 1.000" in line for line in lines)


@pytest.mark.parametrize("game", GAMES)
def test_endgame_plays_every_game(monkeypatch, capsys, game):
    lines = run(monkeypatch, capsys, "endgame", game, "random", "random", "-n", "1", "--cards", "6")
    assert lines[0].startswith(f"{game}: random against random from the same positions, at most 6 cards left")


def test_endgame_gains_nothing_over_the_same_bot():
    # the same bot at the end as before it, its opponents seeded alike in both finishes: every
    # deal's end is played the same twice, so the gain is nil, deal by deal
    endgame = load_script("endgame")
    game = load_game("bezique")
    for deal_seed in range(3):
        state = endgame.end_position(game, "heuristic", deal_seed, 16)
        assert state is not None and state.stock_left == 0
        seat = state.current_player
        plain, _ = endgame.finish(game, state, None, "heuristic", deal_seed)
        same, times = endgame.finish(game, state, "heuristic", "heuristic", deal_seed)
        assert same == plain and times
        assert state.current_player == seat  # the position itself is left as it was


def test_endgame_measures_the_exact_end_against_the_heuristic_s(monkeypatch, capsys):
    lines = run(monkeypatch, capsys, "endgame", "bezique",
                "ismcts(guide=heuristic,guide_until_exact=true)", "heuristic", "-n", "3")
    assert lines[0] == ("bezique: ismcts(guide=heuristic,guide_until_exact=true) against heuristic from the same "
                        "positions, at most 16 cards left (3 deals, seeds 0..2; 0 never got there)")
    assert lines[1].startswith("A's gain in the seat's lead a deal: ")


@pytest.mark.parametrize("game", GAMES)
def test_deal_boundary_plays_every_game_to_its_first_deals_last_move(monkeypatch, capsys, games_loaded, game):
    run(monkeypatch, capsys, "deal_boundary", game, "2", "last_move")
    assert games_loaded == [game]


def test_deal_boundary_counts_the_first_deals_end_and_the_next_deal():
    # Penchant: four deals a game (K, Goal), the brisques counted as a deal ends (K, Scoring)
    from cardcore.engine import flow

    start_deal = flow.start_deal
    before, move, due = load_script("deal_boundary").first_deal_end(load_game("penchant"))
    assert flow.start_deal is start_deal  # put back
    after = before.clone()
    after.apply_move(move)
    assert len(before.rounds) == 1 and len(after.rounds) == 2  # the move ends the first deal
    assert len(due.deals) == 1 and "brisques" in due.rounds[-1]  # the next deal due, the first one counted
    flow.start_deal(due)
    assert due.deals == after.deals and due.hands == after.hands


def test_deal_boundary_says_so_when_the_first_deal_ends_the_game(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["deal_boundary.py", "rubicon-bezique", "1", "start_deal"])
    with pytest.raises(SystemExit, match="its first deal ends the game"):
        load_script("deal_boundary").main()


def test_strength_drops_a_level_s_clock_but_keeps_its_guide_s_parameters():
    # Pinochle's hard is guided by a heuristic with parameters of its own (rules/pinochle.yaml)
    strength = load_script("strength")
    game = load_game("pinochle")
    resolved = strength.resolve("hard", game)
    assert "seconds" not in resolved
    assert "guide=heuristic(make_odds_0=0.5,make_odds_1=0.15,keep_trump=12)" in resolved
    assert strength.resolve("hard", game, clock=True).startswith("ismcts(seconds=2,")


# each script's arguments with the game string "nogame" where it takes one
BAD_GAME_ARGS = {
    "adapter_ismcts": ["nogame"], "adapter_playouts": ["nogame"], "adapter_resample": ["nogame"],
    "deal_boundary": ["nogame", "2", "copies"], "endgame": ["nogame", "normal", "normal"],
    "ismcts": ["nogame"], "per_card": ["nogame"], "playouts": ["nogame"],
    "random_games": ["nogame", "2"], "strength": ["nogame", "normal", "normal"],
    "view_playouts": ["2", "nogame"],
}


def test_every_script_is_listed_for_its_bad_game_string():
    scripts = {p.stem for p in BENCH.glob("*.py")}
    assert scripts == set(BAD_GAME_ARGS)


@pytest.mark.parametrize("script", sorted(BAD_GAME_ARGS))
def test_a_bad_game_string_is_said_in_a_line_not_a_traceback(script):
    done = subprocess.run([sys.executable, str(BENCH / f"{script}.py"), *BAD_GAME_ARGS[script]],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{script}.py: error: unknown game 'nogame'; installed games: " in done.stderr
    assert "penchant" in done.stderr.splitlines()[-1]


def test_a_bad_bot_spec_names_the_bot_s_parameters():
    done = subprocess.run([sys.executable, str(BENCH / "strength.py"), "penchant", "ismcts(bogus=1)", "normal",
                           "-n", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "bot 'ismcts' has no parameter 'bogus'; its parameters: iterations," in done.stderr
