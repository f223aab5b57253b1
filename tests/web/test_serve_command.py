"""`cardcore serve` itself: its help, and a real server on a free port of 127.0.0.1."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

from click.testing import CliRunner

from cardcore.cli import cli

# straight to 127.0.0.1, whatever proxy the environment names
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def test_serve_help_names_its_options():
    out = CliRunner().invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0
    for option in ("--host", "--port", "--no-browser", "--records", "--pace"):
        assert option in out.output
    assert "127.0.0.1" in out.output
    assert "serve" in CliRunner().invoke(cli, ["--help"]).output


def test_serve_listens_on_localhost_prints_the_address_and_serves_the_records(tmp_path):
    env = {**os.environ, "CARDCORE_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "cardcore", "serve", "--no-browser"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        match = re.match(r"cardcore serve: (http://127\.0\.0\.1:(\d+)/) ", line)
        assert match, line
        url = match.group(1)
        body = json.dumps({"game": "pinochle", "seed": 1, "level": "easy"}).encode()
        req = urllib.request.Request(url + "api/games", data=body, headers={"Content-Type": "application/json"})
        with DIRECT.open(req, timeout=30) as r:
            game = json.load(r)
        assert r.status == 201
        assert (tmp_path / "records" / f"{game['id']}.json").is_file()  # where `cardcore play` writes
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_port_in_use_is_one_line_and_exit_status_1(tmp_path):
    import socket

    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        out = CliRunner().invoke(cli, ["serve", "--no-browser", "--port", str(port), "--records", str(tmp_path)])
    finally:
        busy.close()
    assert out.exit_code == 1
    assert out.output.strip().startswith(f"Error: cannot listen on 127.0.0.1:{port}")
    assert len(out.output.strip().splitlines()) == 1


def test_a_hint_bot_that_is_not_a_bot_of_every_game_is_one_line_and_exit_status_1(tmp_path):
    for spec, words in (("oracle", "unknown bot 'oracle'"), ("ismcts(iterations=0)", "iterations"),
                        ("greedy(depth=3)", "no parameter 'depth'")):
        out = CliRunner().invoke(cli, ["serve", "--no-browser", "--records", str(tmp_path), "--hint-bot", spec])
        assert out.exit_code == 1, (spec, out.output)
        lines = out.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"Error: --hint-bot {spec}: ") and words in lines[0], lines
    assert "--hint-bot" in CliRunner().invoke(cli, ["serve", "--help"]).output


def test_serve_on_every_address_prints_the_hosts_link_and_refuses_a_page_without_a_secret(tmp_path):
    env = {**os.environ, "CARDCORE_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "cardcore", "serve", "--no-browser", "--host", "0.0.0.0"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        match = re.match(r"cardcore serve: http://([0-9.]+):(\d+)/\?key=([A-Za-z0-9_-]{32,}) ", line)
        assert match, line
        port, key = match.group(2), match.group(3)
        local = f"http://127.0.0.1:{port}/"
        try:
            DIRECT.open(local + "api/saved", timeout=30)
            raise AssertionError("a page without the host's secret was served")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403
        with DIRECT.open(local + f"api/saved?key={key}", timeout=30) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    said = " ".join(CliRunner().invoke(cli, ["serve", "--help"]).output.split())
    assert "[default: 127.0.0.1]" in said and "the host's link is printed at start" in said
