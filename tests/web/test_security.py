"""What `cardcore serve` defends against: another site in the person's browser (DNS rebinding, a
cross-site form or fetch, a frame), and a request that would take the machine (a huge or deeply
nested body, a bot or comparison without end)."""

from __future__ import annotations

import json
import socket
import time

import pytest
from click.testing import CliRunner

from cardcore.cli import cli

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

JSON = {"content-type": "application/json"}


def new_game(client, **body) -> dict:
    r = client.post("/api/games", json={"seed": 4, "level": "easy", "game": "penchant", **body})
    assert r.status_code == 201, r.text
    return r.json()


def records(records_dir) -> list[str]:
    return sorted(p.name for p in records_dir.glob("*.json")) if records_dir.is_dir() else []


# --------------------------------------------------------------------------- the Host header
def test_a_request_naming_another_host_is_refused_whatever_it_asks(client, records_dir):
    # DNS rebinding: attacker.example resolves to 127.0.0.1, the browser sends its own name
    for host in ("attacker.example", "attacker.example:8000", "127.0.0.1.evil.example", "localhost.evil"):
        r = client.get("/api/saved", headers={"Host": host})
        assert r.status_code == 400 and "host" in r.text.lower(), (host, r.text)
        r = client.post("/api/games", json={"game": "penchant"}, headers={"Host": host})
        assert r.status_code == 400, (host, r.text)
    assert records(records_dir) == []  # no game was started
    for host in ("127.0.0.1", "127.0.0.1:8123", "localhost:8123", "[::1]:8123", "LOCALHOST"):
        assert client.get("/api/saved", headers={"Host": host}).status_code == 200, host


def test_the_host_the_server_was_started_on_is_allowed_too(records_dir):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    app = create_app(records_dir, host="192.168.1.5", host_key="k" * 32)
    with TestClient(app, base_url="http://192.168.1.5:8000", headers={"X-Cardcore-Key": "k" * 32}) as c:
        assert c.get("/api/saved").status_code == 200
        assert c.get("/api/saved", headers={"Host": "localhost"}).status_code == 200
        assert c.get("/api/saved", headers={"Host": "192.168.1.6"}).status_code == 400


# --------------------------------------------------------------------------- other origins
def test_a_move_from_another_site_is_refused_and_changes_nothing(client, records_dir):
    s = new_game(client)  # seed 4: you lead, holding KS
    path = records_dir / f"{s['id']}.json"
    before = path.read_bytes()
    forged = [
        # a cross-site fetch in no-cors mode: a "simple" request, text/plain, sent without a preflight
        {"Origin": "https://evil.example", "Content-Type": "text/plain", "Sec-Fetch-Site": "cross-site"},
        # another server on this machine (another port: the same site, not the same origin)
        {"Origin": "http://127.0.0.1:9999", "Content-Type": "application/json", "Sec-Fetch-Site": "same-site"},
        # a browser without fetch metadata still sends Origin with a POST
        {"Origin": "http://localhost:9999", "Content-Type": "application/json"},
        {"Origin": "null", "Content-Type": "application/json"},
        # a plain HTML form (no script): enctype=text/plain, or the default urlencoded
        {"Content-Type": "text/plain"},
        {"Content-Type": "application/x-www-form-urlencoded"},
        {"Content-Type": "multipart/form-data; boundary=x"},
    ]
    for headers in forged:
        for path_tail in ("actions", "undo", "step"):
            r = client.post(f"/api/games/{s['id']}/{path_tail}", content=json.dumps({"action": "KS"}), headers=headers)
            assert r.status_code in (403, 415), (headers, path_tail, r.status_code, r.text)
            assert r.json()["error"], r.text
        r = client.post("/api/games", content=json.dumps({"game": "penchant"}), headers=headers)
        assert r.status_code in (403, 415), (headers, r.text)
        r = client.post("/api/compare", content=json.dumps({"arms": ["penchant", "marjolet"]}), headers=headers)
        assert r.status_code in (403, 415), (headers, r.text)
    assert path.read_bytes() == before
    assert records(records_dir) == [path.name]
    # the page's own requests: its origin, same-origin fetch metadata, JSON
    own = {"Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin", **JSON}
    r = client.post(f"/api/games/{s['id']}/actions", content=json.dumps({"action": "KS"}), headers=own)
    assert r.status_code == 200, r.text
    # a script (curl, no browser): no Origin, no fetch metadata, JSON
    r = client.post(f"/api/games/{s['id']}/step", headers=JSON)
    assert r.status_code == 200, r.text


