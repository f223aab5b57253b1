"""Two to four people at one table of `cardcore serve`: each seat's own invitation link, which shows
that seat only what its observation holds; a spectators' link that shows no hidden card; a seat
handed to a bot when its player left; a server reached from the network, where every page needs
a secret."""

from __future__ import annotations

import json
import re
import stat

import pytest
from starlette.testclient import TestClient

from cardcore.records import read_record, replay
from cardcore.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

KEY = "X-Cardcore-Key"


def new_table(client, game="penchant", humans=(0, 1), **body) -> dict:
    r = client.post("/api/games", json={"game": game, "seed": 4, "level": "easy", "humans": list(humans), **body})
    assert r.status_code == 201, r.text
    return r.json()


def key_of(link: str) -> str:
    return re.search(r"[?&]key=([^&]+)", link).group(1)


def hidden_cards(records_dir, game_id: str, viewer: int | None) -> set[str]:
    """The cards in some hand that the viewer's observation does not hold anywhere (a spectator:
    the cards in any hand not shown on the table)."""
    state = replay(read_record(records_dir / f"{game_id}.json"))
    seen = json.dumps(state.observation(viewer)) if viewer is not None else ""
    public = json.dumps({k: v for k, v in state.observation(0).items() if k not in ("hand", "legal_actions", "discards")})
    hidden = set()
    for seat in range(state.n):
        if seat != viewer:
            hidden |= {c for c in state.observation(seat)["hand"] if f'"{c}"' not in (seen or public)}
    return hidden


def shows_none_of(html: str, cards: set[str]) -> bool:
    """No card of ``cards`` named in the page: a card's picture and its inline form carry its name."""
    return not any(f"({c})" in html or f'data-card="{c}"' in html for c in cards)


