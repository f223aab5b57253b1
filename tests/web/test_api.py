"""The HTTP API of `cardcore serve`: whole games, refusals that change nothing, a restarted server,
and games passed between the terminal and the browser through the same records."""

from __future__ import annotations


import pytest
from click.testing import CliRunner

from cardcore.cli import cli
from cardcore.records import read_record, replay

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


def new_game(client, **body) -> dict:
    r = client.post("/api/games", json={"seed": 4, "level": "easy", **body})
    assert r.status_code == 201, r.text
    return r.json()


def play_until(client, game: dict, done) -> dict:
    """Move (the person: the first legal action; the bots: one step) until ``done(state)``."""
    s = game
    for _ in range(3000):
        if done(s) or s["finished"]:
            return s
        if s["to_move"] == "you":
            r = client.post(f"/api/games/{s['id']}/actions", json={"action": s["legal_actions"][0]})
        else:
            r = client.post(f"/api/games/{s['id']}/step")
        assert r.status_code == 200, r.text
        s = r.json()
    raise AssertionError("the game did not reach the position")


def test_a_whole_game_is_played_through_the_api_and_its_record_replays(client, records_dir):
    s = play_until(client, new_game(client, game="penchant"), lambda s: False)
    assert s["finished"] and s["current_player"] is None and s["legal_actions"] == []
    # Penchant is a game of two to a target: the winner is the seat with more points
    winner = s["result"]["winner"]
    assert s["scores"][winner] == max(s["scores"]) and s["scores"][winner] > s["scores"][1 - winner]
    record = read_record(records_dir / f"{s['id']}.json")
    assert record["players"] == ["human", "greedy"]  # easy = greedy, in the terminal's entry
    assert len(record["actions"]) == s["actions"]
    assert replay(record).scores == s["scores"]
    # the log tells the game as the terminal does: rounds, and at the end who won
    log = client.get(f"/api/games/{s['id']}").json()["log"]
    assert log[0]["kind"] == "rule" and log[0]["text"].startswith("Round 1")
    assert log[-1]["kind"] == "game" and log[-1]["text"].startswith("Game over")


def test_a_refused_move_names_the_rule_and_changes_nothing(client, records_dir):
    # Penchant's end game (rule K): the second to play must follow suit when able
    def must_follow(s):
        if s["to_move"] != "you":
            return False
        state = replay(read_record(records_dir / f"{s['id']}.json"))
        obs = state.observation(0)
        if not obs["trick"] or state.stock_left:
            return False
        led = obs["trick"][0]["card"][1]
        return any(c[1] == led for c in obs["hand"]) and any(c[1] != led for c in obs["hand"])

    s = play_until(client, new_game(client, game="penchant", seed=1), must_follow)
    path = records_dir / f"{s['id']}.json"
    before = path.read_bytes()
    state = replay(read_record(path))
    led = state.observation(0)["trick"][0]["card"][1]
    off_suit = next(c for c in state.observation(0)["hand"] if c[1] != led)
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": off_suit})
    assert r.status_code == 400
    assert "you must follow suit" in r.json()["error"]
    assert path.read_bytes() == before
    assert client.get(f"/api/games/{s['id']}").json()["actions"] == s["actions"]


def test_bad_requests_are_answered_4xx_with_a_message_and_change_nothing(client, records_dir):
    s = new_game(client, game="penchant")
    path = records_dir / f"{s['id']}.json"
    before = path.read_bytes()
    gid = s["id"]
    cases = [
        (client.get("/api/games/no-such-game"), 404, "There is no game"),
        (client.get("/api/games/..%2F..%2Fetc%2Fpasswd"), 404, "Not Found"),  # no route: not a path
        (client.get("/api/games/.hidden"), 404, "There is no game"),
        (client.post(f"/api/games/{gid}/actions", content=b"{not json", headers={"content-type": "application/json"}),
         400, "malformed JSON"),
        (client.post(f"/api/games/{gid}/actions", json={"move": "QS"}), 422, "action"),
        # seed 4: you lead, holding KS 8S AH QH TH 8C (not QS), and no bot may move for you
        (client.post(f"/api/games/{gid}/actions", json={"action": "QS"}), 400, "you do not hold QS"),
        (client.post(f"/api/games/{gid}/actions", json={"action": "meld KS"}), 400, "not now"),
        (client.post(f"/api/games/{gid}/step"), 409, "It is your turn"),
        (client.post("/api/games", json={"game": "penchant", "options": {"scoring": "medieval"}}), 400, "19th-century"),
        (client.post("/api/games", json={"game": "penchant", "options": {"colour": "red"}}), 400, "scoring"),
        (client.post("/api/games", json={"game": "no-such-game"}), 400, "penchant"),
        (client.post("/api/games", json={"game": "penchant", "seat": 2}), 400, "seat must be 0..1"),
        (client.post("/api/games", json={"game": "penchant", "bots": ["human"]}), 400, "human"),
        (client.post("/api/games", json={"game": "penchant", "bots": ["ismcts(iterations=0)"]}), 400, "iterations"),
        (client.get(f"/api/games/{gid}/text/secrets"), 404, "help"),
        (client.get(f"/api/games/{gid}?since=-1"), 400, "since"),
    ]
    for r, status, words in cases:
        assert r.status_code == status, (r.request.url, r.text)
        assert words in r.json()["error"], (r.request.url, r.json())
    assert path.read_bytes() == before
    assert [p.name for p in records_dir.iterdir()] == [path.name]  # no game was started by a bad request


