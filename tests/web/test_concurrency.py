"""No acknowledged move is ever lost: every 200 answer of `cardcore serve` is an action in the
game's record, in order, however many requests come at once; and one records directory has one
server."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import threading

from cardcore.records import read_record

THREADS, BURSTS = 12, 8


def post(conn: http.client.HTTPConnection, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else b""
    conn.request("POST", path, body=data, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, json.loads(r.read())


def test_every_acknowledged_bot_move_is_in_the_record_in_order(live_server):
    base, records = live_server
    port = int(base.rsplit(":", 1)[1])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    status, game = post(conn, "/api/games", {"game": "pinochle", "watch": True, "level": "easy", "seed": 11})
    assert status == 201, game
    answers: list[dict] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def burst():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        start.wait()
        for _ in range(BURSTS):
            status, body = post(c, f"/api/games/{game['id']}/step")
            if status == 200:
                with lock:
                    answers.append(body)
            else:  # the game ended under way: refused, and nothing changed
                assert status == 409, body
        c.close()

    threads = [threading.Thread(target=burst) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    record = read_record(records / f"{game['id']}.json")
    numbers = sorted(a["actions"] for a in answers)
    # each 200 answer is one action: its number is its own, and the record holds exactly these
    assert numbers == list(range(1, len(answers) + 1)), numbers
    assert len(record["actions"]) == len(answers)
    for a in answers:
        assert record["actions"][a["actions"] - 1] == a["action"], a["actions"]
    status, now = 200, json.loads(urlopen(base + f"/api/games/{game['id']}"))
    assert now["actions"] == len(answers)


def urlopen(url: str) -> bytes:
    import urllib.request

    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with direct.open(url, timeout=30) as r:
        return r.read()


def test_a_second_server_on_the_same_records_is_refused_clearly(tmp_path):
    env = {**os.environ, "CARDCORE_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "cardcore", "serve", "--no-browser", "--records", str(tmp_path / "records")]
    first = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = first.stdout.readline()
        assert re.match(r"cardcore serve: http://127\.0\.0\.1:\d+/ ", line), line
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1, (second.stdout, second.stderr)
        message = second.stderr.strip()
        assert len(message.splitlines()) == 1, message
        assert message.startswith("Error: ") and "another cardcore serve" in message, message
        assert str(tmp_path / "records") in message and "--records" in message, message
        assert second.stdout == ""  # no address was printed: it never listened
    finally:
        first.terminate()
        first.wait(timeout=20)
    # once the first has stopped, a server may use the directory again
    again = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert again.stdout.readline().startswith("cardcore serve: http://127.0.0.1:")
    finally:
        again.terminate()
        again.wait(timeout=20)