def test_each_person_gets_a_link_with_a_secret_for_their_seat_alone(client, records_dir):
    t = new_table(client)
    links = t["invitations"]
    assert sorted(links["seats"]) == ["0", "1"] and t["url"] == f"/play/{t['id']}/invite"
    secrets = [key_of(links["seats"]["0"]), key_of(links["seats"]["1"]), key_of(links["spectators"])]
    assert len(set(secrets)) == 3 and all(len(k) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", k) for k in secrets)
    # the record names who sits where and carries no secret: it may be passed on
    record_text = (records_dir / f"{t['id']}.json").read_text()
    assert json.loads(record_text)["players"] == ["human", "human"]
    assert not any(k in record_text for k in secrets)
    kept = records_dir / ".cardcore-seats" / f"{t['id']}.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    # a table of several is not one person's: the host's view is a spectator's
    s = client.get(f"/api/games/{t['id']}").json()
    assert s["role"] == "host" and s["seat"] is None and s["legal_actions"] == [] and s["shared"]
    page = client.get(f"/play/{t['id']}/invite").text
    assert links["seats"]["0"] in page and links["seats"]["1"] in page and links["spectators"] in page


def test_a_seat_sees_only_its_own_cards_and_moves_only_itself(client, records_dir):
    t = new_table(client)  # seed 4: seat 0 leads
    gid = t["id"]
    keys = {s: {KEY: key_of(link)} for s, link in t["invitations"]["seats"].items()}
    for seat in (0, 1):
        s = client.get(f"/api/games/{gid}", headers=keys[str(seat)]).json()
        assert (s["role"], s["seat"], s["names"][seat]) == ("seat", seat, "You")
        html = client.get(f"/play/{gid}/table", headers=keys[str(seat)]).text
        own = replay(read_record(records_dir / f"{gid}.json")).observation(seat)["hand"]
        assert all(f"({c})" in html for c in own)
        other = hidden_cards(records_dir, gid, seat)
        assert len(other) >= 6 and shows_none_of(html, other)
        assert shows_none_of(json.dumps(client.get(f"/api/games/{gid}?since=0", headers=keys[str(seat)]).json()), other)
    s0 = client.get(f"/api/games/{gid}", headers=keys["0"]).json()
    assert s0["to_move"] == "you" and s0["legal_actions"]
    s1 = client.get(f"/api/games/{gid}", headers=keys["1"]).json()
    assert s1["to_move"] == "other" and s1["legal_actions"] == []
    before = (records_dir / f"{gid}.json").read_bytes()
    # seat 1 cannot move for seat 0, nor the host, nor a page without a key, nor a wrong key
    for headers in (keys["1"], {}, {KEY: "x" * 32}):
        r = client.post(f"/api/games/{gid}/actions", json={"action": s0["legal_actions"][0]}, headers=headers)
        assert r.status_code == 409, (headers, r.text)
    for path in ("step", "undo"):  # the server moves the bots; nobody takes back another's move
        assert client.post(f"/api/games/{gid}/{path}", headers=keys["0"]).status_code == 409
    # nor ask the moves, help or hint of seat 0's hand
    assert client.get(f"/api/games/{gid}/text/hint", headers=keys["1"]).status_code == 409
    assert (records_dir / f"{gid}.json").read_bytes() == before
    r = client.post(f"/api/games/{gid}/actions", json={"action": s0["legal_actions"][0]}, headers=keys["0"])
    assert r.status_code == 200 and r.json()["actions"] == 1
    # the link itself, opened in a browser, keeps the secret in a cookie for that game's paths only
    page = client.get(t["invitations"]["seats"]["1"].replace("http://127.0.0.1", ""), headers={})
    cookies = page.headers.get_list("set-cookie")
    assert sorted(re.search(r"Path=([^;]+)", c).group(1) for c in cookies) == [f"/api/games/{gid}", f"/play/{gid}"]
    assert all("HttpOnly" in c and "SameSite=lax" in c for c in cookies)
    # a link with a wrong secret sets no cookie: it cannot replace the right one
    assert "set-cookie" not in client.get(f"/play/{gid}?key={'x' * 32}").headers


def test_a_spectator_sees_no_hidden_card_and_moves_nothing(client, records_dir):
    t = new_table(client, game="auction-pinochle", humans=(0, 2))
    gid = t["id"]
    watcher = {KEY: key_of(t["invitations"]["spectators"])}
    s = client.get(f"/api/games/{gid}?since=0", headers=watcher).json()
    assert (s["role"], s["seat"], s["legal_actions"]) == ("spectator", None, [])
    hidden = hidden_cards(records_dir, gid, None)
    assert len(hidden) >= 20  # every hand; the widow lies face down in the auction
    html = client.get(f"/play/{gid}/table", headers=watcher).text
    assert shows_none_of(html, hidden) and shows_none_of(json.dumps(s), hidden)
    assert "card-face" not in html.split('class="mine ')[1]  # no hand of its own either
    assert client.get(f"/api/games/{gid}/text/help", headers=watcher).status_code == 409
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers=watcher)
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/seats/0/bot", json={}, headers=watcher)
    assert r.status_code == 403


def test_a_seat_whose_player_left_is_handed_to_a_bot_and_the_record_says_so(client, records_dir):
    t = new_table(client, game="auction-pinochle", humans=(0, 1))  # seat 2: a bot
    gid = t["id"]
    keys = {s: {KEY: key_of(link)} for s, link in t["invitations"]["seats"].items()}
    r = client.post(f"/api/games/{gid}/seats/2/bot", json={}, headers=keys["0"])
    assert r.status_code == 409 and "not a person's" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/seats/1/bot", json={"bot": "greedy"}, headers=keys["0"])
    assert r.status_code == 200, r.text
    record = read_record(records_dir / f"{gid}.json")
    assert record["players"] == ["human", "greedy", "greedy"]
    assert record["handovers"] == [{"seat": 1, "bot": "greedy", "after": 0}]
    assert replay(record).actions == []  # the record still replays: handovers only tell the story
    # the table stays one of several: seat 0 still sees only its own cards; the server moves the bots
    s = client.get(f"/api/games/{gid}", headers=keys["0"]).json()
    assert s["shared"] and s["handovers"] == record["handovers"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": s["legal_actions"][0]}, headers=keys["0"]) \
        if s["to_move"] == "you" else None
    assert r is None or r.status_code == 200
    # the link of the seat handed over moves nothing any more
    s1 = client.get(f"/api/games/{gid}", headers=keys["1"]).json()
    assert s1["players"][1] == "greedy" and s1["to_move"] != "you"


def play_to_the_deal_end(client, gid: str, keys: dict) -> dict:
    """Each person plays their first legal move until the first deal ends; the last answer."""
    for _ in range(200):
        s = client.get(f"/api/games/{gid}").json()
        if s["round"] > 1:  # the second deal dealt: the first one's end
            return s
        seat = str(s["current_player"])
        legal = client.get(f"/api/games/{gid}", headers=keys[seat]).json()["legal_actions"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0]}, headers=keys[seat])
        assert r.status_code == 200, r.text
    raise AssertionError("the deal did not end")