def test_a_restarted_server_continues_the_game_from_its_record(records_dir):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    with TestClient(create_app(records_dir), base_url="http://127.0.0.1") as first:
        s = play_until(first, new_game(first, game="marjolet"), lambda s: s["actions"] >= 6)
    with TestClient(create_app(records_dir), base_url="http://127.0.0.1") as second:
        again = second.get(f"/api/games/{s['id']}").json()
        assert again["actions"] == s["actions"] and again["scores"] == s["scores"]
        assert again["legal_actions"] == s["legal_actions"]
        end = play_until(second, again, lambda x: x["actions"] >= s["actions"] + 4)
    assert len(read_record(records_dir / f"{s['id']}.json")["actions"]) == end["actions"]


def test_a_terminal_game_resumes_in_the_browser_and_back(client, records_dir):
    runner = CliRunner()
    path = records_dir / "started-at-the-terminal.json"
    out = runner.invoke(cli, ["play", "penchant", "--seed", "4", "--level", "easy", "--plain", "--record", str(path)],
                        input="1\nquit\n")
    assert out.exit_code == 0, out.output
    at_terminal = len(read_record(path)["actions"])
    assert at_terminal >= 1
    listed = client.get("/api/saved").json()
    assert [g["id"] for g in listed] == ["started-at-the-terminal"]
    s = client.get("/api/games/started-at-the-terminal").json()
    assert s["actions"] == at_terminal and s["players"] == ["human", "greedy"] and s["seat"] == 0
    s = play_until(client, s, lambda x: x["actions"] >= at_terminal + 3)
    out = runner.invoke(cli, ["play", "--resume", str(path), "--plain"], input="quit\n")
    assert out.exit_code == 0, out.output
    assert f"Resumed after {s['actions']} actions." in out.output


def test_the_texts_of_the_prompt_are_the_terminals(client, records_dir):
    s = new_game(client, game="penchant")
    s = play_until(client, s, lambda x: x["to_move"] == "you")
    gid = s["id"]
    moves = client.get(f"/api/games/{gid}/text/moves").json()["text"].splitlines()
    assert moves[0] == "Moves, and what each does now:"
    assert [line.split()[1:3] for line in moves[1:]] == [a.split() for a in s["legal_actions"]]
    # Penchant's first phase (the gathering, while the stock lasts) has no trick obligation
    help_text = client.get(f"/api/games/{gid}/text/help").json()["text"]
    assert "Phase gathering: any card may be played: no need to follow suit" in help_text
    history = client.get(f"/api/games/{gid}/text/history").json()["text"]
    assert history.startswith("Round 1 · Bot deals")
    hint = client.get(f"/api/games/{gid}/text/hint").json()["text"]
    assert hint.startswith("Hint (ismcts(iterations=3000,seconds=2,guide=heuristic)): [")


def test_an_auction_game_of_three_takes_a_bid_by_its_amount(client):
    s = new_game(client, game="auction-pinochle", seat=1)
    assert s["names"] == ["East", "You", "West"]  # from seat 1: the next seat (2) on your left is West
    s = play_until(client, s, lambda x: x["to_move"] == "you")
    bids = [a for a in s["legal_actions"] if a.startswith("bid ")]
    lowest = min(int(a.split()[1]) for a in bids)
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": str(lowest)})
    assert r.status_code == 200, r.text
    assert r.json()["action"] == f"bid {lowest}"
    assert any("You bid" in item["text"] for item in r.json()["log"])


