"""The ``cardcore`` command line through click's CliRunner (DESIGN.md, Contracts: CLI).

Expected values come from the contracts and from Penchant's rules (rules/penchant.yaml, which cites
Kandell "K" and the cheat sheet "CS"), not from program output. Records are built with the state
API, from a hand-built first deal where a test needs to know the cards.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from cardcore import load_game
from cardcore.cli import cli

# ------------------------------------------------------------------------------ rules data
MELD_NAMES = ["twins", "triplets", "quadruplets", "family", "clan", "extended-family",
              "reunion", "marriage", "besito", "penchant"]
# K meld table / Modern Scoring, CS MELDS: only quadruplets and reunion depend on the scoring.
FIXED_POINTS = {"twins": 2, "triplets": 3, "family": 3, "clan": 4, "extended-family": 5,
                "marriage": 2, "besito": 2, "penchant": 1}
SCORING_POINTS = {
    "modern": {"quadruplets": 8, "reunion": 16},
    "19th-century": {"quadruplets": 10, "reunion": 25},
    "cheat-sheet": {"quadruplets": 8, "reunion": 20},
}


def meld_points(scoring: str) -> dict[str, int]:
    return {**FIXED_POINTS, **SCORING_POINTS[scoring]}


DEFAULT_OPTIONS = {
    "scoring": "modern",
    "blocking_tie": "unblocks",
    "trump_setter": "winner",
    "endgame_rule": "FTR",
    "each_penchant_sets_trump": False,
    "trump_marriage_cancels_trump": False,
    "no_meld_reuse": False,
    "pinochle_declaration": False,
    "penchant_only_when_winner_passes": False,
    "jail_free_seven": False,
    "rounds": 4,
    "lurch_threshold": 40,
}
PRESETS = {
    "kandell-modern": {},
    "kandell-1893": {"scoring": "19th-century"},
    "cheat-sheet": {"scoring": "cheat-sheet", "blocking_tie": "strict"},
    "foster-1897": {"scoring": "19th-century", "trump_setter": "any"},
}

SUMMARY_KEYS = {"game", "options", "finished", "current_player", "legal_actions", "scores",
                "sides", "side_scores", "rounds", "result"}
ROUND_KEYS = {"dealer", "trump", "points", "brisques", "melds"}  # brisques: Penchant's counter
MELD_KEYS = {"player", "cards", "name", "points"}
RESULT_KEYS = {"winner", "game_score", "lurched"}  # game-specific keys may be added

# ------------------------------------------------------------------------------ a known deal
ALL_CARDS = [rank + suit for suit in "SHDC" for rank in ["7", "8", "9", "T", "J", "Q", "K", "A"]]
HANDS = [["7S", "8S", "9S", "TS", "7H", "8H"], ["JS", "QH", "KD", "AC", "9C", "9D"]]
STOCK = ["JH", "QS"] + [c for c in ALL_CARDS if c not in HANDS[0] + HANDS[1] + ["JH", "QS"]]
DEAL = {"dealer": 0, "hands": HANDS, "stock": STOCK}
# Seat 0 deals, so seat 1 leads (K, Phase one). Free play (ftr) and no trump yet: seat 0's 7H
# cannot beat the ace of clubs led, so seat 1 wins the trick and declares twins 9D 9C for 2
# (K meld table). Then the winner draws JH and the loser QS (K, Phase one), and the winner leads.
MID_ACTIONS = ["play AC", "play 7H", "meld 9D 9C"]


def new_state(options=None, seed=11):
    return load_game("penchant", options).new_game(seed=seed, deals=[DEAL])


def play_randomly(state, rng, stop=lambda s: False):
    while not state.is_terminal() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def write(path, record) -> str:
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    return str(path)


@pytest.fixture
def runner():
    return CliRunner()


def ok(result):
    assert result.exception is None, result.output + result.stderr
    assert result.exit_code == 0, result.output + result.stderr
    return result


def input_error(result) -> str:
    """Exit 1, one line on stderr, nothing on stdout, no traceback; returns the line."""
    assert isinstance(result.exception, SystemExit), (
        f"crashed instead of a clean error: {result.exception!r}\n{result.output}")
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def usage_error(result) -> None:
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


# ===================================================================================== games
def test_games_text_lists_penchant_with_its_plugin(runner):
    entries = json.loads(ok(runner.invoke(cli, ["games", "--json"])).stdout)
    (entry,) = [e for e in entries if e["name"] == "penchant"]
    assert "penchant" in entry["plugin"]
    assert entry["title"].startswith("Penchant")
    text = ok(runner.invoke(cli, ["games"])).stdout
    (line,) = [ln for ln in text.splitlines() if ln.split()[:1] == ["penchant"]]
    assert entry["plugin"] in line
    assert entry["title"] in line


def test_games_text_starts_every_title_in_one_column(runner):
    entries = json.loads(ok(runner.invoke(cli, ["games", "--json"])).stdout)
    lines = ok(runner.invoke(cli, ["games"])).stdout.splitlines()
    assert len(lines) == len(entries)
    # the longest name (partnership-auction-pinochle) is followed by a space like the others
    starts = {line.index(e["title"]) for line, e in zip(lines, sorted(entries, key=lambda e: e["name"]))}
    assert len(starts) == 1, lines
    assert all(line[start - 1] == " " for line, start in zip(lines, [*starts] * len(lines)))


def test_games_json_is_a_list_of_name_title_plugin(runner):
    entries = json.loads(ok(runner.invoke(cli, ["games", "--json"])).stdout)
    assert isinstance(entries, list)
    for e in entries:
        assert set(e) >= {"name", "title", "plugin"}


# ===================================================================================== rules
def text_meld_points(text: str) -> dict[str, int]:
    """Meld name -> points from the 'Melds' table of `cardcore rules`."""
    lines = text.splitlines()
    out = {}
    for line in lines[lines.index("Melds") + 1:]:
        if not line.startswith("  "):
            break
        words = line.split()
        if words[0] in MELD_NAMES:
            out[words[0]] = int(words[1])
    return out


@pytest.mark.parametrize("args, scoring", [
    (["rules", "penchant"], "modern"),
    (["rules", "penchant", "-o", "scoring=19th-century"], "19th-century"),
    (["rules", "penchant(scoring=cheat-sheet)"], "cheat-sheet"),
    (["rules", "penchant", "--option", "scoring=cheat-sheet"], "cheat-sheet"),
    (["rules", "penchant", "--preset", "foster-1897"], "19th-century"),
    (["rules", "penchant", "--preset", "kandell-modern"], "modern"),
])
def test_rules_text_meld_table(runner, args, scoring):
    text = ok(runner.invoke(cli, args)).stdout
    assert text_meld_points(text) == meld_points(scoring)
    assert f"scoring = {scoring}" in text


def test_rules_text_lists_options_presets_and_sources(runner):
    text = ok(runner.invoke(cli, ["rules", "penchant"])).stdout
    for name in DEFAULT_OPTIONS:
        assert name in text
    for preset in PRESETS:
        assert preset in text
    for key in ("K", "CS", "F1897", "RM"):
        assert re.search(rf"^  {key}: ", text, re.M), key


def test_rules_json_options_presets_sources(runner):
    data = json.loads(ok(runner.invoke(cli, ["rules", "penchant", "--json"])).stdout)
    assert data["game"] == "penchant"
    assert [o["name"] for o in data["options"]] == list(DEFAULT_OPTIONS)
    for o in data["options"]:
        assert o["default"] == DEFAULT_OPTIONS[o["name"]]
        assert type(o["default"]) is type(DEFAULT_OPTIONS[o["name"]])
        assert o["value"] == o["default"]
        assert o["description"].strip()
    by_name = {o["name"]: o for o in data["options"]}
    assert by_name["scoring"]["values"] == ["modern", "19th-century", "cheat-sheet"]
    assert data["presets"] == PRESETS
    assert set(data["sources"]) == {"K", "CS", "F1897", "RM"}
    assert {m["name"]: m["points"] for m in data["melds"]} == meld_points("modern")


def test_rules_json_with_preset_applies_it(runner):
    data = json.loads(ok(runner.invoke(cli, ["rules", "penchant", "--preset", "foster-1897", "--json"])).stdout)
    values = {o["name"]: o["value"] for o in data["options"]}
    assert values == {**DEFAULT_OPTIONS, "scoring": "19th-century", "trump_setter": "any"}
    assert {m["name"]: m["points"] for m in data["melds"]} == meld_points("19th-century")


def test_option_given_with_a_preset_overrides_it(runner):
    data = json.loads(ok(runner.invoke(
        cli, ["rules", "penchant", "--preset", "foster-1897", "-o", "scoring=cheat-sheet", "--json"])).stdout)
    values = {o["name"]: o["value"] for o in data["options"]}
    assert values == {**DEFAULT_OPTIONS, "scoring": "cheat-sheet", "trump_setter": "any"}


def test_rules_json_integer_and_boolean_option_values(runner):
    data = json.loads(ok(runner.invoke(
        cli, ["rules", "penchant", "-o", "rounds=2", "-o", "no_meld_reuse=true", "--json"])).stdout)
    values = {o["name"]: o["value"] for o in data["options"]}
    assert values["rounds"] == 2 and values["no_meld_reuse"] is True


# ------------------------------------------------------------------------- bad input: exit 1
def test_unknown_game_lists_installed_games(runner):
    line = input_error(runner.invoke(cli, ["rules", "nosuchgame"]))
    assert "nosuchgame" in line and "penchant" in line


def test_unknown_option_lists_valid_options(runner):
    line = input_error(runner.invoke(cli, ["rules", "penchant", "-o", "scorin=modern"]))
    assert "scorin" in line
    for name in DEFAULT_OPTIONS:
        assert name in line


def test_unknown_option_in_game_string(runner):
    line = input_error(runner.invoke(cli, ["rules", "penchant(colour=red)"]))
    assert "colour" in line and "scoring" in line and "lurch_threshold" in line


def test_bad_value_lists_valid_values(runner):
    line = input_error(runner.invoke(cli, ["rules", "penchant", "-o", "scoring=20th-century"]))
    assert "20th-century" in line
    for value in ("modern", "19th-century", "cheat-sheet"):
        assert value in line


def test_bad_integer_value(runner):
    line = input_error(runner.invoke(cli, ["rules", "penchant", "-o", "rounds=zero"]))
    assert "rounds" in line and "zero" in line


@pytest.mark.parametrize("game", ["penchant(scoring=modern", "penchant(scoring)", "(scoring=modern)",
                                  "penchant(scoring=modern)x", "penchant(scoring=modern,scoring=modern)"])
def test_bad_game_string(runner, game):
    input_error(runner.invoke(cli, ["rules", game]))


@pytest.mark.parametrize("pair", ["scoring", "=modern", "scoring="])
def test_bad_option_assignment(runner, pair):
    input_error(runner.invoke(cli, ["rules", "penchant", "-o", pair]))


def test_unknown_preset_lists_presets(runner):
    line = input_error(runner.invoke(cli, ["rules", "penchant", "--preset", "foster-1900"]))
    assert "foster-1900" in line
    for preset in PRESETS:
        assert preset in line


def test_play_unknown_game_is_an_input_error(runner, tmp_path):
    input_error(runner.invoke(cli, ["play", "nosuchgame", "--record", str(tmp_path / "r.json")], input="1\n"))
    assert not (tmp_path / "r.json").exists()


# ------------------------------------------------------------------------- usage: exit 2
@pytest.mark.parametrize("args", [
    ["rules"],
    ["rules", "penchant", "--bogus"],
    ["games", "extra"],
    ["replay"],
    ["nosuchcommand"],
    ["play"],
    ["play", "penchant", "--seed", "abc"],
    ["rules", "penchant", "-o"],
])
def test_usage_errors_exit_2(runner, args):
    usage_error(runner.invoke(cli, args, input=""))


# ====================================================================================== play
HUMAN = 0


def human_decisions(record: dict) -> int:
    """Replays a record made by answering "1" at every prompt; checks each human move was the
    first legal action and returns how many the human made."""
    state = load_game(record["game"], record["options"]).new_game(seed=record["seed"], deals=record["deals"])
    count = 0
    for action in record["actions"]:
        if state.current_player == HUMAN:
            assert action == state.legal_actions()[0]
            count += 1
        state.apply(action)
    return count


def game_over_totals(stdout: str) -> list[int]:
    (line,) = [ln for ln in stdout.splitlines() if "Game over" in ln]
    found = re.search(r"totals You (-?\d+), Bot (-?\d+)", line)  # the person sits in seat 0 (HUMAN)
    return [int(found.group(1)), int(found.group(2))]


SEED = 3
ONES = "1\n" * 600


@pytest.fixture(scope="module")
def full_game(tmp_path_factory):
    """One whole game at the terminal, "1" at every prompt, against the default bot."""
    path = tmp_path_factory.mktemp("full") / "game.json"
    result = CliRunner().invoke(cli, ["play", "penchant", "--seed", str(SEED), "--record", str(path)],
                                input=ONES, env={"CARDCORE_HOME": str(path.parent / "home")})
    return result, path


def test_play_whole_game_then_replay(runner, full_game):
    result, path = full_game
    ok(result)
    assert "Game over" in result.stdout
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "penchant" and record["seed"] == SEED
    assert len(record["deals"]) == 4  # four rounds (K, Goal)
    prompts = result.stdout.count("Your move")
    assert human_decisions(record) == prompts

    summary = json.loads(ok(runner.invoke(cli, ["replay", str(path), "--json"])).stdout)
    assert summary["finished"] is True
    assert summary["current_player"] is None
    assert summary["legal_actions"] == []
    assert summary["scores"] == game_over_totals(result.stdout)
    if "totals" in summary["result"]:
        assert summary["result"]["totals"] == summary["scores"]


def test_play_uses_default_record_location_under_cardcore_home(runner, tmp_path):
    # conftest points CARDCORE_HOME at a temp dir; without --record the game is recorded there.
    result = ok(runner.invoke(cli, ["play", "penchant", "--seed", "1"], input="1\n" * 3))
    records = list((tmp_path / "cardcore-home" / "records").glob("penchant-*.json"))
    assert len(records) == 1
    assert str(records[0]) in result.stdout
    assert "cardcore play --resume" in result.stdout


def test_play_interrupted_by_end_of_input_then_resumed(runner, tmp_path, full_game):
    path = tmp_path / "game.json"
    result = runner.invoke(cli, ["play", "penchant", "--seed", str(SEED), "--record", str(path)],
                           input="1\n" * 10)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert f"cardcore play --resume {path}" in result.stdout
    assert "Game over" not in result.stdout
    record = json.loads(path.read_text(encoding="utf-8"))
    # ten human moves, and the game stopped at the human's eleventh decision
    assert human_decisions(record) == 10
    state = load_game("penchant").new_game(seed=record["seed"], deals=record["deals"])
    for action in record["actions"]:
        state.apply(action)
    assert state.current_player == HUMAN and not state.is_terminal()
    # the same seed, bot and answers give the same game: the record is the uninterrupted one's prefix
    full_actions = json.loads(full_game[1].read_text(encoding="utf-8"))["actions"]
    assert record["actions"] == full_actions[:len(record["actions"])]

    resumed = ok(runner.invoke(cli, ["play", "--resume", str(path)], input=ONES))
    assert f"Resumed after {len(record['actions'])} actions" in resumed.stdout
    assert "Game over" in resumed.stdout
    final = json.loads(path.read_text(encoding="utf-8"))
    assert final["actions"][:len(record["actions"])] == record["actions"]
    assert human_decisions(final) == 10 + resumed.stdout.count("Your move")
    summary = json.loads(ok(runner.invoke(cli, ["replay", str(path), "--json"])).stdout)
    assert summary["finished"] is True
    assert summary["scores"] == game_over_totals(resumed.stdout)


def test_play_quit_saves_the_game(runner, tmp_path):
    path = tmp_path / "game.json"
    result = ok(runner.invoke(cli, ["play", "penchant", "--seed", "8", "--record", str(path)],
                              input="1\n1\nquit\n"))
    assert f"cardcore play --resume {path}" in result.stdout
    record = json.loads(path.read_text(encoding="utf-8"))
    assert human_decisions(record) == 2


def test_play_wrong_inputs_give_a_reason_and_ask_again(runner, tmp_path):
    path = tmp_path / "game.json"
    deal = load_game("penchant").new_game(seed=SEED).record()["deals"][0]
    # The first decision is a play to the first trick, made from the six cards dealt (no draw yet);
    # the bottom card of the stock is not among them.
    not_held = deal["stock"][-1]
    assert not_held not in deal["hands"][HUMAN]
    wrong = ["ZZ", not_held, "99"]
    result = ok(runner.invoke(cli, ["play", "penchant", "--seed", str(SEED), "--record", str(path)],
                              input="\n".join(wrong) + "\n" + ONES))
    assert "Game over" in result.stdout
    out = result.stdout
    first, second = out.index("Your move"), out.index("Moves:", out.index("Your move"))
    answers = out[first:second]  # between the first prompt and the next table: the complaints
    reasons = [ln for ln in answers.splitlines() if ln.strip() and "Your move" not in ln]
    assert any("ZZ" in ln for ln in reasons), answers
    assert any(not_held in ln for ln in reasons), answers
    assert any("99" in ln for ln in reasons), answers
    record = json.loads(path.read_text(encoding="utf-8"))
    # the three wrong answers were not moves: every move was still the first legal one
    assert human_decisions(record) + len(wrong) == out.count("Your move")
    assert f"play {not_held}" not in record["actions"][:2]


@pytest.mark.parametrize("extra", [["-o", "scoring=modern"], ["penchant"], ["--seed", "4"],
                                   ["--preset", "foster-1897"]])
def test_resume_with_game_options_is_a_usage_error(runner, tmp_path, extra):
    path = write(tmp_path / "r.json", new_state().record())
    before = (tmp_path / "r.json").read_text(encoding="utf-8")
    usage_error(runner.invoke(cli, ["play", "--resume", path, *extra], input=ONES))
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == before


# ==================================================================================== replay
def mid_record():
    state = new_state()
    for action in MID_ACTIONS:
        state.apply(action)
    return state, state.record()


def test_replay_json_mid_game(runner, tmp_path):
    state, record = mid_record()
    assert record["actions"] == MID_ACTIONS
    data = json.loads(ok(runner.invoke(cli, ["replay", write(tmp_path / "m.json", record), "--json"])).stdout)
    assert set(data) == SUMMARY_KEYS
    assert data["game"] == "penchant"
    assert data["options"] == DEFAULT_OPTIONS
    assert data["finished"] is False
    assert data["result"] is None
    assert data["current_player"] == 1  # the trick's winner leads the next one
    assert data["legal_actions"] == state.legal_actions()
    # seat 1 may play from hand (JS QH KD and the JH drawn) or from the table (9D 9C): K, Phase one
    assert sorted(data["legal_actions"]) == sorted(f"play {c}" for c in ["JS", "QH", "KD", "JH", "9D", "9C"])
    assert data["scores"] == [0, 2]
    assert len(data["rounds"]) == 1
    (rnd,) = data["rounds"]
    assert set(rnd) == ROUND_KEYS
    assert rnd["dealer"] == 0
    assert rnd["trump"] is None  # no penchant declared yet
    assert rnd["points"] == [0, 2]
    assert rnd["brisques"] == [0, 2]  # AC and 7H are brisques (A, T, 7), won by seat 1
    assert rnd["melds"] == [{"player": 1, "cards": ["9D", "9C"], "name": "twins", "points": 2}]


def test_replay_text_mid_game(runner, tmp_path):
    state, record = mid_record()
    out = ok(runner.invoke(cli, ["replay", write(tmp_path / "m.json", record)])).stdout
    lines = out.splitlines()
    assert lines[0].endswith("· 3 actions")
    # no `players` in the record: seats are named as when watching
    assert any(ln.startswith("In progress: Seat 1 to move (seat 1); legal: ") for ln in lines)
    for action in state.legal_actions():
        assert action in out
    assert "    Seat 1 declares twins 9D 9C (2)" in lines
    # seat 1 won AC and 7H, two brisques (A, T, 7), and scored twins 2
    assert "Round 1: Seat 0 deals; trump none; points Seat 0 0, Seat 1 2" in lines
    assert "    brisques: Seat 0 0, Seat 1 2" in lines
    assert "Scores: Seat 0 0, Seat 1 2" in lines
    assert "[0, 2]" not in out  # per seat, not a Python list


def test_replay_text_one_action_and_the_seats_as_play_names_them(runner, tmp_path):
    record = {**new_state().record(), "actions": MID_ACTIONS[:1], "players": ["heuristic", "human"]}
    out = ok(runner.invoke(cli, ["replay", write(tmp_path / "one.json", record)])).stdout
    lines = out.splitlines()
    assert lines[0].endswith("· 1 action")
    assert lines[1] == "Players: Bot (seat 0: heuristic), You (seat 1)"
    # seat 1 leads AC; seat 0, the dealer (DEAL), is to play to it
    assert "Round 1: Bot deals; trump none; points Bot 0, You 0" in lines
    assert lines[-1].startswith("In progress: Bot to move (seat 0); legal: ")


def test_replay_text_ignores_players_it_cannot_read(runner, tmp_path):
    record = {**new_state().record(), "players": "human"}
    out = ok(runner.invoke(cli, ["replay", write(tmp_path / "p.json", record)])).stdout
    assert "· 0 actions" in out.splitlines()[0]
    assert "Scores: Seat 0 0, Seat 1 0" in out


def finished_state(options=None, seed=11, rng_seed=0):
    return play_randomly(new_state(options, seed), random.Random(rng_seed))


def check_finished_summary(data: dict, options: dict, rounds: int) -> None:
    assert set(data) == SUMMARY_KEYS
    assert data["options"] == options
    assert data["finished"] is True
    assert data["current_player"] is None
    assert data["legal_actions"] == []
    assert len(data["rounds"]) == rounds
    points = meld_points(options["scoring"])
    for i, rnd in enumerate(data["rounds"]):
        assert set(rnd) == ROUND_KEYS
        assert rnd["dealer"] == i % 2  # our deal has seat 0 dealing; the deal alternates (CS, PLAY 2)
        assert rnd["trump"] in (None, "S", "H", "D", "C")
        assert sum(rnd["brisques"]) == 12  # four aces, tens and sevens, all won in tricks
        for m in rnd["melds"]:
            assert set(m) == MELD_KEYS
            assert m["points"] == points[m["name"]]
            assert m["player"] in (0, 1)
    # scores: the sum of the round points
    assert data["scores"] == [sum(r["points"][s] for r in data["rounds"]) for s in (0, 1)]
    result = data["result"]
    assert set(result) >= RESULT_KEYS
    high, low = max(data["scores"]), min(data["scores"])
    if high == low:
        assert result["winner"] is None
    else:
        assert result["winner"] == data["scores"].index(high)
        lurched = low < options["lurch_threshold"]  # K, Scoring: the loser under 40 is lurched
        assert result["lurched"] is lurched
        assert result["game_score"] == (high - low) * (2 if lurched else 1)


def test_replay_json_finished_game(runner, tmp_path):
    state = finished_state()
    data = json.loads(ok(runner.invoke(cli, ["replay", write(tmp_path / "f.json", state.record()), "--json"])).stdout)
    check_finished_summary(data, DEFAULT_OPTIONS, rounds=4)
    assert data["scores"] == state.scores


@pytest.mark.parametrize("rng_seed", [1, 2, 3])
def test_replay_json_lists_every_option_also_the_defaults(runner, tmp_path, rng_seed):
    options = {"scoring": "19th-century", "rounds": 1, "lurch_threshold": 10}
    state = finished_state(options, rng_seed=rng_seed)
    record = {**state.record(), "options": options}  # a record may list only the non-default options
    data = json.loads(ok(runner.invoke(cli, ["replay", write(tmp_path / "f.json", record), "--json"])).stdout)
    check_finished_summary(data, {**DEFAULT_OPTIONS, **options}, rounds=1)


def test_replay_text_finished_game(runner, tmp_path):
    state = finished_state()
    out = ok(runner.invoke(cli, ["replay", write(tmp_path / "f.json", state.record())])).stdout
    for i in range(1, 5):
        assert f"Round {i}:" in out
    a, b = state.scores
    assert f"Scores: Seat 0 {a}, Seat 1 {b}" in out
    assert str(state.scores) not in out  # not a Python list
    winner = state.result["winner"]
    if winner is None:
        assert f"Finished: a tie; totals Seat 0 {a}, Seat 1 {b}." in out
    else:
        lurched = " (lurched)" if state.result["lurched"] else ""
        # the game score is the difference of the totals, doubled for a lurch (K, Scoring)
        assert state.result["game_score"] == abs(a - b) * (2 if lurched else 1)
        assert (f"Finished: Seat {winner} wins by {state.result['game_score']}{lurched}; "
                f"totals Seat 0 {a}, Seat 1 {b}.") in out


def test_replay_json_is_the_state_api_summary(runner, tmp_path):
    state = finished_state(rng_seed=5)
    a = ok(runner.invoke(cli, ["replay", write(tmp_path / "a.json", state.record()), "--json"])).stdout
    # the summary, and the table's sides: two players alone, each side's total its seat's
    expected = {**state.summary(), "sides": [[0], [1]], "side_scores": list(state.scores)}
    assert json.loads(a) == json.loads(json.dumps(expected))


# ------------------------------------------------------------------------- bad records: exit 1
def test_replay_illegal_action_names_number_action_and_reason(runner, tmp_path):
    _, record = mid_record()
    record["actions"].append("play 8S")  # seat 1 to lead, and 8S is in seat 0's hand
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "bad.json", record), "--json"]))
    assert "action 4" in line
    assert "play 8S" in line
    assert "hold" in line  # the reason: seat 1 does not hold 8S


def test_replay_illegal_action_names_the_trick_rule(runner, tmp_path):
    """In the Meal (FTR) a player holding the suit led must follow (K, End Game)."""
    rng = random.Random(4)

    def can_revoke(state):
        obs = state.observation(state.current_player)
        if obs["phase"] != "meal" or not obs["trick"]:
            return False
        led = obs["trick"][0]["card"][-1]
        suits = {c[-1] for c in obs["hand"]}
        return led in suits and len(suits) > 1

    state = play_randomly(new_state(), rng, stop=can_revoke)
    assert not state.is_terminal()
    obs = state.observation(state.current_player)
    led = obs["trick"][0]["card"][-1]
    revoke = next(c for c in obs["hand"] if c[-1] != led)
    record = state.record()
    record["actions"].append(f"play {revoke}")
    record["actions"] += ["pass"] * 3  # never reached
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "bad.json", record)]))
    assert f"action {len(state.actions) + 1}" in line
    assert f"play {revoke}" in line
    assert "follow" in line


@pytest.mark.parametrize("action", ["", "   ", "play", "play ZZ", "fly away", "meld 9D", "pass"])
def test_replay_malformed_action_is_an_input_error(runner, tmp_path, action):
    _, record = mid_record()
    record["actions"].append(action)
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "bad.json", record)]))
    assert "action 4" in line


def test_replay_actions_after_the_end(runner, tmp_path):
    state = finished_state()
    record = state.record()
    record["actions"].append("pass")
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "bad.json", record)]))
    assert f"action {len(state.actions) + 1}" in line


def test_replay_corrupt_json_names_file_line_col(runner, tmp_path):
    text = '{\n "game": "penchant",\n "options": {,\n "actions": []\n}\n'
    path = tmp_path / "corrupt.json"
    path.write_text(text, encoding="utf-8")
    line_no = 3
    col = text.splitlines()[line_no - 1].index(",") + 1
    line = input_error(runner.invoke(cli, ["replay", str(path), "--json"]))
    assert f"{path}:{line_no}:{col}" in line


def test_replay_record_that_is_not_utf8(runner, tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "p\xe9nchant"}')
    line = input_error(runner.invoke(cli, ["replay", str(path)]))
    assert str(path) in line


def test_replay_missing_file(runner, tmp_path):
    line = input_error(runner.invoke(cli, ["replay", str(tmp_path / "nope.json")]))
    assert "nope.json" in line


def test_replay_record_without_game(runner, tmp_path):
    record = new_state().record()
    del record["game"]
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "game" in line


@pytest.mark.parametrize("record", [[], "penchant", 7, None])
def test_replay_record_that_is_not_an_object(runner, tmp_path, record):
    input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))


def test_replay_unknown_game_in_record(runner, tmp_path):
    record = new_state().record()
    record["game"] = "pinochle-of-the-future"
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "pinochle-of-the-future" in line and "penchant" in line


def test_replay_deal_that_is_not_one_deck(runner, tmp_path):
    record = new_state().record()
    deal = record["deals"][0]
    assert deal["stock"][0] == "JH"
    deal["stock"][0] = "7S"  # 7S twice (also in seat 0's hand), JH missing
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "deal 1" in line
    assert "7S" in line and "JH" in line


def test_replay_second_deal_that_is_not_one_deck(runner, tmp_path):
    state = finished_state()
    record = state.record()
    record["deals"][1]["hands"][0][0] = record["deals"][1]["hands"][1][0]
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "deal 2" in line


@pytest.mark.parametrize("mutate", [
    lambda d: d["hands"][0].__setitem__(0, 7),          # a number, not a card
    lambda d: d["hands"][0].__setitem__(0, None),
    lambda d: d["hands"][0].__setitem__(0, ["7S"]),
    lambda d: d["stock"].__setitem__(0, {"card": "JH"}),
    lambda d: d.__setitem__("hands", None),
    lambda d: d.__setitem__("stock", 5),
    lambda d: d.pop("dealer"),
    lambda d: d.__setitem__("dealer", 2),
    lambda d: d["hands"][0].pop(),
])
def test_replay_malformed_deal(runner, tmp_path, mutate):
    record = new_state().record()
    mutate(record["deals"][0])
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "deal" in line


def test_replay_record_with_neither_seed_nor_deals(runner, tmp_path):
    # Such a record does not say what was dealt: it cannot be replayed exactly.
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", {"game": "penchant"})]))
    assert "seed" in line and "deal" in line


def test_replay_unknown_option_in_record_lists_valid_options(runner, tmp_path):
    record = new_state().record()
    record["options"] = {"scoring": "modern", "trump_settr": "any"}
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record), "--json"]))
    assert "trump_settr" in line
    for name in DEFAULT_OPTIONS:
        assert name in line


def test_replay_bad_option_value_in_record(runner, tmp_path):
    record = new_state().record()
    record["options"] = {"scoring": "medieval"}
    line = input_error(runner.invoke(cli, ["replay", write(tmp_path / "r.json", record)]))
    assert "medieval" in line and "19th-century" in line


@pytest.mark.parametrize("game", ["marjolet", "penneech"])
def test_replay_text_shows_each_games_round_facts_without_python_reprs(runner, tmp_path, game):
    state = play_randomly(load_game(game).new_game(seed=3), random.Random(1))
    out = ok(runner.invoke(cli, ["replay", write(tmp_path / "g.json", state.record())])).stdout
    assert not re.search(r"[\[\]{}']", out), out  # no lists, dicts or quoted strings
    first = state.summary()["rounds"][0]
    if game == "marjolet":
        assert f"    turnup: {first['turnup']}" in out.splitlines()
    else:  # Penneech: the trumps of the first deal's tricks, in order
        assert f"    trumps: {' '.join(first['trumps'])}" in out.splitlines()


def test_replay_text_says_who_threw_the_hand_in(runner, tmp_path):
    # Penneech (WP, Deal): the dealer, seat 1, holds no ace nor face card and throws in; the same
    # dealer deals again (RM §11 item 21).
    hands = [["AS", "9S", "8S", "7S", "6S", "5S", "4S"], ["TH", "9H", "8H", "7H", "6H", "5H", "4H"]]
    dealt = {c for h in hands for c in h}
    stock = ["2D"] + [r + s for s in "SHDC" for r in "23456789TJQKA" if r + s not in dealt | {"2D"}]
    state = load_game("penneech").new_game(seed=5, deals=[{"dealer": 1, "hands": hands, "stock": stock}])
    state.apply("throw-in")
    record = {**state.record(), "players": ["human", "greedy"]}
    lines = ok(runner.invoke(cli, ["replay", write(tmp_path / "t.json", record)])).stdout.splitlines()
    assert lines[0].endswith("· 1 action")
    assert "    Bot throws the hand in: a new deal" in lines
    assert "Round 2: Bot deals; trump " in "\n".join(lines)


@pytest.mark.parametrize("game,dealer,calls,bids,contract", [
    # PB95, Auction Pinochle for three, Bidding: from eldest (seat 0 when seat 2 deals), bids rise
    # by tens and a passer is out: seat 0 300, seat 1 passes, seat 2 310, seat 0 passes; seat 2
    # is the last bidder left, the declarer at 310.
    ("auction-pinochle", 2, ["bid 300", "pass", "bid 310", "pass"],
     "Seat 0 300, Seat 1 pass, Seat 2 310, Seat 0 pass", ("Seat 2", "310")),
    # PB95, Partnership Auction Pinochle: eldest (seat 0 when seat 3 deals) must open at 100; the
    # three others pass, and he is the declarer at 100.
    ("partnership-auction-pinochle", 3, ["bid 100", "pass", "pass", "pass"],
     "Seat 0 100, Seat 1 pass, Seat 2 pass, Seat 3 pass", ("Seat 0", "100")),
])
def test_replay_text_says_pass_for_a_pass_in_the_auction(runner, tmp_path, game, dealer, calls, bids, contract):
    state = load_game(game).new_game(seed=9)
    deal = {**state.deals[0], "dealer": dealer}
    state = load_game(game).new_game(seed=9, deals=[deal])
    for call in calls:
        state.apply(call)
    lines = ok(runner.invoke(cli, ["replay", write(tmp_path / "a.json", state.record())])).stdout.splitlines()
    assert f"    bids: {bids}" in lines
    assert f"    declarer: {contract[0]}" in lines and f"    contract: {contract[1]}" in lines
    assert not any("None" in line for line in lines), lines