def test_the_next_deal_starts_once_each_person_has_pressed_next_deal(client):
    t = new_table(client)  # Penchant: several deals to the game's end
    gid = t["id"]
    keys = {s: {KEY: key_of(link)} for s, link in t["invitations"]["seats"].items()}
    ended = play_to_the_deal_end(client, gid, keys)
    assert not ended["finished"] and ended["next_deal"] == [0, 1]
    mover = str(ended["current_player"])
    mine = client.get(f"/api/games/{gid}", headers=keys[mover]).json()
    assert mine["to_move"] == "other" and mine["legal_actions"] == []  # nobody moves yet
    typed = client.post(f"/api/games/{gid}/actions", json={"action": "1"}, headers=keys[mover])
    assert typed.status_code == 409 and "pressed Next deal" in typed.json()["error"]
    # the host and spectators do not hold the table up: only the people press
    assert client.post(f"/api/games/{gid}/next-deal").status_code == 409
    r = client.post(f"/api/games/{gid}/next-deal", headers=keys["0"])
    assert r.status_code == 200 and r.json()["next_deal"] == [1]
    r = client.post(f"/api/games/{gid}/next-deal", headers=keys["0"])  # twice is once
    assert r.json()["next_deal"] == [1]
    assert client.post(f"/api/games/{gid}/actions", json={"action": "1"}, headers=keys[mover]).status_code == 409
    r = client.post(f"/api/games/{gid}/next-deal", headers=keys["1"])
    assert r.json()["next_deal"] == []
    mine = client.get(f"/api/games/{gid}", headers=keys[mover]).json()
    assert mine["to_move"] == "you"
    r = client.post(f"/api/games/{gid}/actions", json={"action": mine["legal_actions"][0]}, headers=keys[mover])
    assert r.status_code == 200, r.text


def test_a_seats_page_at_a_table_of_several_offers_no_undo_hint_or_bot_pace(client):
    t = new_table(client)  # seed 4: seat 0 leads
    gid = t["id"]
    keys = {s: {KEY: key_of(link)} for s, link in t["invitations"]["seats"].items()}
    page = client.get(f"/play/{gid}", headers=keys["0"]).text
    assert 'data-text="moves"' in page and 'data-text="help"' in page and 'id="typed"' in page
    assert 'id="undo"' not in page and 'data-text="hint"' not in page
    r = client.get(f"/api/games/{gid}/text/hint", headers=keys["0"])  # at its own turn
    assert r.status_code == 409 and "No hints at a table of several" in r.json()["error"]
    assert client.post(f"/api/games/{gid}/undo", headers=keys["0"]).status_code == 409
    # the server moves the bots at its pace: no page here has the watcher's speed and pause
    for who in ({}, {KEY: key_of(t["invitations"]["spectators"])}):
        page = client.get(f"/play/{gid}", headers=who).text
        assert 'id="speed"' not in page and 'id="pause"' not in page
    # a person's game against bots keeps them all
    one = client.post("/api/games", json={"game": "penchant", "seed": 4, "level": "easy", "seat": 0}).json()
    page = client.get(f"/play/{one['id']}").text
    assert 'id="undo"' in page and 'data-text="hint"' in page
    watched = client.post("/api/games", json={"game": "penchant", "seed": 4, "level": "easy", "watch": True}).json()
    assert 'id="speed"' in client.get(f"/play/{watched['id']}").text