def test_watching_bots_every_seat_is_a_bot_and_no_person_may_move(client):
    s = new_game(client, game="partnership-auction-pinochle", watch=True, bots=["greedy"], level=None)
    assert s["players"] == ["greedy"] * 4 and s["seat"] is None and s["to_move"] == "bot"
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": "pass"})
    assert r.status_code == 409
    for _ in range(3):
        s = client.post(f"/api/games/{s['id']}/step").json()
    assert s["actions"] == 3


def test_the_start_page_offers_every_game_and_option(client):
    from cardcore import load_game
    from cardcore.plugins import get_games

    page = client.get("/").text
    for name in get_games():
        g = load_game(name)
        assert f'value="{name}"' in page
        for row in g.option_set().describe():
            assert f'data-option="{row["name"]}"' in page
    table = client.get("/saved")
    assert table.status_code == 200 and "No saved games yet." in table.text


def test_compare_runs_in_the_background_and_gives_the_commands_table(client):
    import time

    arms = ["penchant", "penchant(scoring=19th-century)"]
    r = client.post("/api/compare", json={"arms": arms, "bots": "greedy,greedy", "n": 6, "seed": 3})
    assert r.status_code == 202, r.text
    job = r.json()
    for _ in range(600):
        job = client.get(f"/api/compare/{job['id']}").json()
        if job["status"] != "running":
            break
        time.sleep(0.05)
    assert job["status"] == "finished" and job["done"] == job["total"] == 12
    cli_out = CliRunner().invoke(cli, ["compare", *arms, "--bots", "greedy,greedy", "-n", "6", "--seed", "3"])
    assert cli_out.exit_code == 0
    # the same estimates and intervals; only the time per game differs (and with it column widths)
    def cells(text):
        lines = text.splitlines()
        timed = next(i for i, line in enumerate(lines) if line.startswith("seconds per game"))
        return [line.split() for line in lines[:timed] + lines[timed + 2:]]

    assert cells(job["text"]) == cells(cli_out.output)
    assert job["metrics"][0]["name"] == "win rate A (greedy)" and len(job["metrics"][0]["arms"]) == 2
    page = client.get(f"/compare/{job['id']}").text
    assert "<svg class=\"plot\"" in page and "arm 2: penchant(scoring=19th-century)" in page
    bad = client.post("/api/compare", json={"arms": ["penchant"], "n": 6})
    assert bad.status_code == 422 and "arms" in bad.json()["error"]
    bad = client.post("/api/compare", json={"arms": ["penchant", "penchant(scoring=x)"]})
    assert bad.status_code == 400 and "modern" in bad.json()["error"]


def test_play_goes_on_while_a_comparison_runs_and_a_comparison_can_be_stopped(client):
    import time

    r = client.post("/api/compare", json={"arms": ["marjolet", "marjolet(turned_seven_points=7)"],
                                          "bots": "greedy", "n": 2000, "seed": 1})
    assert r.status_code == 202, r.text
    job = r.json()
    s = new_game(client, game="penchant")
    s = play_until(client, s, lambda x: x["actions"] >= 6)  # answered while the games are played
    assert client.get(f"/api/compare/{job['id']}").json()["status"] == "running"
    assert client.delete(f"/api/compare/{job['id']}").status_code == 202
    for _ in range(600):
        job = client.get(f"/api/compare/{job['id']}").json()
        if job["status"] != "running":
            break
        time.sleep(0.05)
    assert job["status"] == "stopped" and job["done"] < job["total"]
    assert client.delete(f"/api/compare/{job['id']}").status_code == 409


def test_the_watched_table_names_the_seat_to_move_not_you_and_keeps_its_viewpoint(client):
    # watching, the table stays seen from seat 0 (at the bottom) whichever seat moves
    s = new_game(client, game="pinochle", watch=True, level="easy")
    movers = set()
    for _ in range(4):
        page = client.get(f"/play/{s['id']}/table").text
        seat = s["current_player"]
        movers.add(seat)
        assert f"Seat {seat} to move." in page and "Your turn" not in page
        assert 'data-viewer="0"' in page and '<div class="mine place-bottom' in page
        assert 'aria-label="Seat 0 hand"' in page and "your hand" not in page
        s = client.post(f"/api/games/{s['id']}/step").json()
    assert movers == {0, 1}


