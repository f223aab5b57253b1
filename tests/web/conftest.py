"""Fixtures of the web tests: an application over a records directory of the test's own, and for
the browser tests a real server on a free port of 127.0.0.1 and a headless Chromium."""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="cardcore serve needs the web extra: pip install -e '.[web]'")

sys.path.insert(0, str(Path(__file__).parent))
from chromium_check import chromium_path, why_skipped  # noqa: E402


@pytest.fixture
def records_dir(tmp_path, monkeypatch) -> Path:
    """The records directory, also as $CARDCORE_HOME/records so the terminal writes there too."""
    monkeypatch.setenv("CARDCORE_HOME", str(tmp_path))
    return tmp_path / "records"


@pytest.fixture
def client(records_dir):
    from starlette.testclient import TestClient

    from cardcore.web.app import create_app

    # the address the server listens on: a request naming another host is refused
    with TestClient(create_app(records_dir), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="session")
def artifacts_dir(tmp_path_factory) -> Path:
    """Screenshots go here: $CARDCORE_TEST_ARTIFACTS when set (to keep them), else a temp dir."""
    given = os.environ.get("CARDCORE_TEST_ARTIFACTS")
    path = Path(given) if given else tmp_path_factory.mktemp("browser-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """A real server (uvicorn in a thread) over a fresh records directory; yields (url, dir)."""
    from cardcore.web.app import create_app
    from cardcore.web.serving import make_server

    records = tmp_path_factory.mktemp("served") / "records"
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = make_server(create_app(records, pace=0.05), log_level="warning")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", records
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    reason = why_skipped()
    if reason:
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
        b = p.chromium.launch(executable_path=chromium_path(), headless=True, args=["--no-sandbox", "--no-proxy-server"])
        yield b
        b.close()