def test_a_spectator_sees_every_seat_face_down_and_changes_no_bot(client, records_dir):
    t = new_table(client, game="auction-pinochle", humans=(0, 1))  # seat 2: a bot
    gid = t["id"]
    watcher = {KEY: key_of(t["invitations"]["spectators"])}
    html = client.get(f"/play/{gid}/table", headers=watcher).text
    bottom = html.split('class="mine ')[1].split('class="play-box"')[0]
    assert bottom.count('class="card-back"') == 15  # seat 0's hand, face down (15 cards each)
    assert html.count('class="card-back"') >= 45  # and the two others'
    level = html.split('<select class="bot-level" data-seat="2"')[1].split(">")[0]
    assert " disabled" in level
    r = client.post(f"/api/games/{gid}/bots/2", json={"level": "hard"}, headers=watcher)
    assert r.status_code == 403
    assert read_record(records_dir / f"{gid}.json")["players"] == t["players"]
    # a player may: the record says so, and the seat's page offers it
    seat = {KEY: key_of(t["invitations"]["seats"]["1"])}
    level = client.get(f"/play/{gid}/table", headers=seat).text.split('<select class="bot-level" data-seat="2"')[1]
    assert " disabled" not in level.split(">")[0]
    r = client.post(f"/api/games/{gid}/bots/2", json={"level": "hard"}, headers=seat)
    assert r.status_code == 200 and r.json()["players"][2] != t["players"][2]
    assert read_record(records_dir / f"{gid}.json")["players"][2] == r.json()["players"][2]


def test_people_and_bots_are_given_seats_as_asked(client):
    for body, words in (({"humans": [0, 0]}, "each seat once"), ({"humans": [0, 3]}, "a seat must be 0..2"),
                        ({"humans": [0], "seat": 1}, "not both"), ({"humans": [0], "watch": True}, "not both")):
        r = client.post("/api/games", json={"game": "auction-pinochle", **body})
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    t = new_table(client, game="partnership-auction-pinochle", humans=(1, 3), bots=["random", "greedy"], level=None)
    assert t["players"] == ["random", "human", "greedy", "human"]
    assert sorted(t["invitations"]["seats"]) == ["1", "3"]


# --------------------------------------------------------------------------- reached from the network
HOST_KEY = "h" * 40


@pytest.fixture
def lan(records_dir):
    with TestClient(create_app(records_dir, host="192.168.1.5", host_key=HOST_KEY),
                    base_url="http://192.168.1.5:8000") as c:
        yield c


def test_from_the_network_every_page_needs_its_seat_or_the_hosts_secret(lan):
    host = {KEY: HOST_KEY}
    for path in ("/", "/saved", "/compare", "/api/saved", "/api/games"):
        assert lan.get(path).status_code == 403, path
        assert lan.get(path, headers={KEY: "h" * 39}).status_code == 403, path
        assert lan.get(path, headers=host).status_code == 200, path
    assert lan.post("/api/games", json={"game": "penchant"}).status_code == 403
    assert lan.get("/static/play.js").status_code == 200  # the pages' code is no secret
    t = lan.post("/api/games", json={"game": "penchant", "seed": 4, "humans": [0, 1]}, headers=host).json()
    gid = t["id"]
    assert t["invitations"]["seats"]["0"].startswith(f"http://192.168.1.5:8000/play/{gid}?key=")
    # the network's address is the server's origin; another origin is refused, secret or not
    seat0 = {KEY: key_of(t["invitations"]["seats"]["0"])}
    for origin, status in (("http://evil.example", 403), ("http://192.168.1.5:8000", 200)):
        r = lan.post(f"/api/games/{gid}/actions", json={"action": "play KS"}, headers={**seat0, "Origin": origin})
        assert r.status_code == status, (origin, r.text)
    for path in (f"/play/{gid}", f"/play/{gid}/table", f"/api/games/{gid}", f"/api/games/{gid}/text/score"):
        assert lan.get(path).status_code == 403, path
    # the host's link, opened once, keeps the secret in a cookie for the whole server
    opened = lan.get(f"/?key={HOST_KEY}")
    assert opened.status_code == 200 and "cardcore_host=" in opened.headers["set-cookie"]
    assert lan.get("/api/saved").status_code == 200
    lan.cookies.clear()
    # a seat's link opens its table, and its cookie reaches that game only
    seat = lan.get(t["invitations"]["seats"]["1"].replace("http://192.168.1.5:8000", ""))
    assert seat.status_code == 200
    assert lan.get(f"/api/games/{gid}").json()["seat"] == 1
    assert lan.get("/api/saved").status_code == 403
    assert lan.get(f"/play/{gid}/invite").status_code == 403  # the invitations are the host's