def test_undo_takes_back_your_last_move_and_the_bots_replies_and_rewrites_the_record(client, records_dir):
    s = new_game(client, game="penchant")
    assert client.post(f"/api/games/{s['id']}/undo").status_code == 409  # nothing of yours yet
    # seed 4: you lead KS (action 1), greedy answers 9S (2), you may declare the eights (3: meld)
    s = play_until(client, s, lambda x: x["actions"] >= 2 and x["to_move"] == "you")
    assert s["actions"] == 2 and s["legal_actions"] == ["meld 8S 8C", "pass"]
    r = client.post(f"/api/games/{s['id']}/undo")
    assert r.status_code == 200 and r.json()["undone"] == 2 and r.json()["actions"] == 0
    assert read_record(records_dir / f"{s['id']}.json")["actions"] == []
    assert r.json()["legal_actions"][0] == "play KS"


def test_an_unexpected_error_answers_500_in_json_and_logs_the_traceback(client, records_dir, monkeypatch, capsys):
    from cardcore.web.tables import WebTable

    s = new_game(client, game="penchant", watch=True, bots=["greedy"], level=None)
    before = (records_dir / f"{s['id']}.json").read_bytes()

    def broken(self):
        raise KeyError("a bug in a bot")

    monkeypatch.setattr(WebTable, "step", broken)
    r = client.post(f"/api/games/{s['id']}/step")
    assert r.status_code == 500
    assert r.headers["content-type"] == "application/json"
    message = r.json()["error"]
    assert "KeyError" in message and "Traceback" not in message and "a bug in a bot" not in message
    err = capsys.readouterr().err
    assert f"POST /api/games/{s['id']}/step" in err
    assert "Traceback" in err and "KeyError: 'a bug in a bot'" in err
    # the server goes on answering, and the game is as it was
    monkeypatch.undo()
    assert client.get(f"/api/games/{s['id']}").json()["actions"] == 0
    assert (records_dir / f"{s['id']}.json").read_bytes() == before


def test_the_hint_comes_from_the_servers_hint_bot(records_dir):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    with TestClient(create_app(records_dir, hint_bot="greedy"), base_url="http://127.0.0.1") as c:
        s = new_game(c, game="penchant")  # seed 4: you lead
        hint = c.get(f"/api/games/{s['id']}/text/hint").json()["text"]
    assert hint.startswith("Hint (greedy): [")
    assert any(a.split()[1] in hint for a in s["legal_actions"])


def test_a_bid_above_the_listed_ones_is_taken_and_a_wrong_amount_refused_by_the_rule(client, records_dir):
    # Parlett (PB95): the minimum bid is 300 and "subsequent bids must rise in tens"; the moves list
    # every bid up to the most a side can make in a deal (1,330), and the bid box takes any of them
    s = new_game(client, game="auction-pinochle", seat=1)
    s = play_until(client, s, lambda x: x["to_move"] == "you")
    listed = sorted(int(a.split()[1]) for a in s["legal_actions"] if a.startswith("bid "))
    assert listed == list(range(listed[0], 1331, 10))
    page = client.get(f"/play/{s['id']}/table").text
    assert f'min="{listed[0]}" step="10"' in page  # the bid box starts at the lowest bid, in tens
    path = records_dir / f"{s['id']}.json"
    before = path.read_bytes()
    for typed, words in ((f"bid {listed[0] + 5}", "in multiples of 10"), (str(listed[0] - 10), f"at least {listed[0]}"),
                         ("bid 1234567890", "no amount is that long")):
        r = client.post(f"/api/games/{s['id']}/actions", json={"action": typed})
        assert r.status_code == 400 and words in r.json()["error"], (typed, r.text)
    assert path.read_bytes() == before
    high = listed[0] + 100
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": f"bid {high}"})
    assert r.status_code == 200, r.text
    assert r.json()["action"] == f"bid {high}" and any(f"You bid {high}" in i["text"] for i in r.json()["log"])
    assert read_record(path)["actions"][-1] == f"bid {high}"