def test_a_comparison_from_another_site_cannot_be_stopped_either(client):
    r = client.delete("/api/compare/abc", headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403


def test_the_api_answers_no_read_from_another_site(client):
    # a page elsewhere may send GETs (an image, a no-cors fetch): a hint costs the server a search
    s = new_game(client)
    other_site = {"Sec-Fetch-Site": "cross-site"}
    for url in (f"/api/games/{s['id']}/text/hint", f"/api/games/{s['id']}", "/api/saved", "/api/games"):
        r = client.get(url, headers=other_site)
        assert r.status_code == 403 and "another site" in r.json()["error"], (url, r.text)
        assert client.get(url, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200, url
        assert client.get(url, headers={"Sec-Fetch-Site": "none"}).status_code == 200, url  # typed by the person
    # a link from elsewhere may still open the server's pages
    assert client.get(f"/play/{s['id']}", headers=other_site).status_code == 200


def test_no_page_may_be_framed(client):
    s = new_game(client)
    for url in ("/", "/saved", "/compare", f"/play/{s['id']}", f"/play/{s['id']}/table", "/api/saved",
                "/static/common.js"):
        r = client.get(url)
        assert r.headers.get("x-frame-options") == "DENY", url
        assert "frame-ancestors 'none'" in r.headers.get("content-security-policy", ""), url


# --------------------------------------------------------------------------- bodies
def test_a_body_over_its_limit_is_refused_with_413_and_changes_nothing(client, records_dir):
    from cardcore.web.limits import MOVE_BODY_BYTES, REQUEST_BODY_BYTES

    assert MOVE_BODY_BYTES <= 4096
    s = new_game(client)
    before = (records_dir / f"{s['id']}.json").read_bytes()
    big_move = json.dumps({"action": "KS" + " " * MOVE_BODY_BYTES})
    r = client.post(f"/api/games/{s['id']}/actions", content=big_move, headers=JSON)
    assert r.status_code == 413 and str(MOVE_BODY_BYTES) in r.json()["error"], r.text
    big_game = json.dumps({"game": "penchant", "bots": ["greedy" + " " * REQUEST_BODY_BYTES]})
    assert client.post("/api/games", content=big_game, headers=JSON).status_code == 413

    def chunked():  # no Content-Length: the body is counted as it comes
        for _ in range(64):
            yield b" " * 1024

    r = client.post(f"/api/games/{s['id']}/actions", content=chunked(), headers=JSON)
    assert r.status_code == 413, r.text
    assert (records_dir / f"{s['id']}.json").read_bytes() == before


def test_a_declared_huge_body_is_refused_before_it_is_sent(live_server):
    base, _records = live_server
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 50000000\r\n\r\n{\"game\": ")
        started = time.monotonic()
        answer = sock.recv(65536).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert time.monotonic() - started < 5  # answered at once, not after 50 MB that never come


def test_deep_nesting_and_odd_digits_are_bad_requests_not_server_errors(client):
    s = new_game(client)

    def nested(depth: int) -> list[str]:
        deep_list = "[" * depth + "]" * depth
        return [deep_list, '{"a":' * depth + "1" + "}" * depth, '{"action": ' + deep_list + "}"]

    # within a move's body limit; then as deep as a new game's limit lets a body be
    cases = [(url, body) for url in ("/api/games", f"/api/games/{s['id']}/actions", "/api/compare")
             for body in nested(300)]
    cases += [(url, body) for url in ("/api/games", "/api/compare") for body in nested(2500)]
    for url, body in cases:
        r = client.post(url, content=body, headers=JSON)
        assert r.status_code == 400, (url, body[:20], r.status_code, r.text[:200])
        assert "nest" in r.json()["error"]
    for since in ("%C2%B2", "%D9%A3", "%EF%BC%91"):  # superscript two, Arabic-Indic three, fullwidth one
        r = client.get(f"/api/games/{s['id']}?since={since}")
        assert r.status_code == 400 and "since" in r.json()["error"], (since, r.text)


def test_echoed_input_is_cut_short(client):
    for body in ({"game": "penchant", "bots": ["x" * 3000]}, {"game": "penchant", "bots": ["ismcts(" + "a" * 3000 + "=1)"]},
                 {"game": "penchant", "options": {"k" * 3000: 1}}, {"game": "penchant(" + "a" * 300 + ")"},
                 {"arms": ["penchant", "y" * 3000]}):
        url = "/api/compare" if "arms" in body else "/api/games"
        r = client.post(url, json=body)
        assert 400 <= r.status_code < 500, r.text[:200]
        assert len(r.json()["error"]) <= 600, (body.keys(), len(r.json()["error"]))


# --------------------------------------------------------------------------- ceilings
def test_bots_started_from_the_web_have_ceilings(client, records_dir):
    from cardcore.web.limits import BOT_CEILINGS

    for spec, name in (("ismcts(iterations=1000000)", "iterations"), ("pimc(samples=100000,rollouts=100000)", "samples"),
                       ("pimc(rollouts=100000)", "rollouts"), ("ismcts(seconds=3600)", "seconds"),
                       ("ismcts(iterations=100,guide=ismcts)", "guide"),
                       ("ismcts(iterations=100,guide=ismcts(iterations=10))", "guide")):
        r = client.post("/api/games", json={"game": "penchant", "bots": [spec]})
        assert r.status_code == 400, (spec, r.text)
        assert name in r.json()["error"] and "cardcore play" in r.json()["error"], r.text
        r = client.post("/api/compare", json={"arms": ["penchant", "marjolet"], "bots": spec, "n": 2})
        assert r.status_code == 400, (spec, r.text)
    assert records(records_dir) == []
    # the levels' own bots, and a bot at the ceilings, are taken
    new_game(client, level="hard")
    new_game(client, level=None, bots=[f"ismcts(iterations={BOT_CEILINGS['iterations']})"])
    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert f"iterations={BOT_CEILINGS['iterations']}" in help_text.replace("\n", " ")


def test_a_comparison_from_the_web_has_a_ceiling_of_games_and_of_waiting_ones(client):
    from cardcore.web.limits import COMPARE_GAMES, COMPARE_WAITING

    r = client.post("/api/compare", json={"arms": ["penchant", "marjolet"], "n": COMPARE_GAMES + 1})
    assert r.status_code in (400, 422) and str(COMPARE_GAMES) in r.json()["error"], r.text
    help_text = " ".join(CliRunner().invoke(cli, ["serve", "--help"]).output.split())
    assert f"{COMPARE_GAMES} games" in help_text
    started = []
    for _ in range(COMPARE_WAITING + 1):  # one running, the others waiting their turn
        r = client.post("/api/compare", json={"arms": ["marjolet", "penchant"], "n": COMPARE_GAMES})
        assert r.status_code == 202, r.text
        started.append(r.json()["id"])
    r = client.post("/api/compare", json={"arms": ["marjolet", "penchant"], "n": 5})
    assert r.status_code == 429 and "wait" in r.json()["error"], r.text
    # a waiting one stopped is done with at once, and frees its place
    assert client.delete(f"/api/compare/{started[-1]}").status_code == 202
    assert client.get(f"/api/compare/{started[-1]}").json()["status"] == "stopped"
    r = client.post("/api/compare", json={"arms": ["marjolet", "penchant"], "n": 5})
    assert r.status_code == 202, r.text
    for job in started[:-1] + [r.json()["id"]]:
        client.delete(f"/api/compare/{job}")


def test_a_comparison_from_the_web_stops_at_its_time_ceiling(records_dir):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    with TestClient(create_app(records_dir, compare_seconds=1.5), base_url="http://127.0.0.1") as c:
        r = c.post("/api/compare", json={"arms": ["marjolet", "penchant"], "bots": "ismcts(iterations=2000)", "n": 50})
        assert r.status_code == 202, r.text
        for _ in range(300):
            job = c.get(f"/api/compare/{r.json()['id']}").json()
            if job["status"] != "running":
                break
            time.sleep(0.05)
        assert job["status"] == "stopped" and "1.5 s" in job["error"], job


def test_stop_ends_a_comparisons_worker_processes_at_once(client):
    psutil = pytest.importorskip("psutil")
    me = psutil.Process()

    def players() -> set[int]:  # the worker processes (not multiprocessing's resource tracker)
        found = set()
        for child in me.children(recursive=True):
            try:
                if "spawn_main" in " ".join(child.cmdline()):
                    found.add(child.pid)
            except psutil.Error:  # ended meanwhile
                pass
        return found

    before = players()
    # slow games: a chunk of them lasts far longer than this test
    r = client.post("/api/compare", json={"arms": ["pinochle", "pinochle(target=2000)"],
                                          "bots": "ismcts(iterations=5000)", "n": 200})
    assert r.status_code == 202, r.text
    job_id = r.json()["id"]
    workers: set = set()
    for _ in range(400):  # the workers start (spawned: a fresh interpreter each)
        workers = players() - before
        if len(workers) >= 2:
            break
        time.sleep(0.05)
    assert workers, "no worker process started"
    time.sleep(1.0)  # they are playing now
    assert client.delete(f"/api/compare/{job_id}").status_code == 202
    def playing(pid: int) -> bool:  # a worker may end between any two questions about it
        try:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        alive = [pid for pid in workers if playing(pid)]
        job = client.get(f"/api/compare/{job_id}").json()
        if not alive and job["status"] != "running":
            break
        time.sleep(0.1)
    assert alive == [], "the workers still play after stop"
    assert job["status"] == "stopped", job


@pytest.mark.browser
def test_in_chromium_a_page_of_another_local_origin_cannot_play_a_move(browser, live_server):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from cardcore.records import read_record

    base, records = live_server
    game = json.loads(_post(base, "/api/games", {"game": "penchant", "seed": 4, "level": "easy"}))  # you lead KS
    path = records / f"{game['id']}.json"
    before, games = path.read_bytes(), sorted(records.glob("*.json"))
    # a plain form (no script): its text/plain body reads {"game": "penchant(scoring=modern)"}
    attack = f"""<!doctype html><form id="f" method="post" action="{base}/api/games" enctype="text/plain">
        <input name='{{"game": "penchant(scoring' value='modern)"}}'></form>""".encode()

    class Attacker(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(attack)

        def log_message(self, *args):
            pass

    # another server on this machine (another port of 127.0.0.1), its page played by Chromium
    evil = ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    page = browser.new_page()
    try:
        page.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
        outcome = page.evaluate("""async (target) => {
            const sent = [];
            for (const [mode, type] of [["no-cors", "text/plain"], ["cors", "application/json"]]) {
              try {  // cors with JSON: the preflight, which the server never grants, stops it
                await fetch(target, {method: "POST", mode, headers: {"Content-Type": type},
                                     body: JSON.stringify({action: "KS"})});
                sent.push(mode + ": sent");
              } catch (e) { sent.push(mode + ": " + e.message); }
            }
            return sent;
        }""", f"{base}/api/games/{game['id']}/actions")
        with page.expect_navigation(timeout=15000) as answer:
            page.evaluate("document.getElementById('f').submit()")
        assert answer.value.status in (403, 415), (outcome, answer.value.status)
    finally:
        page.close()
        evil.shutdown()
    assert path.read_bytes() == before, outcome
    assert read_record(path)["actions"] == []
    assert sorted(records.glob("*.json")) == games  # the form started no game


def _post(base: str, path: str, body: dict) -> bytes:
    import urllib.request

    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=JSON)
    with direct.open(req, timeout=30) as r:
        return r.read()