# --------------------------------------------------------------------------- live: server-sent events
def open_stream(port: int, gid: str, key: str):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", f"/api/games/{gid}/events", headers={KEY: key})
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("content-type").startswith("text/event-stream")
    return conn, r


def next_message(r) -> dict:
    """The next data message of an event stream (its retry line and heartbeats passed over)."""
    while True:
        line = r.fp.readline().decode()
        if line.startswith("data: "):
            return json.loads(line[6:])


def post(port: int, path: str, body: dict, key: str) -> tuple[int, dict]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json", KEY: key})
    r = conn.getresponse()
    return r.status, json.loads(r.read())


def test_each_page_hears_of_each_move_at_once_and_who_is_at_the_table(live_server):
    import time

    base, _records = live_server
    port = int(base.rsplit(":", 1)[1])
    status, t = post(port, "/api/games", {"game": "penchant", "seed": 4, "humans": [0, 1]}, "")
    assert status == 201, t
    gid, seats = t["id"], {int(s): key_of(link) for s, link in t["invitations"]["seats"].items()}
    conn1, stream1 = open_stream(port, gid, seats[1])
    assert next_message(stream1) == {"present": [1]}
    # seat 0 cannot give seat 1 to a bot while seat 1's page is open
    status, answer = post(port, f"/api/games/{gid}/seats/1/bot", {}, seats[0])
    assert status == 409 and "at the table" in answer["error"]
    conn0, stream0 = open_stream(port, gid, seats[0])
    assert next_message(stream1) == {"present": [0, 1]}  # seat 0 came
    next_message(stream0)
    status, s0 = post(port, f"/api/games/{gid}/actions", {"action": "play KS"}, seats[0])
    assert status == 200, s0
    started = time.monotonic()
    assert next_message(stream1) == {"present": [0, 1]}
    assert time.monotonic() - started < 1.0
    conn0.close()  # seat 0's page is closed: seat 1 hears that it left
    assert next_message(stream1) == {"present": [1]}
    conn1.close()


def test_the_live_streams_are_bounded_beat_and_end_when_the_server_stops():
    import asyncio

    from cardcore.web.live import LiveTables
    from cardcore.web.tables import Refused

    async def run():
        live = LiveTables(per_table=2, in_all=3, heartbeat=0.05)
        pages = [live.join("a", 0), live.join("a", 1)]
        with pytest.raises(Refused) as full:
            live.join("a", None)
        assert full.value.status == 503 and "2 pages" in full.value.message
        pages.append(live.join("b", None))
        with pytest.raises(Refused):
            live.join("c", None)
        stream = live.stream(pages[0])
        assert await anext(stream) == "retry: 1000\n\n"
        assert await anext(stream) == 'data: {"present": [0, 1]}\n\n'
        assert await anext(stream) == ": heartbeat\n\n"  # nothing happened for a while
        live.close()
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(anext(stream), 1)
        assert live.present("a") == [1]  # the stream that ended left the table

    asyncio.run(run())


def test_a_server_stopping_ends_the_open_streams_at_once(records_dir):
    import socket
    import threading
    import time

    from cardcore.web.serving import GRACE_SECONDS, make_server

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = make_server(create_app(records_dir), log_level="warning")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    status, t = post(port, "/api/games", {"game": "penchant", "seed": 4, "humans": [0, 1]}, "")
    conn, stream = open_stream(port, t["id"], key_of(t["invitations"]["spectators"]))
    next_message(stream)
    started = time.monotonic()
    server.should_exit = True
    thread.join(timeout=GRACE_SECONDS + 5)
    assert not thread.is_alive() and time.monotonic() - started < GRACE_SECONDS / 2
    assert stream.fp.read().endswith(b"0\r\n\r\n")  # the stream was ended (its last chunk), not cut
    conn.close()