def test_the_watch_page_offers_no_hint_or_moves_which_are_for_a_players_turn(client):
    watched = new_game(client, game="pinochle", watch=True, level="easy")
    page = client.get(watched["url"]).text
    assert 'data-text="help"' in page and 'id="speed"' in page
    assert 'data-text="hint"' not in page and 'data-text="moves"' not in page
    played = new_game(client, game="pinochle")
    page = client.get(played["url"]).text
    assert 'data-text="hint"' in page and 'data-text="moves"' in page and 'id="speed"' not in page


def test_pinochle_help_at_a_card_play_turn_and_a_claim_confirmed(client, records_dir):
    # PB95, Two-hand Pinochle: whoever calls Out "loses if he is wrong". At the first card to
    # play both are at 0 of 1000: help answers (the cards, how to claim), the claim is no move
    s = play_until(client, new_game(client, game="pinochle"), lambda s: s["to_move"] == "you")
    assert s["legal_actions"][0].startswith("play ") and "out" not in s["legal_actions"]
    r = client.get(f"/api/games/{s['id']}/text/help")
    assert r.status_code == 200, r.text
    assert "You may play:" in r.json()["text"] and "Type out to claim the game" in r.json()["text"]
    # typed, the claim is asked to be confirmed, and nothing changes until it is
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": "out"})
    assert r.status_code == 409 and r.json()["confirm"] is True
    assert r.json()["error"].startswith("Claim the game (out)? Your score is 0, the target 1000")
    assert client.get(f"/api/games/{s['id']}").json()["actions"] == s["actions"]
    # confirmed, it is made, and it loses
    r = client.post(f"/api/games/{s['id']}/actions", json={"action": "out", "confirm": True})
    assert r.status_code == 200, r.text
    end = r.json()
    assert end["finished"] and end["result"]["claim"] == {"player": 0, "right": False}
    assert end["result"]["winner"] == 1


def game_at(client, records_dir, actions: list[str], **body) -> dict:
    """A new game (seed 4, you in seat 0 unless said) moved on by ``actions``, as a record that the
    terminal or an earlier page wrote; the server reads it at the next request."""
    from cardcore.records import write_record

    s = new_game(client, **body)
    path = records_dir / f"{s['id']}.json"
    write_record(path, {**read_record(path), "actions": actions})
    return client.get(f"/api/games/{s['id']}").json()


def test_the_trump_buttons_show_the_suits_symbols(client, records_dir):
    # Auction Pinochle, seed 4: West passes, you bid 300, East passes; you take the widow and name
    # trumps (PB95) with a button per suit, drawn as the suit, not as the letter typed
    s = game_at(client, records_dir, ["pass", "bid 300", "pass"], game="auction-pinochle")
    assert s["legal_actions"] == ["trump S", "trump H", "trump D", "trump C"]
    page = client.get(f"/play/{s['id']}/table").text
    assert ('<button type="button" class="move" data-action="trump S">trump <span class="c black">♠</span> spades'
            '</button>') in page
    assert '">trump H</button>' not in page and 'data-action="trump H">trump <span class="c red">♥</span> hearts' in page


def test_help_answers_after_the_game_is_over_and_a_bots_level_is_set_from_the_table(client, records_dir):
    # a claim made wrongly ends two-hand Pinochle at once (PB95: Out "loses if he is wrong")
    s = play_until(client, new_game(client, game="pinochle"), lambda s: s["to_move"] == "you")
    # the bot's level: the seat's bot, and the record's players, from now on
    r = client.post(f"/api/games/{s['id']}/bots/1", json={"level": "hard"})
    assert r.status_code == 200, r.text
    hard = r.json()["players"][1]
    assert hard.startswith("ismcts") and read_record(records_dir / f"{s['id']}.json")["players"] == ["human", hard]
    assert client.post(f"/api/games/{s['id']}/bots/0", json={"level": "hard"}).status_code == 409  # yours
    assert client.post(f"/api/games/{s['id']}/bots/5", json={"level": "hard"}).status_code == 404
    assert client.post(f"/api/games/{s['id']}/bots/1", json={"level": "expert"}).status_code == 422
    client.post(f"/api/games/{s['id']}/actions", json={"action": "out", "confirm": True})
    r = client.get(f"/api/games/{s['id']}/text/help")
    assert r.status_code == 200, r.text
    text = r.json()["text"]
    assert text.startswith("Game over: Bot wins") and "Cards:" in text and "Now:" not in text
    assert client.get(f"/api/games/{s['id']}/text/hint").status_code == 409
