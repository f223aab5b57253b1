"""The list of saved games: each record is replayed once for it, and again only when it changed on
disk (the terminal played on, or the file was rewritten)."""

from __future__ import annotations

import pytest

import cardcore.web.store as store_module
from cardcore.records import read_record, write_record

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


@pytest.fixture
def replays(monkeypatch) -> list[str]:
    """The records the store replays, by file name, in order."""
    seen: list[str] = []
    real = store_module.replay

    def counting(record, *args, **kwargs):
        seen.append(kwargs.get("where", "?"))
        return real(record, *args, **kwargs)

    monkeypatch.setattr(store_module, "replay", counting)
    return seen


def test_the_list_replays_a_record_only_when_it_is_new_or_changed(client, records_dir, replays):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    # two games written as the terminal writes them: seed 4, you lead KS, greedy answers 9S
    for name, actions in (("one", ["play KS"]), ("two", ["play KS", "play 9S"])):
        game = client.post("/api/games", json={"game": "penchant", "seed": 4, "level": "easy"}).json()
        record = read_record(records_dir / f"{game['id']}.json")
        (records_dir / f"{game['id']}.json").unlink()
        write_record(records_dir / f"{name}.json", {**record, "actions": actions})
    with TestClient(create_app(records_dir), base_url="http://127.0.0.1") as fresh:  # a server that has read no record yet
        first = {g["id"]: g for g in fresh.get("/api/saved").json()}
        assert {k: v["actions"] for k, v in first.items()} == {"one": 1, "two": 2}
        assert sorted(replays) == ["one.json", "two.json"]
        assert fresh.get("/saved").status_code == 200
        assert fresh.get("/api/saved").json() == list(first.values())
        assert sorted(replays) == ["one.json", "two.json"]  # shown twice more, replayed no more
        # the terminal plays on in "one": the list says so, and only "one" is read again
        path = records_dir / "one.json"
        write_record(path, {**read_record(path), "actions": ["play KS", "play 9S"]})
        again = {g["id"]: g for g in fresh.get("/api/saved").json()}
        assert again["one"]["actions"] == 2 and again["two"] == first["two"]
        assert sorted(replays) == ["one.json", "one.json", "two.json"]
        # a record spoiled on disk is listed with what is wrong, then mended
        path.write_text('{"game": "penchant", "actions": [')
        spoiled = {g["id"]: g for g in fresh.get("/api/saved").json()}
        assert spoiled["one"]["error"] and "one" in spoiled["one"]["error"]
        write_record(path, {**read_record(records_dir / "two.json"), "actions": ["play KS"]})
        mended = {g["id"]: g for g in fresh.get("/api/saved").json()}
        assert mended["one"]["error"] is None and mended["one"]["actions"] == 1


def test_a_game_played_in_the_server_is_listed_with_its_moves_without_a_replay(client, replays):
    s = client.post("/api/games", json={"game": "penchant", "seed": 4, "level": "easy"}).json()
    assert [g["actions"] for g in client.get("/api/saved").json()] == [0]
    s = client.post(f"/api/games/{s['id']}/actions", json={"action": "KS"}).json()  # seed 4: you hold KS
    s = client.post(f"/api/games/{s['id']}/step").json()
    listed = client.get("/api/saved").json()
    assert [g["actions"] for g in listed] == [2] and listed[0]["scores"] == s["scores"]
    assert replays == []  # the server's own game is listed from the state it holds
