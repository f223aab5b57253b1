"""A kind of a plugin's own, played through every front end: the test plugin ``closingstock``
adds the step kind ``close-stock`` (cardcore knows nothing of it), and its game is played through
the state API, ``cardcore play``, the web API, ``cardcore simulate``, a record saved and replayed,
and the OpenSpiel and PettingZoo adapters.

Seed 1 (``closing.yaml``: 9 T J Q K A low to high, no trump) deals seat 0 (the dealer) JD AD AH JH
TD 9C and seat 1 KH JC KC AS TS TH, and leaves the stock QC 9D AC QD 9S KS QH KD TC JS 9H QS.
Seat 1 leads the ace of spades, which seat 0 cannot beat (no spade, no trump): seat 1 draws QC
and seat 0 9D, ten cards stay in the stock, and seat 1, about to lead, may close it. Closed, the
end game's FTR applies at once: to the ten of hearts seat 0 must answer with a higher heart, AH
or JH, and draws no more."""

import json

import pytest
from click.testing import CliRunner

import closingstock
from cardcore import IllegalAction, load_game
from cardcore.cli import cli
from cardcore.records import replay

GAME = "closing-stock"
SEED = 1


@pytest.fixture(autouse=True)
def _plugin():
    with closingstock.registered():
        yield


def to_the_closing():
    """Seed 1 after the first trick (AS, then seat 0's 9C) and its draws: seat 1 to close or pass."""
    s = load_game(GAME).new_game(seed=SEED)
    assert s.deals[0]["hands"] == [["JD", "AD", "AH", "JH", "TD", "9C"], ["KH", "JC", "KC", "AS", "TS", "TH"]]
    s.apply("play AS")
    s.apply("play 9C")
    return s


def test_the_state_api_closes_the_stock():
    s = to_the_closing()
    assert (s.current_player, s.decision, s.legal_actions()) == (1, "close", ["close", "pass"])
    assert s.stock_left == 10 and s.deck.names_of(s.hands[1]) == s.deck.names_of(
        s.deck.mask_of_names(["KH", "JC", "KC", "TS", "TH", "QC"], s.hands[1]))
    with pytest.raises(IllegalAction, match=r"may close the stock now .*\(T, closing"):
        s.apply("play TH")
    passed = s.clone()
    passed.apply("pass")
    passed.apply("play TH")
    assert len(passed.legal_actions()) == 6  # the stock phase: any card
    s.apply("close")
    assert s.phase_rule.name == "end" and s.current_player == 1
    s.apply("play TH")
    assert sorted(s.legal_actions()) == ["play AH", "play JH"]  # follow, and win
    with pytest.raises(IllegalAction, match="T, end: follow suit"):
        s.apply("play AD")
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
        assert s.stock_left == 10  # no more draws once closed
    won = [sum(bin(w).count("1") for w in s.won[seat]) for seat in (0, 1)]
    assert sum(won) == 14 and not any(s.hands)  # 24 cards, 10 left in the closed stock
    assert s.summary()["rounds"][0]["closed_by"] == 1
    assert s.record()["actions"][2] == "close"


def test_the_schema_of_the_step_is_the_plugins():
    bad = closingstock.CloseStockStep
    assert bad.model_fields["step"].annotation.__args__ == ("close-stock",)
    step = load_game(GAME).rules.phases[0].after_trick[2]
    assert isinstance(step, bad) and step.who == "winner"


def play(args, stdin):
    result = CliRunner().invoke(cli, ["play", *args], input=stdin)
    assert result.exception is None and result.exit_code == 0, result.output
    return result.stdout


def test_cardcore_play_offers_the_closing_and_a_record_resumes_and_replays(tmp_path):
    path = tmp_path / "g.json"
    out = play([GAME, "--seed", str(SEED), "--seat", "1", "--level", "easy", "--plain", "--record", str(path)],
               "play AS\nclose\nplay TH\nquit\n")
    assert "Your turn: close the stock ('close': no more draws, and the end game's rules apply) or 'pass'." in out
    saved = json.loads(path.read_text())
    assert saved["actions"][0] == "play AS" and saved["actions"][2] == "close"  # the bot's card between
    assert saved["actions"][3] == "play TH" and saved["actions"][4] in ("play AH", "play JH")
    out = play(["--resume", str(path), "--plain"], "quit\n")
    assert "Traceback" not in out
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rounds"][0]["closed_by"] == 1


def test_a_record_replays_identically():
    s = to_the_closing()
    s.apply("close")
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    again = replay(json.loads(json.dumps(s.record())))
    assert again.actions == s.actions and again.scores == s.scores and again.result == s.result


def test_cardcore_simulate_plays_it():
    result = CliRunner().invoke(cli, ["simulate", GAME, "--bots", "random,random", "-n", "10", "--seed", "1",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 10


def test_the_web_api_plays_it(tmp_path, monkeypatch):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    monkeypatch.setenv("CARDCORE_HOME", str(tmp_path))
    with TestClient(create_app(tmp_path / "records"), base_url="http://127.0.0.1") as client:
        r = client.post("/api/games", json={"game": GAME, "seed": SEED, "seat": 1, "level": "easy"})
        assert r.status_code == 201, r.text
        s = client.post(f"/api/games/{r.json()['id']}/actions", json={"action": "play AS"}).json()
        while s["to_move"] != "you":
            s = client.post(f"/api/games/{s['id']}/step").json()
        assert s["legal_actions"] == ["close", "pass"]
        s = client.post(f"/api/games/{s['id']}/actions", json={"action": "close"}).json()
        for _ in range(100):
            if s["finished"]:
                break
            if s["to_move"] == "you":
                s = client.post(f"/api/games/{s['id']}/actions", json={"action": s["legal_actions"][0]}).json()
            else:
                s = client.post(f"/api/games/{s['id']}/step").json()
        assert s["finished"]
        record = json.loads((tmp_path / "records" / f"{s['id']}.json").read_text())
        assert record["actions"][2] == "close" and replay(record).scores == s["scores"]


def test_the_openspiel_adapter_plays_it():
    pyspiel = pytest.importorskip("pyspiel")
    from cardcore.adapters import openspiel

    assert "cardcore_closing-stock" in openspiel.register_all()
    game = pyspiel.load_game("cardcore_closing-stock")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_pettingzoo_adapter_plays_it():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardcore.adapters import pettingzoo

    api_test(pettingzoo.env(GAME), num_cycles=300)
