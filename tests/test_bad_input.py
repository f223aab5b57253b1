"""Bad input never yields a traceback or a hang (issue 11): records nested a thousand levels deep,
integers past Python's 4,300-digit limit, integer options without a sane bound, a deal with a key
its game does not use, digits that are not ASCII at the prompt, float or unbounded bot parameters,
``--records`` on a path that is no directory, and a verb that takes no cards given some.

On the command line each is one line on stderr, exit status 1 and nothing on stdout; from the API
it is one of cardcore's documented errors (RecordError, OptionError, IllegalAction).
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cardcore import game_names, load_game
from cardcore.bots import make_bot
from cardcore.cli import cli
from cardcore.errors import IllegalAction, OptionError, RecordError
from cardcore.text.moves import interpret
from cardcore.records import parse_record, replay

BIG = "9" * 5000  # more digits than int() reads from text (sys.get_int_max_str_digits() is 4300)


@pytest.fixture
def runner():
    return CliRunner()


def input_error(result) -> str:
    """Exit 1, one line on stderr, nothing on stdout, no traceback; returns the line."""
    assert isinstance(result.exception, SystemExit), (
        f"crashed instead of a clean error: {result.exception!r}\n{result.stderr}")
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def played_record(game="penchant", options=None, seed=3, actions=6) -> dict:
    """The record of a real game after its first few (random, seeded) actions."""
    state = load_game(game, options or {}).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def write_text(tmp_path, text: str, name="game.json") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ records nested too deeply
def test_a_record_of_5000_open_brackets_is_refused_where_the_17th_opens(runner, tmp_path):
    # A record is at most five levels deep (record, deals, deal, hands, hand); the limit is 16,
    # so the 17th bracket, in column 17, is the one refused.
    path = write_text(tmp_path, "[" * 5000)
    line = input_error(runner.invoke(cli, ["replay", path]))
    assert line == f"Error: {path}:1:17: nested too deeply (more than 16 levels of brackets)"


@pytest.mark.parametrize("key", ["options", "actions"])
def test_deep_nesting_inside_options_or_actions_is_refused_for_replay_and_resume(runner, tmp_path, key):
    # The record's own brace is level 1, so the 16th bracket of the value is level 17.
    head = '{"game": "penchant", "seed": 1, "%s": ' % key
    path = write_text(tmp_path, head + "[" * 5000 + "]" * 5000 + "}")
    expected = f"Error: {path}:1:{len(head) + 16}: nested too deeply (more than 16 levels of brackets)"
    assert input_error(runner.invoke(cli, ["replay", path])) == expected
    assert input_error(runner.invoke(cli, ["play", "--resume", path], input="quit\n")) == expected


def test_deep_nesting_is_located_by_line_and_column():
    text = '{"game": "penchant",\n "actions": [' + '{"a": ' * 20
    # line 2 is ' "actions": [' (13 characters, the 2nd level), then '{"a": ' blocks of 6
    # characters from column 14: the 15th of them opens level 17, at column 14 + 14 * 6 = 98.
    with pytest.raises(RecordError, match=r"^F:2:98: nested too deeply"):
        parse_record(text, "F")


# ------------------------------------------------------------------ integers past 4,300 digits
@pytest.mark.parametrize("field", ["seed", "dealer"])
def test_a_5000_digit_seed_or_dealer_in_a_record_is_refused_with_its_position(runner, tmp_path, field):
    record = played_record()
    if field == "seed":
        text = json.dumps({**record, "seed": 0}).replace('"seed": 0', f'"seed": {BIG}')
    else:
        record["deals"][0]["dealer"] = 12345
        text = json.dumps(record).replace('"dealer": 12345', f'"dealer": {BIG}')
    path = write_text(tmp_path, text)
    column = text.index(BIG) + 1
    line = input_error(runner.invoke(cli, ["replay", path]))
    assert line == f"Error: {path}:1:{column}: a number of 5000 digits (at most 4300)"


def test_a_huge_dealer_below_the_digit_limit_is_no_seat(tmp_path):
    record = played_record()
    record["deals"][0]["dealer"] = 10**4000
    with pytest.raises(RecordError, match="deal 1: dealer must be a seat number 0..1"):
        replay(parse_record(json.dumps(record)))


@pytest.mark.parametrize("args, option, rng", [
    (["rules", "penchant", "-o", f"rounds={BIG}"], "rounds", "from 1 to 100"),
    (["rules", f"penchant(rounds={BIG})"], "rounds", "from 1 to 100"),
    (["rules", "penneech", "-o", f"target={BIG}"], "target", "from 1 to 1000"),
    (["rules", "penchant", "-o", "rounds=100000000000000000000"], "rounds", "from 1 to 100"),
    (["simulate", "penchant", "-o", "rounds=100000000000000000000", "--bots", "random,random", "-n", "1"],
     "rounds", "from 1 to 100"),
    (["rules", "penchant", "-o", "lurch_threshold=10001"], "lurch_threshold", "from 0 to 10000"),
    # games that never ended: every deal annulled, or a target or number of deals out of reach
    (["simulate", "auction-pinochle(minimum_bid=2000)", "-n", "1"], "minimum_bid", "from 10 to 500, a multiple of 10"),
    (["rules", "auction-pinochle", "-o", "minimum_bid=305"], "minimum_bid", "from 10 to 500, a multiple of 10"),
    (["simulate", "auction-pinochle(deals=1000000000)", "-n", "1"], "deals", "from 1 to 100"),
    (["simulate", "pinochle(target=1000000000)", "-n", "1"], "target", "from 1 to 10000"),
    (["rules", "pinochle", "-o", "target_step=1000000000"], "target_step", "from 1 to 1000"),
    (["simulate", "partnership-auction-pinochle(target=1000000000)", "-n", "1"], "target", "from 1 to 10000"),
])
def test_integer_options_out_of_their_range_are_refused_with_the_range(runner, args, option, rng):
    line = input_error(runner.invoke(cli, args))
    assert f"for option {option!r}" in line and f"expected an integer {rng}" in line
    assert len(line) < 200  # the 5000 digits are not echoed back


@pytest.mark.parametrize("game, option, low, high", [
    ("penchant", "rounds", 1, 100), ("penchant", "lurch_threshold", 0, 10000), ("penneech", "target", 1, 1000),
    ("auction-pinochle", "deals", 1, 100), ("pinochle", "target", 1, 10000), ("pinochle", "target_step", 1, 1000),
    ("partnership-auction-pinochle", "target", 1, 10000)])
def test_the_ends_of_each_integer_range_are_accepted(game, option, low, high):
    for value in (low, high):
        assert load_game(game, {option: str(value)}).options[option] == value
    for value in (low - 1, high + 1):
        with pytest.raises(OptionError, match=f"expected an integer from {low} to {high}"):
            load_game(game, {option: value})


@pytest.mark.parametrize("game", sorted(game_names()))
def test_every_integer_option_of_the_shipped_games_has_a_documented_range(runner, game):
    data = json.loads(runner.invoke(cli, ["rules", game, "--json"]).stdout)
    text = runner.invoke(cli, ["rules", game]).stdout
    for option in data["options"]:
        if option["type"] == "integer":
            assert option["minimum"] is not None and option["maximum"] is not None, option["name"]
            steps = f", a multiple of {option['multiple_of']}" if option["multiple_of"] else ""
            shown = f"integer {option['minimum']} to {option['maximum']}{steps}, default {option['default']}"
            assert shown in text


def test_the_lowest_opening_bid_is_a_multiple_of_ten_up_to_500():
    # PB95, Bidding: "The minimum bid is 300 (unless agreed otherwise), and subsequent bids must
    # rise in tens": a minimum of 305 would list bids (305, 315...) that the rule refuses; above
    # 500 nearly every deal is annulled and dealt again (rules/auction-pinochle.yaml)
    for value in (10, 250, 500):
        assert load_game("auction-pinochle", {"minimum_bid": value}).new_game(seed=1).legal_actions()[0] == f"bid {value}"
    for value in (5, 305, 510, 2000):
        with pytest.raises(OptionError, match="expected an integer from 10 to 500, a multiple of 10"):
            load_game("auction-pinochle", {"minimum_bid": value})


def test_a_5000_digit_number_at_the_prompt_is_no_move():
    state = load_game("penchant", {"rounds": 1}).new_game(seed=1)
    answer = interpret(BIG, state)
    assert answer.action is None
    assert answer.error == "There is no move 999999... (5000 digits): the moves are numbered 1..6 (? lists them)."


# ------------------------------------------------------------------ deals with a turn-up key
@pytest.mark.parametrize("game", ["penchant", "penneech"])
def test_a_turnup_in_a_deal_of_a_game_without_one_is_refused_naming_the_deal(game):
    # Neither game turns up a card under the stock (rules/*.yaml, deal: no turnup).
    record = played_record(game)
    deal = record["deals"][0]
    moved = {**deal, "stock": deal["stock"][1:], "turnup": deal["stock"][0]}  # still one whole deck
    with pytest.raises(RecordError, match=(
            f"deal 1: 'turnup' is not part of a deal of {game}; a deal has 'dealer', 'hands', 'stock'")):
        load_game(game).new_game(deals=[moved])


def test_a_turnup_in_a_penchant_record_is_refused_by_replay(runner, tmp_path):
    record = played_record("penchant")
    record["deals"][0]["turnup"] = record["deals"][0]["stock"].pop()
    path = write_text(tmp_path, json.dumps(record))
    line = input_error(runner.invoke(cli, ["replay", path]))
    assert line == (f"Error: {path}: deal 1: 'turnup' is not part of a deal of penchant; "
                    f"a deal has 'dealer', 'hands', 'stock'")


def test_marjolet_keeps_its_turnup_and_refuses_other_keys():
    record = played_record("marjolet")
    assert "turnup" in record["deals"][0]
    load_game("marjolet").new_game(deals=record["deals"])
    with pytest.raises(RecordError, match="deal 1: 'turned' is not part of a deal of marjolet"):
        load_game("marjolet").new_game(deals=[{**record["deals"][0], "turned": []}])


# ------------------------------------------------------------------ digits that are not ASCII
@pytest.mark.parametrize("text", ["²", "①", "٣", "1²"])
def test_unicode_digits_at_the_prompt_are_not_move_numbers(text):
    # str.isdigit() is true for all of them, and int() fails on '²' and '①'.
    state = load_game("penchant", {"rounds": 1}).new_game(seed=1)
    answer = interpret(text, state)
    assert answer.action is None and answer.error


def test_a_session_given_unicode_digits_asks_again_then_quits(runner, tmp_path):
    result = runner.invoke(cli, ["play", "penchant", "-o", "rounds=1", "--seed", "1", "--plain", "--bot", "random",
                                 "--record", str(tmp_path / "r.json")], input="²\n①\nquit\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 0
    assert result.stdout.count("is not a card") == 2


# ------------------------------------------------------------------ bot parameters
@pytest.mark.parametrize("spec, problem", [
    ("ismcts(iterations=2.5)", "iterations=2.5: input should be a valid integer"),
    ("ismcts(iterations=1e3)", "iterations=1e3: input should be a valid integer"),
    ("ismcts(iterations=0)", "iterations=0: input should be greater than or equal to 1"),
    ("ismcts(iterations=100000000)", "iterations=100000000: input should be less than or equal to 1000000"),
    (f"ismcts(iterations={BIG})", "iterations: input should be a valid integer"),
    ("ismcts(seconds=-1)", "seconds=-1: input should be greater than 0"),
    ("ismcts(seconds=nan)", "seconds=nan: input should be a finite number"),
    ("ismcts(seconds=inf)", "seconds=inf: input should be a finite number"),
    ("ismcts(exploration=-0.5)", "exploration=-0.5: input should be greater than or equal to 0"),
    ("ismcts(game_weight=2)", "game_weight=2: input should be less than or equal to 1"),
    ("pimc(samples=2.0)", "samples=2.0: input should be a valid integer"),
    ("pimc(guide_margin=-1)", "guide_margin=-1: input should be greater than or equal to 0"),
    ("pimc(seconds=0)", "seconds=0: input should be greater than 0"),
    ("heuristic(count_meal=1)", "count_meal=1: input should be a valid boolean"),
])
def test_bad_bot_parameters_are_refused_when_the_bot_is_made(spec, problem):
    name = spec.partition("(")[0]
    with pytest.raises(OptionError) as exc:
        make_bot(spec, load_game("penchant"))
    assert str(exc.value) == f"bot {name!r}: {problem}"


def test_an_unknown_bot_parameter_lists_the_parameters():
    with pytest.raises(OptionError) as exc:
        make_bot("pimc(sample=3)", load_game("penchant"))
    assert str(exc.value) == "bot 'pimc' has no parameter 'sample'; its parameters: samples, rollouts, rollout, guide, guide_margin, seconds"


def test_sane_bot_parameters_are_accepted():
    game = load_game("penchant")
    bot = make_bot("ismcts(iterations=1000000,seconds=0.5,exploration=0,guide_margin=3)", game)
    assert (bot.iterations, bot.seconds, bot.c, bot.guide_margin) == (1000000, 0.5, 0.0, 3.0)


@pytest.mark.parametrize("args", [
    ["play", "penchant", "--bot", "ismcts(iterations=2.5)"],
    ["simulate", "penchant", "--bots", "ismcts(seconds=-1),random", "-n", "1"],
])
def test_bad_bot_parameters_on_the_command_line_are_one_line(runner, tmp_path, args):
    line = input_error(runner.invoke(cli, [*args, "--seed", "1"], input="quit\n"))
    assert line.startswith("Error: bot 'ismcts': ")


def test_a_resumed_records_players_entry_is_checked_like_bot(runner, tmp_path):
    record = played_record()
    to_move = load_game("penchant").new_game(seed=record["seed"])
    for action in record["actions"]:
        to_move.apply(action)
    # the person is to move, so that without the check the test fails instead of searching for ever
    players = ["human"] * 2
    players[1 - to_move.current_player] = "ismcts(iterations=100000000)"
    path = write_text(tmp_path, json.dumps({**record, "players": players}))
    line = input_error(runner.invoke(cli, ["play", "--resume", path, "--plain"], input="quit\n"))
    assert line == (f"Error: {path}: players, seat {1 - to_move.current_player}: bot 'ismcts': "
                    f"iterations=100000000: input should be "
                    f"less than or equal to 1000000 (choose another opponent with --bot or --level)")
    # choosing the opponent on the command line resumes the game
    result = runner.invoke(cli, ["play", "--resume", path, "--plain", "--bot", "random"], input="quit\n")
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("players", [["human"], "human,greedy", ["human", 7]])
def test_a_malformed_players_entry_is_refused_on_resume(runner, tmp_path, players):
    path = write_text(tmp_path, json.dumps({**played_record(), "players": players}))
    line = input_error(runner.invoke(cli, ["play", "--resume", path, "--plain"], input="quit\n"))
    assert line == f"Error: {path}: players must list, for each of the 2 seats, 'human' or a bot spec"


# ------------------------------------------------------------------ simulate --records
@pytest.mark.parametrize("command", [["simulate", "penchant"], ["compare", "penchant", "penchant(rounds=1)"]])
def test_records_on_a_path_that_is_no_directory_is_one_line(runner, tmp_path, command):
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    for target in ("/dev/null", str(afile / "below")):
        result = runner.invoke(cli, [*command, "--bots", "random,random", "-n", "1", "--seed", "1",
                                     "--records", target])
        line = input_error(result)
        assert line.startswith(f"Error: --records {target}")


# ------------------------------------------------------------------ verbs that take no cards
def _throw_in_state():
    # Seat 1 deals and holds nothing above a ten: WP, Deal lets it throw in.
    deck = [r + s for s in "SHDC" for r in "AKQJT98765432"]
    hand0, hand1 = "AS 9S 8S 7S 6S 5S 4S".split(), "TH 9H 8H 7H 6H 5H 4H".split()
    deal = {"dealer": 1, "hands": [hand0, hand1], "stock": [c for c in deck if c not in hand0 + hand1]}
    return load_game("penneech").new_game(seed=1, deals=[deal])  # the seed deals the redeal


def test_throw_in_with_cards_is_refused_with_the_reason():
    state = _throw_in_state()
    assert state.legal_actions() == ["throw-in", "pass"]
    with pytest.raises(IllegalAction) as exc:
        state.apply("throw-in KS 2C")
    assert exc.value.reason == "throw-in takes no cards: the whole hand is thrown in"
    with pytest.raises(IllegalAction) as exc:
        state.apply("pass KS")
    assert exc.value.reason == "pass takes no cards"
    assert len(state.rounds) == 1 and state.actions == []  # nothing happened
    state.apply("throw-in")
    assert len(state.rounds) == 2


def test_throw_in_with_cards_in_a_record_names_the_action(runner, tmp_path):
    record = {**_throw_in_state().record(), "actions": ["throw-in KS 2C"]}
    path = write_text(tmp_path, json.dumps(record))
    line = input_error(runner.invoke(cli, ["replay", path]))
    assert line == (f"Error: {path}: action 1 ('throw-in KS 2C'): "
                    f"throw-in takes no cards: the whole hand is thrown in")


def test_a_marjolet_deal_without_its_turnup_is_refused_naming_the_deal():
    # Found by the fuzz test: a Penchant deal (32 cards, no turn-up) given to Marjolet, whose
    # dealer turns up the card under the stock (PB94, Preliminaries).
    record = played_record("penchant")
    with pytest.raises(RecordError, match="^deal 1: needs 'turnup', the card turned up under the stock$"):
        load_game("marjolet").new_game(deals=record["deals"])


@pytest.mark.parametrize("args", [["--bot", "human"], ["--bots", "human,greedy"], ["--bot", " "]])
def test_bot_options_name_bots_not_people(runner, args):
    # Found by the fuzz test: `--bot human` seated two people and no bot.
    result = runner.invoke(cli, ["play", "penchant", "--seed", "1", *args], input="quit\n")
    assert result.exit_code == 2 and result.stdout == ""


@pytest.mark.parametrize("args", [
    ["play", "penchant", "--delay", "inf"],  # time.sleep(inf) raised OverflowError at the bot's move
    ["play", "penchant", "--delay", "nan"],
    ["play", "penchant", "--delay", "61"],
    ["simulate", "penchant", "-n", "100000000000000000000"],
    ["simulate", "penchant", "--jobs", "100000"],
])
def test_numbers_on_the_command_line_have_a_bound(runner, args):
    result = runner.invoke(cli, [*args, "--seed", "1"], input="quit\n")
    assert isinstance(result.exception, SystemExit) and result.exit_code == 2, repr(result.exception)
    assert result.stdout == ""


@pytest.mark.parametrize("action", ["guess 24", "bid 300", "trump H", "frobnicate"])
def test_a_verb_of_another_phase_during_the_tricks_says_what_is_due(action):
    """A guess once made, a bid or a trump named in a game without them, or no verb at all:
    the refusal says what is due now, not that its words are no cards."""
    s = load_game("six-pack-bezique", options={"packet_guess": True}).new_game(seed=2)
    s.apply(s.legal_actions()[0])  # the non-dealer's guess
    seat = s.current_player
    with pytest.raises(IllegalAction) as refused:
        s.apply(action)
    assert refused.value.reason == f"seat {seat} must play a card to the trick now"


# ------------------------------------------------------------------ amounts that are not ASCII digits
@pytest.mark.parametrize("game, action", [
    ("auction-pinochle", "bid ²"), ("auction-pinochle", "bid ³⁰⁰"), ("auction-pinochle", "bid 3" + "0" * 4300),
    ("auction-pinochle", "bid ٣٠٠"), ("auction-pinochle", "bid ３００"),
    ("six-pack-bezique(packet_guess=true)", "guess ²"), ("six-pack-bezique(packet_guess=true)", "guess ２４"),
])
@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["play", "--plain", "--resume"]])
def test_a_record_with_an_amount_in_other_digits_is_refused_naming_the_action(runner, tmp_path, game, action, command):
    # only 0-9 make an amount (as at the prompt): '²' made int() raise, '٣٠٠' was read as 300
    record = {**load_game(game).new_game(seed=5).record(), "actions": [action]}
    path = write_text(tmp_path, json.dumps(record, ensure_ascii=False))
    line = input_error(runner.invoke(cli, [*command, path], input="quit\n"))
    assert line.startswith(f"Error: {path}: action 1 (") and "not allowed" not in line[:20]
    assert any(why in line for why in ("digits 0-9", "'guess N' with N from", "no bid may exceed 1330"))
    assert "0" * 100 not in line  # a long amount is not echoed back whole
